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
        "--theme NAME|FILE or ALERTTY_THEME: a preset (\(ThemePresets.names.joined(separator: ", "))) or a theme file; alertty --print-theme NAME writes a preset as a file to start from; with no NAME, the look this terminal gets and why.",
        "A theme file has one `part = value` per line; a comment starts with # at the start of a line, or with a # between spaces after a value. A value is a foreground colour, `on` and a background colour, and attributes (bold dim underline reverse); a colour is a name (black red green yellow blue magenta cyan white, bright-NAME, default), 0-255 or #rrggbb. `color = no` draws with attributes only. Parts not named keep the default look.",
        "Parts: \(ThemePart.allCases.map(\.rawValue).joined(separator: " ")) (the backdrop also takes `gradient`).",
        "Colours are lowered to what the terminal shows (24-bit, 256, 16); NO_COLOR, --color never or TERM=dumb draw attributes only. A wrong theme names its line and exits 2 before anything is drawn.",
        "As whiptail, NEWT_COLORS (or NEWT_COLORS_FILE) colours the boxes over whiptail's look; as dialog, DIALOGRC (or ~/.dialogrc), and dialog --create-rc FILE writes one.",
    ]
}

public enum ThemePart: String, CaseIterable, Sendable {
    case backdrop, box, border, title, text, muted, hint
    /// The right and bottom edges (dialog's 3-D box); the border's look when not given.
    case border2
    case field, fieldFocused = "field-focused", placeholder
    case button, buttonFocused = "button-focused", buttonDisabled = "button-disabled"
    /// A button's label and its first letter (the key that presses it), focused or not; the
    /// button's look when not given (dialog colours them apart).
    case buttonLabel = "button-label", buttonKey = "button-key"
    case buttonFocusedLabel = "button-focused-label", buttonFocusedKey = "button-focused-key"
    /// `row-current`: the list's current row while the focus is on a button (bold and underlined
    /// in the row's colours when not given).
    case row, rowFocused = "row-focused", rowCurrent = "row-current", mark, match, error
    case gaugeFill = "gauge-fill", gaugeEmpty = "gauge-empty", shadow
    /// The line at the top of the screen (--backtitle); the title's look when not given.
    case backtitle
    /// A list's frame (--framed, two lists): its top and left edges, and its bottom and right
    /// (dialog's sunken menubox border); the box's border and border2 when not given.
    case frame, frame2
    /// A field's frame (--framed): as a list's when not given.
    case fieldFrame = "field-frame", fieldFrame2 = "field-frame2"
    /// Inside a list's frame, behind its rows (dialog's menubox); the box's when not given.
    case list
    /// A row's tag where its label leads with it (--tags-lead), and the tag's first letter, on
    /// other rows and on the current one; drawn as the row when not given.
    case tag, tagKey = "tag-key", tagFocused = "tag-focused", tagFocusedKey = "tag-focused-key"
    /// The current row's check or radio mark; drawn as the row when not given.
    case markFocused = "mark-focused"
    /// The marks on a list's frame where there is more above (`↑(-)`) or below (`↓(+)`):
    /// their colour and weight, on the frame's background (dialog's uarrow and darrow); the
    /// hint's when not given.
    case scrollUp = "scroll-up", scrollDown = "scroll-down"
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
    /// dialog's layout (its own look, from its preset or a DIALOGRC): a box with a shadow is
    /// centred on the screen less the shadow's two columns and one row, and its text starts on
    /// the row under the top border.
    public var laidOutAsDialog = false
    /// newt's layout (whiptail's look): a blank row under the buttons, above the bottom border.
    public var laidOutAsNewt = false

    public init() {}

    /// Parses a theme; a wrong line is an error naming it (`source` is the file or preset name).
    /// It reads UTF-8 bytes, not Characters: the default theme is parsed at every start, and the
    /// Character-level version was half of a small alert's startup instructions.
    public static func parse(_ text: String, source: String) throws(UsageError) -> ThemeFile {
        var theme = ThemeFile()
        let lines = ThemeLines(text)
        for number in 0..<lines.count {
            // A comment is a line starting with #, or " # " after a value (a colour's # never has a space after it).
            var line = lines.trimmed(lines.bounds(number))
            if !line.isEmpty, lines.bytes[line.lowerBound] == UInt8(ascii: "#") { continue }
            if let cut = lines.commentStart(in: line) { line = lines.trimmed(line.lowerBound..<cut) }
            guard !line.isEmpty else { continue }
            let fail = { (why: String) -> UsageError in UsageError("theme \(source), line \(number + 1): \(why)") }
            guard let equals = lines.first(UInt8(ascii: "="), in: line) else {
                throw fail("expected `part = value`, not '\(Sanitize.line(lines.text(line)))'")
            }
            let key = lines.text(lines.trimmed(line.lowerBound..<equals)).lowercased()
            let value = lines.trimmed(equals + 1..<line.upperBound)
            if key == "color" || key == "colour" {
                let answer = lines.text(value)
                switch answer.lowercased() {
                case "no", "none", "off", "false": theme.monochrome = true
                case "yes", "auto", "on", "true": theme.monochrome = false
                default: throw fail("color is yes or no, not '\(Sanitize.line(answer))'")
                }
                continue
            }
            guard let part = ThemePart(rawValue: key) else {
                throw fail("unknown part '\(Sanitize.line(key))' (parts: \(ThemePart.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            do { theme.parts[part] = try setting(lines.words(value), part: part) } catch { throw fail(error.message) }
        }
        return theme
    }

    static func setting(_ words: [String], part: ThemePart) throws(UsageError) -> Setting {
        var setting = Setting()
        var sawForeground = false
        var next = 0
        while next < words.count {
            let word = words[next]
            next += 1
            switch word {
            case "bold": setting.bold = true
            case "dim": setting.dim = true
            case "underline": setting.underline = true
            case "reverse": setting.reverse = true
            case "gradient":
                guard part == .backdrop else { throw UsageError("gradient is for the backdrop only") }
                setting.gradient = true
            case "on":
                guard next < words.count else { throw UsageError("`on` needs a colour after it") }
                setting.background = try color(words[next])
                next += 1
            default:
                guard !sawForeground else { throw UsageError("'\(Sanitize.line(word))' is neither an attribute nor `on COLOUR`") }
                setting.foreground = try color(word)
                sawForeground = true
            }
        }
        return setting
    }

    static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// The theme in its own format: parsed again, the same theme (a popup's alertty gets the
    /// drop-in's NEWT_COLORS or DIALOGRC look this way).
    public var text: String {
        func name(_ color: Color?) -> String {
            switch color {
            case nil: return "default"
            case .basic(let n): return n < 8 ? Self.colorNames[Int(n)] : "bright-" + Self.colorNames[Int(n % 8)]
            case .indexed(let n): return String(n)
            case .rgb(let r, let g, let b):
                return "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            }
        }
        var lines = monochrome ? ["color = no"] : []
        for part in ThemePart.allCases {
            guard let s = parts[part] else { continue }
            var words = [name(s.foreground)]
            if s.background != nil { words += ["on", name(s.background)] }
            for (on, word) in [(s.bold, "bold"), (s.dim, "dim"), (s.underline, "underline"), (s.reverse, "reverse"), (s.gradient, "gradient")] where on {
                words.append(word)
            }
            lines.append(part.rawValue + " = " + words.joined(separator: " "))
        }
        return lines.map { $0 + "\n" }.joined()
    }

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
        let hex = Array(word.utf8)
        if hex.count == 7, hex[0] == UInt8(ascii: "#") {
            var rgb: [UInt8] = []
            for i in stride(from: 1, to: 7, by: 2) {
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
        let bytes: [UInt8]
        do throws(PlatformError) { bytes = try Platform.readFile(nameOrPath, limit: 64 << 10) } catch {
            throw UsageError("theme file: " + error.message)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw UsageError("theme file \(nameOrPath) is not UTF-8 text") }
        return try parse(text, source: nameOrPath)
    }
}

/// A theme text's lines as ranges of its UTF-8 bytes, with the few scans the parser needs. A tab
/// counts as a space everywhere, and is shown as one.
struct ThemeLines {
    let bytes: [UInt8]
    private var starts: [Int] = [0]

    init(_ text: String) {
        bytes = Array(text.utf8)
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
    }

    var count: Int { starts.count }

    /// Line `number` (from 0), without its newline.
    func bounds(_ number: Int) -> Range<Int> {
        starts[number]..<(number + 1 < starts.count ? starts[number + 1] - 1 : bytes.count)
    }

    private func isBlank(_ i: Int) -> Bool { bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") }
    private func isSeparator(_ i: Int) -> Bool { isBlank(i) || bytes[i] == UInt8(ascii: ",") }

    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var (from, to) = (range.lowerBound, range.upperBound)
        while from < to, isBlank(from) { from += 1 }
        while to > from, isBlank(to - 1) { to -= 1 }
        return from..<to
    }

    func first(_ byte: UInt8, in range: Range<Int>) -> Int? {
        range.first { bytes[$0] == byte }
    }

    /// Where " # " starts a trailing comment.
    func commentStart(in range: Range<Int>) -> Int? {
        guard range.count >= 3 else { return nil }
        return (range.lowerBound..<range.upperBound - 2).first {
            isBlank($0) && bytes[$0 + 1] == UInt8(ascii: "#") && isBlank($0 + 2)
        }
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range].map { $0 == UInt8(ascii: "\t") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }

    /// A value's words, lowercased: separated by spaces, tabs or commas.
    func words(_ range: Range<Int>) -> [String] {
        var words: [String] = []
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound, isSeparator(i) { i += 1 }
            let start = i
            while i < range.upperBound, !isSeparator(i) { i += 1 }
            if start < i { words.append(text(start..<i).lowercased()) }
        }
        return words
    }
}
