// systemd's password agents (its docs/PASSWORD_AGENTS.md), both ways. A request is an `ask.*`
// file in a folder agents watch — /run/systemd/ask-password for the system (root's), and since
// systemd 257 $XDG_RUNTIME_DIR/systemd/ask-password for a user — naming a datagram socket; an
// agent sends `+secret` there (or `-` to cancel), the first answer wins, and the asker withdraws
// its request by removing the file. `alertty agent` answers the requests its user may answer; a
// job's password or input question waiting for a person is posted as one too, so
// systemd-tty-ask-password-agent, desktop agents and Plymouth can answer it.
//
// Nothing in a request is trusted: a file must be a regular file of ours, small, in a folder
// others cannot write, naming a socket of ours; an answer counts only from our user or root.

enum SystemdAsk {
    /// What a request says, as its `[Ask]` section has it.
    struct Request: Equatable {
        /// The asking process (0: not said).
        var pid: Int32 = 0
        var socket = ""
        /// Echo=1: the answer is shown as it is typed.
        var echo = false
        /// Silent=1: nothing is shown as it is typed, not even a mask.
        var silent = false
        /// CLOCK_MONOTONIC microseconds after which no answer is wanted (0: none).
        var notAfter: UInt64 = 0
        var message = ""
        var id: String?

        /// The request in `text`; why it is none otherwise. (A line that is not `key=value` is
        /// passed over, as systemd's own parser passes it over: systemd 252 writes a message's
        /// newlines as they are.)
        static func parse(_ text: String) throws(Skipped) -> Request {
            var request = Request()
            var section: Substring?
            var sawAsk = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.hasPrefix("[") {
                    section = line.hasSuffix("]") ? line.dropFirst().dropLast() : nil
                    if section == "Ask" { sawAsk = true }
                    continue
                }
                guard section == "Ask", let equals = line.firstIndex(of: "=") else { continue }
                let key = line[..<equals], value = String(line[line.index(after: equals)...])
                switch key {
                case "PID":
                    guard let pid = Int(value), pid >= 0, pid <= Int(Int32.max) else { throw Skipped("PID=\(Sanitize.excerpt(value)) is no process") }
                    request.pid = Int32(pid)
                case "Socket": request.socket = value
                case "Echo": request.echo = flag(value)
                case "Silent": request.silent = flag(value)
                case "NotAfter":
                    guard let time = Int(value), time >= 0 else { throw Skipped("NotAfter=\(Sanitize.excerpt(value)) is no time") }
                    request.notAfter = UInt64(time)
                case "Message": request.message = value
                case "Id": request.id = value
                default: break
                }
            }
            guard sawAsk else { throw Skipped("has no [Ask] section") }
            guard request.socket.hasPrefix("/") else { throw Skipped("names no socket") }
            return request
        }

        private static func flag(_ value: String) -> Bool { ["1", "yes", "true", "on"].contains(value.lowercased()) }

        /// The file's text for this request.
        var text: String {
            var text = "[Ask]\nPID=\(pid)\nSocket=\(socket)\nAcceptCached=0\nEcho=\(echo ? 1 : 0)\nNotAfter=\(notAfter)\n"
                + "Silent=\(silent ? 1 : 0)\nMessage=\(Sanitize.line(message))\n"
            if let id { text += "Id=\(Sanitize.line(id))\n" }
            return text
        }

        /// The seconds left before NotAfter as --timeout takes them: at least 0.01, at most the
        /// flag's bound (`systemd-ask-password --timeout=600y` asks for more than a year), nil
        /// without one. Any NotAfter, however large, gives a time the parser accepts.
        func secondsLeft(now: UInt64) -> Double? {
            guard notAfter > 0 else { return nil }
            let nowMicros = now / 1000
            let left = notAfter > nowMicros ? Double(notAfter - nowMicros) / 1e6 : 0
            return min(max(0.01, left), Double(Limits.longestTimeout))
        }

        /// No answer is wanted any more: past its NotAfter, or its process gone.
        var stale: Bool {
            (notAfter > 0 && Platform.now() / 1000 > notAfter) || (pid > 0 && Platform.processStart(pid) == nil)
        }
    }

    /// Why a request was passed over, said once.
    struct Skipped: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The largest request file read (systemd's are a few hundred bytes).
    static let requestLimit = 64 << 10
    /// Requests of alertty's own jobs: their agents serve them through the user's queue.
    static let ownIDPrefix = "alertty:"

    /// Where requests this user may answer or post are: the system's folder for root, and the
    /// user's own (systemd 257 and later), whatever XDG_RUNTIME_DIR says (cron gives none).
    static func folders(user: UInt32 = Platform.userID) -> [String] {
        (user == 0 ? ["/run/systemd/ask-password"] : []) + ["/run/user/\(user)/systemd/ask-password"]
    }

    /// Why requests in `folder` are not to be trusted (nil when they are, or when it is not
    /// there): a folder of ours that no one else may write.
    static func folderProblem(_ folder: String) -> Skipped? {
        guard let status = Platform.linkStatus(folder) else { return nil }
        guard status.kind == .folder else { return Skipped("is not a folder") }
        guard status.owner == Platform.userID else { return Skipped("belongs to another user") }
        guard status.mode & 0o022 == 0 else { return Skipped("is open to other users") }
        return nil
    }

    /// A waiting request and its file.
    struct Pending: Equatable {
        var path: String
        var request: Request
        /// When it was posted (seconds since the epoch).
        var posted: Int
        /// Which file it was when read.
        var file: Platform.FileIdentity?

        /// The box that asks it: the password box (Echo=1: the input box) with its message.
        var command: ParsedCommand {
            var command = ParsedCommand(alert: request.echo ? .input : .password)
            command.positionals = [request.message.isEmpty ? "Password:" : request.message]
            if request.silent && !request.echo { command.add(.mask, "") }
            if let seconds = request.secondsLeft(now: Platform.now()) { command.add(.timeout, String(seconds)) }
            return command
        }

        /// Who asks, by its command line.
        var program: String { request.pid > 0 ? Popup.Asker.program(of: Platform.commandLine(request.pid)) : "a system service" }

        /// No answer is wanted any more: its file gone or replaced, its time up, its asker gone.
        var withdrawn: Bool { Platform.identity(of: path) != file || request.stale }

        /// Sends what came of asking it (OK: the answer; Cancel: `-`); false when there was
        /// nothing to send or it could not be sent.
        func reply(_ outcome: Outcome) -> Bool {
            var reply: [UInt8]
            switch outcome.status {
            case .ok: reply = Reply.answer(outcome.answer ?? [])
            case .cancel: reply = Reply.cancel
            default: return false
            }
            defer { reply.resetBytes() }
            return Platform.sendDatagram(reply, to: request.socket)
        }
    }

    /// The requests waiting that this user may answer, oldest first. One passed over for a
    /// reason is said through `skip` (its path and why); a stale one is passed over silently,
    /// and so is one of an alertty job in `served` (pids whose question alertty's agents serve
    /// through the user's queue, with the job's own box).
    static func pending(in folders: [String] = folders(), serving served: Set<Int32> = [], skip: (String, Skipped) -> Void) -> [Pending] {
        var found: [Pending] = []
        for folder in folders where Platform.linkStatus(folder) != nil {
            if let problem = folderProblem(folder) {
                skip(folder, problem)
                continue
            }
            for name in Platform.names(in: folder).sorted() where name.hasPrefix("ask.") {
                let path = folder + "/" + name
                do throws(Skipped) {
                    let (request, posted) = try read(path)
                    let ours = request.id?.hasPrefix(ownIDPrefix) == true
                    if request.stale {
                        // One of ours whose job was killed (SIGKILL leaves it) goes with the job.
                        if ours && request.pid > 0 && Platform.processStart(request.pid) == nil {
                            Platform.removeFile(request.socket)
                            Platform.removeFile(path)
                        }
                        continue
                    }
                    if ours && served.contains(request.pid) { continue }
                    found.append(Pending(path: path, request: request, posted: posted, file: Platform.identity(of: path)))
                } catch {
                    skip(path, error)
                }
            }
        }
        return found.sorted { ($0.posted, $0.path) < ($1.posted, $1.path) }
    }

    /// A request file, checked before it is read, and when it was posted.
    static func read(_ path: String) throws(Skipped) -> (Request, Int) {
        guard let status = Platform.linkStatus(path) else { throw Skipped("is gone") }
        guard status.kind != .link else { throw Skipped("is a link") }
        guard status.kind == .file else { throw Skipped("is not a file") }
        guard status.owner == Platform.userID else { throw Skipped("belongs to another user") }
        guard status.size <= requestLimit else { throw Skipped("is over \(Limits.size(requestLimit))") }
        guard let bytes = try? Platform.readFile(path, limit: requestLimit) else { throw Skipped("cannot be read") }
        let request = try Request.parse(String(decoding: bytes, as: UTF8.self))
        guard let socket = Platform.linkStatus(request.socket) else { throw Skipped("names a socket that is not there") }
        guard socket.kind == .socket else { throw Skipped("names a socket that is not a socket") }
        guard socket.owner == Platform.userID else { throw Skipped("names a socket of another user") }
        return (request, status.modified)
    }

    // MARK: - Answering a request (alertty agent)

    /// Shows `pending` on this terminal as the password box (Echo=1: the input box) and sends
    /// what came of it: `+answer`, or `-` when the person cancels. A request withdrawn while it
    /// is shown (its file removed, its process gone, its time up) closes the box and is sent
    /// nothing. Returns the process's exit status.
    static func answer(_ pending: Pending, plain: Bool) -> Int32 {
        // A password's box from its first instruction: no backtracer on the person's terminal.
        Platform.crashAtOnce()
        let request = pending.request
        // The box asks for this request alone: nothing of the agent's environment answers it,
        // records it or pops it up elsewhere.
        for name in Popup.withheld { Platform.removeEnvironment(name) }
        for name in Platform.environmentNames(startingWith: "ALERTTY_ANSWER_") { Platform.removeEnvironment(name) }
        var command = pending.command
        let asker = request.pid > 0 ? "asked by \(pending.program) (pid \(request.pid))" : "asked by a system service"
        if plain { command.add(.plain, "") }
        let withdrawn = CallerWatch(gone: { pending.withdrawn })
        let ran = Ask.command(command, Asking(sources: [withdrawn], servedFor: .agent(asker: asker)))
        guard case .ended(let outcome, _, _) = ran else { return 0 }
        defer { outcome.answer?.wipeStorage() }
        guard outcome.status == .ok || outcome.status == .cancel else { return outcome.status.rawValue }
        if !withdrawn.gone, !pending.reply(outcome) {
            App.report("the answer could not be sent to \(Sanitize.line(request.socket))")
            return ExitStatus.internalError.rawValue
        }
        return 0
    }

    /// An agent's answer as a datagram on the request's socket: `+` and the text typed, or `-`.
    enum Reply {
        static let cancel: [UInt8] = [UInt8(ascii: "-")]

        /// `+` and the answer, in one buffer (the caller wipes it: a secret is copied nowhere else).
        static func answer(_ typed: [UInt8]) -> [UInt8] {
            var reply: [UInt8] = []
            reply.reserveCapacity(1 + typed.count)
            reply.append(UInt8(ascii: "+"))
            reply.append(contentsOf: typed)
            return reply
        }

        enum Read: Equatable {
            case answered([UInt8])
            case cancelled
            /// An answer that cannot be one: why.
            case refused(Skipped)
        }

        /// What a datagram says (nil: nothing an agent sends). Several answers (a list,
        /// NUL-separated): the first is this question's.
        static func read(_ datagram: [UInt8]) -> Read? {
            switch datagram.first {
            case UInt8(ascii: "-"):
                return .cancelled
            case UInt8(ascii: "+"):
                var typed = Array(datagram.dropFirst().prefix { $0 != 0 })
                guard !transcode(typed.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in }) else {
                    typed.resetBytes()
                    return .refused(Skipped("the answer is not UTF-8 text"))
                }
                return .answered(typed)
            default:
                return nil
            }
        }
    }

    // MARK: - Posting a question (a job's password or input)

    /// The request's message: the question's title and text, and who asks.
    static func message(_ command: ParsedCommand, secret: Bool, asker: Popup.Asker) -> String {
        let text = command.readsStdin(command.text) ? nil : command.text
        let said = [command.string(.title), text].compactMap { $0.flatMap { $0.isEmpty ? nil : Sanitize.line($0) } }
        let question = said.isEmpty ? (secret ? "Password" : "Answer") : said.joined(separator: ": ")
        return question + " (asked by \(asker.program), pid \(asker.pid))"
    }

    /// A question of ours posted as a request: answered by whichever agent answers first.
    final class Posted: OtherChannel {
        var reads: [FileDescriptor] { [socket] }
        var writes: [FileDescriptor] { [] }

        func service(_ polled: (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>)) -> Ran? {
            polled.readable.contains(socket) ? take() : nil
        }
        let file: String
        let socketPath: String
        let socket: FileDescriptor
        private var request: Request
        private let message: String
        /// The answer typed, checked by the question's rules: what came of asking, or why it was refused.
        private let answer: ([UInt8]) -> Result<Ran, Skipped>
        private var droppedSenders: Set<UInt32> = []

        /// Posts a question in the first folder this user may post in (nil: none, or it could
        /// not be written). `deadline`: CLOCK_MONOTONIC nanoseconds (nil: none).
        init?(message: String, echo: Bool, deadline: UInt64?, id: String, answer: @escaping ([UInt8]) -> Result<Ran, Skipped>) {
            guard let folder = SystemdAsk.folders().first(where: { Platform.linkStatus($0)?.kind == .folder && SystemdAsk.folderProblem($0) == nil })
            else { return nil }
            let name = Platform.randomName()
            file = folder + "/ask." + name
            socketPath = folder + "/sck." + name
            do { socket = try Platform.bindDatagramSocket(at: socketPath) } catch { return nil }
            self.answer = answer
            self.message = message
            request = Request(pid: Int32(Platform.processID), socket: socketPath, echo: echo,
                              notAfter: deadline.map { $0 / 1000 } ?? 0, message: message, id: SystemdAsk.ownIDPrefix + id)
            guard write() else {
                withdraw()
                return nil
            }
        }

        deinit { withdraw() }

        private func write() -> Bool {
            let folder = String(file[..<file.lastIndex(of: "/")!])
            return (try? Platform.writeNewFile(file, Array(request.text.utf8), temporary: folder + "/.tmp." + Platform.randomName())) != nil
        }

        /// Takes the request away: agents showing it close it.
        func withdraw() {
            Platform.removeFile(file)
            if Platform.isOpen(socket) {
                Platform.close(socket)
                Platform.removeFile(socketPath)
            }
        }

        /// What came of an answer that has arrived (nil: none yet, or none that counts: from
        /// another user, or refused by the question's rules, when it is asked again).
        func take() -> Ran? {
            while var datagram = Platform.receiveDatagram(socket, max: 64 << 10) {
                defer { datagram.bytes.resetBytes() }
                let me = Platform.userID
                guard let sender = datagram.sender, sender == me || sender == 0 else {
                    let who = datagram.sender.map { "user \($0)" } ?? "an unknown sender"
                    if droppedSenders.insert(datagram.sender ?? .max).inserted { App.report("an answer from \(who) was dropped") }
                    continue
                }
                switch Reply.read(datagram.bytes) {
                case .cancelled:
                    return .ended(Outcome(.cancel), terminator: nil, wholeJob: false)
                case .answered(var typed):
                    // One copy, handed on as bytes (a secret is never made a String here), the
                    // datagram's own buffer zeroed above.
                    defer { typed.resetBytes() }
                    switch answer(typed) {
                    case .success(let ran): return ran
                    case .failure(let refusal): refused(refusal)
                    }
                case .refused(let refusal):
                    refused(refusal)
                case nil:
                    continue
                }
            }
            return nil
        }

        /// Says why an answer was refused, and asks again, saying it there too.
        private func refused(_ refusal: Skipped) {
            App.report("an agent's answer was refused: " + refusal.reason)
            request.message = "(\(refusal.reason)) " + message
            _ = write()
        }
    }
}
