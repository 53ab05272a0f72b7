// `alertty confirm TEXT`: Yes / No (and --extra-button/--help-button ones). Tab and arrows move, y/n (or the labels' first letters)
// choose, Enter activates the focused button. Yes → 0, No or Esc → 1.

public struct ConfirmAlert: Alert {
    public var textScrolls: Bool { true }
    public var title: String
    public var body: TextBody
    public var yesLabel: String
    public var noLabel: String
    public let bar: ButtonBar
    public var buttonBar: ButtonBar? { bar }
    /// .ok: Yes, .cancel: No.
    public private(set) var focus: ButtonRole

    public init(title: String, text: String, yesLabel: String = tr("Yes"), noLabel: String = tr("No"), defaultYes: Bool = true,
                extraLabel: String? = nil, helpLabel: String? = nil, defaultButton: ButtonRole? = nil) {
        self.title = title
        body = TextBody(text)
        self.yesLabel = yesLabel
        self.noLabel = noLabel
        bar = ButtonBar(ok: yesLabel, cancel: noLabel, extra: extraLabel, help: helpLabel)
        focus = defaultYes ? .ok : .cancel
        if let defaultButton, bar.has(defaultButton) { focus = defaultButton }
    }

    /// --on-timeout default: seconds left, shown on the focused button (what will be taken).
    private var defaultCountdown: String?
    public var showsCountdownOnDefault: Bool { true }

    var buttons: [Button] { bar.buttons(suffix: defaultCountdown.map { (focus, " (\($0))") }) }

    public var meaning: AlertMeaning {
        .question(.init(title: title, text: body.text, yes: yesLabel, no: noLabel, defaultYes: focus == .ok,
                        defaultButton: focus == .extra || focus == .help ? bar.label(focus) : nil))
    }

    /// Enter and Esc first, then the letter keys (y/n, and the labels' first letters when they differ).
    public var hints: [KeyHint] {
        // "Enter choose" rather than the focused label: a hint that changed with the focus would
        // rewrite the border on every Tab.
        var h = [KeyHint(.submit, "choose"), KeyHint(.cancel, noLabel)]
        let yes = letters(yesLabel, "y"), no = letters(noLabel, "n")
        if yes == "y" && no == "n" {
            h.append(KeyHint(literal: "y/n", "", ends: true))
        } else {
            h.append(KeyHint(literal: yes, yesLabel, ends: true))
            h.append(KeyHint(literal: no, noLabel, ends: true))
        }
        return h + [KeyHint(.focusNext, "move")] + body.scrollHints
    }

    private func letters(_ label: String, _ key: Character) -> String {
        guard let own = ConfirmAlert.shortcut(label), own != key else { return String(key) }
        return "\(key)/\(own)"
    }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        body.sizeOverButtons(buttons, title: title, minimumWidth: 20, maxWidth: maxWidth)
    }

    public mutating func layout(_ area: Rect) {
        body.layoutOverButtons(area)
    }

    /// The key that picks a button: its label's first letter, lowercased.
    static func shortcut(_ label: String) -> Character? { label.first.map { Character($0.lowercased()) } }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        if case .countdown(let left) = event { defaultCountdown = left }
        if case .answer(let answer) = event {
            switch answer {
            case .yes: return [.finish(Outcome(.ok))]
            case .no: return [.finish(Outcome(.cancel))]
            case .button(let role): return [.finish(Outcome(role.status))]
            case .current: return [.finish(Outcome(focus.status))]
            default: return []
            }
        }
        guard case .action(let action) = event else { return [] }
        switch action {
        case .submit, .activate:
            return [.finish(Outcome(focus.status))]
        case .cancel:
            return [.finish(Outcome(.cancel))]
        case .focusNext, .focusPrevious, .left, .right:
            focus = bar.cycling(from: focus, step: action == .focusNext || action == .right ? 1 : -1)
        case .insert(let c):
            let key = Character(String(c).lowercased())
            if key == "y" || key == ConfirmAlert.shortcut(yesLabel) { return [.finish(Outcome(.ok))] }
            if key == "n" || key == ConfirmAlert.shortcut(noLabel) { return [.finish(Outcome(.cancel))] }
            if let role = bar.role(forKey: key), role == .extra || role == .help { return [.finish(Outcome(role.status))] }
        default:
            _ = body.scroll(action)
        }
        return []
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        return body.renderOverButtons(buttons, focused: bar.index(of: focus), into: &canvas, area: area, theme: theme)
    }
}

// MARK: - As a command

extension ConfirmAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.styledText,
        [
            FlagSpec("yes", .text, "LABEL", "Label of the Yes button."),
            FlagSpec("no", .text, "LABEL", "Label of the No button."),
        ],
        SharedFlags.extraButton,
        SharedFlags.helpButton,
        SharedFlags.countdown,
        [
            FlagSpec("default", .choice(["yes", "no", "extra", "help"]), "BUTTON", "Button focused at first: yes unless given, no, or the extra or help button. It is also the answer taken with no person (--non-interactive, --on-timeout default): without --default a confirm has none and is never answered yes for you (exit 3, or 124 on a timeout)."),
        ],
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .confirm, flags: flags, summary: "Ask a yes/no question.", text: "the message (`-` reads it from stdin)",
        positionals: [PositionalSpec("TEXT", required: true)],
        keys: [KeyUse([.focusNext, .left, .right], "move between Yes and No"),
               KeyUse(literal: "y / n", "Yes / No (or the labels' first letters; the extra and help buttons' too)")],
        withoutAPerson: "the --default button; without --default there is none (exit 3)",
        hasDefault: { $0.has(.default) },
        examples: ["alertty confirm \"Disk is 95% full. Clean now?\" && clean-disk",
                   "alertty confirm --default no --yes Delete --no Keep \"Delete 3 files?\""],
        recorded: { _ in .yesOrNo },
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in
            let c = m.command
            let focus = c.string(.`default`)
            if focus == "extra" && !c.has(.extraButton) || focus == "help" && !c.has(.helpButton) {
                throw UsageError("--default \(focus!) needs --\(focus!)-button LABEL")
            }
            let alert = AlertFactory.styled(ConfirmAlert(title: m.title, text: m.text, yesLabel: c.string(.yes) ?? tr("Yes"),
                                                         noLabel: c.string(.no) ?? tr("No"), defaultYes: focus != "no",
                                                         extraLabel: c.string(.extraButton), helpLabel: c.string(.helpButton),
                                                         defaultButton: focus == "extra" ? .extra : focus == "help" ? .help : nil), c, m.text)
            return BuiltAlert(makeAlert: { alert }, options: RunOptions(), printsAnswer: false)
        })
}
