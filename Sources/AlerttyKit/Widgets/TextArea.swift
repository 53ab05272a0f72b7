// A multi-line text editor: lines of bytes, a cursor, and the view that follows it (down and
// sideways). `alertty edit` and dialog's --editbox. Keys arrive as actions; Enter (the submit
// action) breaks the line. The text is kept as the bytes it is — each line's ending (LF or CR LF),
// a missing final newline, tabs, control bytes and invalid UTF-8 — and drawn visibly through the
// canvas (EditUnits), so OK gives back exactly what came in, changed only where the person typed.
// A line is only measured as far as the view needs it: a key on a 3 MB line costs a scan of its
// bytes, not a copy of its characters.

public struct TextArea: Equatable, Sendable {
    /// Each line's bytes, without its ending.
    public private(set) var lines: [[UInt8]]
    /// Whether the line break after each line is CR LF (the last line has none).
    private var crlf: [Bool]
    /// The cursor: a line, and a byte offset in it (always at a unit's start).
    public private(set) var row = 0
    public private(set) var column = 0
    /// The first line and the first column (in cells) shown.
    public private(set) var top = 0
    public private(set) var left = 0
    /// The column (in cells) the cursor keeps when it moves up and down through shorter lines.
    private var wantedX = 0
    /// Counts the edits: a change of text is a change of revision (checks are made per revision).
    public private(set) var revision = 0
    var viewRows = 1
    var viewColumns = 1

    public init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    public init(bytes: [UInt8]) {
        var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        crlf = pieces.indices.map { i in i < pieces.count - 1 && pieces[i].last == 0x0D }
        for i in pieces.indices where crlf[i] { pieces[i].removeLast() }
        lines = pieces.isEmpty ? [[]] : pieces
        if crlf.isEmpty { crlf = [false] }
    }

    /// The text as it stands, as bytes: each line with its own ending.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(lines.reduce(lines.count * 2) { $0 + $1.count })
        for (i, line) in lines.enumerated() {
            out += line
            if i < lines.count - 1 { out += crlf[i] ? [0x0D, 0x0A] : [0x0A] }
        }
        return out
    }

    /// The text as a String, for the rules that count characters (invalid bytes as U+FFFD).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Each line as it is drawn (tabs as spaces, controls and stray bytes visible), for line mode.
    public var shownLines: [String] { lines.map { Self.shown($0) } }

    static func shown(_ line: [UInt8]) -> String {
        var out = ""
        var i = 0, x = 0
        while i < line.count {
            let next = EditUnits.end(line, at: i)
            let unit = EditUnits.shown(line, i..<next, x: x)
            out += unit.text
            x += unit.width
            i = next
        }
        return out
    }

    /// Columns of the widest of the first `count` lines, measured no further than `limit`.
    public func widest(lines count: Int, limit: Int) -> Int {
        lines.prefix(count).reduce(0) { max($0, EditUnits.columns($1, to: $1.count, limit: limit)) }
    }

    public mutating func layout(rows: Int, columns: Int) {
        viewRows = max(1, rows)
        viewColumns = max(1, columns)
        // A new size shows as much as it can from the left edge, scrolling only if the cursor needs it.
        left = 0
        top = max(0, min(top, lines.count - viewRows))
        follow()
    }

    /// The cursor's column in cells.
    private var cursorX: Int { EditUnits.columns(lines[row], to: column) }

    /// Carries out an editing or moving action; false when it does nothing here.
    public mutating func apply(_ action: Action) -> Bool {
        switch action {
        case .insert(let scalar):
            insert(String(Character(scalar)))
            return true
        case .submit:
            insert("\n")
            return true
        case .left:
            if column > 0 { column = EditUnits.start(lines[row], before: column) } else if row > 0 { row -= 1; column = lines[row].count }
            wantedX = cursorX
        case .right:
            if column < lines[row].count { column = EditUnits.end(lines[row], at: column) } else if row + 1 < lines.count { row += 1; column = 0 }
            wantedX = cursorX
        case .up, .down, .pageUp, .pageDown:
            let step = action == .up ? -1 : action == .down ? 1 : action == .pageUp ? -viewRows : viewRows
            row = max(0, min(lines.count - 1, row + step))
            column = EditUnits.offset(lines[row], atColumn: wantedX).offset
        case .home:
            column = 0
            wantedX = 0
        case .end:
            column = lines[row].count
            wantedX = cursorX
        case .deleteBackward:
            if column > 0 {
                let start = EditUnits.start(lines[row], before: column)
                lines[row].removeSubrange(start..<column)
                column = start
            } else if row > 0 {
                column = lines[row - 1].count
                join(row - 1)
                row -= 1
            } else {
                return false
            }
            wantedX = cursorX
            revision += 1
        case .deleteForward:
            if column < lines[row].count {
                lines[row].removeSubrange(column..<EditUnits.end(lines[row], at: column))
            } else if row + 1 < lines.count {
                join(row)
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
            wantedX = 0
            revision += 1
        default:
            return false
        }
        follow()
        return true
    }

    /// Line `i` and the one after it made one; it ends as the second one ended.
    private mutating func join(_ i: Int) {
        lines[i] += lines.remove(at: i + 1)
        crlf[i] = crlf.remove(at: i + 1)
    }

    /// Types or pastes `text` at the cursor: newlines break lines (a new break ends as the line
    /// it was typed in ends, so a CR LF file stays one), tabs are tabs, other controls are dropped.
    public mutating func insert(_ text: String) {
        let pieces = EditUnits.typed(text)
        lines[row].insert(contentsOf: pieces[0], at: column)
        column += pieces[0].count
        for piece in pieces.dropFirst() {
            let rest = Array(lines[row][column...])
            lines[row].removeSubrange(column...)
            lines.insert(piece + rest, at: row + 1)
            crlf.insert(crlf[row], at: row + 1)
            row += 1
            column = piece.count
        }
        wantedX = cursorX
        revision += 1
        follow()
    }

    /// Keeps the cursor in view.
    private mutating func follow() {
        if row < top { top = row }
        if row >= top + viewRows { top = row - viewRows + 1 }
        let x = cursorX
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
            let line = lines[index]
            // From the first unit at or after `left` cells (one cut by the edge is left out).
            var (at, x) = EditUnits.offset(line, atColumn: left)
            if x < left, at < line.count {
                x += EditUnits.shown(line, at..<EditUnits.end(line, at: at), x: x).width
                at = EditUnits.end(line, at: at)
            }
            var drawn = rect.x + x - left
            while at < line.count {
                let next = EditUnits.end(line, at: at)
                let unit = EditUnits.shown(line, at..<next, x: x)
                if drawn + unit.width > rect.maxX { break }
                drawn = canvas.text(unit.text, x: drawn, y: rect.y + i, style: style)
                x += unit.width
                at = next
            }
        }
        let cursor = cursorX - left
        return (rect.x + max(0, min(rect.width - 1, cursor)), rect.y + row - top)
    }
}
