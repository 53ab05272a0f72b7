// choose's lists drawn: the one list (its frame, marks, tree guides, tags and dialog's scroll
// marks) and the two lists of dialog's buildlist.

extension ChooseAlert {
    /// The one list (not two): in its frame if it has one, each row its mark, its tree guides and
    /// its label (at most `columns` of it), the tags coloured apart and dialog's scroll marks
    /// where asked; a word when there is no row.
    func renderList(columns: Int, theme: Theme, into canvas: inout Canvas) {
        if let frameArea {
            canvas.fill(frameArea.inset(1, 1), style: theme.list)
            Chrome.frame(frameArea, theme: theme, look: (theme.frame, theme.frame2), into: &canvas)
        }
        let matcher = FuzzyMatcher(query.editor.text)
        let glyphs = theme.glyphs
        let onFrame = frameArea != nil && theme.laidOutAsDialog
        // newt's lists: a row's highlight is its text alone; check and radio lists are newt's
        // check boxes, their rows as wide as the widest in the check box's colours, the current
        // one marked by its mark alone.
        let newt = theme.laidOutAsNewt && frameArea == nil && sides == nil
        let boxes = newt && (multi || radio)
        let area = newt ? Rect(x: listArea.x + 1, y: listArea.y, width: max(1, listArea.width - 2), height: listArea.height) : listArea
        if boxes { canvas.fill(Rect(x: area.x, y: area.y, width: min(area.width, widestLabel + markWidth), height: area.height), style: theme.mark) }
        ListView.render(list, area: area, focused: focus == .list, showsSelection: !boxes, padded: !newt, indicators: !onFrame && !newt,
                        theme: theme, into: &canvas) { row in
            let item = list.item(atRow: row)
            var prefix = ""
            if multi { prefix = list.markPosition(item).map { "[\($0)] " } ?? (list.isMarked(item) ? "[\(glyphs.checkOn)] " : "[ ] ") }
            if radio { prefix = radioChoice == item ? "(\(glyphs.radioOn)) " : "( ) " }
            // A tree's guides, while the whole tree is shown (a filter shows the matches flat).
            if store.tree && matcher.isEmpty { prefix = store.treeGuides(item, unicode: glyphs.isUnicode) + prefix }
            // Only what the row can show is decoded and matched: a key costs the same with a 10 MB item.
            let label = store.labelPrefix(item, columns: columns)
            var text = rowLabel(item, label, columns: columns)
            // newt writes a menu's row as wide as its widest (the highlight with it).
            if newt && !boxes { text += String(repeating: " ", count: max(0, widestLabel - TextWidth.columns(text))) }
            return ListRow(text, style: boxes ? theme.mark : theme.row, prefix: prefix,
                           matched: matcher.isEmpty ? [] : matcher.positions(Array(Sanitize.prefix(label, columns: columns))))
        }
        if newtScrollbar { drawNewtScrollbar(x: listArea.maxX - 1, rows: area, theme: theme, into: &canvas) }
        // The current check box's mark, where newt puts the cursor.
        if boxes, focus == .list, list.rowCount > 0, (list.top..<list.top + area.height).contains(list.selection) {
            let y = area.y + list.selection - list.top
            canvas.setStyle(theme.markFocused ?? theme.selection, x: area.x + 1, y: y)
        }
        if configuration.tagsLead && theme.tag != nil { colourTags(columns: columns, theme: theme, into: &canvas) }
        if onFrame, let frameArea { scrollMarks(on: frameArea, theme: theme, into: &canvas) }
        if list.rowCount == 0 {
            let empty = " " + (loading ? tr("(loading…)") : filter.isSearching ? tr("(searching…)") : store.count == 0 ? tr("(no items)")
                               : tr("(no match; Esc clears the filter)"))
            canvas.text(Wrap.truncate(empty, width: listArea.width), x: listArea.x, y: listArea.y, style: theme.muted)
        }
    }

    /// A row's label as drawn from the start of its bytes (`label`, at most `columns` of it shown),
    /// and the seconds left on the item --on-timeout default will take.
    func rowLabel(_ item: Int, _ label: ArraySlice<UInt8>, columns: Int) -> String {
        let taken = defaultCountdown != nil && item == (radio ? radioChoice ?? list.selectedItem : list.selectedItem)
        return Sanitize.bytes(label, columns: columns) + (taken ? "  (\(defaultCountdown!))" : "")
    }

    /// dialog's marks on a framed list that scrolls: `↑(-)` and `↓(+)` on the frame's top and
    /// bottom where there is more, and the share of the list read down to its last row shown
    /// (`25%`) at the bottom's right (arrows.c).
    func scrollMarks(on frame: Rect, theme: Theme, into canvas: inout Canvas) {
        let shownEnd = min(list.rowCount, list.top + listArea.height)
        let up = list.top > 0, down = shownEnd < list.rowCount
        guard up || down || configuration.scrollbar, frame.width > 12 else { return }
        let glyphs = theme.glyphs
        // A mark's colour on its edge's background (dialog merges the two).
        func mark(_ own: Style?, on edge: Style) -> Style {
            guard var style = own else { return theme.hint }
            style.background = edge.background
            return style
        }
        if up { canvas.text(String(glyphs.arrowUp) + "(-)", x: frame.x + 5, y: frame.y, style: mark(theme.scrollUp, on: theme.frame)) }
        if down { canvas.text(String(glyphs.arrowDown) + "(+)", x: frame.x + 5, y: frame.maxY - 1, style: mark(theme.scrollDown, on: theme.frame2)) }
        let percent = list.rowCount == 0 ? 100 : min(100, shownEnd * 100 / list.rowCount)
        let shown = "\(percent)%"
        canvas.text(shown, x: frame.maxX - 1 - 8, y: frame.maxY - 1, style: theme.hint)
        // A short one is made up to four cells with the box's border (dialog's whline).
        for x in frame.maxX - 9 + shown.count..<frame.maxX - 5 { _ = canvas.put(glyphs.horizontal, x: x, y: frame.maxY - 1, style: theme.border) }
        if configuration.scrollbar, let thumb = Self.scrollThumb(first: list.top, next: shownEnd, total: list.rowCount, rows: listArea.height) {
            // The track in the last column inside the frame (whatever the rows' width), in the
            // box's colours reversed; the thumb on it in the hint's, reversed (dialog's A_REVERSE).
            var track = theme.box, knob = theme.hint
            track.reverse = true
            knob.reverse = true
            let x = frame.maxX - 2
            for row in 0..<listArea.height {
                let onThumb = thumb.contains(row)
                _ = canvas.put(onThumb ? glyphs.thumb : glyphs.vertical, x: x, y: listArea.y + row, style: onThumb ? knob : track)
            }
        }
    }

    /// newt's scroll bar (scrollbar.c): ↑ and ↓ at its ends, ▒ between, ▮ at the current item's
    /// share of the list, in the rows' colours.
    func drawNewtScrollbar(x: Int, rows area: Rect, theme: Theme, into canvas: inout Canvas) {
        let glyphs = theme.glyphs
        let height = area.height, total = max(1, list.rowCount), at = list.selection + 1
        let arrows = height >= 2
        for row in 0..<height {
            let glyph = arrows && row == 0 ? glyphs.arrowUp : arrows && row == height - 1 ? glyphs.arrowDown : glyphs.track
            _ = canvas.put(glyph, x: x, y: area.y + row, style: theme.row)
        }
        let thumb = arrows ? at * (height - 3) / total + 1 : at * (height - 1) / total
        _ = canvas.put(glyphs.thumb, x: x, y: area.y + min(max(0, thumb), height - 1), style: theme.row)
    }

    /// The rows of a scroll bar's thumb for rows `first..<next` of `total` shown in `rows` rows,
    /// by dialog's arithmetic (arrows.c); nil when everything is shown (no bar is drawn).
    static func scrollThumb(first: Int, next: Int, total: Int, rows: Int) -> Range<Int>? {
        guard total > 0, rows > 0 else { return nil }
        let all = Double(rows)
        let ordinal = { (n: Int) in Int(all * Double(n) / Double(total + 1)) }
        let high = max(1, ordinal(next + 1 - first))
        guard high < rows else { return nil }
        var last = Int(0.5 + all * Double(next) / Double(total))
        var y = ordinal(first)
        if y >= last && y > 0 { y = last - 1 }
        if last - y > high && high > 1 { y += 1 }
        last = min(last, rows)
        // (Empty where dialog draws a thumb of no rows: a long list's first page.)
        return y..<max(y, last)
    }

    /// --tags-lead: each shown row's tag in the theme's tag colours, its first letter in the key's;
    /// on the current row, as dialog draws it, only the text after the tag stands out (the blanks
    /// around it and the tag's gap in the row's look).
    func colourTags(columns: Int, theme: Theme, into canvas: inout Canvas) {
        for row in list.top..<min(list.rowCount, list.top + listArea.height) {
            let item = list.item(atRow: row), y = listArea.y + row - list.top
            guard let tag = store.tag(item), !tag.isEmpty else { continue }
            let current = row == list.selection
            let x = listArea.x + 1 + markWidth
            let tagWidth = TextWidth.columns(Sanitize.bytes(tag[...], columns: listArea.width))
            guard x + tagWidth <= listArea.maxX else { continue }
            let (look, key) = current ? (theme.tagFocused ?? theme.row, theme.tagFocusedKey ?? theme.row) : (theme.tag ?? theme.row, theme.tagKey ?? theme.row)
            for column in x..<x + tagWidth { canvas.setStyle(column == x ? key : look, x: column, y: y) }
            guard current && theme.laidOutAsDialog else { continue }
            canvas.setStyle(theme.row, x: listArea.x, y: y)
            // (a check or radio list: its mark in the current mark's look, the blank after it the row's)
            if markWidth > 0 {
                for column in listArea.x + 1..<x - 1 { canvas.setStyle(theme.markFocused ?? theme.row, x: column, y: y) }
                canvas.setStyle(theme.row, x: x - 1, y: y)
            }
            // The blanks between the tag and the item, and the one after the label.
            var column = x + tagWidth
            while column < listArea.maxX && canvas[column, y].symbol == " " { canvas.setStyle(theme.row, x: column, y: y); column += 1 }
            let after = x + TextWidth.columns(rowLabel(item, store.labelPrefix(item, columns: columns), columns: columns))
            if after < listArea.maxX { canvas.setStyle(theme.row, x: after, y: y) }
        }
    }

    /// --two-lists: each side in a frame, its rows drawn by the list; only the focused item stands out.
    func renderSides(_ sides: TwoLists, theme: Theme, into canvas: inout Canvas) {
        for (k, area) in sideAreas.enumerated() {
            Chrome.frame(Rect(x: area.x - 1, y: area.y - 1, width: area.width + 2, height: area.height + 2), theme: theme,
                         look: (theme.frame, theme.frame2), into: &canvas)
            let side = sides.sides[k]
            ListView.render(side, area: area, focused: focus == .list, showsSelection: sides.active.rawValue == k,
                            padded: !theme.laidOutAsDialog, theme: theme, into: &canvas) { row in
                let item = side.item(atRow: row)
                return ListRow(Sanitize.bytes(store.labelPrefix(item, columns: area.width), columns: area.width), style: theme.row)
            }
        }
    }
}
