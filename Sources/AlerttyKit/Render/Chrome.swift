// The parts every box shares: frame, title, key hints, countdown, scroll indicators.

public enum Chrome {
    /// Draws a bordered, filled box. The title sits in the top border, hints and the countdown in the bottom one.
    public static func box(_ rect: Rect, title: String, hints: [KeyHint], footer: String? = nil,
                           theme: Theme, into canvas: inout Canvas) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        canvas.fill(rect, style: theme.box)
        frame(rect, theme: theme, into: &canvas)
        let bottom = rect.maxY - 1
        let room = rect.width - 6
        drawTitle(title, in: rect, theme: theme, into: &canvas)
        var footerWidth = 0
        if let footer, room > 0 {
            let shown = Wrap.truncate(footer, width: room)
            footerWidth = TextWidth.columns(shown) + 2
            canvas.text(" " + shown + " ", x: rect.x + 2, y: bottom, style: theme.error)
        }
        // (dialog and newt show no keys in the border)
        guard !theme.laidOutAsDialog && !theme.laidOutAsNewt else { return }
        // Hints from the right; those that do not fit are left out whole rather than cut.
        var hintText = ""
        for hint in hints {
            let candidate = hintText.isEmpty ? hint.text : hintText + " · " + hint.text
            if TextWidth.columns(candidate) + 4 + footerWidth + 2 > rect.width { break }
            hintText = candidate
        }
        if !hintText.isEmpty {
            let w = TextWidth.columns(hintText) + 2
            canvas.text(" " + hintText + " ", x: rect.maxX - 2 - w, y: bottom, style: theme.hint)
        }
    }

    /// The title in the top border, as the theme's look places it: alertty's near the left
    /// between blanks, dialog's centred, newt's centred between tees (┤ Title ├).
    static func drawTitle(_ title: String, in rect: Rect, theme: Theme, into canvas: inout Canvas) {
        guard !title.isEmpty else { return }
        if theme.laidOutAsNewt {
            guard rect.width > 6 else { return }
            let shown = Wrap.truncate(Sanitize.line(title), width: rect.width - 6)
            let x = rect.x + max(1, (rect.width - TextWidth.columns(shown) - 4) / 2)
            _ = canvas.put(theme.glyphs.teeRight, x: x, y: rect.y, style: theme.border)
            let end = canvas.text(" " + shown + " ", x: x + 1, y: rect.y, style: theme.title)
            _ = canvas.put(theme.glyphs.teeLeft, x: end, y: rect.y, style: theme.border)
        } else if theme.laidOutAsDialog {
            guard rect.width > 2 else { return }
            let shown = Wrap.truncate(Sanitize.line(title), width: rect.width - 2)
            canvas.text(shown, x: rect.x + max(1, (rect.width - TextWidth.columns(shown)) / 2 - 1), y: rect.y, style: theme.title)
        } else if rect.width > 6 {
            let shown = Wrap.truncate(Sanitize.line(title), width: rect.width - 6)
            canvas.text(" " + shown + " ", x: rect.x + 2, y: rect.y, style: theme.title)
        }
    }

    /// A border around `rect` (its outermost cells): the top and left edges in `look.0`, the
    /// bottom and right in `look.1` (the box's own: the theme's border and border2).
    public static func frame(_ rect: Rect, theme: Theme, look: (Style, Style)? = nil, into canvas: inout Canvas) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let g = theme.glyphs
        let (lit, shaded) = look ?? (theme.border, theme.border2)
        let top = rect.y, bottom = rect.maxY - 1
        for x in rect.x + 1..<rect.maxX - 1 {
            _ = canvas.put(g.horizontal, x: x, y: top, style: lit)
            _ = canvas.put(g.horizontal, x: x, y: bottom, style: shaded)
        }
        for y in top + 1..<bottom {
            _ = canvas.put(g.vertical, x: rect.x, y: y, style: lit)
            _ = canvas.put(g.vertical, x: rect.maxX - 1, y: y, style: shaded)
        }
        _ = canvas.put(g.topLeft, x: rect.x, y: top, style: lit)
        _ = canvas.put(g.topRight, x: rect.maxX - 1, y: top, style: shaded)
        _ = canvas.put(g.bottomLeft, x: rect.x, y: bottom, style: lit)
        _ = canvas.put(g.bottomRight, x: rect.maxX - 1, y: bottom, style: shaded)
    }

    /// dialog's rule across a box on row `y`, joined to its sides (the line over its buttons).
    public static func rule(across rect: Rect, y: Int, theme: Theme, into canvas: inout Canvas) {
        guard rect.width >= 2, y > rect.y, y < rect.maxY - 1 else { return }
        _ = canvas.put(theme.glyphs.teeLeft, x: rect.x, y: y, style: theme.border)
        for x in rect.x + 1..<rect.maxX - 1 { _ = canvas.put(theme.glyphs.horizontal, x: x, y: y, style: theme.border) }
        _ = canvas.put(theme.glyphs.teeRight, x: rect.maxX - 1, y: y, style: theme.border2)
    }

    /// The box width that shows every hint that ends the prompt (Enter, Esc, y/n), as drawn in
    /// the bottom border, or 0 when there is none.
    public static func widthForEndingHints(_ hints: [KeyHint]) -> Int {
        let ending = hints.prefix { $0.ends }.map(\.text)
        guard !ending.isEmpty else { return 0 }
        return TextWidth.columns(ending.joined(separator: " · ")) + 6
    }

    /// ▲ and ▼ in the right margin of `area` when there is more above or below.
    public static func scrollIndicators(up: Bool, down: Bool, area: Rect, theme: Theme, into canvas: inout Canvas) {
        guard area.height > 0 else { return }
        let edge = area.maxX + 1
        if up { _ = canvas.put(theme.glyphs.scrollUp, x: edge, y: area.y, style: theme.muted) }
        if down { _ = canvas.put(theme.glyphs.scrollDown, x: edge, y: area.maxY - 1, style: theme.muted) }
    }

    /// Centres a box of the wanted size in `screen`, shrunk to fit.
    public static func centered(width: Int, height: Int, in screen: Rect) -> Rect {
        let w = min(width, screen.width), h = min(height, screen.height)
        return Rect(x: screen.x + (screen.width - w) / 2, y: screen.y + (screen.height - h) / 2, width: w, height: h)
    }
}
