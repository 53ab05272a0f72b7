// argv → exit status. Everything that can be wrong with the command line is found before the
// terminal is touched, so a usage error never draws anything.

public enum App {
    public static func main(_ arguments: [String]) -> Int32 {
        var arguments = arguments
        var compat: Compat.Output?
        if let translated = Compat.translate(arguments) {
            switch translated {
            case .success(let t):
                arguments = t.arguments
                compat = t.output
            case .failure(let error):
                return usage(error)
            }
        }
        let parsed: ParseResult
        do { parsed = try ArgumentParser.parse(arguments) } catch { return usage(error) }
        switch parsed {
        case .help(let text):
            Platform.writeAll(1, Array(text.utf8))
            return 0
        case .version:
            Platform.writeAll(1, Array("alertty \(CommandSpec.version)\n".utf8))
            return 0
        case .generate(let what):
            Platform.writeAll(1, Array(Docs.generate(what).utf8))
            return 0
        case .run(let command):
            return run(command, compat: compat)
        }
    }

    static func usage(_ error: UsageError) -> Int32 {
        Platform.writeError("alertty: \(error.message)\n")
        return ExitStatus.usage.rawValue
    }

    static func run(_ command: ParsedCommand, compat: Compat.Output?) -> Int32 {
        // A reader that went away (`alertty … | head -c0`) gets a clear error and exit 4, not a silent SIGPIPE death.
        Platform.ignoreBrokenPipes()
        let environment: (String) -> String? = Platform.environment
        var stdinUsed = false
        let readStdin: () throws(UsageError) -> [UInt8] = { () throws(UsageError) -> [UInt8] in
            guard !stdinUsed else { throw UsageError("only one argument can be read from stdin (`-`)") }
            stdinUsed = true
            return Platform.readToEnd(0)
        }
        let built: BuiltAlert
        do {
            built = try AlertFactory.make(command, environment: environment, readStdin: readStdin)
        } catch {
            return usage(error)
        }
        var options = built.options
        let choice = ColorMode.Choice(rawValue: command.string("color") ?? "auto") ?? .auto
        options.colors = ColorMode.detect(choice: choice, environment: environment)
        options.unicode = Theme.localeIsUTF8(environment: environment)
        options.inline = command.has("inline")
        // Animation needs the modal screen and colour to mean anything.
        options.animate = !command.has("no-animation") && !options.inline && options.colors != .none
        options.timeout = command.seconds("timeout")
        options.width = command.int("width")

        let path = command.string("tty") ?? "/dev/tty"
        let session: TerminalSession
        do {
            session = try TerminalSession(path: path, modal: !options.inline)
        } catch {
            Platform.writeError("alertty: no terminal to ask on (\(error.message)); run it from a terminal or pass --tty PATH\n")
            return ExitStatus.noTerminal.rawValue
        }
        let outcome = Runner(session: session, alert: built.alert, options: options).run()
        return deliver(outcome, terminator: built.terminator, compat: compat)
    }

    static func deliver(_ outcome: Outcome, terminator: UInt8, compat: Compat.Output?) -> Int32 {
        if var answer = outcome.answer {
            answer.append(terminator)
            let fd = compat?.descriptor ?? 1
            if compat != nil { answer.removeLast() } // whiptail prints the answer without a newline
            if !Platform.writeAll(fd, answer) {
                Platform.writeError("alertty: could not write the answer\n")
                answer.resetBytes()
                return ExitStatus.internalError.rawValue
            }
            answer.resetBytes()
        }
        if compat != nil, outcome.escaped { return 255 }
        return outcome.status.rawValue
    }
}
