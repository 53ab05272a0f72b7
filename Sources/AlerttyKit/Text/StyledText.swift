// A command's output drawn with its colours (a preview running `bat --color=always` or
// `ls --color=always`). SGR sequences (ESC [ … m) become styles; every other escape sequence —
// cursor moves, clearing the screen, OSC titles and clipboard writes, DCS and the like — is
// dropped whole; any other control shows as ^X and invalid UTF-8 as \xNN, as Sanitize draws
// them. The runs are then drawn by the canvas, which holds no control character: nothing in the
// output reaches the terminal as a command. Fed in chunks, as the output comes; a sequence or a
// character cut between two chunks is read whole.

public struct StyledRun: Equatable, Sendable {
    public var text: String
    public var style: Style
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

public struct StyledTextParser: Sendable {
    /// The style SGR sequences have set so far (colours carry over from line to line, as in a terminal).
    public private(set) var style = Style()
    private enum State: Sendable {
        case text
        /// After ESC, and its intermediate bytes (0x20–0x2F).
        case escape
        /// ESC [ and its parameter and intermediate bytes so far.
        case csi([UInt8])
        /// A string (OSC, DCS, SOS, PM, APC) up to BEL or ESC \; `escaped`: its last byte was ESC.
        case string(escaped: Bool)
    }
    private var state = State.text
    /// Text bytes of the run being read (drawn through Sanitize when the run ends).
    private var pending: [UInt8] = []
    private var line: [StyledRun] = []
    private var column = 0
    /// Longest escape sequence kept: a longer one is malformed and dropped as it goes.
    static let longestSequence = 256

    public init() {}

    /// Reads a chunk; returns the lines it completed.
    public mutating func feed(_ bytes: [UInt8]) -> [[StyledRun]] {
        var lines: [[StyledRun]] = []
        for b in bytes {
            // A line end ends any sequence (one holding it was not a sequence); the line ends too.
            if b == 0x0A { if case .text = state {} else { state = .text } }
            switch state {
            case .text:
                switch b {
                case 0x1B: endRun(); state = .escape
                case 0x0A: endRun(); lines.append(line); line = []; column = 0
                case 0x0D: break // CRLF line ends; a bare CR (a progress line redrawn) joins its parts
                case 0x09:
                    endRun()
                    let spaces = 8 - column % 8
                    append(String(repeating: " ", count: spaces))
                default: pending.append(b)
                }
            case .escape:
                switch b {
                case UInt8(ascii: "["): state = .csi([])
                case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                    state = .string(escaped: false)
                case 0x20...0x2F, 0x1B: break // intermediate bytes (ESC ( B and the like), or ESC again
                default: state = .text // the sequence's final byte: dropped
                }
            case .csi(var bytes):
                switch b {
                case 0x40...0x7E:
                    if b == UInt8(ascii: "m") { applySGR(bytes) }
                    state = .text
                case 0x20...0x3F where bytes.count < Self.longestSequence:
                    bytes.append(b)
                    state = .csi(bytes)
                case 0x1B: state = .escape // a sequence cut short by another
                default: state = .text // a control or an overlong sequence: dropped
                }
            case .string(let escaped):
                if b == 0x07 || (escaped && b == UInt8(ascii: "\\")) {
                    state = .text
                } else {
                    state = .string(escaped: b == 0x1B)
                }
            }
        }
        return lines
    }

    /// The output ended: the last line, if it had no line end.
    public mutating func finish() -> [StyledRun]? {
        endRun()
        state = .text
        defer { line = []; column = 0 }
        return line.isEmpty ? nil : line
    }

    private mutating func endRun() {
        guard !pending.isEmpty else { return }
        append(Sanitize.bytes(pending))
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ text: String) {
        column += TextWidth.columns(text)
        if let last = line.last, last.style == style {
            line[line.count - 1].text += text
        } else {
            line.append(StyledRun(text, style))
        }
    }

    /// SGR: attributes and colours (basic, bright, 256 and 24-bit, with ; or : between values).
    private mutating func applySGR(_ bytes: [UInt8]) {
        // Private sequences (CSI ? … m, CSI > … m) are not SGR.
        if let first = bytes.first, first >= 0x3C { return }
        let values = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { part in
            part.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { digits in
                digits.reduce(0) { $0 > 100_000 ? $0 : $0 * 10 + Int($1 &- 0x30 < 10 ? $1 - 0x30 : 0) }
            }
        }
        var i = 0
        while i < values.count {
            let group = values[i]
            let code = group.first ?? 0
            switch code {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 21, 22: style.bold = false; style.dim = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .basic(UInt8(code - 30))
            case 39: style.foreground = nil
            case 40...47: style.background = .basic(UInt8(code - 40))
            case 49: style.background = nil
            case 90...97: style.foreground = .basic(UInt8(code - 90 + 8))
            case 100...107: style.background = .basic(UInt8(code - 100 + 8))
            case 38, 48:
                var color: Color?
                if group.count > 1 {
                    // 38:5:N or 38:2:[space:]R:G:B, all in one group.
                    if group[1] == 5, group.count >= 3 { color = .indexed(UInt8(min(255, group[2]))) }
                    if group[1] == 2, group.count >= 5 {
                        let rgb = group.suffix(3).map { UInt8(min(255, $0)) }
                        color = .rgb(rgb[0], rgb[1], rgb[2])
                    }
                } else if i + 2 < values.count, values[i + 1].first == 5 {
                    color = .indexed(UInt8(min(255, values[i + 2].first ?? 0)))
                    i += 2
                } else if i + 4 < values.count, values[i + 1].first == 2 {
                    let rgb = (2...4).map { UInt8(min(255, values[i + $0].first ?? 0)) }
                    color = .rgb(rgb[0], rgb[1], rgb[2])
                    i += 4
                }
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
            default: break // italic, blink, strike-through… are not drawn
            }
            i += 1
        }
    }
}
