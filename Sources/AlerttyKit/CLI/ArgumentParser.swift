// argv → a parsed command, checked against CommandSpec. Errors name the argument at fault
// (with a "did you mean" when a flag is close to a real one); --help and --version are
// outcomes of parsing, not special cases elsewhere.

public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A command line checked against the flag table. Values are read by `Flag`, through accessors
/// that check the table agrees on the value's kind, so a flag cannot be read as what it is not.
public struct ParsedCommand: Equatable, Sendable {
    public var alert: AlertKind
    /// Every value of every flag given, in order (one for most flags; several for repeatable ones).
    public private(set) var values: [Flag: [String]] = [:]
    /// The flags in the order they were first given (to show the command as a command line).
    public private(set) var order: [Flag] = []
    public var positionals: [String] = []

    public init(alert: AlertKind) {
        self.alert = alert
    }

    /// TEXT, the first positional.
    public var text: String? { positionals.first }
    /// Everything after TEXT (choose's ITEMs).
    public var rest: [String] { Array(positionals.dropFirst()) }
    /// `-- COMMAND [ARG...]` for an alert that runs a command (progress).
    public var command: [String]?
    /// A form's `--field NAME KIND LABEL [options]` declarations, as given (read by FormSpec).
    public var fieldWords: [String] = []
    // What the drop-in changes for a whiptail or dialog call, each by its name:
    /// `-` as TEXT or --value is that text, never stdin (whiptail and dialog read none there).
    public var dashIsText = false
    /// Enter's answer (the focused button or item) is the default a script may take, as whiptail's
    /// and dialog's boxes have always had one; otherwise the alert's own rule says.
    public var enterIsDefault = false
    /// A report may suggest alertty's own flags (--tty, --id, --non-interactive); not to a whiptail
    /// or dialog call, which cannot pass them.
    public var suggestsFlags = true

    /// `value` (TEXT, --value) stands for stdin: `-`, unless it is text here.
    public func readsStdin(_ value: String?) -> Bool { value == "-" && !dashIsText }

    public func has(_ flag: Flag) -> Bool { values[flag] != nil }
    public func string(_ flag: Flag) -> String? { values[flag]?.last }
    public func strings(_ flag: Flag) -> [String] {
        assert(CommandSpec.spec(flag).repeatable, "--\(flag.rawValue) is not repeatable")
        return values[flag] ?? []
    }
    public func int(_ flag: Flag) -> Int? {
        if let spec = ownSpec(flag) {
            guard case .integer = spec.value else { preconditionFailure("--\(flag.rawValue) is not an integer for \(alert.rawValue)") }
        } else {
            // A flag of other alerts' (never given here): its first row, checked in debug builds
            // alone (the whole table is not made at every start).
            assert(Self.isInteger(CommandSpec.spec(flag).value), "--\(flag.rawValue) is not an integer")
        }
        return string(flag).flatMap { Int($0) }
    }

    private static func isInteger(_ value: ValueKind) -> Bool { if case .integer = value { return true } else { return false } }

    /// The alert's own row for `flag` (a flag such as --min is an integer for one alert and a date for another).
    func ownSpec(_ flag: Flag) -> FlagSpec? { CommandSpec.spec(flag, for: alert) }
    public func seconds(_ flag: Flag) -> Double? {
        assert(CommandSpec.spec(flag).value == .seconds, "--\(flag.rawValue) is not in seconds")
        return string(flag).flatMap { Double($0) }
    }

    /// Takes `flag` away (a popup's alertty has no --tty of its own).
    mutating func remove(_ flag: Flag) {
        values[flag] = nil
        order.removeAll { $0 == flag }
    }

    mutating func add(_ flag: Flag, _ value: String) {
        if values[flag] == nil { order.append(flag) }
        values[flag, default: []].append(value)
    }

    /// Sets a flag as a command line would, for a command built typed rather than parsed (the
    /// drop-in's boxes): the value is checked by the flag table as the parser checks it, a flag
    /// that is not repeatable is replaced, and one the alert does not take is a programming error.
    public mutating func set(_ flag: Flag, _ value: String = "") throws(UsageError) {
        // (the alert's own entry: a flag such as --output takes other values for another alert)
        guard let spec = ownSpec(flag) else {
            preconditionFailure("--\(flag.rawValue) is not an option of \(alert.rawValue)")
        }
        if spec.takesValue { try ArgumentParser.check(value, for: spec) }
        if !spec.repeatable, values[flag] != nil {
            values[flag] = nil
            order.removeAll { $0 == flag }
        }
        add(flag, spec.takesValue ? value : "")
    }

    /// The command as a command line, for tests and messages: the flags in the order given, a
    /// form's fields, then the positionals after `--` (or before a command to run).
    public var arguments: [String] {
        var out = [alert.rawValue]
        for flag in order {
            let takesValue = ownSpec(flag)?.takesValue ?? true
            for value in values[flag] ?? [] { out += ["--" + flag.rawValue] + (takesValue ? [value] : []) }
        }
        out += fieldWords
        if let command { return out + positionals + ["--"] + command }
        return positionals.isEmpty ? out : out + ["--"] + positionals
    }
}

public enum ParseResult: Equatable, Sendable {
    case run(ParsedCommand)
    case help(String)
    case version
    /// `alertty --generate man|bash|zsh|fish`: the docs generated from the flag table.
    case generate(String)
    /// `alertty --print-theme NAME`: a preset as a theme file to start from.
    case printTheme(String)
    /// `alertty --print-terminal`: what the terminal says of itself, as ALERTTY_TERMINAL keeps it.
    case printTerminal
}

public enum ArgumentParser {
    public static func parse(_ arguments: [String], requirePositionals: Bool = true) throws(UsageError) -> ParseResult {
        guard let first = arguments.first else { throw UsageError("missing alert; " + Help.shortUsage) }
        switch first {
        case "--help", "-h", "help":
            guard arguments.count > 1 else { return .help(Help.global()) }
            guard arguments.count == 2, let text = Help.topic(arguments[1]) else {
                throw UsageError("--help takes one of \(Help.topics.map(\.name).joined(separator: ", ")), or an alert first (alertty input --help)")
            }
            return .help(text)
        case "--version", "-V": return .version
        case "--generate":
            guard arguments.count == 2, Docs.generatable.contains(arguments[1]) else {
                throw UsageError("--generate takes one of \(Docs.generatable.joined(separator: ", "))")
            }
            return .generate(arguments[1])
        case "--print-terminal":
            guard arguments.count == 1 else { throw UsageError("--print-terminal takes nothing") }
            return .printTerminal
        case "--print-theme":
            // With no name: the look this terminal gets, and why.
            if arguments.count == 1 { return .printTheme("") }
            guard arguments.count == 2, let name = arguments.last, ThemePresets.text(name) != nil else {
                throw UsageError("--print-theme takes one of \(ThemePresets.names.joined(separator: ", ")), or nothing (the look here, and why)")
            }
            return .printTheme(name)
        default: break
        }
        guard let alert = AlertKind(rawValue: first) else {
            if first.hasPrefix("-") { throw UsageError("expected an alert before \(first); " + Help.shortUsage) }
            let names = AlertKind.allCases.map(\.rawValue)
            let hint = suggestion(first, among: names, prefix: "")
            throw UsageError("unknown alert '\(first)'" + (hint.isEmpty ? "; " + Help.shortUsage : hint))
        }
        let specs = CommandSpec.flags(for: alert)
        let declarations = alert.descriptor.declarations
        var command = ParsedCommand(alert: alert)
        var index = 1
        var flagsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !flagsEnded && argument == "--" {
                if alert.runsCommand {
                    command.command = Array(arguments[index...])
                    guard !(command.command ?? []).isEmpty else { throw UsageError("-- needs a COMMAND to run") }
                    break
                }
                flagsEnded = true
                continue
            }
            if !flagsEnded && (argument == "--help" || argument == "-h") { return .help(Help.alert(alert)) }
            // Declarations (a form's fields): `--field` and its values, then the options that belong to it.
            if !flagsEnded, let declared = declarations, argument == declared.openerWord || !command.fieldWords.isEmpty,
               let count = declared.valueCount(after: argument) {
                guard index + count <= arguments.count else {
                    throw UsageError(argument == declared.openerWord ? "\(argument) needs \(declared.values.joined(separator: " "))" : "\(argument) needs a value")
                }
                command.fieldWords += [argument] + arguments[index..<(index + count)]
                index += count
                continue
            }
            if !flagsEnded && argument.hasPrefix("-") && argument != "-" {
                guard argument.hasPrefix("--") else {
                    throw UsageError("unknown option \(argument)" + suggestion(argument, among: specs.map { "--" + $0.name }, prefix: ""))
                }
                var name = String(argument.dropFirst(2))
                var inlineValue: String?
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let spec = specs.first(where: { $0.name == name }) else {
                    let known = Flag(rawValue: name) != nil // (another alert's)
                    if known { throw UsageError("--\(name) is not an option of '\(alert.rawValue)'; see alertty \(alert.rawValue) --help") }
                    throw UsageError("unknown option --\(name)" + suggestion("--" + name, among: specs.map { "--" + $0.name }, prefix: ""))
                }
                if command.has(spec.flag) && !spec.repeatable {
                    throw UsageError("--\(name) was given twice; give it once")
                }
                if !spec.takesValue {
                    if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                    command.add(spec.flag, "")
                    continue
                }
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value (\(spec.valueName))") }
                    value = arguments[index]
                    index += 1
                }
                try check(value, for: spec)
                command.add(spec.flag, value)
                continue
            }
            let positionals = alert.positionals
            guard command.positionals.count < positionals.count || positionals.last?.variadic == true else {
                throw UsageError("unexpected argument '\(argument)': the message was already given; quote it as one argument")
            }
            command.positionals.append(argument)
        }
        for (i, positional) in alert.positionals.enumerated() where requirePositionals && positional.required && command.positionals.count <= i {
            throw UsageError("\(alert.rawValue) needs a \(positional.name)" + (alert == .confirm ? " (the question)" : " to show"))
        }
        return .run(command)
    }

    /// Adds flags from an environment variable (ALERTTY_OPTIONS) under the command's own: parsed
    /// by the same table, a flag the command gives itself wins, one this alert does not have is
    /// left out (the variable serves every alert), and errors name the variable.
    public static func withDefaults(_ command: ParsedCommand, from text: String, variable: String) throws(UsageError) -> ParsedCommand {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        let own = Set(CommandSpec.flags(for: command.alert).map(\.name))
        var kept: [String] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            guard word.hasPrefix("--") else { throw UsageError("\(variable): '\(word)' is not a flag (it holds flags only)") }
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            guard let spec = CommandSpec.flags.first(where: { $0.name == name }) else {
                throw UsageError("\(variable): unknown option \(word)" + suggestion("--" + name, among: CommandSpec.flags.map { "--" + $0.name }, prefix: ""))
            }
            var group = [word]
            if spec.takesValue && !word.contains("=") {
                guard i < words.count else { throw UsageError("\(variable): \(word) needs a value (\(spec.valueName))") }
                group.append(words[i])
                i += 1
            }
            if own.contains(name) && !command.has(spec.flag) { kept += group }
        }
        let parsed: ParseResult
        do { parsed = try parse([command.alert.rawValue] + kept, requirePositionals: false) } catch { throw UsageError("\(variable): \(error.message)") }
        guard case .run(let defaults) = parsed else { return command }
        var merged = command
        for (flag, values) in defaults.values where !merged.has(flag) { for v in values { merged.add(flag, v) } }
        return merged
    }

    static func check(_ value: String, for spec: FlagSpec) throws(UsageError) {
        switch spec.value {
        case .integer(let range):
            guard let n = Int(value) else { throw UsageError("--\(spec.name) needs a whole number, not '\(Sanitize.line(value))'") }
            guard range.contains(n) else {
                throw UsageError("--\(spec.name) must be between \(range.lowerBound) and \(range.upperBound), not \(n)")
            }
        case .seconds:
            guard let n = Double(value), n.isFinite, n > 0, n <= Double(Limits.longestTimeout) else {
                throw UsageError("--\(spec.name) needs a positive number of seconds, not '\(Sanitize.line(value))'")
            }
        case .choice(let options):
            guard options.contains(value) else {
                throw UsageError("--\(spec.name) must be one of \(options.joined(separator: ", ")), not '\(Sanitize.line(value))'"
                                 + suggestion(value, among: options, prefix: ""))
            }
        case .directory, .file, .command, .theme:
            guard !value.isEmpty else { throw UsageError("--\(spec.name) needs a non-empty \(spec.valueName)") }
        case .text, .flag:
            break
        }
    }

    /// "; did you mean --title?" when one candidate is within a small edit distance.
    static func suggestion(_ word: String, among candidates: [String], prefix: String) -> String {
        let scored = candidates.map { ($0, editDistance(word, $0)) }.sorted { $0.1 < $1.1 }
        guard let best = scored.first, best.1 <= max(2, word.count / 3) else { return "" }
        return "; did you mean \(prefix)\(best.0)?"
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
