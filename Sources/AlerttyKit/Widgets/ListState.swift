// The state of a scrolling list, shared by every alert that shows one (the save browser, choose,
// a form's choice): which row is selected, which is on top, how many fit, an optional filtered
// order, marks for a multi-choice list, and type-ahead. Rows are numbers; what a row shows is the
// owner's business (ListView asks for the visible rows only), so a million rows cost no more
// than ten — except marks, one bit each, and a filtered order, four bytes per shown row.

public struct ListState: Equatable, Sendable {
    /// Items in list order, before filtering.
    public private(set) var itemCount: Int
    /// When filtered (or sorted), the items shown, in order; nil shows every item in list order.
    public private(set) var order: [UInt32]?
    public private(set) var selection = 0
    public private(set) var top = 0
    public private(set) var visibleRows = 10
    private var marks: [UInt64] = []
    public private(set) var markCount = 0
    private var typeAheadPrefix: [UInt8] = []

    public init(itemCount: Int = 0) {
        self.itemCount = itemCount
    }

    /// Rows shown (after filtering).
    public var rowCount: Int { order?.count ?? itemCount }

    /// The item on `row`.
    @inline(__always)
    public func item(atRow row: Int) -> Int { order.map { Int($0[row]) } ?? row }

    public var selectedItem: Int? { rowCount > 0 ? item(atRow: selection) : nil }

    // MARK: - Contents

    /// More items arrived (streaming input) or the list was replaced; selection and scroll stay valid.
    public mutating func setItemCount(_ n: Int) {
        itemCount = n
        if marks.count * 64 < n { marks += Array(repeating: 0, count: (n + 63) / 64 - marks.count) }
        clamp()
    }

    /// Shows only `order` (a filter's result), selecting `selectRow` (default the first); the
    /// view starts at `top` where that still shows it (a row taken out keeps the rest in place).
    public mutating func setOrder(_ newOrder: [UInt32]?, selectRow: Int = 0, top keptTop: Int = 0) {
        order = newOrder
        selection = 0
        top = keptTop
        select(row: selectRow)
    }

    // MARK: - Moving

    /// How PgUp and PgDn move: keeping the current row in view (alertty's), or by newt's or
    /// dialog's steps (their menus and lists).
    public enum Paging: Sendable { case keepsInView, newt, dialog }
    public var paging = Paging.keepsInView

    public mutating func setVisibleRows(_ rows: Int) {
        visibleRows = max(1, rows)
        select(row: selection)
    }

    /// Selects `row` (clamped) and scrolls it into view.
    public mutating func select(row: Int) {
        selection = max(0, min(row, rowCount - 1))
        if selection < top { top = selection }
        if selection >= top + visibleRows { top = selection - visibleRows + 1 }
        top = max(0, min(top, max(0, rowCount - visibleRows)))
    }

    /// Up/Down/PgUp/PgDn/Home/End. Returns false for any other action.
    @discardableResult
    public mutating func move(_ action: Action) -> Bool {
        switch action {
        case .up: select(row: selection - 1)
        case .down: select(row: selection + 1)
        case .pageUp where paging == .newt:
            // newt's listbox: the view and the current row up by one less than a page.
            top = max(0, top - (visibleRows - 1))
            select(row: selection - (visibleRows - 1))
        case .pageDown where paging == .newt:
            // … and down by a whole page.
            top = max(0, min(top + visibleRows, rowCount - visibleRows))
            select(row: selection + visibleRows)
        case .pageUp where paging == .dialog:
            // dialog's lists: to the view's first row, and from there a page up.
            if selection == top { top = max(0, top - visibleRows) }
            select(row: top)
        case .pageDown where paging == .dialog:
            // A page down from the current row, the view following it to its last row.
            let row = min(selection - top + visibleRows, rowCount - top - 1)
            if row >= visibleRows { top += row - visibleRows + 1 }
            select(row: top + min(row, visibleRows - 1))
        case .pageUp: select(row: selection - visibleRows)
        case .pageDown: select(row: selection + visibleRows)
        case .home: select(row: 0)
        case .end: select(row: rowCount - 1)
        default: return false
        }
        typeAheadPrefix = []
        return true
    }

    /// Scrolls the view (mouse wheel) without moving the selection further than needed to keep it shown.
    public mutating func scroll(by rows: Int) {
        top = max(0, min(top + rows, max(0, rowCount - visibleRows)))
        if selection < top { selection = top }
        if selection >= top + visibleRows { selection = min(rowCount - 1, top + visibleRows - 1) }
    }

    /// The row drawn at screen line `y` of a list whose first row is at `areaY`, if any.
    public func row(atLine y: Int, areaY: Int) -> Int? {
        let row = top + (y - areaY)
        return y >= areaY && y < areaY + visibleRows && row < rowCount ? row : nil
    }

    private mutating func clamp() {
        if rowCount == 0 {
            selection = 0
            top = 0
        } else {
            select(row: selection)
        }
    }

    /// Type-ahead: jumps to the first row from `firstRow` whose item `hasPrefix` the letters typed so far.
    public mutating func typeAhead(_ scalar: Unicode.Scalar, firstRow: Int = 0, hasPrefix: (Int, [UInt8]) -> Bool) {
        let typed = Array(String(scalar).utf8)
        for prefix in [typeAheadPrefix + typed, typed] {
            if let row = (firstRow..<rowCount).first(where: { hasPrefix(item(atRow: $0), prefix) }) {
                typeAheadPrefix = prefix
                select(row: row)
                return
            }
        }
        typeAheadPrefix = []
    }

    // MARK: - Marks (multi-choice)

    public func isMarked(_ item: Int) -> Bool {
        item < marks.count * 64 && marks[item >> 6] & (1 << UInt64(item & 63)) != 0
    }

    public mutating func setMark(_ item: Int, _ on: Bool) {
        guard item < itemCount else { return }
        if marks.count * 64 <= item { marks += Array(repeating: 0, count: item / 64 + 1 - marks.count) }
        guard isMarked(item) != on else { return }
        marks[item >> 6] ^= 1 << UInt64(item & 63)
        markCount += on ? 1 : -1
        if keepsMarkOrder {
            if on { markOrder.append(Int32(item)) } else { markOrder.removeAll { $0 == Int32(item) } }
        }
    }

    /// choose --order: the marks are also kept in the order they were made.
    public var keepsMarkOrder = false
    private var markOrder: [Int32] = []

    /// Marked items in the order they were marked (--order), else in list order.
    public var markedInOrder: [Int] { keepsMarkOrder ? markOrder.map(Int.init) : markedItems }

    /// An item's place among the marks, from 1 (--order), or nil.
    public func markPosition(_ item: Int) -> Int? {
        guard keepsMarkOrder else { return nil }
        return markOrder.firstIndex(of: Int32(item)).map { $0 + 1 }
    }

    public mutating func toggleMark(_ item: Int) { setMark(item, !isMarked(item)) }

    /// Ctrl-A: marks every shown row, or unmarks them all when all were marked.
    public mutating func toggleAllShown() {
        let allMarked = (0..<rowCount).allSatisfy { isMarked(item(atRow: $0)) }
        for row in 0..<rowCount { setMark(item(atRow: row), !allMarked) }
    }

    /// Marked items in list order.
    public var markedItems: [Int] {
        var out: [Int] = []
        out.reserveCapacity(markCount)
        for (w, word) in marks.enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { out.append(w * 64 + bit) }
        }
        return out
    }
}
