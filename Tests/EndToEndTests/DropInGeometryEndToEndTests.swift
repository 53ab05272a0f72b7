// Where the drop-in puts its box, compared with the real dialog on the same screen: --begin Y X
// places the box's top-left corner there (scripts lay boxes out side by side with it).
import Foundation
import Glibc
import XCTest

final class DropInGeometryEndToEndTests: XCTestCase {
    /// The lines of the screen `program` draws for `arguments` in an 80x24 terminal, once
    /// `condition` holds (read then: the program is ended on the way out, and its screen with it).
    func screen(_ program: String, _ arguments: [String], showing what: String, _ condition: (Screen) -> Bool) throws -> [String] {
        // (ncurses draws lines with the terminal's alternate character set unless told to use
        // Unicode's: the screen model reads Unicode.)
        let p = try PTYProcess(arguments, columns: 80, rows: 24, environment: ["NCURSES_NO_UTF8_ACS": "1"], executable: program,
                               stdioOnTerminal: true)
        defer { p.signal(SIGTERM); _ = try? p.waitForExit() }
        return try p.waitFor(what, condition).lines
    }

    /// Every box's top-left corner on a screen's `lines` as [row, column], row by row.
    func corners(on lines: [String]) -> [[Int]] {
        lines.enumerated().flatMap { row, line in
            Array(line).enumerated().compactMap { column, c in c == "┌" || c == "╭" ? [row, column] : nil }
        }
    }

    /// Every top-left corner on the screen `program` draws for `arguments`, once `count` are there.
    func corners(_ program: String, _ arguments: [String], count: Int) throws -> [[Int]] {
        corners(on: try screen(program, arguments, showing: "\(count) boxes") { corners(on: $0.lines).count >= count })
    }

    /// The row and column of the (first) box's top-left corner on the screen `program` draws.
    func corner(_ program: String, _ arguments: [String]) throws -> (row: Int, column: Int) {
        let first = try corners(program, arguments, count: 1)[0]
        return (first[0], first[1])
    }

    /// The rows of `texts` on the screen `program` draws for `arguments`, once all are there.
    func rows(_ program: String, _ arguments: [String], of texts: [String]) throws -> [Int] {
        let shown = try screen(program, arguments, showing: "\(texts)") { screen in texts.allSatisfy { screen.contains($0) } }
        return texts.map { text in shown.firstIndex { $0.contains(text) } ?? -1 }
    }

    func testBeginPutsTheBoxWhereDialogPutsIt() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        for arguments in [["--begin", "3", "10", "--msgbox", "Hello", "6", "30"],
                          ["--begin", "1", "2", "--backtitle", "Setup", "--yesno", "Sure?", "6", "30"],
                          ["--begin", "12", "40", "--inputbox", "Name", "8", "30"]] {
            let real = try corner("/usr/bin/dialog", arguments)
            let ours = try corner(PTYProcess.binary(named: "dialog"), arguments)
            XCTAssertEqual([ours.row, ours.column], [real.row, real.column], "\(arguments)")
            XCTAssertEqual([ours.row, ours.column], [Int(arguments[1])!, Int(arguments[2])!], "\(arguments)")
        }
    }

    /// With no --begin, a box is centred as dialog centres it: on the screen less its shadow's two
    /// columns and one row (whiptail's newt centres on the whole screen).
    func testABoxIsCentredAsEachProgramCentresIt() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        try Needs.program("/usr/bin/whiptail", package: "whiptail")
        for (program, arguments) in [("dialog", ["--msgbox", "Hi", "8", "30"]), ("dialog", ["--yesno", "Sure?", "7", "40"]),
                                     ("dialog", ["--inputbox", "Name", "8", "40"]), ("whiptail", ["--msgbox", "Hi", "8", "30"])] {
            let real = try corner("/usr/bin/" + program, arguments)
            let ours = try corner(PTYProcess.binary(named: program), arguments)
            XCTAssertEqual([ours.row, ours.column], [real.row, real.column], "\(program) \(arguments)")
        }
    }

    /// dialog's text starts on the row under the border and its buttons sit on the row above the
    /// bottom one: the drop-in's rows are dialog's, for a box of the height given.
    func testTheTextAndTheButtonsAreOnDialogsRows() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        for (arguments, texts) in [(["--msgbox", "Hello there", "8", "30"], ["Hello there", "OK"]),
                                   (["--yesno", "Sure about it?", "7", "40"], ["Sure about it?", "Yes"]),
                                   (["--infobox", "Working on it", "5", "30"], ["Working on it"])] {
            let real = try rows("/usr/bin/dialog", arguments, of: texts)
            XCTAssertEqual(try rows(PTYProcess.binary(named: "dialog"), arguments, of: texts), real, "\(arguments)")
        }
    }

    /// whiptail (newt) keeps a blank row under its top border and another under its buttons.
    func testTheTextAndTheButtonsAreOnWhiptailsRows() throws {
        try Needs.program("/usr/bin/whiptail", package: "whiptail")
        for (arguments, texts) in [(["--msgbox", "Hello there", "8", "30"], ["Hello there", "Ok"]),
                                   (["--yesno", "Sure about it?", "8", "40"], ["Sure about it?", "Yes"])] {
            let real = try rows("/usr/bin/whiptail", arguments, of: texts)
            XCTAssertEqual(try rows(PTYProcess.binary(named: "whiptail"), arguments, of: texts), real, "\(arguments)")
        }
    }

    /// The first box's top-left corner and size on a screen's `lines`: [row, column, width, height].
    func rectangle(on lines: [String]) -> [Int]? {
        guard let corner = corners(on: lines).first else { return nil }
        let row = Array(lines[corner[0]]), column = corner[1]
        guard let right = (column + 1..<row.count).first(where: { row[$0] == "┐" || row[$0] == "╮" }),
              let bottom = (corner[0] + 1..<lines.count).first(where: { Array(lines[$0]).dropFirst(column).first.map { "└╰".contains($0) } == true })
        else { return nil }
        return [corner[0], column, right - column + 1, bottom - corner[0] + 1]
    }

    /// Sizes 0 0 (fitted to the text), -1 -1 (the screen), given ones and --aspect give the boxes
    /// dialog draws, where it draws them — the boxes scripts use most, each compared by position
    /// and size with the real dialog's on the same screen.
    func testAutoSizedBoxesAreDialogs() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        let cases: [[String]] = [
            ["--msgbox", "Hello", "0", "0"], ["--yesno", "Sure about it?", "0", "0"], ["--inputbox", "Name", "0", "0"],
            ["--menu", "Pick", "0", "0", "0", "a", "Apple", "b", "Banana"], ["--checklist", "Pick", "0", "0", "0", "a", "Apple", "off", "b", "Banana", "on"],
            ["--radiolist", "Pick", "10", "40", "3", "a", "Apple", "off", "b", "Banana", "on"], ["--infobox", "Hi", "0", "0"],
            ["--buildlist", "Pick", "0", "0", "0", "a", "Apple", "off", "b", "Banana", "on"], ["--msgbox", "Hello", "-1", "-1"],
            ["--aspect", "3", "--msgbox", "A rather long line of text that needs some wrapping to fit in the box nicely", "0", "0"],
            ["--title", "A very long title for a small box", "--msgbox", "Hi", "0", "0"],
        ]
        for arguments in cases {
            let real = try screen("/usr/bin/dialog", arguments, showing: "a whole box") { rectangle(on: $0.lines) != nil }
            let ours = try screen(PTYProcess.binary(named: "dialog"), arguments, showing: "a whole box") { rectangle(on: $0.lines) != nil }
            XCTAssertEqual(rectangle(on: ours), rectangle(on: real), "\(arguments)")
        }
        // A gauge reads its percentages from stdin.
        for size in [["0", "0"], ["8", "40"]] {
            let command = { (dialog: String) in ["-c", "(echo 30; sleep 5) | exec \(dialog) --gauge Working \(size[0]) \(size[1])"] }
            let real = try screen("/bin/sh", command("/usr/bin/dialog"), showing: "a gauge") { rectangle(on: $0.lines) != nil }
            let ours = try screen("/bin/sh", command(PTYProcess.binary(named: "dialog")), showing: "a gauge") { rectangle(on: $0.lines) != nil }
            XCTAssertEqual(rectangle(on: ours), rectangle(on: real), "gauge \(size)")
        }
    }

    /// The whole screen, character for character, as dialog draws it: square corners, the title
    /// centred in the border, the backtitle's rule, the field's and the list's frames, the line
    /// over the buttons and `<  OK  >` buttons where dialog places them, marks as `[*]` and `(*)`.
    func testTheBoxesScriptsUseMostAreDrawnAsDialogDrawsThem() throws {
        try assertDrawnAsTheRealOne("dialog", [
            ["--title", "Greeting", "--backtitle", "Setup", "--msgbox", "Hello there", "8", "30"],
            ["--defaultno", "--yesno", "Sure about it?", "7", "40"], ["--inputbox", "Name", "8", "40", "Ann"],
            ["--extra-button", "--help-button", "--menu", "Pick", "12", "50", "3", "a", "Apple", "b", "Banana"],
            ["--checklist", "Pick", "0", "0", "0", "a", "Apple", "off", "b", "Banana", "on"],
            ["--radiolist", "Pick", "10", "40", "3", "a", "Apple", "off", "b", "Banana", "on"],
            ["--buildlist", "Pick", "0", "0", "0", "a", "Apple", "off", "b", "Banana", "on"],
            // A list longer than its box: the box keeps its height, the frame says there is more.
            ["--menu", "Pick", "12", "40", "4"] + (1...20).flatMap { ["t\($0)", "Item \($0)"] },
        ])
    }

    /// The same for whiptail: newt's title between tees, `<Ok>` buttons where whiptail's sums put
    /// them, the entry's underscores, the check and radio lists at the left, the text on the first
    /// row of any box but a message, the field under the text, newt's scale for a gauge.
    func testTheBoxesScriptsUseMostAreDrawnAsWhiptailDrawsThem() throws {
        try assertDrawnAsTheRealOne("whiptail", [
            ["--title", "Greeting", "--backtitle", "Setup", "--msgbox", "Hello there", "8", "30"],
            ["--defaultno", "--yesno", "Sure about it?", "8", "40"], ["--inputbox", "Name", "8", "40", "Ann"],
            ["--inputbox", "Name please", "12", "40"], ["--passwordbox", "Password", "8", "40"],
            ["--menu", "Pick", "12", "50", "3", "a", "Apple", "b", "Banana"], ["--nocancel", "--menu", "Pick", "12", "50", "3", "a", "Apple"],
            ["--checklist", "Pick", "12", "40", "3", "a", "Apple", "off", "b", "Banana", "on"],
            ["--radiolist", "Pick", "12", "40", "3", "a", "Apple", "off", "b", "Banana", "on"],
        ])
    }

    /// Each box of `cases` and a gauge, drawn by the real `program` and by alertty as it: the
    /// same characters on every line.
    func assertDrawnAsTheRealOne(_ program: String, _ cases: [[String]], file: StaticString = #filePath, line: UInt = #line) throws {
        try Needs.program("/usr/bin/" + program, package: program)
        for arguments in cases {
            func drawn(_ binary: String) throws -> [String] {
                try screen(binary, arguments, showing: "the whole box") { screen in
                    rectangle(on: screen.lines) != nil && screen.lines.contains { $0.contains("<") && $0.contains(">") }
                }.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            }
            XCTAssertEqual(try drawn(PTYProcess.binary(named: program)), try drawn("/usr/bin/" + program), "\(arguments)", file: file, line: line)
        }
        // A gauge reads its percentages from stdin.
        func gauge(_ binary: String) throws -> [String] {
            try screen("/bin/sh", ["-c", "(echo 30; sleep 5) | exec \(binary) --title Copy --gauge 'Copying files' 8 40 0"],
                       showing: "30%") { $0.contains("30%") && rectangle(on: $0.lines) != nil }
        }
        XCTAssertEqual(try gauge(PTYProcess.binary(named: program)), try gauge("/usr/bin/" + program), "gauge", file: file, line: line)
    }

    /// A click on a button finds it where each program's look put it (OK on dialog's and on
    /// whiptail's menu: the focused item answered; alertty's own row would have put no button there).
    func testAClickPressesTheButtonWhereItsProgramDrewIt() throws {
        for (program, ok) in [("dialog", "OK"), ("whiptail", "Ok")] {
            let p = try PTYProcess(["--menu", "Pick", "12", "50", "3", "a", "Apple", "b", "Banana"], columns: 80, rows: 24,
                                   executable: PTYProcess.binary(named: program), stdioOnTerminal: true)
            try p.waitForText("Cancel")
            let button = try XCTUnwrap(p.screen.position(of: ok))
            p.type(PTYProcess.Keys.click(button.x, button.y))
            XCTAssertEqual(try p.waitForExit(), 0, "\(program): \(ok) clicked")
        }
    }

    /// A --tailboxbg box and the box after it, each at its own --begin, as dialog lays them side by side.
    func testBackgroundBoxesGoWhereTheirBeginPutsThem() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        let log = try temporaryFolder() + "/install.log"
        try "line 1\nline 2\nline 3\n".write(toFile: log, atomically: true, encoding: .utf8)
        let arguments = ["--begin", "2", "2", "--tailboxbg", log, "8", "30", "--and-widget", "--begin", "2", "40", "--msgbox", "Hi", "6", "30"]
        let real = try corners("/usr/bin/dialog", arguments, count: 2)
        XCTAssertEqual(real, [[2, 2], [2, 40]])
        XCTAssertEqual(try corners(PTYProcess.binary(named: "dialog"), arguments, count: 2), real)
    }

    /// alertty's own --begin: the corner where asked, kept on the screen; a bad value said.
    func testAlerttysOwnBegin() throws {
        let placed = try corner(PTYProcess.binary, ["message", "--no-animation", "--begin", "2,5", "Hello"])
        XCTAssertEqual([placed.row, placed.column], [2, 5])
        let kept = try corner(PTYProcess.binary, ["message", "--no-animation", "--begin", "200,300", "Hello"])
        XCTAssertLessThan(kept.row, 24)
        XCTAssertLessThan(kept.column, 80)
        let bad = try Job(["message", "--begin", "x", "Hello"])
        XCTAssertEqual(try bad.waitForExit(), 2)
        XCTAssertTrue(bad.stderrText.contains("--begin takes ROW,COL"), bad.stderrText)
    }
}
