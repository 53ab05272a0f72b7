// The grammar of `alertty form`: each field declared by `--field NAME KIND LABEL`, followed by
// its own options, from one table (which options exist, what value each takes, which kinds take
// it). `--fields-from FILE` takes the same declarations, one per line. Errors name the field and
// the option.

public struct FieldDeclaration: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable { case text, password, number, date, time, `switch`, choice, multi }

    public var name: String
    public var kind: Kind
    public var label: String
    public var options: [FieldOption: String] = [:]
}

/// A field's option, by name; FormSpec.options gives each its value, the kinds that take it and
/// its help, so the parser, --help, the man page and the completions read one table.
public enum FieldOption: String, CaseIterable, Sendable {
    case validate, regex, minLength = "min-length", maxLength = "max-length", validateCmd = "validate-cmd"
    case invalidMessage = "invalid-message", `default`, placeholder, hint, options, min, max, readonly, confirm
}

public enum FormSpec {
    /// A field option: its value's name, and the kinds that take it.
    struct Option {
        var valueName: String
        var kinds: Set<FieldDeclaration.Kind>
        var help: String
    }

    static let textual: Set<FieldDeclaration.Kind> = [.text, .password]

    /// `--field NAME KIND LABEL` and each field option as help lines (for --help and the man
    /// page, from the table the parser reads): the option, its value, the kinds, what it does.
    public static var optionLines: [(usage: String, help: String)] {
        let kinds = FieldDeclaration.Kind.allCases.map(\.rawValue)
        var lines = [("--field NAME KIND LABEL", "a field: KIND is " + kinds.joined(separator: ", ") + "; its options follow it")]
        for (name, option) in options.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let usage = "--" + name.rawValue + (option.valueName.isEmpty ? "" : " " + option.valueName)
            let takers = kinds.filter { option.kinds.contains(FieldDeclaration.Kind(rawValue: $0)!) }
            lines.append((usage, option.help + " (" + takers.joined(separator: ", ") + ")"))
        }
        return lines
    }
    /// The fields as declarations the descriptor gives (the parser, help and the docs read them).
    static var declarations: Declarations {
        Declarations(opener: "field", values: ["NAME", "KIND", "LABEL"], kinds: FieldDeclaration.Kind.allCases.map(\.rawValue), noun: "field",
                     options: options.sorted { $0.key.rawValue < $1.key.rawValue }
                        .map { Declarations.Option(name: $0.key.rawValue, valueName: $0.value.valueName, help: $0.value.help) },
                     lines: optionLines)
    }

    static let options: [FieldOption: Option] = [
        .validate: Option(valueName: "RULE", kinds: textual, help: "a preset rule: nonempty, int, number, email"),
        .regex: Option(valueName: "PATTERN", kinds: textual, help: "the whole value must match"),
        .validateCmd: Option(valueName: "CMD", kinds: textual, help: "/bin/sh -c CMD with the value on stdin; exit 0 means valid"),
        .minLength: Option(valueName: "N", kinds: textual, help: "at least N characters"),
        .maxLength: Option(valueName: "N", kinds: textual, help: "at most N characters"),
        .invalidMessage: Option(valueName: "TEXT", kinds: [.text, .password, .number, .date, .time], help: "shown while the value is refused, instead of the rule's reason"),
        .default: Option(valueName: "VALUE", kinds: [.text, .number, .date, .time, .switch, .choice, .multi], help: "the initial value (on/off for a switch; A,C: the marked options of a multi)"),
        .placeholder: Option(valueName: "TEXT", kinds: [.text, .password, .number, .date, .time], help: "shown while empty"),
        .hint: Option(valueName: "TEXT", kinds: Set(FieldDeclaration.Kind.allCases), help: "a line shown under the focused field"),
        .options: Option(valueName: "A,B,C", kinds: [.choice, .multi], help: "the choices"),
        .min: Option(valueName: "MIN", kinds: [.number, .date, .time, .multi], help: "the smallest allowed: a number, a date (YYYY-MM-DD), a time (HH:MM); for a multi, how many at least (default 0)"),
        .max: Option(valueName: "MAX", kinds: [.number, .date, .time, .multi], help: "the largest allowed; for a multi, how many at most"),
        .readonly: Option(valueName: "", kinds: [.text, .number, .date, .time], help: "shown and printed, not edited (no value follows)"),
        .confirm: Option(valueName: "", kinds: [.password], help: "asked twice: a second field (NAME_confirm) must match it before OK; only NAME is printed (no value follows)"),
    ]

    /// Reads `--field NAME KIND LABEL [--option VALUE]...` declarations from `words`.
    /// `secretDefaults`: a password may have a --default (the drop-in's forms, whose values the
    /// script already gave on its command line).
    public static func parse(_ words: [String], secretDefaults: Bool = false) throws(UsageError) -> [FieldDeclaration] {
        var fields: [FieldDeclaration] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            if word == "--field" {
                guard i + 3 <= words.count else { throw UsageError("--field needs NAME KIND LABEL") }
                let name = words[i], kindName = words[i + 1], label = words[i + 2]
                i += 3
                guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
                      !(name.first?.isNumber ?? true) else {
                    throw UsageError("--field '\(name)': a name is letters, digits and _ (a shell variable name)")
                }
                guard let kind = FieldDeclaration.Kind(rawValue: kindName) else {
                    throw UsageError("--field \(name): the kind must be one of \(FieldDeclaration.Kind.allCases.map(\.rawValue).joined(separator: ", ")), not '\(kindName)'")
                }
                if fields.contains(where: { $0.name == name }) { throw UsageError("--field \(name) is declared twice") }
                fields.append(FieldDeclaration(name: name, kind: kind, label: label))
                continue
            }
            guard word.hasPrefix("--"), let key = FieldOption(rawValue: String(word.dropFirst(2))), let option = options[key] else {
                throw UsageError("unexpected '\(word)' in the fields; each field is --field NAME KIND LABEL [options]")
            }
            let name = key.rawValue
            guard var field = fields.popLast() else { throw UsageError("--\(name) must follow a --field") }
            if field.kind == .password && key == .default {
                guard secretDefaults else {
                    throw UsageError("--field \(field.name): a password's default would be in the process list; use ALERTTY_ANSWER_…")
                }
            } else if !option.kinds.contains(field.kind) {
                throw UsageError("--field \(field.name): a \(field.kind.rawValue) field takes no --\(name)")
            }
            if option.valueName.isEmpty {
                field.options[key] = "yes" // an option without a value
            } else {
                guard i < words.count else { throw UsageError("--field \(field.name): --\(name) needs \(option.valueName)") }
                field.options[key] = words[i]
                i += 1
            }
            fields.append(field)
        }
        return fields
    }

    /// A form's fields as its command declares them: --fields-from's (its bytes got from `file`)
    /// first, then --field's. (The form's own make, and a remote agent judging a relayed form.)
    static func declarations(_ command: ParsedCommand, file: (String) throws(UsageError) -> [UInt8]) throws(UsageError) -> [FieldDeclaration] {
        let declared = try parse(command.fieldWords, secretDefaults: command.has(.secretInArguments))
        guard let path = command.string(.fieldsFrom) else { return declared }
        return try parseFile(String(decoding: try file(path), as: UTF8.self)) + declared
    }

    /// `--fields-from FILE`: the same declarations, one field per line (shell-like quoting; # comments).
    public static func parseFile(_ text: String) throws(UsageError) -> [FieldDeclaration] {
        var words: [String] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = String(line).trimmingSpaces()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let lineWords = try split(trimmed, line: n + 1)
            words += (lineWords.first == "--field" ? [] : ["--field"]) + lineWords
        }
        return try parse(words)
    }

    static func split(_ line: String, line n: Int) throws(UsageError) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for c in line {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
                inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        if quote != nil { throw UsageError("--fields-from: line \(n) has an unclosed quote") }
        if inWord { words.append(current) }
        return words
    }
}
