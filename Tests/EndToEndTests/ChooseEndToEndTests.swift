// choose in a pseudo-terminal: every output mode, check lists with --min, filtering, items from
// stdin (lines and NUL-separated), the mouse (SGR reports), Esc clearing the query.
import Foundation
import Glibc
import XCTest

final class ChooseEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    func run(_ arguments: [String], stdin: [UInt8]? = nil, keys: [String], waitFor: String = "Cancel",
             status: Int32 = 0, stdout: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let p = try PTYProcess(["choose", "--no-animation"] + arguments, stdin: stdin)
        try p.waitForText(waitFor)
        for k in keys { p.type(k) }
        try assertEnded(p, status: status, stdout: stdout, file: file, line: line)
    }

    func testEachOutputMode() throws {
        let zones = ["--tagged", "Zone?", "utc", "UTC", "cet", "Central Europe", "jst", "Japan"]
        // A tagged list prints the tag, as its help says and dialog does (it printed the label before).
        try run(zones, keys: [K.down, K.enter], stdout: "cet\n")
        try run(["--output", "label"] + zones, keys: [K.down, K.enter], stdout: "Central Europe\n")
        try run(["--output", "index"] + zones, keys: [K.end, K.enter], stdout: "3\n")
        try run(["--output", "json"] + zones, keys: [K.enter], stdout: "{\"tag\":\"utc\",\"label\":\"UTC\",\"index\":1}\n")
        try run(["Shell?", "bash", "zsh"], keys: [K.escape], status: 1, stdout: "")
    }

    /// Two lists (--two-lists): Space sends the focused item to the chosen list, where it is
    /// seen; the focus keeps its row; with --order the chosen list and the answer are in the order
    /// chosen. Line mode and the environment answer it as the check list it is.
    func testTwoListsSendItemsAcrossAndAnswerInTheOrderChosen() throws {
        let args = ["--multi", "--two-lists", "--order", "Order?", "apple", "banana", "cherry"]
        let p = try PTYProcess(["choose", "--no-animation"] + args)
        try p.waitForText("cherry")
        p.type(K.down + K.down + " " + K.up + " ")
        try p.waitFor("banana left, cherry then apple right") { screen in
            // Each row's words between the frames' bars: the left list's, then the right one's.
            let rows = screen.text.split(separator: "\n").map {
                $0.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            return rows.firstIndex(of: ["banana", "cherry"]).map { rows[$0 + 1] == ["apple"] } == true
        }
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: "cherry\napple\n")
        let line = try PTYProcess(["choose", "--plain", "--id", "o"] + args)
        try line.waitForText("Choose")
        line.type("3 2\r")
        try assertEnded(line, status: 0, stdout: "cherry\nbanana\n")
        let scripted = Subprocess.run("/usr/bin/env", ["ALERTTY_ANSWER_O=banana", PTYProcess.binary, "choose", "--id", "o"] + args, capture: true)
        XCTAssertEqual(scripted.output, "banana\n")
        // No person: the marked items, as a check list gives them (here in the order marked).
        let marked = ["--marked", "cherry", "--marked", "apple"] + args
        let unattended = Subprocess.run(PTYProcess.binary, ["choose", "--non-interactive"] + marked, capture: true)
        XCTAssertEqual(unattended.status, 0)
        XCTAssertEqual(unattended.output, "apple\ncherry\n", "--marked marks in list order, so --order answers apple first")
        let timedOut = try PTYProcess(["choose", "--no-animation", "--timeout", "1", "--on-timeout", "default"] + marked)
        try timedOut.waitForText("cherry")
        try assertEnded(timedOut, status: 0, stdout: "apple\ncherry\n")
    }

    /// What an fzf user types first: a list through a pipe and no question; the exact match
    /// ranks first (`tmux` before `tmuxp`, which came first), as fzf's default tiebreak ranks it.
    func testAListAloneThroughAPipeAndAnExactMatchFirst() throws {
        let p = try PTYProcess(["choose", "--no-animation", "--items-from", "-"], stdin: Array("tmuxp\ntmux-plugin\ntmux\n".utf8))
        try p.waitFor("the list loaded") { $0.contains("tmux-plugin") && $0.contains("3") && !$0.contains("loading") }
        p.type("tmux")
        try p.waitFor("the ranked list") { screen in
            let rows = screen.text.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }
            return screen.contains("> tmux") && rows.firstIndex(of: "tmux").map { $0 < (rows.firstIndex(of: "tmuxp") ?? 0) } == true
        }
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: "tmux\n")
    }

    /// A radio list's Enter chooses the row it is on, as its hint says ("Enter choose"): Down to
    /// Full, Enter gives Full, not the --selected Standard.
    func testARadioListsEnterChoosesTheFocusedRow() throws {
        try run(["--radio", "--selected", "Standard", "Which edition?", "Minimal", "Standard", "Full"], keys: [K.down, K.enter],
                waitFor: "Enter choose", stdout: "Full\n")
    }

    func testCheckListWithMinimum() throws {
        let p = try PTYProcess(["choose", "--no-animation", "--multi", "--min", "2", "Parts?", "core", "docs", "examples"])
        try p.waitForText("choose at least 2")
        p.type(K.space)
        try p.waitForText("[x] core")
        p.type(K.enter) // refused: only one
        p.type(K.down + K.down + K.space)
        try p.waitFor("two chosen") { $0.contains("[x] examples") && !$0.contains("choose at least") }
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: "core\nexamples\n")
    }

    func testTypingFiltersAndEscClearsTheQueryFirst() throws {
        let p = try PTYProcess(["choose", "--no-animation", "Shell?", "bash", "zsh", "fish", "dash"])
        try p.waitForText("type to filter")
        p.type("fi")
        try p.waitFor("filtered") { $0.contains("1 of 4") && !$0.contains("bash") }
        p.type(K.escape)
        try p.waitFor("query cleared") { $0.contains("type to filter") && $0.contains("bash") }
        p.type("da" + K.enter)
        try assertEnded(p, status: 0, stdout: "dash\n")
    }

    func testItemsStreamFromStdinAndNULSeparated() throws {
        let lines = (1...5000).map { "item \($0)" }.joined(separator: "\n") + "\n"
        let p = try PTYProcess(["choose", "--no-animation", "--items-from", "-", "Pick"], stdin: Array(lines.utf8))
        try p.waitForText("5,000")
        p.type("4999" + K.enter)
        try assertEnded(p, status: 0, stdout: "item 4999\n")

        let records = Array("first\nline\0second\0third".utf8)
        let q = try PTYProcess(["choose", "--no-animation", "--multi", "--items-from", "-", "--read0", "--print0", "Pick"],
                               stdin: records)
        try q.waitForText("third")
        q.type(K.ctrlA + K.enter)
        try assertEnded(q, status: 0, stdout: "first\nline\0second\0third\0")
    }

    func testMouseClicksWheelAndButtonsThenMouseModeOff() throws {
        let items = (1...40).map { "row\($0)" }
        let p = try PTYProcess(["choose", "--no-animation", "Pick"] + items)
        try p.waitForText("row3")
        XCTAssertTrue(p.screen.mouseTracking && p.screen.mouseSGR, "mouse reporting is on while the box is up")
        let at = try XCTUnwrap(p.screen.position(of: "row3"))
        p.type(K.click(at.x, at.y) + K.click(at.x, at.y)) // a double click chooses
        try assertEnded(p, status: 0, stdout: "row3\n")

        let q = try PTYProcess(["choose", "--no-animation", "--multi", "Pick"] + items)
        try q.waitForText("row2")
        let row2 = try XCTUnwrap(q.screen.position(of: "row2"))
        q.type(K.click(row2.x, row2.y))
        try q.waitForText("[x] row2")
        q.type(K.wheelDown(row2.x, row2.y))
        try q.waitFor("scrolled") { !$0.contains("row1 ") && !$0.contains("[x] row2") }
        let ok = try XCTUnwrap(q.screen.position(of: "OK"))
        q.type(K.click(ok.x, ok.y))
        try assertEnded(q, status: 0, stdout: "row2\n")
    }

    func testSelectIfOneNeedsNoTerminal() throws {
        let p = try PTYProcess(["choose", "--select-if-one", "Q", "only"])
        try assertEnded(p, status: 0, stdout: "only\n")
        XCTAssertEqual(p.screen.raw, [], "nothing drawn")
    }

    func testWorksInlineAndSmall() throws {
        let p = try PTYProcess(["choose", "--inline", "Shell?", "bash", "zsh", "fish"], columns: 40, rows: 12)
        try p.waitForText("zsh")
        XCTAssertFalse(p.screen.onAlternate)
        XCTAssertFalse(p.screen.mouseTracking, "no mouse reporting inline (the box's rows are not known)")
        p.type(K.down + K.enter)
        try assertEnded(p, status: 0, stdout: "zsh\n")
        XCTAssertFalse(p.screen.contains("Shell?"))
    }
}
