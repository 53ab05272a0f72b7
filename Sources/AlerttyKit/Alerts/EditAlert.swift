// `alertty edit [FILE|-]`: a text to edit in the box (dialog's --editbox). The text area takes
// the keys, Enter breaking lines; Tab goes to OK and Cancel, Ctrl-S is OK from anywhere. OK prints
// the text as it stands; Cancel or Esc prints nothing and exits 1.

public struct EditAlert: Alert {
    public enum Focus: Equatable, Sendable { case text, button(ButtonRole) }

    public var title: String
    public private(set) var area: TextArea
    public let bar: ButtonBar
    public var buttonBar: ButtonBar? { bar }
    public private(set) var focus: Focus = .text
    private let okLabel: String
    private let cancelLabel: String

    public init(title: String, text: String, okLabel: String = tr("OK"), cancelLabel: String = tr("Cancel")) {
        self.title = title
        area = TextArea(text)
        self.okLabel = okLabel
        self.cancelLabel = cancelLabel
        bar = ButtonBar(ok: okLabel, cancel: cancelLabel)
    }

    public var meaning: AlertMeaning {
        .field(.init(title: title, text: "", label: nil, secret: false, placeholder: "", reason: nil, checking: false,
                     preset: area.text, presetSecret: false, name: nil, multiline: true))
    }

    public var keyOverrides: [KeyPress: Action] { [.ctrl("s"): .choose] }

    public var hints: [KeyHint] {
        [KeyHint(.choose, okLabel), KeyHint(.cancel, cancelLabel), KeyHint(.focusNext, "buttons")]
    }

    public var minimumSize: (width: Int, height: Int) { (16, 4) }
    public var prefersWholeScreen: Bool { true }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let widest = area.lines.prefix(200).map { TextWidth.columns(String($0)) }.max() ?? 0
        return (min(maxWidth, max(40, widest + 2)), min(area.lines.count, 200) + 3)
    }

    public mutating func layout(_ rect: Rect) {
        area.layout(rows: rect.height - 2, columns: rect.width)
    }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .answer(let answer):
            switch answer {
            case .text(let text): return [.finish(Outcome(.ok, answer: Array(text.utf8)))]
            case .current: return [.finish(Outcome(.ok, answer: Array(area.text.utf8)))]
            case .button(let role): return [.finish(Outcome(role.status, answer: role == .ok ? Array(area.text.utf8) : nil))]
            default: return []
            }
        case .paste(let text):
            focus = .text
            area.insert(text)
            return []
        case .action(let action):
            return handle(action)
        default:
            return []
        }
    }

    private mutating func handle(_ action: Action) -> [Effect] {
        switch action {
        case .cancel: return [.finish(Outcome(.cancel))]
        case .choose: return [.finish(Outcome(.ok, answer: Array(area.text.utf8)))]
        case .focusNext, .focusPrevious:
            let ring: [Focus] = [.text, .button(.ok), .button(.cancel)]
            focus = ring.cycled(from: focus, by: action == .focusNext ? 1 : -1)
            return []
        default: break
        }
        if case .button(let role) = focus {
            switch action {
            case .submit, .activate:
                return [.finish(Outcome(role.status, answer: role == .ok ? Array(area.text.utf8) : nil))]
            case .left, .right:
                focus = .button(role == .ok ? .cancel : .ok)
            default: break
            }
            return []
        }
        _ = area.apply(action == .activate ? .insert(" ") : action)
        return []
    }

    public func render(into canvas: inout Canvas, area rect: Rect, theme: Theme) -> (x: Int, y: Int)? {
        let textRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: max(1, rect.height - 2))
        let cursor = area.render(into: &canvas, rect: textRect, theme: theme, focused: focus == .text)
        let focused: Int? = if case .button(let role) = focus { bar.index(of: role) } else { nil }
        ButtonRow.render(bar.buttons(), focused: focused, y: rect.maxY - 1, area: rect, theme: theme, into: &canvas)
        return focus == .text ? cursor : nil
    }
}
