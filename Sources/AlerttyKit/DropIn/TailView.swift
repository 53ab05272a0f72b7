// dialog's --tailboxbg: a file's last lines in a box without buttons, following the file as it
// grows. It asks nothing: it is drawn behind the box that asks (see Layered), taking only
// sideways scrolls when raised with the keys, or left on the screen by `--no-kill`. Only the
// lines on screen are read, as in the pager.

public struct TailView: Alert {
    public var title: String
    private var pager: PagedText

    public init(title: String, document: any TextDocument) {
        self.title = title
        pager = PagedText(document)
    }

    public var hints: [KeyHint] { [] }
    public var prefersWholeScreen: Bool { true }
    /// The height dialog was given, whatever the file's length.
    public var textScrolls: Bool { true }
    public var minimumSize: (width: Int, height: Int) { (4, 1) }
    public var meaning: AlertMeaning {
        .document(.init(title: title, page: pager.visible.map(\.text), pageStart: pager.top, percent: 100, atEnd: true,
                        ok: tr("OK"), cancel: nil, loading: true, notice: nil))
    }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) { (maxWidth, 10_000) }

    public mutating func layout(_ area: Rect) {
        pager.layout(width: area.width, rows: max(1, area.height))
        pager.toEnd()
    }

    /// The file it follows (DocumentFollower looks at it; the next layout shows what came).
    public var document: any TextDocument { pager.document }

    /// Raised over the box with the keys (dialog's Tab to it), long lines scroll sideways as in
    /// dialog's tailbox: Left/h/H, Right/l/L, and Home/0 back to their start; it stays at the end.
    public mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .action(.left), .action(.insert("h")), .action(.insert("H")): _ = pager.scroll(.left)
        case .action(.right), .action(.insert("l")), .action(.insert("L")): _ = pager.scroll(.right)
        case .action(.home), .action(.insert("0")):
            _ = pager.scroll(.home)
            pager.toEnd()
        default: break
        }
        return []
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        pager.render(into: &canvas, area: area, theme: theme)
        return nil
    }
}
