// A line of bytes as an editor moves through it and draws it: in units, each one thing a
// cursor steps over and Backspace removes whole. A unit is a grapheme cluster of valid UTF-8, a
// tab, a control byte, or one byte of invalid UTF-8. Each is drawn visibly — a tab as spaces to
// the next stop of 8, a control as ^X, a stray byte as \xNN — but kept as the bytes it is, so a
// file edited and written back differs only where the person typed.

enum EditUnits {
    static let tabStop = 8

    /// The end of the unit starting at `i`.
    static func end(_ line: [UInt8], at i: Int) -> Int {
        let b = line[i]
        if b < 0x80 {
            // Printable ASCII is a unit alone unless a combining mark (never ASCII) follows it.
            if i + 1 == line.count || line[i + 1] < 0x80 || b < 0x20 || b == 0x7F { return i + 1 }
        } else if sequenceLength(line, at: i) == nil {
            return i + 1 // a byte of invalid UTF-8
        }
        // A grapheme cluster: the valid UTF-8 from here (a window: no cluster a person types is longer).
        var windowEnd = i
        while windowEnd < line.count && windowEnd - i < 64 {
            if line[windowEnd] < 0x80 {
                if line[windowEnd] < 0x20 || line[windowEnd] == 0x7F { break }
                windowEnd += 1
            } else if let n = sequenceLength(line, at: windowEnd) {
                windowEnd += n
            } else {
                break
            }
        }
        let first = String(decoding: line[i..<windowEnd], as: UTF8.self).first
        return i + max(1, first?.utf8.count ?? 1)
    }

    /// The length of the valid UTF-8 sequence starting at `i`, or nil when it is not one.
    static func sequenceLength(_ line: [UInt8], at i: Int) -> Int? {
        let b = line[i]
        let n: Int
        switch b {
        case 0x00..<0x80: return 1
        case 0xC2...0xDF: n = 2
        case 0xE0...0xEF: n = 3
        case 0xF0...0xF4: n = 4
        default: return nil
        }
        guard i + n <= line.count else { return nil }
        for k in 1..<n where line[i + k] & 0xC0 != 0x80 { return nil }
        // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
        let second = line[i + 1]
        if b == 0xE0 && second < 0xA0 || b == 0xED && second > 0x9F || b == 0xF0 && second < 0x90 || b == 0xF4 && second > 0x8F {
            return nil
        }
        return n
    }

    /// The start of the unit that ends at `i` (i > 0): units walked from a little way back (no
    /// cluster is longer than the window), from a byte that begins a character.
    static func start(_ line: [UInt8], before i: Int) -> Int {
        var unit = max(0, i - 128)
        while unit > 0 && unit < i && line[unit] & 0xC0 == 0x80 { unit += 1 }
        while true {
            let next = end(line, at: unit)
            if next >= i { return unit }
            unit = next
        }
    }

    @inline(__always) static func isPlainASCII(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }

    /// How a unit is drawn starting at column `x`, and how many columns it takes.
    static func shown(_ line: [UInt8], _ range: Range<Int>, x: Int) -> (text: String, width: Int) {
        let b = line[range.lowerBound]
        if range.count == 1 {
            if b == 0x09 {
                let n = tabStop - x % tabStop
                return (String(repeating: " ", count: n), n)
            }
            if b < 0x20 || b == 0x7F { return (Sanitize.visible(Unicode.Scalar(b))!, 2) }
            if b >= 0x80 { return ("\\x" + Sanitize.hex(UInt32(b)), 4) }
            return (String(Unicode.Scalar(b)), 1)
        }
        let cluster = String(decoding: line[range], as: UTF8.self)
        let text = Sanitize.isSafe(cluster) ? cluster : Sanitize.line(cluster)
        return (text, TextWidth.columns(text))
    }

    /// Columns from `start` (a unit boundary at column `x`) to `end`; stops early once past `limit`.
    static func columns(_ line: [UInt8], from start: Int = 0, x: Int = 0, to end: Int, limit: Int = .max) -> Int {
        var i = start
        var x = x
        while i < end && x <= limit {
            let b = line[i]
            // The common case in one step: printable ASCII not followed by a combining mark.
            if isPlainASCII(b) && (i + 1 == line.count || line[i + 1] < 0x80) {
                x += 1
                i += 1
                continue
            }
            let next = self.end(line, at: i)
            x += shown(line, i..<next, x: x).width
            i = next
        }
        return x
    }

    /// The boundary of the unit at or before column `column` (the cursor going up or down keeps
    /// its column), and that unit's column.
    static func offset(_ line: [UInt8], atColumn column: Int) -> (offset: Int, x: Int) {
        var i = 0
        var x = 0
        while i < line.count {
            let next = end(line, at: i)
            let width = isPlainASCII(line[i]) && next == i + 1 ? 1 : shown(line, i..<next, x: x).width
            if x + width > column { break }
            x += width
            i = next
        }
        return (i, x)
    }

    /// The bytes of typed or pasted text as a line holds them: newlines (LF, CR LF, CR) break
    /// lines, a tab stays a tab, other controls are dropped (keys never type them).
    static func typed(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        var previousCR = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A && previousCR { previousCR = false; continue }
            previousCR = v == 0x0D
            if v == 0x0A || v == 0x0D {
                lines.append([])
            } else if v == 0x09 || Sanitize.visible(scalar) == nil {
                lines[lines.count - 1] += Array(String(scalar).utf8)
            }
        }
        return lines
    }
}
