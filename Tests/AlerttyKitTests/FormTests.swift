@testable import AlerttyKit
import Foundation
import XCTest

/// The form's field grammar, each kind's validation, the smart OK button and the output modes.
final class FormTests: XCTestCase {
    let fiveFields = ["--field", "name", "text", "Full name", "--validate", "nonempty",
                      "--field", "email", "text", "Email", "--validate", "email", "--hint", "we never share it",
                      "--field", "pw", "password", "Password", "--min-length", "8",
                      "--field", "admin", "switch", "Administrator",
                      "--field", "shell", "choice", "Shell", "--options", "bash,zsh,fish"]

    func form(_ args: [String]) throws -> FormAlert {
        guard case .run(let c) = try ArgumentParser.parse(["form"] + args) else { throw UsageError("") }
        return try AlertFactory.make(c, environment: { $0 == "LANG" ? "C.UTF-8" : nil }, reads: AlertReads()).makeAlert() as! FormAlert
    }

    func error(_ args: [String]) -> String? {
        do { _ = try form(args); return nil } catch { return (error as? UsageError)?.message }
    }

    func testGrammarErrorsNameTheFieldAndTheOption() {
        XCTAssertEqual(error([]), "form needs at least one --field NAME KIND LABEL")
        XCTAssertEqual(error(["--field", "x", "slider", "X"]), "--field x: the kind must be one of text, password, number, date, time, switch, choice, multi, not 'slider'")
        XCTAssertEqual(error(["--field", "1x", "text", "X"]), "--field '1x': a name is letters, digits and _ (a shell variable name)")
        XCTAssertEqual(error(["--field", "a", "switch", "A", "--regex", "x"]), "--field a: a switch field takes no --regex")
        XCTAssertEqual(error(["--field", "c", "choice", "C"]), "--field c: a choice needs --options A,B,C")
        XCTAssertEqual(error(["--field", "p", "password", "P", "--default", "x"]),
                       "--field p: a password's default would be in the process list; use ALERTTY_ANSWER_…")
        XCTAssertEqual(error(["--field", "a", "text", "A", "--field", "a", "text", "B"]), "--field a is declared twice")
        XCTAssertEqual(error(["--field", "n", "number", "N", "--min", "many"]), "--field n: --min needs a whole number, not 'many'")
        XCTAssertEqual(error(["--field", "a", "text", "A", "--regex", "a(b"])?.hasPrefix("--field a: --regex 'a(b' is not a valid pattern"), true)
    }

    func testFieldsFromAFileUseTheSameGrammar() throws {
        let fields = try FormSpec.parseFile("""
        # a comment
        name text "Full name" --validate nonempty
        --field port number 'Port' --min 1 --max 65535 --default 8080
        """)
        XCTAssertEqual(fields.map(\.name), ["name", "port"])
        XCTAssertEqual(fields[1].options[.max], "65535")
        XCTAssertThrowsError(try FormSpec.parseFile("x text \"unclosed"))
    }

    func send(_ f: inout FormAlert, _ actions: [Action]) -> [Effect] { actions.flatMap { f.update(.action($0)) } }
    func typed(_ s: String) -> [Action] { s.unicodeScalars.map { .insert($0) } }

    func testHelpNamesTheFocusedFieldAndDialogsTabGoesToTheButtons() throws {
        let two = ["--help-button", "Help", "--extra-button", "Later", "--field", "user", "text", "User", "--field", "home", "text", "Home"]
        var f = try form(two)
        _ = send(&f, [.focusNext])
        XCTAssertEqual(f.focus, .field(1), "alertty's Tab: the next field")
        _ = send(&f, [.focusNext, .focusNext])
        XCTAssertEqual(f.focus, .button(.extra), "then OK, then Extra")
        XCTAssertEqual(send(&f, [.activate]), [.finish(Outcome(.extra, items: [[], []]))])
        var d = try form(["--dialog-keys"] + two)
        _ = send(&d, [.down, .focusNext])
        XCTAssertEqual(d.focus, .ok, "dialog's Tab: from the fields to the buttons")
        _ = send(&d, [.focusNext, .focusNext, .focusNext])
        XCTAssertEqual(d.focus, .button(.help))
        var help = Outcome(.help, answer: Array("home".utf8))
        help.state = [[], []] // the values, for dialog's --help-status
        XCTAssertEqual(send(&d, [.submit]), [.finish(help)], "the field last focused")
        _ = send(&d, [.focusNext])
        XCTAssertEqual(d.focus, .field(1), "and Tab comes back to it")
    }

    func testReadonlyFieldsAreShownAndPrintedButNeverFocusedOrAnswered() throws {
        var f = try form(["--field", "host", "text", "Host", "--default", "db01", "--readonly",
                          "--field", "user", "text", "User", "--field", "id", "number", "Id", "--default", "7", "--readonly"])
        XCTAssertEqual(f.focus, .field(1), "the first field that can be edited")
        _ = send(&f, typed("ann") + [.focusNext])
        XCTAssertEqual(f.focus, .ok, "Tab skips the read-only field")
        XCTAssertEqual(send(&f, [.submit]), [.finish(Outcome(.ok, items: ["db01", "ann", "7"].map { Array($0.utf8) }))])
        let fresh = try form(["--field", "host", "text", "Host", "--default", "db01", "--readonly",
                              "--field", "user", "text", "User", "--field", "id", "number", "Id", "--default", "7", "--readonly"])
        let outcome = Scripted.run(fresh, answers: ["host": "evil", "user": "bob"])
        XCTAssertEqual(outcome.answer, Array("db01\nbob\n7".utf8), "an answer without a person cannot change a read-only field")
    }

    func testSmartOKButtonAndEnterJumpsToTheFirstInvalidField() throws {
        var f = try form(fiveFields)
        XCTAssertFalse(f.isValid)
        _ = send(&f, typed("Ann") + [.focusNext] + typed("ann@") + [.focusNext] + typed("longenough"))
        XCTAssertEqual(f.firstInvalid, 1)
        _ = send(&f, [.focusNext, .activate, .focusNext, .right])
        XCTAssertEqual(send(&f, [.submit]), [], "Enter on the last field with an invalid one refuses")
        XCTAssertEqual(f.focus, .field(1), "and jumps to it")
        _ = send(&f, typed("example.com"))
        XCTAssertTrue(f.isValid)
        _ = send(&f, [.focusNext, .focusNext, .focusNext])
        XCTAssertEqual(send(&f, [.submit]), [.finish(Outcome(.ok, items: ["Ann", "ann@example.com", "longenough", "on", "zsh"].map { Array($0.utf8) }))])
    }

    func testNumbersAndOutputs() throws {
        var f = try form(["--output", "json", "--field", "port", "number", "Port", "--min", "1", "--max", "65535", "--default", "80",
                          "--field", "tls", "switch", "TLS", "--default", "on", "--field", "who", "text", "Who", "--default", "a\"b"])
        XCTAssertTrue(f.isValid)
        _ = send(&f, [.end, .deleteBackward, .deleteBackward] + typed("70000"))
        XCTAssertEqual(f.fields[0].reason, "at most 65535")
        _ = send(&f, [.deleteBackward, .deleteBackward, .deleteBackward, .deleteBackward])
        _ = send(&f, [.focusNext, .focusNext])
        XCTAssertEqual(send(&f, [.submit]), [.finish(Outcome(.ok, answer: Array(#"{"port":7,"tls":true,"who":"a\"b"}"#.utf8)))])
    }

    /// `--output shell` is safe to eval: hostile values come back byte for byte, nothing runs.
    func testShellOutputIsSafeToEval() throws {
        let hostile = ["it's", "$(touch /tmp/alertty-pwned)", "a\nb", "`id`", "\\\"; exit 3; \"", "${HOME}"]
        var lookup: [String: String] = [:]
        var args = ["--output", "shell"]
        for (i, v) in hostile.enumerated() {
            // As defaults: a newline could never be typed or answered (it is refused there).
            args += ["--field", "v\(i)", "text", "V\(i)", "--default", v]
            lookup["v\(i)"] = v
        }
        let f = try form(args)
        guard let answer = Scripted.run(f, .defaults).answer else { return XCTFail("no answer was given") }
        let script = String(decoding: answer, as: UTF8.self) + "\n" + hostile.indices.map { "printf '%s\\0' \"$v\($0)\"" }.joined(separator: "\n")
        let sh = Process()
        sh.executableURL = URL(fileURLWithPath: "/bin/sh")
        sh.arguments = ["-c", "eval \"$1\"", "sh", script]
        let out = Pipe()
        sh.standardOutput = out
        try sh.run()
        sh.waitUntilExit()
        XCTAssertEqual(sh.terminationStatus, 0)
        let values = out.fileHandleForReading.readDataToEndOfFile().split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(values, hostile)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/alertty-pwned"))
    }

    func testAnswersWithoutAPersonAreChecked() throws {
        func refusal(_ answers: [String: String]) throws -> String? {
            var reported: String?
            let frontEnd = ScriptedFrontEnd(ScriptedAnswers(.environment({ $0.flatMap { answers[$0] } })), promptName: "prompt 'f'",
                                            report: { reported = $0 })
            let outcome = Runner(frontEnd: frontEnd, alert: try form(fiveFields), platform: .withoutSignals).run()
            XCTAssertEqual(outcome.status, .usage)
            return reported
        }
        XCTAssertEqual(try refusal(["name": "Ann", "email": "nope", "pw": "longenough"]),
                       "prompt 'f': field email: not an email address (name@example.com)")
        XCTAssertEqual(try refusal(["name": "Ann", "email": "a@b.co", "pw": "longenough", "shell": "ksh"]),
                       "prompt 'f': field shell: one of bash, zsh, fish, not 'ksh'")
        XCTAssertEqual(try refusal(["name": "Ann", "email": "a@b.co", "pw": "longenough", "admin": "maybe"]),
                       "prompt 'f': field admin: on or off, not 'maybe'")
        XCTAssertEqual(try refusal(["name": "a\u{1B}[31mb", "email": "a@b.co", "pw": "longenough"]),
                       "prompt 'f': field name: has a control character (a newline, tab, ESC, …), which cannot be typed here")
    }

    /// Typing in a field of a ten-field form writes no more bytes per character than in `input`.
    func testTypingInABigFormCostsWhatInputCosts() throws {
        func bytesPerChar(_ make: () throws -> any Alert) throws -> Double {
            var alert = try make()
            let scene = Scene(columns: 80, rows: 24, theme: Theme(colors: .truecolor, unicode: true))
            var writer = FrameWriter(colors: .truecolor)
            let first = scene.render(&alert)
            _ = writer.frame(first.canvas, cursorAt: first.cursor)
            var total = 0
            let text = "alice@example.com"
            for scalar in text.unicodeScalars {
                _ = alert.update(.action(.insert(scalar)))
                let next = scene.render(&alert)
                total += writer.frame(next.canvas, cursorAt: next.cursor).count
            }
            return Double(total) / Double(text.count)
        }
        var tenFields: [String] = []
        for i in 0..<10 { tenFields += ["--field", "f\(i)", "text", "Field \(i)"] }
        let form = try bytesPerChar { try self.form(tenFields) }
        let input = try bytesPerChar {
            guard case .run(let c) = try ArgumentParser.parse(["input"]) else { throw UsageError("") }
            return try FieldAlert(title: "", text: "", configuration: FieldConfiguration(c, secret: c.alert == .password, reads: AlertReads()))
        }
        XCTAssertLessThanOrEqual(form, input, "form \(form) B/char, input \(input) B/char")
    }
}

extension FormTests {
    func testAFieldsOwnInvalidMessageReplacesTheRulesReason() throws {
        var f = try form(["--field", "pin", "text", "PIN", "--regex", "[0-9]{4}", "--invalid-message", "four digits, like 1234",
                          "--field", "note", "text", "Note", "--min-length", "2"])
        for s in "12a".unicodeScalars { _ = f.update(.action(.insert(s))) }
        XCTAssertEqual(f.fields[0].reason, "four digits, like 1234")
        XCTAssertEqual(f.fields[1].reason, "at least 2 characters", "the other says what its rule asks, untouched")
        XCTAssertEqual(error(["--field", "s", "switch", "S", "--invalid-message", "x"]), "--field s: a switch field takes no --invalid-message")
    }
}

extension FormTests {
    func testAConfirmedPasswordIsAskedTwiceAndPrintedOnce() throws {
        var f = try form(["--output", "shell", "--field", "pw", "password", "Password", "--confirm", "--field", "user", "text", "User"])
        XCTAssertEqual(f.fields.map(\.declaration.name), ["pw", "pw_confirm", "user"])
        for s in "s3cret!".unicodeScalars { _ = f.update(.action(.insert(s))) }
        _ = f.update(.action(.focusNext))
        for s in "s3cret?".unicodeScalars { _ = f.update(.action(.insert(s))) }
        XCTAssertEqual(f.fields[1].reason, "the entries did not match; type it again")
        XCTAssertFalse(f.isValid)
        _ = f.update(.action(.deleteBackward))
        _ = f.update(.action(.insert("!")))
        XCTAssertNil(f.fields[1].reason)
        _ = f.update(.action(.focusNext))
        for s in "ann".unicodeScalars { _ = f.update(.action(.insert(s))) }
        XCTAssertEqual(f.update(.action(.submit)), [.finish(Outcome(.ok, answer: Array("pw='s3cret!'\nuser='ann'".utf8)))])
        XCTAssertEqual(error(["--field", "t", "text", "T", "--confirm"]), "--field t: a text field takes no --confirm")
    }
}
