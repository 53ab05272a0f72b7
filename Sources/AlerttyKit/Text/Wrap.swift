// Word wrapping and truncation by display width (grapheme clusters, wide characters).

public enum Wrap {
    /// Wraps sanitised lines to `width` columns: a line that fits is kept exactly (runs of spaces,
    /// indentation, blank lines: a table's columns stay put); a longer one breaks at spaces and
    /// splits words longer than a line.
    public static func lines(_ paragraphs: [String], width: Int) -> [String] {
        spans(paragraphs, width: width).map { text($0, in: paragraphs) }
    }

    /// One wrapped line as a place in its paragraph, so a long message keeps its text once and
    /// makes strings only for the lines on screen. A line that is not its paragraph as it was
    /// starts and ends with a word and joins its words by one space (`text(_:in:)`).
    public struct Span: Equatable, Sendable {
        public var paragraph: Int32
        /// UTF-8 offsets in the paragraph.
        public var start: Int32, end: Int32
        /// The whole paragraph as it is, spaces and all.
        public var exact: Bool
    }

    /// `lines`, as spans.
    public static func spans(_ paragraphs: [String], width: Int) -> [Span] {
        guard width > 0 else { return [] }
        var out: [Span] = []
        for (index, paragraph) in paragraphs.enumerated() {
            let p = Int32(index)
            let count = paragraph.utf8.count
            let ascii = paragraph.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
            if ascii ? count <= width : TextWidth.columns(paragraph) <= width {
                out.append(Span(paragraph: p, start: 0, end: Int32(count), exact: true))
            } else if ascii {
                paragraph.utf8.withContiguousStorageIfAvailable { asciiSpans($0, width: width, paragraph: p, into: &out) }
                    ?? Array(paragraph.utf8).withUnsafeBufferPointer { asciiSpans($0, width: width, paragraph: p, into: &out) }
            } else {
                let characters = Array(paragraph)
                var offsets: [Int32] = [0]
                offsets.reserveCapacity(characters.count + 1)
                for c in characters { offsets.append(offsets[offsets.count - 1] + Int32(c.utf8.count)) }
                for line in lineIndices(characters, width: width, keepingWhatFits: false) {
                    guard let first = line.first, let last = line.last else {
                        out.append(Span(paragraph: p, start: 0, end: 0, exact: false))
                        continue
                    }
                    out.append(Span(paragraph: p, start: offsets[first], end: offsets[last + 1], exact: false))
                }
            }
        }
        return out
    }

    /// The line a span stands for.
    public static func text(_ span: Span, in paragraphs: [String]) -> String {
        let utf8 = paragraphs[Int(span.paragraph)].utf8
        let slice = utf8[utf8.index(utf8.startIndex, offsetBy: Int(span.start))..<utf8.index(utf8.startIndex, offsetBy: Int(span.end))]
        if span.exact || !slice.contains(0x20) { return String(Substring(slice)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(slice.count)
        for b in slice where !(b == 0x20 && bytes.last == 0x20) { bytes.append(b) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The wrapping `lineIndices` does, for printable ASCII on bytes: one column each, no
    /// grapheme breaking. Long messages (logs piped in with `-`) are mostly this, and it is many
    /// times faster.
    static func asciiSpans(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, paragraph: Int32, into out: inout [Span]) {
        let n = bytes.count
        var lineStart = 0, lineEnd = 0, used = 0
        var i = 0
        while i < n {
            while i < n && bytes[i] == 0x20 { i += 1 }
            guard i < n else { break }
            let wordStart = i
            while i < n && bytes[i] != 0x20 { i += 1 }
            let wordEnd = i
            if used > 0 && used + 1 + (wordEnd - wordStart) > width {
                out.append(Span(paragraph: paragraph, start: Int32(lineStart), end: Int32(lineEnd), exact: false))
                used = 0
            }
            if used > 0 { used += 1 } else { lineStart = wordStart }
            // A word longer than the line (only ever at a line's start) is split where it must be.
            var k = wordStart
            while wordEnd - k > width - used {
                k += width - used
                out.append(Span(paragraph: paragraph, start: Int32(lineStart), end: Int32(k), exact: false))
                lineStart = k
                used = 0
            }
            used += wordEnd - k
            lineEnd = wordEnd
        }
        out.append(Span(paragraph: paragraph, start: Int32(lineStart), end: Int32(used > 0 ? lineEnd : lineStart), exact: false))
    }

    /// The wrapping of `lines` with each grapheme's place kept: every line is the indices of its
    /// graphemes in `paragraph` (styled text looks its styles up by them). Words are joined by
    /// the space before them; a word wider than the line is split wherever it must be. A paragraph
    /// that fits is kept as it is, spaces and all (as `lines` keeps it).
    public static func lineIndices(_ paragraph: [Character], width: Int, keepingWhatFits: Bool = true) -> [[Int]] {
        guard width > 0 else { return [] }
        if keepingWhatFits && TextWidth.columns(String(paragraph)) <= width { return [Array(paragraph.indices)] }
        var out: [[Int]] = []
        var line: [Int] = []
        var lineWidth = 0
        var wordStart = 0
        var wordWidth = 0
        func flushWord(upTo end: Int) {
            guard wordStart < end else { return }
            if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
                out.append(line)
                line = []
                lineWidth = 0
            }
            if lineWidth > 0 {
                line.append(wordStart - 1) // the space before the word
                lineWidth += 1
            }
            for i in wordStart..<end {
                let w = TextWidth.columns(paragraph[i])
                if lineWidth + w > width && lineWidth > 0 {
                    out.append(line)
                    line = []
                    lineWidth = 0
                }
                line.append(i)
                lineWidth += w
            }
        }
        for (i, c) in paragraph.enumerated() {
            if c == " " {
                flushWord(upTo: i)
                wordStart = i + 1
                wordWidth = 0
            } else {
                wordWidth += TextWidth.columns(c)
            }
        }
        flushWord(upTo: paragraph.count)
        out.append(line)
        return out
    }

    /// Fits text into `width` columns, ending with `…` when it had to be cut.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.columns(text) <= width { return text }
        var out = ""
        var used = 0
        for c in text {
            let w = TextWidth.columns(c)
            if used + w > width - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }

    /// Keeps the end of a text visible (paths): `…/some/deep/folder`.
    public static func truncateHead(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.columns(text) <= width { return text }
        var kept: [Character] = []
        var used = 0
        for c in text.reversed() {
            let w = TextWidth.columns(c)
            if used + w > width - 1 { break }
            kept.append(c)
            used += w
        }
        return "…" + String(kept.reversed())
    }
}
