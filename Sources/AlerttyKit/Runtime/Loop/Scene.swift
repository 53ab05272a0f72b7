// A frame as a pure function: (alert, terminal size, theme, animation phase, countdown) → a
// canvas and where the text cursor goes. No I/O, so tests render any alert at any size.

public struct Scene {
    public var columns: Int
    public var rows: Int
    /// Modal: the whole screen with the backdrop. Inline: just the box.
    public var modal: Bool
    /// `--width` and `--height`, if given.
    public var width: Int?
    public var height: Int?
    public var theme: Theme
    /// A line at the top of the screen behind the box (modal only).
    public var backtitle: String?
    /// Columns from the box's edge to its content, the border included (--margin N: N + 1).
    public var padding = BoxMetrics.horizontalPadding
    /// Rows from the box's top edge to its content, the border included: a blank row under the
    /// border, but none in dialog's layout (its text starts under the border).
    public var top: Int { theme.laidOutAsDialog ? 1 : BoxMetrics.top }
    /// The same for `alert`: newt puts a message's text on the second row, any other box's on the first.
    func top(for alert: any Alert) -> Int { theme.laidOutAsNewt && !alert.textScrolls ? 1 : top }
    /// Rows from the content (`contentHeight` rows) to the bottom edge, the border included: in
    /// newt's layout a blank row more in a box of a given height (whiptail's buttons sit a row
    /// above its bottom border) where the content can spare it.
    func bottom(contentHeight: Int, top: Int) -> Int {
        guard theme.laidOutAsNewt, let height, contentHeight + top + BoxMetrics.bottom <= height else { return BoxMetrics.bottom }
        return BoxMetrics.bottom + 1
    }
    /// --begin: the box's top-left corner on a modal screen (kept on the screen), else centred.
    public var origin: ScreenPosition?

    public init(columns: Int, rows: Int, modal: Bool = true, width: Int? = nil, height: Int? = nil, theme: Theme,
                backtitle: String? = nil) {
        self.height = height
        self.backtitle = backtitle
        self.columns = columns
        self.rows = rows
        self.modal = modal
        self.width = width
        self.theme = theme
    }

    /// The box the alert wants, shrunk to the terminal.
    public func boxSize(for alert: any Alert) -> (width: Int, height: Int) { measure(alert).box }

    /// The box the alert wants, shrunk to the terminal, and the rows over and under its content.
    func measure(_ alert: any Alert) -> (box: (width: Int, height: Int), top: Int, bottom: Int) {
        let whole = alert.prefersWholeScreen
        let maxBox = min(width ?? (whole ? columns - 4 : BoxMetrics.defaultTextWidth + 2 * padding), columns)
        let content = alert.preferredSize(maxWidth: max(1, maxBox - 2 * padding))
        let top = top(for: alert)
        let bottom = bottom(contentHeight: content.height, top: top)
        var box = BoxMetrics.box(forContent: content.width, content.height, padding: padding, top: top, bottom: bottom)
        if let width { box.width = min(width, columns) }
        // Never so narrow that the keys which end the prompt drop out of the border — but a
        // width given to dialog's layout is dialog's box, which shows no keys.
        if !((theme.laidOutAsDialog || theme.laidOutAsNewt) && width != nil) { box.width = max(box.width, Chrome.widthForEndingHints(alert.hints)) }
        // --height makes the box taller, never shorter than its content wants (nothing is cut) —
        // but a text that scrolls takes the height given.
        if let height {
            let least = top + bottom + alert.minimumSize.height + (alert.buttonBar == nil ? 0 : 2) // (the buttons' row and one over it)
            // (dialog's and newt's boxes are the height given: what does not fit scrolls or goes, as there)
            let given = alert.textScrolls || theme.laidOutAsNewt || theme.laidOutAsDialog && alert.scrollsInAnyHeight
            box.height = given ? max(height, least) : max(box.height, height)
        }
        // A whole-screen box, or any box under a backtitle, leaves the backtitle's row and one below it.
        let keepTop = (whole && height == nil) || (modal && !(backtitle ?? "").isEmpty)
        return ((min(box.width, columns), min(box.height, max(keepTop ? rows - 2 : rows, 1))), top, bottom)
    }

    /// The animation's state at one moment: how big the box is drawn and how dark the backdrop.
    public struct Phase: Sendable {
        public var scale = 1.0
        public var opacity = 1.0
        public var animating = false
        public init(scale: Double = 1, opacity: Double = 1, animating: Bool = false) {
            self.scale = scale
            self.opacity = opacity
            self.animating = animating
        }
        public static let still = Phase()
    }

    /// Lays the alert out and draws the frame; `laidOut`: the area the alert was given (nil when
    /// the terminal is too small for it).
    public func render(_ alert: inout any Alert, phase: Phase = .still, countdown: String? = nil)
        -> (canvas: Canvas, cursor: (x: Int, y: Int)?, laidOut: Rect?) {
        let (box, top, bottom) = measure(alert)
        let canvasWidth = modal ? columns : box.width
        let canvasHeight = modal ? rows : box.height
        let uniform = theme.uniformBackdrop
        var canvas = Canvas(width: canvasWidth, height: canvasHeight, fill: modal ? Cell(" ", style: uniform ?? .plain) : .blank)
        if modal && uniform == nil {
            for y in 0..<rows {
                for x in 0..<columns {
                    canvas.setStyle(theme.backdrop(x: x, y: y, width: columns, height: rows, opacity: phase.opacity), x: x, y: y)
                }
            }
        }
        if modal, let backtitle, !backtitle.isEmpty, rows > 2 {
            // (newt writes it from the first column, dialog from the second)
            canvas.text(Wrap.truncate(backtitle, width: max(0, columns - 2)), x: theme.laidOutAsNewt ? 0 : 1, y: 0, style: theme.backtitle)
            if theme.laidOutAsDialog {
                // dialog rules the backtitle off from the screen under it.
                for x in 1..<max(1, columns - 1) { _ = canvas.put(theme.glyphs.horizontal, x: x, y: 1, style: theme.backtitle) }
            }
        }
        let screen = Rect(x: 0, y: 0, width: canvasWidth, height: canvasHeight)
        // (What only dialog draws around a box: its background boxes, one raised over it.)
        if modal, let around = alert as? any DrawsAroundTheBox { around.drawBehind(into: &canvas, screen: screen, theme: theme, padding: padding) }
        let full = modal ? theme.place(width: box.width, height: box.height, in: screen, at: origin)
                         : Rect(x: 0, y: 0, width: box.width, height: box.height)
        let content = BoxMetrics.content(of: full, padding: padding, top: top, bottom: bottom)
        let minimum = alert.minimumSize
        if content.width < minimum.width || content.height < minimum.height {
            let notice = Wrap.truncate(tr("terminal too small"), width: canvasWidth)
            canvas.text(notice, x: max(0, (canvasWidth - TextWidth.columns(notice)) / 2), y: canvasHeight / 2, style: theme.title)
            return (canvas, nil, nil)
        }
        // (Popping in, the box grows from its own centre.)
        let shown = Chrome.centered(width: max(2, Int((Double(full.width) * phase.scale).rounded())),
                                    height: max(2, Int((Double(full.height) * phase.scale).rounded())), in: full)
        if modal, let shadow = theme.shadow {
            // A row down and two columns right, as dialog casts it; one, as newt does.
            let right = theme.laidOutAsNewt ? 1 : 2
            canvas.fill(Rect(x: shown.x + right, y: shown.y + 1, width: shown.width, height: shown.height), style: shadow)
        }
        Chrome.box(shown, title: alert.title, hints: alert.hints, footer: countdown, theme: theme, into: &canvas)
        // dialog's line over the buttons (its buttons sit on the row above the bottom border).
        if theme.laidOutAsDialog && alert.buttonBar != nil && !phase.animating {
            Chrome.rule(across: shown, y: shown.maxY - 3, theme: theme, into: &canvas)
        }
        alert.layout(content, theme: theme)
        canvas.clip = shown.inset(1, 1)
        let cursor = alert.render(into: &canvas, area: content, theme: theme)
        canvas.clip = screen
        if modal, let around = alert as? any DrawsAroundTheBox { around.drawOver(into: &canvas, screen: screen, theme: theme, padding: padding) }
        return (canvas, phase.animating ? nil : cursor, content)
    }
}
