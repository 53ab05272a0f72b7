// Two lists over one set of items, side by side: those not chosen on the left, the chosen on the
// right (dialog's buildlist). One item has the focus, on either side; Space sends it across. Each
// side is a ListState whose order is its items, so moving, scrolling and drawing are the list's own.

public struct TwoLists: Equatable, Sendable {
    public enum Side: Int, Sendable { case left, right }

    public private(set) var sides = [ListState(), ListState()]
    /// The side the focused item is on.
    public private(set) var active: Side = .left
    /// The right side lists the chosen in the order they were chosen (dialog's --reorder), else
    /// in list order.
    public let chosenInOrder: Bool
    private var chosen: [Bool] = []

    public init(chosenInOrder: Bool) {
        self.chosenInOrder = chosenInOrder
    }

    public var focusedItem: Int? { sides[active.rawValue].selectedItem }

    public func side(of item: Int) -> Side { item < chosen.count && chosen[item] ? .right : .left }

    /// The items of `side`, as that side shows them.
    public func items(on side: Side) -> [Int] {
        let state = sides[side.rawValue]
        return (0..<state.rowCount).map { state.item(atRow: $0) }
    }

    /// Items `chosen.count..<count` arrived (the command line's, or more streaming in), each on
    /// the side `isChosen` says. The first ones take the focus: the first on the left, else on the right.
    public mutating func append(upTo count: Int, isChosen: (Int) -> Bool) {
        guard count > chosen.count else { return }
        let hadItems = !chosen.isEmpty
        var left = items(on: .left), right = items(on: .right)
        for item in chosen.count..<count {
            chosen.append(isChosen(item))
            if chosen[item] { right.append(item) } else { left.append(item) }
        }
        let focused = focusedItem
        setSide(.left, left)
        setSide(.right, right)
        if let focused { focus(item: focused) } else if !hadItems { active = left.isEmpty ? .right : .left }
    }

    public mutating func setVisibleRows(_ rows: Int) {
        for k in 0..<2 { sides[k].setVisibleRows(rows) }
    }

    /// Gives `item` the focus, on its side (--default-item, a click, a digit).
    public mutating func focus(item: Int) {
        guard item < chosen.count else { return }
        active = side(of: item)
        if let row = items(on: active).firstIndex(of: item) { sides[active.rawValue].select(row: row) }
    }

    /// Space: the focused item goes to the other side. The focus stays on its row (the next item,
    /// else the one before); when it was the last of its side, it goes across with it. Returns the
    /// item and whether it is chosen now.
    public mutating func sendAcross() -> (item: Int, chosen: Bool)? {
        guard let item = focusedItem else { return nil }
        let from = active, row = sides[from.rawValue].selection
        chosen[item].toggle()
        var left = items(on: .left), right = items(on: .right)
        if chosen[item] {
            left.removeAll { $0 == item }
            right.append(item)
            if !chosenInOrder { right.sort() }
        } else {
            right.removeAll { $0 == item }
            left.insert(item, at: left.firstIndex { $0 > item } ?? left.count)
        }
        setSide(.left, left, selectRow: from == .left ? row : nil)
        setSide(.right, right, selectRow: from == .right ? row : nil)
        // The other side scrolls to show the item that came.
        let to: Side = from == .left ? .right : .left
        if let arrived = items(on: to).firstIndex(of: item) { sides[to.rawValue].select(row: arrived) }
        if sides[from.rawValue].rowCount == 0 { active = to }
        return (item, chosen[item])
    }

    /// ^ and $: the focus goes to `side`'s item nearest the focused one in list order (the earlier
    /// of two as near); with `chosenInOrder` the right side's last. Nothing there: it stays.
    public mutating func focusSide(_ side: Side) {
        guard side != active, let current = focusedItem else { return }
        let candidates = items(on: side)
        guard !candidates.isEmpty else { return }
        let target: Int
        if side == .right && chosenInOrder {
            target = candidates[candidates.count - 1]
        } else {
            let before = candidates.filter { $0 <= current }.max(), after = candidates.filter { $0 >= current }.min()
            switch (before, after) {
            case let (b?, a?): target = current - b > a - current ? a : b
            case let (b?, nil): target = b
            case let (nil, a?): target = a
            case (nil, nil): return
            }
        }
        focus(item: target)
    }

    /// Up, Down, PgUp, PgDn, Home, End in the focused side. Returns false for any other action.
    public mutating func move(_ action: Action) -> Bool {
        sides[active.rawValue].move(action)
    }

    /// Letters: the next item of the focused side, in list order after the focused one and round,
    /// that `matches`. Returns whether one did.
    @discardableResult
    public mutating func jump(where matches: (Int) -> Bool) -> Bool {
        guard let current = focusedItem else { return false }
        let mine = items(on: active).sorted()
        let after = mine.filter { $0 > current } + mine.filter { $0 <= current }
        guard let found = after.first(where: matches) else { return false }
        focus(item: found)
        return true
    }

    /// The last row of the focused side on screen (dialog's digits reach the items up to it).
    public var lastShownRow: Int {
        let state = sides[active.rawValue]
        return max(0, min(state.top + state.visibleRows, state.rowCount - 1))
    }

    /// The wheel over a side scrolls it.
    public mutating func scroll(_ side: Side, by rows: Int) {
        sides[side.rawValue].scroll(by: rows)
    }

    private mutating func setSide(_ side: Side, _ items: [Int], selectRow: Int? = nil) {
        let state = sides[side.rawValue]
        let row = selectRow ?? state.selectedItem.flatMap { items.firstIndex(of: $0) } ?? 0
        sides[side.rawValue].setItemCount(chosen.count)
        sides[side.rawValue].setOrder(items.map(UInt32.init), selectRow: row, top: state.top)
    }
}
