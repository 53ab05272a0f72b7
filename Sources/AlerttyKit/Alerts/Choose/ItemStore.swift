// The items of `choose`, packed for size: every field of every item in one byte buffer, with
// offsets. A million items cost their bytes plus four bytes per field — no string or array per
// item. Input is parsed as it streams in (lines, or NUL-separated records with --read0), so the
// list is usable before the input ends. Items are bytes: an item that is not valid UTF-8 is
// drawn escaped and printed back byte-exact.

public struct ItemStore: Sendable {
    /// How an item's fields are laid out.
    public enum Format: Equatable, Sendable {
        /// The whole record is the label.
        case plain
        /// `tag<d>label[<d>hint]` on one record.
        case delimited(UInt8)
    }

    public let format: Format
    /// Record separator: newline, or NUL with --read0.
    public let separator: UInt8
    public private(set) var bytes = PackedArray<UInt8>()
    /// Field boundaries: item i's field f spans starts[i*k+f]..<starts[i*k+f+1], k = fieldsPerItem.
    private var starts = PackedArray<UInt32>(CollectionOfOne(0))
    /// A record not yet ended by a separator.
    private var partial: [UInt8] = []
    /// One bit per item, set when its label is not all ASCII (the array grows only as far as the
    /// last such item, so a list of ASCII items has none): an ASCII query scores the rest of the
    /// items on their bytes, the fast way.
    private var nonASCII: [UInt64] = []
    public private(set) var hasTags = false
    public private(set) var hasHints = false
    /// --tree: a label's leading spaces (two per level) are its depth, kept apart from the label.
    public var tree = false
    private var depths: [UInt8] = []

    public init(format: Format = .plain, separator: UInt8 = 0x0A) {
        self.format = format
        self.separator = separator
    }

    /// Room for `n` bytes of input (and their offsets, guessed at one item per 32 bytes), taken
    /// at once: only what is written is ever touched.
    public mutating func reserve(bytes n: Int) {
        bytes.reserveCapacity(n)
        starts.reserveCapacity(n / 32)
    }

    /// Fields per item: the label alone, or tag, label and hint.
    var fieldsPerItem: Int { format == .plain && !hasTags ? 1 : 3 }

    public var count: Int { (starts.count - 1) / fieldsPerItem }

    // MARK: - Adding

    /// Adds an item from its parts (argv items; `--tagged` pairs).
    public mutating func append(label: [UInt8], tag: [UInt8]? = nil, hint: [UInt8]? = nil) {
        var label = label
        if tree {
            let spaces = label.prefix { $0 == 0x20 }.count
            depths.append(UInt8(min(255, spaces / 2)))
            label.removeFirst(spaces)
        }
        if tag != nil && fieldsPerItem == 1 { widen() }
        if !Self.isASCII(label[...]) { noteNonASCII(count) }
        if fieldsPerItem == 1 {
            bytes += label
            starts.append(UInt32(bytes.count))
            return
        }
        for field in [tag ?? [], label, hint ?? []] {
            bytes += field
            starts.append(UInt32(bytes.count))
        }
        if tag != nil { hasTags = true }
        if let hint, !hint.isEmpty { hasHints = true }
    }

    /// From one label per item to tag, label, hint (empty tag and hint) for every item so far.
    private mutating func widen() {
        var wide = PackedArray<UInt32>(CollectionOfOne(0))
        wide.reserveCapacity(count * 3 + 1)
        for i in 0..<(starts.count - 1) {
            wide.append(starts[i]) // empty tag
            wide.append(starts[i + 1]) // the label
            wide.append(starts[i + 1]) // empty hint
        }
        starts = wide
        hasTags = true
    }

    /// Parses a chunk of input; records cut at the chunk's end wait for the next chunk. Returns
    /// the number of items added.
    @discardableResult
    public mutating func feed(_ chunk: [UInt8]) -> Int {
        let before = count
        var start = 0
        chunk.withUnsafeBufferPointer { buffer in
            // A chunk of ASCII (most of them) needs no look at each record's bytes.
            let ascii = Self.isASCII(buffer)
            // Separators found by memchr: loading reads at close to the speed of copying.
            while let i = Platform.firstIndex(of: separator, in: buffer, from: start) {
                let piece = buffer[start..<i]
                if partial.isEmpty && !dropping && piece.count <= Self.recordLimit {
                    addRecord(piece, ascii: ascii)
                } else {
                    keep(piece)
                    endRecord()
                }
                start = i + 1
            }
            if start < buffer.count { keep(buffer[start...]) }
        }
        return count - before
    }

    /// Bytes kept of one record. A longer one (a line that never ends: `< /dev/zero`) keeps its
    /// start and the rest is read and dropped, so memory stays bounded whatever the input.
    public static let recordLimit = 16 << 20
    /// Records cut at `recordLimit`.
    public private(set) var cutRecords = 0
    /// The items whose record was cut: what is kept of one is not an item of the input, so it
    /// is never an answer.
    public private(set) var cutItems: Set<Int> = []
    /// The record being read went over the limit: the rest of it is dropped.
    private var dropping = false

    private mutating func keep(_ piece: Slice<UnsafeBufferPointer<UInt8>>) {
        guard !dropping else { return }
        let room = Self.recordLimit - partial.count
        guard piece.count > room else {
            partial += piece
            return
        }
        partial += piece.prefix(room)
        // Never end inside a character.
        while let last = partial.last, last & 0xC0 == 0x80 { partial.removeLast() }
        if let last = partial.last, last >= 0xC0 { partial.removeLast() }
        dropping = true
    }

    private mutating func endRecord() {
        let cut = dropping
        dropping = false
        let record = partial
        partial.removeAll(keepingCapacity: true)
        addCut(record, cut: cut)
    }

    /// Adds a record kept whole or `cut`, noting which item a cut one became.
    private mutating func addCut(_ record: [UInt8], cut: Bool) {
        let before = count
        addRecord(record[...])
        if cut {
            cutRecords += 1
            if count > before { cutItems.insert(count - 1) }
        }
    }

    /// The input ended: a last record without a separator is still an item.
    @discardableResult
    public mutating func finish() -> Int {
        guard !partial.isEmpty else { return 0 }
        let cut = dropping
        dropping = false
        let record = partial
        partial = []
        addCut(record, cut: cut)
        return 1
    }

    private mutating func addRecord<C: Collection>(_ record: C, ascii: Bool = false) where C.Element == UInt8, C.Index == Int, C.SubSequence == C {
        var end = record.endIndex
        if separator == 0x0A && end > record.startIndex && record[end - 1] == 0x0D { end -= 1 } // CRLF
        let body = record[record.startIndex..<end]
        guard case .delimited(let d) = format else {
            if tree { append(label: Array(body)); return }
            if !ascii && !Self.isASCII(body) { noteNonASCII(count) }
            bytes += body
            starts.append(UInt32(bytes.count))
            return
        }
        // tag<d>label[<d>hint]; a record without the delimiter is all label.
        guard let first = body.firstIndex(of: d) else {
            append(label: Array(body))
            return
        }
        let afterFirst = body.index(after: first)
        let second = body[afterFirst...].firstIndex(of: d)
        let label = second.map { Array(body[afterFirst..<$0]) } ?? Array(body[afterFirst...])
        let hint = second.map { Array(body[body.index(after: $0)...]) }
        append(label: label, tag: Array(body[body.startIndex..<first]), hint: hint)
    }

    /// Whether every byte is below 0x80: eight bytes at a time.
    static func isASCII<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        if let known = bytes.withContiguousStorageIfAvailable({ isASCII($0) }) { return known }
        return !bytes.contains { $0 >= 0x80 }
    }

    static func isASCII(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = p.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0, seen: UInt64 = 0
        while i + 8 <= p.count {
            seen |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < p.count {
            seen |= UInt64(p[i])
            i += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    private mutating func noteNonASCII(_ item: Int) {
        let word = item >> 6
        if nonASCII.count <= word { nonASCII += repeatElement(0, count: word + 1 - nonASCII.count) }
        nonASCII[word] |= 1 << UInt64(item & 63)
    }

    // MARK: - Reading

    /// The item's label is all ASCII (an ASCII query may match its bytes as they are).
    @inline(__always)
    public func isASCII(_ item: Int) -> Bool {
        let word = item >> 6
        return word >= nonASCII.count || nonASCII[word] & (1 << UInt64(item & 63)) == 0
    }

    @inline(__always)
    func field(_ item: Int, _ f: Int) -> Range<Int> {
        let k = fieldsPerItem
        let j = item * k + (k == 1 ? 0 : f)
        return Int(starts[j])..<Int(starts[j + 1])
    }

    /// The label's byte range (what is shown and matched).
    @inline(__always)
    public func labelRange(_ item: Int) -> Range<Int> { field(item, 1) }

    public func label(_ item: Int) -> [UInt8] { Array(bytes[labelRange(item)]) }
    /// The label's first bytes, up to `n` (an item may be megabytes long; a row shows its start).
    public func labelPrefix(_ item: Int, bytes n: Int) -> ArraySlice<UInt8> {
        let r = labelRange(item)
        return Array(bytes[r.lowerBound..<min(r.upperBound, r.lowerBound + n)])[...]
    }
    /// The label's start, as much as `columns` columns can show, and one byte more when there is
    /// more (so `Sanitize.bytes(_:columns:)` marks the cut).
    public func labelPrefix(_ item: Int, columns: Int) -> ArraySlice<UInt8> {
        labelPrefix(item, bytes: max(0, columns) * 4 + 17)
    }
    /// Labels are drawn (and said in line mode) up to this many columns; longer ones are cut
    /// visibly and still printed whole when chosen.
    public static let shownColumns = 4096

    /// The item's level in a --tree list (0 at the root, and for every item of a flat list).
    public func depth(_ item: Int) -> Int { tree && item < depths.count ? Int(depths[item]) : 0 }

    /// The guides drawn before a tree item: a line down for each open level above it, then a
    /// branch (├─, or └─ for the last of its siblings). Looks ahead only until the branch ends.
    public func treeGuides(_ item: Int, unicode: Bool) -> String {
        let depth = depth(item)
        guard depth > 0 else { return "" }
        var guides = ""
        for level in 1...depth {
            var more = false
            var j = item + 1
            while j < count {
                let d = self.depth(j)
                if d < level { break }
                if d == level { more = true; break }
                j += 1
            }
            if level == depth {
                guides += unicode ? (more ? "├─ " : "└─ ") : (more ? "|- " : "`- ")
            } else {
                guides += more ? (unicode ? "│  " : "|  ") : "   "
            }
        }
        return guides
    }

    /// The tag, or nil when the item has none.
    public func tag(_ item: Int) -> [UInt8]? {
        guard fieldsPerItem == 3 else { return nil }
        let r = field(item, 0)
        return hasTags ? Array(bytes[r]) : nil
    }

    public func hint(_ item: Int) -> [UInt8]? {
        guard fieldsPerItem == 3 else { return nil }
        let r = field(item, 2)
        return r.isEmpty ? nil : Array(bytes[r])
    }

    /// The label as drawn: invalid UTF-8 escaped, controls made visible.
    public func shownLabel(_ item: Int) -> String { Sanitize.bytes(labelPrefix(item, columns: Self.shownColumns), columns: Self.shownColumns) }

}
