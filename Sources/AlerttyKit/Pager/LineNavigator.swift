// Lines of a document, found by scanning from a known line start, never from the top: a line, a
// page, the end or a match costs what is passed over, not the file's size, and holds at most a
// chunk in memory at a time.

public struct LineNavigator {
    public let document: any TextDocument
    static let chunk = 65536
    /// A line longer than this (a binary file, a 1 GB file of zeros) is taken as lines of this
    /// length, so no move ever scans more than this far.
    static let longestLine = 1 << 20

    public init(_ document: any TextDocument) { self.document = document }

    /// Start of the line after the one starting at `start`; nil when that line is the last. A
    /// line ends at its newline, or `longestLine` bytes on (a newline right there still ends it,
    /// so moving back and forth finds the same lines).
    public func next(after start: Int) -> Int? {
        let size = document.size
        let end = min(size, start + Self.longestLine + 1)
        var offset = start
        while offset < end {
            let bytes = document.read(at: offset, count: min(Self.chunk, end - offset))
            if bytes.isEmpty { return nil }
            if let i = Platform.firstIndex(of: 0x0A, in: bytes) {
                let n = offset + i + 1
                return n < size ? n : nil
            }
            offset += bytes.count
        }
        let cut = start + Self.longestLine
        return cut < size ? cut : nil
    }

    /// Start of the line before the one starting at `start`; nil at the first line. (The line
    /// before ends with its newline, or is a `longestLine` piece of a longer one.)
    public func previous(before start: Int) -> Int? {
        guard start > 0 else { return nil }
        let end = document.read(at: start - 1, count: 1).first == 0x0A ? start - 1 : start
        return lastLineStart(before: end)
    }

    /// Start of the line holding the byte at `offset` (the newline ending a line belongs to it).
    public func lineStart(containing offset: Int) -> Int {
        lastLineStart(before: min(offset, document.size))
    }

    /// After the last newline before `end`, looking back at most `longestLine` bytes.
    func lastLineStart(before end: Int) -> Int {
        let limit = max(0, end - Self.longestLine)
        var to = end
        while to > limit {
            let from = max(limit, to - Self.chunk)
            let bytes = document.read(at: from, count: to - from)
            if let i = Platform.lastIndex(of: 0x0A, in: bytes) { return from + i + 1 }
            to = from
        }
        return limit
    }

    /// Start of the last line (a final newline ends it; it does not begin an empty one).
    public var lastLineStart: Int { previous(before: document.size) ?? 0 }

    /// Up to `count` lines from `start`: each line's start and at most `maxBytes` of it (without
    /// its newline or a carriage return before it). Reads in blocks, not a chunk per line.
    public func lines(from start: Int, count: Int, maxBytes: Int) -> [(start: Int, bytes: [UInt8])] {
        var out: [(start: Int, bytes: [UInt8])] = []
        var lineStart: Int? = start
        let size = document.size
        while out.count < count, let at = lineStart, at < size {
            let block = document.read(at: at, count: max(16384, min(1 << 20, (count - out.count) * 256)))
            if block.isEmpty { break }
            var i = 0
            var cut = false
            while out.count < count && i < block.count {
                guard let newline = Platform.firstIndex(of: 0x0A, in: block, from: i) else {
                    cut = true
                    break
                }
                out.append((at + i, Self.shown(block[i..<newline], maxBytes)))
                i = newline + 1
            }
            if out.count >= count { break }
            if !cut {
                lineStart = at + i
                continue
            }
            // A line runs past the block: take its beginning, then find where it ends.
            let begin = at + i
            out.append((begin, Self.shown(ArraySlice(document.read(at: begin, count: maxBytes)).prefix { $0 != 0x0A }, maxBytes)))
            lineStart = next(after: begin)
        }
        return out
    }

    static func shown(_ bytes: ArraySlice<UInt8>, _ maxBytes: Int) -> [UInt8] {
        var line = Array(bytes.prefix(maxBytes))
        if line.last == 0x0D { line.removeLast() }
        return line
    }

    // MARK: - Search

    /// Offset of the first match of `pattern` at or after `from` (or, backwards, the last one
    /// starting before `from`); nil when there is none. Lower-case patterns match any case.
    public func find(_ pattern: [UInt8], from: Int, forward: Bool) -> Int? {
        guard !pattern.isEmpty else { return nil }
        let fold = Self.foldsCase(pattern)
        let needle = fold ? pattern.map(Self.lower) : pattern
        let overlap = needle.count - 1
        let size = document.size
        if forward {
            var offset = max(0, from)
            while offset < size {
                var block = document.read(at: offset, count: Self.chunk + overlap)
                if fold { block = block.map(Self.lower) }
                if let i = Self.firstMatch(needle, in: block) { return offset + i }
                if block.count <= overlap { return nil }
                offset += block.count - overlap
            }
        } else {
            var end = min(from + overlap, size)
            while end > 0 {
                let start = max(0, end - Self.chunk - overlap)
                var block = document.read(at: start, count: end - start)
                if fold { block = block.map(Self.lower) }
                if let i = Self.lastMatch(needle, in: block), start + i < from { return start + i }
                if start == 0 { return nil }
                end = start + overlap
            }
        }
        return nil
    }

    /// Smart case, as in less -i and fzf: a pattern with no capital letter ignores case.
    static func foldsCase(_ pattern: [UInt8]) -> Bool { !pattern.contains { (0x41...0x5A).contains($0) } }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { (0x41...0x5A).contains(b) ? b | 0x20 : b }

    static func firstMatch(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        let first = needle[0]
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            guard let hit = haystack[i...last].firstIndex(of: first) else { return nil }
            if haystack[hit..<(hit + needle.count)].elementsEqual(needle) { return hit }
            i = hit + 1
        }
        return nil
    }

    static func lastMatch(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var i = haystack.count - needle.count
        while i >= 0 {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }
}
