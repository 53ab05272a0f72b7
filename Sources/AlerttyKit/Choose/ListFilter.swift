// The filtered, ranked order of a list for a query. Typing one more character searches only the
// previous matches (a stack of results per query prefix, as fzf caches them); Backspace goes back
// to a cached result; items that stream in later are matched as they come. A search goes a slice
// at a time, so a key is never kept waiting by a million items; its matches so far are shown.
// Ranking is a counting sort by score (scores are small), stable in list order, so it costs the
// matches' count, not n log n.

public struct ListFilter: Sendable {
    public private(set) var query = ""
    /// Ranked: best first, ties in list order. Nil when the query is empty (every item, in order).
    /// While a search is under way, the matches found so far.
    public private(set) var ranked: [UInt32]?
    /// Results for the query and its prefixes, each in list order with its scores, with how many
    /// items existed then (Backspace back to one ranks it again without searching).
    private var stack: [(query: String, scored: [(Int32, UInt32)], upTo: Int)] = []

    /// A search under way: a big list is searched a slice at a time, so keys are read between
    /// slices and a newer query replaces an older one at once (nothing waits for a stale search).
    private struct Search: Sendable {
        var matcher: FuzzyMatcher
        /// The cached matches of a prefix of the query, searched first, and how far.
        var candidates: [UInt32]
        var nextCandidate = 0
        /// Then every item from here on (items that arrived since that cache, or all of them).
        var nextItem: Int
        var scored: [(Int32, UInt32)] = []
        var slices = 0
    }
    private var search: Search?

    /// A search is under way: call `work` until it is not.
    public var isSearching: Bool { search != nil }

    public init() {}

    /// Sets the query (or, with the same query, takes in items that arrived since) and searches
    /// up to `budget` items. Returns true when the order may have changed.
    @discardableResult
    public mutating func apply(_ newQuery: String, store: ItemStore, budget: Int = .max) -> Bool {
        guard !newQuery.isEmpty else {
            defer { query = ""; stack = []; ranked = nil; search = nil }
            return !query.isEmpty
        }
        if newQuery == query {
            if search != nil { return work(store: store, budget: budget) }
            if let top = stack.last, top.upTo == store.count { return false }
        }
        query = newQuery
        // Narrow from the longest cached result whose query the new one extends.
        while let top = stack.last, !newQuery.hasPrefix(top.query) { stack.removeLast() }
        var next = Search(matcher: FuzzyMatcher(newQuery), candidates: [], nextItem: 0)
        if let base = stack.last {
            if base.query == newQuery {
                // Back to a cached query: its matches as they were, and only newer items searched.
                stack.removeLast()
                next.scored = base.scored
                next.candidates = []
            } else {
                next.candidates = base.scored.map(\.1)
            }
            next.nextItem = base.upTo
        }
        search = next
        return work(store: store, budget: budget)
    }

    /// Searches up to `budget` more items; when the search is done its result is cached for
    /// longer queries. Returns true when the order may have changed.
    @discardableResult
    public mutating func work(store: ItemStore, budget: Int) -> Bool {
        guard var s = search else { return false }
        search = nil // `s` alone holds the matches while they grow (no copy per slice)
        var left = budget
        if s.nextCandidate < s.candidates.count && left > 0 {
            let end = s.nextCandidate + min(left, s.candidates.count - s.nextCandidate)
            s.scored += Self.scoreInParts(s.nextCandidate..<end) { [matcher = s.matcher, candidates = s.candidates] range in
                Self.score(matcher, store, candidates[range].lazy.map(Int.init))
            }
            left -= end - s.nextCandidate
            s.nextCandidate = end
        }
        if left > 0 && s.nextItem < store.count {
            let end = s.nextItem + min(left, store.count - s.nextItem)
            s.scored += Self.scoreInParts(s.nextItem..<end) { [matcher = s.matcher] range in
                Self.score(matcher, store, range)
            }
            s.nextItem = end
        }
        let done = s.nextCandidate == s.candidates.count && s.nextItem == store.count
        // The matches so far are ranked for the screen while they are few, then every fourth
        // slice: ranking a million matches each slice would cost more than finding them.
        s.slices += 1
        let shown = done || s.scored.count < 65536 || s.slices % 4 == 1
        if shown { ranked = Self.rank(s.scored) }
        if done {
            stack.append((query, s.scored, store.count))
        } else {
            search = s
        }
        return shown
    }

    /// A big range is scored in as many parts as there are processors, at once; the matches come
    /// back in list order (part after part).
    static func scoreInParts(_ range: Range<Int>, _ score: @escaping @Sendable (Range<Int>) -> [(Int32, UInt32)]) -> [(Int32, UInt32)] {
        let parts = range.count >= 16384 ? min(Platform.processorCount, 8) : 1
        guard parts > 1 else { return score(range) }
        let size = (range.count + parts - 1) / parts
        return Platform.concurrently(parts) { part in
            let low = range.lowerBound + part * size
            return score(low..<min(range.upperBound, low + size))
        }.flatMap { $0 }
    }

    /// The matches among `items` (all of a range, or a prefix's cached matches), in their order.
    static func score<Items: Sequence>(_ matcher: FuzzyMatcher, _ store: ItemStore, _ items: Items) -> [(Int32, UInt32)] where Items.Element == Int {
        var scored: [(Int32, UInt32)] = []
        store.bytes.withUnsafeBufferPointer { bytes in
            for item in items {
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
