// progress as a command: its flags, how a command line makes the alert, and its descriptor.

extension ProgressAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.framed,
        [
            FlagSpec("pulsate", .flag, "", "An indeterminate bar, whatever numbers come."),
            FlagSpec("percent", .integer(0...100), "N", "The percentage shown until the first number arrives."),
            FlagSpec("cancel", .flag, "", "Add a Cancel button (Esc too): exit 1 at once; stdin is closed, a command stopped."),
            FlagSpec("erase", .flag, "", "With --inline: leave nothing when done, not a last line."),
            FlagSpec("stdin", .flag, "", "Give the command alertty's stdin (default /dev/null)."),
            FlagSpec("percent-from", .choice(["stdout", "stderr"]), "STREAM", "Percent lines on the command's STREAM drive the bar."),
            FlagSpec("show-output", .flag, "", "Print the command's stdout on alertty's stdout once it is done."),
            FlagSpec("no-error-box", .flag, "", "When the command fails, exit with its status without showing its errors."),
            FlagSpec("task", .text, "'NAME[: STATE]'", "A step's row under the text, pending until a `NAME: STATE` line on the input changes it (states: pending, running, done, failed, skipped, N%; such lines add rows too); repeatable.", repeatable: true),
            FlagSpec("tail", .integer(1...200), "N", "Show the command's last N output lines (stdout and stderr as they are read; two pipes keep no order between them) in a pane under the text."),
        ],
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .progress, flags: flags, summary: "Show progress: a gauge fed on stdin, or a spinner around a command (after --).",
        text: "what is being done (`# text` lines on stdin replace it); `-- COMMAND [ARG...]` runs COMMAND, which is given the terminal while it asks on it (sudo's password, ssh's host key: the box steps aside and comes back when the command goes on), and which Ctrl-Z stops with the box",
        positionals: [PositionalSpec("TEXT", required: false)],
        keys: [KeyUse([.cancel], "cancel (with --cancel): exit 1, stdin closed, a command stopped"),
               KeyUse([.interrupt], "interrupt: a command gets SIGINT, is waited for, then exit 130"),
               KeyUse([.suspend], "stop the job; the box returns on fg")],
        ownKeysOnly: true,
        withoutAPerson: "runs to its end: a command's own status, a gauge's input read to its end",
        hasDefault: { _ in true }, // it runs to its end and passes on its status
        examples: ["for i in $(seq 0 10 100); do echo $i; sleep 1; done | alertty progress \"Downloading\"",
                   "alertty progress \"Installing\" -- apt-get install -y foo"],
        runsCommand: true,
        recorded: { _ in .nothing },
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in try make(m) })

    /// --task 'NAME[: STATE]': the steps' rows, pending unless a state is given.
    static func tasks(_ command: ParsedCommand) throws(UsageError) -> [Step] {
        try command.strings(.task).map { (given: String) throws(UsageError) -> Step in
            if let step = Step.parse(given) { return step }
            let name = given.trimmingSpaces()
            guard !name.isEmpty else { throw UsageError("--task needs a name") }
            return Step(name: name, state: .pending)
        }
    }

    static func make(_ m: AlertMaking) throws(UsageError) -> BuiltAlert {
        let command = m.command
        var configuration = ProgressConfiguration()
        configuration.pulsate = command.has(.pulsate)
        configuration.initialPercent = command.int(.percent).map(Double.init)
        configuration.framed = command.has(.framed)
        configuration.cancellable = command.has(.cancel)
        configuration.erase = command.has(.erase)
        configuration.inline = command.has(.inline)
        configuration.showOutput = command.has(.showOutput)
        configuration.errorBox = !command.has(.noErrorBox)
        configuration.command = command.command
        configuration.tail = command.int(.tail) ?? 0
        configuration.steps = try tasks(command)
        if let stream = command.string(.percentFrom) { configuration.percentStream = stream == "stdout" ? 1 : 2 }
        if command.command == nil {
            for flag in [Flag.stdin, .percentFrom, .showOutput, .noErrorBox, .tail] where command.has(flag) {
                throw UsageError("--\(flag.rawValue) needs a command: progress [TEXT] -- COMMAND [ARG...]")
            }
            if m.reads.stdinIsTerminal { throw UsageError("progress reads its gauge from stdin, but stdin is the terminal; pipe numbers in, or run a command after --") }
        }
        if configuration.erase && !configuration.inline { throw UsageError("--erase goes with --inline") }
        let alert = ProgressAlert(title: m.title, text: m.text, configuration: configuration)
        var built = BuiltAlert(makeAlert: { alert }, options: RunOptions(), terminator: nil, printsAnswer: configuration.showOutput)
        built.progress = (command.command, command.has(.stdin))
        return built
    }
}
