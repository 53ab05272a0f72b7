// The filtered, ranked order of a list for a query. Typing one more character searches only the
// previous matches (a stack of results per query prefix, as fzf caches them); Backspace goes back
// to a cached result; items that stream in later are matched as they come. Ranking is a counting
// sort by score (scores are small), stable in list order, so it costs the matches' count, not
// n log n.

public struct ListFilter: Sendable {
    public private(set) var query = ""
    /// Ranked: best first, ties in list order. Nil when the query is empty (every item, in order).
    public private(set) var ranked: [UInt32]?
    /// Results for the query and its prefixes, each in list order, with how many items existed then.
    private var stack: [(query: String, matches: [UInt32], upTo: Int)] = []

    public init() {}

    /// Sets the query (or, with the same query, takes in items that arrived since) and recomputes.
    /// Returns true when the order may have changed.
    @discardableResult
    public mutating func apply(_ newQuery: String, store: ItemStore) -> Bool {
        guard !newQuery.isEmpty else {
            defer { query = ""; stack = []; ranked = nil }
            return !query.isEmpty
        }
        if newQuery == query, let top = stack.last, top.upTo == store.count { return false }
        query = newQuery
        // Narrow from the longest cached result whose query the new one extends.
        while let top = stack.last, !newQuery.hasPrefix(top.query) { stack.removeLast() }
        let matcher = FuzzyMatcher(newQuery)
        var scored: [(Int32, UInt32)] = []
        var from = 0
        if let base = stack.last {
            for item in base.matches {
                if let s = matcher.score(store.bytes[store.labelRange(Int(item))]) { scored.append((Int32(s), item)) }
            }
            from = base.upTo
            if base.query == newQuery { stack.removeLast() }
        }
        scored += Self.scoreAll(matcher, store, from: from)
        stack.append((newQuery, scored.map(\.1), store.count))
        ranked = Self.rank(scored)
        return true
    }

    static func scoreAll(_ matcher: FuzzyMatcher, _ store: ItemStore, from first: Int) -> [(Int32, UInt32)] {
        var scored: [(Int32, UInt32)] = []
        store.bytes.withUnsafeBufferPointer { bytes in
            for item in first..<store.count {
                let r = store.labelRange(item)
                if let s = matcher.score(UnsafeBufferPointer(rebasing: bytes[r])) { scored.append((Int32(s), UInt32(item))) }
            }
        }
        return scored
    }

    /// Best score first; equal scores keep the order given (list order). A counting sort.
    static func rank(_ scored: [(Int32, UInt32)]) -> [UInt32] {
        guard let low = scored.map(\.0).min(), let high = scored.map(\.0).max() else { return [] }
        let span = Int(high - low) + 1
        var counts = [Int](repeating: 0, count: span + 1)
        for (s, _) in scored { counts[Int(high - s) + 1] += 1 }
        for k in 1...span { counts[k] += counts[k - 1] }
        var out = [UInt32](repeating: 0, count: scored.count)
        for (s, item) in scored {
            let bucket = Int(high - s)
            out[counts[bucket]] = item
            counts[bucket] += 1
        }
        return out
    }
}
