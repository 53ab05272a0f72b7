// Keys → logical actions, as dialog's binding table does. Alerts speak only in actions; the
// key hints drawn in a box's border are read from this same table, so they cannot disagree.

public enum Action: Hashable, Sendable {
    // Everywhere
    case submit, cancel, interrupt, suspend, redraw
    /// edit: the text to the person's own editor ($VISUAL, $EDITOR) and back.
    case openEditor
    case focusNext, focusPrevious
    // Movement (lists, scrolling, buttons, the line editor)
    case left, right, up, down, pageUp, pageDown, home, end
    // Line editing
    case wordLeft, wordRight, deleteBackward, deleteForward, deleteWordBackward, deleteWordForward
    case killToStart, killToEnd, yank
    // Alert-specific
    case activate          // Space on a button
    case toggleReveal      // password: show/hide
    case toggleHidden      // save: show hidden files
    case newFolder         // save
    case goHome            // save: `~` on the list
    case toggleAll         // choose --multi: mark or unmark every shown item
    case choose            // folder: choose what Choose would, from anywhere
    case previewUp, previewDown, previewPageUp, previewPageDown // choose --preview: scroll the pane
    /// A character to insert (or a shortcut letter, or type-ahead).
    case insert(Unicode.Scalar)
}

public struct Binding: Sendable {
    public var keys: [KeyPress]
    public var action: Action
    /// Shown in the key hints when the alert lists this action (nil: never shown).
    public var hint: String?
}

public enum Bindings {
    public static let table: [Binding] = [
        // (Shift+Enter is told apart only by the kitty keyboard protocol: it does what Enter does.)
        Binding(keys: [KeyPress(.enter), KeyPress(.enter, .shift)], action: .submit, hint: "Enter"),
        Binding(keys: [KeyPress(.escape)], action: .cancel, hint: "Esc"),
        Binding(keys: [.ctrl("c")], action: .interrupt, hint: nil),
        Binding(keys: [.ctrl("z")], action: .suspend, hint: nil),
        Binding(keys: [.ctrl("l")], action: .redraw, hint: nil),
        Binding(keys: [KeyPress(.tab)], action: .focusNext, hint: "Tab"),
        Binding(keys: [KeyPress(.tab, .shift)], action: .focusPrevious, hint: "Shift-Tab"),
        Binding(keys: [KeyPress(.left), .ctrl("b")], action: .left, hint: "←"),
        Binding(keys: [KeyPress(.right), .ctrl("f")], action: .right, hint: "→"),
        Binding(keys: [KeyPress(.up), .ctrl("p")], action: .up, hint: "↑"),
        Binding(keys: [KeyPress(.down), .ctrl("n")], action: .down, hint: "↓"),
        Binding(keys: [KeyPress(.pageUp)], action: .pageUp, hint: "PgUp"),
        Binding(keys: [KeyPress(.pageDown)], action: .pageDown, hint: "PgDn"),
        Binding(keys: [KeyPress(.home), .ctrl("a")], action: .home, hint: "Home"),
        Binding(keys: [KeyPress(.end), .ctrl("e")], action: .end, hint: "End"),
        Binding(keys: [.alt(.char("b")), KeyPress(.left, .ctrl), KeyPress(.left, .alt)], action: .wordLeft, hint: nil),
        Binding(keys: [.alt(.char("f")), KeyPress(.right, .ctrl), KeyPress(.right, .alt)], action: .wordRight, hint: nil),
        Binding(keys: [KeyPress(.backspace)], action: .deleteBackward, hint: "Backspace"),
        Binding(keys: [KeyPress(.delete), .ctrl("d")], action: .deleteForward, hint: nil),
        Binding(keys: [.ctrl("w"), .alt(.backspace)], action: .deleteWordBackward, hint: nil),
        Binding(keys: [.alt(.char("d"))], action: .deleteWordForward, hint: nil),
        Binding(keys: [.ctrl("u")], action: .killToStart, hint: nil),
        Binding(keys: [.ctrl("k")], action: .killToEnd, hint: nil),
        Binding(keys: [.ctrl("y")], action: .yank, hint: nil),
        Binding(keys: [KeyPress(.char(" "))], action: .activate, hint: "Space"),
        Binding(keys: [.ctrl("r"), KeyPress(.function(2))], action: .toggleReveal, hint: "Ctrl-R"),
        Binding(keys: [.alt(.char(".")), KeyPress(.function(3))], action: .toggleHidden, hint: "Alt-."),
        Binding(keys: [.ctrl("n")], action: .newFolder, hint: "Ctrl-N"),
        Binding(keys: [.ctrl("a")], action: .toggleAll, hint: "Ctrl-A"),
        Binding(keys: [.ctrl("o")], action: .choose, hint: "Ctrl-O"),
        Binding(keys: [KeyPress(.up, .shift)], action: .previewUp, hint: "Shift-↑"),
        Binding(keys: [KeyPress(.down, .shift)], action: .previewDown, hint: "Shift-↓"),
        // Shift-PgUp is often the terminal's own (its scrollback): Alt-PgUp too.
        Binding(keys: [KeyPress(.pageUp, .shift), KeyPress(.pageUp, .alt)], action: .previewPageUp, hint: "Shift-PgUp"),
        Binding(keys: [KeyPress(.pageDown, .shift), KeyPress(.pageDown, .alt)], action: .previewPageDown, hint: "Shift-PgDn"),
    ]

    private static let lookup: [KeyPress: Action] = {
        var map: [KeyPress: Action] = [:]
        for binding in table {
            for key in binding.keys where map[key] == nil { map[key] = binding.action }
        }
        return map
    }()

    /// The action for a key press. `overrides` lets an alert claim a key first (the save
    /// browser wants Ctrl-N for New Folder, where lists elsewhere use it for Down).
    public static func action(for press: KeyPress, overrides: [KeyPress: Action] = [:]) -> Action? {
        if let a = overrides[press] ?? lookup[press] { return a }
        if case .char(let c) = press.key, press.modifiers.subtracting(.shift).isEmpty { return .insert(c) }
        return nil
    }

    /// The first key that triggers `action` as the hint shows it ("Enter", "Ctrl-R", …).
    public static func hint(for action: Action) -> String? {
        table.first { $0.action == action }?.hint
    }

    /// Every key that triggers `action` where `overrides` apply: the alert's own keys first, then
    /// the table's, less any key the alert took for something else.
    public static func keys(for action: Action, overrides: [KeyPress: Action] = [:]) -> [KeyPress] {
        let own = overrides.filter { $0.value == action }.map(\.key).sorted { $0.displayName < $1.displayName }
        let shared = table.filter { $0.action == action }.flatMap(\.keys).filter { overrides[$0] == nil }
        return own + shared
    }
}

extension KeyPress {
    /// The key as help text names it: "Esc", "PgDn", "Ctrl-N", "Alt-.", "Space".
    public var displayName: String {
        var parts: [String] = []
        if modifiers.contains(.ctrl) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch key {
        case .char(" "): parts.append("Space")
        case .char(let c): parts.append(modifiers.isEmpty ? String(c) : String(c).uppercased())
        case .escape: parts.append("Esc")
        case .pageUp: parts.append("PgUp")
        case .pageDown: parts.append("PgDn")
        case .function(let n): parts.append("F\(n)")
        default: parts.append("\(key)".prefix(1).uppercased() + "\(key)".dropFirst())
        }
        return parts.joined(separator: "-")
    }
}

/// One line of key help: the keys of `actions` (from the binding table and the alert's
/// overrides), or keys named literally (letters an alert reads itself), and what they do.
public struct KeyUse: Sendable {
    public var actions: [Action]
    public var literal: String?
    public var help: String
    public init(_ actions: [Action], _ help: String) {
        self.actions = actions
        literal = nil
        self.help = help
    }
    public init(literal: String, _ help: String) {
        actions = []
        self.literal = literal
        self.help = help
    }

    public func keys(overrides: [KeyPress: Action]) -> String {
        if let literal { return literal }
        return actions.map { action in
            Bindings.keys(for: action, overrides: overrides).map(\.displayName).joined(separator: "/")
        }.joined(separator: ", ")
    }
}

/// One key hint in a box's border: the key (from the binding table) and what it does here.
public struct KeyHint: Equatable, Sendable {
    public var action: Action
    public var label: String
    /// Keys an alert reads itself (confirm's letters), named as they are typed.
    public var literal: String?
    /// A key that ends the prompt (Enter, Esc, confirm's y/n): the box is made wide enough to show it.
    public var ends = false
    /// The label in the user's language (a label given on the command line is found in no
    /// catalogue and stays as given).
    public init(_ action: Action, _ label: String) {
        self.action = action
        self.label = tr(label)
        ends = action == .submit || action == .cancel
    }
    public init(literal: String, _ label: String, ends: Bool = false) {
        action = .redraw
        self.label = tr(label)
        self.literal = literal
        self.ends = ends
    }
    public var text: String {
        let key = literal ?? Bindings.hint(for: action) ?? "?"
        return label.isEmpty ? key : key + " " + label
    }
}
