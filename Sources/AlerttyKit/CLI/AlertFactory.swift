// A parsed command → the alert value and how to run it. All remaining usage errors (bad regex,
// --dir outside --root, …) are found here, before the terminal is opened.

public struct BuiltAlert {
    /// Makes the alert. Called once the terminal is open, so slow work (listing a big folder) is
    /// never done when there is no one to ask; everything that can be wrong was checked before.
    public var makeAlert: () -> any Alert
    public var options: RunOptions
    /// What the loop waits on besides the terminal (a --validate-cmd runner).
    public var sources: [any EventSource] = []
    /// Byte written after the answer: newline, or NUL with --print0; nil writes the answer as it is.
    public var terminator: UInt8? = 0x0A
    /// The alert answers on stdout (input, password, save, folder); message and confirm only exit.
    public var printsAnswer: Bool
    /// The answer is a secret: no core dump may hold it.
    public var secret = false
    /// A secret is in memory before anyone types (a preset read from stdin): its memory is
    /// protected at once, not when the first key is read.
    public var secretAtStart = false
    /// The alert answers at its `.start`, before anything is drawn (choose --select-if-one): no terminal needed.
    public var immediate = false
    /// progress: the command to run (nil: a gauge on stdin) and whether it gets our stdin.
    /// Its sources are made once the terminal is known, because without one it runs with no UI.
    public var progress: (command: [String]?, passStdin: Bool)?
    /// A form's field names, each answerable as ALERTTY_ANSWER_<ID>_<NAME>.
    public var fieldNames: [String] = []
    /// It asks for one line of text (input, password): systemd's password agents can answer it.
    public var asksOneLine = false
    /// The whole files making it read: a process that shows the question for this one is given
    /// them (it shows what was read here, and reads nothing again).
    var read: [AlertReads.File] = []

    /// The alert reads stdin as a stream while it is up (items or a file from `-`, a gauge's
    /// numbers, a command given our stdin): a popup's alertty is handed it.
    var readsStdinStream: Bool {
        if let progress { return progress.command == nil || progress.passStdin }
        return sources.contains { ($0 as? InputStream)?.fd == 0 }
    }
}

public enum AlertFactory {
    static func make(_ command: ParsedCommand, environment: @escaping (String) -> String?, reads: AlertReads) throws(UsageError) -> BuiltAlert {
        if let id = command.string(.id),
           id.isEmpty || !id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }) {
            throw UsageError("--id takes letters, digits, _ and - (it names ALERTTY_ANSWER_<ID>), not '\(id)'")
        }
        var text = command.text ?? ""
        // (a FILE's `-` is read by the alert: text as a stream, edit as bytes kept as they are)
        if command.readsStdin(text) && !command.alert.descriptor.takesFile {
            text = String(decoding: try reads.stdin(), as: UTF8.self).trimmingTrailingNewlines()
        }
        let title = command.string(.title) ?? ""
        var built = try command.alert.descriptor.make(AlertMaking(command: command, title: title, text: text, environment: environment,
                                                                  reads: reads))
        built.read = reads.files
        return built
    }
}

extension AlertFactory {
    /// --colors: the alert's TEXT drawn with the styles its codes ask for.
    static func styled<A: ShowsText>(_ alert: A, _ command: ParsedCommand, _ text: String) -> A {
        guard command.has(.colors) else { return alert }
        var a = alert
        a.body = TextBody(markup: text)
        return a
    }


}

extension AlertFactory {
    /// A date's or time's --value, --min and --max, each read by `parse` (`what` names the form
    /// an error asks for); --min after --max is an error too.
    static func bounded<T: Comparable>(_ command: ParsedCommand, _ parse: (String) -> T?, what: String, shown: (T) -> String)
        throws(UsageError) -> (value: T?, earliest: T?, latest: T?) {
        func read(_ flag: Flag) throws(UsageError) -> T? {
            guard let given = command.string(flag) else { return nil }
            guard let v = parse(given) else { throw UsageError("--\(flag.rawValue) \(given) is not \(what)") }
            return v
        }
        let value = try read(.value), earliest = try read(.min), latest = try read(.max)
        if let earliest, let latest, earliest > latest { throw UsageError("--min \(shown(earliest)) is after --max \(shown(latest))") }
        // A value given outside the bounds is a script's mistake, said as number says it (the
        // default, today or now, is brought within them instead).
        if let value, let why = Bounds.problem(value, earliest, latest, shown: shown) { throw UsageError("--value \(shown(value)): \(why)") }
        return (value, earliest, latest)
    }


}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.last == "\n" || s.last == "\r\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
