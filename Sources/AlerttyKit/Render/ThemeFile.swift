// Themes as text: `--theme NAME|FILE`, ALERTTY_THEME, `alertty --print-theme NAME`. A theme
// names the parts a user sees, one per line:
//
//     # comment
//     title  = #ffffff on #262930 bold
//     button-focused = black on yellow
//     color  = no                       (draw with attributes only)
//
// A part's value is an optional foreground colour, `on` and a background colour, and attributes
// (bold dim underline reverse). A colour is a name (black … white, bright-black … bright-white,
// default), 0–255, or #rrggbb; the terminal's depth downgrades it (truecolor → 256 → 16), and
// NO_COLOR or a terminal without colour draws the attributes alone. Parts not named keep the
// default theme's look. The presets are written in this same format.

/// For --help and the man page: the format in a few lines.
public enum ThemeDocs {
    public static let lines: [String] = [
        "--theme NAME|FILE or ALERTTY_THEME: a preset (\(ThemePresets.names.joined(separator: ", "))) or a theme file; alertty --print-theme NAME writes a preset as a file to start from.",
        "A theme file has one `part = value` per line; a comment starts with # at the start of a line, or with a # between spaces after a value. A value is a foreground colour, `on` and a background colour, and attributes (bold dim underline reverse); a colour is a name (black red green yellow blue magenta cyan white, bright-NAME, default), 0-255 or #rrggbb. `color = no` draws with attributes only. Parts not named keep the default look.",
        "Parts: \(ThemePart.allCases.map(\.rawValue).joined(separator: " ")) (the backdrop also takes `gradient`).",
        "Colours are lowered to what the terminal shows (24-bit, 256, 16); NO_COLOR, --color never or TERM=dumb draw attributes only. A wrong theme names its line and exits 2 before anything is drawn.",
        "As whiptail, NEWT_COLORS (or NEWT_COLORS_FILE) colours the boxes over whiptail's look; as dialog, DIALOGRC (or ~/.dialogrc), and dialog --create-rc FILE writes one.",
    ]
}

public enum ThemePart: String, CaseIterable, Sendable {
    case backdrop, box, border, title, text, muted, hint
    case field, fieldFocused = "field-focused", placeholder
    case button, buttonFocused = "button-focused", buttonDisabled = "button-disabled"
    case row, rowFocused = "row-focused", mark, match, error
    case gaugeFill = "gauge-fill", gaugeEmpty = "gauge-empty", shadow
}

public struct ThemeFile: Equatable, Sendable {
    /// What a line sets: colours (nil: not given) and attributes.
    public struct Setting: Equatable, Sendable {
        public var foreground: Color?
        public var background: Color?
        public var bold = false, dim = false, underline = false, reverse = false
        /// The backdrop only: shade the screen towards its edges (24-bit colour).
        public var gradient = false
        public var hasAttributes: Bool { bold || dim || underline || reverse }
    }

    public var parts: [ThemePart: Setting] = [:]
    /// `color = no`: attributes only, whatever the terminal can do.
    public var monochrome = false

    public init() {}

    /// Parses a theme; a wrong line is an error naming it (`source` is the file or preset name).
    public static func parse(_ text: String, source: String) throws(UsageError) -> ThemeFile {
        var theme = ThemeFile()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // A comment is a line starting with #, or " # " after a value (a colour's # never has a space after it).
            var line = String(rawLine).replacingAll("\t", with: " ").trimmingSpaces()
            if line.hasPrefix("#") { continue }
            if let cut = line.firstIndex(of: " # ") { line = String(line[..<cut]) }
            let trimmed = line.trimmingSpaces()
            guard !trimmed.isEmpty else { continue }
            let fail = { (why: String) -> UsageError in UsageError("theme \(source), line \(index + 1): \(why)") }
            guard let equals = trimmed.firstIndex(of: "=") else { throw fail("expected `part = value`, not '\(Sanitize.line(trimmed))'") }
            let key = String(trimmed[..<equals]).trimmingSpaces().lowercased()
            let value = String(trimmed[trimmed.index(after: equals)...]).trimmingSpaces()
            if key == "color" || key == "colour" {
                switch value.lowercased() {
                case "no", "none", "off", "false": theme.monochrome = true
                case "yes", "auto", "on", "true": theme.monochrome = false
                default: throw fail("color is yes or no, not '\(Sanitize.line(value))'")
                }
                continue
            }
            guard let part = ThemePart(rawValue: key) else {
                throw fail("unknown part '\(Sanitize.line(key))' (parts: \(ThemePart.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            do { theme.parts[part] = try setting(value, part: part) } catch { throw fail(error.message) }
        }
        return theme
    }

    static func setting(_ value: String, part: ThemePart) throws(UsageError) -> Setting {
        var setting = Setting()
        var words = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map { String($0).lowercased() }[...]
        var sawForeground = false
        while let word = words.first {
            words = words.dropFirst()
            switch word {
            case "bold": setting.bold = true
            case "dim": setting.dim = true
            case "underline": setting.underline = true
            case "reverse": setting.reverse = true
            case "gradient":
                guard part == .backdrop else { throw UsageError("gradient is for the backdrop only") }
                setting.gradient = true
            case "on":
                guard let name = words.first else { throw UsageError("`on` needs a colour after it") }
                words = words.dropFirst()
                setting.background = try color(name)
            default:
                guard !sawForeground else { throw UsageError("'\(Sanitize.line(word))' is neither an attribute nor `on COLOUR`") }
                setting.foreground = try color(word)
                sawForeground = true
            }
        }
        return setting
    }

    static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// A colour by name, number or #rrggbb; nil for `default` (the terminal's own).
    public static func color(_ word: String) throws(UsageError) -> Color? {
        let word = word.lowercased()
        if word == "default" || word == "none" { return nil }
        if let n = colorNames.firstIndex(of: word) { return .basic(UInt8(n)) }
        for prefix in ["bright-", "bright", "light-", "light"] where word.hasPrefix(prefix) {
            if let n = colorNames.firstIndex(of: String(word.dropFirst(prefix.count))) { return .basic(UInt8(n + 8)) }
        }
        if word == "gray" || word == "grey" { return .basic(8) }
        if let n = Int(word), (0...255).contains(n) { return n < 16 ? .basic(UInt8(n)) : .indexed(UInt8(n)) }
        if word.hasPrefix("#"), word.count == 7 {
            let hex = Array(word.utf8.dropFirst())
            var rgb: [UInt8] = []
            for i in stride(from: 0, to: 6, by: 2) {
                guard let high = Assuan.hexValue(hex[i]), let low = Assuan.hexValue(hex[i + 1]) else { break }
                rgb.append(high << 4 | low)
            }
            if rgb.count == 3 { return .rgb(rgb[0], rgb[1], rgb[2]) }
        }
        throw UsageError("'\(Sanitize.line(word))' is not a colour (a name such as blue or bright-white, 0–255, or #rrggbb)")
    }

    /// `--theme NAME|FILE` (or ALERTTY_THEME): a preset by name, else a file, at most 64 KiB.
    public static func load(_ nameOrPath: String) throws(UsageError) -> ThemeFile {
        if let preset = ThemePresets.text(nameOrPath) { return try parse(preset, source: nameOrPath) }
        guard nameOrPath.includes("/") || nameOrPath.hasSuffix(".theme") || nameOrPath.hasSuffix(".conf") else {
            throw UsageError("no theme '\(nameOrPath)' (presets: \(ThemePresets.names.joined(separator: ", ")); or a file's path)")
        }
        guard let bytes = Platform.readFile(nameOrPath, limit: 64 << 10) else {
            throw UsageError("cannot read theme file \(nameOrPath) (missing, unreadable, or over 64 KiB)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw UsageError("theme file \(nameOrPath) is not UTF-8 text") }
        return try parse(text, source: nameOrPath)
    }
}
