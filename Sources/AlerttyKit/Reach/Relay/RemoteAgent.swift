// `alertty agent --ssh HOST…`: the questions waiting on other hosts, answered here. For each
// host it runs `ssh -T HOST alertty agent --relay` (OpenSSH is the transport and the trust: no
// server, port or daemon of alertty's), lists what waits there, and shows the oldest across all
// hosts as a local agent shows a local one: the question's request is offered here as a local
// offer whose alertty (a process of its own on this terminal) asks it, and the answer goes back
// through the relay to the job. Nothing from a host is run or read here: a file the job read whole
// comes with its question (the box is made from those bytes); a question that names a command of
// its host, a file it streams, or browses its files, is asked only there; a secret is shown
// only from a host the person allowed (--allow-secrets HOST), and every remote question carries
// its host in its title.

struct RemoteAgent {
    struct Options: Equatable {
        var hosts: [String] = []
        var allowSecrets: Set<String> = []
        var sshOptions: [String] = []
        var interactive = false
        var watching = false
        var plain = false
        var list = false
        /// In tmux: each question asked in a popup over this pane.
        var popup = false
    }

    /// The agent's words after `--ssh`: hosts and what is said of them; nil (said why) otherwise.
    static func options(_ arguments: [String]) -> Options? {
        var options = Options()
        var words = arguments[...]
        while let word = words.popFirst() {
            switch word {
            case "--ssh": continue
            case "--watch": options.watching = true
            case "--plain": options.plain = true
            case "--list": options.list = true
            case "--popup": options.popup = true
            case "--ssh-interactive": options.interactive = true
            case "--allow-secrets", "--ssh-option":
                guard let value = words.popFirst(), !value.isEmpty else {
                    App.report("\(word) needs a value; see alertty agent --help")
                    return nil
                }
                if word == "--allow-secrets" { options.allowSecrets.insert(value) } else { options.sshOptions.append(value) }
            default:
                // A host as ssh takes it ([USER@]HOST, an ssh_config name): never an option of ssh's.
                guard !word.hasPrefix("-"), !word.isEmpty else {
                    App.report("agent --ssh takes hosts, --watch, --list, --plain, --popup, --allow-secrets HOST, --ssh-option OPTION and --ssh-interactive, not \(Sanitize.excerpt(word))")
                    return nil
                }
                options.hosts.append(word)
            }
        }
        guard !options.hosts.isEmpty else {
            App.report("agent --ssh needs at least one host")
            return nil
        }
        return options
    }

    /// Why a question relayed from `host` is not shown here (nil: it may be). A file the job read
    /// whole is carried with the question (`request.read`) and shown as it was read there.
    static func refusal(_ request: Popup.Request, host: String, allowSecrets: Set<String>) -> String? {
        let command = request.command
        let asked: Set<AlertKind> = [.message, .confirm, .input, .password, .choose, .number, .date, .time, .form]
        guard asked.contains(command.alert), command.command == nil else {
            return "a \(command.alert.rawValue) is answered only on its own host"
        }
        let carried = Set(request.read.map(\.path))
        if let flag = command.order.first(where: { flag in
            guard let spec = CommandSpec.spec(flag, for: command.alert) else { return true }
            switch spec.value {
            // (`-`, the job's stdin, is relayed with the question.)
            case .file: return command.values[flag]?.contains { $0 != "-" && !carried.contains($0) } ?? false
            case .directory, .command, .theme: return true
            default: return false
            }
        }) {
            return "it names a file or a command of its host (--\(flag.rawValue))"
        }
        var secret = command.alert == .password
        if command.alert == .form {
            // A form's fields, as its job declared them: a command in one is its host's; a
            // password field is a secret.
            // (Its --fields-from is carried: a file not carried was refused above.)
            let fields: [FieldDeclaration]
            do throws(UsageError) {
                fields = try FormSpec.declarations(command) { path in request.read.first { $0.path == path }?.bytes ?? [] }
            } catch { return "its fields could not be read" }
            if fields.contains(where: { $0.options[.validateCmd] != nil }) { return "it names a file or a command of its host (--validate-cmd)" }
            secret = fields.contains { $0.kind == .password }
        }
        if secret && !allowSecrets.contains(host) {
            return "a secret is shown from \(host) only with --allow-secrets \(host)"
        }
        return nil
    }

    /// The ssh command that reaches `host`'s relay: ALERTTY_SSH (default `ssh`), batch mode
    /// unless asked (a password or host-key question never comes in the middle of a box).
    static func sshCommand(_ host: String, _ options: Options, environment: (String) -> String?) -> [String] {
        let ssh = (environment("ALERTTY_SSH") ?? "").split(separator: " ").map(String.init)
        var argv = (ssh.isEmpty ? ["ssh"] : ssh) + ["-T", "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=3"]
        if !options.interactive { argv += ["-o", "BatchMode=yes"] }
        for option in options.sshOptions { argv += ["-o", option] }
        return argv + ["--", host, "alertty", "agent", "--relay"]
    }

    let options: Options
    var hosts: [Link]
    /// Questions not to take again until a time (refused here: never; by their host, claimed
    /// by another agent there: a few seconds), by host and id.
    var passedOver: [String: UInt64] = [:]
    var said: Set<String> = []

    init(_ options: Options) {
        self.options = options
        hosts = options.hosts.map { Link(name: $0) }
    }

    /// Where a watching agent says how many questions wait on each host, for `agent --check`
    /// (which must never open a connection itself): `PID START` of the watcher, then `HOST COUNT`
    /// lines. Gone with the watcher; one whose process has gone is not read.
    static var cachePath: String { QuestionQueue.folderPath + "/remote-waiting" }

    /// Questions waiting on other hosts as a running `agent --ssh --watch` last saw them (0: none,
    /// or no watcher running), and the hosts they wait on.
    static func cached() -> (count: Int, hosts: [String]) {
        guard let bytes = try? Platform.readFile(cachePath, limit: 64 << 10) else { return (0, []) }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        let watcher = lines.first?.split(separator: " ").compactMap { Int($0) } ?? []
        guard watcher.count == 2, let pid = Int32(exactly: watcher[0]), Platform.processStart(pid) == UInt64(watcher[1]) else { return (0, []) }
        var count = 0, hosts: [String] = []
        for line in lines.dropFirst() {
            let words = line.split(separator: " ")
            guard words.count == 2, let n = Int(words[1]), n > 0 else { continue }
            count += n
            hosts.append(Sanitize.line(String(words[0])))
        }
        return (count, hosts)
    }

    private var cacheWritten = ""

    /// The cache rewritten when what waits changed (a watcher's only).
    private mutating func writeCache() {
        let me = Int32(Platform.processID)
        let text = "\(me) \(Platform.processStart(me) ?? 0)\n" + hosts.map { "\($0.name) \($0.questions.count)\n" }.joined()
        guard text != cacheWritten, Platform.ownFolder(QuestionQueue.folderPath) == nil else { return }
        cacheWritten = text
        Platform.removeFile(Self.cachePath + ".new")
        try? Platform.writeNewFile(Self.cachePath, Array(text.utf8))
    }

    mutating func run() -> Int32 {
        let status = answer()
        if !cacheWritten.isEmpty { Platform.removeFile(Self.cachePath) }
        return status
    }

    private mutating func answer() -> Int32 {
        Platform.ignoreBrokenPipes()
        if options.popup && Platform.environment("TMUX").map({ $0.isEmpty }) ?? true {
            App.report("agent --popup asks in tmux, and this terminal is not tmux's")
            return ExitStatus.noTerminal.rawValue
        }
        if !options.list {
            guard Platform.canOpenTerminal("/dev/tty") else {
                App.report("the agent answers on a terminal, and this process has none")
                return ExitStatus.noTerminal.rawValue
            }
        }
        for host in hosts { host.connect(options) }
        let started = Platform.now()
        var servedAny = false
        while true {
            let now = Platform.now()
            for host in hosts where host.ssh == nil && options.watching && now >= host.retryAt { host.connect(options) }
            let waits = hosts.flatMap { host in host.ssh.map { [$0.stdout, $0.stderr] } ?? [] }
            let ready = Platform.poll(waits, timeoutMs: 1000)
            for host in hosts where host.ssh.map({ ready.contains($0.stdout) || ready.contains($0.stderr) }) ?? false {
                for message in host.read() { host.apply(message) }
                if let why = host.lost() { say("\(host.name): \(why)") }
            }
            if options.watching { writeCache() }
            if options.list {
                guard hosts.allSatisfy({ $0.listed || $0.ssh == nil }) else { continue }
                let lines = hosts.flatMap { host in
                    host.questions.map { q in
                        [host.name, q.question.id, String(q.question.pid), q.question.program, q.question.alert, q.question.title,
                         "\(Int((Platform.now() &- q.asked) / 1_000_000_000))s"].map { Sanitize.line($0) }.joined(separator: "\t") + "\n"
                    }
                }
                Platform.writeAll(1, Array(lines.joined().utf8))
                return lines.isEmpty ? 1 : 0
            }
            // The oldest question across every host, one at a time — once each host has said
            // what waits there (a second at most for a slow one: it never delays the rest long).
            guard hosts.allSatisfy({ $0.listed || $0.ssh == nil }) || now >= started + 1_000_000_000 else { continue }
            // The oldest question across every host, one at a time.
            let next = hosts.flatMap { host in host.questions.map { (host, $0) } }
                .filter { (passedOver[$0.0.name + " " + $0.1.question.id] ?? 0) <= now }
                .min { $0.1.asked < $1.1.asked }
            if let (host, waiting) = next {
                let status = options.popup ? showInPopup(waiting.question, from: host) : serve(waiting.question, from: host)
                if AgentProgram.stops(after: status) { return status }
                if status == 0 { servedAny = true }
                continue
            }
            if !options.watching && hosts.allSatisfy({ $0.listed || $0.ssh == nil }) {
                if !servedAny { Platform.writeError("alertty: no question is waiting on \(options.hosts.joined(separator: ", "))\n") }
                return hosts.contains { $0.ssh == nil && !$0.listed } ? ExitStatus.noTerminal.rawValue : 0
            }
        }
    }

    mutating func say(_ line: String) {
        if said.insert(line).inserted { App.report(line) }
    }

    /// Takes `question` from `host`, asks it here, and sends what came of it back: the status of
    /// the process that asked it (0: answered or not shown; 130: the person stopped the agent).
    mutating func serve(_ question: Relay.Question, from host: Link) -> Int32 {
        let key = host.name + " " + question.id
        guard host.send(.take(id: question.id)), let (request, stdin) = host.awaitTaken(question.id) else {
            // (A connection lost meanwhile lists it again once back.)
            if host.ssh != nil { passedOver[key] = Platform.now() + 5_000_000_000 }
            return 0
        }
        var local = request
        if let why = Self.refusal(request, host: host.name, allowSecrets: options.allowSecrets) {
            _ = host.send(.release(id: question.id))
            passedOver[key] = .max
            say("\(host.name): \(question.alert) from \(Sanitize.line(question.program)) (pid \(question.pid)) not shown here: \(why)")
            return 0
        }
        // Asked for this process: the box goes when it does; its time counted on this clock.
        let me = Int32(Platform.processID)
        local.caller = me
        local.callerStart = Platform.processStart(me) ?? 0
        local.deadline = request.deadline > 0 ? Platform.now() + request.deadline : 0
        let title = Sanitize.line(request.command.string(.title) ?? "")
        local.command.remove(.title)
        local.command.add(.title, host.name + (title.isEmpty ? "" : ": " + title))
        guard let offer = Popup.Offer(request: local) else {
            _ = host.send(.release(id: question.id))
            return 0
        }
        let asker = host.name + " ·" + Popup.Asker(program: question.program, pid: question.pid)
            .title(waited: UInt64(question.age) * 1_000_000, behind: 0).dropLast()
        guard let pid = Platform.forkProcess() else {
            _ = host.send(.release(id: question.id))
            return 0
        }
        if pid == 0 { Platform.exit(Popup.serve(offer.folder, agent: asker, plain: options.plain)) }
        let talk = Popup.Conversation(offer, popup: nil, stdinTaken: stdin, forwardsStdin: false, platform: .system)
        talk.passStderr = { _ = host.send(.err(id: question.id, bytes: $0)) }
        let watch = RemoteWatch(host, id: question.id)
        let shown = Popup.waitForAnswer(talk, elsewhere: [watch], until: nil)
        talk.close()
        if case .answered(let ran)? = shown, !watch.ended {
            var bytes = ran.wire(room: ran.wireRoom)
            _ = host.send(.result(id: question.id, bytes: bytes))
            bytes.resetBytes()
        } else if !watch.ended {
            _ = host.send(.release(id: question.id))
        }
        if let why = watch.lostWhy { say("\(host.name): \(why)") }
        // Gone there (answered in its popup, withdrawn): the box here goes too.
        Platform.removePrivateFolder(offer.folder)
        return Platform.reap(pid, wait: true) ?? 0
    }

    /// --popup: a tmux popup over this pane runs an agent for `host` that answers what waits
    /// there and closes. A question left waiting when the person closed the popup is not shown
    /// again by itself: only a new one opens the next.
    mutating func showInPopup(_ question: Relay.Question, from host: Link) -> Int32 {
        passedOver[host.name + " " + question.id] = .max
        guard let executable = Platform.executablePath() else { return ExitStatus.noTerminal.rawValue }
        var inner = [executable, "agent", "--ssh", host.name] + (options.plain ? ["--plain"] : [])
        inner += options.allowSecrets.sorted().flatMap { ["--allow-secrets", $0] } + options.sshOptions.flatMap { ["--ssh-option", $0] }
        if options.interactive { inner.append("--ssh-interactive") }
        // (tmux gives a popup the server's environment: the ssh command is handed on.)
        let ssh = Platform.environment("ALERTTY_SSH").map { ["-e", "ALERTTY_SSH=" + $0] } ?? []
        guard let opened = try? Platform.spawnCommand(["tmux", "display-popup", "-E", "-w", "90%", "-h", "80%"] + ssh
                                                      + [inner.map(Shell.quoted).joined(separator: " ")], passStdin: false,
                                                      captureOutput: false) else {
            App.report("tmux could not be run to show a popup")
            return ExitStatus.noTerminal.rawValue
        }
        _ = Platform.reap(opened.pid, wait: true)
        return 0
    }

    /// The relay's side of a question shown here: it ends the wait when the question is gone
    /// there, or the connection is.
    final class RemoteWatch: OtherChannel {
        let host: Link
        let id: String
        private(set) var ended = false
        /// The connection went while it was shown: why.
        private(set) var lostWhy: String?

        init(_ host: Link, id: String) { (self.host, self.id) = (host, id) }

        var reads: [FileDescriptor] { ended ? [] : host.ssh.map { [$0.stdout] } ?? [] }
        var writes: [FileDescriptor] { [] }
        func withdraw() {}

        func service(_ polled: (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>)) -> Ran? {
            guard !ended, let ssh = host.ssh, polled.readable.contains(ssh.stdout) else { return nil }
            for message in host.read() {
                if case .gone(let gone) = message, gone == id { ended = true } else { host.apply(message) }
            }
            if let why = host.lost() {
                lostWhy = why
                ended = true
            }
            // (Not an answer: the wait ends, and nothing is sent back.)
            return ended ? .failed(.noTerminal) : nil
        }
    }

    /// One host: its ssh, what it lists, and when to try again once the connection is gone.
    final class Link {
        let name: String
        var ssh: (pid: Int32, stdin: FileDescriptor, stdout: FileDescriptor, stderr: FileDescriptor)?
        private var reader = Relay.LineReader()
        private var greeted = false
        private var snapshot: [(question: Relay.Question, asked: UInt64)]?
        /// What waits there, and when each was asked on this machine's clock.
        private(set) var questions: [(question: Relay.Question, asked: UInt64)] = []
        /// A first list came (this connection or an earlier one).
        private(set) var listed = false
        private var said: [UInt8] = []
        private var broken: String?
        var retryAt: UInt64 = 0
        private var failures = 0
        /// Messages read while waiting for one in particular, to apply after.
        private var early: [Relay.Message] = []

        init(name: String) { self.name = name }

        func connect(_ options: Options) {
            let argv = RemoteAgent.sshCommand(name, options, environment: Platform.environment)
            guard let spawned = try? Platform.spawnPiped(argv) else {
                broken = "ssh could not be run"
                return
            }
            ssh = spawned
            (reader, greeted, snapshot, said, broken) = (Relay.LineReader(), false, nil, [], nil)
            _ = send(.hello(version: Relay.version))
            // --ssh-interactive: what ssh asks (a password, a new host key) is asked on this
            // terminal now, ssh in the foreground until its relay greets us — never under a box.
            guard options.interactive, let terminal = try? Platform.openTerminal("/dev/tty") else { return }
            defer { Platform.close(terminal) }
            let ours = Platform.foregroundGroup(terminal) == Platform.ownGroup()
            if ours { _ = Platform.setForegroundGroup(terminal, spawned.pid) }
            while !greeted && broken == nil {
                _ = Platform.poll([spawned.stdout, spawned.stderr], timeoutMs: 250)
                early += read()
            }
            if ours { _ = Platform.setForegroundGroup(terminal, Platform.ownGroup()) }
        }

        func send(_ message: Relay.Message) -> Bool {
            guard let ssh, broken == nil else { return false }
            return Platform.writeAll(ssh.stdin, Relay.line(message))
        }

        /// The messages that have arrived (those read early first).
        func read() -> [Relay.Message] {
            var messages = early
            early = []
            guard let ssh, broken == nil else { return messages }
            // ssh's own stderr: kept (its last words say why a connection failed).
            while let bytes = Platform.read(ssh.stderr, max: 4096), !bytes.isEmpty { said = Array((said + bytes).suffix(2048)) }
            while true {
                guard let bytes = Platform.read(ssh.stdout, max: 1 << 16) else {
                    broken = ended()
                    return messages
                }
                if bytes.isEmpty { return messages }
                do throws(Relay.Garbled) {
                    for line in try reader.add(bytes) {
                        let message = try Relay.parse(line[...])
                        if !greeted {
                            guard case .hello(let version) = message else { throw Relay.Garbled(line: "no greeting") }
                            guard version == Relay.version else {
                                broken = "its alertty speaks relay protocol \(version), this one \(Relay.version): update one of them"
                                return messages
                            }
                            greeted = true
                            continue
                        }
                        messages.append(message)
                    }
                } catch {
                    broken = "it sent what is not alertty's relay protocol (\(error.line))"
                    return messages
                }
            }
        }

        /// A snapshot's questions and pings, applied.
        func apply(_ message: Relay.Message) {
            switch message {
            case .waiting: snapshot = []
            case .question(let q) where (snapshot?.count ?? Relay.listed) < Relay.listed:
                snapshot?.append((q, Platform.now() &- UInt64(q.age) * 1_000_000))
            case .listed:
                // A question listed before keeps the time it was first seen as asked.
                questions = (snapshot ?? []).map { new in questions.first { $0.question.id == new.question.id } ?? new }
                snapshot = nil
                listed = true
            default: break
            }
        }

        /// Waits for the relay's answer to `take`: what to ask, or nil (refused, gone, the connection lost).
        func awaitTaken(_ id: String) -> (Popup.Request, [UInt8])? {
            var request: Popup.Request?
            let end = Platform.now() + 10_000_000_000
            while Platform.now() < end, let ssh {
                _ = Platform.poll([ssh.stdout, ssh.stderr], timeoutMs: 250)
                for message in read() {
                    switch message {
                    case .request(let taken, let bytes) where taken == id:
                        request = try? Popup.Request.unwired(bytes)
                        if request == nil { _ = send(.release(id: id)); return nil }
                    case .stdin(let taken, let bytes) where taken == id:
                        return request.map { ($0, bytes) }
                    case .refused(let taken, _) where taken == id, .gone(let taken) where taken == id:
                        return nil
                    default:
                        early.append(message)
                    }
                }
                if broken != nil { return nil }
            }
            _ = send(.release(id: id))
            return nil
        }

        /// Why the connection is gone, once (nil while it works); it is then closed, and tried
        /// again later with backoff.
        func lost() -> String? {
            guard let why = broken, let ssh else { return nil }
            for fd in [ssh.stdin, ssh.stdout, ssh.stderr] { Platform.close(fd) }
            Platform.killGroup(ssh.pid)
            _ = Platform.reap(ssh.pid, wait: true)
            self.ssh = nil
            questions = []
            failures += 1
            retryAt = Platform.now() + UInt64(min(60, 1 << min(failures, 6))) * 1_000_000_000
            return why
        }

        /// Why ssh's connection ended, from what it said last.
        private func ended() -> String {
            if let ssh { while let bytes = Platform.read(ssh.stderr, max: 4096), !bytes.isEmpty { said = Array((said + bytes).suffix(2048)) } }
            let last = String(decoding: said, as: UTF8.self).split(whereSeparator: \.isNewline).last.map { Sanitize.line(String($0)) } ?? ""
            if last.includes("alertty") && (last.includes("not found") || last.includes("No such file")) {
                return "alertty is not installed there (\(last)); install it there (scripts/install.sh) and run again"
            }
            if !greeted { return last.isEmpty ? "the connection closed before its relay answered" : "could not connect: \(last)" }
            return last.isEmpty ? "the connection was lost" : "the connection was lost: \(last)"
        }
    }
}
