// Styles and glyphs. Everything that matters stays readable with no colour at all: focus is
// `< OK >` versus `  OK  `, a disabled button is dim, the field is underlined.

public struct Glyphs: Sendable {
    public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
    public var scrollUp, scrollDown: Character
    /// The mark of a radio list's chosen item.
    public var radioOn: Character
    /// The mark of a check list's marked item.
    public var checkOn: Character = "x"
    /// A progress bar's done and to-do cells, and a spinner's frames.
    public var barFull, barEmpty: Character
    public var spinner: [Character]
    /// A border's joints with a rule across the box (dialog's line over its buttons).
    public var teeLeft: Character = "├", teeRight: Character = "┤"
    /// A scroll bar's parts: arrows at its ends (and dialog's `↑(-)` marks), its track where
    /// newt shades it, its thumb.
    public var arrowUp: Character = "↑", arrowDown: Character = "↓", track: Character = "▒", thumb: Character = "▮"
    /// Box-drawing glyphs are drawn (else ASCII): other symbols (arrows, blocks) may be too.
    public var isUnicode: Bool { horizontal == "─" }

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
                                     spinner: ["|", "/", "-", "\\"], teeLeft: "+", teeRight: "+",
                                     arrowUp: "^", arrowDown: "v", track: ":", thumb: "#")
}

public struct Theme: Sendable {
    public var colors: ColorMode
    public var glyphs: Glyphs
    public var box: Style
    public var border: Style
    /// The right and bottom edges.
    public var border2: Style
    /// The backtitle's look; a list's and a field's frames (top and left, bottom and right).
    public var backtitle: Style
    public var frame: Style, frame2: Style, fieldFrame: Style, fieldFrame2: Style
    /// Inside a framed list, behind its rows.
    public var list: Style
    /// A leading tag's looks (nil: drawn as its row).
    public var tag: Style?, tagKey: Style?, tagFocused: Style?, tagFocusedKey: Style?
    /// The current row's mark (nil: as the row).
    public var markFocused: Style?
    /// A list's "more above" and "more below" marks (nil: the hint's).
    public var scrollUp: Style?, scrollDown: Style?
    public var title: Style
    public var text: Style
    public var muted: Style
    /// Key hints in the bottom border.
    public var hint: Style
    public var field: Style
    public var fieldFocused: Style
    public var placeholder: Style
    public var error: Style
    public var buttonFocused: Style
    public var button: Style
    public var buttonDisabled: Style
    /// A button's label and first letter, when the theme colours them apart from the button.
    public var buttonLabel: Style?, buttonKey: Style?, buttonFocusedLabel: Style?, buttonFocusedKey: Style?
    /// A list's rows, the focused one, and the marks before them ([x], (•)).
    public var row: Style
    public var selection: Style
    /// The current row while a button has the focus, when the theme gives it.
    public var rowCurrent: Style?
    public var mark: Style
    /// Characters a filter matched.
    public var match: Style
    public var barFull: Style
    public var barEmpty: Style
    public var flatBackdrop: Style
    /// The backdrop shaded towards the edges (24-bit colour only).
    public var gradient: Bool
    /// Drawn below and right of the box, when the theme has one.
    public var shadow: Style?
    /// dialog's layout (ThemeFile.laidOutAsDialog).
    public private(set) var laidOutAsDialog = false
    /// newt's layout (ThemeFile.laidOutAsNewt).
    public private(set) var laidOutAsNewt = false
    /// The box is centred on the screen less its shadow, as dialog centres it.
    public var centresBesideShadow: Bool { laidOutAsDialog && shadow != nil }

    /// Where a box `width`×`height` goes on `screen`: its top-left corner at `corner` (kept on
    /// the screen), else centred (beside its shadow, as dialog centres it).
    public func place(width: Int, height: Int, in screen: Rect, at corner: ScreenPosition? = nil) -> Rect {
        if let corner {
            return Rect(x: screen.x + max(0, min(corner.column, screen.width - width)), y: screen.y + max(0, min(corner.row, screen.height - height)),
                        width: width, height: height)
        }
        guard centresBesideShadow else { return Chrome.centered(width: width, height: height, in: screen) }
        return Chrome.centered(width: width, height: height, in: Rect(x: screen.x, y: screen.y, width: max(width, screen.width - 2),
                                                                     height: max(height, screen.height - 1)))
    }

    public static let defaultFile = (try? ThemeFile.parse(ThemePresets.defaultTheme, source: "default")) ?? ThemeFile()
    /// The default on a light background.
    public static let lightFile = (try? ThemeFile.parse(ThemePresets.light, source: "light")) ?? ThemeFile()

    /// COLORFGBG (`fg;bg`, or `fg;default;bg`, set by rxvt, Konsole and others): a light
    /// background is colour 7 or 9–15 (nil: not said).
    public static func lightBackground(colorfgbg: String?) -> Bool? {
        guard let value = colorfgbg, let last = value.split(separator: ";").last, let background = Int(last) else { return nil }
        return background == 7 || (9...15).contains(background)
    }

    /// The theme's look in `colors`: without colour (NO_COLOR, a dumb terminal, `color = no`)
    /// the attributes alone, which keep everything readable: focus is reversed, the field underlined.
    public init(colors: ColorMode, unicode: Bool, squareCorners: Bool = false, file: ThemeFile = Theme.defaultFile) {
        laidOutAsDialog = file.laidOutAsDialog
        laidOutAsNewt = file.laidOutAsNewt
        let colors = file.monochrome ? .none : colors
        self.colors = colors
        // (dialog and newt draw square corners.)
        glyphs = !unicode ? .ascii : squareCorners || file.laidOutAsDialog || file.laidOutAsNewt ? .square : .unicode
        if file.laidOutAsDialog || file.laidOutAsNewt { (glyphs.radioOn, glyphs.checkOn) = ("*", "*") } // [*] and (*), as they mark
        let styles: [ThemePart: Style]
        if colors == .none {
            var mono: [ThemePart: Style] = [
                .backdrop: .plain, .box: .plain, .border: .plain, .title: Style(bold: true), .text: .plain,
                .muted: Style(dim: true), .hint: Style(dim: true), .field: Style(underline: true),
                .fieldFocused: Style(underline: true), .placeholder: Style(dim: true, underline: true),
                .error: Style(bold: true), .buttonFocused: Style(bold: true, reverse: true), .button: .plain,
                .buttonDisabled: Style(dim: true), .row: .plain, .rowFocused: Style(reverse: true), .mark: .plain,
                .match: Style(bold: true, underline: true), .gaugeFill: Style(bold: true), .gaugeEmpty: Style(dim: true),
            ]
            // A theme's attributes still count without colour, added to those that keep focus
            // and fields visible (never taking them away).
            for (part, setting) in file.parts where setting.hasAttributes {
                var style = mono[part] ?? .plain
                style.bold = style.bold || setting.bold
                style.dim = style.dim || setting.dim
                style.reverse = style.reverse || setting.reverse
                style.underline = style.underline || setting.underline
                mono[part] = style
            }
            styles = mono
            shadow = nil
            gradient = false
        } else {
            var merged = Theme.defaultFile.parts
            for (part, setting) in file.parts { merged[part] = setting }
            // A part given without a background sits on the box's.
            let boxBackground = merged[.box]?.background
            styles = merged.mapValues { setting in
                Style(foreground: setting.foreground, background: setting.background ?? boxBackground,
                      bold: setting.bold, dim: setting.dim, reverse: setting.reverse, underline: setting.underline)
            }
            shadow = file.parts[.shadow].map { Style(foreground: $0.foreground, background: $0.background) }
            gradient = merged[.backdrop]?.gradient ?? false
        }
        let style = { (part: ThemePart) in styles[part] ?? .plain }
        flatBackdrop = colors == .none ? .plain : Style(background: Theme.defaultFile.parts[.backdrop]?.background)
        if colors != .none, let backdrop = file.parts[.backdrop] {
            flatBackdrop = Style(foreground: backdrop.foreground, background: backdrop.background)
        }
        box = style(.box); border = style(.border); title = style(.title); text = style(.text); muted = style(.muted)
        border2 = styles[.border2] ?? border
        backtitle = styles[.backtitle] ?? title
        frame = styles[.frame] ?? border
        frame2 = styles[.frame2] ?? border2
        fieldFrame = styles[.fieldFrame] ?? frame
        fieldFrame2 = styles[.fieldFrame2] ?? frame2
        list = styles[.list] ?? box
        tag = styles[.tag]; tagKey = styles[.tagKey] ?? tag
        tagFocused = styles[.tagFocused]; tagFocusedKey = styles[.tagFocusedKey] ?? tagFocused
        markFocused = styles[.markFocused]
        scrollUp = styles[.scrollUp]; scrollDown = styles[.scrollDown]
        rowCurrent = styles[.rowCurrent]
        buttonLabel = styles[.buttonLabel]; buttonKey = styles[.buttonKey]
        buttonFocusedLabel = styles[.buttonFocusedLabel]; buttonFocusedKey = styles[.buttonFocusedKey]
        hint = style(.hint); field = style(.field); fieldFocused = style(.fieldFocused); placeholder = style(.placeholder)
        error = style(.error); button = style(.button); buttonFocused = style(.buttonFocused)
        buttonDisabled = style(.buttonDisabled); row = style(.row); selection = style(.rowFocused); mark = style(.mark)
        match = style(.match); barFull = style(.gaugeFill); barEmpty = style(.gaugeEmpty)
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

    /// The backdrop's one style when it is the same on every cell (no gradient), else nil.
    public var uniformBackdrop: Style? { colors == .truecolor && gradient ? nil : flatBackdrop }

    /// The backdrop shade at (x, y): in 24-bit colour a radial gradient, darker towards the
    /// edges (the seed's 60%→40% black, quantised to a few rings so runs stay long and cheap),
    /// fading in with `opacity` during the pop-in. Elsewhere a flat shade.
    public func backdrop(x: Int, y: Int, width: Int, height: Int, opacity: Double) -> Style {
        guard colors == .truecolor, gradient else { return flatBackdrop }
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
