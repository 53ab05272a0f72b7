// The relay's protocol: `alertty agent --relay` (on a server, started by ssh) and `alertty agent
// --ssh HOST` (where the person is) speak it on ssh's stdio. Versioned and line-oriented: one
// message a line, its words split by single spaces; text is percent-escaped (so no space, no
// newline, no control character is ever in a word) and bytes are hex. Both sides say
// `alertty-relay VERSION` first; a side that reads another version, a line it cannot parse, or
// a line over `longestLine` stops with one line saying so.
//
//   relay → agent                            agent → relay
//   alertty-relay 1                          alertty-relay 1
//   waiting                 (a snapshot…)    take ID            (claim it, to show it)
//   question ID AGE_MS ALERT PID PROGRAM TITLE  err ID HEX      (the box's stderr, for the job)
//   listed                  (…ends)          result ID HEX      (what came of it: the job's answer)
//   request ID HEX          (taken: what     release ID         (shown, but no answer: given back)
//   stdin ID HEX             to ask)         ping
//   refused ID WHY          (not taken)
//   gone ID                 (answered or withdrawn there)
//   ping

enum Relay {
    static let version = 1
    /// A line longer than this is garbage (a request is a few KB; stdin is at most `stdinLimit`).
    static let longestLine = 4 << 20
    /// What a remote question may read of its job's stdin (a choose's items): more is refused.
    static let stdinLimit = 1 << 20
    /// The questions a snapshot lists at most: a host flooding thousands lists its oldest.
    static let listed = 64

    /// A question waiting on the relay's host, as the agent lists it.
    struct Question: Equatable {
        var id: String
        /// Milliseconds it has waited.
        var age: Int
        var alert: String
        var pid: Int32
        var program: String
        var title: String
    }

    enum Message: Equatable {
        case hello(version: Int)
        case waiting
        case question(Question)
        case listed
        case request(id: String, bytes: [UInt8])
        case stdin(id: String, bytes: [UInt8])
        case refused(id: String, why: String)
        case gone(id: String)
        case take(id: String)
        case err(id: String, bytes: [UInt8])
        case result(id: String, bytes: [UInt8])
        case release(id: String)
        case ping
    }

    struct Garbled: Error, Equatable {
        var line: String
    }

    static func line(_ message: Message) -> [UInt8] {
        var words: [String]
        switch message {
        case .hello(let version): words = ["alertty-relay", String(version)]
        case .waiting: words = ["waiting"]
        case .question(let q): words = ["question", escape(q.id), String(q.age), escape(q.alert), String(q.pid), escape(q.program), escape(q.title)]
        case .listed: words = ["listed"]
        case .request(let id, let bytes): words = ["request", escape(id), hex(bytes)]
        case .stdin(let id, let bytes): words = ["stdin", escape(id), hex(bytes)]
        case .refused(let id, let why): words = ["refused", escape(id), escape(why)]
        case .gone(let id): words = ["gone", escape(id)]
        case .take(let id): words = ["take", escape(id)]
        case .err(let id, let bytes): words = ["err", escape(id), hex(bytes)]
        case .result(let id, let bytes): words = ["result", escape(id), hex(bytes)]
        case .release(let id): words = ["release", escape(id)]
        case .ping: words = ["ping"]
        }
        return Array((words.joined(separator: " ") + "\n").utf8)
    }

    /// The message a line (without its newline) holds.
    static func parse(_ line: ArraySlice<UInt8>) throws(Garbled) -> Message {
        let words = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let garbled = Garbled(line: Sanitize.excerpt(String(decoding: line, as: UTF8.self)))
        func text(_ i: Int) throws(Garbled) -> String {
            guard i < words.count, let t = unescape(words[i]) else { throw garbled }
            return t
        }
        func bytes(_ i: Int) throws(Garbled) -> [UInt8] {
            guard i < words.count, let b = unhex(words[i]) else { throw garbled }
            return b
        }
        func number(_ i: Int) throws(Garbled) -> Int {
            guard i < words.count, let n = Int(words[i]), n >= 0 else { throw garbled }
            return n
        }
        let counts = ["alertty-relay": 2, "waiting": 1, "question": 7, "listed": 1, "request": 3, "stdin": 3, "refused": 3, "gone": 2,
                      "take": 2, "err": 3, "result": 3, "release": 2, "ping": 1]
        guard let verb = words.first, counts[verb] == words.count else { throw garbled }
        switch verb {
        case "alertty-relay": return .hello(version: try number(1))
        case "waiting": return .waiting
        case "question":
            let pid = try number(4)
            guard pid <= Int(Int32.max) else { throw garbled }
            return .question(Question(id: try text(1), age: try number(2), alert: try text(3), pid: Int32(pid), program: try text(5),
                                      title: try text(6)))
        case "listed": return .listed
        case "request": return .request(id: try text(1), bytes: try bytes(2))
        case "stdin": return .stdin(id: try text(1), bytes: try bytes(2))
        case "refused": return .refused(id: try text(1), why: try text(2))
        case "gone": return .gone(id: try text(1))
        case "take": return .take(id: try text(1))
        case "err": return .err(id: try text(1), bytes: try bytes(2))
        case "result": return .result(id: try text(1), bytes: try bytes(2))
        case "release": return .release(id: try text(1))
        default: return .ping
        }
    }

    /// Every byte but printable ASCII other than `%` as %XX: a word never holds a space, a
    /// newline or a control character.
    static func escape(_ text: String) -> String {
        var out = ""
        for b in text.utf8 {
            if b > 0x20 && b < 0x7F && b != UInt8(ascii: "%") { out.unicodeScalars.append(Unicode.Scalar(b)) } else { out += "%" + hex([b]) }
        }
        return out.isEmpty ? "%" : out
    }

    /// (A lone `%` is the empty text: a word is never empty.)
    static func unescape(_ word: String) -> String? {
        if word == "%" { return "" }
        var bytes: [UInt8] = []
        var utf8 = Array(word.utf8)[...]
        while let b = utf8.popFirst() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard utf8.count >= 2, let v = unhex(String(decoding: utf8.prefix(2), as: UTF8.self)) else { return nil }
            bytes += v
            utf8 = utf8.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2 + 1)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return out.isEmpty ? "-" : String(decoding: out, as: UTF8.self)
    }

    static func unhex(_ word: String) -> [UInt8]? {
        if word == "-" { return [] }
        let utf8 = Array(word.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func digit(_ b: UInt8) -> UInt8? {
            switch b {
            case 0x30...0x39: return b - 0x30
            case 0x61...0x66: return b - 0x61 + 10
            case 0x41...0x46: return b - 0x41 + 10
            default: return nil
            }
        }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 2)
        var i = 0
        while i < utf8.count {
            guard let high = digit(utf8[i]), let low = digit(utf8[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    /// Lines as they arrive on a stream: complete ones taken off, a line too long refused.
    struct LineReader {
        private var pending: [UInt8] = []

        /// Adds what was read; the complete lines in it, or `Garbled` for a line past the limit.
        mutating func add(_ bytes: [UInt8]) throws(Garbled) -> [[UInt8]] {
            pending += bytes
            var lines: [[UInt8]] = []
            var start = 0
            while let newline = pending[start...].firstIndex(of: 0x0A) {
                lines.append(Array(pending[start..<newline]))
                start = newline + 1
            }
            pending.removeFirst(start)
            guard pending.count <= Relay.longestLine else { throw Garbled(line: "a line over \(Relay.longestLine) bytes") }
            return lines
        }
    }
}
