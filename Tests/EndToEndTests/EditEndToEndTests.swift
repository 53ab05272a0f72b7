// `alertty edit` through every door: the box, line mode, an answer from the environment, the
// default without a person; and its errors.
import Foundation
import XCTest

final class EditEndToEndTests: XCTestCase {
    func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "alertty-edit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testTheBoxEditsAndOKPrintsTheText() throws {
        let path = try file("Welcome.\nBackups at 02:30.\n")
        let p = try PTYProcess(["edit", "--no-animation", path])
        try p.waitForText("Backups at 02:30.")
        p.type("Hello. ")
        p.type(PTYProcess.Keys.down + PTYProcess.Keys.end + "\rNew line")
        try p.waitForText("New line")
        p.type("\u{13}") // Ctrl-S: OK
        try assertEnded(p, status: 0, stdout: "Hello. Welcome.\nBackups at 02:30.\nNew line\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "Welcome.\nBackups at 02:30.\n", "the file itself is left alone")
    }

    /// An editor script for $EDITOR: it gets the file as its one argument.
    func editor(_ body: String) throws -> String {
        let path = try file("#!/bin/sh\n" + body + "\n")
        chmod(path, 0o755)
        return path
    }

    /// Ctrl-E hands the text to $EDITOR on the terminal (the box steps aside, the editor draws
    /// there) and takes it back byte for byte; the box comes back with it, OK prints it.
    func testCtrlEHandsTheTextToTheEditorAndTakesItBack() throws {
        // (It shows itself on the terminal and waits for a key there, as an editor does.)
        let appending = try editor("printf 'in the editor\\n'; read key </dev/tty; printf 'added by the editor\\n' >> \"$1\"")
        let p = try PTYProcess(["edit", "--no-animation", "--value", "first\n\ttabbed \u{1B} kept\n"], environment: ["EDITOR": appending, "VISUAL": ""])
        try p.waitForText("first")
        p.type("\u{05}") // Ctrl-E
        try p.waitFor("the editor has the terminal") { $0.contains("in the editor") && !$0.contains("first") }
        p.type("\r")
        try p.waitForText("added by the editor")
        p.type("\u{13}")
        try assertEnded(p, status: 0, stdout: "first\n\ttabbed \u{1B} kept\nadded by the editor\n")
    }

    /// An editor that fails or is killed leaves the text as it was, and the box says so.
    func testAnEditorThatFailsOrIsKilledLeavesTheTextAsItWas() throws {
        for (body, said) in [("echo changed > \"$1\"; exit 1", "the editor failed"), ("echo changed > \"$1\"; kill -9 $$", "the editor was killed")] {
            let p = try PTYProcess(["edit", "--no-animation", "--value", "as it was"], environment: ["EDITOR": try editor(body)])
            try p.waitForText("as it was")
            p.type("\u{05}")
            try p.waitForText(said)
            p.type("\u{13}")
            try assertEnded(p, status: 0, stdout: "as it was")
        }
    }

    func testChecksHoldOKAsInInput() throws {
        let p = try PTYProcess(["edit", "--no-animation", "--max-length", "5", "--validate-cmd", "grep -q ok", "--value", "ok, too long"])
        try p.waitForText("has more than 5 characters")
        p.type("\u{13}") // OK waits
        p.type(PTYProcess.Keys.end + String(repeating: PTYProcess.Keys.backspace, count: 10))
        try p.waitFor("the text checked and fitting") { !$0.contains("has more than") && !$0.contains("checking") }
        p.type("\u{13}")
        try assertEnded(p, status: 0, stdout: "ok")
    }

    func testCancelPrintsNothing() throws {
        let p = try PTYProcess(["edit", "--no-animation", "--value", "draft"])
        try p.waitForText("draft")
        p.type("x" + PTYProcess.Keys.escape)
        try assertEnded(p, status: 1, stdout: "")
    }

    func testLineModeReadsLinesUpToADot() throws {
        let p = try PTYProcess(["edit", "--plain", "--value", "old one\nold two"])
        try p.waitForText("| old two")
        p.type("new one\rnew two\r.\r")
        try assertEnded(p, status: 0, stdout: "new one\nnew two\n")
        let keep = try PTYProcess(["edit", "--plain", "--value", "kept"])
        try keep.waitForText("| kept")
        keep.type(".\r")
        try assertEnded(keep, status: 0, stdout: "kept")
    }

    func testWithoutAPersonTheTextComesFromTheEnvironmentOrStaysAsGiven() throws {
        let named = Subprocess.run("/usr/bin/env", ["ALERTTY_ANSWER_NOTE=line a\nline b\n", PTYProcess.binary, "edit", "--id", "note",
                                                    "--value", "old"], capture: true)
        XCTAssertEqual(named.status, 0)
        XCTAssertEqual(named.output, "line a\nline b\n")
        let kept = Subprocess.run(PTYProcess.binary, ["edit", "--non-interactive", "--value", "as given"], capture: true)
        XCTAssertEqual(kept.status, 0)
        XCTAssertEqual(kept.output, "as given")
    }

    func testWhatCannotBeEditedIsAUsageError() throws {
        let folder = Subprocess.run(PTYProcess.binary, ["edit", "/tmp"], capture: true)
        XCTAssertEqual(folder.status, 2)
        let big = NSTemporaryDirectory() + "alertty-edit-big-\(getpid())"
        createFile(big)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: big) }
        try FileHandle(forWritingAtPath: big)!.truncate(atOffset: 5 << 20)
        let tooBig = try PTYProcess(["edit", big])
        XCTAssertEqual(try tooBig.waitForExit(), 2)
        XCTAssertTrue(tooBig.stderrText.contains("over 4 MiB"), tooBig.stderrText)
        let both = try PTYProcess(["edit", "--value", "x", big])
        XCTAssertEqual(try both.waitForExit(), 2)
    }
}

extension EditEndToEndTests {
    /// In input and a form's text field, Ctrl-E is the end of the line as readline has it; at
    /// the end, the text goes to $EDITOR and comes back (its final newline dropped): the field's
    /// rules still decide. Several lines, a failing editor: the text as it was, said. Never a
    /// password's.
    func testCtrlEAtTheEndOfAFieldHandsItToTheEditor() throws {
        let appending = try editor("printf 'in the editor\\n'; read key </dev/tty; printf 'host-%s\\n' \"$(cat \"$1\")\" > \"$1\"")
        let p = try PTYProcess(["input", "--no-animation", "--min-length", "6", "--value", "db1"], environment: ["EDITOR": appending, "VISUAL": ""])
        try p.waitForText("db1")
        p.type(PTYProcess.Keys.home + "\u{05}") // Ctrl-E: the end, no editor
        p.type("x")
        try p.waitForText("db1x")
        p.type(PTYProcess.Keys.backspace + "\u{05}") // at the end: the editor
        try p.waitFor("the editor has the terminal") { $0.contains("in the editor") && !$0.contains("db1") }
        p.type("\r")
        try p.waitForText("host-db1")
        p.type(PTYProcess.Keys.enter)
        try assertEnded(p, status: 0, stdout: "host-db1\n")

        let lines = try editor("printf 'one\\ntwo\\n' > \"$1\"")
        let several = try PTYProcess(["input", "--no-animation", "--value", "kept"], environment: ["EDITOR": lines, "VISUAL": ""])
        try several.waitForText("kept")
        several.type("\u{05}")
        try several.waitForText("the editor wrote several lines")
        several.type(PTYProcess.Keys.enter)
        try assertEnded(several, status: 0, stdout: "kept\n")

        let form = try PTYProcess(["form", "--no-animation", "--field", "host", "text", "Host", "--field", "pw", "password", "Password"],
                                  environment: ["EDITOR": try editor("printf 'db2\\n' > \"$1\"; exit 1"), "VISUAL": ""])
        try form.waitForText("Host")
        form.type("\u{05}")
        try form.waitForText("the editor failed")
        form.type("db3" + PTYProcess.Keys.tab + "s3cret\u{05}" + PTYProcess.Keys.tab)
        try form.waitFor("Ctrl-E on a password: nothing") { !$0.contains("the editor") }
        form.type(PTYProcess.Keys.enter)
        try assertEnded(form, status: 0, stdout: "db3\ns3cret\n")
    }
}
