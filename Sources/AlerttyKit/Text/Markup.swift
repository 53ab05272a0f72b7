// dialog's --colors codes in a message: `\Z0`–`\Z7` set the colour (black, red, green, yellow,
// blue, magenta, cyan, white), `\Zb` `\Zu` `\Zr` turn bold, underline and reverse on, `\ZB` `\ZU`
// `\ZR` off, and `\Zn` restores normal text. The codes only ever choose a style for the
// characters after them: every character is still sanitised (a control character is drawn in its
// visible form), so marked-up text cannot write an escape sequence either.

/// The look one character of marked-up text asks for, on top of the theme's text style.
public struct TextAttributes: Hashable, Sendable {
    /// 0–7, the ANSI colours.
    public var color: UInt8?
    public var bold = false
    public var underline = false
    public var reverse = false
    public init() {}

    public static let normal = TextAttributes()

    /// `base` (the theme's text style) with these attributes on top.
    public func applied(to base: Style) -> Style {
        var s = base
        if let color { s.foreground = .basic(color) }
        if bold { s.bold = true }
        if underline { s.underline = true }
        if reverse { s.reverse = true }
        return s
    }
}

/// One line of marked-up text: its characters (sanitised, codes gone, tabs expanded) and the
/// attributes of each.
public struct StyledLine: Equatable, Sendable {
    public var characters: [Character] = []
    public var attributes: [TextAttributes] = []
    public var text: String { String(characters) }
}

public enum Markup {
    /// The lines of `text` with their codes read (as Sanitize.lines gives the plain lines).
    public static func lines(_ text: String) -> [StyledLine] {
        var out: [StyledLine] = []
        var line = StyledLine()
        var column = 0
        var current = TextAttributes.normal
        func add(_ c: Character) {
            line.characters.append(c)
            line.attributes.append(current)
            column += TextWidth.columns(c)
        }
        var rest = Substring(text.replacingAll("\r\n", with: "\n"))
        while let c = rest.first {
            rest = rest.dropFirst()
            if c == "\\", rest.first == "Z", rest.count >= 2 {
                read(rest.dropFirst().first!, into: &current)
                rest = rest.dropFirst(2)
                continue
            }
            switch c {
            case "\n":
                out.append(line)
                line = StyledLine()
                column = 0
            case "\t":
                for _ in 0..<(8 - column % 8) { add(" ") }
            default:
                for shown in Sanitize.line(String(c)) { add(shown) }
            }
        }
        out.append(line)
        return out
    }

    /// The text without its codes (for titles and labels, which are drawn plain).
    public static func strip(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let c = rest.first {
            rest = rest.dropFirst()
            if c == "\\", rest.first == "Z", rest.count >= 2 {
                rest = rest.dropFirst(2)
                continue
            }
            out.append(c)
        }
        return out
    }

    static func read(_ code: Character, into a: inout TextAttributes) {
        switch code {
        case "0"..."7": a.color = code.asciiValue! - 0x30
        case "b": a.bold = true
        case "B": a.bold = false
        case "u": a.underline = true
        case "U": a.underline = false
        case "r": a.reverse = true
        case "R": a.reverse = false
        case "n": a = .normal
        default: break // an unknown code is dropped, as dialog drops it
        }
    }
}
