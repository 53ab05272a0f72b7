// A scrolling view of a document too big to hold (a log, a licence, a 1 GB file): only the lines
// on screen are read, the position is a byte offset (and a line number while it is known), long
// lines scroll sideways, and matches of the last search are highlighted. Every byte is drawn
// visibly: controls as ^X, invalid UTF-8 as \xNN, tabs to 8-column stops.

public struct PagedText {
    public let navigator: LineNavigator
    /// Byte offset of the first line shown.
    public private(set) var top = 0
    /// Its 0-based number, while it is known (not after End or a search: that would need a count from the top).
    public private(set) var topLine: Int? = 0
    /// Columns scrolled to the right.
    public private(set) var left = 0
    public private(set) var width = 0
    public private(set) var rows = 0
    /// The lines on screen (each as drawn, before the sideways scroll) and where each starts.
    public private(set) var visible: [(start: Int, text: String)] = []
    /// A line follows the last one shown.
    public private(set) var moreBelow = false
    /// The text highlighted (the last search), as typed.
    public var highlight: [Character] = []

    public init(_ document: any TextDocument) {
        navigator = LineNavigator(document)
    }

    public var document: any TextDocument { navigator.document }
    public var atTop: Bool { top == 0 }
    public var atEnd: Bool { !moreBelow }

    /// How far the view has come, as less says it: the share of bytes up to the last line shown.
    public var percent: Int {
        let size = document.size
        guard size > 0, moreBelow, let last = visible.last else { return 100 }
        return min(99, Int(Double(last.start) * 100 / Double(size)))
    }

    /// Called every frame: the view is only read again when the area changed.
    public mutating func layout(width: Int, rows: Int) {
        guard width != self.width || rows != self.rows else { return }
        self.width = width
        self.rows = rows
        if top > lastPageTop { top = lastPageTop; topLine = nil }
        refresh()
    }

    /// Reads the lines on screen again (after a move, or when the document grew).
    public mutating func refresh() {
        let wanted = max(rows, 1)
        let maxBytes = min(1 << 20, (left + max(width, 1)) * 4 + 64)
        let lines = navigator.lines(from: top, count: wanted + 1, maxBytes: maxBytes)
        visible = lines.prefix(wanted).map { ($0.start, Self.display($0.bytes)) }
        moreBelow = lines.count > wanted
    }

    /// The top of the last page: the last line at the bottom. Kept until the document or the
    /// page size changes, so a key costs a block read, not a scan back from the end.
    private var lastPageCache: (size: Int, rows: Int, top: Int)?

    var lastPageTop: Int {
        mutating get {
            let size = document.size
            if let c = lastPageCache, c.size == size, c.rows == rows { return c.top }
            var start = navigator.lastLineStart
            for _ in 0..<max(0, rows - 1) {
                guard let previous = navigator.previous(before: start) else { break }
                start = previous
            }
            lastPageCache = (size, rows, start)
            return start
        }
    }

    /// Scrolling keys; false for the ones it does not use.
    public mutating func scroll(_ action: Action) -> Bool {
        switch action {
        case .down: down(1)
        case .up: up(1)
        case .pageDown: down(max(1, rows - 1))
        case .pageUp: up(max(1, rows - 1))
        case .home:
            top = 0
            topLine = 0
            left = 0
        case .end: moveToEnd()
        case .right: left += max(8, width / 2)
        case .left: left = max(0, left - max(8, width / 2))
        default: return false
        }
        refresh()
        return true
    }

    public mutating func toEnd() {
        moveToEnd()
        refresh()
    }

    private mutating func moveToEnd() {
        let end = lastPageTop
        if end != top { topLine = nil }
        top = end
    }

    mutating func down(_ n: Int) {
        let limit = lastPageTop
        // The next line starts from one block read, not a read per line.
        for start in navigator.lines(from: top, count: n + 1, maxBytes: 1).dropFirst().map(\.start) {
            guard top < limit, start <= limit else { break }
            top = start
            topLine = topLine.map { $0 + 1 }
        }
    }

    mutating func up(_ n: Int) {
        for _ in 0..<n {
            guard let previous = navigator.previous(before: top) else { break }
            top = previous
            topLine = topLine.map { $0 - 1 }
        }
        if top == 0 { topLine = 0 }
    }

    /// Shows the line holding the next match of `pattern` after the top line (or the previous
    /// one before it) at the top; false when there is none.
    public mutating func find(_ pattern: [UInt8], forward: Bool) -> Bool {
        var search = search(for: pattern, forward: forward)
        while true {
            switch search.step(navigator, budget: .max) {
            case .found(let offset):
                show(match: offset)
                return true
            case .none: return false
            case .more: continue
            }
        }
    }

    /// A search for the next match after the top line (or the previous one before it), to be
    /// carried out a slice at a time (`step`), then shown (`show(match:)`).
    public func search(for pattern: [UInt8], forward: Bool) -> LineNavigator.Search {
        LineNavigator.Search(pattern, from: forward ? (navigator.next(after: top) ?? document.size) : top, forward: forward)
    }

    /// Puts the line holding the match at `offset` at the top.
    public mutating func show(match offset: Int) {
        top = min(navigator.lineStart(containing: offset), lastPageTop)
        topLine = top == 0 ? 0 : nil
        refresh()
    }

    // MARK: - Drawing

    /// A line's bytes as drawn: tabs to 8-column stops, everything else as Sanitize.bytes shows it.
    static func display(_ bytes: [UInt8]) -> String {
        guard bytes.contains(0x09) else { return Sanitize.bytes(bytes) }
        var out = ""
        var column = 0
        for (i, part) in bytes.split(separator: 0x09, omittingEmptySubsequences: false).enumerated() {
            if i > 0 {
                let n = 8 - column % 8
                out += String(repeating: " ", count: n)
                column += n
            }
            let text = Sanitize.bytes(Array(part))
            out += text
            column += TextWidth.columns(text)
        }
        return out
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
        let fold = !highlight.contains { $0.isUppercase }
        let needle = fold ? highlight.map(Self.folded) : highlight
        for (row, line) in visible.prefix(area.height).enumerated() {
            var characters = Array(line.text)
            // The sideways scroll: drop `left` columns (a wide character cut in half goes whole).
            var skipped = 0
            var first = 0
            while first < characters.count && skipped < left {
                skipped += TextWidth.columns(characters[first])
                first += 1
            }
            characters = Array(characters[first...])
            let marked = Self.matches(needle, in: characters, fold: fold)
            var x = area.x
            for (i, c) in characters.enumerated() {
                if x >= area.maxX { break }
                x = canvas.put(c, x: x, y: area.y + row, style: marked.contains(i) ? theme.match : theme.text)
            }
            canvas.linkAddresses(in: String(characters), x: area.x, y: area.y + row)
        }
        Chrome.scrollIndicators(up: !atTop, down: moreBelow, area: area, theme: theme, into: &canvas)
    }

    /// Lower case, when that is still one character (it is not for a few, like U+0130).
    static func folded(_ c: Character) -> Character {
        let lower = c.lowercased()
        return lower.count == 1 ? Character(lower) : c
    }

    /// Indices of the characters inside a match.
    static func matches(_ needle: [Character], in characters: [Character], fold: Bool) -> Set<Int> {
        guard !needle.isEmpty, needle.count <= characters.count else { return [] }
        var out = Set<Int>()
        var i = 0
        while i + needle.count <= characters.count {
            var hit = true
            for k in 0..<needle.count {
                let c = characters[i + k]
                if (fold ? folded(c) : c) != needle[k] {
                    hit = false
                    break
                }
            }
            if hit {
                for k in 0..<needle.count { out.insert(i + k) }
                i += needle.count
            } else {
                i += 1
            }
        }
        return out
    }
}
