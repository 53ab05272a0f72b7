// Cells → canvas. Alerts draw a whole frame into a canvas; the FrameWriter diffs it against
// the previous one and writes only what changed. A cell may belong to a hyperlink (a number into
// `Links`), which the writer sends as OSC 8 where the terminal shows links.
//
// The canvas is the one way text reaches the terminal, and it cannot hold a control character:
// `put` draws any grapheme that contains one in its visible form (`^[`, `<9B>`, `<U+202E>`), so
// no caller — however untrusted its text — can make the terminal obey what is drawn.

public enum Color: Hashable, Sendable {
    case basic(UInt8)          // 0–15
    case indexed(UInt8)        // 256-colour palette
    case rgb(UInt8, UInt8, UInt8)
}

public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false
    /// The OSC 8 hyperlink the cell belongs to, by its number in `Links` (0: none): a number, so
    /// a style stays plain data, copied without a reference count.
    public var link: UInt16 = 0
    public init(foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
                reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }
    public static let plain = Style()
}

public struct Cell: Hashable, Sendable {
    /// One grapheme cluster, or "" for the right half of a wide character.
    public var symbol: String
    public var width: UInt8
    public var style: Style
    /// A symbol with a control character in it never becomes a cell (`put` expands those first); it shows as `?`.
    public init(_ symbol: String = " ", width: UInt8 = 1, style: Style = .plain) {
        self.symbol = Sanitize.isSafe(symbol) ? symbol : "?"
        self.width = width
        self.style = style
    }
    /// A symbol already known to be safe (Sanitize.isPlainNarrow): no second check.
    init(checked symbol: String, width: UInt8, style: Style) {
        self.symbol = symbol
        self.width = width
        self.style = style
    }
    public static let blank = Cell()
    var isContinuation: Bool { width == 0 }
}

public struct Rect: Equatable, Sendable {
    public var x, y, width, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public func inset(_ dx: Int, _ dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}

/// A cell on the screen, counted from 0 (a box's top-left corner, as dialog's --begin Y X).
public struct ScreenPosition: Equatable, Sendable {
    public var row, column: Int
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

public struct Canvas: Equatable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// Drawing outside this rectangle is dropped (used to clip an alert's content to its box).
    public var clip: Rect

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
        clip = Rect(x: 0, y: 0, width: self.width, height: self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Sets the style of a cell, keeping its symbol (the backdrop is a field of styled blanks).
    public mutating func setStyle(_ style: Style, x: Int, y: Int) {
        cells[y * width + x].style = style
    }

    func inClip(_ x: Int, _ y: Int) -> Bool {
        x >= clip.x && x < clip.maxX && y >= clip.y && y < clip.maxY && x >= 0 && y >= 0 && x < width && y < height
    }

    /// Puts one grapheme; one holding a control character is drawn as its visible form instead.
    /// A wide one that does not fit before the clip edge becomes a space.
    public mutating func put(_ c: Character, x: Int, y: Int, style: Style) -> Int {
        if Sanitize.isPlainNarrow(c) {
            if inClip(x, y) { setCell(x, y, Cell(checked: String(c), width: 1, style: style)) }
            return x + 1
        }
        if !Sanitize.isSafe(c) {
            var cx = x
            for visible in Sanitize.line(String(c)) { cx = put(visible, x: cx, y: y, style: style) }
            return cx
        }
        let w = TextWidth.columns(c)
        guard w > 0 else {
            // A lone combining mark joins nothing on a canvas; show it on a dotted circle.
            return put(Character("\u{25CC}" + String(c)), x: x, y: y, style: style)
        }
        guard inClip(x, y) else { return x + w }
        if w > 1 && !inClip(x + w - 1, y) {
            setCell(x, y, Cell(" ", width: 1, style: style))
            return x + w
        }
        setCell(x, y, Cell(String(c), width: UInt8(w), style: style))
        for k in 1..<max(w, 1) { setCell(x + k, y, Cell("", width: 0, style: style)) }
        return x + w
    }

    /// Keeps wide characters whole: overwriting any part of one (two columns, or four for an emoji
    /// with a skin-tone modifier) turns the rest of it into spaces.
    private mutating func setCell(_ x: Int, _ y: Int, _ cell: Cell) {
        let old = self[x, y]
        if old.isContinuation {
            var owner = x - 1
            while owner > 0 && self[owner, y].isContinuation { owner -= 1 }
            if owner >= 0 && self[owner, y].width > 1 { clearWide(at: owner, y) }
        } else if old.width > 1 {
            clearWide(at: x, y)
        }
        self[x, y] = cell
    }

    /// Turns the wide character at (x, y) and its continuation cells into spaces.
    private mutating func clearWide(at x: Int, _ y: Int) {
        let old = self[x, y]
        self[x, y] = Cell(" ", width: 1, style: old.style)
        var k = x + 1
        while k < width && k < x + Int(old.width) && self[k, y].isContinuation {
            self[k, y] = Cell(" ", width: 1, style: old.style)
            k += 1
        }
    }

    /// Writes text from (x, y), control characters made visible; returns the column after it. Clipped, never wrapped.
    /// Makes the cells of the addresses in the line drawn at (x, y) hyperlinks to them (the
    /// frame writer sends them as OSC 8 where the terminal shows links).
    public mutating func linkAddresses(in line: String, x: Int, y: Int) {
        guard Links.mayHoldAddress(line) else { return }
        for found in Links.find(line) {
            for cx in (x + found.column)..<(x + found.column + found.width) where inClip(cx, y) {
                cells[y * width + cx].style.link = Links.number(of: found.url)
            }
        }
    }

    @discardableResult
    public mutating func text(_ s: String, x: Int, y: Int, style: Style = .plain) -> Int {
        var cx = x
        for c in s {
            if cx >= clip.maxX { break }
            cx = put(c, x: cx, y: y, style: style)
        }
        return cx
    }

    public mutating func fill(_ rect: Rect, style: Style, symbol: Character = " ") {
        if Sanitize.isPlainNarrow(symbol) {
            // The common case (blanks, a border's line): one cell, set wherever the clip allows.
            let cell = Cell(checked: String(symbol), width: 1, style: style)
            let bounds = Rect(x: max(0, clip.x), y: max(0, clip.y), width: min(width, clip.maxX) - max(0, clip.x),
                              height: min(height, clip.maxY) - max(0, clip.y))
            let x0 = max(rect.x, bounds.x), x1 = min(rect.maxX, bounds.maxX)
            let y0 = max(rect.y, bounds.y), y1 = min(rect.maxY, bounds.maxY)
            guard x0 < x1, y0 < y1 else { return }
            for y in y0..<y1 {
                for x in x0..<x1 { setCell(x, y, cell) }
            }
            return
        }
        for y in rect.y..<rect.maxY {
            var x = rect.x
            while x < rect.maxX { x = put(symbol, x: x, y: y, style: style) }
        }
    }

    /// Copies `other` whole with its top-left corner at (x, y), clipped (a box drawn behind another).
    public mutating func paste(_ other: Canvas, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for column in 0..<other.width where x + column >= 0 && x + column < width {
                self[x + column, y + row] = other[column, row]
            }
        }
    }

    /// The canvas as plain text lines (wide characters once), for tests and snapshots.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].symbol }
            return line
        }
    }
}
