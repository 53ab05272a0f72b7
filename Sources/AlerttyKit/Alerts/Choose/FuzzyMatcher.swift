// Typing filters a list: an item matches when the query's characters appear in it in order
// (case-insensitive), and better matches rank first — characters together, at the start of a
// word, early in the item, in a short item. Ties keep list order. Works on the item's bytes, with
// an ASCII fast path; only matching items are scored, and positions (for highlighting) are found
// again for the few rows on screen, never stored.

public struct FuzzyMatcher: Sendable {
    /// The query, case-folded, as scalars; and as bytes when it is ASCII.
    let scalars: [UInt32]
    let asciiBytes: [UInt8]?

    public init(_ query: String) {
        scalars = query.unicodeScalars.map { FuzzyMatcher.fold($0) }
        asciiBytes = scalars.allSatisfy { $0 < 0x80 } ? scalars.map { UInt8($0) } : nil
    }

    public var isEmpty: Bool { scalars.isEmpty }

    @inline(__always) static func fold(_ b: UInt8) -> UInt8 { b &- 65 < 26 ? b | 0x20 : b }

    static func fold(_ s: Unicode.Scalar) -> UInt32 {
        if s.isASCII { return UInt32(fold(UInt8(s.value))) }
        if s.value < UInt32(latinFolds.count) { return latinFolds[Int(s.value)] }
        // Most scalars have no lower case of their own: asked without building a string.
        guard s.properties.changesWhenLowercased else { return s.value }
        return s.properties.lowercaseMapping.unicodeScalars.first?.value ?? s.value
    }

    /// Folds of the Latin scripts, the most common non-ASCII letters in items, looked up rather
    /// than asked of the Unicode tables for each character (a 10 MB item is matched on each key).
    static let latinFolds: [UInt32] = (0..<0x250).map { v in
        guard let s = Unicode.Scalar(UInt32(v)) else { return UInt32(v) }
        if s.isASCII { return UInt32(fold(UInt8(v))) }
        return s.properties.lowercaseMapping.unicodeScalars.first?.value ?? UInt32(v)
    }

    /// The score of `item` (higher is better), or nil when it does not match.
    public func score<C: RandomAccessCollection>(_ item: C) -> Int? where C.Element == UInt8, C.Index == Int {
        guard !scalars.isEmpty else { return 0 }
        if let query = asciiBytes, item.allSatisfy({ $0 < 0x80 }) {
            return Self.score(query: query, units: item, ascii: true)?.score
        }
        // Most items do not match: found out while decoding, before any copy of a long item is made.
        guard Self.appearsInOrder(scalars, in: item) else { return nil }
        let units = Self.units(item)
        return Self.score(query: scalars, units: units, ascii: false)?.score
    }

    /// The score of an item known to be ASCII, for an ASCII query: the first query byte is found
    /// with memchr (both cases of a letter), the rest byte by byte, and the score is summed as the
    /// window is walked, with nothing allocated. Most items of a big list do not match, and for
    /// them this is a SIMD scan of their bytes. The same score as `score(_:)`.
    @inline(__always)
    public static func scoreASCII(_ query: UnsafeBufferPointer<UInt8>, _ item: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = item.count, m = query.count
        guard m > 0 else { return 0 }
        guard m <= n else { return nil }
        let first = query[0]
        let upper: UInt8? = first &- 97 < 26 ? first & ~0x20 : nil
        // The earliest first character, either case.
        var at = Platform.firstIndex(of: first, in: item) ?? -1
        if let upper, let hit = Platform.firstIndex(of: upper, in: at >= 0 ? UnsafeBufferPointer(rebasing: item[..<at]) : item) { at = hit }
        guard at >= 0 else { return nil }
        // Forward: where does the earliest complete match end?
        var qi = 1, end = at
        if m > 1 {
            var i = at + 1
            end = -1
            while i < n {
                if fold(item[i]) == query[qi] {
                    qi += 1
                    if qi == m { end = i; break }
                }
                i += 1
            }
            guard end >= 0 else { return nil }
        }
        // Backward from the end: the latest start, so the window is as short as it can be.
        qi = m - 1
        var start = end
        var i = end
        while i >= 0 {
            if fold(item[i]) == query[qi] {
                if qi == 0 { start = i; break }
                qi -= 1
            }
            i -= 1
        }
        // Forward in the window, scored as it goes.
        var score = 0, previous = -2, k = 0
        i = start
        while i <= end && k < m {
            if fold(item[i]) == query[k] {
                score += matchScore
                if i == previous + 1 { score += consecutiveBonus }
                else if k > 0 { score -= gapStartPenalty + (i - previous - 2) * gapPenalty }
                if i == 0 || isSeparator(item[i - 1]) { score += boundaryBonus + (k == 0 ? firstCharBonus : 0) }
                previous = i
                k += 1
            }
            i += 1
        }
        score -= min(start, 15)
        score -= min(n / 8, 10)
        return score
    }

    @inline(__always)
    static func isSeparator(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x2F || b == 0x5F || b == 0x2D || b == 0x2E || b == 0x3A || b == 0x09 || b == 0x2C
    }

    /// Whether the query's scalars appear in `item` in order, decoded as it goes: well-formed
    /// UTF-8 as its scalars, any other byte as U+FFFD (as `units` reads it, so no item that
    /// matches is turned away).
    static func appearsInOrder<C: Collection>(_ query: [UInt32], in item: C) -> Bool where C.Element == UInt8 {
        if let found = item.withContiguousStorageIfAvailable({ appearsInOrder(query, in: $0) }) { return found }
        return Array(item).withUnsafeBufferPointer { appearsInOrder(query, in: $0) }
    }

    static func appearsInOrder(_ query: [UInt32], in p: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = p.count
        var qi = 0, i = 0
        var wanted = query[0]
        @inline(__always) func continuation(_ k: Int) -> UInt32? {
            k < n && p[k] & 0xC0 == 0x80 ? UInt32(p[k] & 0x3F) : nil
        }
        while i < n {
            let b = p[i]
            var unit: UInt32 = 0xFFFD
            var length = 1
            if b < 0x80 {
                unit = UInt32(fold(b))
            } else if b >= 0xC2 && b <= 0xDF, let c1 = continuation(i + 1) {
                unit = UInt32(b & 0x1F) << 6 | c1
                length = 2
            } else if b >= 0xE0 && b <= 0xEF, let c1 = continuation(i + 1), let c2 = continuation(i + 2),
                      !(b == 0xE0 && c1 < 0x20), !(b == 0xED && c1 >= 0x20) {
                unit = UInt32(b & 0x0F) << 12 | c1 << 6 | c2
                length = 3
            } else if b >= 0xF0 && b <= 0xF4, let c1 = continuation(i + 1), let c2 = continuation(i + 2),
                      let c3 = continuation(i + 3), !(b == 0xF0 && c1 < 0x10), !(b == 0xF4 && c1 >= 0x10) {
                unit = UInt32(b & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
                length = 4
            }
            if unit >= 0x80, unit != 0xFFFD, let scalar = Unicode.Scalar(unit) { unit = fold(scalar) }
            if unit == wanted {
                qi += 1
                if qi == query.count { return true }
                wanted = query[qi]
            }
            i += length
        }
        return false
    }

    /// Offsets (in characters of the item as drawn) of the matched characters, for highlighting.
    public func positions(_ item: [UInt8]) -> [Int] {
        guard !scalars.isEmpty else { return [] }
        if let query = asciiBytes, item.allSatisfy({ $0 < 0x80 }) {
            return Self.score(query: query, units: item, ascii: true)?.positions ?? []
        }
        // Scalar offsets → character offsets of the drawn (sanitised) label.
        guard let scalarPositions = Self.score(query: scalars, units: Self.units(item), ascii: false)?.positions,
              let text = String(validating: item, as: UTF8.self) else { return [] }
        var result: [Int] = []
        var scalarIndex = 0, next = 0
        for (charIndex, c) in text.enumerated() {
            let n = c.unicodeScalars.count
            while next < scalarPositions.count && scalarPositions[next] < scalarIndex + n {
                if result.last != charIndex { result.append(charIndex) }
                next += 1
            }
            scalarIndex += n
        }
        return result
    }

    /// Folded scalar values of UTF-8 bytes (invalid bytes stand for themselves).
    static func units<C: Collection>(_ item: C) -> [UInt32] where C.Element == UInt8 {
        var out: [UInt32] = []
        out.reserveCapacity(item.count)
        for s in String(decoding: item, as: UTF8.self).unicodeScalars { out.append(fold(s)) }
        return out
    }

    static let matchScore = 16, consecutiveBonus = 12, boundaryBonus = 10, firstCharBonus = 8
    static let gapStartPenalty = 3, gapPenalty = 1

    /// The leftmost match, tightened from its end backwards (fzf's first algorithm), then scored.
    static func score<Q: RandomAccessCollection, U: RandomAccessCollection>(query: Q, units: U, ascii: Bool)
        -> (score: Int, positions: [Int])? where Q.Element: FixedWidthInteger, U.Element: FixedWidthInteger,
        Q.Index == Int, U.Index == Int {
        let n = units.count, m = query.count
        guard m <= n else { return nil }
        let base = units.startIndex, qBase = query.startIndex
        @inline(__always) func unit(_ i: Int) -> UInt32 {
            let u = UInt32(truncatingIfNeeded: units[base + i])
            return ascii ? UInt32(fold(UInt8(truncatingIfNeeded: u))) : u
        }
        // Forward: where does the earliest complete match end?
        var qi = 0, end = -1
        var i = 0
        while i < n {
            if unit(i) == UInt32(truncatingIfNeeded: query[qBase + qi]) {
                qi += 1
                if qi == m { end = i; break }
            }
            i += 1
        }
        guard end >= 0 else { return nil }
        // Backward from the end: the latest start, so the matched window is as short as it can be.
        qi = m - 1
        var start = end
        i = end
        while i >= 0 {
            if unit(i) == UInt32(truncatingIfNeeded: query[qBase + qi]) {
                if qi == 0 { start = i; break }
                qi -= 1
            }
            i -= 1
        }
        // Forward again inside the window, preferring characters at word starts and runs.
        var positions: [Int] = []
        positions.reserveCapacity(m)
        qi = 0
        i = start
        while i <= end && qi < m {
            if unit(i) == UInt32(truncatingIfNeeded: query[qBase + qi]) {
                positions.append(i)
                qi += 1
            }
            i += 1
        }
        var score = 0
        var previous = -2
        for (k, p) in positions.enumerated() {
            score += matchScore
            if p == previous + 1 { score += consecutiveBonus }
            else if k > 0 { score -= gapStartPenalty + (p - previous - 2) * gapPenalty }
            if isBoundary(p, unit) { score += boundaryBonus + (k == 0 ? firstCharBonus : 0) }
            previous = p
        }
        // Earlier and shorter items win among equals, a little.
        score -= min(start, 15)
        score -= min(n / 8, 10)
        return (score, positions)
    }

    /// A word starts at `p`: the item's start, after a separator, or a lower-to-upper case change.
    @inline(__always)
    static func isBoundary(_ p: Int, _ unit: (Int) -> UInt32) -> Bool {
        guard p > 0 else { return true }
        let before = unit(p - 1)
        return before == 0x20 || before == 0x2F || before == 0x5F || before == 0x2D || before == 0x2E || before == 0x3A
            || before == 0x09 || before == 0x2C
    }
}
