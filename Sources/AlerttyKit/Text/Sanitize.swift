// Untrusted text (titles, messages, labels, file names, command output) is never interpreted by
// the terminal: every control character becomes something visible. `ESC ] 0 ; pwned BEL`
// is drawn as `^[]0;pwned^G` and changes nothing but what is drawn.

public enum Sanitize {
    /// The visible form of one control or invisible-but-dangerous scalar, or nil if it is safe as is.
    public static func visible(_ scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        switch v {
        case 0x00..<0x20: return "^" + String(Unicode.Scalar(UInt8(v + 0x40)))
        case 0x7F: return "^?"
        case 0x80..<0xA0: return "<" + hex(v) + ">"
        // Bidirectional overrides and isolates could make text read differently from what it is.
        case 0x202A...0x202E, 0x2066...0x2069: return "<U+" + hex(v) + ">"
        default: return nil
        }
    }

    /// Safe and one column, known from the bytes alone: printable ASCII, and the box-drawing and
    /// block characters borders are made of (U+2500–U+259F). Most of a frame is these, so the
    /// canvas and the width table take them without the Unicode lookups other graphemes need.
    @inline(__always)
    public static func isPlainNarrow(_ c: Character) -> Bool {
        let bytes = c.utf8
        switch bytes.count {
        case 1: let b = bytes.first!; return b >= 0x20 && b < 0x7F
        case 3:
            var i = bytes.makeIterator()
            let b0 = i.next()!, b1 = i.next()!
            return b0 == 0xE2 && (b1 == 0x94 || b1 == 0x95 || (b1 == 0x96 && i.next()! < 0xA0))
        default: return false
        }
    }

    /// True when `c` can be drawn as it is (the common case: printable ASCII, checked first).
    @inline(__always)
    public static func isSafe(_ c: Character) -> Bool {
        if isPlainNarrow(c) { return true }
        if let a = c.asciiValue { return a >= 0x20 && a < 0x7F }
        return !c.unicodeScalars.contains { visible($0) != nil }
    }

    public static func isSafe(_ s: String) -> Bool {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return true }
        return !s.unicodeScalars.contains { visible($0) != nil }
    }

    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, (v > 0xFF ? 4 : 2) - digits.count)) + digits
    }

    /// One line of text made safe: controls (newlines and tabs too) drawn visibly.
    public static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { visible($0) != nil }) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if let v = visible(s) { out.append(contentsOf: v.unicodeScalars) } else { out.append(s) }
        }
        return String(out)
    }

    /// Untrusted text quoted in a message: whole when short, else its start and its length, so
    /// an error about a 3 MB item is one short line.
    public static func excerpt(_ text: String, characters: Int = 60) -> String {
        guard text.utf8.count > characters else { return "'" + text + "'" }
        let start = text.prefix(characters)
        guard start.count < text.count else { return "'" + text + "'" }
        return "'" + start + "…' (\(text.utf8.count) bytes)"
    }

    /// Text that may span lines: newlines break lines, tabs expand to 8-column stops (so `df -h`
    /// columns stay aligned), everything else as `line`.
    public static func lines(_ text: String) -> [String] {
        let normalised = text.replacingAll("\r\n", with: "\n")
        return normalised.split(separator: "\n", omittingEmptySubsequences: false).map { raw in
            line(expandTabs(String(raw)))
        }
    }

    static func expandTabs(_ s: String) -> String {
        guard s.contains("\t") else { return s }
        var out = ""
        var column = 0
        for c in s {
            if c == "\t" {
                let n = 8 - column % 8
                out += String(repeating: " ", count: n)
                column += n
            } else {
                out.append(c)
                column += TextWidth.columns(c)
            }
        }
        return out
    }

    /// The start of `raw` as `bytes` draws it, decoded only as far as `columns` columns can
    /// show (at most four bytes a column, and some for combining marks): a 10 MB log line costs
    /// what a short one does. A cut is marked with "…".
    public static func bytes(_ raw: ArraySlice<UInt8>, columns: Int) -> String {
        let shown = prefix(raw, columns: columns)
        return bytes(Array(shown)) + (shown.count < raw.count ? "…" : "")
    }

    /// The bytes `bytes(_:columns:)` decodes: cut at a character's first byte, never inside one.
    public static func prefix(_ raw: ArraySlice<UInt8>, columns: Int) -> ArraySlice<UInt8> {
        let budget = max(0, columns) * 4 + 16
        guard raw.count > budget else { return raw }
        var end = raw.startIndex + budget
        while end > raw.startIndex && raw[end] & 0xC0 == 0x80 { end -= 1 }
        return raw[raw.startIndex..<end]
    }

    /// Bytes that may not be valid UTF-8 (file names): invalid bytes shown as `\xNN`, controls as `line`.
    public static func bytes(_ raw: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < raw.count {
            let b = raw[i]
            var length = 0
            switch b {
            case 0x00..<0x80: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            if length > 0, i + length <= raw.count,
               let decoded = String(validating: raw[i..<(i + length)], as: UTF8.self) {
                out += decoded
                i += length
            } else {
                out += "\\x" + hex(UInt32(b))
                i += 1
            }
        }
        return line(out)
    }
}

// A command's output while it has the terminal (it stepped in to ask something): plain lines, as
// `progress --plain` would print them.
extension Sanitize {
    /// `bytes` cut before a character that is not complete yet (its lead byte and some of its
    /// continuation bytes at the very end): output read in chunks can split one, and the rest comes
    /// with the next chunk.
    public static func completeUTF8(_ bytes: [UInt8]) -> (complete: [UInt8], rest: [UInt8]) {
        var i = bytes.count - 1
        while i >= 0 && i >= bytes.count - 3 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
        guard i >= 0, bytes[i] >= 0xC0 else { return (bytes, []) }
        let length = bytes[i] >= 0xF0 ? 4 : bytes[i] >= 0xE0 ? 3 : 2
        guard bytes.count - i < length else { return (bytes, []) }
        return (Array(bytes[..<i]), Array(bytes[i...]))
    }

    /// Newlines kept, tabs as spaces, a line redrawn with carriage returns (a download's
    /// percentage) as its latest state, every other control visible; ASCII only without `unicode`.
    public static func outputLines(_ bytes: [UInt8], unicode: Bool) -> [UInt8] {
        var out: [UInt8] = []
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (i, raw) in lines.enumerated() {
            var line = raw
            if line.last == 0x0D { line = line.dropLast() }
            if let cr = line.lastIndex(of: 0x0D) { line = line[(cr + 1)...] }
            var text = Sanitize.bytes(line.map { $0 == 0x09 ? 0x20 : $0 })
            if !unicode { text = ascii(text) }
            out += Array(text.utf8)
            if i < lines.count - 1 { out.append(0x0A) }
        }
        return out
    }
}

// Without a UTF-8 locale the terminal may read bytes 0x80–0x9F as C1 controls (0x9B is CSI on
// an 8-bit terminal), and every UTF-8 sequence beyond ASCII contains such bytes. So then every
// non-ASCII character is written as ASCII of the same width: the program's own symbols by a
// look-alike, anything else as `?`.
extension Sanitize {
    static let lookAlikes: [Unicode.Scalar: UInt8] = [
        "…": UInt8(ascii: "."), "·": UInt8(ascii: "-"), "‹": UInt8(ascii: "<"), "›": UInt8(ascii: ">"),
        "←": UInt8(ascii: "<"), "→": UInt8(ascii: ">"), "↑": UInt8(ascii: "^"), "↓": UInt8(ascii: "v"),
        "▲": UInt8(ascii: "^"), "▼": UInt8(ascii: "v"), "•": UInt8(ascii: "*"), "“": UInt8(ascii: "\""),
        "”": UInt8(ascii: "\""), "‘": UInt8(ascii: "'"), "’": UInt8(ascii: "'"), "–": UInt8(ascii: "-"),
        "—": UInt8(ascii: "-"), "─": UInt8(ascii: "-"), "│": UInt8(ascii: "|"), "╭": UInt8(ascii: "+"),
        "╮": UInt8(ascii: "+"), "╰": UInt8(ascii: "+"), "╯": UInt8(ascii: "+"), "◌": UInt8(ascii: " "),
        "┌": UInt8(ascii: "+"), "┐": UInt8(ascii: "+"), "└": UInt8(ascii: "+"), "┘": UInt8(ascii: "+"),
        "█": UInt8(ascii: "#"), "░": UInt8(ascii: "-"), "×": UInt8(ascii: "x"),
    ]

    /// The ASCII bytes standing for one drawn grapheme `width` columns wide.
    public static func asciiBytes(_ symbol: String, width: Int) -> [UInt8] {
        if symbol.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return Array(symbol.utf8) }
        let first = symbol.unicodeScalars.first.flatMap { lookAlikes[$0] } ?? UInt8(ascii: "?")
        return [first] + Array(repeating: UInt8(ascii: width == 2 && first == UInt8(ascii: "?") ? "?" : " "), count: max(0, width - 1))
    }

    /// A whole line (an error message) in ASCII: look-alikes where there are some, `?` elsewhere.
    public static func ascii(_ text: String) -> String {
        var out: [UInt8] = []
        // (Line breaks stay line breaks: line mode writes several lines at once.)
        for c in text { out += c == "\n" ? [0x0A] : asciiBytes(String(c), width: 1) }
        return String(decoding: out, as: UTF8.self)
    }
}

