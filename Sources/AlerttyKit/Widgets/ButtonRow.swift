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

    /// Where a theme's look puts the buttons: alertty's centred row, dialog's, or whiptail's.
    public enum Placement: Equatable, Sendable {
        case centred, dialog, newt(question: Bool)
        public init(_ theme: Theme, question: Bool = false) {
            self = theme.laidOutAsNewt ? .newt(question: question) : theme.laidOutAsDialog ? .dialog : .centred
        }
    }

    /// The button drawn at (x, y) of a row drawn in `row` (a click), if any, placed as `placement` puts them.
    public static func hit(_ buttons: [Button], row: Rect, x: Int, y: Int, placement: Placement = .centred) -> Int? {
        guard y == row.y else { return nil }
        switch placement {
        case .dialog:
            let (texts, xs) = dialogPlaces(buttons, area: row)
            return xs.indices.first { x >= xs[$0] && x < xs[$0] + TextWidth.columns(texts[$0]) }
        case .newt(let question):
            if let xs = newtPlaces(buttons, area: row, question: question) {
                return xs.indices.first { x >= xs[$0] && x < xs[$0] + TextWidth.columns(compactText(buttons[$0])) }
            }
        case .centred:
            break
        }
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
    /// `question`: a Yes/No pair (whiptail places it a little apart from OK/Cancel). `lettersPress`
    /// false: typed letters go elsewhere (a list's), so no first letter is drawn as a key.
    @discardableResult
    public static func render(_ buttons: [Button], focused: Int?, y: Int, area: Rect, theme: Theme, question: Bool = false,
                              lettersPress: Bool = true, into canvas: inout Canvas) -> (x: Int, y: Int)? {
        var theme = theme
        if !lettersPress { (theme.buttonKey, theme.buttonFocusedKey) = (theme.buttonLabel, theme.buttonFocusedLabel) }
        if theme.laidOutAsNewt, let xs = newtPlaces(buttons, area: area, question: question) {
            return renderCompact(buttons, at: xs, focused: focused, y: y, theme: theme, into: &canvas)
        }
        if theme.laidOutAsDialog { return renderAsDialog(buttons, focused: focused, y: y, area: area, theme: theme, into: &canvas) }
        var x = area.x + max(0, (area.width - width(buttons)) / 2)
        var cursor: (x: Int, y: Int)?
        for (i, b) in buttons.enumerated() {
            let isFocused = focused == i
            let style = !b.enabled ? theme.buttonDisabled : isFocused ? theme.buttonFocused : theme.button
            if isFocused { cursor = (x + 2, y) }
            let start = x
            x = canvas.text(text(b, focused: isFocused), x: x, y: y, style: style) + 2
            if b.enabled { paintLabel(b, x: start + 2, y: y, focused: isFocused, theme: theme, into: &canvas) }
        }
        return cursor
    }

    /// A button's label, and its first letter (the key that presses it), in their own looks
    /// where the theme has them.
    static func paintLabel(_ b: Button, x: Int, y: Int, focused: Bool, theme: Theme, into canvas: inout Canvas) {
        let label = Sanitize.line(b.label)
        if let look = focused ? theme.buttonFocusedLabel : theme.buttonLabel { canvas.text(label, x: x, y: y, style: look) }
        if let key = focused ? theme.buttonFocusedKey : theme.buttonKey, let first = label.first {
            _ = canvas.put(first, x: x, y: y, style: key)
        }
    }

    // MARK: - whiptail's buttons

    /// Where whiptail (dialogboxes.c) puts one button or two: from the window's width (the box
    /// less its border; `area` is that less the margin column) by its fixed sums, Yes/No by 16
    /// and OK/Cancel by 18. nil for more buttons than whiptail has.
    static func newtPlaces(_ buttons: [Button], area: Rect, question: Bool) -> [Int]? {
        let inner = area.width + 2
        switch buttons.count {
        case 1: return [area.x + (inner - 8) / 2]
        case 2:
            let third = (inner - (question ? 16 : 18)) / 3
            return [area.x + third, area.x + third * 2 + 9]
        default: return nil
        }
    }

    /// A newt compact button as drawn: `<Label>`.
    static func compactText(_ b: Button) -> String { "<" + Sanitize.line(b.label) + ">" }

    /// newt's compact buttons: `<Label>`, the focused one in the focused look.
    static func renderCompact(_ buttons: [Button], at xs: [Int], focused: Int?, y: Int, theme: Theme,
                              into canvas: inout Canvas) -> (x: Int, y: Int)? {
        var cursor: (x: Int, y: Int)?
        for (i, b) in buttons.enumerated() {
            let isFocused = focused == i
            let style = !b.enabled ? theme.buttonDisabled : isFocused ? theme.buttonFocused : theme.button
            canvas.text(compactText(b), x: xs[i], y: y, style: style)
            if isFocused { cursor = (xs[i] + 1, y) }
        }
        return cursor
    }

    // MARK: - dialog's buttons

    /// dialog's button row (buttons.c): every label centred in the widest one's width (at least
    /// 5 or 6 columns) between `<` and `>`, focused or not, placed from the box's edge (`area`
    /// is the box's inside less its margin column) with dialog's gap and margin.
    static func dialogPlaces(_ buttons: [Button], area: Rect) -> (texts: [String], xs: [Int]) {
        let labels = buttons.map { Sanitize.line($0.label) }
        var longest = labels.map { TextWidth.columns($0) }.max() ?? 0
        if longest < 6 - (longest & 1) { longest = 6 - (longest & 1) }
        let texts = labels.map { label -> String in
            let room = max(0, longest - TextWidth.columns(label)), left = room / 2
            return "<" + String(repeating: " ", count: left) + label + String(repeating: " ", count: room - left) + ">"
        }
        let count = max(1, buttons.count), used = longest * count + 2 * count
        let unused = (area.width + 4) - used
        var gap = unused / (count + 3), margin = 2 * gap
        if gap <= 0 {
            gap = max(1, unused / (count + 1))
            margin = gap
        }
        let step = gap + (used + count - 1) / count
        let xs = (0..<buttons.count).map { area.x - 2 + margin + $0 * step }
        return (texts, xs)
    }

    static func renderAsDialog(_ buttons: [Button], focused: Int?, y: Int, area: Rect, theme: Theme,
                               into canvas: inout Canvas) -> (x: Int, y: Int)? {
        let (texts, xs) = dialogPlaces(buttons, area: area)
        var cursor: (x: Int, y: Int)?
        // While a field or a list has the focus dialog shows OK as the focused button (Enter presses it).
        let lit = focused ?? 0
        for (i, b) in buttons.enumerated() {
            let isFocused = lit == i
            let style = !b.enabled ? theme.buttonDisabled : isFocused ? theme.buttonFocused : theme.button
            canvas.text(texts[i], x: xs[i], y: y, style: style)
            let label = Sanitize.line(b.label)
            let labelX = xs[i] + 1 + (TextWidth.columns(texts[i]) - 2 - TextWidth.columns(label)) / 2
            if focused == i { cursor = (labelX, y) }
            if b.enabled { paintLabel(b, x: labelX, y: y, focused: isFocused, theme: theme, into: &canvas) }
        }
        return cursor
    }
}
