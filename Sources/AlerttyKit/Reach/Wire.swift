// Values as bytes between two alertty processes (a popup's and its caller's): each field a
// netstring, `LENGTH:BYTES,`, so any bytes go through whole — an item with a newline, an answer
// that is not UTF-8 — and a short or garbled message is an error, never a guess.

struct WireWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func put(_ field: [UInt8]) {
        bytes += Array(String(field.count).utf8)
        bytes.append(UInt8(ascii: ":"))
        bytes += field
        bytes.append(UInt8(ascii: ","))
    }

    mutating func put(_ text: String) { put(Array(text.utf8)) }
    mutating func put(_ number: Int) { put(String(number)) }
    mutating func put(_ flag: Bool) { put(flag ? "1" : "0") }

    /// A list: its count, then each.
    mutating func put(_ list: [String]) {
        put(list.count)
        for item in list { put(item) }
    }

    mutating func put(_ list: [[UInt8]]) {
        put(list.count)
        for item in list { put(item) }
    }

    /// An optional: a presence flag, then the value.
    mutating func put(_ field: [UInt8]?) {
        put(field != nil)
        if let field { put(field) }
    }

    mutating func put(_ text: String?) { put(text.map { Array($0.utf8) }) }

    /// An optional list: a presence flag, then the list (empty when absent).
    mutating func put(_ list: [[UInt8]]?) {
        put(list != nil)
        put(list ?? [])
    }
}

struct WireError: Error {}

struct WireReader {
    private let bytes: [UInt8]
    private var at = 0
    /// The longest field read: more is garbage (or not ours).
    static let longestField = 1 << 30

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { at == bytes.count }

    mutating func field() throws(WireError) -> [UInt8] {
        var length = 0
        var digits = 0
        while at < bytes.count, bytes[at] != UInt8(ascii: ":") {
            let d = Int(bytes[at]) - 48
            guard (0...9).contains(d), digits < 10 else { throw WireError() }
            length = length * 10 + d
            digits += 1
            at += 1
        }
        guard digits > 0, at < bytes.count, length <= Self.longestField, at + 1 + length < bytes.count,
              bytes[at + 1 + length] == UInt8(ascii: ",") else { throw WireError() }
        let field = Array(bytes[(at + 1)..<(at + 1 + length)])
        at += length + 2
        return field
    }

    mutating func string() throws(WireError) -> String { String(decoding: try field(), as: UTF8.self) }

    mutating func int() throws(WireError) -> Int {
        guard let n = Int(try string()) else { throw WireError() }
        return n
    }

    mutating func bool() throws(WireError) -> Bool {
        switch try string() {
        case "1": return true
        case "0": return false
        default: throw WireError()
        }
    }

    /// A list's count, bounded by what is left (each field takes at least three bytes).
    mutating func count() throws(WireError) -> Int {
        let n = try int()
        guard n >= 0, n <= (bytes.count - at) / 3 else { throw WireError() }
        return n
    }

    mutating func strings() throws(WireError) -> [String] {
        var out: [String] = []
        for _ in 0..<(try count()) { out.append(try string()) }
        return out
    }

    mutating func fields() throws(WireError) -> [[UInt8]] {
        var out: [[UInt8]] = []
        for _ in 0..<(try count()) { out.append(try field()) }
        return out
    }

    mutating func optionalField() throws(WireError) -> [UInt8]? { try bool() ? try field() : nil }
    mutating func optionalString() throws(WireError) -> String? { try bool() ? try string() : nil }

    mutating func optionalFields() throws(WireError) -> [[UInt8]]? {
        let present = try bool()
        let list = try fields()
        return present ? list : nil
    }
}
