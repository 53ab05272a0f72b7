// Asked where the person is, not on this terminal (--popup, ALERTTY_POPUP): a tmux popup over
// the pane or on the user's own client, the user's queue and its agents, systemd's password
// agents. A terminal that is not tmux's asks inline, as without it.

struct PopupChannel: Channel {
    var name: String { "popup" }
    var needs: Ask.Readiness { .recorded }

    func ask(_ question: Ask.Prepared, record: AnswerRecord?) -> Ran {
        Self.inPopup(question, record: record)
            ?? TerminalChannel(line: Ask.plainMode(question.command, environment: question.environment)).ask(question, record: record)
    }

    /// Asked through a popup (or an agent, where no popup can be shown): what came of it, or nil
    /// to ask inline (a terminal that is not tmux's).
    static func inPopup(_ question: Ask.Prepared, record: AnswerRecord?) -> Ran? {
        let (command, built, options, answerer) = (question.command, question.built, question.options, question.answerer)
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
        let size = { [stdinForwarded = forwards] (columns: Int, rows: Int) -> (width: Int, height: Int) in
            let scene = Scene(columns: columns, rows: rows, modal: true, width: options.width, height: options.height,
                              theme: theme, backtitle: options.backtitle)
            var alert = built.makeAlert()
            if let arrived { _ = alert.update(.input(arrived)) + alert.update(.inputEnded) }
            var size = scene.boxSize(for: alert)
            // A list still to stream in is given room for it (a popup keeps the size it opens with).
            if stdinForwarded { size.height = max(size.height, rows * 2 / 3) }
            return size
        }
        switch Popup.reach(question, terminal: terminal, stdinTaken: stdinTaken, forwardsStdin: forwards, size: size) {
        case .inline:
            return nil
        case .nowhere(let why):
            App.report("no terminal to ask on and no popup to show: \(why); " + Ask.withoutAPerson(command, answerer))
            return .failed(.noTerminal)
        case .timedOut:
            // No one answered in time: nothing to record; the default when asked to take it —
            // but never a --countdown's, which counts only where a person sees it: never shown,
            // it timed out as with --timeout.
            if options.takeDefaultOnTimeout && !command.has(.countdown) { return Ask.scripted(built, answers: ScriptedAnswers(.defaults), promptName: answerer.promptName) }
            return .ended(Outcome(.timeout), terminator: nil, wholeJob: false)
        case .ran(let ran):
            if case .ended(let outcome, _, _) = ran { record?.note(command, secret: built.secret, outcome: outcome) }
            return ran
        }
    }
}
