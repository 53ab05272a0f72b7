// argv → exit status. Everything that can be wrong with the command line is found before the
// terminal is touched, so a usage error never draws anything.

public enum App {
    public static func main(_ arguments: [String], calledAs name: String = "alertty") -> Int32 {
        // Before anything is opened: a closed stdin, stdout or stderr must not be taken by the terminal.
        let closed = Platform.reserveStandardDescriptors()
        var arguments = arguments
        if let program = Compat.program(calledAs: name, &arguments) {
            switch Compat.translateChain(program, arguments) {
            case .success(let chain):
                return runChain(chain, closedDescriptors: closed)
            case .failure(let failure):
                // In the program's own words; still nothing in it reaches the terminal as a control.
                Platform.writeError(Sanitize.lines(failure.message).joined(separator: "\n"))
                return failure.status
            }
        }
        return main(arguments, compat: nil, drawOnce: false, closedDescriptors: closed)
    }

    /// A whiptail/dialog call: its box, or dialog's --and-widget boxes in turn. Each answer is
    /// printed after the separator once an earlier box printed one; the first box that does not
    /// end with OK ends the chain with its status.
    static func runChain(_ chain: Compat.Chain, closedDescriptors: Set<FileDescriptor>) -> Int32 {
        var status: Int32 = 0
        for (i, box) in chain.boxes.enumerated() {
            var output = box.output
            if i > 0 && printedAnswer { output.before = chain.separator }
            status = main(box.arguments, compat: output, drawOnce: box.drawOnce, closedDescriptors: closedDescriptors)
            if box.sleep > 0 { Platform.pause(seconds: box.sleep) }
            if status != output.ok { break }
        }
        return status
    }

    /// Set once an answer was printed, so the next box of a chain prints the separator first.
    nonisolated(unsafe) static var printedAnswer = false

    static func main(_ arguments: [String], compat: Compat.Output?, drawOnce: Bool, closedDescriptors closed: Set<FileDescriptor>) -> Int32 {
        var parsed: ParseResult
        do { parsed = try ArgumentParser.parse(arguments) } catch { return usage(error, compat) }
        // ALERTTY_OPTIONS: flags for every call, under the call's own (as DIALOGOPTS).
        if case .run(let command) = parsed, let options = Platform.environment("ALERTTY_OPTIONS"), !options.isEmpty {
            do { parsed = .run(try ArgumentParser.withDefaults(command, from: options, variable: "ALERTTY_OPTIONS")) } catch { return usage(error, compat) }
        }
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
            if drawOnce { return drawInfobox(command) }
            return run(command, compat: compat, closedDescriptors: closed)
        }
    }

    static func usage(_ error: UsageError, _ compat: Compat.Output? = nil) -> Int32 {
        report(error.message)
        return failed(.usage, compat)
    }

    /// alertty's own failures (usage, no terminal, a broken terminal) as `status`, or in
    /// whiptail/dialog mode as that program's error status: there 2 and 3 mean Help and Extra.
    static func failed(_ status: ExitStatus, _ compat: Compat.Output?) -> Int32 {
        compat?.error ?? status.rawValue
    }

    /// The one way a line reaches stderr. Messages echo arguments, file names and stdin, so the
    /// line is sanitised here, for every caller: nothing in it can reach a terminal as a control.
    static func report(_ message: String) {
        var line = Sanitize.line(message)
        if !Theme.localeIsUTF8(environment: Platform.environment) { line = Sanitize.ascii(line) }
        Platform.writeError("alertty: " + line + "\n")
    }

    static func run(_ command: ParsedCommand, compat: Compat.Output?, closedDescriptors: Set<FileDescriptor>) -> Int32 {
        // A reader that went away (`alertty … | head -c0`) gets a clear error and exit 4, not a silent SIGPIPE death.
        Platform.ignoreBrokenPipes()
        let environment: (String) -> String? = Platform.environment
        var stdinUsed = false
        let readStdin: () throws(UsageError) -> [UInt8] = { () throws(UsageError) -> [UInt8] in
            guard !stdinUsed else { throw UsageError("only one argument can be read from stdin (`-`)") }
            stdinUsed = true
            if let input = compat?.input { return input }
            do throws(PlatformError) { return try Platform.readToEnd(0) } catch { throw UsageError(error.message) }
        }
        let built: BuiltAlert
        do {
            built = try AlertFactory.make(command, environment: environment, readStdin: readStdin)
        } catch {
            return usage(error, compat)
        }
        // An answer that could not be delivered must not be asked for (a password typed for nothing).
        let answerDescriptor = compat?.descriptor ?? 1
        if built.printsAnswer, closedDescriptors.contains(answerDescriptor) || !Platform.isOpen(answerDescriptor) {
            report(answerDescriptor == 1 ? "stdout is closed: the answer could not be delivered"
                                         : "descriptor \(answerDescriptor) is closed: the answer could not be delivered")
            return failed(.internalError, compat)
        }
        if built.secret { Platform.disableCoreDumps() }
        // Answers without a person: named by --id, or the defaults when no one is to be asked.
        if let answered = answerWithoutAPerson(command, built: built, environment: environment, compat: compat) { return answered }
        var options = built.options
        let choice = ColorMode.Choice(rawValue: command.string(.color) ?? "auto") ?? .auto
        options.colors = ColorMode.detect(choice: choice, environment: environment)
        options.unicode = Theme.localeIsUTF8(environment: environment)
        options.squareCorners = environment("TERM") == "linux"
        options.backtitle = command.string(.backtitle)
        options.inline = command.has(.inline)
        // Animation needs the modal screen and colour to mean anything.
        options.animate = !command.has(.noAnimation) && !options.inline && options.colors != .none
        options.timeout = command.seconds(.timeout)
        options.takeDefaultOnTimeout = command.string(.onTimeout) == "default"
        options.width = command.int(.width)
        options.height = command.int(.height)

        // An alert that answers before anything is drawn (choose --select-if-one) needs no terminal.
        if built.immediate {
            var alert = built.makeAlert()
            for case .finish(let outcome) in alert.update(.start) {
                return deliver(outcome, terminator: built.terminator, compat: compat)
            }
        }
        let path = command.string(.tty) ?? "/dev/tty"
        if plainMode(command, environment: environment) {
            return runPlain(built, path: path, options: options, compat: compat)
        }
        // The terminal first: without one, nothing slow (listing a big folder) is done for nothing.
        let session: TerminalSession
        do {
            session = try TerminalSession(path: path, modal: !options.inline)
        } catch {
            if let progress = built.progress { return withoutTerminal(progress, error: error, compat: compat) }
            report("no terminal to ask on (\(error.message)); run it from a terminal or pass --tty PATH")
            return failed(.noTerminal, compat)
        }
        guard let sources = sources(for: built) else { return 127 }
        let outcome = Runner(session: session, alert: built.makeAlert(), options: options, sources: sources).run()
        if let farewell = outcome.farewell {
            let line = Sanitize.line(farewell)
            session.write(Array((options.unicode ? line : Sanitize.ascii(line)).utf8) + [0x0A])
        }
        var status = deliver(outcome, terminator: built.terminator, compat: compat)
        if let code = outcome.exitCode, status == outcome.status.rawValue { status = code }
        if let ending = outcome.signal, let signal = outcome.status.signal {
            Platform.die(of: signal, wholeGroup: ending == .job)
        }
        return status
    }

    /// The alert's event sources, with progress's input or command once there is a terminal to
    /// show it on; nil (reported) when the command cannot be run.
    static func sources(for built: BuiltAlert) -> [any EventSource]? {
        guard let progress = built.progress else { return built.sources }
        guard let argv = progress.command else { return built.sources + [InputStream(fd: 0)] }
        do throws(PlatformError) {
            return built.sources + [ChildProcess(try Platform.spawnCommand(argv, passStdin: progress.passStdin))]
        } catch {
            report(error.message)
            return nil
        }
    }

    /// progress without a terminal (cron): a command still runs, with no UI, and its status is
    /// ours; a gauge still reads its input to the end, so the producer is never killed by a
    /// closed pipe, then exits 3.
    static func withoutTerminal(_ progress: (command: [String]?, passStdin: Bool), error: PlatformError, compat: Compat.Output?) -> Int32 {
        if let argv = progress.command {
            do throws(PlatformError) { return try Platform.runCommand(argv, passStdin: progress.passStdin) } catch {
                report(error.message)
                return 127
            }
        }
        while let chunk = Platform.read(0, max: 65536) { _ = chunk }
        report("no terminal to show progress on (\(error.message)); the input was read to its end")
        return failed(.noTerminal, compat)
    }

    /// `ALERTTY_ANSWER_<ID>` answers the prompt; with ALERTTY_NONINTERACTIVE=1 (or
    /// --non-interactive) no terminal is opened and the default is taken, or the prompt exits 3.
    /// Nil when a person is to be asked after all.
    static func answerWithoutAPerson(_ command: ParsedCommand, built: BuiltAlert, environment: (String) -> String?,
                                     compat: Compat.Output?) -> Int32? {
        let id = command.string(.id)
        let name = id.map { "prompt '\($0)'" } ?? "the prompt"
        func finish(_ result: AnswerRunner.Result) -> Int32 {
            switch result {
            case .outcome(let outcome): return deliver(outcome, terminator: built.terminator, compat: compat)
            case .refused(let reason):
                report("\(name): \(reason)")
                return failed(.usage, compat)
            }
        }
        if let id, let answer = environment("ALERTTY_ANSWER_" + id.uppercased()) {
            return finish(AnswerRunner.answer(answer, alert: built.makeAlert(), sources: built.sources))
        }
        // A form: each field answered by ALERTTY_ANSWER_<ID>_<FIELD> (the others keep their defaults).
        if let id, command.alert == .form, let form = built.makeAlert() as? FormAlert,
           form.fields.contains(where: { environment("ALERTTY_ANSWER_\(id.uppercased())_\($0.declaration.name.uppercased())") != nil }) {
            return finish(form.answer({ environment("ALERTTY_ANSWER_\(id.uppercased())_\($0.uppercased())") }, sources: built.sources))
        }
        let asked = command.has(.nonInteractive) || (environment("ALERTTY_NONINTERACTIVE").map { !$0.isEmpty && $0 != "0" } ?? false)
        guard asked else { return nil }
        guard hasDefault(command) else {
            report("\(name) has no default to take without a person (ALERTTY_NONINTERACTIVE)" + (id.map { "; set ALERTTY_ANSWER_\($0.uppercased())" } ?? ""))
            return failed(.noTerminal, compat)
        }
        var alert = built.makeAlert()
        defer { for source in built.sources { source.shutdown() } }
        if let outcome = SourceDriver.accept(alert.update(.start), sources: built.sources) { return finish(.outcome(outcome)) }
        _ = SourceDriver.settle(&alert, sources: built.sources)
        return finish(AnswerRunner.takeDefault(&alert, sources: built.sources))
    }

    /// Whether the command gives the prompt a default a script could rely on.
    static func hasDefault(_ command: ParsedCommand) -> Bool {
        switch command.alert {
        case .message: return true
        case .confirm: return command.has(.default)
        case .input, .password: return command.has(.value)
        case .choose: return command.has(.selected)
        case .save: return command.has(.name)
        case .folder: return command.has(.dir)
        case .progress: return false
        case .form: return true // every field has a value to start from (empty, off, the first choice)
        }
    }

    /// Line mode: asked for, or a terminal that cannot do a box (TERM dumb or unset).
    static func plainMode(_ command: ParsedCommand, environment: (String) -> String?) -> Bool {
        if command.has(.plain) { return true }
        for name in ["ALERTTY_PLAIN", "ACCESSIBLE"] {
            if let v = environment(name), !v.isEmpty, v != "0" { return true }
        }
        let term = environment("TERM") ?? ""
        return term.isEmpty || term == "dumb"
    }

    static func runPlain(_ built: BuiltAlert, path: String, options: RunOptions, compat: Compat.Output?) -> Int32 {
        guard let sources = sources(for: built) else { return 127 }
        let runner: LineRunner
        do {
            runner = try LineRunner(path: path, alert: built.makeAlert(), sources: sources, timeout: options.timeout, unicode: options.unicode)
        } catch {
            if let progress = built.progress { return withoutTerminal(progress, error: error, compat: compat) }
            report("no terminal to ask on (\(error.message)); run it from a terminal or pass --tty PATH")
            return failed(.noTerminal, compat)
        }
        let outcome = runner.run()
        var status = deliver(outcome, terminator: built.terminator, compat: compat)
        if let code = outcome.exitCode, status == outcome.status.rawValue { status = code }
        if outcome.signal != nil, let signal = outcome.status.signal { Platform.die(of: signal, wholeGroup: false) }
        return status
    }

    /// whiptail/dialog --infobox: the box is drawn once on the normal screen and left there; the
    /// script goes on at once.
    static func drawInfobox(_ command: ParsedCommand) -> Int32 {
        let fd: FileDescriptor
        do { fd = try Platform.openTerminal(command.string(.tty) ?? "/dev/tty") } catch {
            return ExitStatus.ok.rawValue // nothing to show it on; a script's infobox never fails
        }
        defer { Platform.close(fd) }
        let environment: (String) -> String? = Platform.environment
        let colors = ColorMode.detect(choice: .auto, environment: environment)
        let unicode = Theme.localeIsUTF8(environment: environment)
        let size = Platform.terminalSize(fd) ?? (80, 24)
        var alert: any Alert = MessageAlert(title: command.string(.title) ?? "", text: command.text ?? "", okLabel: "")
        let scene = Scene(columns: size.columns, rows: size.rows, width: command.int(.width), height: command.int(.height), theme: Theme(colors: colors, unicode: unicode))
        var writer = FrameWriter(colors: colors, mayClearScreen: true, asciiOnly: !unicode)
        let frame = scene.render(&alert)
        var bytes = writer.frame(frame.canvas, cursorAt: nil)
        bytes += Array("\u{1B}[m\u{1B}[?25h\u{1B}[\(size.rows);1H".utf8)
        Platform.writeAll(fd, bytes)
        return ExitStatus.ok.rawValue
    }

    static func deliver(_ outcome: Outcome, terminator: UInt8?, compat: Compat.Output?) -> Int32 {
        if var answer = outcome.answer {
            if let compat {
                answer = Compat.answer(answer, status: outcome.status, state: outcome.state, compat) // whiptail and dialog print no newline (but their own)
            } else if let terminator {
                answer.append(terminator)
            }
            let fd = compat?.descriptor ?? 1
            if let compat, !answer.isEmpty { answer = compat.before + answer }
            if !answer.isEmpty { printedAnswer = true }
            if !Platform.writeAll(fd, answer) {
                report("could not write the answer")
                answer.resetBytes()
                return failed(.internalError, compat)
            }
            answer.resetBytes()
        }
        if let compat {
            if outcome.escaped { return compat.escape }
            switch outcome.status {
            case .ok: return compat.ok
            case .cancel: return compat.cancel
            case .timeout: return compat.timeout
            case .help: return compat.help
            case .extra: return compat.extra
            default: break
            }
        }
        return outcome.status.rawValue
    }
}
