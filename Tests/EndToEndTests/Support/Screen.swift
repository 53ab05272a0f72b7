// A small VT screen model: enough of xterm to show what a person would see after alertty's
// bytes — cursor movement, erasing, the alternate screen, wide characters, SGR attributes —
// and to answer cursor position requests the way a terminal does.

struct CellAttributes: Equatable {
    var bold = false
    var dim = false
    var reverse = false
    var underline = false
    var colored = false
    /// The foreground as last set: an SGR code (31 red, 91 bright red), or 38;5;N as 1000 + N.
    var foreground: Int?
}

struct ScreenCell: Equatable {
    var text: String = " "
    var attributes = CellAttributes()
    var isContinuation = false
}

final class Screen {
    private(set) var columns: Int
    private(set) var rows: Int
    private var main: [[ScreenCell]]
    private var alternate: [[ScreenCell]]
    private(set) var onAlternate = false
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    private(set) var cursorVisible = true
    private(set) var bracketedPaste = false
    private(set) var synchronizedOutput = false
    private(set) var mouseTracking = false
    private(set) var mouseSGR = false
    private var savedCursor = (0, 0)
    private var attributes = CellAttributes()
    private var pending: [UInt8] = []
    private var wrapPending = false
    /// Called with bytes the terminal answers (cursor position reports, the start-up probe).
    var reply: ([UInt8]) -> Void = { _ in }
    /// What this terminal answers of alertty's start-up probe, as a real one would.
    struct Answers {
        /// DA1 and DECRQM (every terminal answers DA1; false: a silent terminal, FreeBSD's console).
        var device = true
        /// OSC 11's background, `rrrr/gggg/bbbb` (nil: not answered).
        var background: String?
        /// The kitty keyboard protocol spoken.
        var kittyKeyboard = false
        /// XTVERSION's name (nil: not answered).
        var version: String?
        /// Bracketed paste on before the program starts (a shell's line editor turned it on).
        var pasteOn = false
        /// Mode 2031 known (colour-scheme reports, as Ghostty, kitty and Contour send them).
        var colourSchemeReports = false
        /// Mode 2027 known (grapheme clusters measured whole, as Contour, WezTerm and Ghostty do).
        var graphemes = false
    }
    /// Mode 2027 turned on by the program.
    private(set) var graphemeClusters = false
    /// Mode 2031 turned on by the program.
    private(set) var colourSchemeReports = false
    var answers = Answers() {
        didSet { bracketedPaste = answers.pasteOn }
    }
    /// The kitty keyboard protocol's stack of flags (pushed with CSI > u, popped with CSI < u).
    private(set) var keyboardStack: [Int] = []
    /// Probe questions answered, for tests of the probe.
    private(set) var probesAnswered = 0
    /// Lines scrolled off the top of the main screen.
    private(set) var scrollback: [String] = []
    /// Everything received, for leak checks.
    private(set) var raw: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        main = Screen.blank(columns, rows)
        alternate = Screen.blank(columns, rows)
    }

    static func blank(_ c: Int, _ r: Int) -> [[ScreenCell]] {
        Array(repeating: Array(repeating: ScreenCell(), count: c), count: r)
    }

    func resize(columns: Int, rows: Int) {
        func fit(_ g: [[ScreenCell]]) -> [[ScreenCell]] {
            var out = Screen.blank(columns, rows)
            for r in 0..<min(rows, g.count) {
                for c in 0..<min(columns, g[r].count) { out[r][c] = g[r][c] }
            }
            return out
        }
        main = fit(main)
        alternate = fit(alternate)
        self.columns = columns
        self.rows = rows
        cursorRow = min(cursorRow, rows - 1)
        cursorColumn = min(cursorColumn, columns - 1)
    }

    private var grid: [[ScreenCell]] {
        get { onAlternate ? alternate : main }
        set { if onAlternate { alternate = newValue } else { main = newValue } }
    }

    /// The visible screen as text lines (trailing spaces kept, wide characters once).
    var lines: [String] {
        grid.map { row in row.filter { !$0.isContinuation }.map(\.text).joined() }
    }

    var text: String { lines.joined(separator: "\n") }

    /// The visible screen with trailing spaces trimmed, for readable snapshots.
    var trimmedLines: [String] {
        lines.map { line in
            var s = Substring(line)
            while s.last == " " { s = s.dropLast() }
            return String(s)
        }
    }

    func contains(_ s: String) -> Bool { lines.contains { $0.contains(s) } }

    /// Where `s` first shows on screen (0-based cell; ASCII lines), if it does.
    /// The visible line at the cursor, from the cursor's column on (wide characters counted once).
    var atCursor: String {
        let visibleColumn = grid[cursorRow].prefix(cursorColumn).filter { !$0.isContinuation }.count
        return String(lines[cursorRow].dropFirst(visibleColumn))
    }

    func position(of s: String) -> (x: Int, y: Int)? {
        for (y, line) in lines.enumerated() {
            if let r = line.range(of: s) { return (line.distance(from: line.startIndex, to: r.lowerBound), y) }
        }
        return nil
    }

    func attributes(ofText needle: String) -> CellAttributes? {
        for (r, line) in lines.enumerated() {
            guard let range = line.range(of: needle) else { continue }
            let column = line.distance(from: line.startIndex, to: range.lowerBound)
            var visible = 0
            for cell in grid[r] where !cell.isContinuation {
                if visible == column { return cell.attributes }
                visible += 1
            }
        }
        return nil
    }

    // MARK: - Feeding bytes

    func feed(_ bytes: [UInt8]) {
        raw += bytes
        pending += bytes
        var i = 0
        while i < pending.count {
            let consumed = step(pending, i)
            if consumed == 0 { break }
            i += consumed
        }
        pending.removeFirst(i)
    }

    /// Processes one item at `i`; returns bytes consumed, 0 when more bytes are needed.
    private func step(_ b: [UInt8], _ i: Int) -> Int {
        let c = b[i]
        switch c {
        case 0x1B:
            guard i + 1 < b.count else { return 0 }
            switch b[i + 1] {
            case UInt8(ascii: "["): return csi(b, i)
            case UInt8(ascii: "]"):
                var j = i + 2
                while j < b.count {
                    let end = b[j] == 0x07 ? 1 : b[j] == 0x1B && j + 1 < b.count && b[j + 1] == UInt8(ascii: "\\") ? 2 : 0
                    if end > 0 {
                        if String(decoding: b[(i + 2)..<j], as: UTF8.self) == "11;?", let background = answers.background {
                            reply(Array("\u{1B}]11;rgb:\(background)\u{1B}\\".utf8))
                        }
                        return j - i + end
                    }
                    j += 1
                }
                return 0
            case 0x20...0x2F:
                // ESC ( B and the like: a character set chosen (drawn as ASCII here); one byte more.
                return i + 2 < b.count ? 3 : 0
            case UInt8(ascii: "7"): savedCursor = (cursorRow, cursorColumn); return 2
            case UInt8(ascii: "8"): (cursorRow, cursorColumn) = savedCursor; return 2
            default: return 2
            }
        case 0x0D: cursorColumn = 0; wrapPending = false; return 1
        case 0x0A: lineFeed(); return 1
        case 0x08: cursorColumn = max(0, cursorColumn - 1); wrapPending = false; return 1
        case 0x07: return 1
        case 0x00..<0x20: return 1
        default:
            let length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
            guard i + length <= b.count else { return 0 }
            let s = String(decoding: b[i..<(i + length)], as: UTF8.self)
            printScalar(s)
            return length
        }
    }

    private func lineFeed() {
        wrapPending = false
        if cursorRow == rows - 1 {
            var g = grid
            if !onAlternate { scrollback.append(g[0].filter { !$0.isContinuation }.map(\.text).joined()) }
            g.removeFirst()
            g.append(Array(repeating: ScreenCell(), count: columns))
            grid = g
        } else {
            cursorRow += 1
        }
    }

    /// The last character printed (for REP, CSI b: tmux repeats runs of a character so).
    private var lastPrinted: String?

    private func printScalar(_ s: String) {
        guard let scalar = s.unicodeScalars.first else { return }
        lastPrinted = s
        let width = TestWidth.columns(scalar)
        if width == 0 {
            // Combining: joins the previous cell.
            var col = cursorColumn - 1
            if wrapPending { col = cursorColumn }
            if col >= 0 {
                var g = grid
                if g[cursorRow][col].isContinuation && col > 0 { col -= 1 }
                g[cursorRow][col].text += s
                grid = g
            }
            return
        }
        if wrapPending {
            cursorColumn = 0
            lineFeed()
        }
        if width == 2 && cursorColumn == columns - 1 {
            cursorColumn = 0
            lineFeed()
        }
        var g = grid
        // Joining scalars (ZWJ sequences, the second half of a flag) extend the previous cell.
        if cursorColumn > 0 && !wrapPending {
            var col = cursorColumn - 1
            if g[cursorRow][col].isContinuation && col > 0 { col -= 1 }
            let previous = g[cursorRow][col].text.unicodeScalars
            let isFlagHalf = { (v: UInt32) in (0x1F1E6...0x1F1FF).contains(v) }
            if previous.last?.value == 0x200D
                || (previous.count == 1 && isFlagHalf(previous.first!.value) && isFlagHalf(scalar.value)) {
                g[cursorRow][col].text += s
                grid = g
                return
            }
        }
        g[cursorRow][cursorColumn] = ScreenCell(text: s, attributes: attributes)
        if width == 2 && cursorColumn + 1 < columns {
            g[cursorRow][cursorColumn + 1] = ScreenCell(text: "", attributes: attributes, isContinuation: true)
        }
        grid = g
        cursorColumn += width
        if cursorColumn >= columns {
            cursorColumn = columns - 1
            wrapPending = true
        }
    }

    private func csi(_ b: [UInt8], _ i: Int) -> Int {
        var j = i + 2
        while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
        guard j < b.count else { return 0 }
        let final = b[j]
        let paramText = String(decoding: b[(i + 2)..<j], as: UTF8.self)
        let isPrivate = paramText.hasPrefix("?")
        let params = paramText.drop(while: { $0 == "?" }).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func p(_ k: Int, _ d: Int) -> Int { k < params.count ? (params[k] ?? d) : d }
        wrapPending = false
        switch final {
        case UInt8(ascii: "p") where isPrivate && paramText.hasSuffix("$"):
            // DECRQM: the mode's state (1 set, 2 reset, 0 not known).
            guard answers.device, let mode = Int(paramText.dropFirst().dropLast()) else { break }
            let state = mode == 2004 ? (bracketedPaste ? 1 : 2) : mode == 2026 ? (synchronizedOutput ? 1 : 2)
                : mode == 2031 && answers.colourSchemeReports ? (colourSchemeReports ? 1 : 2)
                : mode == 2027 && answers.graphemes ? (graphemeClusters ? 1 : 2) : 0
            probesAnswered += 1
            reply(Array("\u{1B}[?\(mode);\(state)$y".utf8))
        case UInt8(ascii: "c") where paramText.isEmpty || paramText == "0":
            if answers.device { reply(Array("\u{1B}[?62;22c".utf8)) }
        case UInt8(ascii: "q") where paramText == ">0" || paramText == ">":
            if let version = answers.version { reply(Array("\u{1B}P>|\(version)\u{1B}\\".utf8)) }
        case UInt8(ascii: "u") where answers.kittyKeyboard:
            if paramText == "?" { reply(Array("\u{1B}[?\(keyboardStack.last ?? 0)u".utf8)) }
            if paramText.hasPrefix(">") { keyboardStack.append(Int(paramText.dropFirst()) ?? 0) }
            if paramText.hasPrefix("<") { keyboardStack.removeLast(min(keyboardStack.count, max(1, Int(paramText.dropFirst()) ?? 1))) }
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            cursorRow = min(max(p(0, 1), 1), rows) - 1
            cursorColumn = min(max(p(1, 1), 1), columns) - 1
        case UInt8(ascii: "A"): cursorRow = max(0, cursorRow - max(p(0, 1), 1))
        case UInt8(ascii: "B"): cursorRow = min(rows - 1, cursorRow + max(p(0, 1), 1))
        case UInt8(ascii: "C"): cursorColumn = min(columns - 1, cursorColumn + max(p(0, 1), 1))
        case UInt8(ascii: "D"): cursorColumn = max(0, cursorColumn - max(p(0, 1), 1))
        case UInt8(ascii: "G"): cursorColumn = min(max(p(0, 1), 1), columns) - 1
        case UInt8(ascii: "J"):
            var g = grid
            let blankCell = ScreenCell(text: " ", attributes: CellAttributes(colored: attributes.colored))
            switch p(0, 0) {
            case 2, 3: g = Array(repeating: Array(repeating: blankCell, count: columns), count: rows)
            case 0:
                for c in cursorColumn..<columns { g[cursorRow][c] = blankCell }
                for r in (cursorRow + 1)..<max(rows, cursorRow + 1) { g[r] = Array(repeating: blankCell, count: columns) }
            default: break
            }
            grid = g
        case UInt8(ascii: "K"):
            var g = grid
            let range: Range<Int>
            switch p(0, 0) {
            case 1: range = 0..<(cursorColumn + 1)
            case 2: range = 0..<columns
            default: range = cursorColumn..<columns
            }
            for c in range { g[cursorRow][c] = ScreenCell() }
            grid = g
        case UInt8(ascii: "m"):
            sgr(params.map { $0 ?? 0 })
        // What a tmux client draws with besides the above (its own screen, popups on it).
        case UInt8(ascii: "b"):
            if let last = lastPrinted { for _ in 0..<max(p(0, 1), 1) { printScalar(last) } }
        case UInt8(ascii: "d"): cursorRow = min(max(p(0, 1), 1), rows) - 1
        case UInt8(ascii: "X"):
            var g = grid
            for c in cursorColumn..<min(columns, cursorColumn + max(p(0, 1), 1)) { g[cursorRow][c] = ScreenCell() }
            grid = g
        case UInt8(ascii: "@"), UInt8(ascii: "P"):
            var g = grid
            var row = g[cursorRow]
            let n = min(max(p(0, 1), 1), columns - cursorColumn)
            if final == UInt8(ascii: "@") {
                row.insert(contentsOf: Array(repeating: ScreenCell(), count: n), at: cursorColumn)
                row.removeLast(n)
            } else {
                row.removeSubrange(cursorColumn..<(cursorColumn + n))
                row += Array(repeating: ScreenCell(), count: n)
            }
            g[cursorRow] = row
            grid = g
        case UInt8(ascii: "L"), UInt8(ascii: "M"):
            var g = grid
            let n = min(max(p(0, 1), 1), rows - cursorRow)
            let blank = Array(repeating: ScreenCell(), count: columns)
            if final == UInt8(ascii: "L") {
                g.insert(contentsOf: Array(repeating: blank, count: n), at: cursorRow)
                g.removeLast(n)
            } else {
                g.removeSubrange(cursorRow..<(cursorRow + n))
                g += Array(repeating: blank, count: n)
            }
            grid = g
        case UInt8(ascii: "n"):
            if p(0, 0) == 6 { reply(Array("\u{1B}[\(cursorRow + 1);\(cursorColumn + 1)R".utf8)) }
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            let on = final == UInt8(ascii: "h")
            if isPrivate {
                for mode in params.compactMap({ $0 }) {
                    switch mode {
                    case 1049:
                        if on && !onAlternate {
                            savedCursor = (cursorRow, cursorColumn)
                            alternate = Screen.blank(columns, rows)
                            onAlternate = true
                        } else if !on && onAlternate {
                            onAlternate = false
                            (cursorRow, cursorColumn) = savedCursor
                        }
                    case 25: cursorVisible = on
                    case 2004: bracketedPaste = on
                    case 2026: synchronizedOutput = on
                    case 2031: colourSchemeReports = on
                    case 2027: graphemeClusters = on
                    case 1000, 1002, 1003: mouseTracking = on
                    case 1006: mouseSGR = on
                    default: break
                    }
                }
            }
        default:
            break
        }
        return j - i + 1
    }

    private func sgr(_ params: [Int]) {
        var k = 0
        let list = params.isEmpty ? [0] : params
        while k < list.count {
            switch list[k] {
            case 0: attributes = CellAttributes()
            case 1: attributes.bold = true
            case 2: attributes.dim = true
            case 4: attributes.underline = true
            case 7: attributes.reverse = true
            case 22: attributes.bold = false; attributes.dim = false
            case 27: attributes.reverse = false
            case 38, 48:
                attributes.colored = true
                if list[k] == 38, k + 2 < list.count, list[k + 1] == 5 { attributes.foreground = 1000 + list[k + 2] }
                if k + 1 < list.count { k += list[k + 1] == 5 ? 2 : list[k + 1] == 2 ? 4 : 0 }
            case 39: attributes.foreground = nil
            case 30...37, 90...97: attributes.colored = true; attributes.foreground = list[k]
            case 40...47, 100...107: attributes.colored = true
            default: break
            }
            k += 1
        }
    }
}

/// Test-side width: independent from the product's table on purpose, but agreeing on the common cases.
enum TestWidth {
    static func columns(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0xFE0F { return 0 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
            || (0x1F300...0x1F64F).contains(v) || (0x1F900...0x1F9FF).contains(v) || (0x1F680...0x1F6FF).contains(v)
            || (0x1F1E6...0x1F1FF).contains(v) || (0x20000...0x3FFFD).contains(v) {
            return 2
        }
        return 1
    }
}
