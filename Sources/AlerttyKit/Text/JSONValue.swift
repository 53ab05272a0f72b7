// JSON read (RFC 8259), for what programs hand alertty as data: `alertty ask`'s question, the
// MCP server's requests. Nothing read is trusted: nesting is bounded, the text's size is bounded
// by whoever read it, and an error says where (a byte offset) and what.

enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// The number as written (kept exactly) and as a Double.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in the order written (a name given twice is an error).
    case object([(String, JSONValue)])

    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    var numberValue: Double? { if case .number(let n) = self { return Double(n) } else { return nil } }
    var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    var members: [(String, JSONValue)]? { if case .object(let m) = self { return m } else { return nil } }

    /// JSON text for the value (strings escaped as `JSON.string` escapes them).
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return JSON.text(s)
        case .array(let a): return "[" + a.map(\.text).joined(separator: ",") + "]"
        case .object(let m): return "{" + m.map { JSON.text($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    struct Malformed: Error, Equatable {
        var offset: Int
        var what: String
        var message: String { "not JSON at byte \(offset): \(what)" }
    }

    static let deepest = 64

    static func parse(_ bytes: [UInt8]) throws(Malformed) -> JSONValue {
        var reader = Reader(bytes: bytes)
        reader.space()
        let value = try reader.value(depth: 0)
        reader.space()
        guard reader.at == bytes.count else { throw Malformed(offset: reader.at, what: "more after the value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func space() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        func fail(_ what: String) -> Malformed { Malformed(offset: at, what: what) }

        mutating func expect(_ word: String) throws(Malformed) {
            let w = Array(word.utf8)
            guard bytes.count - at >= w.count, Array(bytes[at..<at + w.count]) == w else { throw fail("expected \(word)") }
            at += w.count
        }

        mutating func value(depth: Int) throws(Malformed) -> JSONValue {
            guard depth < JSONValue.deepest else { throw fail("nested deeper than \(JSONValue.deepest)") }
            guard at < bytes.count else { throw fail("it ends where a value should be") }
            switch bytes[at] {
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                at += 1
                var items: [JSONValue] = []
                space()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                while true {
                    space()
                    items.append(try value(depth: depth + 1))
                    space()
                    guard at < bytes.count else { throw fail("an array without its ]") }
                    if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                    guard bytes[at] == UInt8(ascii: ",") else { throw fail("expected , or ]") }
                    at += 1
                }
            case UInt8(ascii: "{"):
                at += 1
                var members: [(String, JSONValue)] = []
                space()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                while true {
                    space()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a member's name") }
                    let name = try string()
                    guard !members.contains(where: { $0.0 == name }) else { throw fail("the name \(Sanitize.excerpt(name)) given twice") }
                    space()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected :") }
                    at += 1
                    space()
                    members.append((name, try value(depth: depth + 1)))
                    space()
                    guard at < bytes.count else { throw fail("an object without its }") }
                    if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                    guard bytes[at] == UInt8(ascii: ",") else { throw fail("expected , or }") }
                    at += 1
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try number())
            default:
                throw fail("unexpected \(Sanitize.line(String(decoding: [bytes[at]], as: UTF8.self)))")
            }
        }

        mutating func number() throws(Malformed) -> String {
            let start = at
            func digits() -> Int {
                let from = at
                while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
                return at - from
            }
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            let whole = digits()
            guard whole > 0 else { throw fail("a number without digits") }
            if whole > 1, bytes[at - whole] == 0x30 { throw fail("a number with a leading 0") }
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard digits() > 0 else { throw fail("a number without digits after its .") }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw fail("a number without digits in its exponent") }
            }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }

        mutating func hex4() throws(Malformed) -> UInt32 {
            guard bytes.count - at >= 4 else { throw fail("a \\u escape cut short") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[at]
                let d: UInt32
                switch b {
                case 0x30...0x39: d = UInt32(b - 0x30)
                case 0x61...0x66: d = UInt32(b - 0x61 + 10)
                case 0x41...0x46: d = UInt32(b - 0x41 + 10)
                default: throw fail("a \\u escape with a non-hex digit")
                }
                v = v << 4 | d
                at += 1
            }
            return v
        }

        mutating func string() throws(Malformed) -> String {
            at += 1 // the opening quote
            var out = String.UnicodeScalarView()
            var run = at
            func flush() {
                out.append(contentsOf: String(decoding: bytes[run..<at], as: UTF8.self).unicodeScalars)
            }
            while true {
                guard at < bytes.count else { throw fail("a string without its closing quote") }
                let b = bytes[at]
                if b == UInt8(ascii: "\"") {
                    flush()
                    at += 1
                    return String(out)
                }
                guard b >= 0x20 else { throw fail("a control character in a string") }
                guard b == UInt8(ascii: "\\") else { at += 1; continue }
                flush()
                at += 1
                guard at < bytes.count else { throw fail("an escape cut short") }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""): out.append("\"")
                case UInt8(ascii: "\\"): out.append("\\")
                case UInt8(ascii: "/"): out.append("/")
                case UInt8(ascii: "b"): out.append("\u{08}")
                case UInt8(ascii: "f"): out.append("\u{0C}")
                case UInt8(ascii: "n"): out.append("\n")
                case UInt8(ascii: "r"): out.append("\r")
                case UInt8(ascii: "t"): out.append("\t")
                case UInt8(ascii: "u"):
                    var v = try hex4()
                    if (0xD800...0xDBFF).contains(v), bytes.count - at >= 6, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                        at += 2
                        let low = try hex4()
                        v = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                    }
                    out.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                default: throw fail("an unknown escape")
                }
                run = at
            }
        }
    }
}

extension JSON {
    /// `text` as a JSON string literal.
    static func text(_ text: String) -> String { String(decoding: string(Array(text.utf8)), as: UTF8.self) }
}
