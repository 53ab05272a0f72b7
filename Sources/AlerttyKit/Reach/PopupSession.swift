// The two sides of a popup. The caller makes the private folder and its FIFOs, opens its ends
// (none of which can block), starts `tmux display-popup` (which returns when the popup closes),
// and then waits in the one loop (CallerWait, a source of the Runner's): writes the request,
// hands on stdin, passes stderr through as it comes, reads the outcome, and notices the popup
// closing. The popup's alertty opens the other ends, asks, and writes what came of it. A signal
// to the caller closes the popup first.

extension Popup {
    /// What came of showing a popup.
    enum Shown {
        /// The person answered it (or closed it: a cancel), or it timed out: what came of asking.
        case answered(Ran)
        /// It was never shown: tmux returned at once (the client already shows a popup or a
        /// menu), or said why not (the client went away).
        case notShown(tmuxSaid: String)
        /// Shown, then lost before an answer without the person closing it: the client detached,
        /// the server went away.
        case lost
        /// It cannot be shown from here at all (said why): asked as without --popup.
        case unavailable
        /// Shown, but the alertty serving it failed there (what it failed with): no person's answer.
        case failedThere(Ran)
    }

    /// A question ready to be served: its private folder of FIFOs, our ends open, and the request
    /// that goes to whichever alertty serves it — the one a tmux popup runs, or one an agent runs.
    final class Offer {
        let folder: String
        var ends: [String: FileDescriptor] = [:]
        let request: Request
        /// Removes the folder should we be killed (SIGKILL) before we can.
        private var janitor: Int32?
        /// The meter left out has been said (once per process, however often it is offered).
        nonisolated(unsafe) static var saidMeter = false

        /// `environment`: what the serving alertty is to have (a job's popup's is the person's
        /// locale on the client's character set).
        convenience init?(_ command: ParsedCommand, asking: Asking, read: [AlertReads.File], timeout: Double?,
                          environment: [(String, String?)] = Popup.environment()) {
            var child = command
            // The serving alertty draws on its own terminal, modal; it never pops up again.
            for flag: Flag in [.popup, .tty, .inline, .tmuxSocket] { child.remove(flag) }
            // A meter measured by the caller (gpg-agent's quality) is not swapped for alertty's
            // own estimate where it is served: it is left out, and said.
            if asking.meterIsTheCallers && child.has(.strengthLabel) {
                child.remove(.strengthLabel)
                if !Self.saidMeter {
                    Self.saidMeter = true
                    App.report("the quality meter is measured by the caller and is not shown where the question is served")
                }
            }
            // What is left of the time the question had (it may have waited its turn).
            if let timeout, command.has(.timeout) {
                child.remove(.timeout)
                child.add(.timeout, String(max(0.01, timeout)))
            }
            let me = Int32(Platform.processID)
            self.init(request: Request(command: child, theme: asking.theme?.text, directory: Platform.currentDirectory() ?? "/",
                                       environment: environment, caller: me, callerStart: Platform.processStart(me) ?? 0,
                                       deadline: timeout.map { Platform.now() + UInt64(max(0.01, $0) * 1e9) } ?? 0, read: read))
        }

        /// `request` offered as it is (a remote question, relayed: `alertty agent --ssh`).
        init?(request: Request) {
            do { folder = try Platform.makePrivateFolder(prefix: Self.prefix) } catch {
                Self.sayOnce(error)
                return nil
            }
            janitor = Platform.janitor(removing: folder)
            self.request = request
            do {
                for name in ["control", "in", "err", "result"] {
                    try Platform.makeFIFO(folder + "/" + name)
                    ends[name] = try Platform.openFIFO(folder + "/" + name, forWriting: name == "control" || name == "in")
                }
            } catch {
                Self.sayOnce(error)
                return nil
            }
        }

        /// What kept a question from being offered is said once per process: a question waits
        /// for minutes and is offered again every quarter second, and a full TMPDIR stays full.
        nonisolated(unsafe) static var said: Set<Int32> = []
        static func sayOnce(_ problem: PlatformError) {
            if said.insert(problem.code).inserted { App.report(problem.message + " (the question keeps waiting; said once)") }
        }

        deinit {
            for fd in ends.values { Platform.close(fd) }
            Platform.removePrivateFolder(folder)
            if let janitor { Platform.stopJanitor(janitor) }
        }

        static let prefix = "alertty-popup-"

        /// `path` is an offer's folder of ours (named as one, private), and may be removed.
        static func isOffer(_ path: String) -> Bool {
            (path.split(separator: "/").last?.hasPrefix(prefix) ?? false) && Platform.privateFolderProblem(path) == nil
        }
    }

    /// Asks `command` in a popup at `tmux`, within `timeout` seconds if given, `title` on its
    /// border (nil: borderless, alertty's box is the border).
    static func ask(_ showing: Showing, at tmux: Tmux) -> Shown {
        let (size, title) = (showing.size, showing.title)
        // A job's popup (titled: the person did not open it) is drawn as the person's client shows it.
        let question = showing.question
        guard let offer = Offer(question.command, asking: question.asking, read: question.built.read, timeout: showing.timeout,
                                environment: title == nil ? environment() : environment(forJobOn: tmux)),
              let executable = Platform.executablePath() else { return .unavailable }
        let shell = "exec env \(folderVariable)=" + Shell.quoted(offer.folder) + " " + Shell.quoted(executable)
        // A title needs tmux's border (3.3 and later draw one with a title); else the box is the border.
        let borderless = tmux.borderless && title == nil
        // As wide as its title, where the client has room (the box widens with it).
        let width = min(max(size.width + (borderless ? 0 : 2), title.map { TextWidth.columns($0) + 4 } ?? 0), tmux.columns)
        let height = min(size.height + (borderless ? 0 : 2), tmux.rows)
        let titled = tmux.borderless ? title.map { ["-T", Self.tmuxLiteral($0)] } ?? [] : []
        let popup = tmux.command(["display-popup", "-E"] + (borderless ? ["-B"] : []) + titled
                                 + ["-c", tmux.client, "-w", String(width), "-h", String(height), shell])
        guard let shown = try? Platform.spawnCommand(popup, passStdin: false) else {
            App.report("tmux could not be run to show a popup")
            return .unavailable
        }
        return converse(offer, shownBy: (shown, tmux), stdinTaken: showing.stdinTaken, forwardsStdin: showing.forwardsStdin,
                        elsewhere: showing.elsewhere)
    }

    /// The caller's side of serving `offer` in the popup `shownBy`: writes the request, hands on
    /// stdin, passes stderr through, reads the outcome. An answer from `elsewhere` (the user's
    /// agents, systemd's) first ends it too.
    static func converse(_ offer: Offer, shownBy popup: (process: Platform.Command, tmux: Tmux),
                         stdinTaken: [UInt8], forwardsStdin: Bool, elsewhere: [any OtherChannel] = []) -> Shown {
        let talk = Conversation(offer, popup: popup, stdinTaken: stdinTaken, forwardsStdin: forwardsStdin, platform: .system)
        // The caller is stopped: the popup goes with it, and the question everywhere.
        let withdraw = {
            _ = Platform.output(of: popup.tmux.command(["display-popup", "-C", "-c", popup.tmux.client]), timeoutMs: 1000)
            Platform.removePrivateFolder(offer.folder)
        }
        return waitForAnswer(talk, elsewhere: elsewhere, until: nil, withdraw: withdraw) ?? .lost
    }

    /// Waits on `channels` alone (no popup can be shown) until `until`: what came of the first
    /// to answer, or nil.
    static func wait(for channels: [any OtherChannel], until: UInt64, wakers: [FileDescriptor] = []) -> Ran? {
        guard case .answered(let ran) = waitForAnswer(nil, elsewhere: channels, until: until, wakers: wakers) else { return nil }
        return ran
    }

    /// A popup ended under its alertty: closed by the person (a cancel, as inline) while its
    /// client is still attached; lost (asked again) when the client or the server went away.
    static func closedOrLost(_ tmux: Tmux) -> Shown {
        guard let listed = Platform.output(of: tmux.command(["list-clients", "-F", Client.format]), timeoutMs: 1000), listed.status == 0,
              Client.parse(String(decoding: listed.stdout, as: UTF8.self)).contains(where: { $0.name == tmux.client }) else {
            return .lost
        }
        App.report("the popup was closed before it was answered")
        return .answered(.ended(Outcome(.cancel), terminator: nil, wholeJob: false))
    }

    /// Text tmux shows as it is: `#` starts a format there (`#(command)` would run one).
    static func tmuxLiteral(_ text: String) -> String { Sanitize.line(text).replacingAll("#", with: "##") }

    /// The popup's alertty has its ends open (the first thing it writes on `result`).
    static let readyMark = Array("5:ready,".utf8)

    // MARK: - In the popup

    /// One netstring read from `fd`, however it arrives.
    static func readFramed(_ fd: FileDescriptor) throws(PlatformError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            var reader = WireReader(bytes)
            if let field = try? reader.field() { return field }
            guard bytes.count < 1 << 30, let chunk = Platform.read(fd, max: 65536) else {
                throw PlatformError(operation: "the popup's request ended early", code: 5 /* EIO */)
            }
            bytes += chunk
        }
    }

    /// The popup's side: reads the request from `folder`, asks, and writes what came of it.
    /// Returns the process's exit status (the caller's is the one that counts).
    /// Opens every end of `folder`'s FIFOs (the caller holds the other ends, so none waits), says
    /// so, and reads the request: it and the end the outcome goes to, or nil (reported).
    static func receive(_ folder: String) -> (Request, result: FileDescriptor)? {
        do throws(PlatformError) {
            let control = try Platform.openFIFOWaiting(folder + "/control", forWriting: false)
            Platform.duplicate(try Platform.openFIFOWaiting(folder + "/in", forWriting: false), onto: 0)
            Platform.duplicate(try Platform.openFIFOWaiting(folder + "/err", forWriting: true), onto: 2)
            if let null = Platform.openNullDevice() { Platform.duplicate(null, onto: 1) }
            let result = try Platform.openFIFOWaiting(folder + "/result", forWriting: true)
            Platform.writeAll(result, readyMark)
            let bytes = try readFramed(control)
            Platform.close(control)
            guard let request = try? Request.unwired(bytes) else {
                App.report("the popup's request could not be read")
                return nil
            }
            return (request, result)
        } catch {
            App.report(error.message)
            return nil
        }
    }

    /// The caller's environment, but for `own` (the serving terminal's variables).
    static func adoptEnvironment(_ request: Request, own: Set<String>) {
        let given = Set(request.environment.map(\.0)).subtracting(own)
        for name in Platform.environmentNames(startingWith: "") where !given.contains(name) && !own.contains(name) {
            Platform.removeEnvironment(name)
        }
        for case let (name, value?) in request.environment where !own.contains(name) { Platform.setEnvironment(name, value) }
        Localization.load(environment: Platform.environment, executable: Platform.executablePath)
    }

    /// By an agent (`agent`: who asks), the box is drawn as inline, in the agent's locale and
    /// colours (its terminal is the person's); `plain`: in line mode (the agent's --plain).
    static func serve(_ folder: String, agent: String? = nil, plain: Bool = false) -> Int32 {
        // Whatever it asks may be a secret (askpass, pinentry, a password): no backtracer.
        Platform.crashAtOnce()
        Platform.removeEnvironment(folderVariable)
        if let problem = Platform.privateFolderProblem(folder) {
            App.report("not a popup's folder: " + problem)
            return ExitStatus.usage.rawValue
        }
        // The popup's terminal is held open from the start: were every descriptor on it closed
        // for a moment (stdin, stdout and stderr put on the FIFOs), tmux would take the popup's
        // job as ended and stop showing what it draws.
        let terminal = try? Platform.openTerminal("/dev/tty")
        defer { if let terminal { Platform.close(terminal) } }
        guard let (request, result) = receive(folder) else { return ExitStatus.usage.rawValue }
        Platform.changeDirectory(request.directory)
        adoptEnvironment(request, own: agent != nil ? popupsOwn.union(agentsOwn) : popupsOwn)
        var theme: ThemeFile?
        if let text = request.theme { theme = try? ThemeFile.parse(text, source: "the caller's theme") }
        // tmux may size the popup's terminal a moment after starting us: a box drawn for a
        // terminal of no size would be drawn for 80×24, off the popup.
        if let terminal {
            let deadline = Platform.now() + 1_000_000_000
            while Platform.terminalSize(terminal) == nil && Platform.now() < deadline { Platform.pause(seconds: 0.005) }
        }
        // The copy goes when its question does — answered elsewhere, withdrawn, timed out: the
        // caller takes its folder away (a pinentry asking again, a dialog chain's next box, is
        // another question) — and when its caller does (killed, even with SIGKILL): nobody
        // would get the answer.
        let (pid, start) = (request.caller, request.callerStart)
        let caller = CallerWatch(gone: { Platform.linkStatus(folder) == nil || pid > 0 && Platform.processStart(pid) != start },
                                 folder: folder, process: pid > 0 ? (pid, start) : nil)
        var command = request.command
        if plain { command.add(.plain, "") }
        // The time left now, not when it was offered: it may have waited for an agent.
        if request.deadline > 0, command.has(.timeout) {
            command.remove(.timeout)
            command.add(.timeout, String(max(0.01, Double(Int64(bitPattern: request.deadline &- Platform.now())) / 1e9)))
        }
        // How many more wait, on the box's border, kept current (tmux's title is set once).
        let waiting = WaitingCount(queue: QuestionQueue.folderPath, asker: request.caller, start: request.callerStart)
        let ran = Ask.here(command, Asking(theme: theme, sources: [caller, waiting], servedFor: agent.map { .agent(asker: $0) } ?? .popup),
                           read: request.read)
        defer { if caller.gone { Platform.removePrivateFolder(folder) } }
        // Ctrl-C in an agent stops the agent, not the job: nothing is sent back, so the question
        // is given back and waits for its next turn; the agent sees the status and stops.
        if agent != nil, case .ended(let outcome, _, _) = ran, outcome.status == .interrupted {
            Platform.close(result)
            return ExitStatus.interrupted.rawValue
        }
        // tmux closing a popup (the person did) sends its job SIGTERM from the server, our
        // parent: a SIGTERM from anyone else is a kill, no one's answer. Nothing is sent back;
        // the caller asks again.
        if agent == nil, case .ended(let outcome, _, _) = ran, outcome.status == .terminated,
           Platform.terminatedBy != 0, Platform.terminatedBy != Platform.parentProcessID {
            Platform.close(result)
            return ExitStatus.terminated.rawValue
        }
        var bytes = ran.wire(room: ran.wireRoom)
        Platform.writeAll(result, bytes)
        bytes.resetBytes()
        if case .ended(let outcome, _, _) = ran {
            outcome.answer?.wipeStorage()
            for item in (outcome.items ?? []) + (outcome.state ?? []) { item.wipeStorage() }
        }
        Platform.close(result)
        return 0
    }
}

/// A watch on what a shown question depends on — the process that asks, a request not yet
/// withdrawn: when it has gone, the box hangs up as a terminal would, and goes. The offer's
/// folder going and the caller's process ending wake it at once where they can be watched
/// (inotify, a pidfd), and it looks each second besides (a folder someone holds open says it
/// was removed only once they close it); else it looks each quarter second.
final class CallerWatch: EventSource {
    private let isGone: () -> Bool
    private(set) var gone = false
    private var next = Platform.now()
    private let folder: Platform.FolderWatch?
    private let process: Platform.ProcessWatch?
    /// Every way it can go wakes the loop: a look each second is a bound, not the way it learns.
    private let watched: Bool

    init(gone: @escaping () -> Bool, folder: String? = nil, process: (pid: Int32, start: UInt64)? = nil) {
        isGone = gone
        self.folder = folder.map { Platform.FolderWatch($0) }
        self.process = process.map { Platform.ProcessWatch($0.pid, start: $0.start) }
        watched = self.folder?.descriptor != nil && (process == nil || self.process?.descriptor != nil)
    }

    var readDescriptors: [FileDescriptor] { gone ? [] : [folder?.descriptor, process?.descriptor].compactMap { $0 } }
    var writeDescriptors: [FileDescriptor] { [] }
    var nextDeadline: UInt64? { gone ? nil : next }
    /// A watch, not work: the alert is never waiting for it.
    var settled: Bool { true }
    func accept(_ effect: Effect, now: UInt64) -> Bool { false }
    func shutdown() {}

    func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        let woken = readDescriptors.contains { readable.contains($0) }
        guard !gone, woken || now >= next else { return [] }
        folder?.drain()
        next = now + (watched ? 1_000_000_000 : 250_000_000)
        if isGone() {
            gone = true
            Platform.send(ourselves: .hangup)
        }
        return []
    }
}
