// How many terminal columns a grapheme cluster takes. The standard library knows emoji
// presentation and general categories; East Asian Wide/Fullwidth is the table below
// (the ranges of Unicode's EastAsianWidth.txt with W or F, merged where contiguous).

public enum TextWidth {
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0,
        0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    static func isWide(_ value: UInt32) -> Bool {
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let r = wideRanges[mid]
            if value < r.lowerBound { high = mid - 1 } else if value > r.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return scalar.value != 0x00AD
        default: return (0x1160...0x11FF).contains(scalar.value) // Hangul jamo medial/final vowels
        }
    }

    /// The terminal measures grapheme clusters whole (mode 2027 on, which the box turns on
    /// where the probe found it): set once as the box starts, before it is laid out. Off, the
    /// table below follows what wcwidth terminals (xterm, tmux) draw.
    nonisolated(unsafe) public static var graphemeClusters = false

    /// Columns taken by one grapheme cluster as the canvas draws it: one holding a control
    /// character is measured in its visible form (`^[` is two columns), so layout never disagrees with drawing.
    public static func columns(_ cluster: Character) -> Int {
        // Printable ASCII is by far the common case and needs no table.
        if Sanitize.isPlainNarrow(cluster) { return 1 }
        if !Sanitize.isSafe(cluster) { return columns(Sanitize.line(String(cluster))) }
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if graphemeClusters && scalars.count > 1 {
            // Mode 2027: the terminal gives a whole cluster one width, as Unicode's emoji rules
            // do — VS16 makes an emoji wide, VS15 narrow, a flag and a ZWJ sequence take two
            // columns, a skin tone or a combining mark adds none.
            if first.properties.isEmoji {
                if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
                if scalars.contains(where: { $0.value == 0xFE0E }) { return 1 }
            }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
            return isWide(first.value) || first.properties.isEmojiPresentation ? 2 : 1
        }
        if scalars.count > 1 {
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 } // a flag: a regional-indicator pair
            // A skin-tone modifier is drawn as a cell pair of its own by wcwidth terminals (xterm,
            // tmux): 👍🏽 takes four columns there. Counting it so keeps deleting one from leaving a ghost.
            // A ZWJ sequence is joined into one glyph (two columns), so its modifiers are not counted.
            let modifiers = scalars.contains { $0.value == 0x200D } ? 0
                : scalars.dropFirst().filter { (0x1F3FB...0x1F3FF).contains($0.value) }.count
            if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 + 2 * modifiers }
            if modifiers > 0 { return (isWide(first.value) || first.properties.isEmojiPresentation ? 2 : 1) + 2 * modifiers }
        }
        if isWide(first.value) || first.properties.isEmojiPresentation { return 2 }
        if isZeroWidth(first) { return scalars.count > 1 ? 1 : 0 }
        return 1
    }

    /// Columns taken by sanitised text.
    public static func columns(_ text: String) -> Int {
        var total = 0
        for c in text { total += columns(c) }
        return total
    }

    /// Columns untrusted text takes once drawn (its controls made visible first, as Sanitize.line shows them).
    public static func shownColumns(_ text: String) -> Int { columns(Sanitize.line(text)) }
}
