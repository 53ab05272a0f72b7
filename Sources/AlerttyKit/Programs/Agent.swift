// `alertty agent`: answers the questions waiting for this user, here, in this terminal: those
// of the user's jobs (cron, timers, services with no terminal, whose popup cannot be shown) and
// the password requests of systemd's agent protocol the user may answer. The user's queue
// (QuestionQueue) says which of alertty's wait; one an agent may serve names its folder of
// FIFOs, and the agent that claims it first serves it as a tmux popup's alertty would: the same
// box, rules, answers and statuses the job would have got inline, the answer going straight to
// the job. systemd's requests (SystemdAsk) are shown as its password box and answered on their
// socket. `--list` prints what waits, `--check` says in one line that something does (for
// PROMPT_COMMAND), `--watch` keeps answering until interrupted.

struct AgentProgram: Program {
    /// Its flags, for the usage and the completions.
    static let flags: [(name: String, help: String)] = [
        ("watch", "keep answering new questions as they come, until interrupted (Ctrl-C)"),
        ("list", "one line per waiting question (id, pid, program, alert, title, age); exit 1 if none"),
        ("check", "one line when questions wait, nothing otherwise (for PROMPT_COMMAND)"),
        ("plain", "ask in line mode (as TERM=dumb does)"),
        ("popup", "in tmux: ask in a popup over this pane, opened when questions wait"),
        ("ssh", "HOST…: answer the questions waiting on other hosts, through ssh (oldest first)"),
        ("allow-secrets", "HOST: show that host's secrets (password, askpass, pinentry) here"),
        ("ssh-option", "OPTION: passed to ssh as -o OPTION (also ALERTTY_SSH: the ssh command)"),
        ("ssh-interactive", "let ssh ask its own questions (a password, a new host key) here first"),
        ("relay", "the far end of --ssh, started by ssh, never by a person"),
    ]

    static var usage: String {
        var text = """
            usage: alertty agent [--watch | --list | --check] [--plain] [--popup]
                   alertty agent --ssh HOST… [--watch | --list] [--plain] [--popup] [--allow-secrets HOST]
                                 [--ssh-option OPTION] [--ssh-interactive]
              Answers the questions waiting for you, oldest first, here; exits 0 when none is left:
              your jobs' (cron, timers, services; asked with --popup or ALERTTY_POPUP=1 and a
              --timeout) and systemd's password requests you may answer (systemd-ask-password).

            """
        for (name, help) in flags { text += "  --" + name + String(repeating: " ", count: max(1, 14 - name.count)) + help + "\n" }
        return text
    }

    /// A question waiting for this user, from either queue.
    enum Waiting {
        case job(QuestionQueue.Entry, [String: String])
        case systemd(SystemdAsk.Pending)

        /// Its name in the queue: the job's entry, or systemd's request file.
        var id: String {
            switch self {
            case .job(let entry, _): return entry.name
            case .systemd(let pending): return pending.path.split(separator: "/").last.map(String.init) ?? pending.path
            }
        }

        /// id, pid, program, alert, title, age in seconds: one line of --list.
        var fields: [String] {
            switch self {
            case .job(let entry, let record):
                let age = Int((Platform.now() &- entry.asked) / 1_000_000_000)
                return [id, String(AgentProgram.askerPID(entry, record)), record["program"] ?? "?", record["alert"] ?? "?", record["title"] ?? "", "\(age)s"]
            case .systemd(let pending):
                let request = pending.request
                let program = request.pid > 0 ? Popup.Asker.program(of: Platform.commandLine(request.pid)) : "?"
                return [id, String(request.pid), program, request.echo ? "input" : "password", request.message,
                        "\(max(0, Platform.wallClock() - pending.posted))s"]
            }
        }
    }

    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 {
        let (folder, passedOver) = QuestionQueue.place()
        let queue = QuestionQueue(folder: folder)
        let plain = arguments.contains("--plain"), popup = arguments.contains("--popup")
        // A squatted /tmp/alertty-UID is said, but not before every prompt (--check).
        if let passedOver, !arguments.contains("--check") { App.report(passedOver) }
        if arguments == ["--relay"] { return RelayServer.run(queue) }
        if arguments.contains("--ssh") {
            guard let options = RemoteAgent.options(arguments) else { return ExitStatus.usage.rawValue }
            var remote = RemoteAgent(options)
            return remote.run()
        }
        switch arguments.filter({ $0 != "--plain" && $0 != "--popup" }) {
        case ["--help"], ["-h"]:
            Platform.writeAll(1, Array(Self.usage.utf8))
            return 0
        case ["--list"]:
            let waiting = Self.distinct(Self.waiting(queue, saying: true))
            // (What waits is text from other processes: every field drawn visibly, and without a
            // UTF-8 locale in ASCII, whose bytes no 8-bit terminal reads as C1 controls.)
            let ascii = !Theme.localeIsUTF8(environment: Platform.environment)
            let lines = waiting.map { $0.fields.map { ascii ? Sanitize.ascii(Sanitize.line($0)) : Sanitize.line($0) }.joined(separator: "\t") + "\n" }.joined()
            Platform.writeAll(1, Array(lines.utf8))
            return waiting.isEmpty ? 1 : 0
        case ["--check"]:
            let n = Self.quickCount(queue)
            if n > 0 {
                Platform.writeError("alertty: \(n) question\(n == 1 ? " is" : "s are") waiting — run alertty agent\n")
            }
            // Other hosts' as a running `agent --ssh --watch` last saw them (no connection opened here).
            let remote = RemoteAgent.cached()
            if remote.count > 0 {
                Platform.writeError("alertty: \(remote.count) question\(remote.count == 1 ? " is" : "s are") waiting on "
                                    + remote.hosts.joined(separator: ", ") + " — answered by your alertty agent --ssh\n")
            }
            return 0
        case [], ["--watch"]:
            let watching = arguments.contains("--watch")
            if popup { return answerInPopups(queue, watching: watching, plain: plain) }
            return answer(queue, watching: watching, plain: plain)
        default:
            App.report("agent takes --watch, --list or --check, and --plain or --popup; see alertty agent --help")
            return ExitStatus.usage.rawValue
        }
    }

    /// The questions waiting in the user's queue (none when it is not there or not theirs
    /// alone), then systemd's requests; a request passed over is said once with `saying`.
    static func waiting(_ queue: QuestionQueue, saying: Bool, said: inout Set<String>) -> [Waiting] {
        var jobs: [Waiting] = []
        if Platform.privateFolderProblem(queue.folder) == nil {
            jobs = queue.waiting().map { .job($0, queue.record($0)) }
        }
        // A job's question offered to agents is served with its own box; posted for systemd's
        // agents alone (a tmux popup shows it), it is answered as systemd's.
        let offered = Set(jobs.compactMap { waiting -> Int32? in
            if case .job(let entry, let record) = waiting, record["folder"] != nil { return entry.pid }
            return nil
        })
        let requests = SystemdAsk.pending(serving: offered) { path, skipped in
            if saying, said.insert(path).inserted { App.report("passed over \(Sanitize.line(path)): it \(skipped.reason)") }
        }
        return jobs + requests.map { .systemd($0) }
    }

    /// Who asks, as the job's popup says it: the script that ran alertty (the record's pid),
    /// not alertty's own process (the entry's name).
    static func askerPID(_ entry: QuestionQueue.Entry, _ record: [String: String]) -> Int32 {
        // (Read as Int, as every number here is: one parser in the binary.)
        record["pid"].flatMap { Int($0) }.flatMap { Int32(exactly: $0) } ?? entry.pid
    }

    /// Each question once: a job's question also posted for systemd's agents is its job's line.
    static func distinct(_ waiting: [Waiting]) -> [Waiting] {
        let jobs = Set(waiting.compactMap { if case .job(let entry, _) = $0 { return entry.pid } else { return nil } })
        return waiting.filter {
            guard case .systemd(let pending) = $0 else { return true }
            return !(pending.request.id?.hasPrefix(SystemdAsk.ownIDPrefix) == true && jobs.contains(pending.request.pid))
        }
    }

    /// How many questions an agent could answer, for --check before every prompt: from the
    /// queue's names, reading one process and one record (the question whose turn it is, the
    /// only one that can be shown where no agent may take it), and systemd's requests. With a
    /// thousand waiting, reading each one's process and record took 30 ms.
    static func quickCount(_ queue: QuestionQueue) -> Int {
        var jobs: [QuestionQueue.Entry] = []
        if Platform.privateFolderProblem(queue.folder) == nil {
            jobs = queue.names().compactMap { QuestionQueue.Entry(name: $0) }
            if let head = jobs.first, !head.asking || queue.record(head)["shown"] == "popup" { jobs.removeFirst() }
        }
        let asking = Set(jobs.map(\.pid))
        let requests = SystemdAsk.pending(skip: { _, _ in }).filter {
            !($0.request.id?.hasPrefix(SystemdAsk.ownIDPrefix) == true && asking.contains($0.request.pid))
        }
        return jobs.count + requests.count
    }

    /// What an agent can answer, now or in its turn: all but a job's question shown in a tmux
    /// popup that no agent can share (its own pane's, or one streaming the job's stdin).
    static func servable(_ waiting: [Waiting]) -> [Waiting] {
        waiting.filter { if case .job(_, let record) = $0 { return record["shown"] != "popup" } else { return true } }
    }

    static func waiting(_ queue: QuestionQueue, saying: Bool) -> [Waiting] {
        var said: Set<String> = []
        return waiting(queue, saying: saying, said: &said)
    }

    /// Serves each question, oldest first, in a process of its own on this terminal; waits for
    /// more with `watching`.
    func answer(_ queue: QuestionQueue, watching: Bool, plain: Bool) -> Int32 {
        guard Platform.canOpenTerminal("/dev/tty") else {
            App.report("the agent answers on a terminal, and this process has none")
            return ExitStatus.noTerminal.rawValue
        }
        var said: Set<String> = []
        /// systemd's requests answered (or closed) here: never shown twice. (One asked again,
        /// written anew, is another file.)
        var done: Set<Platform.FileIdentity> = []
        var servedAny = false
        while true {
            // (Watched before looking: a change between the look and the wait is not missed.)
            let changes = WaitingWatch(queue)
            // A terminal closed under a watching agent (nohup, su, a closed window): it claims
            // nothing more, and goes.
            guard Platform.canOpenTerminal("/dev/tty") else {
                App.report("the agent's terminal is gone: it stops, and answers nothing more")
                return ExitStatus.noTerminal.rawValue
            }
            let waiting = Self.waiting(queue, saying: true, said: &said).filter {
                if case .systemd(let pending) = $0, let file = pending.file { return !done.contains(file) }
                return true
            }
            if let (served, status) = serveFirst(waiting, plain: plain) {
                if case .systemd(let pending) = served, let file = pending.file, status != ExitStatus.interrupted.rawValue { done.insert(file) }
                servedAny = true
                if Self.stops(after: status) { return status }
                continue
            }
            // None left: done, unless watching. (One whose turn has just come offers itself in a moment.)
            if !watching && Self.servable(waiting).isEmpty {
                if !servedAny {
                    Platform.writeError(waiting.isEmpty ? "alertty: no question is waiting\n"
                                                        : "alertty: the question waiting is shown in a tmux popup, where it is answered\n")
                }
                return 0
            }
            changes.wait()
        }
    }

    /// Whether what the process serving a question ended with stops the agent (said): Ctrl-C
    /// there, or its terminal gone; the question shown was given back either way.
    static func stops(after status: Int32) -> Bool {
        switch status {
        case ExitStatus.interrupted.rawValue:
            App.report("stopped (Ctrl-C); the question shown was given back and still waits")
        case ExitStatus.noTerminal.rawValue:
            App.report("the agent's terminal is gone: it stops, and the question was given back")
        default:
            return false
        }
        return true
    }

    /// --popup: whenever questions wait, a tmux popup over this pane runs an agent that answers
    /// them and closes. A question left waiting when a popup closed (the person closed it) is
    /// not shown again by itself: only a new one opens the next.
    func answerInPopups(_ queue: QuestionQueue, watching: Bool, plain: Bool) -> Int32 {
        guard let tmux = Platform.environment("TMUX"), !tmux.isEmpty, let executable = Platform.executablePath() else {
            App.report("agent --popup asks in tmux, and this terminal is not tmux's")
            return ExitStatus.noTerminal.rawValue
        }
        var said: Set<String> = []
        var shown: Set<String> = []
        while true {
            let changes = WaitingWatch(queue)
            let ids = Set(Self.distinct(Self.waiting(queue, saying: true, said: &said)).map(\.id))
            if ids.isEmpty || ids.isSubset(of: shown) {
                if !watching && ids.isEmpty { return 0 }
                if !watching { return 1 }
                shown.formIntersection(ids)
                changes.wait()
                continue
            }
            shown.formUnion(ids)
            let inner = Shell.quoted(executable) + " agent" + (plain ? " --plain" : "")
            guard let opened = try? Platform.spawnCommand(["tmux", "display-popup", "-E", "-w", "90%", "-h", "80%", inner], passStdin: false,
                                                          captureOutput: false)
            else {
                App.report("tmux could not be run to show a popup")
                return ExitStatus.noTerminal.rawValue
            }
            _ = Platform.reap(opened.pid, wait: true)
        }
    }

    /// Serves the first question this agent may serve (a job's that another agent has not
    /// claimed first, or systemd's), in a process of its own; the one served and how its
    /// process ended, or nil.
    func serveFirst(_ waiting: [Waiting], plain: Bool) -> (Waiting, Int32)? {
        for question in waiting {
            let serve: () -> Int32
            switch question {
            case .job(let entry, let record):
                // The first agent to claim a question serves it; another looks at the next.
                guard let folder = record["folder"], Platform.privateFolderProblem(folder) == nil,
                      Platform.claim(folder + "/claimed", holding: Popup.AgentOffer.claimer()) else { continue }
                let asker = Popup.Asker(program: record["program"] ?? "?", pid: Self.askerPID(entry, record))
                    .title(waited: Platform.now() &- entry.asked, behind: 0).trimmingSpaces()
                serve = { Popup.serve(folder, agent: asker, plain: plain) }
            case .systemd(let pending):
                serve = { SystemdAsk.answer(pending, plain: plain) }
            }
            guard let pid = Platform.forkProcess() else { return nil }
            if pid == 0 { Platform.exit(serve()) }
            let status = Platform.reap(pid, wait: true)
            // Served nothing (it could not take the question up, or died first): given back.
            if case .job(_, let record) = question, status != 0, let folder = record["folder"] {
                Platform.removeFile(folder + "/claimed")
            }
            return (question, status ?? ExitStatus.internalError.rawValue)
        }
        return nil
    }
}

/// Wakes a watching agent when what waits may have changed: the user's queue and systemd's
/// request folders watched (inotify, as systemd's own agents watch theirs), and a look each
/// second all the same (a job killed, a claim released in an offer's folder, a folder made
/// since). It looked every 20 ms while a question it could not take waited (one shown in a
/// popup, or claimed by another agent), reading every record and process of the queue each time.
final class WaitingWatch {
    private let watches: [Platform.FolderWatch]

    init(_ queue: QuestionQueue) {
        watches = ([queue.folder] + SystemdAsk.folders()).filter { Platform.linkStatus($0)?.kind == .folder }.map { Platform.FolderWatch($0) }
    }

    /// What wakes it (each watch's descriptor).
    var descriptors: [FileDescriptor] { watches.compactMap(\.descriptor) }

    /// Until something changed, or a second passed.
    func wait() {
        _ = Platform.poll(watches.compactMap(\.descriptor), timeoutMs: 1000)
    }
}
