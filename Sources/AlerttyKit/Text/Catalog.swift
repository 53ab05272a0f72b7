// Translated fixed text: button labels, key hints, reasons. The catalogue is gettext's: `.po`
// sources in po/, compiled to `.mo` at install time (scripts/msgfmt) into
// PREFIX/share/locale/LANG/LC_MESSAGES/alertty.mo, and read here with no library. The language
// is chosen the gettext way: LANGUAGE (a list, unless the locale is C), then LC_ALL, LC_MESSAGES,
// LANG; `de_DE.UTF-8@euro` tries de_DE@euro, de_DE, de. English when nothing matches.

/// A `.mo` file's messages: msgid (with `context\u{4}` before it when it has one) → translation.
/// Looked up lazily, as GNU gettext does: nothing is decoded at start; a lookup is a binary search
/// of the sorted originals that compares bytes only as far as they differ, so a hostile file (every
/// entry pointing at one long string) costs a lookup what a real one does.
public struct Catalog: Sendable {
    private let bytes: [UInt8]
    private let little: Bool
    /// Messages, and where the tables of originals' and translations' (length, offset) pairs start.
    public let count: Int
    private let originals: Int
    private let translations: Int
    /// The longest translation taken; a longer one is left out (English is shown).
    static let longestTranslation = 4096

    public init() {
        bytes = []
        little = true
        count = 0
        originals = 0
        translations = 0
    }

    /// Reads a `.mo` file's bytes (either byte order); nil when they are not one: a bad header,
    /// or a table or an entry outside the file (each checked once, in time linear in the count).
    public init?(mo bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        self.bytes = bytes
        switch Self.word(bytes, 0, true) {
        case 0x950412de: little = true
        case 0xde120495: little = false
        default: return nil
        }
        guard let count = Self.word(bytes, 8, little), let originals = Self.word(bytes, 12, little),
              let translations = Self.word(bytes, 16, little), count < 1 << 20,
              originals + 8 * count <= bytes.count, translations + 8 * count <= bytes.count else { return nil }
        self.count = count
        self.originals = originals
        self.translations = translations
        for i in 0..<count {
            guard entry(originals, i) != nil, entry(translations, i) != nil else { return nil }
        }
    }

    private static func word(_ bytes: [UInt8], _ offset: Int, _ little: Bool) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let b = (UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]), UInt32(bytes[offset + 3]))
        return Int(little ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.3 | b.2 << 8 | b.1 << 16 | b.0 << 24)
    }

    /// Entry `index` of a table: its bytes' range in the file.
    private func entry(_ table: Int, _ index: Int) -> Range<Int>? {
        guard let length = Self.word(bytes, table + 8 * index, little), let offset = Self.word(bytes, table + 8 * index + 4, little),
              offset + length <= bytes.count else { return nil }
        return offset..<(offset + length)
    }

    /// `key` against an original, which ends at its first NUL (a plural's msgid holds both forms).
    private func compare(_ key: [UInt8], _ original: Range<Int>) -> Int {
        var i = 0
        while true {
            let a: Int = i < key.count ? Int(key[i]) : -1
            let at = original.lowerBound + i
            let b: Int = at < original.upperBound && bytes[at] != 0 ? Int(bytes[at]) : -1
            if a != b || a < 0 { return a - b }
            i += 1
        }
    }

    public func translate(_ text: String, context: String? = nil) -> String? {
        let key = Array((context.map { $0 + "\u{4}" + text } ?? text).utf8)
        guard !key.isEmpty else { return nil }
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            guard let original = entry(originals, middle) else { return nil }
            let order = compare(key, original)
            if order == 0 {
                guard let translation = entry(translations, middle) else { return nil }
                // Plural forms hold NUL-separated variants: the first (singular) is used.
                let first = bytes[translation].prefix { $0 != 0 }
                guard !first.isEmpty, first.count <= Self.longestTranslation else { return nil }
                return String(decoding: first, as: UTF8.self)
            }
            if order < 0 { high = middle } else { low = middle + 1 }
        }
        return nil
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
                let path = "\(directory)/\(language)/LC_MESSAGES/alertty.mo"
                guard let bytes = try? Platform.readFile(path, limit: 4 << 20) else { continue }
                guard let found = Catalog(mo: bytes) else {
                    // Said once, and English shown: a broken catalogue must not stop the prompt.
                    Platform.writeError("alertty: " + Sanitize.line("\(path) is not a catalogue this can read; messages stay in English") + "\n")
                    return
                }
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
