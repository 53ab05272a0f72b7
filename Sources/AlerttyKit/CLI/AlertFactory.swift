// A parsed command → the alert value and how to run it. All remaining usage errors (bad regex,
// --dir outside --root, …) are found here, before the terminal is opened.

public struct BuiltAlert {
    /// Makes the alert. Called once the terminal is open, so slow work (listing a big folder) is
    /// never done when there is no one to ask; everything that can be wrong was checked before.
    public var makeAlert: () -> any Alert
    public var options: RunOptions
    /// What the loop waits on besides the terminal (a --validate-cmd runner).
    public var sources: [any EventSource] = []
    /// Byte written after the answer: newline, or NUL with --print0.
    public var terminator: UInt8 = 0x0A
    /// The alert answers on stdout (input, password, save, folder); message and confirm only exit.
    public var printsAnswer: Bool
    /// The answer is a secret: no core dump may hold it.
    public var secret = false
}

public enum AlertFactory {
    public static func make(_ command: ParsedCommand, environment: (String) -> String?,
                            readStdin: () throws(UsageError) -> [UInt8]) throws(UsageError) -> BuiltAlert {
        var text = command.text ?? ""
        if text == "-" { text = String(decoding: try readStdin(), as: UTF8.self).trimmingTrailingNewlines() }
        let title = command.string(.title) ?? ""
        let options = RunOptions()
        switch command.alert {
        case .message:
            let alert = MessageAlert(title: title, text: text, okLabel: command.string(.ok) ?? "OK")
            return BuiltAlert(makeAlert: { alert }, options: options, printsAnswer: false)
        case .confirm:
            let alert = ConfirmAlert(title: title, text: text, yesLabel: command.string(.yes) ?? "Yes",
                                     noLabel: command.string(.no) ?? "No", defaultYes: command.string(.`default`) != "no")
            return BuiltAlert(makeAlert: { alert }, options: options, printsAnswer: false)
        case .input, .password:
            let field = try FieldConfiguration(command, readStdin: readStdin)
            let alert = try FieldAlert(title: title, text: text, configuration: field, environment: environment)
            var sources: [any EventSource] = []
            if let validator = field.rules.command {
                sources.append(ValidationRunner(command: validator, timeoutSeconds: command.seconds(.validateTimeout) ?? 5,
                                                secret: field.secret))
            }
            return BuiltAlert(makeAlert: { alert }, options: options, sources: sources, printsAnswer: true, secret: field.secret)
        case .save, .folder:
            let fileSystem = RealFileSystem()
            let browser = try BrowserConfiguration(command, fileSystem: fileSystem)
            return BuiltAlert(makeAlert: { SaveAlert(title: title, text: text, configuration: browser, fileSystem: fileSystem) },
                              options: options, sources: [FileSystemEffects(fileSystem: fileSystem)],
                              terminator: command.has(.print0) ? 0 : 0x0A, printsAnswer: true)
        }
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.last == "\n" || s.last == "\r\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
