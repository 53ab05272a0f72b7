// A parsed command → the alert value and how to run it. All remaining usage errors (bad regex,
// --dir outside --root, …) are found here, before the terminal is opened.

public struct BuiltAlert {
    public var alert: any Alert
    public var options: RunOptions
    /// Byte written after the answer: newline, or NUL with --print0.
    public var terminator: UInt8
}

public enum AlertFactory {
    public static func make(_ command: ParsedCommand, environment: (String) -> String?,
                            readStdin: () throws(UsageError) -> [UInt8]) throws(UsageError) -> BuiltAlert {
        var text = command.text ?? ""
        if text == "-" { text = String(decoding: try readStdin(), as: UTF8.self).trimmingTrailingNewlines() }
        let title = command.string("title") ?? ""
        var options = RunOptions()
        let alert: any Alert
        switch command.alert {
        case .message:
            if command.text == nil { throw UsageError("message needs a TEXT to show") }
            alert = MessageAlert(title: title, text: text, okLabel: command.string("ok") ?? "OK")
        case .confirm:
            if command.text == nil { throw UsageError("confirm needs a TEXT (the question)") }
            alert = ConfirmAlert(title: title, text: text, yesLabel: command.string("yes") ?? "Yes",
                                 noLabel: command.string("no") ?? "No", defaultYes: command.string("default") != "no")
        case .input, .password:
            let field = try FieldConfiguration(command, readStdin: readStdin)
            options.validateCommand = field.rules.command
            options.validateTimeout = command.seconds("validate-timeout") ?? 5
            alert = try FieldAlert(title: title, text: text, configuration: field, environment: environment)
        case .save, .folder:
            let fileSystem = RealFileSystem()
            let browser = try BrowserConfiguration(command, fileSystem: fileSystem)
            alert = SaveAlert(title: title, text: text, configuration: browser, fileSystem: fileSystem)
            return BuiltAlert(alert: alert, options: options, terminator: command.has("print0") ? 0 : 0x0A)
        }
        return BuiltAlert(alert: alert, options: options, terminator: 0x0A)
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.last == "\n" || s.last == "\r\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
