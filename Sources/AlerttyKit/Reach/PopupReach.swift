// A question reaching the person through a popup dependably. One question at a time per
// person: jobs take their turn from the user's queue (QuestionQueue), oldest first. A popup that
// tmux did not show (the client already shows a popup or a menu) is shown again once it can be;
// one lost before an answer (the client detached, the server went away) is asked again on the
// next client that attaches — while --timeout lasts. Only the person's No, Cancel, Esc or their
// closing the popup is a No (exit 1); time running out is 124 and no one to ask is 3, and
// nothing is recorded for either. A job's popup says who asks and how many more wait.

extension Popup {
    enum Reached {
        /// Asked as without --popup (a terminal that is not tmux's).
        case inline
        /// No one to ask: said why.
        case nowhere(String)
        case ran(Ran)
        /// --timeout ran out before the person answered.
        case timedOut
    }

    /// How often a job waiting its turn, or for a client, looks again.
    static let lookAgain = 0.02, waitForClient = 0.25
    /// A wait with watches looks again this seldom all the same (a socket given elsewhere, a
    /// change no watch saw): bounded, never a loop.
    static let idleLook = 5.0

    static func reach(_ question: Ask.Prepared, terminal: Bool, stdinTaken: [UInt8], forwardsStdin: Bool,
                      size: @escaping (_ columns: Int, _ rows: Int) -> (width: Int, height: Int)) -> Reached {
        let (command, environment, timeout) = (question.command, question.environment, question.options.timeout)
        var place = Reach.place(command, terminal: terminal, environment: environment)
        switch place {
        case .inline: return .inline
        // Without --timeout there is no time to wait for someone: said at once, as ever.
        case .nowhere(let why) where timeout == nil: return .nowhere(why)
        default: break
        }
        let attempt = Attempt(question, terminal: terminal, stdinTaken: stdinTaken, forwardsStdin: forwardsStdin, size: size)
        defer { attempt.leave() }
        var clientWatches: [Platform.FolderWatch]?
        while true {
            guard attempt.waitTurn() else { return .timedOut }
            let (reached, pause): (Reached?, pause: Double)
            switch place {
            case .inline:
                return .inline
            case .at(let spot):
                attempt.withdrawOffer()
                (reached, pause) = attempt.show(at: spot)
            case .nowhere:
                // (The folder a client would come to, watched from the first wait for one.)
                if clientWatches == nil { clientWatches = Reach.arrivals(command, environment: environment) }
                (reached, pause) = attempt.offerToAgents(clientWatches: clientWatches ?? [])
            }
            if let reached { return reached }
            // (A question an agent shows ends there: its box keeps the time.)
            if attempt.pastDeadline && !attempt.shownByAnAgent { return .timedOut }
            Platform.pause(seconds: pause)
            place = Reach.place(command, terminal: terminal, environment: environment)
            if case .inline = place { return .inline }
        }
    }

    /// One question on its way to a person: its turn in the user's queue, the popup tries, and
    /// its copies offered elsewhere (`Reach.elsewhere`).
    final class Attempt {
        let question: Ask.Prepared
        var command: ParsedCommand { question.command }
        var asking: Asking { question.asking }
        let terminal: Bool
        let stdinTaken: [UInt8]
        let forwardsStdin: Bool
        /// The box's size on a screen of so many columns and rows.
        let size: (_ columns: Int, _ rows: Int) -> (width: Int, height: Int)
        let deadline: UInt64?
        let asker = Asker.current()
        let asked = Platform.now()
        let entry: String
        /// Its place in the queue (nil: the queue could not be used, said; asked all the same).
        var ticket: QuestionQueue.Ticket?
        /// Its copies offered elsewhere, by row of `Reach.elsewhere` — while no tmux client can be
        /// had, and for a job beside its popup too: the first to answer it wins.
        private var offered: [(row: String, copy: any OtherChannel)] = []
        private var refusals = 0, busy = 0, failures = 0
        private var saidShownInPopup = false

        /// A person elsewhere (an agent) has the question in front of them now.
        var shownByAnAgent: Bool { offered.contains { $0.copy.shown } }

        init(_ question: Ask.Prepared, terminal: Bool, stdinTaken: [UInt8], forwardsStdin: Bool,
             size: @escaping (_ columns: Int, _ rows: Int) -> (width: Int, height: Int)) {
            self.question = question
            (self.terminal, self.stdinTaken, self.forwardsStdin, self.size) = (terminal, stdinTaken, forwardsStdin, size)
            deadline = question.options.timeout.map { Platform.now() + UInt64($0 * 1e9) }
            entry = asker.entry(question.command)
            // One question at a time per person.
            do { ticket = try QuestionQueue.open().enter(entry) } catch { App.report(error.message) }
        }

        /// Done: taken away from every other channel first, then out of the queue — an agent
        /// that finds the queue's entry gone must not find the question still posted for
        /// systemd's agents and ask it again.
        func leave() {
            withdrawAll()
            ticket?.leave()
        }

        /// Every copy offered elsewhere taken away.
        private func withdrawAll() {
            for (_, copy) in offered { copy.withdraw() }
            offered = []
        }

        /// Seconds left before the deadline (negative once past it), nil without --timeout.
        var left: Double? { deadline.map { Double(Int64(bitPattern: $0 &- Platform.now())) / 1e9 } }
        var pastDeadline: Bool { deadline.map { Platform.now() >= $0 } ?? false }

        /// Waits while questions asked before it wait; false when its time ran out meanwhile.
        /// Each waiting job watches only the question just before it: its going (answered,
        /// withdrawn, timed out) wakes that one job, not the crowd, and so does its process
        /// ending (a job killed with SIGKILL leaves its entry behind), through a pidfd. Where
        /// either cannot be watched, a look each second; else one a minute, a bound, not a loop.
        func waitTurn() -> Bool {
            guard let ticket, var previous = ticket.previous() else { return true }
            // A job stopped while it waits (cron's timeout, systemd stopping a unit, Ctrl-C in
            // its terminal) leaves the queue first, then dies of the signal as it would have.
            let endings: [Platform.Signal] = [.interrupt, .terminate, .hangup, .quit]
            let signals = Platform.catchSignals(endings)
            defer { Platform.restoreDefaultSignals(endings) }
            func stopped() {
                guard let which = Platform.drainSignals().first else { return }
                leave()
                Platform.die(of: which, wholeGroup: false)
            }
            while true {
                if pastDeadline { return false }
                let path = ticket.queue.folder + "/" + previous.name
                var watch = Platform.FolderWatch(path, file: true)
                let ending = Platform.ProcessWatch(previous.pid, start: previous.start)
                // (Watched before looking again: gone between the look and the watch is not missed.)
                while !ending.goneAlready && previous.asking && !pastDeadline && Platform.linkStatus(path) != nil {
                    // Instances free up as a crowd is answered: a job that had none takes one then
                    // (and looks once more before it sleeps on it).
                    if watch.descriptor == nil {
                        let fresh = Platform.FolderWatch(path, file: true)
                        if fresh.descriptor != nil {
                            watch = fresh
                            continue
                        }
                    }
                    // A change to the file (rewritten: watched anew), or its process ended. Without
                    // a watch on the file (inotify's instances are 128 a user by default: a crowd
                    // runs out), its process's end still wakes it, and a look each second finds
                    // an entry left by a process that goes on (a pinentry asking again): a file's
                    // status and a process's, never the whole queue. With neither, a look each
                    // quarter second; with both, one a minute.
                    let look: Int64 = switch (watch.descriptor != nil, ending.descriptor != nil) {
                    case (true, true): 60_000
                    case (false, false): 250
                    default: 1000
                    }
                    let untilDeadline = deadline.map { Int64(bitPattern: $0 &- Platform.now()) / 1_000_000 + 1 } ?? look
                    if watch.wait(ms: Int32(max(1, min(look, untilDeadline))), orReadable: [signals, ending.descriptor].compactMap { $0 }) {
                        stopped()
                        if watch.descriptor != nil { break }
                    }
                }
                guard let next = ticket.previous() else { return true }
                previous = next
            }
        }

        /// A tmux client can be had: the copies elsewhere are withdrawn where the popup cannot
        /// share the question (a terminal's own popup; stdin streaming to whoever serves it).
        func withdrawOffer() {
            guard !offered.isEmpty, terminal || forwardsStdin else { return }
            withdrawAll()
            ticket?.update(entry)
            saidShownInPopup = false
        }

        /// Its copies elsewhere: each row offered once, and afresh when whoever served its copy
        /// went without an answer; the queue's entry says where they are.
        private func offer() -> [any OtherChannel] {
            var changed = false
            offered.removeAll { offer in
                guard offer.copy.lost else { return false }
                offer.copy.withdraw()
                changed = true
                return true
            }
            let waiting = Reach.Waiting(question, asker: asker, asked: asked, deadline: deadline, stdinTaken: stdinTaken, forwardsStdin: forwardsStdin,
                                        queued: ticket != nil)
            for row in Reach.elsewhere where row.takes(waiting) && !offered.contains(where: { $0.row == row.name }) {
                guard let copy = row.offer(waiting) else { continue }
                offered.append((row.name, copy))
                changed = true
                // Said in the queue before the next row posts its copy: an agent that saw systemd's
                // copy of a job's question before the queue named the job's own offer would serve
                // it as systemd's (a plain password box, without the question's default).
                if !copy.queueNote.isEmpty {
                    sayOffersInQueue()
                    changed = false
                }
            }
            if changed { sayOffersInQueue() }
            return offered.map(\.copy)
        }

        /// The queue's record rewritten: who asks and what, and where each copy is.
        private func sayOffersInQueue() {
            ticket?.update(entry + offered.map(\.copy.queueNote).joined())
            saidShownInPopup = false
        }

        /// Offers the question elsewhere (`Reach.elsewhere`) and waits for an answer there, until
        /// the deadline or a change where a client may come (`watches`): what came of it (nil: look
        /// again after the pause returned).
        func offerToAgents(clientWatches watches: [Platform.FolderWatch]) -> (Reached?, pause: Double) {
            guard ticket != nil else { return (nil, waitForClient) }
            let channels = offer()
            guard !channels.isEmpty else { return (nil, waitForClient) }
            // Until an answer, the deadline, or a change where a client may come (a tmux server
            // started, a client attached): no look in between where the folder can be watched.
            // With no folder to watch yet (no tmux server ever started), a look each second.
            let look = Platform.now() + UInt64((watches.isEmpty ? 1 : idleLook) * 1e9)
            // (Shown by an agent, its box keeps the time: the wait goes on past the deadline.)
            let until = shownByAnAgent ? look : min(look, deadline ?? .max)
            return (wait(for: channels, until: until, wakers: watches.compactMap(\.descriptor)).map { .ran($0) }, 0)
        }

        /// Shows the question where a host placed it (a popup on a tmux client): what came of it
        /// (nil: try again after the pause returned).
        func show(at spot: any HostPlace) -> (Reached?, pause: Double) {
            let left = left
            if let left, left <= 0 { return (.timedOut, 0) }
            // A job's popup (no terminal of its own) says who asks: the person did not open it.
            // Its question is posted for systemd's agents too (and so alertty's): the first
            // answer wins, wherever the person is.
            // (How many more wait is on the box's own border, kept current: tmux's title is set once.)
            let title = terminal ? nil : asker.title(waited: Platform.now() - asked, behind: 0)
            let popupOnly = terminal || forwardsStdin
            // Said in the queue, so an agent does not wait for what it cannot take.
            if popupOnly && !saidShownInPopup {
                saidShownInPopup = true
                ticket?.update(entry + "shown=popup\n")
            }
            let elsewhere = popupOnly ? [] : offer()
            let showing = Showing(question: question, size: size(spot.columns, spot.rows), stdinTaken: stdinTaken,
                                  forwardsStdin: forwardsStdin, timeout: left, title: title, elsewhere: elsewhere)
            switch spot.show(showing) {
            case .answered(let ran):
                // Ctrl-C in a job's popup is the person's cancel: the signal is never sent on to
                // a process on another terminal (the job's script, which nobody there started).
                if !terminal, case .ended(let outcome, _, _) = ran, outcome.status == .interrupted {
                    return (.ran(.ended(Outcome(.cancel), terminator: nil, wholeJob: false)), 0)
                }
                return (.ran(ran), 0)
            case .failedThere(let ran):
                // Not the person's answer: asked again while the time lasts. With no time to
                // wait, a popup that fails three times running says so.
                failures += 1
                if deadline == nil && failures >= 3 { return (.ran(ran), 0) }
                return (nil, waitForClient)
            case .unavailable:
                return (.inline, 0)
            case .notShown(let said):
                // Busy (tmux said nothing): shown once the client is free. An error tmux
                // repeats is no passing state.
                if !said.isEmpty {
                    refusals += 1
                    if refusals >= 3 { return (.nowhere("tmux did not show the popup: " + said), 0) }
                }
                // Soon after the popup before it closes, at first; then less often.
                defer { busy += 1 }
                return (nil, said.isEmpty ? min(waitForClient, lookAgain * Double(1 << min(busy, 4))) : waitForClient)
            case .lost:
                refusals = 0
                busy = 0
                failures = 0
                return (nil, waitForClient)
            }
        }
    }

    /// The process a question is asked for: the script or command that ran alertty.
    struct Asker {
        var program: String
        var pid: Int32

        static func current() -> Asker {
            let parent = Platform.parentProcessID
            // An orphan (setsid, a daemon's child) is its own asker.
            let pid = parent > 1 ? parent : Int32(Platform.processID)
            return Asker(program: program(of: Platform.commandLine(pid)), pid: pid)
        }

        /// `sh /etc/cron.hourly/check-disk` → check-disk; `sh -c 'check-disk -q'` → check-disk;
        /// `/usr/bin/gpg-agent --daemon` → gpg-agent.
        static func program(of words: [String]) -> String {
            let shells: Set<String> = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "busybox", "python3", "python", "perl"]
            func base(_ word: String) -> String { word.split(separator: "/").last.map(String.init) ?? word }
            guard let first = words.first else { return "?" }
            var name = base(first)
            if name.hasPrefix("-") { name.removeFirst() } // a login shell
            guard shells.contains(name) else { return name }
            // cron's `sh -c '/usr/local/bin/check-disk --quiet'`: the command's first word, past
            // the variables set for it (`ALERTTY_POPUP=1 alertty …` is asked by alertty) and an
            // `exec` or `env`.
            if let c = words.firstIndex(of: "-c"), c + 1 < words.count {
                let command = words[c + 1].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).drop { word in
                    let assignment = word.firstIndex(of: "=").map { eq in
                        eq != word.startIndex && word[..<eq].allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
                    } ?? false
                    return assignment || word == "exec" || word == "env"
                }
                return command.first.map { base(String($0)) } ?? name
            }
            if let script = words.dropFirst().first(where: { !$0.hasPrefix("-") }) { return base(script) }
            return name
        }

        /// On the popup's border: who asks, how long it has waited, how many more wait.
        func title(waited nanos: UInt64, behind: Int) -> String {
            var parts = ["asked by \(program) (pid \(pid))"]
            let seconds = Int(nanos / 1_000_000_000)
            if seconds >= 1 { parts.append(seconds < 120 ? "waiting \(seconds) s" : "waiting \(seconds / 60) min") }
            if behind > 0 { parts.append("\(behind) more waiting") }
            return " " + parts.joined(separator: " · ") + " "
        }

        /// The queue's record of the question: who asks, and what (never an answer or a secret).
        /// Each field is one line, cut to a length that keeps the record far under what a reader
        /// of the queue takes (a 64 KiB title made a question no agent could serve).
        func entry(_ command: ParsedCommand) -> String {
            "pid=\(pid)\nprogram=\(Self.cut(Sanitize.line(program)))\nalert=\(command.alert.rawValue)\n"
                + "title=\(Self.cut(Self.headline(command)))\n"
        }

        /// What a list of waiting questions shows of one: its title, else the start of its text
        /// (never stdin's; a secret's prompt is its text, not its answer).
        static func headline(_ command: ParsedCommand) -> String {
            if let title = command.string(.title), !title.isEmpty { return Sanitize.line(title).trimmingSpaces() }
            guard let text = command.text, !command.readsStdin(text) else { return "" }
            return Sanitize.line(text.split(whereSeparator: \.isNewline).joined(separator: " ")).trimmingSpaces()
        }

        /// At most `limit` characters, the cut shown with …
        static func cut(_ text: String, limit: Int = 200) -> String {
            text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
        }
    }
}
