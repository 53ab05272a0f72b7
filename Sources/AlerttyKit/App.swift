// argv → exit status. Everything that can be wrong with the command line is found before the
// terminal is touched, so a usage error never draws anything.

public enum App {
    public static func main(_ arguments: [String], calledAs name: String = "alertty") -> Int32 {
        // Before anything is opened: a closed stdin, stdout or stderr must not be taken by the terminal.
        let closed = Platform.reserveStandardDescriptors()
        Localization.load(environment: Platform.environment, executable: Platform.executablePath)
        var arguments = arguments
        if name.split(separator: "/").last.map(String.init) == Pinentry.programName || arguments.first == "pinentry" {
            if arguments.first == "pinentry" { arguments.removeFirst() }
            return Pinentry.main(arguments)
        }
        if name.split(separator: "/").last.map(String.init) == Askpass.programName || arguments.first == "askpass" {
            if arguments.first == "askpass" { arguments.removeFirst() }
            arguments = Askpass.arguments(arguments, environment: Platform.environment)
        }
        if let program = Compat.program(calledAs: name, &arguments) {
            if program != .whiptail {
                switch Compat.expandingFiles(arguments) {
                case .success(let expanded): arguments = expanded
                case .failure(let failure):
                    Platform.writeError(Sanitize.lines(failure.message).joined(separator: "\n"))
                    return failure.status
                }
            }
            let size = { () -> (columns: Int, rows: Int)? in
                guard let fd = try? Platform.openTerminal("/dev/tty") else { return nil }
                defer { Platform.close(fd) }
                return Platform.terminalSize(fd)
            }
            if program != .whiptail, arguments.first == "--create-rc", arguments.count > 1 {
                // dialog's --create-rc FILE: the configuration file, written and done.
                guard Platform.writeFile(arguments[1], Array(CompatTheme.dialogrcTemplate.utf8)) else {
                    Platform.writeError("\nError opening file for writing in dlg_create_rc().\n") // dialog starts it on a new line
                    return 255
                }
                return 0
            }
            if let lines = Compat.probe(program, arguments, terminalSize: size) {
                for line in lines { _ = Platform.writeAll(line.fd, Array(line.text.utf8)) }
                return 0
            }
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
        var printed = false
        // dialog's --tailboxbg boxes: drawn behind every box after them.
        var behind: [Layered.Layer] = []
        var keep = false
        for (i, box) in chain.boxes.enumerated() {
            var output = box.output
            if let background = box.background {
                guard let layer = layer(background) else {
                    report("cannot open \(background.path)")
                    return output.error
                }
                behind.append(layer)
                keep = keep || background.keep
                status = output.ok
                continue
            }
            if i > 0 && printed { output.before = chain.separator }
            let formatted = output
            status = main(.run(box.command), compat: output, drawOnce: box.drawOnce, closedDescriptors: closedDescriptors, behind: behind) { outcome in
                let delivered = deliverReporting(outcome, terminator: nil, compat: formatted)
                if delivered.printed { printed = true }
                return delivered.status
            }
            if box.sleep > 0 { Platform.pause(seconds: box.sleep) }
            if status != output.ok { break }
        }
        // Without --no-kill the background boxes end with the chain, as dialog's do.
        if keep, let last = chain.boxes.last(where: { $0.background != nil }) { keepShowing(behind, theme: last.output.theme) }
        return status
    }

    /// A --tailboxbg box's view of its file (checked readable when the command line was read).
    static func layer(_ background: Compat.Background) -> Layered.Layer? {
        guard let fd = try? Platform.openForReadingAtOnce(background.path) else { return nil }
        guard case .regular(let size)? = Platform.kind(of: fd) else {
            Platform.close(fd)
            return nil
        }
        return Layered.Layer(view: TailView(title: background.title, document: FileDocument(fd: fd, size: size)),
                             width: background.width, height: background.height)
    }

    /// dialog's --no-kill: a process of its own keeps the background boxes on the screen,
    /// following their files, until it is killed (SIGHUP, SIGINT, SIGTERM: the default
    /// actions); its pid goes to stderr, as dialog prints it, for the script to kill it by.
    static func keepShowing(_ layers: [Layered.Layer], theme: ThemeFile?) {
        guard let front = layers.last, let pid = Platform.forkProcess() else { return }
        guard pid == 0 else {
            Platform.writeAll(2, Array("\(pid)\n".utf8))
            return
        }
        let shown = Layered(front: front.view, layers: Array(layers.dropLast()))
        BoxFrontEnd.keepDrawing(shown, path: "/dev/tty", width: front.width, height: front.height, margin: 1, theme: theme,
                                environment: Platform.environment)
    }

    /// The most a `-` argument (a message, a field's value) reads from stdin.
    static let stdinLimit = Limits.stdin

    /// `receive`: who prints the answer instead of `deliver` (a chain of boxes notes what was printed).
    static func main(_ arguments: [String], compat: Compat.Output?, drawOnce: Bool, closedDescriptors closed: Set<FileDescriptor>) -> Int32 {
        let parsed: ParseResult
        do { parsed = try ArgumentParser.parse(arguments) } catch { return usage(error, compat) }
        return main(parsed, compat: compat, drawOnce: drawOnce, closedDescriptors: closed)
    }

    /// A command parsed from a command line, or built typed by the drop-in's adapters.
    static func main(_ parsed: ParseResult, compat: Compat.Output?, drawOnce: Bool, closedDescriptors closed: Set<FileDescriptor>,
                     behind: [Layered.Layer] = [], receive: Receiver? = nil) -> Int32 {
        var parsed = parsed
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
        case .printTheme(let name):
            Platform.writeAll(1, Array((ThemePresets.text(name) ?? "").utf8))
            return 0
        case .run(let command):
            if drawOnce {
                // whiptail/dialog --infobox: drawn once and left there; the script goes on at once.
                let box: any Alert
                if command.alert == .progress {
                    // dialog's mixedgauge: the steps and the overall percentage, drawn once.
                    var configuration = ProgressConfiguration()
                    configuration.initialPercent = command.int(.percent).map(Double.init)
                    configuration.steps = (try? ProgressAlert.tasks(command)) ?? []
                    box = ProgressAlert(title: command.string(.title) ?? "", text: command.text ?? "", configuration: configuration)
                } else {
                    box = MessageAlert(title: command.string(.title) ?? "", text: command.text ?? "", okLabel: "")
                }
                BoxFrontEnd.drawOnce(behind.isEmpty ? box : Layered(front: box, layers: behind), path: command.string(.tty) ?? "/dev/tty", width: command.int(.width),
                                     height: command.int(.height), margin: command.int(.margin), theme: compat?.theme,
                                     environment: Platform.environment)
                return ExitStatus.ok.rawValue
            }
            return run(command, compat: compat, closedDescriptors: closed, behind: behind, receive: receive)
        }
    }

    static func usage(_ error: UsageError, _ compat: Compat.Output? = nil) -> Int32 {
        report(error.message)
        return failed(.usage, compat)
    }

    /// alertty's own failures (usage, no terminal, an answer it could not write) as `status`, or in
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

    /// Takes an outcome instead of printing it, for a caller that carries the answer itself
    /// (pinentry sends it over its protocol); returns the status to exit with.
    typealias Receiver = (Outcome) -> Int32

    /// `sources` come before the alert's own, so they take the effects they know first (pinentry's
    /// quality meter, measured by gpg-agent instead of alertty).
    static func run(_ command: ParsedCommand, compat: Compat.Output?, closedDescriptors: Set<FileDescriptor>,
                    sources extra: [any EventSource] = [], behind: [Layered.Layer] = [], receive: Receiver? = nil) -> Int32 {
        // A reader that went away (`alertty … | head -c0`) gets a clear error and exit 4, not a silent SIGPIPE death.
        Platform.ignoreBrokenPipes()
        let environment: (String) -> String? = Platform.environment
        var stdinUsed = false
        let readStdin: () throws(UsageError) -> [UInt8] = { () throws(UsageError) -> [UInt8] in
            guard !stdinUsed else { throw UsageError("only one argument can be read from stdin (`-`)") }
            stdinUsed = true
            // Bounded: endless input must not take endless memory; a long text belongs in the pager.
            do throws(PlatformError) {
                return try Platform.readToEnd(0, limit: App.stdinLimit)
            } catch {
                if error.isTooBig { throw UsageError("stdin holds more than \(App.stdinLimit >> 20) MiB; show long text with `alertty text -`") }
                throw UsageError(error.message)
            }
        }
        var built: BuiltAlert
        do {
            built = try AlertFactory.make(command, environment: environment, readStdin: readStdin)
        } catch {
            return usage(error, compat)
        }
        if !behind.isEmpty {
            let make = built.makeAlert
            built.makeAlert = { Layered(front: make(), layers: behind) }
        }
        // An answer that could not be delivered must not be asked for (a password typed for nothing).
        let answerDescriptor = compat?.descriptor ?? 1
        if built.printsAnswer, closedDescriptors.contains(answerDescriptor) || !Platform.isOpen(answerDescriptor) {
            report(answerDescriptor == 1 ? "stdout is closed: the answer could not be delivered"
                                         : "descriptor \(answerDescriptor) is closed: the answer could not be delivered")
            return failed(.internalError, compat)
        }
        // Memory is protected before a secret can be in it: now when one already is (a preset
        // read from stdin); else when the answers come from the environment or line mode asks,
        // and in the box once its first frame is out, before it reads a key.
        if built.secretAtStart { Platform.protectSecrets() }
        var options = built.options
        let choice = ColorMode.Choice(rawValue: command.string(.color) ?? "auto") ?? .auto
        options.colors = ColorMode.detect(choice: choice, environment: environment)
        // --theme, else ALERTTY_THEME, else the drop-in's program's colours: a wrong one is a
        // usage error, found before anything is drawn.
        options.theme = compat?.theme
        if let theme = command.string(.theme) ?? environment("ALERTTY_THEME").flatMap({ $0.isEmpty ? nil : $0 }) {
            do { options.theme = try ThemeFile.load(theme) } catch {
                return usage(command.string(.theme) == nil ? UsageError("ALERTTY_THEME: " + error.message) : error, compat)
            }
        }
        options.unicode = Theme.localeIsUTF8(environment: environment)
        options.squareCorners = environment("TERM") == "linux"
        options.backtitle = command.string(.backtitle)
        options.inline = command.has(.inline)
        // Animation needs the modal screen and colour to mean anything.
        // A progress box is shown many times by a script: it appears at once.
        options.animate = !command.has(.noAnimation) && !options.inline && options.colors != .none && command.alert != .progress
        options.timeout = command.seconds(.timeout)
        options.takeDefaultOnTimeout = command.string(.onTimeout) == "default"
        if let seconds = command.seconds(.countdown) {
            // dialog's pause: the default is taken when the seconds shown run out.
            options.timeout = seconds
            options.takeDefaultOnTimeout = true
            options.countdownFrom = Int(seconds.rounded(.up))
        }
        options.width = command.int(.width)
        if let margin = command.int(.margin) { options.margin = margin }
        options.height = command.int(.height)

        // An alert that answers before anything is drawn (choose --select-if-one) needs no terminal.
        if built.immediate {
            var alert = built.makeAlert()
            for case .finish(let outcome) in alert.update(.start) {
                return receive?(outcome) ?? deliver(outcome, terminator: built.terminator, compat: compat)
            }
        }
        let asked = Asked(command, fieldNames: built.fieldNames, environment: environment)
        // Answers without a person: named by --id, or the defaults when no one is to be asked.
        if let answers = asked.scriptedAnswers {
            if asked.nonInteractive && !asked.answeredByName && !hasDefault(command) {
                report("\(asked.promptName) has no default to take without a person (ALERTTY_NONINTERACTIVE)"
                       + (asked.variable.map { "; set \($0)" } ?? ""))
                return failed(.noTerminal, compat)
            }
            return runScripted(built, answers: answers, promptName: asked.promptName, compat: compat, receive: receive)
        }
        let path = command.string(.tty) ?? "/dev/tty"
        // The terminal first: without one, nothing slow (listing a big folder) is done for nothing.
        let frontEnd: any FrontEnd
        do {
            let waitingSecret = built.secret && !built.secretAtStart
            if plainMode(command, environment: environment) {
                frontEnd = try LineFrontEnd(path: path, unicode: options.unicode)
                if waitingSecret { Platform.protectSecrets() }
            } else {
                options.protectSecretsBeforeKeys = waitingSecret
                frontEnd = BoxFrontEnd(session: try TerminalSession(path: path, modal: !options.inline), options: options)
            }
        } catch {
            // progress without a terminal (cron): a command still runs, with no UI, and its status is ours.
            if let progress = built.progress {
                if progress.command != nil {
                    return runScripted(built, answers: ScriptedAnswers(.defaults), promptName: asked.promptName, compat: compat, receive: receive)
                }
                // A gauge still reads its input to the end, so the producer is never killed by a closed pipe.
                while Platform.read(0, max: 65536) != nil {}
                report("no terminal to show progress on (\(error.message)); the input was read to its end")
                return failed(.noTerminal, compat)
            }
            report("no terminal to ask on (\(error.message)); run it from a terminal or pass --tty PATH")
            return failed(.noTerminal, compat)
        }
        // Taken before a command starts, so its first write to the terminal already waits to be lent it.
        // The runner alone holds it: it gives the terminal's modes back when the loop ends.
        var loan = built.progress?.command != nil ? TerminalLoan() : nil
        guard let sources = sources(for: built, captureOutput: true).map({ extra + $0 }) else { return 127 }
        let runner = Runner(frontEnd: frontEnd, alert: built.makeAlert(), sources: sources, timeout: options.timeout,
                            takeDefaultOnTimeout: options.takeDefaultOnTimeout, countdownFrom: options.countdownFrom,
                            loan: loan)
        loan = nil
        return finish(runner.run(), built: built, compat: compat, wholeJobSignals: frontEnd.kind == .box, receive: receive)
    }

    /// No one to ask: the alert answered from the environment or by its defaults, through the same loop.
    static func runScripted(_ built: BuiltAlert, answers: ScriptedAnswers, promptName: String, compat: Compat.Output?,
                            receive: Receiver? = nil) -> Int32 {
        // The answers are in memory already (a preset was protected at once).
        if built.secret && !built.secretAtStart { Platform.protectSecrets() }
        // No one sees a command's output but the script's log: it goes there as it comes.
        guard let sources = sources(for: built, captureOutput: false) else { return 127 }
        let frontEnd = ScriptedFrontEnd(answers, promptName: promptName, report: report)
        let outcome = Runner(frontEnd: frontEnd, alert: built.makeAlert(), sources: sources).run()
        return finish(outcome, built: built, compat: compat, wholeJobSignals: false, receive: receive)
    }

    /// The answer printed and the status returned (a command's own, for progress); an ending by a
    /// signal is died of, once the terminal is restored.
    static func finish(_ outcome: Outcome, built: BuiltAlert, compat: Compat.Output?, wholeJobSignals: Bool,
                       receive: Receiver? = nil) -> Int32 {
        var status = receive?(outcome) ?? deliver(outcome, terminator: built.terminator, compat: compat)
        if let code = outcome.exitCode, status == outcome.status.rawValue { status = code }
        if let ending = outcome.signal, let signal = outcome.status.signal {
            Platform.die(of: signal, wholeGroup: wholeJobSignals && ending == .job)
        }
        return status
    }

    /// The alert's event sources, with progress's input or command; nil (reported) when the
    /// command cannot be run.
    static func sources(for built: BuiltAlert, captureOutput: Bool) -> [any EventSource]? {
        guard let progress = built.progress else { return built.sources }
        guard let argv = progress.command else { return built.sources + [InputStream(fd: 0)] }
        do throws(PlatformError) {
            let command = try Platform.spawnCommand(argv, passStdin: progress.passStdin, captureOutput: captureOutput)
            return built.sources + [ChildProcess(command)]
        } catch {
            report(error.message)
            return nil
        }
    }

    /// Who answers, by the command and the environment: a person, or a script by name
    /// (ALERTTY_ANSWER_<ID>, and ALERTTY_ANSWER_<ID>_<FIELD> for a form), or the defaults
    /// (ALERTTY_NONINTERACTIVE=1, --non-interactive).
    struct Asked {
        let promptName: String
        /// The variable that answers the prompt, when it has an --id.
        let variable: String?
        let nonInteractive: Bool
        let answeredByName: Bool
        let scriptedAnswers: ScriptedAnswers?

        init(_ command: ParsedCommand, fieldNames formFields: [String], environment: @escaping (String) -> String?) {
            let id = command.string(.id)
            promptName = id.map { "prompt '\($0)'" } ?? "the prompt"
            let variable = id.map { "ALERTTY_ANSWER_" + Asked.shellName($0) }
            self.variable = variable
            nonInteractive = command.has(.nonInteractive) || (environment("ALERTTY_NONINTERACTIVE").map { !$0.isEmpty && $0 != "0" } ?? false)
            let lookup: (String?) -> String? = { field in
                guard let variable else { return nil }
                return environment(field.map { variable + "_" + Asked.shellName($0) } ?? variable)
            }
            answeredByName = variable.map { v in environment(v) != nil || formFields.contains { lookup($0) != nil } } ?? false
            if answeredByName {
                // A form's fields not named keep their defaults; the prompt itself must be named.
                scriptedAnswers = ScriptedAnswers(.environment({ field in
                    field == nil && command.alert == .form ? nil : lookup(field)
                }))
            } else if nonInteractive {
                scriptedAnswers = ScriptedAnswers(.defaults)
            } else {
                scriptedAnswers = nil
            }
        }

        /// An --id or field name as it appears in a variable: upper case, `-` as `_`.
        static func shellName(_ name: String) -> String {
            String(name.uppercased().map { $0 == "-" ? "_" : $0 })
        }
    }

    /// Whether the command gives the prompt a default a script could rely on.
    static func hasDefault(_ command: ParsedCommand) -> Bool {
        // whiptail's and dialog's boxes have always taken Enter's answer: the focused button or
        // item (a secret only when the script gave one).
        if command.verbatim { return command.alert != .password || command.has(.value) }
        return command.alert.descriptor.hasDefault(command)
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

    static func deliver(_ outcome: Outcome, terminator: UInt8?, compat: Compat.Output?) -> Int32 {
        deliverReporting(outcome, terminator: terminator, compat: compat).status
    }

    /// `deliver`, also saying whether anything was printed.
    static func deliverReporting(_ outcome: Outcome, terminator: UInt8?, compat: Compat.Output?) -> (status: Int32, printed: Bool) {
        // The alert's own answer is gone once delivered, whatever copies the formatting made.
        defer {
            outcome.answer?.wipeStorage()
            for item in (outcome.items ?? []) + (outcome.state ?? []) { item.wipeStorage() }
        }
        var printed = false
        if var answer = outcome.answer {
            if let compat {
                answer = Compat.answer(outcome, compat) // whiptail and dialog print no newline (but their own)
            } else if let terminator {
                answer.append(terminator)
            }
            let fd = compat?.descriptor ?? 1
            if let compat, !answer.isEmpty { answer = compat.before + answer }
            printed = !answer.isEmpty
            if !Platform.writeAll(fd, answer) {
                report("could not write the answer")
                answer.resetBytes()
                return (failed(.internalError, compat), printed)
            }
            answer.resetBytes()
        }
        if let compat {
            if outcome.pressedEsc { return (compat.escape, printed) }
            switch outcome.status {
            case .ok: return (compat.ok, printed)
            case .cancel: return (compat.cancel, printed)
            case .timeout: return (compat.timeout, printed)
            case .help: return (compat.help, printed)
            case .extra: return (compat.extra, printed)
            default: break
            }
        }
        return (outcome.status.rawValue, printed)
    }
}
