// A good citizen of shell scripts: answers without a person (ALERTTY_ANSWER_<ID>,
// ALERTTY_NONINTERACTIVE), ALERTTY_OPTIONS, --on-timeout default, and the rough edges a new
// user hit (Esc on a message, message layout, the folder picker, field keys, relative names).
import Foundation
import Glibc
import XCTest

final class ScriptingEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    /// Runs with no terminal interaction expected: nothing may be drawn.
    func headless(_ arguments: [String], _ environment: [String: String], status: Int32, stdout: String,
                  stderr: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let p = try PTYProcess(arguments, environment: environment)
        XCTAssertEqual(try p.waitForExit(), status, "stderr: \(p.stderrText)", file: file, line: line)
        XCTAssertEqual(p.stdoutText, stdout, file: file, line: line)
        if let stderr { XCTAssertEqual(p.stderrText, stderr, file: file, line: line) }
        XCTAssertEqual(p.screen.raw, [], "nothing drawn", file: file, line: line)
    }

    func testAnswersFromTheEnvironmentAreCheckedByTheSameRules() throws {
        try headless(["input", "--id", "email", "--validate", "email"], ["ALERTTY_ANSWER_EMAIL": "ann@example.com"],
                     status: 0, stdout: "ann@example.com\n")
        try headless(["input", "--id", "email", "--validate", "email"], ["ALERTTY_ANSWER_EMAIL": "ann@"], status: 2, stdout: "",
                     stderr: "alertty: prompt 'email': not an email address (name@example.com)\n")
        try headless(["input", "--id", "user", "--validate-cmd", "read u; [ \"$u\" = root ] || { echo no such user; exit 1; }"],
                     ["ALERTTY_ANSWER_USER": "bob"], status: 2, stdout: "", stderr: "alertty: prompt 'user': no such user\n")
        try headless(["confirm", "--id", "clean", "Clean?"], ["ALERTTY_ANSWER_CLEAN": "no"], status: 1, stdout: "")
        try headless(["confirm", "--id", "clean", "Clean?"], ["ALERTTY_ANSWER_CLEAN": "YES"], status: 0, stdout: "")
        try headless(["confirm", "--id", "clean", "Clean?"], ["ALERTTY_ANSWER_CLEAN": "perhaps"], status: 2, stdout: "")
        try headless(["choose", "--id", "tz", "--tagged", "--output", "tag", "Zone?", "utc", "UTC", "cet", "CET"],
                     ["ALERTTY_ANSWER_TZ": "CET"], status: 0, stdout: "cet\n")
        try headless(["choose", "--id", "parts", "--multi", "--min", "2", "Parts?", "core", "docs", "tests"],
                     ["ALERTTY_ANSWER_PARTS": "tests\n1"], status: 0, stdout: "core\ntests\n")
        try headless(["choose", "--id", "parts", "--multi", "--min", "2", "Parts?", "core", "docs"],
                     ["ALERTTY_ANSWER_PARTS": "docs"], status: 2, stdout: "", stderr: "alertty: prompt 'parts': choose at least 2\n")
        try headless(["password", "--id", "pw", "--min-length", "8"], ["ALERTTY_ANSWER_PW": "short"], status: 2, stdout: "")
    }

    func testSaveAnswersStayInTheSandbox() throws {
        let root = NSTemporaryDirectory() + "alertty-answers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/conf.d", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let save = ["save", "--id", "out", "--root", root, "--dir", root]
        try headless(save, ["ALERTTY_ANSWER_OUT": "conf.d/x.conf"], status: 0, stdout: root + "/conf.d/x.conf\n")
        try headless(save, ["ALERTTY_ANSWER_OUT": root + "/conf.d/y.conf"], status: 0, stdout: root + "/conf.d/y.conf\n")
        try headless(save, ["ALERTTY_ANSWER_OUT": "/etc/passwd"], status: 2, stdout: "")
        try headless(save, ["ALERTTY_ANSWER_OUT": "missing/x"], status: 2, stdout: "")
    }

    func testNonInteractiveTakesDefaultsOrExitsThree() throws {
        let quiet = ["ALERTTY_NONINTERACTIVE": "1"]
        try headless(["input", "--id", "port", "--validate", "int", "--value", "8080"], quiet, status: 0, stdout: "8080\n")
        try headless(["input", "--id", "port", "--validate", "int", "--value", "eighty"], quiet, status: 2, stdout: "",
                     stderr: "alertty: prompt 'port': must be a whole number\n")
        try headless(["confirm", "--default", "no", "Go?"], quiet, status: 1, stdout: "")
        try headless(["choose", "--selected", "zsh", "Shell?", "bash", "zsh"], quiet, status: 0, stdout: "zsh\n")
        try headless(["input", "--id", "name"], quiet, status: 3, stdout: "",
                     stderr: "alertty: prompt 'name' has no default to take without a person (ALERTTY_NONINTERACTIVE); set ALERTTY_ANSWER_NAME\n")
        try headless(["message", "--non-interactive", "Done"], [:], status: 0, stdout: "")
    }

    /// What the drop-in gives whiptail's and dialog's boxes are alertty flags of their own, each
    /// doing the same without the drop-in: the translated command line means what it says.
    func testTheDropInsWaysAreFlagsOfTheirOwn() throws {
        let quiet = ["ALERTTY_NONINTERACTIVE": "1"]
        try headless(["choose", "--marked", "zz", "--multi", "Q", "a", "b"], quiet, status: 2, stdout: "",
                     stderr: "alertty: --marked 'zz' names no item (a, b)\n")
        try headless(["choose", "--lenient-marks", "--marked", "zz", "--multi", "--min", "0", "Q", "a", "b"], quiet, status: 0, stdout: "")
        // Item 2's tag is "1": by tag alone, "1" is the second item, never the first by position.
        try headless(["choose", "--tagged", "--marks-by-tag", "--selected", "1", "Q", "x", "X", "1", "One"], quiet, status: 0, stdout: "1\n")
        try headless(["password", "--value", "s3cret", "Pw?"], quiet, status: 2, stdout: "",
                     stderr: "alertty: --value would put the secret in the process list (ps); use --value - to read it from stdin\n")
        try headless(["password", "--secret-in-arguments", "--value", "s3cret", "Pw?"], quiet, status: 0, stdout: "s3cret\n")
    }

    /// A time's default is now, and now may be outside --min..--max: without a person, and in
    /// line mode's prompt, the default taken is the nearer bound, never a refused time.
    func testATimesDefaultOutsideItsBoundsIsTheNearerBound() throws {
        // Two seconds half a day from now (not across midnight): now is always outside them.
        var start = (Int(Date().timeIntervalSince1970) + TimeZone.current.secondsFromGMT() + 43_200) % 86_400
        if start > 86_000 { start -= 1_000 }
        func clock(_ s: Int) -> String { String(format: "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) }
        let window = ["time", "--min", clock(start), "--max", clock(start + 1), "When?"]
        let p = try PTYProcess(window + ["--non-interactive"])
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
        XCTAssertTrue([clock(start) + "\n", clock(start + 1) + "\n"].contains(p.stdoutText), p.stdoutText)
        let line = try PTYProcess(window, environment: ["TERM": "dumb"])
        try line.waitForText("Answer [")
        line.type("\r")
        XCTAssertEqual(try line.waitForExit(), 0)
        XCTAssertTrue([clock(start) + "\n", clock(start + 1) + "\n"].contains(line.stdoutText), line.stdoutText)
    }

    func testAlerttyOptionsApplyUnderTheCallsOwnFlags() throws {
        try headless(["input", "--value", "42"], ["ALERTTY_NONINTERACTIVE": "1", "ALERTTY_OPTIONS": "--validate int --no-animation"],
                     status: 0, stdout: "42\n")
        try headless(["input", "--value", "x", "--validate", "none"],
                     ["ALERTTY_NONINTERACTIVE": "1", "ALERTTY_OPTIONS": "--validate int"], status: 0, stdout: "x\n")
        try headless(["message", "hi"], ["ALERTTY_OPTIONS": "--colour never"], status: 2, stdout: "",
                     stderr: "alertty: ALERTTY_OPTIONS: unknown option --colour; did you mean --color?\n")
        let p = try PTYProcess(["message", "--no-animation", "hi"], environment: ["ALERTTY_OPTIONS": "--title Scripted"])
        try p.waitForText("Scripted")
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testOnTimeoutTakesTheDefault() throws {
        let c = try PTYProcess(["confirm", "--no-animation", "--default", "no", "--timeout", "2", "--on-timeout", "default", "Go?"])
        try c.waitForText("No (2s)") // on the button that will be taken, not in the border
        try assertEnded(c, status: 1)
        let i = try PTYProcess(["input", "--no-animation", "--value", "fallback", "--timeout", "1", "--on-timeout", "default"])
        try assertEnded(i, status: 0, stdout: "fallback\n")
        let ch = try PTYProcess(["choose", "--no-animation", "--selected", "a", "--timeout", "2", "--on-timeout", "default", "Q", "a", "b"])
        try ch.waitForText("a  (2s)")
        ch.type(K.down) // a key starts the idle time again: the countdown moves to b, from 2 s
        try ch.waitForText("b  (2s)")
        try assertEnded(ch, status: 0, stdout: "b\n")
    }

    func testMessageKeepsItsLayoutAndEscIsZero() throws {
        let table = "Filesystem  Size  Used\n/dev/sda1    50G   20G\n\tindented\n\nafter a blank line"
        let p = try PTYProcess(["message", "--no-animation", "-"], stdin: Array(table.utf8))
        try p.waitForText("/dev/sda1    50G   20G")
        XCTAssertTrue(p.screen.contains("Filesystem  Size  Used"))
        XCTAssertTrue(p.screen.contains("        indented"), "a tab is an 8-column stop")
        p.type(K.escape)
        try assertEnded(p, status: 0)
        let compat = try PTYProcess(["--msgbox", "hi", "8", "30"])
        try compat.waitForText("hi")
        compat.type(K.escape)
        try assertEnded(compat, status: 255)
    }

    func testFolderPickerReturnsWhatItShows() throws {
        let root = NSTemporaryDirectory() + "alertty-folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/app1", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/app2", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The root itself can be chosen: "this folder" first, and Enter takes it, as line mode
        // and no person answer.
        let here = try PTYProcess(["folder", "--no-animation", "--width", "190", "--root", root, "--dir", root], columns: 200)
        try here.waitFor("the root as the choice") { $0.text.split(separator: "\n").contains { $0.contains("Choose: " + root) && !$0.contains(root + "/") } }
        XCTAssertTrue(here.screen.contains("✓ this folder"), here.screen.text)
        here.type(K.enter)
        try assertEnded(here, status: 0, stdout: root + "\n")
        let p = try PTYProcess(["folder", "--no-animation", "--width", "190", "--root", root, "--dir", root], columns: 200)
        try p.waitForText("this folder")
        XCTAssertTrue(p.screen.contains("Ctrl-O choose"), "the key that chooses is in the hints")
        p.type(K.down)
        try p.waitForText("Choose: " + root + "/app1")
        p.type(K.down)
        try p.waitForText("Choose: " + root + "/app2")
        p.type("\u{0F}") // Ctrl-O
        try assertEnded(p, status: 0, stdout: root + "/app2\n")
    }

    func testFieldArrowsAndRelativeNamesInSave() throws {
        let p = try PTYProcess(["input", "--no-animation", "--value", "x"])
        try p.waitForText("Cancel")
        p.type(K.down) // to OK
        try p.waitForText("< OK >")
        p.type(K.up + "y" + K.enter)
        try assertEnded(p, status: 0, stdout: "xy\n")

        let root = NSTemporaryDirectory() + "alertty-rel-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/conf.d", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let s = try PTYProcess(["save", "--no-animation", "--root", root, "--dir", root])
        try s.waitForText("Name:")
        s.type("conf.d/x.conf" + K.enter)
        try assertEnded(s, status: 0, stdout: root + "/conf.d/x.conf\n")
    }

    func testLinuxConsoleGetsSquareCornersAndSixteenColours() throws {
        let p = try PTYProcess(["confirm", "--no-animation", "Q?"], environment: ["TERM": "linux", "COLORTERM": "truecolor"])
        try p.waitForText("┌")
        XCTAssertFalse(p.screen.contains("╭"))
        XCTAssertFalse(String(decoding: p.screen.raw, as: UTF8.self).contains("38;2;"), "no 24-bit colour on the console")
        p.type(K.enter)
        try assertEnded(p, status: 0)
    }

    func testBacktitleIsDrawnAndNoCancelHidesCancel() throws {
        let p = try PTYProcess(["--backtitle", "Setup wizard", "--nocancel", "--inputbox", "Name", "8", "40", "Ann"])
        try p.waitForText("Name")
        XCTAssertTrue(p.screen.lines[0].contains("Setup wizard"), "the backtitle is on the top line")
        XCTAssertFalse(p.screen.contains("  Cancel  ") || p.screen.contains("< Cancel >"), "--nocancel: no Cancel button (Esc still cancels)")
        p.type(K.tab + K.tab + K.enter) // Tab cycles field and OK only
        try assertEnded(p, status: 0, stdout: "")
        XCTAssertEqual(p.stderrText, "Ann")
    }
}
