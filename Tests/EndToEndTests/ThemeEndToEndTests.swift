// Themes in a real terminal, read back from tmux's cells. The drop-in differentially: the same
// NEWT_COLORS given to the real whiptail and to alertty as whiptail, and the same DIALOGRC (from
// dialog's samples) to the real dialog and to alertty as dialog, colour the same parts the same.
import Foundation
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

    func testADialogrcFromDialogsSamplesColoursTheSamePartsAsInDialog() throws {
try Needs.program("/usr/bin/dialog", package: "dialog")
        let rc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Compat/themes/slackware.rc").path
        let call = "--title Tt --yesno 'Hello there' 10 40"
        let real = try parts(capture("dialog \(call)", environment: "DIALOGRC=\(rc)", ready: "Yes"), focused: "Yes", other: "No")
        let ours = try parts(capture("\(PTYProcess.binary(named: "dialog")) \(call)", environment: "DIALOGRC=\(rc)", ready: "Yes"),
                             focused: "Yes", other: "No")
        for (part, look) in real {
            // dialog draws the unfocused button's label bold (button_label_inactive_color): compared by colour.
            var expected = look, actual = ours[part] ?? nil
            if part == "other button" { expected?.bold = false; actual?.bold = false }
            XCTAssertEqual(actual, expected, "\(part): dialog \(String(describing: look)), alertty \(String(describing: ours[part]))")
        }
        XCTAssertEqual(ours["title"]??.foreground, "3", "slackware.rc's yellow title")
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
}
