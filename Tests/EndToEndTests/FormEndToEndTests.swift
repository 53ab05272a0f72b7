// form in a pseudo-terminal: filling it with one invalid field, the outputs, a password that
// never shows, line mode, and answers from the environment.
import Foundation
import Glibc
import XCTest

final class FormEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys
    let fields = ["--field", "name", "text", "Full name", "--validate", "nonempty",
                  "--field", "email", "text", "Email", "--validate", "email",
                  "--field", "pw", "password", "Password", "--min-length", "8",
                  "--field", "admin", "switch", "Administrator",
                  "--field", "shell", "choice", "Shell", "--options", "bash,zsh,fish"]

    func testFillingWithAnInvalidFieldThenFixingIt() throws {
        let p = try PTYProcess(["form", "--no-animation", "--output", "json", "--title", "New user"] + fields)
        try p.waitForText("Administrator")
        p.type("Ann" + K.tab + "ann@" + K.tab + "hunter2hunter2" + K.tab + K.space + K.tab + K.right)
        try p.waitForText("zsh")
        XCTAssertEqual(p.screen.attributes(ofText: "OK")?.dim, true, "OK is disabled while a field is invalid")
        p.type(K.enter) // on the last field: refused, and the focus jumps to the invalid email
        try p.waitForText("not an email address")
        p.type("example.com" + K.enter) // Enter moves on from a middle field
        p.type(K.tab + K.tab + K.tab + K.enter)
        try assertEnded(p, status: 0,
                        stdout: #"{"name":"Ann","email":"ann@example.com","pw":"hunter2hunter2","admin":true,"shell":"zsh"}"# + "\n")
        XCTAssertFalse(p.screen.text.contains("hunter2"), "the password never shows")
        XCTAssertFalse(String(decoding: p.screen.raw, as: UTF8.self).contains("hunter2"), "nor is it ever written to the terminal")
    }

    func testLinesOutputAndEscape() throws {
        let p = try PTYProcess(["form", "--no-animation", "--field", "a", "text", "A", "--default", "x", "--field", "b", "switch", "B"])
        try p.waitForText("B")
        p.type(K.tab + K.enter)
        try assertEnded(p, status: 0, stdout: "x\noff\n")
        let q = try PTYProcess(["form", "--no-animation", "--field", "a", "text", "A"])
        try q.waitForText("A")
        q.type(K.escape)
        try assertEnded(q, status: 1)
    }

    func testLineModeAsksEachFieldInTurn() throws {
        let p = try PTYProcess(["form", "--output", "shell"] + fields, environment: ["TERM": "dumb"])
        try p.waitForText("Full name: ")
        p.type("\r")
        try p.waitForText("must not be empty")
        p.type("Ann\r")
        try p.waitForText("Email: ")
        p.type("ann@example.com\r")
        try p.waitForText("Password: ")
        XCTAssertFalse(p.echoing)
        p.type("hunter2hunter2\r")
        try p.waitForText("Administrator? [y/N]")
        p.type("y\r")
        try p.waitForText("Choose 1-3")
        p.type("3\r")
        try assertEnded(p, status: 0, stdout: "name='Ann'\nemail='ann@example.com'\npw='hunter2hunter2'\nadmin='on'\nshell='fish'\n")
        XCTAssertFalse(p.screen.raw.contains(0x1B))
        XCTAssertFalse(p.screen.text.contains("hunter2"))
    }

    func testAnswersFromTheEnvironment() throws {
        let env = ["ALERTTY_ANSWER_U_NAME": "Ann", "ALERTTY_ANSWER_U_EMAIL": "ann@example.com", "ALERTTY_ANSWER_U_PW": "longpassword"]
        let p = try PTYProcess(["form", "--id", "u", "--output", "lines"] + fields, environment: env)
        XCTAssertEqual(try p.waitForExit(), 0)
        XCTAssertEqual(p.stdoutText, "Ann\nann@example.com\nlongpassword\noff\nbash\n")
        XCTAssertEqual(p.screen.raw, [])
        var bad = env
        bad["ALERTTY_ANSWER_U_PW"] = "short"
        let q = try PTYProcess(["form", "--id", "u"] + fields, environment: bad)
        XCTAssertEqual(try q.waitForExit(), 2)
        XCTAssertEqual(q.stderrText, "alertty: prompt 'u': field pw: needs at least 8 characters (5 so far)\n")
    }

    func testAFieldsValidateCommandInTheBoxAndWithoutAPerson() throws {
        let check = "read u; [ \"$u\" = root ] || { echo no such user; exit 1; }"
        let p = try PTYProcess(["form", "--no-animation", "--field", "user", "text", "User", "--validate-cmd", check,
                                "--field", "note", "text", "Note"])
        try p.waitForText("Note")
        p.type("bob")
        try p.waitForText("no such user")
        p.type(K.ctrlU + "root")
        try p.waitFor("checked") { !$0.contains("no such user") && !$0.contains("checking") }
        p.type(K.enter + K.enter)
        try assertEnded(p, status: 0, stdout: "root\n\n")

        let q = try PTYProcess(["form", "--id", "f", "--field", "user", "text", "User", "--validate-cmd", check],
                               environment: ["ALERTTY_ANSWER_F_USER": "bob"])
        XCTAssertEqual(try q.waitForExit(), 2)
        XCTAssertEqual(q.stderrText, "alertty: prompt 'f': field user: no such user\n")
    }
}

extension FormEndToEndTests {
    func testAConfirmedPasswordInLineModeAndWithoutAPerson() throws {
        let p = try PTYProcess(["form", "--plain", "--output", "shell", "--field", "pw", "password", "Password", "--confirm"])
        try p.waitForText("Password:")
        p.type("abc12345\r")
        try p.waitForText("Retype to confirm")
        p.type("abc1234X\r")
        try p.waitForText("did not match")
        p.type("abc12345\r")
        try assertEnded(p, status: 0, stdout: "pw='abc12345'\n")
        let scripted = Subprocess.run("/usr/bin/env", ["ALERTTY_ANSWER_F_PW=from env", PTYProcess.binary, "form", "--id", "f", "--output", "shell",
                                                       "--field", "pw", "password", "Password", "--confirm"], capture: true)
        XCTAssertEqual(scripted.status, 0)
        XCTAssertEqual(scripted.output, "pw='from env'\n", "nobody types it twice: the second entry is the first")
    }
}
