// argv → exit status. Who alertty is decides how argv is read: alertty itself, the askpass
// program of ssh, sudo and git, GnuPG's pinentry, or whiptail and dialog for old scripts. Each
// program turns its argv into typed commands, has them asked the one way (Ask), and delivers the
// outcome its own way; everything that can be wrong with a command is found before the terminal
// is touched, so a usage error never draws anything.

/// One of the programs alertty can be.
protocol Program: Sendable {
    /// Runs `arguments` (the words after the program's name); the exit status.
    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32
}

public enum App {
    /// The programs reached by a name of their own (a hard link or symlink, as installed) or by
    /// a first word (`alertty pinentry …`). whiptail and dialog are recognised by Compat.program,
    /// which also knows their probes; anything else is alertty's own command line.
    static let programs: [(name: String, word: String, program: any Program)] = [
        (Pinentry.programName, "pinentry", PinentryProgram()),
        (Askpass.programName, "askpass", AskpassProgram()),
        ("alertty-agent", "agent", AgentProgram()),
    ]

    public static func main(_ arguments: [String], calledAs name: String = "alertty") -> Int32 {
        // Before anything is opened: a closed stdin, stdout or stderr must not be taken by the terminal.
        let closed = Platform.reserveStandardDescriptors()
        // The alertty a popup runs asks what its caller sends, and sends back what came of it.
        if let folder = Platform.environment(Popup.folderVariable) { return Popup.serve(folder) }
        Localization.load(environment: Platform.environment, executable: Platform.executablePath)
        var arguments = arguments
        let base = name.split(separator: "/").last.map(String.init) ?? name
        for entry in programs where base == entry.name || arguments.first == entry.word {
            if arguments.first == entry.word { arguments.removeFirst() }
            return entry.program.run(arguments, closed: closed)
        }
        if let program = Compat.program(calledAs: name, &arguments) {
            return DropInProgram(program: program).run(arguments, closed: closed)
        }
        return AlerttyProgram().run(arguments, closed: closed)
    }

    /// The one way a line reaches stderr. Messages echo arguments, file names and stdin, so the
    /// line is sanitised here, for every caller: nothing in it can reach a terminal as a control.
    static func report(_ message: String) {
        var line = Sanitize.line(message)
        if !Theme.localeIsUTF8(environment: Platform.environment) { line = Sanitize.ascii(line) }
        Platform.writeError("alertty: " + line + "\n")
    }

    /// ALERTTY_OPTIONS: flags for every call, under the call's own (as DIALOGOPTS), for the
    /// programs a script calls (alertty, askpass, the drop-in; not gpg-agent's pinentry).
    static func withOptions(_ command: ParsedCommand) throws(UsageError) -> ParsedCommand {
        guard let options = Platform.environment("ALERTTY_OPTIONS"), !options.isEmpty else { return command }
        return try ArgumentParser.withDefaults(command, from: options, variable: "ALERTTY_OPTIONS")
    }

    /// An answer printed on stdout with its terminator, as alertty and askpass print it; the status.
    static func printed(_ ran: Ran) -> Int32 {
        switch ran {
        case .failed(let status): return status.rawValue
        case .notRun: return 127
        case .ended(let outcome, let terminator, _):
            defer {
                outcome.answer?.wipeStorage()
                for item in (outcome.items ?? []) + (outcome.state ?? []) { item.wipeStorage() }
            }
            // progress exits with its command's status.
            let status = outcome.exitCode ?? outcome.status.rawValue
            guard var answer = outcome.answer else { return status }
            if let terminator { answer.append(terminator) }
            defer { answer.resetBytes() }
            guard Platform.writeAll(1, answer) else {
                report("could not write the answer")
                return ExitStatus.internalError.rawValue
            }
            return status
        }
    }
}
