// Translated fixed text: button labels, key hints, reasons. The catalogue is gettext's: `.po`
// sources in po/, compiled to `.mo` at install time (scripts/msgfmt) into
// PREFIX/share/locale/LANG/LC_MESSAGES/alertty.mo, and read here with no library. The language
// is chosen the gettext way: LANGUAGE (a list, unless the locale is C), then LC_ALL, LC_MESSAGES,
// LANG; `de_DE.UTF-8@euro` tries de_DE@euro, de_DE, de. English when nothing matches.

/// A `.mo` file's messages: msgid (with `context\u{4}` before it when it has one) → translation.
public struct Catalog: Sendable {
    public private(set) var messages: [String: String] = [:]

    public init() {}

    /// Reads a `.mo` file's bytes (either byte order); nil when they are not one.
    public init?(mo bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        let word = { (offset: Int, little: Bool) -> Int? in
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let b = bytes[offset..<offset + 4].map(UInt32.init)
            return Int(little ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24)
        }
        let little: Bool
        switch word(0, true) {
        case 0x950412de: little = true
        case 0xde120495: little = false
        default: return nil
        }
        guard let count = word(8, little), let originals = word(12, little), let translations = word(16, little),
              count < 1 << 20 else { return nil }
        let string = { (table: Int, index: Int) -> String? in
            guard let length = word(table + 8 * index, little), let offset = word(table + 8 * index + 4, little),
                  offset + length <= bytes.count else { return nil }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        for i in 0..<count {
            guard let id = string(originals, i), let text = string(translations, i) else { return nil }
            // Plural forms hold NUL-separated variants: the first (singular) is used.
            guard !id.isEmpty, let first = text.split(separator: "\0", omittingEmptySubsequences: false).first, !first.isEmpty else { continue }
            messages[String(id.split(separator: "\0").first ?? "")] = String(first)
        }
    }

    public func translate(_ text: String, context: String? = nil) -> String? {
        messages[context.map { $0 + "\u{4}" + text } ?? text]
    }
}

/// For --help and the man page.
public enum TranslationDocs {
    public static let languages = ["de", "fr", "es", "pt_BR", "ru", "ja", "zh_CN"]
    public static let lines: [String] = [
        "Button labels, key hints and reasons are shown in the language of LC_ALL, LC_MESSAGES or LANG (and LANGUAGE's list), the gettext way: \(languages.joined(separator: ", ")); English otherwise. Catalogues are read from PREFIX/share/locale (ALERTTY_LOCALEDIR overrides). As whiptail or dialog, the default labels are that program's own in that language.",
    ]
}

public enum Localization {
    /// The catalogue in use (empty: English). Set once at start, before anything is drawn.
    nonisolated(unsafe) public static var catalog = Catalog()
    /// The language it is for ("de", "pt_BR"), nil for English.
    nonisolated(unsafe) public static var language: String?

    /// The languages to try, most wanted first.
    public static func languages(environment: (String) -> String?) -> [String] {
        var values: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"] {
            if let value = environment(name), !value.isEmpty { values[name] = value }
        }
        guard let locale = values["LC_ALL"] ?? values["LC_MESSAGES"] ?? values["LANG"] else { return [] }
        if locale == "C" || locale == "POSIX" || locale.hasPrefix("C.") { return [] }
        var wanted: [String] = []
        if let list = values["LANGUAGE"] { wanted += list.split(separator: ":").map(String.init) }
        wanted.append(locale)
        var out: [String] = []
        for name in wanted {
            // language[_territory][.codeset][@modifier]
            var base = Substring(name)
            var modifier = ""
            if let at = base.firstIndex(of: "@") { modifier = String(base[at...]); base = base[..<at] }
            if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
            let language = base.split(separator: "_").first.map(String.init) ?? ""
            for candidate in [String(base) + modifier, String(base), language] where !candidate.isEmpty && !out.contains(candidate) {
                out.append(candidate)
            }
        }
        return out
    }

    /// Loads the first catalogue found for the user's languages, from ALERTTY_LOCALEDIR or the
    /// install's share/locale beside bin/.
    /// `executable` is asked only when a language other than English is wanted: the C locale
    /// costs start-up nothing.
    public static func load(environment: (String) -> String?, executable: () -> String?) {
        let wanted = languages(environment: environment)
        guard !wanted.isEmpty else { return }
        let directories = [environment("ALERTTY_LOCALEDIR"), executable().map(localeDirectory(beside:))].compactMap { $0 }
        for language in wanted {
            for directory in directories {
                guard let bytes = Platform.readFile("\(directory)/\(language)/LC_MESSAGES/alertty.mo", limit: 4 << 20),
                      let found = Catalog(mo: bytes) else { continue }
                catalog = found
                self.language = language
                return
            }
        }
    }

    /// PREFIX/share/locale for PREFIX/bin/alertty (or PREFIX/lib/alertty/dropin/NAME).
    static func localeDirectory(beside executable: String) -> String {
        var parts = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if parts.last == "dropin" { parts = parts.dropLast(3) } else { parts = parts.dropLast() }
        return parts.joined(separator: "/") + "/share/locale"
    }
}

/// Fixed text in the user's language; `%d`/`%s` are filled from `values` in order.
public func tr(_ text: String, context: String? = nil, _ values: CustomStringConvertible...) -> String {
    var out = Localization.catalog.translate(text, context: context) ?? text
    for value in values {
        guard let range = out.firstIndex(of: "%d").map({ ($0, 2) }) ?? out.firstIndex(of: "%s").map({ ($0, 2) }) else { break }
        let end = out.index(range.0, offsetBy: range.1)
        out = String(out[..<range.0]) + value.description + String(out[end...])
    }
    return out
}
