// The message part of a box: sanitised, word-wrapped, scrollable when it does not fit,
// with ▲/▼ indicators in its right margin. With --colors its dialog codes give it styles.

public struct TextBody: Equatable, Sendable {
    public private(set) var paragraphs: [String]
    public private(set) var offset = 0
    private var wrapWidth = 0
    /// The wrapped lines as places in the paragraphs: strings are made only for those on screen.
    private var wrapped: [Wrap.Span] = []
    private var visibleRows = 0
    /// --colors: the paragraphs with each grapheme's attributes (nil for plain text).
    private var styled: [StyledLine]?
    /// With styles: each wrapped line as its paragraph and the indices of its graphemes there.
    private var wrappedIndices: [WrappedLine] = []
    /// The wrapped lines, plain or styled.
    private var lineTotal: Int { styled == nil ? wrapped.count : wrappedIndices.count }
    private struct WrappedLine: Equatable, Sendable {
        var paragraph: Int
        var graphemes: [Int]
    }

    /// Width of the longest paragraph, capped at the default text width (computed once: the text never changes).
    public let naturalWidth: Int

    public init(_ text: String) {
        self.init(paragraphs: text.isEmpty ? [] : Sanitize.lines(text))
    }

    /// Text with dialog's colour codes (--colors), drawn with the styles they ask for.
    public init(markup text: String) {
        let lines = text.isEmpty ? [] : Markup.lines(text)
        self.init(paragraphs: lines.map(\.text))
        if lines.contains(where: { $0.attributes.contains { $0 != .normal } }) { styled = lines }
    }

    private init(paragraphs: [String]) {
        self.paragraphs = paragraphs
        var widest = 0
        for p in paragraphs where widest < BoxMetrics.defaultTextWidth {
            widest = max(widest, TextWidth.columns(p))
        }
        naturalWidth = min(widest, BoxMetrics.defaultTextWidth)
    }

    public var isEmpty: Bool { paragraphs.isEmpty }

    /// The text as it is shown (sanitised), lines joined.
    public var text: String { paragraphs.joined(separator: "\n") }


    /// Lines at `width`; reuses the last layout's wrapping, so a long message is not re-wrapped
    /// on every frame (each key press asks for the box size again).
    public func lineCount(width: Int) -> Int {
        width == wrapWidth ? lineTotal : Wrap.spans(paragraphs, width: width).count
    }

    /// Sets the area the text is shown in; keeps the offset valid.
    public mutating func layout(width: Int, rows: Int) {
        if width != wrapWidth {
            wrapWidth = width
            if let styled {
                wrappedIndices = styled.enumerated().flatMap { p, line in
                    Wrap.lineIndices(line.characters, width: width).map { WrappedLine(paragraph: p, graphemes: $0) }
                }
            } else {
                wrapped = Wrap.spans(paragraphs, width: width)
            }
        }
        visibleRows = rows
        offset = max(0, min(offset, lineTotal - rows))
    }

    public var canScroll: Bool { lineTotal > visibleRows }
    public var scrollHints: [KeyHint] { canScroll ? [KeyHint(.down, "scroll")] : [] }

    /// Handles scrolling actions; returns false for actions it does not use.
    public mutating func scroll(_ action: Action) -> Bool {
        guard canScroll else { return false }
        let page = max(1, visibleRows - 1)
        switch action {
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= page
        case .pageDown: offset += page
        case .home: offset = 0
        case .end: offset = lineTotal
        default: return false
        }
        offset = max(0, min(offset, lineTotal - visibleRows))
        return true
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
        // newt's text is a component as wide as the text's area, in its own colours.
        if theme.laidOutAsNewt {
            canvas.fill(Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, lineTotal - offset)), style: theme.text)
        }
        if let styled {
            for (i, line) in wrappedIndices.dropFirst(offset).prefix(area.height).enumerated() {
                let paragraph = styled[line.paragraph]
                var x = area.x
                for g in line.graphemes {
                    x = canvas.put(paragraph.characters[g], x: x, y: area.y + i, style: paragraph.attributes[g].applied(to: theme.text))
                }
            }
        } else {
            for (i, line) in wrapped.dropFirst(offset).prefix(area.height).enumerated() {
                let text = Wrap.text(line, in: paragraphs)
                canvas.text(text, x: area.x, y: area.y + i, style: theme.text)
                canvas.linkAddresses(in: text, x: area.x, y: area.y + i)
            }
        }
        guard canScroll else { return }
        Chrome.scrollIndicators(up: offset > 0, down: offset + visibleRows < lineTotal, area: area, theme: theme, into: &canvas)
    }

    // MARK: - Text over a row of buttons (message, confirm; input and password add a field)

    /// Wide enough for the text, the buttons and the title in the border, within `maxWidth`.
    public func preferredWidth(_ buttons: [Button], title: String, minimumWidth: Int, maxWidth: Int) -> Int {
        min(maxWidth, max(naturalWidth, ButtonRow.width(buttons), TextWidth.columns(title) + 2, minimumWidth))
    }

    /// Content size for this text above a blank row and a row of buttons.
    public func sizeOverButtons(_ buttons: [Button], title: String, minimumWidth: Int, maxWidth: Int) -> (width: Int, height: Int) {
        let width = preferredWidth(buttons, title: title, minimumWidth: minimumWidth, maxWidth: maxWidth)
        let lines = lineCount(width: width)
        return (width, lines + (lines > 0 ? 2 : 1))
    }

    public mutating func layoutOverButtons(_ area: Rect) {
        layout(width: area.width, rows: max(0, area.height - 2))
    }

    /// Returns where the focused button's label is (the terminal's cursor goes there).
    @discardableResult
    public func renderOverButtons(_ buttons: [Button], focused: Int?, into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        render(into: &canvas, area: Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - 2)), theme: theme)
        return ButtonRow.render(buttons, focused: focused, y: area.maxY - 1, area: area, theme: theme, question: buttons.count == 2,
                                into: &canvas)
    }
}

/// An alert whose TEXT is a TextBody (so --colors can give it styles).
public protocol ShowsText {
    var body: TextBody { get set }
}

extension MessageAlert: ShowsText {}
extension ConfirmAlert: ShowsText {}
extension FieldAlert: ShowsText {}
extension ChooseAlert: ShowsText {}
extension FormAlert: ShowsText {}
extension SaveAlert: ShowsText {}
