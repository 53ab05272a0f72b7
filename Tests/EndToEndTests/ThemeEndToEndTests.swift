// Themes in a real terminal, read back from tmux's cells. The drop-in differentially: the same
// NEWT_COLORS given to the real whiptail and to alertty as whiptail, and the same DIALOGRC (from
// dialog's samples) to the real dialog and to alertty as dialog, colour the same parts the same.
import Foundation
import Glibc
import XCTest

final class ThemeEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Tmux.require()
    }

    /// The pane with its attributes once `ready` shows.
    func capture(_ command: String, environment: String, ready: String) throws -> StyledCapture {
        let t = try Tmux(command: "env \(environment) \(command); echo rc=$?")
        try t.waitFor(ready) { $0.contains(ready) }
        let captured = try t.run(["capture-pane", "-p", "-e", "-t", t.session])
        t.send(keys: ["Escape"])
        return StyledCapture(captured)
    }

    /// The look of the parts both programs draw: the title, the text, the border beside the title,
    /// the focused button and the one beside it, and the screen behind the box.
    func parts(_ screen: StyledCapture, focused: String, other: String) throws -> [String: StyledCapture.Look?] {
        let title = try XCTUnwrap(screen.find("Tt"), "title")
        let text = try XCTUnwrap(screen.find("Hello"), "text")
        let yes = try XCTUnwrap(screen.find(focused, ignoringCase: true), "focused button")
        let no = try XCTUnwrap(screen.find(other, ignoringCase: true), "other button")
        return ["title": screen.look(title.row, title.column), "text": screen.look(text.row, text.column),
                "border": screen.look(title.row, title.column - 2), "focused button": screen.look(yes.row, yes.column),
                "other button": screen.look(no.row, no.column - 1),
                // A blank cell: only its background shows (alertty writes no foreground for it).
                "screen": screen.look(title.row, 1).map { StyledCapture.Look(background: $0.background) }]
    }

    func testNewtColorsColourTheSamePartsAsInWhiptail() throws {
try Needs.program("/usr/bin/whiptail", package: "whiptail")
        let colors = "NEWT_COLORS='root=white,red window=black,cyan title=yellow,cyan border=blue,cyan button=black,green compactbutton=white,magenta textbox=blue,cyan'"
        let call = "--title Tt --yesno 'Hello there' 10 40"
        let real = try parts(capture("whiptail \(call)", environment: colors, ready: "Yes"), focused: "Yes", other: "No")
        let ours = try parts(capture("\(PTYProcess.binary(named: "whiptail")) \(call)", environment: colors, ready: "Yes"),
                             focused: "Yes", other: "No")
        XCTAssertEqual(ours.count, 6)
        for (part, look) in real { XCTAssertEqual(ours[part], look, "\(part): whiptail \(String(describing: look)), alertty \(String(describing: ours[part]))") }
        XCTAssertEqual(ours["title"]??.foreground, "11", "the title in NEWT_COLORS' yellow")
    }

    /// A gauge's bar as each program colours it: the done part, the percentage and the rest
    /// (whiptail's scale by default and under NEWT_COLORS' fullscale and emptyscale; dialog's
    /// reversed gauge_color, from --create-rc).
    func testAGaugesBarIsColouredAsEachProgramColoursIt() throws {
        try Needs.program("/usr/bin/whiptail", package: "whiptail")
        try Needs.program("/usr/bin/dialog", package: "dialog")
        let created = try temporaryFile("")
        XCTAssertEqual(Subprocess.run("/usr/bin/dialog", ["--create-rc", created]).status, 0)
        for (program, environment) in [("whiptail", "TERM=xterm-256color"), ("whiptail", "NEWT_COLORS='fullscale=,green emptyscale=,yellow'"),
                                        ("dialog", "DIALOGRC=\(created)")] {
            var looks: [[StyledCapture.Look?]] = []
            for binary in ["/usr/bin/" + program, PTYProcess.binary(named: program)] {
                let gauge = try capture("sh -c '(echo 30; sleep 5) | \(binary) --gauge Copying 8 40 0'", environment: environment, ready: "30%")
                let percent = try XCTUnwrap(gauge.find("30%"), "\(binary): the percentage")
                // (blank cells: only their background shows)
                func blank(_ column: Int) -> StyledCapture.Look? { gauge.look(percent.row, column).map { StyledCapture.Look(background: $0.background) } }
                looks.append([blank(percent.column - 12), gauge.look(percent.row, percent.column), blank(percent.column + 6)])
            }
            XCTAssertEqual(looks[1], looks[0], "\(program) \(environment): the done part, the percentage, the rest")
        }
    }

    /// With neither NEWT_COLORS nor DIALOGRC (nor ~/.dialogrc), each program's own default look:
    /// newt's blue as whiptail, dialog's as dialog, as their users expect; not alertty's dark one.
    func testWithNothingSetTheDropInLooksAsItsProgramLooks() throws {
        try Needs.program("/usr/bin/whiptail", package: "whiptail")
        try Needs.program("/usr/bin/dialog", package: "dialog")
        let home = try temporaryFolder()
        let call = "--title Tt --yesno 'Hello there' 10 40"
        for program in ["whiptail", "dialog"] {
            let environment = "-u NEWT_COLORS -u DIALOGRC -u ALERTTY_THEME HOME=\(home)"
            let real = try parts(capture("\(program) \(call)", environment: environment, ready: "Yes"), focused: "Yes", other: "No")
            let ours = try parts(capture("\(PTYProcess.binary(named: program)) \(call)", environment: environment, ready: "Yes"),
                                 focused: "Yes", other: "No")
            for part in ["screen", "title", "text"] {
                XCTAssertEqual(ours[part]??.background, real[part]??.background, "\(program) \(part): \(String(describing: real[part])) vs \(String(describing: ours[part]))")
            }
        }
    }

    /// A sample rc file of dialog's (slackware.rc) and the one `dialog --create-rc` writes.
    func testADialogrcFromDialogsSamplesColoursTheSamePartsAsInDialog() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        let slackware = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Compat/themes/slackware.rc").path
        let created = try temporaryFile("")
        XCTAssertEqual(Subprocess.run("/usr/bin/dialog", ["--create-rc", created]).status, 0)
        for rc in [slackware, created] {
            let call = "--title Tt --yesno 'Hello there' 10 40"
            let real = try parts(capture("dialog \(call)", environment: "DIALOGRC=\(rc)", ready: "Yes"), focused: "Yes", other: "No")
            let ours = try parts(capture("\(PTYProcess.binary(named: "dialog")) \(call)", environment: "DIALOGRC=\(rc)", ready: "Yes"),
                                 focused: "Yes", other: "No")
            for (part, look) in real {
                // dialog draws the unfocused button's label bold (button_label_inactive_color): compared by colour.
                var expected = look, actual = ours[part] ?? nil
                if part == "other button" { expected?.bold = false; actual?.bold = false }
                XCTAssertEqual(actual, expected, "\(rc) \(part): dialog \(String(describing: look)), alertty \(String(describing: ours[part]))")
            }
            if rc == slackware { XCTAssertEqual(ours["title"]??.foreground, "3", "slackware.rc's yellow title") }
        }
    }

    func testAPresetsColoursReadBackFromTheTerminal() throws {
        let screen = try capture("\(PTYProcess.binary) confirm --theme whiptail --no-animation --title Tt 'Hello there'",
                                 environment: "TERM=tmux-256color", ready: "Yes")
        let look = try parts(screen, focused: "Yes", other: "No")
        XCTAssertEqual(look["screen"], StyledCapture.Look(background: "4"), "whiptail's blue screen")
        XCTAssertEqual(look["text"], StyledCapture.Look(foreground: "0", background: "7"), "black on light grey")
        XCTAssertEqual(look["title"], StyledCapture.Look(foreground: "1", background: "7"), "a red title")
        XCTAssertEqual(look["focused button"], StyledCapture.Look(foreground: "7", background: "1"), "the focused button on red")
    }

    // MARK: - Every part the real programs colour, in 16 colours and 256

    static let terminals = ["TERM=tmux-256color", "TERM=xterm-16color"]

    /// The pane once `ready` shows and then once `settled` holds after `keys` (a focus that moved
    /// changes only colours, so the wait reads the cells).
    /// `ready` is text of the box that the command line does not hold (OK, Ok or Yes).
    func capture(_ command: String, environment: String, ready: String, keys: [String],
                 settled: (StyledCapture) -> Bool) throws -> StyledCapture {
        let t = try Tmux(command: "env \(environment) \(command); echo rc=$?")
        let ready = ready == "OK" ? ["OK", "Ok"] : [ready]
        try t.waitFor(ready[0]) { screen in ready.contains { screen.contains($0) } }
        t.send(keys: keys)
        let deadline = Date().addingTimeInterval(10)
        while true {
            let screen = StyledCapture(try t.run(["capture-pane", "-p", "-e", "-t", t.session]))
            if settled(screen) {
                t.send(keys: ["Escape"])
                return screen
            }
            if Date() > deadline { throw TimedOut(what: "the screen after \(keys)", screen: t.capture()) }
            usleep(20_000)
        }
    }

    /// The look of the cell `offset` columns into the first `text` on the screen.
    func look(_ screen: StyledCapture, _ text: String, _ offset: Int = 0) throws -> StyledCapture.Look? {
        let at = try XCTUnwrap(screen.find(text), "\(text) on the screen")
        return screen.look(at.row, at.column + offset)
    }

    func assertSameLooks(_ real: [String: StyledCapture.Look?], _ ours: [String: StyledCapture.Look?], _ program: String,
                         file: StaticString = #filePath, line: UInt = #line) {
        for (part, look) in real.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(ours[part] ?? nil, look, "\(part): \(program) \(String(describing: look)), alertty \(String(describing: ours[part] ?? nil))",
                           file: file, line: line)
        }
    }

    /// newt's list colours (the current row with the list focused, without it, the other rows)
    /// and the entry's.
    func testNewtColorsColourListRowsAndTheEntryAsWhiptail() throws {
        try Needs.program("/usr/bin/whiptail", package: "whiptail")
        try Needs.terminfo("xterm-16color", package: "ncurses-term")
        let colors = "NEWT_COLORS='listbox=red,green actlistbox=yellow,magenta actsellistbox=white,blue entry=brightred,black'"
        for terminal in Self.terminals {
            var looks: [String: [String: StyledCapture.Look?]] = [:]
            for program in ["whiptail", PTYProcess.binary(named: "whiptail")] {
                let menu = "\(program) --menu Pick 15 40 4 aa Apple bb Berry cc Cherry"
                let first = try capture(menu, environment: "\(terminal) \(colors)", ready: "OK", keys: [], settled: { _ in true })
                let focused = try look(first, "Apple")
                let tabbed = try capture(menu, environment: "\(terminal) \(colors)", ready: "OK", keys: ["Tab"]) {
                    (try? self.look($0, "Apple")) != focused
                }
                let entry = try capture("\(program) --inputbox Name 10 40 hello", environment: "\(terminal) \(colors)", ready: "OK",
                                        keys: [], settled: { _ in true })
                looks[program] = ["current row, list focused": focused, "other row": try look(first, "Berry"),
                                  "current row, a button focused": try look(tabbed, "Apple"), "entry": try look(entry, "hello")]
            }
            assertSameLooks(looks["whiptail"]!, looks[PTYProcess.binary(named: "whiptail")]!, "whiptail (\(terminal))")
            XCTAssertEqual(looks["whiptail"]!["current row, a button focused"]??.background, "5", "actlistbox's magenta")
        }
    }

    /// DIALOGRC's 3-D border (border2_color on the right and bottom edges), the buttons' labels
    /// and keys focused or not, and the current item with a button focused.
    func testADialogrcColoursTheSecondBorderButtonLabelsAndKeysAsDialog() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        try Needs.terminfo("xterm-16color", package: "ncurses-term")
        let rc = try temporaryFile("""
            dialog_color = (BLACK,CYAN,OFF)
            border_color = (WHITE,CYAN,ON)
            border2_color = (BLUE,CYAN,OFF)
            button_inactive_color = (BLACK,CYAN,OFF)
            button_label_inactive_color = (GREEN,CYAN,OFF)
            button_key_inactive_color = (RED,CYAN,ON)
            button_active_color = (WHITE,BLUE,ON)
            button_label_active_color = (YELLOW,BLUE,ON)
            button_key_active_color = (MAGENTA,BLUE,ON)
            item_color = (BLACK,CYAN,OFF)
            item_selected_color = (WHITE,RED,ON)

            """)
        // And the rc file `dialog --create-rc` writes (dialog's own colours, spelled out).
        let created = try temporaryFile("")
        XCTAssertEqual(Subprocess.run("/usr/bin/dialog", ["--create-rc", created]).status, 0)
        for rc in [rc, created] {
            for terminal in Self.terminals {
                var looks: [String: [String: StyledCapture.Look?]] = [:]
                for program in ["dialog", PTYProcess.binary(named: "dialog")] {
                    let environment = "\(terminal) DIALOGRC=\(rc)"
                    let box = try capture("\(program) --title Tt --yesno 'Hello there' 10 40", environment: environment, ready: "Yes",
                                          keys: [], settled: { _ in true })
                    let text = try XCTUnwrap(box.find("Hello"))
                    let row = box.rows[text.row].map(\.character)
                    let right = try XCTUnwrap(row.lastIndex(of: "│"), "the right edge: \(box.rows.map { String($0.map(\.character)) }.joined(separator: "\n"))")
                    let left = try XCTUnwrap(row.firstIndex(of: "│"), "the left edge")
                    let bottom = try XCTUnwrap((text.row..<box.rows.count).first { y in
                        box.rows[y].indices.contains(left) && "└╰".contains(box.rows[y][left].character) }, "the bottom edge")
                    let menu = "\(program) --menu Pick 15 40 4 aa Apple bb Berry"
                    let list = try capture(menu, environment: environment, ready: "OK", keys: [], settled: { _ in true })
                    let tabbed = try capture(menu, environment: environment, ready: "OK", keys: ["Tab"]) {
                        (try? self.look($0, "Cancel", 1)) != (try? self.look(list, "Cancel", 1))
                    }
                    looks[program] = [
                        "left edge": box.look(text.row, left), "right edge": box.look(text.row, right),
                        "bottom edge": box.look(bottom, left + 3), "text": box.look(text.row, text.column),
                        "focused button's key": try look(box, "Yes"), "focused button's label": try look(box, "Yes", 1),
                        "other button's key": try look(box, "No"), "other button's label": try look(box, "No", 1),
                        "current item": try look(list, "Apple"), "other item": try look(list, "Berry"),
                        "current item, a button focused": try look(tabbed, "Apple"),
                    ]
                }
                assertSameLooks(looks["dialog"]!, looks[PTYProcess.binary(named: "dialog")]!, "dialog (\(terminal), \(rc))")
                if rc != created { XCTAssertEqual(looks["dialog"]!["right edge"]??.foreground, "4", "border2_color's blue") }
            }
        }
    }

    /// DIALOGRC's use_colors = OFF with use_shadow = OFF: dialog draws in attributes alone, the box
    /// reversed and the current row plain (with a shadow it still sets colours up, and uses them).
    func testADialogrcWithoutColoursIsDrawnInReverseAsDialogDrawsIt() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        try Needs.terminfo("xterm-16color", package: "ncurses-term")
        let rc = try temporaryFile("use_colors = OFF\nuse_shadow = OFF\n")
        for terminal in Self.terminals {
            var looks: [String: [String: StyledCapture.Look?]] = [:]
            for program in ["dialog", PTYProcess.binary(named: "dialog")] {
                let environment = "\(terminal) DIALOGRC=\(rc)"
                let box = try capture("\(program) --title Tt --inputbox 'Hello there' 10 40 val", environment: environment,
                                      ready: "OK", keys: [], settled: { _ in true })
                let list = try capture("\(program) --menu Pick 15 40 4 aa Apple bb Berry", environment: environment, ready: "OK",
                                       keys: [], settled: { _ in true })
                looks[program] = [
                    "title": try look(box, "Tt"), "text": try look(box, "Hello"), "field": try look(box, "val"),
                    "left edge": try look(box, "│"), "button's key": try look(box, "Cancel"), "button's label": try look(box, "Cancel", 1),
                    "current item": try look(list, "Apple"), "other item": try look(list, "Berry"),
                ]
            }
            assertSameLooks(looks["dialog"]!, looks[PTYProcess.binary(named: "dialog")]!, "dialog (\(terminal))")
            XCTAssertEqual(looks["dialog"]!["text"]??.reverse, true, "dialog's box in reverse video")
        }
    }

    /// A file that lives as long as the test.
    func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "alertty-theme-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).rc"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
