// Canvas → bytes. Compares each frame with the previous one and emits only changed cells,
// moving the cursor only when the next changed cell is not where the cursor already is and
// sending a style only when it differs from the terminal's current one.

public struct FrameWriter: Sendable {
    public var colors: ColorMode
    /// Screen row (0-based) where canvas row 0 is drawn: 0 on the alternate screen, the box's row inline.
    public var originRow: Int
    /// On the alternate screen a full redraw may clear the screen with the backdrop's style (one escape
    /// instead of a space per cell); inline it must not touch what lies outside the box.
    public var mayClearScreen: Bool
    /// Inline mode: cursor moves are relative to where the cursor is (the writer always knows, from
    /// `placed()` on), so the box is drawn without ever asking the terminal for the cursor position.
    public var relative: Bool
    /// Without a UTF-8 locale only ASCII is written (see `Sanitize.asciiBytes`): no byte 0x80–0x9F ever reaches the terminal.
    public var asciiOnly: Bool

    private var previous: Canvas?
    private var cursor: (x: Int, y: Int)?
    /// The cursor's row when its column is unknown (after a write into the last column, where the
    /// terminal waits to wrap): a carriage return makes it known again.
    private var row: Int?
    private var style: Style?
    private var cursorShown: Bool?
    /// Send cells' hyperlinks (OSC 8): the terminal shows them (TerminalFacts.showsLinks).
    public var hyperlinks = false
    /// The link the terminal has open (closed at each frame's end, so nothing else is linked).
    private var linkOpen: UInt16 = 0

    public init(colors: ColorMode, originRow: Int = 0, mayClearScreen: Bool = true, relative: Bool = false,
                asciiOnly: Bool = false) {
        self.colors = colors
        self.originRow = originRow
        self.mayClearScreen = mayClearScreen
        self.relative = relative
        self.asciiOnly = asciiOnly
    }

    /// Forget what the terminal shows (after a resize, a resume, or Ctrl-L): the next frame is drawn whole.
    /// A relative writer keeps the cursor's position, which a redraw does not move.
    public mutating func invalidate() {
        previous = nil
        if !relative {
            cursor = nil
            row = nil
        }
        style = nil
        cursorShown = nil
    }

    /// Bytes written after a frame moved the cursor and reset the style: the next frame still
    /// draws only what changed, but places and styles it from scratch.
    public mutating func lostTrack() {
        cursor = nil
        row = nil
        style = nil
        cursorShown = nil
    }

    /// The cursor is at the top-left of a freshly reserved (blank) area: the next frame is drawn whole from there.
    public mutating func placed() {
        invalidate()
        cursor = (0, 0)
        row = 0
    }

    /// The row the cursor is on, relative to canvas row 0, when known.
    public var cursorRow: Int? { cursor?.y ?? row }

    /// Row `y` is the same in both canvases (of one size).
    static func rowsEqual(_ a: Canvas, _ b: Canvas, _ y: Int) -> Bool {
        a.cells.withUnsafeBufferPointer { old in
            b.cells.withUnsafeBufferPointer { new in
                let start = y * a.width
                for i in start..<(start + a.width) where old[i] != new[i] { return false }
                return true
            }
        }
    }

    public mutating func frame(_ canvas: Canvas, cursorAt wanted: (x: Int, y: Int)?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(previous == nil ? canvas.width * canvas.height + 256 : 64)
        var base = previous
        if base == nil || base!.width != canvas.width || base!.height != canvas.height {
            base = nil
            if mayClearScreen, canvas.width > 0, canvas.height > 0 {
                // Clear with the backdrop's style so only the cells that differ from it need drawing.
                let backdrop = canvas[0, 0]
                if backdrop.symbol == " " {
                    emitStyle(backdrop.style, into: &out)
                    append("\u{1B}[2J", to: &out)
                    base = Canvas(width: canvas.width, height: canvas.height, fill: backdrop)
                }
            }
        }

        var changedRows = 0
        let bodyStart = out.count
        for y in 0..<canvas.height {
            // A keystroke changes a row or two: the rest are passed over whole.
            if let b = base, Self.rowsEqual(b, canvas, y) { continue }
            var rowChanged = false
            var x = 0
            while x < canvas.width {
                let cell = canvas[x, y]
                if cell.isContinuation {
                    x += 1
                    continue
                }
                let w = Int(cell.width)
                var changed = base.map { $0[x, y] != cell } ?? true
                if !changed && w > 1, let b = base {
                    for k in 1..<w where x + k < canvas.width && b[x + k, y] != canvas[x + k, y] { changed = true }
                }
                if changed {
                    rowChanged = true
                    moveCursor(to: (x, y), into: &out)
                    emitStyle(cell.style, into: &out)
                    if asciiOnly { out += Sanitize.asciiBytes(cell.symbol, width: w) } else { out += Array(cell.symbol.utf8) }
                    let nx = x + w
                    // In the last column the cursor waits to wrap; its column is unknown until the next move.
                    cursor = nx >= canvas.width ? nil : (nx, y)
                    row = y
                }
                x += max(w, 1)
            }
            if rowChanged { changedRows += 1 }
        }

        if linkOpen != 0 {
            append("\u{1B}]8;;\u{1B}\\", to: &out)
            linkOpen = 0
        }
        if let wanted {
            if cursor == nil || cursor! != wanted { moveCursor(to: wanted, into: &out) }
            if cursorShown != true {
                append("\u{1B}[?25h", to: &out)
                cursorShown = true
            }
        } else if cursorShown != false {
            append("\u{1B}[?25l", to: &out)
            cursorShown = false
        }
        previous = canvas

        // A frame that changes more than one line is shown all at once where the terminal supports it.
        if changedRows > 1 || (bodyStart > 0 && changedRows > 0) {
            return Array("\u{1B}[?2026h".utf8) + out + Array("\u{1B}[?2026l".utf8)
        }
        return out
    }

    private mutating func moveCursor(to target: (x: Int, y: Int), into out: inout [UInt8]) {
        if let c = cursor, c == target { return }
        if relative {
            moveRelative(to: target, into: &out)
            return
        }
        if let c = cursor, c.y == target.y, target.x > c.x {
            let n = target.x - c.x
            append(n == 1 ? "\u{1B}[C" : "\u{1B}[\(n)C", to: &out)
        } else if let c = cursor, c.y == target.y, target.x < c.x, c.x - target.x <= 4 {
            out += Array(repeating: 0x08, count: c.x - target.x)
        } else {
            append("\u{1B}[\(target.y + originRow + 1);\(target.x + 1)H", to: &out)
        }
        cursor = target
        row = target.y
    }

    private mutating func moveRelative(to target: (x: Int, y: Int), into out: inout [UInt8]) {
        var from = cursor ?? (0, row ?? 0)
        if cursor == nil { out.append(0x0D) }
        if target.y < from.y { append("\u{1B}[\(from.y - target.y)A", to: &out) }
        if target.y > from.y { append("\u{1B}[\(target.y - from.y)B", to: &out) }
        from.y = target.y
        if target.x == 0 && from.x != 0 {
            out.append(0x0D)
        } else if target.x > from.x {
            let n = target.x - from.x
            append(n == 1 ? "\u{1B}[C" : "\u{1B}[\(n)C", to: &out)
        } else if target.x < from.x {
            if from.x - target.x <= 4 {
                out += Array(repeating: 0x08, count: from.x - target.x)
            } else {
                append("\u{1B}[\(target.x + 1)G", to: &out)
            }
        }
        cursor = target
        row = target.y
    }

    private mutating func emitStyle(_ s: Style, into out: inout [UInt8]) {
        let link = hyperlinks ? s.link : 0
        if link != linkOpen {
            // (A Links address: URL characters only, nothing that could end the OSC.)
            append("\u{1B}]8;;" + Links.address(link) + "\u{1B}\\", to: &out)
            linkOpen = link
        }
        // (The link is not a look: a linked run is drawn with the SGR it had.)
        var s = s
        s.link = 0
        if let current = style, current == s { return }
        var params = ["0"]
        if s.bold { params.append("1") }
        if s.dim { params.append("2") }
        if s.underline { params.append("4") }
        if s.reverse { params.append("7") }
        if colors != .none {
            if let f = s.foreground { params.append(colors.parameters(f, background: false)) }
            if let b = s.background { params.append(colors.parameters(b, background: true)) }
        }
        append(params == ["0"] ? "\u{1B}[m" : "\u{1B}[" + params.joined(separator: ";") + "m", to: &out)
        style = s
    }

    private func append(_ s: String, to out: inout [UInt8]) { out += Array(s.utf8) }
}
