// The filtered, ranked order of a list for a query. Typing one more character searches only the
// previous matches (a stack of results per query prefix, as fzf caches them); Backspace goes back
// to a cached result; items that stream in later are matched as they come. A search goes a slice
// at a time, so a key is never kept waiting by a million items; its matches so far are shown.
// Ranking is a counting sort by score and then length (fzf's default tiebreak), stable in list
// order, so it costs the matches' count, not n log n.

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
        /// The best matches so far, best first, at most `shownWhileSearching`: what the screen
        /// shows meanwhile, kept up as each slice comes, so the whole of them is ranked only once.
        var best: [(Int32, UInt32)] = []

        /// Takes in matches found after every match so far (later in list order, so a tie stays
        /// behind the match it ties with).
        mutating func keepBest(_ fresh: ArraySlice<(Int32, UInt32)>) {
            let most = ListFilter.shownWhileSearching
            let floor = best.count == most ? best[most - 1].0 : Int32.min
            let better = fresh.filter { $0.0 > floor }
            guard !better.isEmpty else { return }
            best = Array(ListFilter.ordered((best + better)[...], { $0 }).prefix(most))
        }
    }
    private var search: Search?
    /// Matches shown while a search is under way, at most: a screenful many times over.
    static let shownWhileSearching = 1000

    /// A search is under way: call `work` until it is not.
    public var isSearching: Bool { search != nil }

    /// While a search is under way, how many matches it has found so far.
    public var matchesSoFar: Int? { search?.scored.count }

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
    /// longer queries. The matches so far are ranked for the screen when `rank` says so (ranking
    /// a million matches costs more than finding them: the caller ranks at its frame rate), and
    /// always at the end. Returns true when the order may have changed.
    @discardableResult
    public mutating func work(store: ItemStore, budget: Int, rank: Bool = true) -> Bool {
        guard var s = search else { return false }
        search = nil // `s` alone holds the matches while they grow (no copy per slice)
        let before = s.scored.count
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
        if done {
            ranked = Self.rank(s.scored)
        } else {
            s.keepBest(s.scored[before...])
            if rank { ranked = s.best.map(\.1) }
        }
        if done {
            stack.append((query, s.scored, store.count))
        } else {
            search = s
        }
        return done || rank
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
            guard let ascii = matcher.asciiBytes else {
                for item in items {
                    let r = store.labelRange(item)
                    if let s = matcher.score(UnsafeBufferPointer(rebasing: bytes[r])) { scored.append((rankKey(s, length: r.count), UInt32(item))) }
                }
                return
            }
            // An ASCII query: ASCII items (nearly all, as a rule) are scored on their bytes as they lie.
            ascii.withUnsafeBufferPointer { query in
                for item in items {
                    let label = UnsafeBufferPointer(rebasing: bytes[store.labelRange(item)])
                    let s = store.isASCII(item) ? FuzzyMatcher.scoreASCII(query, label) : matcher.score(label)
                    if let s { scored.append((rankKey(s, length: label.count), UInt32(item))) }
                }
            }
        }
        return scored
    }

    /// What a match is ranked by: its score, then the shorter item (fzf's default tiebreak,
    /// length then index), so an exact match comes before the longer items that score as well
    /// (`tmux` before `tmuxp`).
    @inline(__always)
    static func rankKey(_ score: Int, length: Int) -> Int32 {
        Int32(clamping: score) << 8 | Int32(255 - min(length, 255))
    }

    /// Best key first; equal keys keep the order given (list order). A counting sort.
    static func rank(_ scored: [(Int32, UInt32)]) -> [UInt32] { ordered(scored[...], \.1) }

    static func ordered<T>(_ scored: ArraySlice<(Int32, UInt32)>, _ pick: ((Int32, UInt32)) -> T) -> [T] {
        guard let low = scored.lazy.map(\.0).min(), let high = scored.lazy.map(\.0).max() else { return [] }
        let span = Int(high) - Int(low) + 1
        // Keys spread far apart (a gap of megabytes in a huge item scores far below the rest):
        // a stable comparison sort, rather than a counting array as wide as the spread.
        guard span <= 4 * scored.count + 65536 else {
            return scored.enumerated().sorted { $0.element.0 != $1.element.0 ? $0.element.0 > $1.element.0 : $0.offset < $1.offset }
                .map { pick($0.element) }
        }
        var counts = [Int](repeating: 0, count: span + 1)
        for (s, _) in scored { counts[Int(high - s) + 1] += 1 }
        for k in 1...span { counts[k] += counts[k - 1] }
        return [T](unsafeUninitializedCapacity: scored.count) { out, filled in
            for pair in scored {
                let bucket = Int(high - pair.0)
                (out.baseAddress! + counts[bucket]).initialize(to: pick(pair))
                counts[bucket] += 1
            }
            filled = scored.count
        }
    }
}
