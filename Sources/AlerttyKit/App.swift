// argv → exit status. Who alertty is decides how argv is read: alertty itself, the askpass
// program of ssh, sudo and git, GnuPG's pinentry, the agent, whiptail and dialog for old
// scripts, or the alertty a popup runs — each a row of one table. Each program turns its argv
// into typed commands, has them asked the one way (Ask), and delivers the outcome its own way;
// everything that can be wrong with a command is found before the terminal is touched, so a
// usage error never draws anything.

/// One of the programs alertty can be.
protocol Program: Sendable {
    /// Runs `arguments` (the words after the program's name); the exit status.
    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32
}

public enum App {
    /// How a program is recognised: by the name alertty runs under (a hard link or symlink, as
    /// installed), by a first word (`alertty pinentry …`, the word removed), by the environment
    /// (a popup's alertty), or by dialog's arguments alone (a client that resolved the link).
    typealias Recognise = @Sendable (_ calledAs: String, _ arguments: inout [String]) -> (any Program)?

    /// Every program alertty can be, the first row that recognises the call runs it.
    static let programs: [(name: String, recognise: Recognise)] = [
        // The alertty a popup (or an agent) runs asks what its caller sends, and sends back what came of it.
        ("popup", { _, _ in Platform.environment(Popup.folderVariable).map { PopupProgram(folder: $0) } }),
        named(Pinentry.programName, word: "pinentry", PinentryProgram()),
        named(Askpass.programName, word: "askpass", AskpassProgram()),
        named("alertty-agent", word: "agent", AgentProgram()),
        named("alertty-ask", word: "ask", AskProgram()),
        named("alertty-mcp", word: "mcp", MCPProgram()),
        ("drop-in", { name, arguments in Compat.program(calledAs: name, &arguments).map { DropInProgram(program: $0) } }),
        ("alertty", { _, _ in AlerttyProgram() }),
    ]

    /// A program reached by a name of its own or by a first word.
    static func named(_ name: String, word: String, _ program: any Program) -> (name: String, recognise: Recognise) {
        (name, { calledAs, arguments in
            let base = calledAs.split(separator: "/").last.map(String.init) ?? calledAs
            guard base == name || arguments.first == word else { return nil }
            if arguments.first == word { arguments.removeFirst() }
            return program
        })
    }

    /// The program a call is, and the arguments it runs with.
    static func program(calledAs name: String, _ arguments: [String]) -> (any Program, [String]) {
        for row in programs {
            var words = arguments
            if let program = row.recognise(name, &words) { return (program, words) }
        }
        return (AlerttyProgram(), arguments)
    }

    public static func main(_ arguments: [String], calledAs name: String = "alertty") -> Int32 {
        // Before anything is opened: a closed stdin, stdout or stderr must not be taken by the terminal.
        let closed = Platform.reserveStandardDescriptors()
        Localization.load(environment: Platform.environment, executable: Platform.executablePath)
        let (program, words) = program(calledAs: name, arguments)
        return program.run(words, closed: closed)
    }

    /// The one way a line reaches stderr. Messages echo arguments, file names and stdin, so the
    /// line is sanitised here, for every caller: nothing in it can reach a terminal as a control.
    static func report(_ message: String) {
        var line = Sanitize.line(message)
        if !Theme.localeIsUTF8(environment: Platform.environment) { line = Sanitize.ascii(line) }
        Platform.writeError("alertty: " + line + "\n")
    }

    /// ALERTTY_OPTIONS: flags for every call, under the call's own (as DIALOGOPTS): alertty,
    /// askpass, the drop-in and pinentry (where gpg-agent's SETTIMEOUT is the prompt's own).
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
