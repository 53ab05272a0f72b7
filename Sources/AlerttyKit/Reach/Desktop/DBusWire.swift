// D-Bus messages on the wire (the D-Bus specification, "Message Protocol"), little-endian, just
// what talking to a notification server takes: method calls out; replies, errors and signals in.
// Pure: bytes in, values out. Nothing read is trusted: every length is checked against what
// arrived, nesting is bounded, and a message over `largest` is refused, never buffered.

enum DBusWire {
    /// The largest message read (a notification server's are a few hundred bytes).
    static let largest = 1 << 20

    enum Kind: UInt8 {
        case methodCall = 1, methodReturn, error, signal
    }

    /// A value as a message carries it.
    indirect enum Value {
        case byte(UInt8)
        case bool(Bool)
        case int32(Int32)
        case uint32(UInt32)
        case string(String)
        case objectPath(String)
        case signature(String)
        /// Elements of one type (the signature of one element); a dictionary is an array of entries.
        case array(String, [Value])
        case structure([Value])
        case entry(Value, Value)
        case variant(String, Value)
        /// A type read past and not kept (64-bit numbers, doubles, descriptors).
        case other

        var string: String? {
            switch self {
            case .string(let s), .objectPath(let s), .signature(let s): return s
            default: return nil
            }
        }
        var uint32: UInt32? { if case .uint32(let u) = self { return u } else { return nil } }
    }

    struct Message {
        var kind: Kind
        var serial: UInt32
        var path: String?
        var interface: String?
        var member: String?
        var errorName: String?
        var replySerial: UInt32?
        var destination: String?
        var sender: String?
        var signature = ""
        var body: [Value] = []
        /// NO_REPLY_EXPECTED, NO_AUTO_START.
        var flags: UInt8 = 0
        static let noReplyExpected: UInt8 = 1, noAutoStart: UInt8 = 2

        /// A call to `member` of `interface` at `path` on `destination`.
        static func call(_ serial: UInt32, to destination: String, path: String, interface: String, member: String,
                         signature: String = "", body: [Value] = []) -> Message {
            Message(kind: .methodCall, serial: serial, path: path, interface: interface, member: member, destination: destination,
                    signature: signature, body: body)
        }
    }

    enum Malformed: Error {
        /// Not a message: the connection is no use.
        case broken(String)
    }

    // MARK: - Writing

    /// The message's bytes.
    static func encode(_ message: Message) -> [UInt8] {
        var body = Writer()
        var types = Substring(message.signature)
        for value in message.body { body.write(value, type: Self.nextType(&types)) }
        var fields: [Value] = []
        func field(_ code: UInt8, _ type: String, _ value: Value?) {
            if let value { fields.append(.structure([.byte(code), .variant(type, value)])) }
        }
        field(1, "o", message.path.map { .objectPath($0) })
        field(2, "s", message.interface.map { .string($0) })
        field(3, "s", message.member.map { .string($0) })
        field(4, "s", message.errorName.map { .string($0) })
        field(5, "u", message.replySerial.map { .uint32($0) })
        field(6, "s", message.destination.map { .string($0) })
        field(7, "s", message.sender.map { .string($0) })
        if !message.signature.isEmpty { field(8, "g", .signature(message.signature)) }
        var head = Writer()
        head.bytes = [UInt8(ascii: "l"), message.kind.rawValue, message.flags, 1]
        head.uint32(UInt32(body.bytes.count))
        head.uint32(message.serial)
        head.write(.array("(yv)", fields), type: "a(yv)")
        head.pad(8)
        return head.bytes + body.bytes
    }

    struct Writer {
        var bytes: [UInt8] = []

        mutating func pad(_ alignment: Int) {
            while bytes.count % alignment != 0 { bytes.append(0) }
        }
        mutating func uint32(_ v: UInt32) {
            pad(4)
            bytes += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        }
        mutating func text(_ s: String) {
            let utf8 = Array(s.utf8)
            uint32(UInt32(utf8.count))
            bytes += utf8
            bytes.append(0)
        }

        mutating func write(_ value: Value, type: Substring) {
            switch value {
            case .byte(let b): bytes.append(b)
            case .bool(let b): uint32(b ? 1 : 0)
            case .int32(let i): uint32(UInt32(bitPattern: i))
            case .uint32(let u): uint32(u)
            case .string(let s), .objectPath(let s): text(s)
            case .signature(let s):
                bytes.append(UInt8(s.utf8.count))
                bytes += Array(s.utf8)
                bytes.append(0)
            case .array(let element, let values):
                uint32(0)
                let lengthAt = bytes.count - 4
                pad(DBusWire.alignment(of: element.first ?? "y"))
                let start = bytes.count
                for v in values { write(v, type: Substring(element)) }
                let length = UInt32(bytes.count - start)
                for k in 0..<4 { bytes[lengthAt + k] = UInt8(length >> (8 * UInt32(k)) & 0xFF) }
            case .structure(let values):
                pad(8)
                var inner = type.dropFirst().dropLast()
                for v in values { write(v, type: DBusWire.nextType(&inner)) }
            case .entry(let key, let v):
                pad(8)
                var inner = type.dropFirst().dropLast()
                write(key, type: DBusWire.nextType(&inner))
                write(v, type: DBusWire.nextType(&inner))
            case .variant(let signature, let v):
                write(.signature(signature), type: "g")
                write(v, type: Substring(signature))
            case .other:
                break
            }
        }
    }

    // MARK: - Reading

    /// How many bytes the message at the start of `bytes` takes, once its fixed header is in (nil:
    /// not yet); `Malformed` when it is not a message of ours to read.
    static func length(_ bytes: ArraySlice<UInt8>) throws(Malformed) -> Int? {
        guard bytes.count >= 16 else { return nil }
        let b = Array(bytes.prefix(16))
        guard b[0] == UInt8(ascii: "l") else { throw .broken("a big-endian or garbled message") }
        guard b[3] == 1 else { throw .broken("protocol version \(b[3])") }
        let body = Int(Reader.uint32(b, at: 4)), fields = Int(Reader.uint32(b, at: 12))
        guard body <= largest, fields <= largest else { throw .broken("a message over \(largest) bytes") }
        let total = (16 + fields + 7) / 8 * 8 + body
        guard total <= largest else { throw .broken("a message over \(largest) bytes") }
        return total
    }

    /// The message in `bytes` (exactly one, as `length` measured it).
    static func decode(_ bytes: [UInt8]) throws(Malformed) -> Message {
        guard bytes.count >= 16, let kind = Kind(rawValue: bytes[1]) else { throw .broken("a message of no known kind") }
        var reader = Reader(bytes: bytes, offset: 12)
        guard case .array(_, let fields) = try reader.read("a(yv)") else { throw .broken("no header fields") }
        var message = Message(kind: kind, serial: Reader.uint32(bytes, at: 8))
        message.flags = bytes[2]
        for case .structure(let pair) in fields {
            guard pair.count == 2, case .byte(let code) = pair[0], case .variant(_, let value) = pair[1] else { continue }
            switch code {
            case 1: message.path = value.string
            case 2: message.interface = value.string
            case 3: message.member = value.string
            case 4: message.errorName = value.string
            case 5: message.replySerial = value.uint32
            case 6: message.destination = value.string
            case 7: message.sender = value.string
            case 8: message.signature = value.string ?? ""
            default: break // unknown fields are passed over, as the spec says
            }
        }
        reader.align(8)
        let bodyStart = reader.offset
        guard bodyStart + Int(Reader.uint32(bytes, at: 4)) == bytes.count else { throw .broken("a body of the wrong length") }
        // Alignment in the body counts from the body's start, itself 8-aligned in the message.
        reader = Reader(bytes: Array(bytes[bodyStart...]), offset: 0)
        var types = Substring(message.signature)
        while !types.isEmpty {
            let type = nextType(&types)
            guard !type.isEmpty else { throw .broken("a bad signature") }
            message.body.append(try reader.read(type))
        }
        return message
    }

    struct Reader {
        let bytes: [UInt8]
        var offset: Int
        private var depth = 0

        init(bytes: [UInt8], offset: Int) { (self.bytes, self.offset) = (bytes, offset) }

        static func uint32(_ b: [UInt8], at i: Int) -> UInt32 {
            UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
        }

        mutating func align(_ n: Int) { offset = (offset + n - 1) / n * n }

        private mutating func take(_ n: Int) throws(Malformed) -> ArraySlice<UInt8> {
            guard n >= 0, offset + n <= bytes.count else { throw .broken("a value past the message's end") }
            defer { offset += n }
            return bytes[offset..<offset + n]
        }
        private mutating func u32() throws(Malformed) -> UInt32 {
            align(4)
            let b = try take(4)
            return UInt32(b[b.startIndex]) | UInt32(b[b.startIndex + 1]) << 8 | UInt32(b[b.startIndex + 2]) << 16
                | UInt32(b[b.startIndex + 3]) << 24
        }
        private mutating func text(length: Int) throws(Malformed) -> String {
            let s = String(decoding: try take(length), as: UTF8.self)
            _ = try take(1) // its NUL
            return s
        }

        /// One value of the complete type `type`.
        mutating func read(_ type: Substring) throws(Malformed) -> Value {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw .broken("values nested too deep") }
            guard let code = type.first else { throw .broken("a bad signature") }
            switch code {
            case "y": return .byte(try take(1).first!)
            case "b": return .bool(try u32() != 0)
            case "i": return .int32(Int32(bitPattern: try u32()))
            case "u": return .uint32(try u32())
            case "h": _ = try u32(); return .other
            case "n", "q": align(2); _ = try take(2); return .other
            case "x", "t", "d": align(8); _ = try take(8); return .other
            case "s": return .string(try text(length: Int(try u32())))
            case "o": return .objectPath(try text(length: Int(try u32())))
            case "g": return .signature(try text(length: Int(try take(1).first!)))
            case "v":
                let signature = try text(length: Int(try take(1).first!))
                var inner = Substring(signature)
                let one = DBusWire.nextType(&inner)
                guard !one.isEmpty, inner.isEmpty else { throw .broken("a variant of no single type") }
                return .variant(signature, try read(one))
            case "a":
                let length = Int(try u32())
                guard length <= DBusWire.largest else { throw .broken("an array over the limit") }
                let element = type.dropFirst()
                align(DBusWire.alignment(of: element.first ?? "y"))
                let end = offset + length
                guard end <= bytes.count else { throw .broken("an array past the message's end") }
                var values: [Value] = []
                while offset < end { values.append(try read(element)) }
                guard offset == end else { throw .broken("an array of the wrong length") }
                return .array(String(element), values)
            case "(":
                align(8)
                var inner = type.dropFirst().dropLast()
                var values: [Value] = []
                while !inner.isEmpty {
                    let one = DBusWire.nextType(&inner)
                    guard !one.isEmpty else { throw .broken("a bad signature") }
                    values.append(try read(one))
                }
                return .structure(values)
            case "{":
                align(8)
                var inner = type.dropFirst().dropLast()
                let key = try read(DBusWire.nextType(&inner))
                return .entry(key, try read(DBusWire.nextType(&inner)))
            default:
                throw .broken("a type it does not know (\(code))")
            }
        }
    }

    /// The first complete type of `signature`, taken off it ("" when it is malformed).
    static func nextType(_ signature: inout Substring) -> Substring {
        guard let first = signature.first else { return "" }
        var end = signature.index(after: signature.startIndex)
        switch first {
        case "a":
            var rest = signature[end...]
            let element = nextType(&rest)
            guard !element.isEmpty else { signature = ""; return "" }
            end = rest.startIndex
        case "(", "{":
            var depth = 0
            var i = signature.startIndex
            repeat {
                if signature[i] == "(" || signature[i] == "{" { depth += 1 }
                if signature[i] == ")" || signature[i] == "}" { depth -= 1 }
                i = signature.index(after: i)
            } while depth > 0 && i < signature.endIndex
            guard depth == 0 else { signature = ""; return "" }
            end = i
        default: break
        }
        defer { signature = signature[end...] }
        return signature[..<end]
    }

    static func alignment(of code: Character) -> Int {
        switch code {
        case "n", "q": return 2
        case "b", "i", "u", "s", "o", "a", "h": return 4
        case "x", "t", "d", "(", "{": return 8
        default: return 1
        }
    }
}
