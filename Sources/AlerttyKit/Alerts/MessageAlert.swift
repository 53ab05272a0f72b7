// `alertty message TEXT`: one button (and --extra-button/--help-button ones). Enter, Space or Esc
// → 0 (a message has nothing to refuse, so a `set -e` script goes on; whiptail mode keeps Esc's
// 255). Long text scrolls.

public struct MessageAlert: Alert {
    public var textScrolls: Bool { true }
    public var title: String
    public var body: TextBody
    public var okLabel: String
    public let bar: ButtonBar
    public var buttonBar: ButtonBar? { informsOnly ? nil : bar }
    public private(set) var focus: ButtonRole = .ok

    public init(title: String, text: String, okLabel: String = tr("OK"), extraLabel: String? = nil, helpLabel: String? = nil) {
        self.title = title
        body = TextBody(text)
        self.okLabel = okLabel
        bar = ButtonBar(ok: okLabel, cancel: nil, extra: extraLabel, help: helpLabel)
    }

    /// --on-timeout default: seconds left, shown on OK.
    private var defaultCountdown: String?
    public var showsCountdownOnDefault: Bool { true }

    /// No OK to press: the drop-in's infobox, drawn once and left (whiptail and dialog draw it
    /// without a button or a key hint).
    var informsOnly: Bool { okLabel.isEmpty }

    var buttons: [Button] { informsOnly ? [] : bar.buttons(suffix: defaultCountdown.map { (.ok, " (\($0))") }) }

    public var meaning: AlertMeaning { .message(.init(title: title, text: body.text, ok: okLabel)) }

    public var hints: [KeyHint] { informsOnly ? [] : [KeyHint(.submit, okLabel), KeyHint(.cancel, "close")] + body.scrollHints }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let size = body.sizeOverButtons(buttons, title: title, minimumWidth: 16, maxWidth: maxWidth)
        return informsOnly ? (size.width, max(1, body.lineCount(width: size.width))) : size
    }

    public mutating func layout(_ area: Rect) {
        if informsOnly { body.layout(width: area.width, rows: area.height) } else { body.layoutOverButtons(area) }
    }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        if case .countdown(let left) = event { defaultCountdown = left }
        if case .answer(let answer) = event {
            if case .button(let role) = answer { return [.finish(Outcome(role.status))] }
            return answer == .current ? [.finish(Outcome(focus.status))] : []
        }
        guard case .action(let action) = event else { return [] }
        switch action {
        case .submit, .activate: return [.finish(Outcome(focus.status))]
        case .cancel: return [.finish(Outcome(.ok))] // a message has nothing to refuse: Esc closes it (whiptail mode: 255)
        case .insert(let c):
            // A button's first letter presses it (as in dialog).
            if let role = bar.role(forKey: Character(c)) { return [.finish(Outcome(role.status))] }
            return []
        case .focusNext, .focusPrevious, .left, .right:
            let step = action == .focusNext || action == .right ? 1 : -1
            focus = bar.cycling(from: focus, step: step)
            return []
        default:
            _ = body.scroll(action)
            return []
        }
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        if informsOnly {
            body.render(into: &canvas, area: area, theme: theme)
            return nil
        }
        return body.renderOverButtons(buttons, focused: bar.index(of: focus), into: &canvas, area: area, theme: theme)
    }
}

// MARK: - As a command

extension MessageAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.styledText,
        SharedFlags.okLabel,
        SharedFlags.extraButton,
        SharedFlags.helpButton,
        SharedFlags.countdown,
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .message, flags: flags, summary: "Show a message with one button.", text: "the message (`-` reads it from stdin)",
        positionals: [PositionalSpec("TEXT", required: true)],
        // A message has nothing to refuse: Esc closes it with 0 (whiptail mode: 255).
        escape: "close (exit 0)",
        keys: [KeyUse([.activate], "OK"), KeyUse([.up, .down, .pageUp, .pageDown], "scroll a long message"),
               KeyUse(literal: "letters", "a button's first letter presses it")],
        withoutAPerson: "OK (exit 0)", hasDefault: { _ in true },
        examples: ["alertty message --title Backup \"Backup finished\""],
        recorded: { _ in .acknowledged },
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in
            let c = m.command
            let alert = AlertFactory.styled(MessageAlert(title: m.title, text: m.text, okLabel: c.string(.ok) ?? tr("OK"),
                                                         extraLabel: c.string(.extraButton), helpLabel: c.string(.helpButton)), c, m.text)
            return BuiltAlert(makeAlert: { alert }, options: RunOptions(), printsAnswer: false)
        })
}
