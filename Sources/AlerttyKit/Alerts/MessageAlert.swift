// `alertty message TEXT`: one button. Enter or Space → 0, Esc → 1. Long text scrolls.

public struct MessageAlert: Alert {
    public var title: String
    public var body: TextBody
    public var okLabel: String

    public init(title: String, text: String, okLabel: String = "OK") {
        self.title = title
        body = TextBody(text)
        self.okLabel = okLabel
    }

    var buttons: [Button] { [Button(okLabel)] }

    public var hints: [KeyHint] { [KeyHint(.submit, okLabel), KeyHint(.cancel, "close")] + body.scrollHints }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let width = min(maxWidth, max(body.naturalWidth, Chrome.buttonsWidth(buttons), TextWidth.columns(title) + 2, 16))
        let lines = body.lineCount(width: width)
        return (width, lines + (lines > 0 ? 2 : 1))
    }

    public mutating func layout(_ area: Rect) {
        body.layout(width: area.width, rows: max(0, area.height - 2))
    }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        guard case .action(let action) = event else { return [] }
        switch action {
        case .submit, .activate: return [.finish(Outcome(.ok))]
        case .cancel: return [.finish(Outcome(.cancel))]
        default:
            _ = body.scroll(action)
            return []
        }
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        body.render(into: &canvas, area: Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - 2)),
                    theme: theme)
        Chrome.buttons(buttons, focused: 0, y: area.maxY - 1, area: area, theme: theme, into: &canvas)
        return nil
    }
}
