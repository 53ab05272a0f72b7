// The values that cross the popup's wire, each with one schema: written by `put(into:)` and read
// back by `take(from:)`, field for field in the same order (WireTests round-trips each with every
// field set). A field added to a type is added to both here, or the round trip fails.

protocol WireValue {
    func put(into w: inout WireWriter)
    static func take(from r: inout WireReader) throws(WireError) -> Self
}

extension WireValue {
    /// The value alone as bytes (`room`: reserved at once, so a secret is never left behind in a
    /// buffer that grew).
    func wire(room: Int = 0) -> [UInt8] {
        var w = WireWriter(capacity: room)
        put(into: &w)
        return w.bytes
    }

    /// The value `bytes` hold, all of them.
    static func unwired(_ bytes: [UInt8]) throws(WireError) -> Self {
        var r = WireReader(bytes)
        let value = try take(from: &r)
        guard r.atEnd else { throw WireError() }
        return value
    }
}

extension ReplayAnswer: WireValue {
    func put(into w: inout WireWriter) {
        w.put(field)
        w.put(value)
        w.put(secret)
        w.put(unnameable)
    }

    static func take(from r: inout WireReader) throws(WireError) -> ReplayAnswer {
        ReplayAnswer(field: try r.optionalString(), value: try r.field(), secret: try r.bool(), unnameable: try r.bool())
    }
}

extension Outcome: WireValue {
    func put(into w: inout WireWriter) {
        w.put(Int(status.rawValue))
        w.put(answer)
        w.put(pressedEsc)
        w.put(signal == .job ? "job" : signal == .process ? "process" : "")
        w.put(farewell)
        w.put(report)
        w.put(exitCode.map { String($0) })
        w.put(items)
        w.put(state)
        w.put(replay != nil)
        w.put(replay?.count ?? 0)
        for answer in replay ?? [] { answer.put(into: &w) }
    }

    static func take(from r: inout WireReader) throws(WireError) -> Outcome {
        guard let status = ExitStatus(rawValue: Int32(try r.int())) else { throw WireError() }
        var outcome = Outcome(status, answer: try r.optionalField())
        outcome.pressedEsc = try r.bool()
        switch try r.string() {
        case "job": outcome.signal = .job
        case "process": outcome.signal = .process
        case "": outcome.signal = nil
        default: throw WireError()
        }
        outcome.farewell = try r.optionalString()
        outcome.report = try r.optionalString()
        outcome.exitCode = try r.optionalString().map { text throws(WireError) in
            guard let code = Int32(text) else { throw WireError() }
            return code
        }
        outcome.items = try r.optionalFields()
        outcome.state = try r.optionalFields()
        let hasReplay = try r.bool()
        var replay: [ReplayAnswer] = []
        for _ in 0..<(try r.count()) { replay.append(try ReplayAnswer.take(from: &r)) }
        outcome.replay = hasReplay ? replay : nil
        return outcome
    }

    /// Room for all of it: an answer (a password) and its items, twice over for the framing.
    var wireRoom: Int {
        4096 + 2 * ((answer?.count ?? 0) + ((items ?? []) + (state ?? [])).reduce(0) { $0 + $1.count + 24 }
                    + (replay ?? []).reduce(0) { $0 + $1.value.count + 48 })
    }
}

extension Ran: WireValue {
    func put(into w: inout WireWriter) {
        switch self {
        case .failed(let status):
            w.put("failed")
            w.put(Int(status.rawValue))
        case .notRun:
            w.put("notRun")
        case .ended(let outcome, let terminator, let wholeJob):
            w.put("ended")
            outcome.put(into: &w)
            w.put(terminator.map { [$0] })
            w.put(wholeJob)
        }
    }

    static func take(from r: inout WireReader) throws(WireError) -> Ran {
        switch try r.string() {
        case "failed":
            guard let status = ExitStatus(rawValue: Int32(try r.int())) else { throw WireError() }
            return .failed(status)
        case "notRun":
            return .notRun
        case "ended":
            let outcome = try Outcome.take(from: &r)
            let terminator = try r.optionalField()
            guard (terminator?.count ?? 1) == 1 else { throw WireError() }
            return .ended(outcome, terminator: terminator?.first, wholeJob: try r.bool())
        default:
            throw WireError()
        }
    }

    var wireRoom: Int {
        if case .ended(let outcome, _, _) = self { return outcome.wireRoom }
        return 64
    }
}

extension ParsedCommand: WireValue {
    func put(into w: inout WireWriter) {
        w.put(alert.rawValue)
        w.put(order.map(\.rawValue))
        for flag in order { w.put(values[flag] ?? []) }
        w.put(positionals)
        w.put(command != nil)
        w.put(command ?? [])
        w.put(fieldWords)
        w.put(dashIsText)
        w.put(enterIsDefault)
        w.put(suggestsFlags)
    }

    static func take(from r: inout WireReader) throws(WireError) -> ParsedCommand {
        guard let alert = AlertKind(rawValue: try r.string()) else { throw WireError() }
        var command = ParsedCommand(alert: alert)
        for name in try r.strings() {
            let values = try r.strings()
            guard let flag = Flag(rawValue: name) else { throw WireError() }
            for value in values { command.add(flag, value) }
        }
        command.positionals = try r.strings()
        let runs = try r.bool()
        let argv = try r.strings()
        command.command = runs ? argv : nil
        command.fieldWords = try r.strings()
        command.dashIsText = try r.bool()
        command.enterIsDefault = try r.bool()
        command.suggestsFlags = try r.bool()
        return command
    }
}

extension Popup.Request: WireValue {
    static let version = "alertty-popup 6"

    func put(into w: inout WireWriter) {
        w.put(Self.version)
        w.put(directory)
        w.put(Int(caller))
        w.put(String(callerStart))
        w.put(String(deadline))
        w.put(environment.count)
        for (name, value) in environment {
            w.put(name)
            w.put(value)
        }
        command.put(into: &w)
        w.put(theme)
        w.put(read.count)
        for file in read {
            w.put(file.path)
            w.put(file.bytes)
        }
    }

    static func take(from r: inout WireReader) throws(WireError) -> Popup.Request {
        guard try r.string() == version else { throw WireError() }
        let directory = try r.string()
        let caller = Int32(truncatingIfNeeded: try r.int())
        guard let callerStart = Int(try r.string()).flatMap({ UInt64(exactly: $0) }),
              let deadline = Int(try r.string()).flatMap({ UInt64(exactly: $0) }) else { throw WireError() }
        var environment: [(String, String?)] = []
        for _ in 0..<(try r.count()) { environment.append((try r.string(), try r.optionalString())) }
        let command = try ParsedCommand.take(from: &r)
        let theme = try r.optionalString()
        var read: [AlertReads.File] = []
        for _ in 0..<(try r.count()) { read.append(AlertReads.File(path: try r.string(), bytes: try r.field())) }
        return Popup.Request(command: command, theme: theme, directory: directory, environment: environment,
                             caller: caller, callerStart: callerStart, deadline: deadline, read: read)
    }
}
