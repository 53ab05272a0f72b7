// The one way a command is asked, whichever program asks it (alertty, whiptail, dialog, askpass,
// pinentry, a popup's alertty): the command prepared into a question (the alert built, who
// answers), routed to a channel (Channels/: a person in the box or in line mode, a popup, a
// script by name or the defaults), made ready as far as that channel needs, and asked.
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

    /// Asks `command` through the channel its route names, made ready as far as that channel needs.
    static func command(_ command: ParsedCommand, _ asking: Asking = Asking()) -> Ran {
        let question: Prepared
        do { question = try prepare(command, asking) } catch { return usage(error) }
        return ask(question, through: route(question))
    }

    /// Asked on this terminal, as the caller that routed it said: by the alertty a popup runs or
    /// an agent's (it never pops up again; nothing is recorded or answered by name here).
    /// `read`: the files the asking process read, made from as they were.
    static func here(_ command: ParsedCommand, _ asking: Asking, read: [AlertReads.File]) -> Ran {
        let question: Prepared
        do { question = try prepare(command, asking, read: read) } catch { return usage(error) }
        return ask(question, through: TerminalChannel(line: plainMode(command, environment: question.environment)), keepsRecord: false)
    }

    /// Asks `question` through `channel` once it is as ready as the channel needs; `keepsRecord`:
    /// ALERTTY_RECORD is kept here (its caller keeps it for a question asked for another).
    static func ask(_ question: Prepared, through channel: any Channel, keepsRecord: Bool = true) -> Ran {
        if channel.needs >= .deliverable, let failed = makeDeliverable(question) { return failed }
        do throws(UsageError) {
            if channel.needs >= .answersChecked { try checkAnswersByName(question) }
            // A person answers from here on: the record is opened first (a file that must not be
            // trusted is said before anything is asked).
            let kept = channel.needs >= .recorded && keepsRecord ? try AnswerRecord.open(question.command, environment: question.environment) : nil
            defer { kept?.close() }
            return channel.ask(question, record: kept)
        } catch {
            return usage(error)
        }
    }

    /// Made ready to ask: boxes behind it layered, its answer deliverable, memory guarded, its
    /// look and timing read. Why not, when it cannot be.
    static func makeDeliverable(_ question: Prepared) -> Ran? {
        let asking = question.asking
        if !asking.behind.isEmpty || asking.frontFollows {
            let make = question.built.makeAlert
            question.built.makeAlert = { Layered(front: make(), layers: asking.behind, frontFollows: asking.frontFollows) }
            if !asking.behind.isEmpty { question.built.sources.append(DocumentFollower(asking.behind.map(\.view.document))) }
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
        do { try look(question.command, asking, question.environment, &question.options) } catch { return usage(error) }
        return nil
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

    /// The command made into a question: the answers file read, the alert built (every usage
    /// error found here, before anything is drawn), who answers it. `read`: whole files given
    /// with a question asked for another process, taken rather than read again.
    static func prepare(_ command: ParsedCommand, _ asking: Asking, read: [AlertReads.File] = []) throws(UsageError) -> Prepared {
        // A reader that went away (`alertty … | head -c0`, a popup's caller killed) gets a clear
        // error and exit 4, not a silent SIGPIPE death before anything is cleaned up.
        Platform.ignoreBrokenPipes()
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
        let built = try AlertFactory.make(command, environment: environment, reads: AlertReads(given: read, stdin: readStdin))
        return Prepared(command: command, asking: asking, built: built, options: built.options,
                        answerer: try Answerer(command, fieldNames: built.fieldNames, environment: environment),
                        answersFile: answersFile, environment: environment, stdin: stdin)
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

    /// An alert that asks nothing, shown by the box in `mode` on the terminal at `tty` (dialog's
    /// infobox drawn once, --no-kill boxes kept showing): the same loop, no keys. No terminal:
    /// nothing to show it on, and an infobox never fails.
    /// `following`: files the alert itself follows, besides the boxes behind it.
    static func show(_ alert: any Alert, mode: BoxFrontEnd.Mode, tty: String, options: RunOptions, behind: [Layered.Layer] = [],
                     following: [any TextDocument] = []) -> Ran {
        guard let session = try? TerminalSession(path: tty, modal: true) else { return .ended(Outcome(.ok), terminator: nil, wholeJob: false) }
        var options = options
        options.animate = false
        let frontEnd = BoxFrontEnd(session: session, options: options, mode: mode)
        let shown = behind.isEmpty ? alert : Layered(front: alert, layers: behind)
        let followed = behind.map(\.view.document) + following
        return .ended(Runner(frontEnd: frontEnd, alert: shown, sources: followed.isEmpty ? [] : [DocumentFollower(followed)]).run(),
                      terminator: nil, wholeJob: false)
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
    static func answering(_ built: BuiltAlert, with typed: [UInt8], promptName: String) -> Result<Ran, SystemdAsk.Skipped> {
        var reason: String?
        let ran = scripted(built, answers: ScriptedAnswers(.typed(ScriptedAnswers.TypedAnswer(typed))), promptName: promptName,
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
        command.enterIsDefault || command.alert.descriptor.hasDefault(command)
    }

    /// A switch in the environment (ALERTTY_POPUP, ALERTTY_PLAIN, ALERTTY_KEEP…): on when set,
    /// not empty and not 0.
    static func switchedOn(_ name: String, _ environment: (String) -> String?) -> Bool {
        guard let value = environment(name) else { return false }
        return !value.isEmpty && value != "0"
    }

    /// Line mode: asked for, or a terminal that cannot do a box (TERM dumb or unset).
    static func plainMode(_ command: ParsedCommand, environment: (String) -> String?) -> Bool {
        if command.has(.plain) || switchedOn("ALERTTY_PLAIN", environment) || switchedOn("ACCESSIBLE", environment) { return true }
        let term = environment("TERM") ?? ""
        return term.isEmpty || term == "dumb"
    }
}
