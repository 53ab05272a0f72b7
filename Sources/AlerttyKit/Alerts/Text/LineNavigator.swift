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
        var search = Search(pattern, from: from, forward: forward)
        while true {
            switch search.step(self, budget: .max) {
            case .found(let offset): return offset
            case .none: return nil
            case .more: continue
            }
        }
    }

    /// A search carried out a slice at a time, so whoever runs it stays responsive (a 2 GB file
    /// is scanned between keys, and a key stops it).
    public struct Search: Sendable {
        public let pattern: [UInt8]
        public let forward: Bool
        let needle: [UInt8]
        let fold: Bool
        /// Forward: where the next slice starts. Backward: where it ends.
        public private(set) var position: Int
        /// Backward: matches start before this.
        private let before: Int
        /// Backward: the first slice ends a pattern's length past `before` (nil until it is read).
        private var started = false

        public init(_ pattern: [UInt8], from: Int, forward: Bool) {
            self.pattern = pattern
            self.forward = forward
            fold = LineNavigator.foldsCase(pattern)
            needle = fold ? pattern.map(LineNavigator.lower) : pattern
            position = max(0, from)
            before = max(0, from)
        }

        public enum Step: Equatable, Sendable { case found(Int), none, more }

        /// Scans about `budget` bytes on from where it stopped.
        public mutating func step(_ navigator: LineNavigator, budget: Int) -> Step {
            guard !needle.isEmpty else { return .none }
            let overlap = needle.count - 1
            let size = navigator.document.size
            var scanned = 0
            if forward {
                while position < size {
                    if scanned >= budget { return .more }
                    var block = navigator.document.read(at: position, count: LineNavigator.chunk + overlap)
                    if fold { LineNavigator.lowercase(&block) }
                    if let i = LineNavigator.firstMatch(needle, in: block) { return .found(position + i) }
                    if block.count <= overlap { return .none }
                    position += block.count - overlap
                    scanned += block.count
                }
                return .none
            }
            if !started {
                started = true
                position = min(before + overlap, size)
            }
            while position > 0 {
                if scanned >= budget { return .more }
                let start = max(0, position - LineNavigator.chunk - overlap)
                var block = navigator.document.read(at: start, count: position - start)
                if fold { LineNavigator.lowercase(&block) }
                if let i = LineNavigator.lastMatch(needle, in: block), start + i < before { return .found(start + i) }
                if start == 0 { return .none }
                scanned += position - start
                position = start + overlap
            }
            return .none
        }

        /// How far it has come through the document, 0–100.
        public func percent(of size: Int) -> Int {
            guard size > 0 else { return 100 }
            let done = forward ? position : size - position
            return max(0, min(99, Int(Double(done) * 100 / Double(size))))
        }
    }

    /// Smart case, as in less -i and fzf: a pattern with no capital letter ignores case.
    static func foldsCase(_ pattern: [UInt8]) -> Bool { !pattern.contains { (0x41...0x5A).contains($0) } }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { (0x41...0x5A).contains(b) ? b | 0x20 : b }

    /// ASCII letters to lower case, in place.
    static func lowercase(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices where buffer[i] &- 0x41 < 26 { buffer[i] |= 0x20 }
        }
    }

    static func firstMatch(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        let first = needle[0]
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            guard let hit = Platform.firstIndex(of: first, in: haystack, from: i), hit <= last else { return nil }
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
