// Drawing a ListState: the visible rows only, the selected label highlighted (only the label, so
// moving the selection rewrites two labels, not two rows), matched characters of a filter picked
// out, and ▲/▼ in the right margin when there is more above or below.

/// What one row shows. Its text is drawn through the canvas, so it is sanitised like any other.
public struct ListRow {
    public var label: String
    public var style: Style
    /// Drawn before the label in the label's style (a check mark, a radio mark).
    public var prefix: String
    /// Offsets (in characters) of the label's characters a filter matched.
    public var matched: [Int]
    public init(_ label: String, style: Style, prefix: String = "", matched: [Int] = []) {
        self.label = label
        self.style = style
        self.prefix = prefix
        self.matched = matched
    }
}

extension ListRow {
    /// The row as it fits in `columns` for its label: a label too long for them keeps what
    /// matters in view — the last letter a filter matched, else a path's file name (a label with
    /// a slash and no space) — by cutting
    /// its start, behind "…" (fzf keeps the match in view the same way); any other long label is
    /// cut at its end as before.
    public func fitted(columns: Int) -> ListRow {
        guard columns > 1, TextWidth.columns(label) > columns else { return self }
        let characters = Array(label)
        let keep: Int
        if let last = matched.last {
            // The match is in view already: nothing to move.
            guard TextWidth.columns(String(characters[...min(last, characters.count - 1)])) > columns - 1 else { return self }
            keep = min(last, characters.count - 1)
        } else if label.contains("/") && !label.contains(" ") {
            // (A path; a command line or a sentence with a slash is read from its start.)
            keep = characters.count - 1
        } else {
            return self
        }
        // From `keep` back, as many characters as fit after the "…".
        var start = keep + 1, width = 0
        while start > 0 {
            let w = TextWidth.columns(characters[start - 1])
            if width + w > columns - 1 { break }
            width += w
            start -= 1
        }
        var row = self
        row.label = "…" + String(characters[start...])
        row.matched = matched.filter { $0 >= start }.map { $0 - start + 1 }
        return row
    }
}

public enum ListView {
    /// Draws the rows of `state` that fit in `area`; `row` is asked for those rows only. Returns
    /// the selected row's first cell when the list has the focus (the terminal's cursor goes there).
    /// `showsSelection` false: no row stands out (the other side of two lists). `padded`: a blank
    /// before and after each row's text (dialog's buildlist draws its rows without).
    @discardableResult
    public static func render(_ state: ListState, area: Rect, focused: Bool, showsSelection: Bool = true, padded: Bool = true,
                              indicators: Bool = true, theme: Theme, into canvas: inout Canvas, row: (Int) -> ListRow) -> (x: Int, y: Int)? {
        let pad = padded ? " " : "", inset = padded ? 1 : 0
        var cursor: (x: Int, y: Int)?
        for i in 0..<area.height {
            let index = state.top + i
            guard index < state.rowCount else { break }
            let y = area.y + i
            let whole = row(index)
            let shown = whole.fitted(columns: area.width - 2 * inset - TextWidth.columns(whole.prefix))
            var style = shown.style
            if index == state.selection && showsSelection {
                style = focused ? theme.selection
                    : theme.rowCurrent ?? Style(foreground: style.foreground, background: style.background, bold: true, underline: true)
                if focused { cursor = (area.x, y) }
            }
            let text = Wrap.truncate(pad + shown.prefix + shown.label + pad, width: area.width)
            let end = canvas.text(text, x: area.x, y: y, style: style)
            if !shown.prefix.isEmpty && !(index == state.selection && focused && showsSelection) && theme.mark != style {
                canvas.text(Wrap.truncate(shown.prefix, width: max(0, area.width - inset)), x: area.x + inset, y: y, style: theme.mark)
            }
            guard !shown.matched.isEmpty else { continue }
            // Redraw the matched characters that are still visible (not cut by the "…").
            var matchStyle = style
            matchStyle.bold = true
            matchStyle.underline = true
            if index != state.selection || !focused { matchStyle.foreground = theme.match.foreground ?? style.foreground }
            var x = area.x + inset + TextWidth.columns(shown.prefix)
            var next = 0
            for (offset, c) in shown.label.enumerated() {
                let w = TextWidth.columns(c)
                if x + w > end - 1 || x + w > area.maxX - 1 { break }
                if next < shown.matched.count && shown.matched[next] == offset {
                    _ = canvas.put(c, x: x, y: y, style: matchStyle)
                    next += 1
                }
                x += w
            }
        }
        if indicators {
            Chrome.scrollIndicators(up: state.top > 0, down: state.top + area.height < state.rowCount, area: area, theme: theme,
                                    into: &canvas)
        }
        return cursor
    }

    /// "12 of 3,481": rows shown of all items, with thousands separated.
    public static func countText(shown: Int, of total: Int) -> String {
        shown == total ? grouped(total) : grouped(shown) + " of " + grouped(total)
    }

    public static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}
