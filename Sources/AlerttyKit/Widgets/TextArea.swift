// A multi-line text editor: lines of text, a cursor, and the view that follows it (down and
// sideways). `alertty edit` and dialog's --editbox. Keys arrive as actions; Enter (the submit
// action) breaks the line. The text is drawn through the canvas, so what a file holds is shown,
// never interpreted.

public struct TextArea: Equatable, Sendable {
    public private(set) var lines: [[Character]]
    /// The cursor: a line, and a position in it (in characters).
    public private(set) var row = 0
    public private(set) var column = 0
    /// The first line and the first column (in cells) shown.
    public private(set) var top = 0
    public private(set) var left = 0
    /// The column the cursor keeps when it moves up and down through shorter lines.
    private var wantedColumn = 0
    /// Counts the edits: a change of text is a change of revision (checks are made per revision).
    public private(set) var revision = 0
    var viewRows = 1
    var viewColumns = 1

    public init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        if lines.isEmpty { lines = [[]] }
    }

    /// The text as it stands, lines joined with newlines.
    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    public mutating func layout(rows: Int, columns: Int) {
        viewRows = max(1, rows)
        viewColumns = max(1, columns)
        // A new size shows as much as it can from the left edge, scrolling only if the cursor needs it.
        left = 0
        top = max(0, min(top, lines.count - viewRows))
        follow()
    }

    /// Carries out an editing or moving action; false when it does nothing here.
    public mutating func apply(_ action: Action) -> Bool {
        switch action {
        case .insert(let scalar):
            insert(String(Character(scalar)))
        case .submit:
            insert("\n")
        case .left:
            if column > 0 { column -= 1 } else if row > 0 { row -= 1; column = lines[row].count }
            wantedColumn = column
        case .right:
            if column < lines[row].count { column += 1 } else if row + 1 < lines.count { row += 1; column = 0 }
            wantedColumn = column
        case .up, .down, .pageUp, .pageDown:
            let step = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -viewRows : viewRows
            row = max(0, min(lines.count - 1, row + step))
            column = min(wantedColumn, lines[row].count)
        case .home:
            column = 0
            wantedColumn = 0
        case .end:
            column = lines[row].count
            wantedColumn = column
        case .deleteBackward:
            if column > 0 {
                lines[row].remove(at: column - 1)
                column -= 1
            } else if row > 0 {
                column = lines[row - 1].count
                lines[row - 1] += lines.remove(at: row)
                row -= 1
            } else {
                return false
            }
            wantedColumn = column
            revision += 1
        case .deleteForward:
            if column < lines[row].count {
                lines[row].remove(at: column)
            } else if row + 1 < lines.count {
                lines[row] += lines.remove(at: row + 1)
            } else {
                return false
            }
            revision += 1
        case .killToEnd:
            guard column < lines[row].count else { return apply(.deleteForward) }
            lines[row].removeSubrange(column...)
            revision += 1
        case .killToStart:
            lines[row].removeSubrange(..<column)
            column = 0
            wantedColumn = 0
            revision += 1
        default:
            return false
        }
        follow()
        return true
    }

    /// Types or pastes `text` at the cursor (newlines break lines; other controls are dropped,
    /// tabs become spaces to the next stop of 8).
    public mutating func insert(_ text: String) {
        for character in text {
            if character == "\n" || character == "\r\n" {
                let rest = Array(lines[row][column...])
                lines[row].removeSubrange(column...)
                lines.insert(rest, at: row + 1)
                row += 1
                column = 0
            } else if character == "\t" {
                let spaces = 8 - TextWidth.columns(String(lines[row][..<column])) % 8
                lines[row].insert(contentsOf: Array(repeating: " ", count: spaces), at: column)
                column += spaces
            } else if let scalar = character.unicodeScalars.first, Sanitize.visible(scalar) == nil || character.unicodeScalars.count > 1 {
                lines[row].insert(character, at: column)
                column += 1
            }
        }
        wantedColumn = column
        revision += 1
        follow()
    }

    /// Keeps the cursor in view.
    private mutating func follow() {
        if row < top { top = row }
        if row >= top + viewRows { top = row - viewRows + 1 }
        let x = TextWidth.columns(String(lines[row][..<column]))
        if x < left { left = max(0, x - viewColumns / 4) }
        if x >= left + viewColumns { left = x - viewColumns + 1 + viewColumns / 4 }
        left = max(0, min(left, x))
    }

    /// Draws the visible lines in `rect`; returns the cursor's cell.
    public func render(into canvas: inout Canvas, rect: Rect, theme: Theme, focused: Bool) -> (x: Int, y: Int) {
        let style = focused ? theme.fieldFocused : theme.field
        canvas.fill(rect, style: style)
        for i in 0..<rect.height {
            let index = top + i
            guard index < lines.count else { break }
            // Skip `left` cells, then draw what fits; a wide character cut by the edge is left out.
            var x = 0
            var drawn = rect.x
            for character in lines[index] {
                let width = TextWidth.columns(character)
                defer { x += width }
                if x < left { continue }
                if drawn + width > rect.maxX { break }
                drawn = canvas.text(String(character), x: drawn, y: rect.y + i, style: style)
            }
        }
        let cursorX = TextWidth.columns(String(lines[row][..<column])) - left
        return (rect.x + max(0, min(rect.width - 1, cursorX)), rect.y + row - top)
    }
}
