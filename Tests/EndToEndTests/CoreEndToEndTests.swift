// The built binary in a pseudo-terminal: what a person sees, what a script gets, and the
// terminal left exactly as it was — for every way out.
import Foundation
import Glibc
import XCTest

typealias K = PTYProcess.Keys

final class CoreEndToEndTests: XCTestCase {
    /// The harness itself: a process under test gets stdin, stdout and stderr and nothing else
    /// of this test process (whose pty masters and pipes for other children stay out of it).
    func testAProcessUnderTestHoldsOnlyItsOwnDescriptors() throws {
        let other = try PTYProcess(["message", "--no-animation", "Held open meanwhile"])
        try other.waitForText("Held open meanwhile")
        let listing = try Job(["-c", "ls /proc/$$/fd"], executable: "/bin/sh")
        XCTAssertEqual(try listing.waitForExit(), 0, listing.stderrText)
        XCTAssertEqual(listing.stdoutText.split(separator: "\n"), ["0", "1", "2"])
        other.type(PTYProcess.Keys.enter)
        XCTAssertEqual(try other.waitForExit(), 0)
    }

    func testMessageShowsBoxAndEnterExitsZero() throws {
        let p = try PTYProcess(["message", "--title", "Backup", "--no-animation", "Backup finished"])
        let screen = try p.waitFor("box") { $0.contains("Backup finished") && $0.contains("< OK >") }
        XCTAssertTrue(screen.onAlternate)
        XCTAssertTrue(screen.contains("╭─ Backup "), screen.text)
        XCTAssertTrue(screen.cursorVisible && screen.atCursor.hasPrefix("OK"), "the cursor on the focused button, for a screen reader")
        // The box is centred: as many blank rows above its top border as below its bottom one (±1).
        let lines = screen.trimmedLines
        let top = lines.firstIndex { $0.contains("╭") }!, bottom = lines.firstIndex { $0.contains("╰") }!
        XCTAssertLessThanOrEqual(abs(top - (lines.count - 1 - bottom)), 1, screen.text)
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testMessageSnapshot() throws {
        let p = try PTYProcess(["message", "--title", "Backup", "--no-animation", "Backup finished"], columns: 40, rows: 9)
        let screen = try p.waitFor("box") { $0.contains("< OK >") }
        XCTAssertEqual(screen.trimmedLines, [
            "",
            "       ╭─ Backup ───────────────╮",
            "       │                        │",
            "       │  Backup finished       │",
            "       │                        │",
            "       │         < OK >         │",
            "       ╰─ Enter OK · Esc close ─╯", // the keys that end it always show
            "",
            "",
        ], screen.text)
        p.type(K.escape)
        try assertEnded(p, status: 0) // Esc closes a message with 0 (issue 14)
    }

    func testMessageEscapeAndSpace() throws {
        let esc = try PTYProcess(["message", "--no-animation", "hello"])
        try esc.waitForText("hello")
        esc.type(K.escape)
        try assertEnded(esc, status: 0) // a message has nothing to refuse (issue 14); whiptail mode keeps 255

        let space = try PTYProcess(["message", "hello"]) // animated: keys typed during the pop-in are not lost
        try space.waitUntilRaw() // (typed before the box takes the terminal, they would be type-ahead)
        space.type(" ")
        try assertEnded(space, status: 0)
    }

    func testMessageLongTextScrolls() throws {
        let text = (1...40).map { "line \($0)" }.joined(separator: "\n")
        let p = try PTYProcess(["message", "--no-animation", text], columns: 40, rows: 12)
        try p.waitFor("first page") { $0.contains("line 1 ") || $0.contains("line 1\u{20}") || $0.lines.contains { $0.contains("line 1  ") } }
        XCTAssertTrue(p.screen.contains("▼"), p.screen.text)
        XCTAssertFalse(p.screen.contains("line 40"))
        p.type(K.end)
        try p.waitFor("last page") { $0.contains("line 40") }
        XCTAssertTrue(p.screen.contains("▲"))
        p.type(K.pageUp)
        try p.waitFor("page up") { !$0.contains("line 40") }
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testConfirmDefaultYesAndTabToNo() throws {
        let p = try PTYProcess(["confirm", "--no-animation", "Disk is 95% full. Clean now?"])
        try p.waitFor("yes focused") { $0.contains("< Yes >") && $0.contains("  No  ") }
        p.type(K.tab)
        try p.waitFor("no focused") { $0.contains("< No >") && !$0.contains("< Yes >") }
        p.type(K.enter)
        try assertEnded(p, status: 1)
    }

    func testConfirmLetterShortcutsAndDefaultNo() throws {
        let y = try PTYProcess(["confirm", "--no-animation", "--default", "no", "Proceed?"])
        try y.waitFor("no focused") { $0.contains("< No >") }
        y.type("y")
        try assertEnded(y, status: 0)

        let labels = try PTYProcess(["confirm", "--no-animation", "--yes", "Delete", "--no", "Keep", "Delete 3 files?"])
        try labels.waitForText("< Delete >")
        labels.type("k")
        try assertEnded(labels, status: 1)

        let enter = try PTYProcess(["confirm", "--no-animation", "--default", "no", "Proceed?"])
        try enter.waitForText("< No >")
        enter.type(K.enter)
        try assertEnded(enter, status: 1)
    }

    func testUsageErrorsDrawNothing() throws {
        let p = try PTYProcess(["message", "--titel", "x", "hi"])
        try assertEnded(p, status: 2)
        XCTAssertEqual(p.stderrText, "alertty: unknown option --titel; did you mean --title?\n")
        XCTAssertTrue(p.screen.raw.isEmpty, "nothing drawn on a usage error")

        let bad = try PTYProcess(["confirm", "--timeout", "soon", "x"])
        try assertEnded(bad, status: 2)
        XCTAssertTrue(bad.stderrText.contains("--timeout needs a positive number"), bad.stderrText)

        let none = try PTYProcess([])
        try assertEnded(none, status: 2)
        XCTAssertTrue(none.stderrText.hasPrefix("alertty: missing alert; usage:"))
    }

    func testNoTerminalExitsThreeWithOneLine() throws {
        // setsid: a new session with no controlling terminal, as under cron.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--wait", PTYProcess.binary, "confirm", "Clean now?"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 3)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(out.fileHandleForReading.readDataToEndOfFile().count, 0)
        XCTAssertTrue(stderr.hasPrefix("alertty: no terminal to ask on"), stderr)
        // What a cron user needs first: how to reach a person from there.
        XCTAssertTrue(stderr.contains("add --popup --timeout SECONDS") && stderr.contains("alertty agent"), stderr)
        XCTAssertEqual(stderr.filter { $0 == "\n" }.count, 1)
        XCTAssertFalse(stderr.contains("\u{1B}"))
    }

    func testWithoutATerminalTheDropInExitsWithTheProgramsErrorStatus() throws {
        // There 2 and 3 mean Help and Extra: alertty's own 2 and 3 must not leak into a script's `case $?`.
        for (arguments, environment, status) in [(["dialog", "--msgbox", "hi", "8", "40"], [String: String](), Int32(255)),
                                                  (["dialog", "--msgbox", "hi", "8", "40"], ["DIALOG_ERROR": "9"], 9),
                                                  (["dialog", "--checklist", "x", "8", "40", "2", "a", "A", "on", "--width", "x"], [:], 255),
                                                  (["whiptail", "--yesno", "hi", "8", "40"], [:], 255)] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            process.arguments = ["--wait", PTYProcess.binary] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, status, "\(arguments) \(environment)")
        }
    }

    func testTimeoutShowsCountdownAndExits124() throws {
        let p = try PTYProcess(["confirm", "--no-animation", "--timeout", "2", "Still there?"])
        try p.waitForText("2s")
        try p.waitForText("1s")
        p.type(K.tab) // a key: the idle timer starts again
        try p.waitFor("the countdown restarted") { $0.contains("2s") && $0.contains("< No >") }
        try p.waitForText("1s")
        try assertEnded(p, status: 124)
    }

    func testSignalsAndCtrlCRestoreTheTerminal() throws {
        for (how, status) in [("ctrl-c", Int32(130)), ("INT", 130), ("TERM", 143), ("HUP", 129)] {
            let p = try PTYProcess(["confirm", "--no-animation", "Proceed?"])
            try p.waitForText("< Yes >")
            switch how {
            case "ctrl-c": p.type(K.ctrlC)
            case "INT": p.signal(SIGINT)
            case "TERM": p.signal(SIGTERM)
            default: p.signal(SIGHUP)
            }
            try assertEnded(p, status: status)
        }
    }

    func testResizeRecentresAndTooSmallRecovers() throws {
        let p = try PTYProcess(["confirm", "--no-animation", "Disk is 95% full. Clean now?"], columns: 80, rows: 24)
        try p.waitForText("< Yes >")
        p.resize(columns: 120, rows: 40)
        try p.waitFor("recentred") { s in
            guard let top = s.trimmedLines.firstIndex(where: { $0.contains("╭") }),
                  let bottom = s.trimmedLines.firstIndex(where: { $0.contains("╰") }) else { return false }
            return abs(top - (39 - bottom)) <= 1 && s.lines[top].firstIndex(of: "╭").map { s.lines[top].distance(from: s.lines[top].startIndex, to: $0) > 20 } == true
        }
        p.resize(columns: 12, rows: 3)
        try p.waitForText("terminal to")
        p.resize(columns: 80, rows: 24)
        try p.waitForText("< Yes >")
        p.type("n")
        try assertEnded(p, status: 1)
    }

    func testTinyTerminal20x6() throws {
        let p = try PTYProcess(["confirm", "--no-animation", "Clean the disk now?"], columns: 20, rows: 6)
        try p.waitFor("fits") { $0.contains("Yes") && $0.contains("No") && $0.contains("╭") && $0.contains("╰") }
        XCTAssertFalse(p.screen.contains("too small"))
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testEscapeInjectionIsDrawnNotObeyed() throws {
        let evil = "hi\u{1B}]0;pwned\u{07}\u{1B}[2Jthere"
        let p = try PTYProcess(["message", "--no-animation", "--title", "t\u{1B}[31m", evil])
        try p.waitForText("^[]0;pwned^G^[[2Jthere")
        XCTAssertTrue(p.screen.contains("t^[[31m"))
        let raw = String(decoding: p.screen.raw, as: UTF8.self)
        XCTAssertFalse(raw.contains("\u{1B}]0;"), "no OSC reached the terminal")
        XCTAssertFalse(raw.contains("\u{1B}[31m"))
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testTextFromStdinWithDash() throws {
        let p = try PTYProcess(["message", "--no-animation", "-"], stdin: Array("from a pipe\n".utf8))
        try p.waitForText("from a pipe")
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testInlineDrawsBelowTheCursorAndErasesItself() throws {
        let p = try PTYProcess(["confirm", "--inline", "Proceed?"], columns: 60, rows: 20)
        try p.waitForText("< Yes >")
        XCTAssertFalse(p.screen.onAlternate)
        p.type(K.enter)
        try assertEnded(p, status: 0)
        XCTAssertFalse(p.screen.contains("Proceed?"), p.screen.text)
    }

    func testInlineKeyTypedBeforeTheCursorReportIsNotLost() throws {
        let p = try PTYProcess(["confirm", "--inline", "Proceed?"], columns: 60, rows: 20)
        try p.waitUntilRaw()
        p.type("y") // sent as the box is being placed, before its first frame is drawn
        try assertEnded(p, status: 0)
    }

    func testColorNeverAndNoColorUseNoColourButKeepFocusVisible() throws {
        let p = try PTYProcess(["confirm", "Proceed?"], environment: ["NO_COLOR": "1"])
        try p.waitForText("< Yes >")
        let raw = String(decoding: p.screen.raw, as: UTF8.self)
        XCTAssertFalse(raw.contains("38;"), "no foreground colours")
        XCTAssertFalse(raw.contains("48;"), "no background colours")
        XCTAssertEqual(p.screen.attributes(ofText: "< Yes >")?.reverse, true)
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testAnimatedTruecolorPopInRadialBackdropAndScaleOut() throws {
        let p = try PTYProcess(["confirm", "Proceed?"], environment: ["COLORTERM": "truecolor"])
        try p.waitFor("pop-in settled") { $0.contains("< Yes >") && $0.contains("Proceed?") }
        let raw = String(decoding: p.screen.raw, as: UTF8.self)
        XCTAssertTrue(raw.contains("48;2;"), "24-bit backdrop")
        let shades = Set(raw.split(separator: "\u{1B}").filter { $0.hasPrefix("[0;48;2;") })
        XCTAssertGreaterThan(shades.count, 2, "a radial shade has several rings")
        XCTAssertGreaterThan(raw.components(separatedBy: "\u{1B}[?2026h").count, 3, "several animation frames")
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testAsciiBoxOutsideUTF8Locales() throws {
        let p = try PTYProcess(["message", "--no-animation", "--title", "T", "plain"], environment: ["LANG": "C"])
        try p.waitForText("+- T -")
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testTtyFlagDrawsOnTheGivenTerminal() throws {
        let p = try PTYProcess(["confirm", "--no-animation", "Proceed?"], viaTTYFlag: true)
        try p.waitForText("< Yes >")
        p.type("y")
        try assertEnded(p, status: 0)
    }

    func testWhiptailEscapeExits255AndCancel1() throws {
        let esc = try PTYProcess(["--yesno", "Proceed?", "8", "40"])
        try esc.waitForText("Proceed?")
        esc.type(K.escape)
        try assertEnded(esc, status: 255)
        let no = try PTYProcess(["--yesno", "Proceed?", "8", "40"])
        try no.waitForText("Proceed?")
        no.type("n")
        try assertEnded(no, status: 1)
        let input = try PTYProcess(["--inputbox", "Name?", "8", "40", "Ann"])
        try input.waitForText("Ann")
        input.type(K.enter)
        try assertEnded(input, status: 0, stdout: "")
        XCTAssertEqual(input.stderrText, "Ann", "whiptail prints the answer on stderr, without a newline")
    }

    func testHelpAndVersion() throws {
        let help = try PTYProcess(["--help"])
        try assertEnded(help, status: 0, stdout: nil)
        XCTAssertTrue(help.stdoutText.contains("exit status:"))
        XCTAssertTrue(help.stdoutText.contains("124"))
        let version = try PTYProcess(["--version"])
        try assertEnded(version, status: 0, stdout: "alertty 0.1.0\n")
    }

    /// The pop-in ends on the box at its full size, not one frame short (it used to stop early in
    /// some runs, leaving the box a column or two narrower until the first key); keys act at once.
    func testThePopInEndsOnTheFullSizeBox() throws {
        let still = try PTYProcess(["confirm", "--no-animation", "--color", "always", "Reboot now?"])
        try still.waitForText("Reboot now?")
        let final = still.screen.text
        still.type("n")
        try assertEnded(still, status: 1)
        for _ in 0..<3 {
            let p = try PTYProcess(["confirm", "--color", "always", "Reboot now?"])
            try p.waitFor("the full-size box") { $0.text == final }
            p.type("n")
            try assertEnded(p, status: 1)
        }
    }
}
