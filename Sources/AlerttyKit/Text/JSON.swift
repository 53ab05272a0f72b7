// JSON text written from bytes: choose's --output json, a form's JSON answer, --describe.

/// JSON strings from bytes: escapes as RFC 8259 asks; bytes that are not UTF-8 become U+FFFD.
enum JSON {
    static func string(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\r": out += Array("\\r".utf8)
            case "\t": out += Array("\\t".utf8)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        out.append(0x22)
        return out
    }
}
