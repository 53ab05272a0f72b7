// Asked on the terminal: line mode (--plain, TERM dumb) or the box. With no terminal to open,
// what a job gets: progress still runs its command, anything else is said, with how to answer
// it without a person.

struct TerminalChannel: Channel {
    /// Line mode, else the box.
    let line: Bool
    var name: String { line ? "line" : "box" }
    var needs: Ask.Readiness { .recorded }

    func ask(_ question: Ask.Prepared, record: AnswerRecord?) -> Ran {
        let (command, built) = (question.command, question.built)
        var options = question.options
        let path = command.string(.tty) ?? "/dev/tty"
        // The terminal first: without one, nothing slow (listing a big folder) is done for nothing.
        let frontEnd: any FrontEnd
        do {
            let waitingSecret = built.secret && !built.secretAtStart
            if line {
                let lines = try LineFrontEnd(path: path, unicode: options.unicode, keep: options.keep)
                if case .agent(let asker) = question.asking.servedFor { lines.announce(asker) }
                frontEnd = lines
                if waitingSecret { Platform.protectSecrets() }
            } else {
                options.protectSecretsBeforeKeys = waitingSecret
                frontEnd = BoxFrontEnd(session: try TerminalSession(path: path, modal: !options.inline), options: options)
            }
        } catch {
            return Self.withoutATerminal(question, error)
        }
        // Taken before a command starts, so its first write to the terminal already waits to be lent it.
        // The runner alone holds it: it gives the terminal's modes back when the loop ends.
        var loan = built.progress?.command != nil ? TerminalLoan() : nil
        guard let sources = Ask.sources(for: built, captureOutput: true).map({ question.asking.sources + $0 }) else { return .notRun }
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
    static func withoutATerminal(_ question: Ask.Prepared, _ error: PlatformError) -> Ran {
        if let progress = question.built.progress {
            if progress.command != nil {
                return Ask.scripted(question.built, answers: ScriptedAnswers(.defaults), promptName: question.answerer.promptName)
            }
            // A gauge with no one to show it to reads its input to the end (the producer is
            // never killed by a closed pipe) and succeeds, as progress around a command does.
            while Platform.read(0, max: 65536) != nil {}
            return .ended(Outcome(.ok), terminator: nil, wholeJob: false)
        }
        let command = question.command
        App.report("no terminal to ask on (\(error.message)); " + Ask.reachingAPerson(command) + "; or run it from a terminal, "
                   + (command.suggestsFlags ? "pass --tty PATH, " : "") + Ask.withoutAPerson(command, question.answerer))
        return .failed(.noTerminal)
    }
}

extension Ask {
    /// How a job with no terminal (cron, a timer) reaches the person, in its caller's words:
    /// what a cron user needs to read first.
    static func reachingAPerson(_ command: ParsedCommand) -> String {
        let how = command.suggestsFlags ? "add --popup --timeout SECONDS" : "set ALERTTY_POPUP=1 and ALERTTY_OPTIONS='--timeout SECONDS'"
        return "to reach a person from cron, " + how + " (a popup on their tmux client, or `alertty agent` in any terminal of theirs)"
    }

    /// How a prompt is answered with no one there, in words its caller can act on: a whiptail or
    /// dialog call can have no --id, so the environment's default is its way.
    static func withoutAPerson(_ command: ParsedCommand, _ answerer: Answerer) -> String {
        if !command.suggestsFlags { return "or set ALERTTY_NONINTERACTIVE=1 to take its default" }
        let byName = answerer.variable.map { "set \($0)" } ?? "give it an --id and set ALERTTY_ANSWER_<ID>"
        return "\(byName) to answer it, or take its default with --non-interactive"
    }
}
