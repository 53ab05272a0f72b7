// `alertty message TEXT`: one button. Enter, Space or Esc → 0 (a message has nothing to refuse,
// so a `set -e` script goes on; whiptail mode keeps Esc's 255). Long text scrolls.

public struct MessageAlert: Alert {
    public var title: String
    public var body: TextBody
    public var okLabel: String

    public init(title: String, text: String, okLabel: String = "OK") {
        self.title = title
        body = TextBody(text)
        self.okLabel = okLabel
    }

    /// --on-timeout default: seconds left, shown on OK.
    private var defaultCountdown: String?
    public var showsCountdownOnDefault: Bool { true }

    var buttons: [Button] { [Button(okLabel + (defaultCountdown.map { " (\($0))" } ?? ""))] }

    public var meaning: AlertMeaning { .message(.init(title: title, text: body.text, ok: okLabel)) }

    public var hints: [KeyHint] { [KeyHint(.submit, okLabel), KeyHint(.cancel, "close")] + body.scrollHints }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        body.sizeOverButtons(buttons, title: title, minimumWidth: 16, maxWidth: maxWidth)
    }

    public mutating func layout(_ area: Rect) {
        body.layoutOverButtons(area)
    }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        if case .countdown(let left) = event { defaultCountdown = left }
        guard case .action(let action) = event else { return [] }
        switch action {
        case .submit, .activate: return [.finish(Outcome(.ok))]
        case .cancel: return [.finish(Outcome(.ok))] // a message has nothing to refuse: Esc closes it (whiptail mode: 255)
        default:
            _ = body.scroll(action)
            return []
        }
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        body.renderOverButtons(buttons, focused: 0, into: &canvas, area: area, theme: theme)
        return nil
    }
}
