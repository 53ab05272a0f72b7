// Styles and glyphs. Everything that matters stays readable with no colour at all: focus is
// `< OK >` versus `  OK  `, a disabled button is dim, the field is underlined.

public struct Glyphs: Sendable {
    public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
    public var scrollUp, scrollDown: Character
    /// The mark of a radio list's chosen item.
    public var radioOn: Character
    /// A progress bar's done and to-do cells, and a spinner's frames.
    public var barFull, barEmpty: Character
    public var spinner: [Character]

    public static let unicode = Glyphs(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
                                       horizontal: "─", vertical: "│",
                                       scrollUp: "▲", scrollDown: "▼", radioOn: "•", barFull: "█", barEmpty: "░",
                                       spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
    /// The Linux console's font has square box corners, not rounded ones.
    public static let square = Glyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
                                      horizontal: "─", vertical: "│",
                                      scrollUp: "▲", scrollDown: "▼", radioOn: "•", barFull: "█", barEmpty: "░",
                                      spinner: ["|", "/", "-", "\\"])
    public static let ascii = Glyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
                                     horizontal: "-", vertical: "|",
                                     scrollUp: "^", scrollDown: "v", radioOn: "*", barFull: "#", barEmpty: "-",
                                     spinner: ["|", "/", "-", "\\"])
}

public struct Theme: Sendable {
    public var colors: ColorMode
    public var glyphs: Glyphs
    public var box: Style
    public var border: Style
    public var title: Style
    public var text: Style
    public var muted: Style
    public var field: Style
    public var placeholder: Style
    public var error: Style
    public var buttonFocused: Style
    public var button: Style
    public var buttonDisabled: Style
    public var selection: Style
    /// Characters a filter matched.
    public var match: Style
    public var barFull: Style
    public var barEmpty: Style
    public var flatBackdrop: Style

    public init(colors: ColorMode, unicode: Bool, squareCorners: Bool = false) {
        self.colors = colors
        glyphs = !unicode ? .ascii : squareCorners ? .square : .unicode
        if colors == .none {
            box = .plain
            border = .plain
            title = Style(bold: true)
            text = .plain
            muted = Style(dim: true)
            field = Style(underline: true)
            placeholder = Style(dim: true, underline: true)
            error = Style(bold: true)
            buttonFocused = Style(bold: true, reverse: true)
            button = .plain
            buttonDisabled = Style(dim: true)
            selection = Style(reverse: true)
            match = Style(bold: true, underline: true)
            barFull = Style(bold: true)
            barEmpty = Style(dim: true)
            flatBackdrop = .plain
            return
        }
        let boxBackground = Color.rgb(38, 41, 48)
        let fg = Color.rgb(220, 223, 228)
        box = Style(foreground: fg, background: boxBackground)
        border = Style(foreground: .rgb(120, 130, 150), background: boxBackground)
        title = Style(foreground: .rgb(255, 255, 255), background: boxBackground, bold: true)
        text = box
        muted = Style(foreground: .rgb(140, 146, 158), background: boxBackground)
        // Underlined in every mode: the field is plain to see whatever the palette (a dark strip
        // in a dark box was 1.2:1), and the placeholder is told from typed text by being dim.
        field = Style(foreground: .rgb(240, 240, 240), background: .rgb(20, 22, 26), underline: true)
        placeholder = Style(foreground: .rgb(110, 116, 128), background: .rgb(20, 22, 26), dim: true, underline: true)
        error = Style(foreground: .rgb(255, 120, 110), background: boxBackground)
        buttonFocused = Style(foreground: .rgb(255, 255, 255), background: .rgb(40, 110, 200), bold: true)
        button = Style(foreground: fg, background: .rgb(60, 64, 74))
        buttonDisabled = Style(foreground: .rgb(100, 104, 112), background: boxBackground, dim: true)
        selection = Style(foreground: .rgb(255, 255, 255), background: .rgb(40, 110, 200))
        match = Style(foreground: .rgb(255, 200, 90), background: boxBackground, bold: true, underline: true)
        barFull = Style(foreground: .rgb(60, 140, 230), background: boxBackground)
        barEmpty = Style(foreground: .rgb(70, 75, 86), background: boxBackground)
        flatBackdrop = Style(background: .rgb(18, 18, 18))
    }

    /// True when the locale's character set is UTF-8 (LC_ALL, then LC_CTYPE, then LANG).
    public static func localeIsUTF8(environment: (String) -> String?) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = environment(name), !v.isEmpty {
                let lower = v.lowercased()
                return lower.includes("utf-8") || lower.includes("utf8")
            }
        }
        return false
    }

    /// The backdrop shade at (x, y): in 24-bit colour a radial gradient, darker towards the
    /// edges (the seed's 60%→40% black, quantised to a few rings so runs stay long and cheap),
    /// fading in with `opacity` during the pop-in. Elsewhere a flat shade.
    public func backdrop(x: Int, y: Int, width: Int, height: Int, opacity: Double) -> Style {
        guard colors == .truecolor else { return flatBackdrop }
        let dx = (Double(x) - Double(width) / 2) / max(Double(width) / 2, 1)
        let dy = (Double(y) - Double(height) / 2) / max(Double(height) / 2, 1)
        let distance = min((dx * dx + dy * dy).squareRoot() / 1.414, 1)
        let ring = (distance * 5).rounded(.down) / 5
        let darkness = 0.4 + 0.2 * ring // share of black over a mid-grey scene
        let scene = 70.0
        let shade = scene * (1 - darkness * opacity)
        let v = UInt8(max(0, min(255, shade.rounded())))
        return Style(background: .rgb(v, v, v))
    }
}
