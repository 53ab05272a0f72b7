@testable import AlerttyKit
import XCTest

/// Theme files: the format, its errors, the presets, and the contrast of each preset's pairs.
final class ThemeTests: XCTestCase {
    func testAThemeFileSetsPartsByName() throws {
        let theme = try ThemeFile.parse("""
            # my look
            title = #ffffff on #000080 bold   # white on navy
            button-focused = black on bright-yellow
            row = 245
            hint = default on 17 dim underline

            """, source: "t")
        XCTAssertEqual(theme.parts[.title], .init(foreground: .rgb(255, 255, 255), background: .rgb(0, 0, 128), bold: true))
        XCTAssertEqual(theme.parts[.buttonFocused], .init(foreground: .basic(0), background: .basic(11)))
        XCTAssertEqual(theme.parts[.row], .init(foreground: .indexed(245)))
        XCTAssertEqual(theme.parts[.hint], .init(foreground: nil, background: .indexed(17), dim: true, underline: true))
        let drawn = Theme(colors: .truecolor, unicode: true, file: theme)
        XCTAssertEqual(drawn.title, Style(foreground: .rgb(255, 255, 255), background: .rgb(0, 0, 128), bold: true))
        XCTAssertEqual(drawn.text, Theme(colors: .truecolor, unicode: true).text, "parts not named keep the default look")
        XCTAssertEqual(drawn.row.background, drawn.box.background, "a part without a background sits on the box")
    }

    func testTabsCommasCaseAndALastLineWithoutNewline() throws {
        let theme = try ThemeFile.parse("\tTitle\t=\tWhite,on,BLUE\t#\tcomment\n  # x = y\nColor = Yes\nrow = #FFaa00\tBold", source: "t")
        XCTAssertEqual(theme.parts[.title], .init(foreground: .basic(7), background: .basic(4)))
        XCTAssertEqual(theme.parts[.row], .init(foreground: .rgb(255, 170, 0), bold: true))
        XCTAssertEqual(theme.parts.count, 2)
        XCTAssertThrowsError(try ThemeFile.parse("title\t=\tred\tblué", source: "t")) { error in
            XCTAssertEqual((error as? UsageError)?.message, "theme t, line 1: 'blué' is neither an attribute nor `on COLOUR`")
        }
        XCTAssertThrowsError(try ThemeFile.parse("a\n\ntitle\tblue", source: "t")) { error in
            XCTAssertEqual((error as? UsageError)?.message, "theme t, line 1: expected `part = value`, not 'a'")
        }
    }

    func testAWrongLineIsNamed() {
        for (text, message) in [
            ("title = blue\nbutton = purple\n", "theme t, line 2: 'purple' is not a colour"),
            ("\n\ntitel = blue\n", "theme t, line 3: unknown part 'titel'"),
            ("title blue\n", "theme t, line 1: expected `part = value`"),
            ("title = red blue\n", "theme t, line 1: 'blue' is neither an attribute nor `on COLOUR`"),
            ("title = red on\n", "theme t, line 1: `on` needs a colour after it"),
            ("title = #12345\n", "theme t, line 1: '#12345' is not a colour"),
            ("color = maybe\n", "theme t, line 1: color is yes or no"),
            ("row = red gradient\n", "theme t, line 1: gradient is for the backdrop only"),
        ] {
            XCTAssertThrowsError(try ThemeFile.parse(text, source: "t")) { error in
                XCTAssertTrue((error as? UsageError)?.message.hasPrefix(message) == true, "\(text): \(error)")
            }
        }
    }

    func testEveryPresetParsesAndPrintsAsAFileThatLoadsTheSame() throws {
        for name in ThemePresets.names {
            let preset = try ThemeFile.load(name)
            let file = NSTemporaryDirectory() + "alertty-\(name).theme"
            try ThemePresets.text(name)!.write(toFile: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: file) }
            XCTAssertEqual(try ThemeFile.load(file), preset, name)
        }
        XCTAssertEqual(Theme(colors: .truecolor, unicode: true, file: try ThemeFile.load("mono")).colors, .none, "mono: attributes only")
    }

    func testThePrintedDefaultNamesEveryPart() throws {
        // A file to start from: every part is there, set or as a comment saying what it falls back to.
        let text = try XCTUnwrap(ThemePresets.text("default"))
        let named = Set(text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ").filter { $0 != "#" }
            return words.count > 1 && words[1] == "=" ? String(words[0]) : nil
        })
        for part in ThemePart.allCases { XCTAssertTrue(named.contains(part.rawValue), part.rawValue) }
        // Each commented part, uncommented, is a line the theme reader takes.
        let uncommented = text.split(separator: "\n").map { $0.hasPrefix("# ") && $0.contains(" = ") ? String($0.dropFirst(2)) : String($0) }
        XCTAssertNoThrow(try ThemeFile.parse(uncommented.joined(separator: "\n"), source: "default, uncommented"))
    }

    // MARK: - Contrast

    /// WCAG's contrast ratio of two sRGB colours.
    static func contrast(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Double {
        func channel(_ v: Int) -> Double {
            let c = Double(v) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func luminance(_ c: (Int, Int, Int)) -> Double { 0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2) }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// xterm's default palette for the 16 basic colours, and its 256-colour cube and greys.
    static func rgb(_ color: Color) -> (Int, Int, Int) {
        let basic = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                     (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        switch color {
        case .basic(let n): return basic[Int(n)]
        case .rgb(let r, let g, let b): return (Int(r), Int(g), Int(b))
        case .indexed(let n):
            if n < 16 { return basic[Int(n)] }
            if n >= 232 { let v = 8 + 10 * (Int(n) - 232); return (v, v, v) }
            let steps = [0, 95, 135, 175, 215, 255]
            let v = Int(n) - 16
            return (steps[v / 36], steps[(v / 6) % 6], steps[v % 6])
        }
    }

    /// The colour as a terminal of `depth` shows it.
    static func shown(_ color: Color, in depth: ColorMode) -> (Int, Int, Int) {
        switch (depth, color) {
        case (.basic, .rgb(let r, let g, let b)): return rgb(.basic(ColorMode.basicFromIndexed(ColorMode.nearestIndexed(r, g, b))))
        case (.basic, .indexed(let n)): return rgb(.basic(ColorMode.basicFromIndexed(n)))
        case (.indexed, .rgb(let r, let g, let b)): return rgb(.indexed(ColorMode.nearestIndexed(r, g, b)))
        default: return rgb(color)
        }
    }

    /// The parts whose text must be read (not decoration: borders, the empty gauge, disabled buttons, the shadow).
    static let readParts: [ThemePart] = [.title, .text, .muted, .hint, .field, .fieldFocused, .button, .buttonFocused,
                                         .row, .rowFocused, .mark, .match, .error]

    func ratios(_ name: String, depth: ColorMode) throws -> [(ThemePart, Double)] {
        let theme = Theme(colors: depth, unicode: true, file: try ThemeFile.load(name))
        let styles: [ThemePart: Style] = [.title: theme.title, .text: theme.text, .muted: theme.muted, .hint: theme.hint,
                                          .field: theme.field, .fieldFocused: theme.fieldFocused, .button: theme.button,
                                          .buttonFocused: theme.buttonFocused, .row: theme.row, .rowFocused: theme.selection,
                                          .mark: theme.mark, .match: theme.match, .error: theme.error]
        return Self.readParts.compactMap { part in
            guard let style = styles[part], let fg = style.foreground, let bg = style.background else { return nil }
            return (part, Self.contrast(Self.shown(fg, in: depth), Self.shown(bg, in: depth)))
        }
    }

    func testHighContrastIsAtLeastSevenToOneInEveryDepth() throws {
        for depth in [ColorMode.truecolor, .indexed, .basic] {
            let pairs = try ratios("high-contrast", depth: depth)
            XCTAssertEqual(pairs.count, Self.readParts.count)
            for (part, ratio) in pairs {
                XCTAssertGreaterThanOrEqual(ratio, 7, "high-contrast \(part.rawValue) in \(depth): \(ratio):1")
            }
        }
    }

    /// A theme printed to start from says what its shadow is, mono too (it draws none).
    func testEveryPrintedPresetSaysItsShadow() throws {
        for name in ThemePresets.names {
            let text = try XCTUnwrap(ThemePresets.text(name))
            XCTAssertTrue(text.split(separator: "\n").contains { $0.contains("shadow") }, "\(name) says nothing of its shadow")
        }
    }

    func testEveryPresetsTextIsReadable() throws {
        // WCAG AA for text (4.5:1) in every other preset, the classic looks included (xterm's palette).
        for name in ThemePresets.names where name != "mono" {
            for (part, ratio) in try ratios(name, depth: .truecolor) {
                XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(name) \(part.rawValue): \(ratio):1")
            }
        }
    }
}

/// The drop-in's colours, read as newt and dialog read theirs.
final class CompatThemeTests: XCTestCase {
    func testNewtColorsGoOverWhiptailsLook() throws {
        let base = try ThemeFile.load("whiptail")
        let theme = CompatTheme.newt("root=white,red;title=yellow,:window=,cyan\nbutton=black,green bogus=red,blue entry=nocolour,blue")
        XCTAssertEqual(theme.parts[.backdrop]?.background, .basic(1))
        XCTAssertEqual(theme.parts[.backdrop]?.foreground, .basic(15), "newt's white is the bright one")
        XCTAssertEqual(theme.parts[.title]?.foreground, .basic(11))
        XCTAssertEqual(theme.parts[.title]?.background, base.parts[.title]?.background, "an empty background keeps the palette's")
        XCTAssertEqual(theme.parts[.box]?.background, .basic(6))
        XCTAssertEqual(theme.parts[.buttonFocused], .init(foreground: .basic(0), background: .basic(2)), "newt 0.52's focused button")
        XCTAssertEqual(theme.parts[.field], base.parts[.field], "an unknown colour: the entry is ignored, as newt ignores it")
        var whiptails = base
        whiptails.laidOutAsNewt = true
        XCTAssertEqual(CompatTheme.theme(for: .whiptail, environment: { _ in nil }), whiptails, "unset: whiptail's own look and layout")
        var dialogs = try ThemeFile.load("dialog")
        dialogs.laidOutAsDialog = true
        XCTAssertEqual(CompatTheme.theme(for: .dialog, environment: { _ in nil }), dialogs, "unset: dialog's own look, placed as dialog places it")
    }

    func testDialogrcAttributesReferencesAndSwitches() {
        let theme = CompatTheme.dialogrc("""
            # a comment
            screen_color = (WHITE,BLUE,OFF)
            title_color = (YELLOW,CYAN,ON)
            button_active_color = title_color
            use_shadow = OFF
            no_such_color = (RED,RED,ON)
            dialog_color = (PURPLE,CYAN,OFF)

            """)
        XCTAssertEqual(theme.parts[.backdrop], .init(foreground: .basic(7), background: .basic(4)))
        XCTAssertEqual(theme.parts[.title], .init(foreground: .basic(3), background: .basic(6), bold: true), "highlight is bold")
        XCTAssertEqual(theme.parts[.buttonFocused], theme.parts[.title], "an attribute may name another")
        XCTAssertNil(theme.parts[.shadow])
        XCTAssertEqual(theme.parts[.box], try ThemeFile.load("dialog").parts[.box], "a wrong colour is ignored")
        // Without colours dialog still sets them up for a shadow; with no shadow either it draws
        // in attributes alone, the box reversed.
        XCTAssertEqual(CompatTheme.dialogrc("use_colors = OFF\n").parts[.box], try ThemeFile.load("dialog").parts[.box])
        let mono = CompatTheme.dialogrc("use_colors = OFF\nuse_shadow = OFF\n")
        XCTAssertEqual(mono.parts[.box], .init(reverse: true))
        XCTAssertEqual(mono.parts[.rowFocused], .init())
        XCTAssertNil(mono.parts[.shadow])
    }

    func testTheCreatedRcReadsBackAsDialogsOwnLook() throws {
        // What --create-rc writes is dialog's defaults: read back, it is the dialog preset.
        let preset = try ThemeFile.load("dialog")
        let read = CompatTheme.dialogrc(CompatTheme.dialogrcTemplate)
        for (name, parts) in CompatTheme.dialogParts {
            for part in parts where part != .shadow && part != .backdrop {
                XCTAssertEqual(read.parts[part]?.foreground, preset.parts[part]?.foreground, "\(name) → \(part.rawValue)")
                XCTAssertEqual(read.parts[part]?.background, preset.parts[part]?.background, "\(name) → \(part.rawValue)")
            }
        }
    }
}
