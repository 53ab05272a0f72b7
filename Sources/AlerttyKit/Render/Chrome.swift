// The parts every box shares: frame, title, key hints, countdown, a row of buttons.

public struct Button: Equatable, Sendable {
    public var label: String
    public var enabled: Bool
    public var pending: Bool
    public init(_ label: String, enabled: Bool = true, pending: Bool = false) {
        self.label = label
        self.enabled = enabled
        self.pending = pending
    }
}

public enum Chrome {
    /// Draws a bordered, filled box. The title sits in the top border, hints and the countdown in the bottom one.
    public static func box(_ rect: Rect, title: String, hints: [KeyHint], footer: String? = nil,
                           theme: Theme, into canvas: inout Canvas) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let g = theme.glyphs
        canvas.fill(rect, style: theme.box)
        let top = rect.y, bottom = rect.maxY - 1
        for x in rect.x + 1..<rect.maxX - 1 {
            _ = canvas.put(g.horizontal, x: x, y: top, style: theme.border)
            _ = canvas.put(g.horizontal, x: x, y: bottom, style: theme.border)
        }
        for y in top + 1..<bottom {
            _ = canvas.put(g.vertical, x: rect.x, y: y, style: theme.border)
            _ = canvas.put(g.vertical, x: rect.maxX - 1, y: y, style: theme.border)
        }
        _ = canvas.put(g.topLeft, x: rect.x, y: top, style: theme.border)
        _ = canvas.put(g.topRight, x: rect.maxX - 1, y: top, style: theme.border)
        _ = canvas.put(g.bottomLeft, x: rect.x, y: bottom, style: theme.border)
        _ = canvas.put(g.bottomRight, x: rect.maxX - 1, y: bottom, style: theme.border)

        let room = rect.width - 6
        if !title.isEmpty, room > 0 {
            let shown = Wrap.truncate(Sanitize.line(title), width: room)
            canvas.text(" " + shown + " ", x: rect.x + 2, y: top, style: theme.title)
        }
        var footerWidth = 0
        if let footer, room > 0 {
            let shown = Wrap.truncate(footer, width: room)
            footerWidth = TextWidth.columns(shown) + 2
            canvas.text(" " + shown + " ", x: rect.x + 2, y: bottom, style: theme.error)
        }
        // Hints from the right; those that do not fit are left out whole rather than cut.
        var hintText = ""
        for hint in hints {
            let candidate = hintText.isEmpty ? hint.text : hintText + " · " + hint.text
            if TextWidth.columns(candidate) + 4 + footerWidth + 2 > rect.width { break }
            hintText = candidate
        }
        if !hintText.isEmpty {
            let w = TextWidth.columns(hintText) + 2
            canvas.text(" " + hintText + " ", x: rect.maxX - 2 - w, y: bottom, style: theme.muted)
        }
    }

    /// The drawn form of a button: `< OK >` focused, `  OK  ` not, `( OK )`-less dim when disabled.
    public static func buttonText(_ b: Button, focused: Bool) -> String {
        let label = Sanitize.line(b.label) + (b.pending ? "…" : "")
        return focused && b.enabled ? "< " + label + " >" : "  " + label + "  "
    }

    public static func buttonsWidth(_ buttons: [Button]) -> Int {
        buttons.reduce(0) { $0 + TextWidth.columns(buttonText($1, focused: true)) } + max(0, buttons.count - 1) * 2
    }

    /// Draws buttons centred on row `y` of `area`. `focused` is an index into `buttons`, or nil.
    public static func buttons(_ buttons: [Button], focused: Int?, y: Int, area: Rect, theme: Theme,
                               into canvas: inout Canvas) {
        var x = area.x + max(0, (area.width - buttonsWidth(buttons)) / 2)
        for (i, b) in buttons.enumerated() {
            let isFocused = focused == i
            let style = !b.enabled ? theme.buttonDisabled : isFocused ? theme.buttonFocused : theme.button
            x = canvas.text(buttonText(b, focused: isFocused), x: x, y: y, style: style) + 2
        }
    }

    /// Centres a box of the wanted size in `screen`, shrunk to fit.
    public static func centered(width: Int, height: Int, in screen: Rect) -> Rect {
        let w = min(width, screen.width), h = min(height, screen.height)
        return Rect(x: screen.x + (screen.width - w) / 2, y: screen.y + (screen.height - h) / 2, width: w, height: h)
    }
}
