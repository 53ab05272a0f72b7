// A pane showing a command's output beside a list (choose --preview): its lines with their
// colours (StyledTextParser), scrolled on its own, cut at a bound (stdout and stderr together),
// and — when the command failed or its stderr was cut — its stderr, and the exit status. It
// holds one run at a time: a newer run (a newer focus) starts it afresh, and output of an older
// one is ignored by its id.

public struct PreviewPane: Sendable {
    public enum Position: String, CaseIterable, Sendable { case right, bottom }

    /// The run shown (output of another id is stale).
    public private(set) var id = 0
    public private(set) var lines: [[StyledRun]] = []
    private var parser = StyledTextParser()
    private var errors: [UInt8] = []
    /// The run's exit status, once it ended (nil while it runs, or when it was cut).
    public private(set) var status: Int32?
    public private(set) var running = false
    /// The output went over `byteLimit` or `lineLimit`: the rest was dropped (and the command stopped).
    public private(set) var cut = false
    /// The first line shown.
    public private(set) var top = 0
    private var rows = 1
    private var taken = 0

    /// Output kept of one run: the rest is dropped and the command stopped.
    public static let byteLimit = 1 << 20
    public static let lineLimit = 20_000
    static let errorLimit = 16 << 10

    public init() {}

    /// A new run, `id`, starts (nil: nothing to show, no item focused).
    public mutating func start(_ id: Int?) {
        self.id = id ?? self.id + 1
        lines = []
        parser = StyledTextParser()
        errors = []
        status = nil
        running = id != nil
        cut = false
        top = 0
        taken = 0
    }

    /// Output of run `id` (stream 1 stdout, 2 stderr). False when the pane has all it keeps: the
    /// command may be stopped.
    public mutating func take(_ id: Int, stream: Int, _ bytes: [UInt8]) -> Bool {
        guard id == self.id, running, !cut else { return false }
        // Both streams count toward the bound: a command that writes endlessly to stderr is cut too.
        let room = Self.byteLimit - taken
        let kept = bytes.count > room ? Array(bytes.prefix(room)) : bytes
        taken += kept.count
        if stream == 2 {
            errors += kept.prefix(max(0, Self.errorLimit - errors.count))
        } else {
            lines += parser.feed(kept)
        }
        if taken >= Self.byteLimit || lines.count >= Self.lineLimit {
            if lines.count > Self.lineLimit { lines.removeLast(lines.count - Self.lineLimit) }
            cut = true
            running = false
            return false
        }
        return true
    }

    /// Run `id` ended with `status` (nil: it was stopped, having given all that is kept).
    public mutating func ended(_ id: Int, status: Int32?) {
        guard id == self.id, running || cut else { return }
        if let last = parser.finish(), !cut { lines.append(last) }
        running = false
        self.status = status
    }

    /// What the command said went wrong: its stderr and status (nothing when it succeeded), or
    /// the start of its stderr when that was cut.
    var failure: [String] {
        let failed = status.map { $0 != 0 } ?? false
        guard failed || cut && !errors.isEmpty else { return [] }
        let said = String(decoding: errors, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { Sanitize.line(String($0)) }
        return (said.last == "" ? Array(said.dropLast()) : said) + (failed ? [tr("failed (exit %d)", Int(status ?? 0))] : [])
    }

    var totalLines: Int { lines.count + failure.count }

    public mutating func scroll(by delta: Int) {
        top = max(0, min(top + delta, totalLines - rows))
    }

    public mutating func scrollPage(by pages: Int) { scroll(by: pages * max(1, rows - 1)) }

    /// The rows the pane's text gets in `area` (its border takes a column or a row).
    public mutating func layout(_ area: Rect, position: Position) {
        rows = max(1, position == .right ? area.height : area.height - 1)
        top = max(0, min(top, totalLines - rows))
    }

    /// Draws the pane: a line on the side that faces the list, then the text.
    public func render(into canvas: inout Canvas, area: Rect, position: Position, theme: Theme) {
        guard area.width > 0, area.height > 0 else { return }
        let glyphs = theme.glyphs
        var text = area
        switch position {
        case .right:
            for y in area.y..<area.maxY { _ = canvas.put(glyphs.vertical, x: area.x, y: y, style: theme.border) }
            text = Rect(x: area.x + 2, y: area.y, width: max(0, area.width - 2), height: area.height)
        case .bottom:
            for x in area.x..<area.maxX { _ = canvas.put(glyphs.horizontal, x: x, y: area.y, style: theme.border) }
            text = Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
        }
        guard text.width > 0, text.height > 0 else { return }
        let failure = failure
        for row in 0..<text.height {
            let index = top + row
            let y = text.y + row
            if index < lines.count {
                var x = text.x
                for run in lines[index] where x < text.maxX {
                    let shown = Wrap.truncate(run.text, width: text.maxX - x)
                    x = canvas.text(shown, x: x, y: y, style: Self.merged(run.style, over: theme.text))
                }
            } else if index - lines.count < failure.count {
                canvas.text(Wrap.truncate(failure[index - lines.count], width: text.width), x: text.x, y: y, style: theme.error)
            } else if index == totalLines && (running || cut) {
                canvas.text(running ? "…" : Wrap.truncate(tr("(the rest is not shown)"), width: text.width), x: text.x, y: y, style: theme.muted)
            }
        }
        // Where the view is, when it does not show everything.
        if totalLines > text.height {
            let place = " \(top + 1)/\(totalLines)" + (cut ? "+" : "")
            let width = TextWidth.columns(place)
            canvas.text(place, x: text.maxX - width, y: text.y, style: theme.muted)
        }
    }

    /// A run's style over the pane's own: its colours and attributes where it sets them.
    static func merged(_ style: Style, over base: Style) -> Style {
        var s = base
        if let f = style.foreground { s.foreground = f }
        if let b = style.background { s.background = b }
        s.bold = base.bold || style.bold
        s.dim = base.dim || style.dim
        s.reverse = base.reverse || style.reverse
        s.underline = base.underline || style.underline
        return s
    }
}
