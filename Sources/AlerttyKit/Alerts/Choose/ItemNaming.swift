// How a script names a chosen item so that the name gives back exactly that item: ALERTTY_RECORD
// writes it, ALERTTY_ANSWERS reads it, and a list takes a name as `AlertMeaning.Choice.index(of:)`
// does — the first tag equal to it, else the first item whose text is exactly it, else a 1-based
// position. An item that cannot be said as one line of text (bytes that are not UTF-8, a newline
// under --read0, a NUL, over the answer limit) or whose text an earlier item already answers to
// is named by its position, if that number names nothing else; else it cannot be named.

extension ItemStore {
    /// The names that give back `items` (0-based), in that order; nil when one cannot be named.
    func scriptNames(of items: [Int]) -> [[UInt8]]? {
        var firsts = FirstOccurrences(store: self, wanted: items)
        var names: [[UInt8]] = []
        for item in items {
            let candidates = (hasTags ? [tag(item) ?? []] : []) + [label(item)]
            if let name = candidates.first(where: { firsts.names($0, item) }) {
                names.append(name)
            } else {
                let position = Array(String(item + 1).utf8)
                guard firsts.namesNothing(position) else { return nil }
                names.append(position)
            }
        }
        return names
    }

    /// Whether `bytes` can stand in an answer as one item: one line of text.
    static func sayable(_ bytes: [UInt8]) -> Bool {
        !bytes.isEmpty && bytes.count <= Limits.answer && !bytes.contains(0x0A) && !bytes.contains(0)
            && String(validating: bytes, as: UTF8.self) != nil
    }
}

/// The first item each tag and text stands at, found by one pass over the items when many are
/// asked about, or by a scan each when few are.
private struct FirstOccurrences {
    let store: ItemStore
    private var byTag: [[UInt8]: Int]?
    private var byLabel: [[UInt8]: Int]?

    init(store: ItemStore, wanted items: [Int]) {
        self.store = store
        guard items.count > 8 else { return }
        var wanted = Set<[UInt8]>()
        for item in items {
            wanted.insert(store.label(item))
            if let tag = store.tag(item) { wanted.insert(tag) }
            wanted.insert(Array(String(item + 1).utf8))
        }
        var tags: [[UInt8]: Int] = [:], labels: [[UInt8]: Int] = [:]
        for j in 0..<store.count {
            if store.hasTags, let tag = store.tag(j), tags[tag] == nil, wanted.contains(tag) { tags[tag] = j }
            let label = store.label(j)
            if labels[label] == nil, wanted.contains(label) { labels[label] = j }
        }
        byTag = tags
        byLabel = labels
    }

    /// Whether `name` gives back `item`: sayable, no earlier tag equal to it, and (a text) no tag
    /// at all or earlier text equal to it.
    mutating func names(_ name: [UInt8], _ item: Int) -> Bool {
        guard ItemStore.sayable(name) else { return false }
        let tagAt = firstTag(name)
        if store.hasTags, store.tag(item) == name { return tagAt == item }
        return tagAt == nil && firstLabel(name) == item
    }

    func namesNothing(_ name: [UInt8]) -> Bool { firstTag(name) == nil && firstLabel(name) == nil }

    private func firstTag(_ name: [UInt8]) -> Int? {
        guard store.hasTags else { return nil }
        if let byTag { return byTag[name] }
        return (0..<store.count).first { store.tag($0) == name }
    }

    private func firstLabel(_ name: [UInt8]) -> Int? {
        if let byLabel { return byLabel[name] }
        return (0..<store.count).first { store.labelRange($0).count == name.count && store.label($0) == name }
    }
}
