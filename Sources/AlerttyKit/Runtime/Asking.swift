// The one way a command is asked, whichever program asks it (alertty, whiptail, dialog, askpass,
// pinentry): the alert made from the command, its look, who answers — a person in the box or in
// line mode, or a script (an answer by name, the defaults) — the loop run, and what came of it.
// Nothing is printed here: the program that asked delivers the outcome its own way (stdout, the
// drop-in's stderr and quoting, an Assuan D line) and maps a failure to its own status.

/// What the asking program adds to the command.
struct Asking {
    /// The program's own colours (the drop-in's NEWT_COLORS or DIALOGRC); --theme and ALERTTY_THEME win.
    var theme: ThemeFile?
    /// Where the answer will go: closed, nothing is asked (a password typed for nothing).
    var answerDescriptor: FileDescriptor = 1
    /// Descriptors that were closed when alertty started (now held on /dev/null).
    var closed: Set<FileDescriptor> = []
    /// Sources ahead of the alert's own, taking the effects they know first (pinentry's quality
    /// meter, measured by gpg-agent).
    var sources: [any EventSource] = []
    /// dialog's --tailboxbg boxes, drawn behind the box.
    var behind: [Layered.Layer] = []
    /// The box follows a file as dialog's --tailbox does (Tab hands it the keys as a follower).
    var frontFollows = false
    /// Asked for another process, by the alertty a popup runs or by an agent: it never pops up
    /// again, and keys are taken only once the keyboard is quiet (the person did not open it).
    var servedFor: Served?
    enum Served {
        /// In a tmux popup: the box is the whole popup, at once.
        case popup
        /// By `alertty agent` in the person's own terminal: the box as inline, with who asks
        /// and since when across the top of the screen.
        case agent(asker: String)
    }
    /// Where --describe prints the prompt: stdout, but stderr for askpass, whose stdout its
    /// caller takes for the secret.
    var descriptionDescriptor: FileDescriptor = 1
    /// The strength meter is measured by the caller through `sources` (gpg-agent's quality
    /// inquiry): an alertty asking elsewhere (a popup, an agent) cannot reach it.
    var meterIsTheCallers = false
}

/// What came of asking.
enum Ran {
    /// The alert ended: the outcome to deliver, the byte after the answer (nil: none), and whether
    /// an ending by Ctrl-C read as a key interrupts the whole job.
    case ended(Outcome, terminator: UInt8?, wholeJob: Bool)
    /// alertty did not ask (a usage error, no terminal, a closed stdout: reported already; or
    /// --describe printed the prompt instead).
    case failed(ExitStatus)
    /// progress could not run its command (reported): the shell's 127.
    case notRun
}

extension Ran {
    /// The status to exit with once the answer is delivered with `delivered` (each program maps
    /// the outcome, its exit code too, by its own table); an ending by a signal is died of here,
    /// the terminal already restored.
    func conclude(_ delivered: Int32) -> Int32 {
        if case .ended(let outcome, _, let wholeJob) = self, let ending = outcome.signal, let signal = outcome.status.signal {
            Platform.die(of: signal, wholeGroup: wholeJob && ending == .job)
        }
        return delivered
    }
}

enum Ask {
    /// The most a `-` argument (a message, a field's value) reads from stdin.
    static let stdinLimit = Limits.stdin

    static func usage(_ error: UsageError) -> Ran {
        App.report(error.message)
        return .failed(.usage)
    }

    /// Where a prepared question is asked: one row per way of asking, decided by the command,
    /// the program asking and the environment alone (no terminal is opened to decide it).
    enum Channel: Equatable {
        /// --describe: the prompt printed, never asked.
        case describe
        /// Answered before anything is drawn (choose --select-if-one).
        case immediate
        /// Answered without a person: by name (ALERTTY_ANSWER_<ID>, a credential), or the defaults.
        case scripted
        /// A tmux popup, the user's queue and its agents, systemd's agents (--popup).
        case popup
        /// Line mode on the terminal (--plain, TERM=dumb).
        case line
        /// The box on the terminal.
        case box
    }

    /// The channel for a question: the first row that applies.
    static func route(_ command: ParsedCommand, asking: Asking, immediate: Bool, answeredWithoutAPerson: Bool,
                      environment: (String) -> String?) -> Channel {
        if command.has(.describe) { return .describe }
        if immediate { return .immediate }
        if answeredWithoutAPerson { return .scripted }
        if asking.servedFor == nil && asking.behind.isEmpty && Popup.wanted(command, environment: environment) { return .popup }
        return plainMode(command, environment: environment) ? .line : .box
    }

    /// A question ready to be asked: the alert built, its look, who answers, and what was read
    /// of stdin (a popup's alertty reads it in its turn). (A class: one question, passed to each
    /// step, never copied.)
    final class Prepared {
        let command: ParsedCommand
        let asking: Asking
        var built: BuiltAlert
        var options: RunOptions
        let answerer: Answerer
        let answersFile: AnswersFile?
        let environment: (String) -> String?
        let stdin: StdinTaken

        init(command: ParsedCommand, asking: Asking, built: BuiltAlert, options: RunOptions, answerer: Answerer,
             answersFile: AnswersFile?, environment: @escaping (String) -> String?, stdin: StdinTaken) {
            (self.command, self.asking, self.built, self.options) = (command, asking, built, options)
            (self.answerer, self.answersFile, self.environment, self.stdin) = (answerer, answersFile, environment, stdin)
        }
    }

    /// What was read of stdin, once.
    final class StdinTaken {
        var used = false
        var bytes: [UInt8] = []
        deinit { bytes.resetBytes() }
    }

    static func command(_ command: ParsedCommand, _ asking: Asking = Asking()) -> Ran {
        // A reader that went away (`alertty … | head -c0`) gets a clear error and exit 4, not a silent SIGPIPE death.
        Platform.ignoreBrokenPipes()
        let question: Prepared
        do { question = try prepare(command, asking) } catch { return usage(error) }
        let channel = route(command, asking: asking, immediate: question.built.immediate,
                            answeredWithoutAPerson: question.answerer.scriptedAnswers != nil, environment: question.environment)
        if channel == .describe { return describe(question) }
        if !asking.behind.isEmpty || asking.frontFollows {
            let make = question.built.makeAlert
            question.built.makeAlert = { Layered(front: make(), layers: asking.behind, frontFollows: asking.frontFollows) }
        }
        // An answer that could not be delivered must not be asked for (a password typed for nothing).
        let fd = asking.answerDescriptor
        if question.built.printsAnswer, asking.closed.contains(fd) || !Platform.isOpen(fd) {
            App.report(fd == 1 ? "stdout is closed: the answer could not be delivered" : "descriptor \(fd) is closed: the answer could not be delivered")
            return .failed(.internalError)
        }
        // Memory is protected before a secret can be in it: now when one already is (a preset
        // read from stdin); else when the answers come from the environment or line mode asks,
        // and in the box once its first frame is out, before it reads a key.
        if question.built.secretAtStart { Platform.protectSecrets() }
        do { try look(command, asking, question.environment, &question.options) } catch { return usage(error) }
        if channel == .immediate {
            var alert = question.built.makeAlert()
            for case .finish(let outcome) in alert.update(.start) {
                return .ended(outcome, terminator: question.built.terminator, wholeJob: false)
            }
        }
        do { try checkAnswersByName(question) } catch { return usage(error) }
        if channel == .scripted { return scriptedByName(question) }
        // A person answers from here on: the record is opened first (a file that must not be
        // trusted is said before anything is asked).
        let record: AnswerRecord?
        do { record = try AnswerRecord.open(command, environment: question.environment) } catch { return usage(error) }
        defer { record?.close() }
        if channel == .popup, let ran = inPopup(question, record: record) { return ran }
        return onTerminal(question, line: plainMode(command, environment: question.environment), record: record)
    }

    /// The command made into a question: the answers file read, the alert built (every usage
    /// error found here, before anything is drawn), who answers it.
    static func prepare(_ command: ParsedCommand, _ asking: Asking) throws(UsageError) -> Prepared {
        // The environment, with ALERTTY_ANSWERS's answers under it.
        let answersFile = try AnswersFile.named(in: Platform.environment)
        let environment = AnswersFile.environment(answersFile, over: Platform.environment)
        let stdin = StdinTaken()
        let keepsStdin = asking.servedFor == nil && Popup.wanted(command, environment: environment)
        let readStdin = { () throws(UsageError) -> [UInt8] in
            guard !stdin.used else { throw UsageError("only one argument can be read from stdin (`-`)") }
            stdin.used = true
            // Bounded: endless input must not take endless memory; a long text belongs in the pager.
            do throws(PlatformError) {
                let bytes = try Platform.readToEnd(0, limit: stdinLimit)
                if keepsStdin { stdin.bytes = bytes }
                return bytes
            } catch {
                if error.isTooBig { throw UsageError("stdin holds more than \(stdinLimit >> 20) MiB; show long text with `alertty text -`") }
                throw UsageError(error.message)
            }
        }
        let built = try AlertFactory.make(command, environment: environment, readStdin: readStdin)
        return Prepared(command: command, asking: asking, built: built, options: built.options,
                        answerer: Answerer(command, fieldNames: built.fieldNames, environment: environment),
                        answersFile: answersFile, environment: environment, stdin: stdin)
    }

    /// A description is never an answer: its own status in every program, so `confirm && wipe`
    /// does not wipe when ALERTTY_OPTIONS=--describe lists a script's prompts.
    static func describe(_ question: Prepared) -> Ran {
        guard Describe.write(question.command, built: question.built, to: question.asking.descriptionDescriptor) else {
            App.report("could not write the description")
            return .failed(.internalError)
        }
        return .failed(.described)
    }

    /// Answers by name that name nothing of this prompt, or that could not be read, are errors
    /// of this prompt (another prompt's bad line is not).
    static func checkAnswersByName(_ question: Prepared) throws(UsageError) {
        let (answerer, built) = (question.answerer, question.built)
        guard let variable = answerer.variable else { return }
        // A variable for a field the form does not have is a typo: said, never a default taken
        // in its place. (An --id that is another's id and `_FIELD` would be taken for one.)
        if !built.fieldNames.isEmpty {
            let known = Set(built.fieldNames.map { variable + "_" + Answerer.shellName($0) })
            let named = Platform.environmentNames(startingWith: variable + "_") + (question.answersFile?.names(startingWith: variable + "_") ?? [])
            if let unknown = named.sorted().first(where: { !known.contains($0) }) {
                throw UsageError("\(unknown) answers no field of \(answerer.promptName) (its fields: "
                                 + built.fieldNames.joined(separator: ", ") + ")")
            }
        }
        if let problem = question.answersFile?.problem(
            answering: [variable] + built.fieldNames.map { variable + "_" + Answerer.shellName($0) }, environment: Platform.environment) {
            throw problem
        }
    }

    /// Answers without a person: named by --id, or the defaults when no one is to be asked.
    static func scriptedByName(_ question: Prepared) -> Ran {
        let (answerer, command) = (question.answerer, question.command)
        if answerer.nonInteractive && !answerer.answeredByName && !hasDefault(command) {
            App.report("\(answerer.promptName) has no default to take without a person (ALERTTY_NONINTERACTIVE)"
                       + (answerer.variable.map { "; set \($0)" } ?? ""))
            return .failed(.noTerminal)
        }
        return scripted(question.built, answers: answerer.scriptedAnswers!, promptName: answerer.promptName)
    }

    /// Asked on the terminal, in line mode or the box; without one, what a job gets.
    static func onTerminal(_ question: Prepared, line: Bool, record: AnswerRecord?) -> Ran {
        let (command, built) = (question.command, question.built)
        var options = question.options
        let path = command.string(.tty) ?? "/dev/tty"
        // The terminal first: without one, nothing slow (listing a big folder) is done for nothing.
        let frontEnd: any FrontEnd
        do {
            let waitingSecret = built.secret && !built.secretAtStart
            if line {
                let lines = try LineFrontEnd(path: path, unicode: options.unicode)
                if case .agent(let asker) = question.asking.servedFor { lines.announce(asker) }
                frontEnd = lines
                if waitingSecret { Platform.protectSecrets() }
            } else {
                options.protectSecretsBeforeKeys = waitingSecret
                frontEnd = BoxFrontEnd(session: try TerminalSession(path: path, modal: !options.inline), options: options)
            }
        } catch {
            return withoutATerminal(question, error)
        }
        // Taken before a command starts, so its first write to the terminal already waits to be lent it.
        // The runner alone holds it: it gives the terminal's modes back when the loop ends.
        var loan = built.progress?.command != nil ? TerminalLoan() : nil
        guard let sources = sources(for: built, captureOutput: true).map({ question.asking.sources + $0 }) else { return .notRun }
        let runner = Runner(frontEnd: frontEnd, alert: built.makeAlert(), sources: sources, timeout: options.timeout,
                            takeDefaultOnTimeout: options.takeDefaultOnTimeout, countdownFrom: options.countdownFrom,
                            loan: loan)
        loan = nil
        let outcome = runner.run()
        // A script's mistake found once the alert was up (a --selected that names none of the
        // items read): said on stderr, as a usage error before drawing is.
        if outcome.status == .usage, let report = outcome.report { App.report(report) }
        record?.note(command, secret: built.secret, outcome: outcome)
        return .ended(outcome, terminator: built.terminator, wholeJob: frontEnd.readsJobKeys)
    }

    /// No terminal to ask on: progress still runs its command (or reads its gauge) with no UI;
    /// anything else is said, with how to answer it without a person.
    static func withoutATerminal(_ question: Prepared, _ error: PlatformError) -> Ran {
        if let progress = question.built.progress {
            if progress.command != nil {
                return scripted(question.built, answers: ScriptedAnswers(.defaults), promptName: question.answerer.promptName)
            }
            // A gauge with no one to show it to reads its input to the end (the producer is
            // never killed by a closed pipe) and succeeds, as progress around a command does.
            while Platform.read(0, max: 65536) != nil {}
            return .ended(Outcome(.ok), terminator: nil, wholeJob: false)
        }
        let command = question.command
        App.report("no terminal to ask on (\(error.message)); run it from a terminal, "
                   + (command.verbatim ? "" : "pass --tty PATH, ") + withoutAPerson(command, question.answerer))
        return .failed(.noTerminal)
    }

    /// Asked through a popup (or an agent, where no popup can be shown): what came of it, or nil
    /// to ask inline (a terminal that is not tmux's).
    static func inPopup(_ question: Prepared, record: AnswerRecord?) -> Ran? {
        let (command, asking, built, options, answerer) = (question.command, question.asking, question.built, question.options, question.answerer)
        let environment = question.environment
        let terminal = Platform.canOpenTerminal(command.string(.tty) ?? "/dev/tty")
        var stdinTaken = question.stdin.bytes
        defer { stdinTaken.resetBytes() }
        // A secret may pass through this process: protected as inline protects it.
        if built.secret && !built.secretAtStart { Platform.protectSecrets() }
        let theme = Theme(colors: options.colors, unicode: options.unicode, squareCorners: options.squareCorners,
                          file: options.theme ?? Theme.defaultFile)
        // A list piped in that ends at once (four items) is sized as it is, not given room to grow.
        var forwards = built.readsStdinStream
        var arrived: [UInt8]?
        if forwards && built.progress == nil {
            let early = Platform.readWhileArriving(0, limit: 1 << 16, waitMs: 50)
            stdinTaken += early.bytes
            if early.ended { (forwards, arrived) = (false, early.bytes) }
        }
        let size = { [stdinForwarded = forwards] (tmux: Popup.Tmux) -> (width: Int, height: Int) in
            let scene = Scene(columns: tmux.columns, rows: tmux.rows, modal: true, width: options.width, height: options.height,
                              theme: theme, backtitle: options.backtitle)
            var alert = built.makeAlert()
            if let arrived { _ = alert.update(.input(arrived)) + alert.update(.inputEnded) }
            var size = scene.boxSize(for: alert)
            // A list still to stream in is given room for it (a popup keeps the size it opens with).
            if stdinForwarded { size.height = max(size.height, tmux.rows * 2 / 3) }
            return size
        }
        // A line of text may also be answered by systemd's password agents.
        let alsoPosted = { (deadline: UInt64?) -> (any OtherChannel)? in
            guard built.asksOneLine else { return nil }
            return SystemdAsk.Posted(message: SystemdAsk.message(command, secret: built.secret, asker: Popup.Asker.current()), echo: !built.secret,
                                     deadline: deadline, id: String(Platform.processID),
                                     answer: { typed in answering(built, with: typed, promptName: answerer.promptName) })
        }
        switch Popup.reach(command, asking: asking, terminal: terminal, environment: environment,
                           timeout: options.timeout, stdinTaken: stdinTaken, forwardsStdin: forwards, size: size,
                           alsoPost: alsoPosted) {
        case .inline:
            return nil
        case .nowhere(let why):
            App.report("no terminal to ask on and no popup to show: \(why); " + withoutAPerson(command, answerer))
            return .failed(.noTerminal)
        case .timedOut:
            // No one answered in time: nothing to record; the default when asked to take it.
            if options.takeDefaultOnTimeout { return scripted(built, answers: ScriptedAnswers(.defaults), promptName: answerer.promptName) }
            return .ended(Outcome(.timeout), terminator: nil, wholeJob: false)
        case .ran(let ran):
            if case .ended(let outcome, _, _) = ran { record?.note(command, secret: built.secret, outcome: outcome) }
            return ran
        }
    }

    /// How a prompt is answered with no one there, in words its caller can act on: a whiptail or
    /// dialog call can have no --id, so the environment's default is its way.
    static func withoutAPerson(_ command: ParsedCommand, _ answerer: Answerer) -> String {
        if command.verbatim { return "or set ALERTTY_NONINTERACTIVE=1 to take its default" }
        let byName = answerer.variable.map { "set \($0)" } ?? "give it an --id and set ALERTTY_ANSWER_<ID>"
        return "\(byName) to answer it, or take its default with --non-interactive"
    }

    /// The box's look and timing from the command and the environment: colour, theme, glyphs,
    /// placement, animation, the idle timeout and the countdown. A wrong theme is a usage error,
    /// found before anything is drawn.
    static func look(_ command: ParsedCommand, _ asking: Asking, _ environment: (String) -> String?,
                     _ options: inout RunOptions) throws(UsageError) {
        let choice = ColorMode.Choice(rawValue: command.string(.color) ?? "auto") ?? .auto
        options.colors = ColorMode.detect(choice: choice, environment: environment)
        // --theme, else ALERTTY_THEME, else the drop-in's program's colours.
        options.theme = asking.theme
        if let theme = command.string(.theme) ?? environment("ALERTTY_THEME").flatMap({ $0.isEmpty ? nil : $0 }) {
            do { options.theme = try ThemeFile.load(theme) } catch {
                throw command.string(.theme) == nil ? UsageError("ALERTTY_THEME: " + error.message) : error
            }
        }
        options.unicode = Theme.localeIsUTF8(environment: environment)
        options.squareCorners = environment("TERM") == "linux"
        options.backtitle = command.string(.backtitle)
        options.inline = command.has(.inline)
        // Animation needs the modal screen and colour to mean anything.
        // A progress box is shown many times by a script: it appears at once.
        options.animate = !command.has(.noAnimation) && !options.inline && options.colors != .none && !command.alert.runsCommand
        options.timeout = command.seconds(.timeout)
        // (A prompt with no default has none to take: it times out, as without the flag.)
        options.takeDefaultOnTimeout = command.string(.onTimeout) == "default" && hasDefault(command)
        if let seconds = command.seconds(.countdown) {
            // dialog's pause: the default is taken when the seconds shown run out.
            options.timeout = seconds
            options.takeDefaultOnTimeout = true
            options.countdownFrom = Int(seconds.rounded(.up))
        }
        options.width = command.int(.width)
        if let begin = command.string(.begin) {
            let parts = begin.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let row = Int(parts[0]), let column = Int(parts[1]), row >= 0, column >= 0 else {
                throw UsageError("--begin takes ROW,COL (two numbers from 0, as 2,10), not '\(Sanitize.excerpt(begin))'")
            }
            options.begin = ScreenPosition(row: row, column: column)
        }
        if let margin = command.int(.margin) { options.margin = margin }
        options.height = command.int(.height)
        if asking.servedFor != nil {
            // The person did not open it: what they were typing elsewhere must not answer it.
            options.quietKeyboardFirst = Popup.quietKeyboard
        }
        if case .agent(let asker) = asking.servedFor { options.backtitle = asker }
        if case .popup = asking.servedFor {
            // The popup was sized to the box: the box fills it, and the popup itself is the pop-in.
            options.fillsTerminal = true
            options.animate = false
            options.inline = false
            options.backtitle = nil
        }
    }

    /// An alert that asks nothing, shown by the box in `mode` on the terminal at `tty` (dialog's
    /// infobox drawn once, --no-kill boxes kept showing): the same loop, no keys. No terminal:
    /// nothing to show it on, and an infobox never fails.
    static func show(_ alert: any Alert, mode: BoxFrontEnd.Mode, tty: String, options: RunOptions, behind: [Layered.Layer] = []) -> Ran {
        guard let session = try? TerminalSession(path: tty, modal: true) else { return .ended(Outcome(.ok), terminator: nil, wholeJob: false) }
        var options = options
        options.animate = false
        let frontEnd = BoxFrontEnd(session: session, options: options, mode: mode)
        let shown = behind.isEmpty ? alert : Layered(front: alert, layers: behind)
        return .ended(Runner(frontEnd: frontEnd, alert: shown).run(), terminator: nil, wholeJob: false)
    }

    /// No one to ask: the alert answered from the environment or by its defaults, through the same loop.
    /// `report` says why an answer was refused (stderr, unless the caller says it its own way).
    static func scripted(_ built: BuiltAlert, answers: ScriptedAnswers, promptName: String,
                         report: @escaping (String) -> Void = App.report) -> Ran {
        // The answers are in memory already (a preset was protected at once).
        if built.secret && !built.secretAtStart { Platform.protectSecrets() }
        // No one sees a command's output but the script's log: it goes there as it comes.
        guard let sources = sources(for: built, captureOutput: false) else { return .notRun }
        let frontEnd = ScriptedFrontEnd(answers, promptName: promptName, report: report)
        let outcome = Runner(frontEnd: frontEnd, alert: built.makeAlert(), sources: sources).run()
        return .ended(outcome, terminator: built.terminator, wholeJob: false)
    }

    /// An answer typed elsewhere (an agent of systemd's), checked by the alert's own rules through
    /// the same loop: what came of it, or why it was refused.
    static func answering(_ built: BuiltAlert, with typed: String, promptName: String) -> Result<Ran, SystemdAsk.Skipped> {
        var reason: String?
        let ran = scripted(built, answers: ScriptedAnswers(.environment({ $0 == nil ? typed : nil })), promptName: promptName,
                           report: { reason = $0 })
        guard case .ended(let outcome, _, _) = ran else { return .failure(SystemdAsk.Skipped("it could not be checked")) }
        if outcome.status == .usage { return .failure(SystemdAsk.Skipped(reason ?? "it breaks the prompt's rules")) }
        return .success(ran)
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
            App.report(error.message)
            return nil
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
}

/// Who answers, by the command and the environment: a person, or a script by name
/// (ALERTTY_ANSWER_<ID>, and ALERTTY_ANSWER_<ID>_<FIELD> for a form), or the defaults
/// (ALERTTY_NONINTERACTIVE=1, --non-interactive).
struct Answerer {
    let promptName: String
    /// The variable that answers the prompt, when it has an --id.
    let variable: String?
    let nonInteractive: Bool
    let answeredByName: Bool
    let scriptedAnswers: ScriptedAnswers?

    init(_ command: ParsedCommand, fieldNames formFields: [String], environment: @escaping (String) -> String?) {
        let id = command.string(.id)
        promptName = id.map { "prompt '\($0)'" } ?? "the prompt"
        let variable = id.map { "ALERTTY_ANSWER_" + Answerer.shellName($0) }
        self.variable = variable
        nonInteractive = command.has(.nonInteractive) || (environment("ALERTTY_NONINTERACTIVE").map { !$0.isEmpty && $0 != "0" } ?? false)
        // A service's credential first (systemd's LoadCredential=, SetCredential=), then the environment.
        let lookup: (String?) -> String? = { field in
            guard let variable, let id else { return nil }
            return Answerer.credential(field.map { id + "." + $0 } ?? id, environment: environment)
                ?? environment(field.map { variable + "_" + Answerer.shellName($0) } ?? variable)
        }
        answeredByName = variable != nil && (lookup(nil) != nil || formFields.contains { lookup($0) != nil })
        if answeredByName {
            // A form's fields not named keep their defaults; the prompt itself must be named.
            let isForm = !formFields.isEmpty
            scriptedAnswers = ScriptedAnswers(.environment({ field in field == nil && isForm ? nil : lookup(field) }))
        } else if nonInteractive {
            scriptedAnswers = ScriptedAnswers(.defaults)
        } else {
            scriptedAnswers = nil
        }
    }

    /// systemd's credential for a prompt: $CREDENTIALS_DIRECTORY/ID (a form's field: ID.FIELD),
    /// one trailing newline dropped. The documented way to give a service its secrets: a file
    /// only the service may read, where a variable is readable in /proc/PID/environ.
    static func credential(_ name: String, environment: (String) -> String?) -> String? {
        guard let folder = environment("CREDENTIALS_DIRECTORY"), folder.hasPrefix("/"), !name.contains("/"),
              var bytes = try? Platform.readFile(folder + "/" + name, limit: Limits.answer) else { return nil }
        defer { bytes.resetBytes() }
        if bytes.last == 0x0A { bytes.removeLast() }
        return String(validating: bytes, as: UTF8.self)
    }

    /// An --id or field name as it appears in a variable: upper case, `-` as `_`.
    static func shellName(_ name: String) -> String {
        String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}
