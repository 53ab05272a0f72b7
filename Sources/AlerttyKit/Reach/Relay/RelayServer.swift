// `alertty agent --relay`: the far end of `alertty agent --ssh`, started by ssh for the user it
// logged in as (never by a person). It lists that user's waiting questions on stdout, and serves
// the one the agent takes as a local agent would: it claims the question's offer (so no other
// agent shows it meanwhile; its claim names this process, so a relay killed gives it back),
// opens the offer's ends, and carries the conversation over stdio — the request and stdin to
// the agent, the box's stderr and the answer back to the job. The question's text goes out as
// data, never run or shown here. A question withdrawn here (answered in a popup, timed out) is
// said gone; the agent's connection dropping gives the question back to wait for its next turn.

enum RelayServer {
    static func run(_ queue: QuestionQueue) -> Int32 {
        Platform.ignoreBrokenPipes()
        var server = Serving(queue)
        return server.loop()
    }

    struct Serving {
        let queue: QuestionQueue
        var reader = Relay.LineReader()
        var greeted = false
        var lastListed: [Relay.Question]?
        /// The question taken: a job's (its folder and the ends its answer and stderr go to), or
        /// a request of systemd's (answered on its socket).
        var taken: Taken?

        struct Taken {
            var id: String
            var folder = ""
            var result: FileDescriptor = -1, err: FileDescriptor = -1
            var systemd: SystemdAsk.Pending?
            /// Asked no more where it was asked.
            var gone: Bool { systemd.map(\.withdrawn) ?? (Platform.linkStatus(folder) == nil) }
        }

        init(_ queue: QuestionQueue) { self.queue = queue }

        func send(_ message: Relay.Message) -> Bool { Platform.writeAll(1, Relay.line(message)) }

        mutating func loop() -> Int32 {
            guard send(.hello(version: Relay.version)) else { return 0 }
            var lastPing = Platform.now()
            while true {
                let changes = WaitingWatch(queue)
                if greeted, !list() { return giveBack(0) }
                // While a question is taken, a look each quarter second at whether it is still asked.
                let ready = Platform.poll([0] + changes.descriptors, timeoutMs: taken == nil ? 1000 : 250)
                if ready.contains(0) {
                    guard let bytes = Platform.read(0, max: 1 << 16) else { return giveBack(0) } // the agent went away
                    let lines: [[UInt8]]
                    do throws(Relay.Garbled) { lines = try reader.add(bytes) } catch { return refuse(error) }
                    for line in lines {
                        let message: Relay.Message
                        do throws(Relay.Garbled) { message = try Relay.parse(line[...]) } catch { return refuse(error) }
                        if let status = handle(message) { return status }
                    }
                }
                if let taken, taken.gone {
                    // Answered or withdrawn where it was asked: the agent's box goes.
                    close()
                    guard send(.gone(id: taken.id)) else { return 0 }
                }
                if Platform.now() &- lastPing > 30_000_000_000 {
                    lastPing = Platform.now()
                    guard send(.ping) else { return giveBack(0) }
                }
            }
        }

        /// Does what the agent says; a status to stop with, or nil to go on.
        mutating func handle(_ message: Relay.Message) -> Int32? {
            switch message {
            case .hello(let version):
                guard version == Relay.version else {
                    App.report("the agent speaks relay protocol \(version); this alertty speaks \(Relay.version)")
                    return ExitStatus.usage.rawValue
                }
                greeted = true
            case _ where !greeted:
                App.report("the agent did not say which protocol it speaks")
                return ExitStatus.usage.rawValue
            case .take(let id):
                if let why = take(id) { if !send(.refused(id: id, why: why)) { return giveBack(0) } }
            case .err(let id, let bytes):
                if let taken, taken.id == id, taken.err >= 0 { Platform.writeAll(taken.err, bytes) }
            case .result(let id, var bytes):
                defer { bytes.resetBytes() }
                guard let taken, taken.id == id else { break }
                if let pending = taken.systemd {
                    // What the person answered, sent on the request's socket as systemd's agents do.
                    if case .ended(let outcome, _, _)? = try? Ran.unwired(bytes), !pending.withdrawn {
                        defer { outcome.answer?.wipeStorage() }
                        _ = pending.reply(outcome)
                    }
                } else {
                    Platform.writeAll(taken.result, bytes)
                }
                close()
            case .release(let id):
                guard taken?.id == id else { break }
                release()
            case .ping:
                break
            default:
                App.report("the agent sent what only a relay sends")
                return giveBack(ExitStatus.usage.rawValue)
            }
            return nil
        }

        static let systemdPrefix = "systemd:"

        /// What waits here that the agent may take: the user's jobs' questions offered to agents,
        /// and systemd's requests the user may answer.
        func waiting() -> [AgentProgram.Waiting] {
            AgentProgram.servable(AgentProgram.distinct(AgentProgram.waiting(queue, saying: false))).filter {
                if case .job(_, let record) = $0 { return record["folder"] != nil }
                return true
            }
        }

        /// Lists what waits here when it changed; false when the agent is gone.
        mutating func list() -> Bool {
            let questions = waiting().prefix(Relay.listed).map { waiting -> Relay.Question in
                switch waiting {
                case .job(let entry, let record):
                    return Relay.Question(id: entry.name, age: Int((Platform.now() &- entry.asked) / 1_000_000), alert: record["alert"] ?? "?",
                                          pid: AgentProgram.askerPID(entry, record), program: record["program"] ?? "?", title: record["title"] ?? "")
                case .systemd(let pending):
                    return Relay.Question(id: Self.systemdPrefix + waiting.id, age: max(0, Platform.wallClock() - pending.posted) * 1000,
                                          alert: pending.request.echo ? "input" : "password", pid: pending.request.pid, program: pending.program,
                                          title: pending.request.message)
                }
            }
            // (Ages change each second: a snapshot is sent again when the questions do.)
            guard lastListed.map({ $0.map(\.id) != questions.map(\.id) }) ?? true else { return true }
            lastListed = questions
            return send(.waiting) && questions.allSatisfy { send(.question($0)) } && send(.listed)
        }

        /// Claims the question `id` and sends what to ask: why not, or nil.
        mutating func take(_ id: String) -> String? {
            guard taken == nil else { return "another question is being shown" }
            if id.hasPrefix(Self.systemdPrefix) {
                guard case .systemd(let pending)? = waiting().first(where: { Self.systemdPrefix + $0.id == id }) else { return "it is no longer waiting" }
                taken = Taken(id: id, systemd: pending)
                let seconds = pending.request.secondsLeft(now: Platform.now())
                let request = Popup.Request(command: pending.command, theme: nil, directory: "/", environment: [],
                                            deadline: seconds.map { UInt64($0 * 1e9) } ?? 0)
                _ = send(.request(id: id, bytes: request.wire())) && send(.stdin(id: id, bytes: []))
                return nil
            }
            guard let entry = queue.waiting().first(where: { $0.name == id }), let folder = queue.record(entry)["folder"],
                  Platform.privateFolderProblem(folder) == nil else { return "it is no longer waiting" }
            guard Platform.claim(folder + "/claimed", holding: Popup.AgentOffer.claimer()) else { return "another agent took it" }
            var ends: [FileDescriptor] = []
            defer { for fd in ends { Platform.close(fd) } }
            let framed: [UInt8], stdin: [UInt8]?
            do throws(PlatformError) {
                let control = try Platform.openFIFOWaiting(folder + "/control", forWriting: false)
                ends.append(control)
                let input = try Platform.openFIFOWaiting(folder + "/in", forWriting: false)
                ends.append(input)
                let err = try Platform.openFIFOWaiting(folder + "/err", forWriting: true)
                let result = try Platform.openFIFOWaiting(folder + "/result", forWriting: true)
                taken = Taken(id: id, folder: folder, result: result, err: err)
                Platform.writeAll(result, Popup.readyMark)
                framed = try Popup.readFramed(control)
                stdin = readAll(input)
            } catch {
                release()
                return "it could not be opened (\(error.message))"
            }
            guard var request = try? Popup.Request.unwired(framed) else {
                release()
                return "its request could not be read"
            }
            guard let stdin else {
                release()
                return "it reads more than \(Relay.stdinLimit) bytes of stdin, or a stream"
            }
            // The files it read go with it, on one line of the relay's.
            guard request.read.reduce(0, { $0 + $1.bytes.count }) <= Relay.stdinLimit else {
                release()
                return "it read more than \(Relay.stdinLimit) bytes of its host's files"
            }
            // What the agent can use of it: no process, folder or environment of this host's,
            // and the time left rather than this machine's clock.
            request.caller = 0
            request.callerStart = 0
            request.environment = []
            request.directory = "/"
            if request.deadline > 0 { request.deadline = max(1, request.deadline &- Platform.now()) }
            _ = send(.request(id: id, bytes: request.wire())) && send(.stdin(id: id, bytes: stdin))
            return nil
        }

        /// What the job hands on of its stdin, whole: nil past the limit, or still streaming after
        /// two seconds (a remote question's items are known when it is shown).
        func readAll(_ fd: FileDescriptor) -> [UInt8]? {
            var bytes: [UInt8] = []
            let end = Platform.now() + 2_000_000_000
            while Platform.now() < end {
                guard !Platform.poll([fd], timeoutMs: 100).isEmpty else { continue }
                guard let chunk = Platform.read(fd, max: 65536) else { return bytes }
                bytes += chunk
                if bytes.count > Relay.stdinLimit { return nil }
            }
            return nil
        }

        mutating func release() {
            if let taken, taken.systemd == nil { Platform.removeFile(taken.folder + "/claimed") }
            close()
        }

        /// The question's ends closed: with an answer written, it is the job's; without, the job
        /// asks again.
        mutating func close() {
            guard let t = taken else { return }
            for fd in [t.result, t.err] where fd >= 0 { Platform.close(fd) }
            taken = nil
        }

        mutating func giveBack(_ status: Int32) -> Int32 {
            release()
            return status
        }

        mutating func refuse(_ garbled: Relay.Garbled) -> Int32 {
            App.report("the agent sent what is not the relay protocol: \(garbled.line)")
            return giveBack(ExitStatus.usage.rawValue)
        }
    }
}
