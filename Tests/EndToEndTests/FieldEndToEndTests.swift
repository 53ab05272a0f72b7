// input and password, end to end in a pseudo-terminal.
import Foundation
import Glibc
import XCTest

final class FieldEndToEndTests: XCTestCase {
    func ended(_ p: PTYProcess, _ status: Int32, _ stdout: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertEnded(p, status: status, stdout: stdout, file: file, line: line)
    }

    func testTypeEditAndSubmit() throws {
        let p = try PTYProcess(["input", "--no-animation", "--title", "Name", "--placeholder", "your name"])
        try p.waitForText("your name")
        p.type("Jon")
        try p.waitForText("Jon ")
        p.type(K.left + "h" + K.end + "ny" + K.backspace)
        try p.waitForText("Johnn")
        p.type(K.enter)
        try ended(p, 0, "Johnn\n")
    }

    func testEnterIsBlockedWhileInvalidThenAccepted() throws {
        let p = try PTYProcess(["input", "--no-animation", "--validate", "email"])
        // Before a key, what the rule asks, muted; not a refusal of what nobody typed.
        try p.waitForText("an email address")
        XCTAssertFalse(p.screen.contains("not an email address"))
        let hint = p.screen.attributes(ofText: "an email address")
        p.type("bob")
        try p.waitForText("not an email address")
        XCTAssertNotEqual(p.screen.attributes(ofText: "not an email address")?.foreground, hint?.foreground, "an error now, a hint before")
        try p.waitForText("bob")
        p.type(K.enter)
        // Still asking: the reason is there and OK is drawn disabled (dim, no focus brackets).
        p.type("@")
        try p.waitForText("bob@")
        XCTAssertTrue(p.screen.contains("not an email address"))
        XCTAssertEqual(p.screen.attributes(ofText: "OK")?.dim, true)
        p.type("x.org")
        try p.waitFor("valid") { !$0.contains("not an email") }
        p.type(K.enter)
        try ended(p, 0, "bob@x.org\n")
    }

    func testPasteIsOneEventAndNeverSubmits() throws {
        let p = try PTYProcess(["input", "--no-animation"])
        try p.waitForText("OK")
        p.type(K.paste("two\nlines\r\u{1B}[2J"))
        try p.waitForText("two lines [2J")
        p.type(K.enter)
        try ended(p, 0, "two lines [2J\n")
    }

    func testCJKAndEmojiRoundTripByteExact() throws {
        let text = "日本語 é 😀 🇫🇷 👩‍💻"
        let p = try PTYProcess(["input", "--no-animation"])
        try p.waitForText("OK")
        p.type(text)
        try p.waitForText("😀")
        p.type(K.enter)
        try ended(p, 0, text + "\n")
        XCTAssertEqual(p.stdout, Array((text + "\n").utf8))
    }

    /// A slow line (a serial console, ssh over a bad link) can deliver one character's bytes
    /// apart, later than the Esc timeout: the character still arrives whole, not dropped.
    func testACharacterWhoseBytesArriveApartIsKept() throws {
        let p = try PTYProcess(["input", "--no-animation"])
        try p.waitForText("OK")
        let bytes = Array("é😀".utf8)
        p.send(Array(bytes[..<4]))
        usleep(150_000) // the slow line: a gap six times the 25 ms Esc timeout (a scenario, not a wait for state)
        p.send(Array(bytes[4...]))
        try p.waitForText("é😀")
        p.type(K.enter)
        try ended(p, 0, "é😀\n")
    }

    /// A big paste over a slow link arrives in pieces, further apart than the Esc timeout: its
    /// newline is still the paste's (a space in the field), never Enter.
    func testAPasteInPiecesNeverSubmits() throws {
        let p = try PTYProcess(["input", "--no-animation"])
        try p.waitForText("OK")
        p.type("\u{1B}[200~two")
        usleep(150_000) // the slow link: a gap six times the 25 ms Esc timeout (a scenario, not a wait for state)
        p.type("\nlines\u{1B}[201~")
        try p.waitForText("two lines")
        XCTAssertFalse(p.hasExited(), "the paste's newline did not submit")
        p.type(K.enter)
        try ended(p, 0, "two lines\n")
    }

    func testBackspaceRemovesAWholeGrapheme() throws {
        let p = try PTYProcess(["input", "--no-animation"])
        try p.waitForText("OK")
        p.type("a🇫🇷" + K.backspace + "b")
        try p.waitForText("ab")
        p.type(K.enter)
        try ended(p, 0, "ab\n")
    }

    func testValueFromStdinAndEscape() throws {
        let p = try PTYProcess(["input", "--no-animation", "--value", "-"], stdin: Array("preset\n".utf8))
        try p.waitForText("preset")
        p.type(K.escape)
        try ended(p, 1, "")
    }

    func testValidateCommandValidAndInvalidWithReason() throws {
        let dir = NSTemporaryDirectory() + "alertty-vc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let command = "cat > '\(dir)/stdin'; env > '\(dir)/env'; grep -qx alice '\(dir)/stdin' || { echo \"not alice\"; exit 1; }"
        let p = try PTYProcess(["input", "--no-animation", "--validate-cmd", command])
        try p.waitForText("not alice")
        p.type("bob")
        try p.waitFor("bob checked") { $0.contains("bob") && $0.contains("not alice") }
        p.type(K.enter)
        p.type(K.ctrlU + "alice")
        try p.waitFor("alice accepted") { $0.contains("alice") && !$0.contains("not alice") && !$0.contains("checking") }
        p.type(K.enter)
        try ended(p, 0, "alice\n")
        XCTAssertEqual(try String(contentsOfFile: dir + "/stdin", encoding: .utf8), "alice", "the answer arrives on stdin")
        XCTAssertFalse(try String(contentsOfFile: dir + "/env", encoding: .utf8).contains("alice"), "never in the environment")
    }

    func testEnterDuringASlowCheckSubmitsWhenItSaysValid() throws {
        let p = try PTYProcess(["input", "--no-animation", "--validate-cmd", "sleep 0.3; exit 0"])
        try p.waitForText("OK")
        p.type("x")
        try p.waitForText("checking")
        p.type(K.enter)
        try ended(p, 0, "x\n")
    }

    func testHangingCheckIsKilledAndCountsAsInvalid() throws {
        let p = try PTYProcess(["input", "--no-animation", "--validate-cmd", "sleep 30", "--validate-timeout", "0.3"])
        try p.waitForText("the check gave no answer within 0.3 s")
        p.type(K.enter) // blocked
        p.type("y")
        try p.waitForText("checking")
        try p.waitForText("the check gave no answer")
        p.type(K.escape)
        try ended(p, 1, "")
    }

    func testTimeoutFiresWhileTyping() throws {
        let p = try PTYProcess(["input", "--no-animation", "--timeout", "1"])
        try p.waitForText("OK")
        p.type("a")
        try ended(p, 124, "")
    }

    func testBadRegexIsUsageError() throws {
        let p = try PTYProcess(["input", "--regex", "a(b"])
        try ended(p, 2, "")
        XCTAssertTrue(p.stderrText.hasPrefix("alertty: --regex 'a(b' is not a valid pattern: "), p.stderrText)
        XCTAssertTrue(p.screen.raw.isEmpty)
    }

    // MARK: - Password

    /// Neither the screen nor anything written to the terminal holds the secret or a 2+ character prefix of it.
    func assertNoLeak(_ secret: String, _ p: PTYProcess, file: StaticString = #filePath, line: UInt = #line) {
        let raw = String(decoding: p.screen.raw, as: UTF8.self)
        let screen = p.screen.text + "\n" + p.screen.scrollback.joined(separator: "\n")
        for n in 2...secret.count {
            let prefix = String(secret.prefix(n))
            XCTAssertFalse(screen.contains(prefix), "screen shows '\(prefix)'", file: file, line: line)
            XCTAssertFalse(raw.contains(prefix), "terminal received '\(prefix)'", file: file, line: line)
        }
    }

    func testPasswordIsMaskedAndPrintedExactly() throws {
        let secret = "Zq9xW7vK"
        let p = try PTYProcess(["password", "--no-animation", "--title", "Sign in"])
        try p.waitForText("Sign in")
        p.type(secret)
        try p.waitForText("••••••••")
        p.resize(columns: 70, rows: 20)
        try p.waitForText("••••••••")
        assertNoLeak(secret, p)
        p.type(K.enter)
        try ended(p, 0, secret + "\n")
        assertNoLeak(secret, p)
    }

    func testPasswordCtrlCLeavesNoTrace() throws {
        let secret = "Qw3rTy9p"
        let p = try PTYProcess(["password", "--no-animation", "--inline"])
        try p.waitForText("OK")
        p.type(secret)
        try p.waitForText("••••••••")
        p.type(K.ctrlC)
        try ended(p, 130, "")
        assertNoLeak(secret, p)
        XCTAssertFalse(p.screen.contains("•"), "the inline box was erased")
    }

    func testPasswordConfirmMatchAndMismatch() throws {
        let p = try PTYProcess(["password", "--no-animation", "--confirm"])
        try p.waitForText("Enter it:")
        p.type("abc" + K.enter)
        try p.waitForText("Retype to confirm:")
        p.type("abd" + K.enter)
        try p.waitForText("the entries did not match")
        try p.waitForText("Enter it:")
        p.type("abc" + K.enter)
        try p.waitForText("Retype to confirm:")
        p.type("abc" + K.enter)
        try ended(p, 0, "abc\n")
    }

    /// The second entry asks one thing, the first again: a muted "must match" while it agrees so
    /// far, never the rule's "needs at least 8 characters (0 so far)" under an empty field after a
    /// valid first entry; red once it differs. Line mode says no such refusal either.
    func testARetypeSaysOnlyThatItMustMatch() throws {
        let p = try PTYProcess(["password", "--no-animation", "--min-length", "8", "--confirm"])
        try p.waitForText("Enter it:")
        p.type("longenough" + K.enter)
        try p.waitForText("Retype to confirm:")
        try p.waitForText("must match the first entry")
        XCTAssertFalse(p.screen.contains("needs at least"), p.screen.text)
        let hint = p.screen.attributes(ofText: "must match the first entry")
        p.type("lonx")
        try p.waitForText("does not match the first entry")
        XCTAssertNotEqual(p.screen.attributes(ofText: "does not match the first entry")?.foreground, hint?.foreground)
        p.type(K.backspace + "genough" + K.enter)
        try ended(p, 0, "longenough\n")

        let l = try PTYProcess(["password", "--min-length", "8", "--confirm"], environment: ["TERM": "dumb"])
        try l.waitForText("Enter it:")
        l.type("longenough\r")
        try l.waitForText("Retype to confirm:")
        l.type("longenough\r")
        try ended(l, 0, "longenough\n")
        XCTAssertFalse(l.screen.contains("needs at least"), l.screen.text)
    }

    func testHiddenMaskWritesNoBytesPerKey() throws {
        let p = try PTYProcess(["password", "--no-animation", "--mask", ""])
        try p.waitForText("OK")
        p.pump(waitMs: 100)
        let before = p.screen.raw.count
        p.type("s")
        p.type("e")
        p.type("c")
        // Prove the keys were handled: Ctrl-U empties the field, Enter then submits the empty answer.
        p.type(K.enter)
        try ended(p, 0, "sec\n")
        let written = String(decoding: p.screen.raw[before...], as: UTF8.self)
        // Only the exit sequences follow: nothing was drawn for the three keys.
        XCTAssertFalse(written.contains("\u{1B}[?2026h"), "no frame was drawn for the keys: \(written.debugDescription)")
    }

    func testPasswordValueInArgvIsRefused() throws {
        let p = try PTYProcess(["password", "--value", "hunter2"])
        try ended(p, 2, "")
        XCTAssertTrue(p.stderrText.contains("process list"))
    }

    func testPasswordValueFromStdin() throws {
        let p = try PTYProcess(["password", "--no-animation", "--value", "-"], stdin: Array("pre\n".utf8))
        try p.waitForText("•••")
        p.type("x" + K.enter)
        try ended(p, 0, "prex\n")
    }

    /// input --suggest: the first word that completes the text shows in grey after the cursor;
    /// Tab takes it, Right at the end too, Up and Down go through the others; a word taken is
    /// typed, so the field's rules still refuse it.
    func testSuggestionsCompleteTheTextAsItIsTyped() throws {
        let words = ["--suggest", "production", "--suggest", "preview", "--suggest", "staging"]
        let p = try PTYProcess(["input", "--no-animation"] + words + ["Environment?"])
        try p.waitForText("Environment?")
        p.type("p")
        try p.waitFor("the ghost") { $0.text.contains("production") }
        XCTAssertEqual(p.screen.attributes(ofText: "roduction")?.dim ?? false || p.screen.attributes(ofText: "roduction") != p.screen.attributes(ofText: "p"),
                       true, "drawn apart from the text")
        p.type(PTYProcess.Keys.down)
        try p.waitFor("the next match") { $0.text.contains("preview") && !$0.text.contains("production") }
        p.type(PTYProcess.Keys.tab + "\r")
        try assertEnded(p, status: 0, stdout: "preview\n")

        let right = try PTYProcess(["input", "--no-animation"] + words + ["Environment?"])
        try right.waitForText("Environment?")
        right.type("st")
        try right.waitFor("the ghost") { $0.text.contains("staging") }
        right.type(PTYProcess.Keys.right + "\r")
        try assertEnded(right, status: 0, stdout: "staging\n")

        // Taken, then refused by the field's own rule: it is only typed.
        let refused = try PTYProcess(["input", "--no-animation", "--regex", "^[a-z]+$", "--suggest", "prod-eu", "Environment?"])
        try refused.waitForText("Environment?")
        refused.type("pr" + PTYProcess.Keys.tab)
        try refused.waitFor("taken, and refused") { $0.text.contains("prod-eu") && $0.text.contains("must match") }
        refused.type("\r")
        refused.type(PTYProcess.Keys.escape)
        try assertEnded(refused, status: 1)
    }

    /// Line mode says the suggestions before the prompt; the answer is typed whole.
    func testLineModeSaysTheSuggestions() throws {
        let p = try PTYProcess(["input", "--plain", "--suggest", "production", "--suggest", "staging", "Environment?"])
        try p.waitForText("Suggestions: production, staging")
        p.type("staging\r")
        try assertEnded(p, status: 0, stdout: "staging\n")
    }
}

extension FieldEndToEndTests {
    /// --suggest-cmd: suggestions from a command as the text changes (the text on its stdin); one
    /// that hangs never holds the field up, and its run is stopped.
    func testSuggestionsFromACommandAsTheTextChanges() throws {
        let command = "read t; for host in db1 db2 web1; do case $host in \"$t\"*) echo $host;; esac; done"
        let p = try PTYProcess(["input", "--no-animation", "--suggest-cmd", command, "Host?"])
        try p.waitForText("Host?")
        p.type("w")
        try p.waitFor("the command's word") { $0.text.contains("web1") }
        p.type(PTYProcess.Keys.tab + "\r")
        try assertEnded(p, status: 0, stdout: "web1\n")

        let hangs = try PTYProcess(["input", "--no-animation", "--validate-timeout", "1", "--suggest-cmd", "sleep 30 # hangs-marker", "Host?"])
        try hangs.waitForText("Host?")
        hangs.type("abc")
        try hangs.waitFor("typed while it hangs") { $0.text.contains("abc") }
        hangs.type(PTYProcess.Keys.backspace + "\r")
        try assertEnded(hangs, status: 0, stdout: "ab\n")
        XCTAssertTrue(Processes.sleeps("hangs-marker").isEmpty || Processes.waitUntilGone("hangs-marker").isEmpty, "its run stopped")
    }

    /// --complete path:ROOT: names inside the root as the text is typed (a folder's with a /),
    /// never above it: `..`, an absolute path and a link out of it complete nothing.
    func testPathsCompleteInsideTheirRoot() throws {
        let root = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: root + "/logs", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/logs/app.log", contents: Data())
        _ = FileManager.default.createFile(atPath: root + "/readme.txt", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: "/etc")
        let p = try PTYProcess(["input", "--no-animation", "--complete", "path:" + root, "File?"])
        try p.waitForText("File?")
        p.type("l")
        try p.waitFor("the folder offered") { $0.text.contains("logs/") }
        p.type(PTYProcess.Keys.tab + "a")
        try p.waitFor("its file offered") { $0.text.contains("logs/app.log") }
        p.type(PTYProcess.Keys.tab + "\r")
        try assertEnded(p, status: 0, stdout: "logs/app.log\n")

        for typed in ["../", "/et", "out/passw"] {
            let outside = try PTYProcess(["input", "--no-animation", "--complete", "path:" + root, "File?"])
            try outside.waitForText("File?")
            outside.type(typed)
            try outside.waitFor("typed") { $0.text.contains(typed) }
            outside.type(PTYProcess.Keys.tab + "\r")
            // Tab with nothing offered moves to the buttons; Enter there is OK: the text as typed.
            try assertEnded(outside, status: 0, stdout: typed + "\n")
        }
    }
}
