// The drop-in's colours, read the way each program reads its own: whiptail's NEWT_COLORS (or
// the file NEWT_COLORS_FILE names) over newt's default palette, and dialog's DIALOGRC (or
// ~/.dialogrc) over dialog's defaults. Settings with no counterpart are ignored, as the programs
// ignore names they do not know. With neither set, each program's own default look: newt's blue
// as whiptail, dialog's as dialog (ALERTTY_THEME or --theme choose alertty's or another).

public enum CompatTheme {
    /// The theme a whiptail or dialog call is drawn in.
    public static func theme(for program: Compat.Program, environment: (String) -> String?) -> ThemeFile? {
        theme(for: program, rc: program == .whiptail ? nil : dialogrcText(environment), environment: environment)
    }

    /// The same, with dialog's rc file read already (`rc`: its text, nil when there is none).
    static func theme(for program: Compat.Program, rc: String?, environment: (String) -> String?) -> ThemeFile? {
        switch program {
        case .whiptail:
            var theme = preset("whiptail")
            if let colors = environment("NEWT_COLORS"), !colors.isEmpty {
                theme = newt(colors)
            } else if let path = environment("NEWT_COLORS_FILE"), !path.isEmpty,
                      let bytes = try? Platform.readFile(path, limit: 64 << 10) {
                theme = newt(String(decoding: bytes, as: UTF8.self))
            }
            theme.laidOutAsNewt = true
            return theme
        case .dialog, .lenient:
            var theme = rc.map(dialogrc) ?? preset("dialog")
            theme.laidOutAsDialog = true
            return theme
        }
    }

    /// The text of dialog's rc file: $DIALOGRC, else ~/.dialogrc (nil: none to read).
    static func dialogrcText(_ environment: (String) -> String?) -> String? {
        let path = environment("DIALOGRC").flatMap { $0.isEmpty ? nil : $0 } ?? environment("HOME").map { $0 + "/.dialogrc" }
        return (try? Platform.readFile(path ?? "", limit: 256 << 10)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The rc file's switches that are not colours, set ON: `use_scrollbar`, `visit_items`
    /// (as --scrollbar and --visit-items; the command line's own add to them).
    static func dialogrcSwitches(_ rc: String) -> Set<String> {
        var on: Set<String> = []
        for (name, value) in dialogrcLines(rc) where name == "use_scrollbar" || name == "visit_items" {
            if value.uppercased() == "ON" { on.insert(name) } else { on.remove(name) }
        }
        return on
    }

    /// An rc file's `name = value` lines, comments and blanks left out, the name lower case.
    static func dialogrcLines(_ text: String) -> [(name: String, value: String)] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).compactMap { rawLine in
            var line = String(rawLine).trimmingSpaces()
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]).trimmingSpaces() }
            guard let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]).trimmingSpaces().lowercased(), String(line[line.index(after: equals)...]).trimmingSpaces())
        }
    }

    static func preset(_ name: String) -> ThemeFile { (try? ThemeFile.load(name)) ?? ThemeFile() }

    // MARK: - newt

    /// newt's colour names (S-Lang's), as the 16 basic colours.
    static let newtColors: [String: Color] = [
        "black": .basic(0), "red": .basic(1), "green": .basic(2), "brown": .basic(3), "blue": .basic(4),
        "magenta": .basic(5), "cyan": .basic(6), "lightgray": .basic(7), "gray": .basic(8), "brightred": .basic(9),
        "brightgreen": .basic(10), "yellow": .basic(11), "brightblue": .basic(12), "brightmagenta": .basic(13),
        "brightcyan": .basic(14), "white": .basic(15),
    ]

    static func newtColor(_ word: Substring) -> Color?? {
        let word = word.lowercased()
        if word.isEmpty { return .some(.none) } // not given: keep the palette's
        if word == "default" { return .some(nil) }
        if let color = newtColors[word] { return .some(color) }
        if word.hasPrefix("color"), let n = Int(word.dropFirst(5)), (0...255).contains(n) { return .some(.indexed(UInt8(n))) }
        if word.hasPrefix("#"), let color = try? ThemeFile.color(word) { return .some(color) }
        return nil // unknown: the entry is ignored
    }

    /// Which of alertty's parts each newt element colours.
    static let newtParts: [String: [ThemePart]] = [
        // newt 0.52 draws the focused button in `button`, the others in `compactbutton`.
        "root": [.backdrop], "roottext": [.backtitle], "border": [.border], "window": [.box], "shadow": [.shadow], "title": [.title],
        "button": [.buttonFocused], "compactbutton": [.button], "checkbox": [.mark], "actcheckbox": [.markFocused], "entry": [.field, .fieldFocused],
        "disentry": [.placeholder], "label": [.muted], "listbox": [.row],
        // newt's current row is actsellistbox while the list has the focus, actlistbox when not.
        "actlistbox": [.rowCurrent], "actsellistbox": [.rowFocused],
        "textbox": [.text], "helpline": [.hint], "emptyscale": [.gaugeEmpty], "fullscale": [.gaugeFill],
    ]

    /// `name=fg,bg` entries separated by `;`, `:` or white space, over whiptail's default look.
    public static func newt(_ text: String) -> ThemeFile {
        var theme = preset("whiptail")
        let entries = text.split(whereSeparator: { ";: \t\n\r".contains($0) })
        for entry in entries {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            let name = entry[..<equals].lowercased()
            let colors = entry[entry.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            guard let parts = newtParts[name], let fg = newtColor(colors.first ?? ""),
                  let bg = newtColor(colors.count > 1 ? colors[1] : "") else { continue }
            for part in parts {
                var setting = theme.parts[part] ?? .init()
                // A scale is drawn in its background colour: our gauge draws blocks in the foreground.
                if part == .gaugeFill || part == .gaugeEmpty, let cell = bg ?? fg {
                    setting.foreground = cell
                } else {
                    if colors.first?.isEmpty == false { setting.foreground = fg }
                    if colors.count > 1, colors[1].isEmpty == false { setting.background = bg }
                }
                theme.parts[part] = setting
            }
        }
        return theme
    }

    // MARK: - dialog

    /// `dialog --create-rc FILE`: a configuration file dialog and alertty both read, with dialog's
    /// own defaults, to edit from.
    public static let dialogrcTemplate = """
        #
        # Run-time configuration file for dialog (written by alertty standing in for dialog).
        # Attributes are (foreground,background,highlight); highlight ON is bold. An attribute
        # may also name another one. alertty reads the ones that colour its boxes.
        #
        use_shadow = ON
        use_colors = ON
        screen_color = (CYAN,BLUE,ON)
        shadow_color = (BLACK,BLACK,ON)
        dialog_color = (BLACK,WHITE,OFF)
        title_color = (BLUE,WHITE,ON)
        border_color = (WHITE,WHITE,ON)
        border2_color = dialog_color
        button_active_color = (WHITE,BLUE,ON)
        button_inactive_color = dialog_color
        button_key_active_color = button_active_color
        button_key_inactive_color = (RED,WHITE,OFF)
        button_label_active_color = (YELLOW,BLUE,ON)
        button_label_inactive_color = (BLACK,WHITE,ON)
        inputbox_color = dialog_color
        inputbox_border_color = dialog_color
        searchbox_color = dialog_color
        searchbox_title_color = title_color
        searchbox_border_color = border_color
        position_indicator_color = title_color
        menubox_color = dialog_color
        menubox_border_color = border_color
        item_color = dialog_color
        item_selected_color = button_active_color
        tag_color = title_color
        tag_selected_color = button_label_active_color
        tag_key_color = button_key_inactive_color
        tag_key_selected_color = (RED,BLUE,ON)
        check_color = dialog_color
        check_selected_color = button_active_color
        uarrow_color = (GREEN,WHITE,ON)
        darrow_color = uarrow_color
        itemhelp_color = (WHITE,BLACK,OFF)
        form_active_text_color = button_active_color
        form_text_color = (WHITE,CYAN,ON)
        form_item_readonly_color = (CYAN,WHITE,ON)
        gauge_color = title_color

        """

    static let dialogColors = ["BLACK", "RED", "GREEN", "YELLOW", "BLUE", "MAGENTA", "CYAN", "WHITE"]

    /// Which of alertty's parts each dialog attribute colours.
    static let dialogParts: [String: [ThemePart]] = [
        "screen_color": [.backdrop, .backtitle], "shadow_color": [.shadow], "dialog_color": [.box, .text], "title_color": [.title],
        // (an input box's field is framed sunken in the box's own border colours)
        "border_color": [.border, .fieldFrame2], "border2_color": [.border2, .fieldFrame],
        "button_active_color": [.buttonFocused], "button_inactive_color": [.button],
        "button_label_active_color": [.buttonFocusedLabel], "button_label_inactive_color": [.buttonLabel],
        "button_key_active_color": [.buttonFocusedKey], "button_key_inactive_color": [.buttonKey],
        "inputbox_color": [.field, .fieldFocused], "item_color": [.row],
        // dialog keeps the current item's colour while a button has the focus.
        "item_selected_color": [.rowFocused, .rowCurrent],
        "check_color": [.mark], "position_indicator_color": [.hint],
        "gauge_color": [.gaugeFill],
        // dialog draws its lists' and fields' frames sunken: border2 over the top and left.
        "menubox_border2_color": [.frame], "menubox_border_color": [.frame2], "menubox_color": [.list],
        "tag_color": [.tag], "tag_key_color": [.tagKey], "tag_selected_color": [.tagFocused], "tag_key_selected_color": [.tagFocusedKey],
        "check_selected_color": [.markFocused], "uarrow_color": [.scrollUp], "darrow_color": [.scrollDown],
    ]

    /// `name = (FG,BG,HL)` lines (or another attribute's name), `use_colors` and `use_shadow`.
    public static func dialogrc(_ text: String) -> ThemeFile {
        var theme = preset("dialog")
        var values: [String: ThemeFile.Setting] = [:]
        var colours = true, shadow = true
        for (name, value) in dialogrcLines(text) {
            switch name {
            case "use_colors": colours = value.uppercased() != "OFF"; continue
            case "use_shadow":
                shadow = value.uppercased() != "OFF"
                if !shadow { theme.parts[.shadow] = nil }
                continue
            default: break
            }
            let setting: ThemeFile.Setting
            if value.hasPrefix("(") && value.hasSuffix(")") {
                let fields = value.dropFirst().dropLast().split(separator: ",").map { String($0).trimmingSpaces().uppercased() }
                guard fields.count == 3, let fg = dialogColors.firstIndex(of: fields[0]), let bg = dialogColors.firstIndex(of: fields[1]) else { continue }
                // dialog's highlight is A_BOLD (which many terminals show as the bright colour).
                setting = .init(foreground: .basic(UInt8(fg)), background: .basic(UInt8(bg)), bold: fields[2] == "ON")
            } else if let other = values[value.lowercased()] {
                setting = other // dialog 1.3: an attribute may name another
            } else {
                continue
            }
            values[name] = setting
            for part in dialogParts[name] ?? [] {
                var s = setting
                if part == .shadow { s = .init(foreground: nil, background: setting.background) }
                if part == .backdrop { s.bold = false }
                theme.parts[part] = s
            }
        }
        // dialog sets its colours up for a shadow even with use_colors = OFF; with neither it
        // draws in attributes alone, the box reversed.
        return colours || shadow ? theme : dialogMonochrome
    }

    /// dialog without colours: the box, its text, title, field and rows in reverse video, the
    /// current row plain; a button's brackets bold when focused and dim when not, its label
    /// plain and its key underlined.
    static let dialogMonochrome: ThemeFile = {
        var theme = ThemeFile()
        let reverse = ThemeFile.Setting(reverse: true)
        for part in ThemePart.allCases { theme.parts[part] = reverse }
        theme.parts[.backdrop] = .init()
        theme.parts[.backtitle] = .init()
        theme.parts[.shadow] = nil
        for part: ThemePart in [.rowFocused, .rowCurrent, .buttonLabel, .buttonFocusedLabel] { theme.parts[part] = .init() }
        theme.parts[.button] = .init(dim: true)
        theme.parts[.buttonFocused] = .init(bold: true)
        theme.parts[.buttonKey] = .init(underline: true)
        theme.parts[.buttonFocusedKey] = .init(underline: true)
        theme.parts[.buttonDisabled] = .init(dim: true, reverse: true)
        // (a tag's first letter out of the reverse: plain, bold on the current row)
        theme.parts[.tagKey] = .init()
        theme.parts[.tagFocusedKey] = .init(bold: true)
        return theme
    }()
}
