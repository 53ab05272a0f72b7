// A one-line text field: the line editor plus its drawing — the field's strip, a placeholder
// while empty, the text scrolled horizontally to keep the cursor in view, a mask (or nothing at
// all) for secrets. Input, password, the save browser's name field and a form's fields use it.

public struct TextField: Sendable {
    public var editor: LineEditor
    public var placeholder: String
    /// Shown once per character instead of the text (secrets), or nil to show the text.
    public var mask: Character?
    /// Nothing at all is shown for the text (`--mask ''`), like sudo.
    public var hidden = false
    /// A suggestion's rest, shown in grey after the text while the cursor is at its end.
    public var ghost: String?

    public init(_ editor: LineEditor, placeholder: String = "", mask: Character? = nil, hidden: Bool = false) {
        self.editor = editor
        self.placeholder = placeholder
        self.mask = mask
        self.hidden = hidden
    }

    /// Keeps the cursor visible in a field `width` columns wide.
    public mutating func layout(width: Int) {
        editor.keepCursorVisible(width: width, mask: mask)
    }

    /// Draws the field in `rect` (one row), in the focused style while it has the keys; returns
    /// where the cursor goes.
    public func render(into canvas: inout Canvas, rect: Rect, theme: Theme, focused: Bool = true) -> (x: Int, y: Int) {
        let style = focused ? theme.fieldFocused : theme.field
        canvas.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: style)
        // newt's entry shows its room as underscores.
        if theme.laidOutAsNewt { canvas.text(String(repeating: "_", count: rect.width), x: rect.x, y: rect.y, style: style) }
        if editor.isEmpty || hidden {
            if editor.isEmpty && !placeholder.isEmpty {
                canvas.text(Wrap.truncate(placeholder, width: rect.width), x: rect.x, y: rect.y, style: theme.placeholder)
            }
            return (rect.x, rect.y)
        }
        let window = editor.window(width: rect.width, mask: mask)
        canvas.text(window.text, x: rect.x, y: rect.y, style: style)
        if focused, mask == nil, let ghost, editor.cursor == editor.count, window.cursorColumn < rect.width {
            let room = rect.width - window.cursorColumn
            canvas.text(Wrap.truncate(Sanitize.line(ghost), width: room), x: rect.x + window.cursorColumn, y: rect.y, style: theme.placeholder)
        }
        return (rect.x + window.cursorColumn, rect.y)
    }
}

extension TextField {
    /// Why a whole answer handed over by a script or line mode could not have been typed in the
    /// field: a control character (typing and pasting never enter one) or more than `maxLength`
    /// characters. Nil when it could.
    public static func untypeable(_ text: String, maxLength: Int?) -> String? {
        untypeable(bytes: Array(text.utf8), maxLength: maxLength)
    }

    /// The same for well-formed UTF-8 bytes (a secret's, which never become a String).
    public static func untypeable(bytes: [UInt8], maxLength: Int?) -> String? {
        if bytes.hasControlCharacter {
            return "has a control character (a newline, tab, ESC, …), which cannot be typed here"
        }
        if let maxLength, bytes.count > maxLength {
            // Counted as the field counts: in graphemes, by a secret's editor, zeroed after.
            var probe = LineEditor()
            probe.secret = true
            probe.setText(bytes: bytes)
            defer { probe.wipe() }
            if probe.count > maxLength { return "longer than \(maxLength) characters (--max-length)" }
        }
        return nil
    }
}
