// Line mode in a pseudo-terminal: the exact lines a person (or a screen reader) gets, never an
// escape byte, re-asking, exit statuses, a password never echoed, and TERM=dumb choosing it.
import Foundation
import Glibc
import XCTest

final class LineModeEndToEndTests: XCTestCase {
    let dumb = ["TERM": "dumb"]

    func start(_ arguments: [String], environment: [String: String]? = nil, stdin: [UInt8]? = nil) throws -> PTYProcess {
        try PTYProcess(arguments, environment: environment ?? dumb, stdin: stdin)
    }

    /// The screen's non-empty lines.
    func lines(_ p: PTYProcess) -> [String] { p.screen.trimmedLines.filter { !$0.isEmpty } }

    func assertPlain(_ p: PTYProcess, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(p.screen.raw.contains(0x1B), "no ESC byte was written", file: file, line: line)
        XCTAssertFalse(p.screen.onAlternate, file: file, line: line)
    }

    /// dialog's keys submit a form from any field in the box; line mode asks every field, even
    /// when an answer waits for its field's check (the drop-in passes --dialog-keys for dialog).
    func testAFormWithDialogKeysAsksEveryFieldThoughAnAnswerWaitsForItsCheck() throws {
        let p = try start(["form", "--dialog-keys", "--field", "user", "text", "User", "--validate-cmd", "sleep 0.2",
                           "--field", "host", "text", "Host"])
        try p.waitForText("User:")
        p.type("ann\r")
        try p.waitForText("Host:")
        p.type("db\r")
        try assertEnded(p, status: 0, stdout: "ann\ndb\n")
        assertPlain(p)
    }

    func testTheExtraAndHelpButtonsAreTypedAsColonWords() throws {
        let c = try start(["confirm", "--extra-button", "Later", "--help-button", "Help", "Update now?"])
        try c.waitForText("Update now? [Y/n]")
        XCTAssertEqual(lines(c), ["(Also: \":extra\" for Later, \":help\" for Help.)", "Update now? [Y/n]"])
        c.type(":later\r")
        try assertEnded(c, status: 5)
        assertPlain(c)

        let later = try start(["confirm", "--extra-button", "Later", "--default", "extra", "Update now?"])
        try later.waitForText("Update now? [y/n, Enter: Later]")
        later.type("\r")
        try assertEnded(later, status: 5)

        let list = try start(["choose", "--help-button", "Help", "Shell?", "bash", "zsh"])
        try list.waitForText("Choose 1-2")
        list.type(":help\r")
        try assertEnded(list, status: 6, stdout: "bash\n") // the focused item

        let secret = try start(["password", "--help-button", "Help", "--value", "-"], stdin: Array("x".utf8))
        try secret.waitForText("Password:")
        secret.type(":help\r")
        try assertEnded(secret, status: 0, stdout: ":help\n") // in a secret, it is the password
    }

    func testMessageAndConfirm() throws {
        let m = try start(["message", "--title", "Backup", "Backup finished.\nAll good."])
        try m.waitForText("Press Enter to continue")
        XCTAssertEqual(lines(m), ["Backup", "Backup finished.", "All good.", "Press Enter to continue"])
        m.type("\r")
        try assertEnded(m, status: 0)
        assertPlain(m)

        let c = try start(["confirm", "Disk is full. Clean now?"])
        try c.waitForText("Clean now? [Y/n]")
        c.type("maybe\r")
        try c.waitForText("Please answer y or n.")
        // (asked again before the next key: what is typed before the prompt may be a stray key)
        try c.waitFor("the question asked again") { $0.text.components(separatedBy: "Clean now? [Y/n]").count >= 3 }
        c.type("\r") // the default
        try assertEnded(c, status: 0)
        assertPlain(c)

        let no = try start(["confirm", "--default", "no", "Delete?"])
        try no.waitForText("Delete? [y/N]")
        no.type("YES\r")
        try assertEnded(no, status: 0)
        let cancel = try start(["confirm", "Go?"])
        try cancel.waitForText("[Y/n]")
        cancel.type("\u{04}") // Ctrl-D: end of input cancels
        try assertEnded(cancel, status: 1)
    }

    /// With no locale at all (cron, `env -i`, an agent asking for a job) the lines stay lines:
    /// only what is not ASCII is written as a look-alike.
    func testWithoutALocaleLinesStayLines() throws {
        let p = try start(["input", "--value", "db1", "Host name – primary?"], environment: ["TERM": "dumb", "LANG": ""])
        try p.waitForText("Answer [db1]:")
        XCTAssertEqual(lines(p), ["Host name - primary?", "Answer [db1]:"])
        p.type("\r")
        try assertEnded(p, status: 0, stdout: "db1\n")
        assertPlain(p)
    }

    func testInputReasksWithTheReasonAndRunsTheValidateCommand() throws {
        let p = try start(["input", "--title", "Your email", "--validate", "email"])
        try p.waitForText("Your email: ")
        p.type("ann@\r")
        try p.waitForText("not an email address")
        // The prompt again before typing: text typed earlier is echoed ahead of it.
        try p.waitFor("the prompt again") { $0.trimmedLines.filter { $0.hasPrefix("Your email:") }.count == 2 }
        p.type("ann@example.com\r")
        try assertEnded(p, status: 0, stdout: "ann@example.com\n")
        XCTAssertEqual(lines(p), ["Your email: ann@", "not an email address (name@example.com)", "Your email: ann@example.com"])
        assertPlain(p)

        let v = try start(["input", "--title", "User", "--validate-cmd", "read u; [ \"$u\" = root ] || { echo no such user; exit 1; }"])
        try v.waitForText("User: ")
        v.type("bob\r")
        try v.waitForText("no such user")
        v.type("root\r")
        try assertEnded(v, status: 0, stdout: "root\n")
    }

    func testPasswordIsNeverEchoedAndAskedTwice() throws {
        let p = try start(["password", "--title", "New password", "--confirm", "--min-length", "4"])
        try p.waitForText("Enter it: ")
        XCTAssertFalse(p.echoing, "the terminal does not echo while the secret is typed")
        p.type("s3cret\r")
        try p.waitForText("Retype to confirm: ")
        XCTAssertFalse(p.echoing)
        p.type("s3cret\r")
        try assertEnded(p, status: 0, stdout: "s3cret\n")
        XCTAssertTrue(p.echoing, "echo restored")
        XCTAssertFalse(p.screen.text.contains("s3cret"), "the secret never shows")
        XCTAssertFalse(String(decoding: p.screen.raw, as: UTF8.self).contains("s3cret"))
        assertPlain(p)
    }

    /// What the box shows is said: the title of a secret asked twice, and why a second entry
    /// was refused before the first is asked again (the box says "the entries did not match").
    func testASecretAskedTwiceSaysItsTitleAndWhyTheEntriesWereRefused() throws {
        let p = try start(["password", "--title", "Admin password", "--confirm"])
        try p.waitForText("Enter it: ")
        XCTAssertTrue(p.screen.contains("Admin password"), p.screen.text)
        p.type("one1\r")
        try p.waitForText("Retype to confirm: ")
        p.type("two2\r")
        try p.waitForText("the entries did not match")
        p.type("one1\r")
        try p.waitFor("the second entry asked again") { $0.text.components(separatedBy: "Retype to confirm:").count == 3 }
        p.type("one1\r")
        try assertEnded(p, status: 0, stdout: "one1\n")
    }

    /// Every program name's --help prints help; the no-terminal message names every way to answer.
    func testHelpForEveryNameAndTheWaysToAnswerWithoutATerminal() throws {
        let help = try PTYProcess(["--help"], executable: PTYProcess.binary(named: "alertty-askpass"))
        try assertEnded(help, status: 0, stdout: nil)
        XCTAssertTrue(help.stdoutText.contains("SSH_ASKPASS"), help.stdoutText)
        XCTAssertFalse(help.screen.onAlternate, "no box titled --help")
        let none = Subprocess.run("/usr/bin/setsid", ["-w", PTYProcess.binary, "confirm", "--id", "wipe", "Wipe?"], capture: true)
        XCTAssertEqual(none.status, 3)
        let message = Subprocess.run("/bin/sh", ["-c", "setsid -w '\(PTYProcess.binary)' confirm --id wipe Wipe? 2>&1 </dev/null"], capture: true).output
        for way in ["--tty PATH", "ALERTTY_ANSWER_WIPE", "--non-interactive"] { XCTAssertTrue(message.contains(way), message) }
    }

    func testChooseNumberedPagedAndMulti() throws {
        let p = try start(["choose", "Login shell?", "bash", "zsh", "fish"])
        try p.waitForText("Choose 1-3")
        XCTAssertEqual(lines(p), ["Login shell?", "1) bash", "2) zsh", "3) fish", "Choose 1-3 (Enter cancels):"])
        p.type("7\r")
        try p.waitForText("Type one number from 1 to 3.")
        p.type("2\r")
        try assertEnded(p, status: 0, stdout: "zsh\n")
        assertPlain(p)

        let many = try start(["choose", "Pick"] + (1...45).map { "item\($0)" })
        try many.waitForText("more: Enter")
        XCTAssertFalse(many.screen.contains("21) item21"))
        many.type("\r")
        try many.waitForText("40) item40")
        many.type("41\r")
        try assertEnded(many, status: 0, stdout: "item41\n")

        let multi = try start(["choose", "--multi", "--min", "2", "Parts?", "core", "docs", "examples", "tests"])
        try multi.waitForText("q cancels")
        multi.type("3\r")
        try multi.waitForText("choose at least 2")
        multi.type("1 3-4\r")
        try assertEnded(multi, status: 0, stdout: "core\nexamples\ntests\n")
    }

    func testSaveAndFolderInLines() throws {
        let root = NSTemporaryDirectory() + "alertty-plain-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        createFile(root + "/a.txt")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let p = try start(["save", "--root", root, "--dir", root])
        try p.waitForText("a file name to save")
        XCTAssertTrue(p.screen.contains("1) docs/"))
        p.type("1\r")
        try p.waitForText("In: \(root)/docs")
        p.type("+made\r")
        try p.waitForText("In: \(root)/docs/made")
        p.type("..\r")
        try p.waitFor("back in docs") { $0.trimmedLines.last(where: { $0.hasPrefix("In: ") }) == "In: \(root)/docs" }
        p.type("report.txt\r")
        try assertEnded(p, status: 0, stdout: root + "/docs/report.txt\n")
        assertPlain(p)

        let f = try start(["folder", "--root", root, "--dir", root])
        try f.waitForText("Enter chooses this folder")
        f.type("../..\r")
        try f.waitForText("outside")
        f.type("docs\r")
        try f.waitForText("In: \(root)/docs")
        f.type("\r")
        try assertEnded(f, status: 0, stdout: root + "/docs\n")
    }

    func testProgressLinesPerTenPercent() throws {
        let p = try start(["progress", "Copying"], stdin: Array("5\n12\n18\n# Verifying\n35\n100\n".utf8))
        _ = try p.waitForExit()
        XCTAssertEqual(p.exitStatus, 0)
        let shown = lines(p)
        XCTAssertEqual(shown.first, "Copying")
        XCTAssertEqual(shown.last, "100% Verifying", "\(shown)")
        XCTAssertEqual(Set(shown).count, shown.count, "a line per change, never the same line again")
        let raw = String(decoding: p.screen.raw, as: UTF8.self)
        XCTAssertFalse(raw.replacingOccurrences(of: "\r\n", with: "").contains("\r"), "no carriage-return animation")
        assertPlain(p)
    }

    func testAskedForByFlagOrEnvironmentAndEscapesNeverWritten() throws {
        for environment in [["ALERTTY_PLAIN": "1"], ["ACCESSIBLE": "1"], ["TERM": ""]] {
            let p = try start(["message", "\u{1B}]52;c;eA==\u{07} hi"], environment: environment)
            try p.waitForText("Press Enter")
            XCTAssertTrue(p.screen.contains("^[]52;c;eA==^G hi"), "untrusted text still drawn visibly")
            p.type("\r")
            try assertEnded(p, status: 0)
            assertPlain(p)
        }
        let flag = try start(["confirm", "--plain", "Go?"], environment: ["TERM": "xterm-256color"])
        try flag.waitForText("Go? [Y/n]")
        flag.type("n\r")
        try assertEnded(flag, status: 1)
        assertPlain(flag)
        let t = try start(["input", "--timeout", "1", "--title", "Name"])
        try t.waitForText("Name: ")
        try assertEnded(t, status: 124)
    }
}

extension LineModeEndToEndTests {
    func testATreeIsChosenByItsItemsWithoutTheirIndentation() throws {
        let p = try PTYProcess(["choose", "--tree", "--plain", "Config?", "etc", "  apt", "    sources.list", "home"])
        try p.waitForText("Choose 1-4")
        p.type("3\r")
        try assertEnded(p, status: 0, stdout: "sources.list\n")
        let scripted = Subprocess.run("/usr/bin/env", ["ALERTTY_ANSWER_CFG=sources.list", PTYProcess.binary, "choose", "--tree", "--id", "cfg",
                                                       "Config?", "etc", "  apt", "    sources.list"], capture: true)
        XCTAssertEqual(scripted.output, "sources.list\n")
    }

    func testOrderKeepsTheOrderTheNumbersAreTyped() throws {
        let p = try PTYProcess(["choose", "--multi", "--order", "--plain", "Order?", "apple", "banana", "cherry"])
        try p.waitForText("Choose")
        p.type("3 1\r")
        try assertEnded(p, status: 0, stdout: "cherry\napple\n")
        let scripted = Subprocess.run("/usr/bin/env", ["ALERTTY_ANSWER_O=banana\napple", PTYProcess.binary, "choose", "--multi", "--order",
                                                       "--id", "o", "Order?", "apple", "banana", "cherry"], capture: true)
        XCTAssertEqual(scripted.output, "banana\napple\n")
    }


    func testARenameInTheBox() throws {
        let p = try PTYProcess(["choose", "--editable", "--no-animation", "Rename?", "Apple", "Banana"])
        try p.waitForText("Rename")
        p.type(PTYProcess.Keys.down + PTYProcess.Keys.tab + PTYProcess.Keys.tab + "\r")
        try p.waitForText("Esc back")
        p.type(" split\r")
        try assertEnded(p, status: 5, stdout: "Banana\tBanana split\n")
    }


    func testARenameInLineMode() throws {
        let p = try PTYProcess(["choose", "--editable", "--plain", "Rename?", "Apple", "Banana"])
        try p.waitForText("for Rename")
        p.type(":rename\r")
        try p.waitForText("Rename which?")
        p.type("2\r")
        try p.waitForText("New label for Banana")
        p.type("Banana split\r")
        try assertEnded(p, status: 5, stdout: "Banana\tBanana split\n")
    }

}
