// A row of buttons: `< OK >` when focused, `  OK  ` when not, dim when disabled, `OK…` while a
// check is pending. Every box with buttons draws them here.

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

public enum ButtonRow {
    /// The drawn form of a button.
    public static func text(_ b: Button, focused: Bool) -> String {
        let label = Sanitize.line(b.label) + (b.pending ? "…" : "")
        return focused && b.enabled ? "< " + label + " >" : "  " + label + "  "
    }

    public static func width(_ buttons: [Button]) -> Int {
        buttons.reduce(0) { $0 + TextWidth.columns(text($1, focused: true)) } + max(0, buttons.count - 1) * 2
    }

    /// The button drawn at (x, y) of a row drawn in `row` (a click), if any.
    public static func hit(_ buttons: [Button], row: Rect, x: Int, y: Int) -> Int? {
        guard y == row.y else { return nil }
        var start = row.x + max(0, (row.width - width(buttons)) / 2)
        for (i, b) in buttons.enumerated() {
            let w = TextWidth.columns(text(b, focused: true))
            if x >= start && x < start + w { return i }
            start += w + 2
        }
        return nil
    }

    /// Draws `buttons` centred on row `y` of `area`. `focused` is an index into `buttons`, or nil.
    /// Returns the focused button's label's first cell: the terminal's cursor goes there, so a
    /// screen reader reads the button in focus (as dialog puts it on the label).
    @discardableResult
    public static func render(_ buttons: [Button], focused: Int?, y: Int, area: Rect, theme: Theme,
                              into canvas: inout Canvas) -> (x: Int, y: Int)? {
        var x = area.x + max(0, (area.width - width(buttons)) / 2)
        var cursor: (x: Int, y: Int)?
        for (i, b) in buttons.enumerated() {
            let isFocused = focused == i
            let style = !b.enabled ? theme.buttonDisabled : isFocused ? theme.buttonFocused : theme.button
            if isFocused { cursor = (x + 2, y) }
            let start = x
            x = canvas.text(text(b, focused: isFocused), x: x, y: y, style: style) + 2
            guard b.enabled else { continue }
            // The label, and its first letter (the key that presses it), in their own looks.
            let label = Sanitize.line(b.label)
            if let look = isFocused ? theme.buttonFocusedLabel : theme.buttonLabel {
                canvas.text(label, x: start + 2, y: y, style: look)
            }
            if let key = isFocused ? theme.buttonFocusedKey : theme.buttonKey, let first = label.first {
                _ = canvas.put(first, x: start + 2, y: y, style: key)
            }
        }
        return cursor
    }
}
