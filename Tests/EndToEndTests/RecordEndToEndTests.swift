// ALERTTY_RECORD and ALERTTY_ANSWERS end to end: a form's fields and a date in its own format
// recorded as a person answers them in line mode, given back with no terminal to the same
// output; a popup's answer recorded by its caller; and answers files that cannot be read.
import Foundation
import Glibc
import XCTest

final class RecordEndToEndTests: XCTestCase {
    let form = ["form", "--id", "account", "--field", "user", "text", "User", "--field", "admin", "switch", "Admin",
                "--field", "shell", "choice", "Shell", "--options", "bash,zsh,fish", "--field", "pw", "password", "Password"]
    let date = ["date", "--id", "when", "--format", "%d/%m/%Y", "--value", "2026-11-27", "When?"]

    func testAFormAndAFormattedDateAreGivenBackAsAnswered() throws {
        let record = try temporaryFolder() + "/answers"
        let asked = try PTYProcess(form, environment: ["TERM": "dumb", "ALERTTY_RECORD": record])
        for (prompt, line) in [("User:", "ann"), ("Admin", "y"), ("Shell", "3"), ("Password:", "pw-typed")] {
            try asked.waitForText(prompt)
            asked.type(line + "\r")
        }
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        let printed = asked.stdoutText
        let dated = try PTYProcess(date, environment: ["TERM": "dumb", "ALERTTY_RECORD": record])
        try dated.waitForText("When?")
        dated.type("2026-12-24\r")
        XCTAssertEqual(try dated.waitForExit(), 0, dated.stderrText)
        XCTAssertEqual(dated.stdoutText, "24/12/2026\n")
        XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), """
            ALERTTY_ANSWER_ACCOUNT_USER='ann'
            ALERTTY_ANSWER_ACCOUNT_ADMIN='on'
            ALERTTY_ANSWER_ACCOUNT_SHELL='fish'
            # ALERTTY_ANSWER_ACCOUNT_PW: a secret, not recorded
            ALERTTY_ANSWER_WHEN='2026-12-24'

            """)

        let replayed = try Job(form, environment: ["ALERTTY_ANSWERS": record, "ALERTTY_ANSWER_ACCOUNT_PW": "pw-typed"])
        XCTAssertEqual(try replayed.waitForExit(), 0, replayed.stderrText)
        XCTAssertEqual(replayed.stdoutText, printed)
        let redated = try Job(date, environment: ["ALERTTY_ANSWERS": record])
        XCTAssertEqual(try redated.waitForExit(), 0, redated.stderrText)
        XCTAssertEqual(redated.stdoutText, "24/12/2026\n")
    }

    func testAnAnswersFileThatCannotBeReadIsAnError() throws {
        let dir = try temporaryFolder()
        mkfifo(dir + "/fifo", 0o600)
        try "ALERTTY_ANSWER_NAME=ann\nLD_PRELOAD=/tmp/x.so\n".write(toFile: dir + "/unknown", atomically: false, encoding: .utf8)
        try "ALERTTY_ANSWER_NAME=\"$(id)\"\n".write(toFile: dir + "/expanding", atomically: false, encoding: .utf8)
        for (file, said) in [("fifo", "is a FIFO, not a file"), ("missing", "cannot open"),
                             ("unknown", "line 2: LD_PRELOAD is not an answer"), ("expanding", "line 1: ALERTTY_ANSWER_NAME: $ in")] {
            let job = try Job(["input", "--id", "name", "Name?"], environment: ["ALERTTY_ANSWERS": dir + "/" + file])
            XCTAssertEqual(try job.waitForExit(timeout: 3), 2, file)
            XCTAssertTrue(job.stderrText.hasPrefix("alertty: ALERTTY_ANSWERS: "), job.stderrText)
            XCTAssertTrue(job.stderrText.contains(said), job.stderrText)
            XCTAssertEqual(job.stderrText.filter { $0 == "\n" }.count, 1, "one line")
        }
    }
}

extension RecordEndToEndTests {
    /// A record that must not be trusted is said before anything is asked, and nothing is
    /// appended to it: another user's file, one others may write, a link, a FIFO (even with a
    /// reader), a device. A file that is not there is made 0600.
    func testARecordThatMustNotBeTrustedIsRefusedBeforeAsking() throws {
        let dir = try temporaryFolder()
        _ = FileManager.default.createFile(atPath: dir + "/theirs", contents: Data())
        chmod(dir + "/theirs", 0o600)
        chown(dir + "/theirs", 65534, 65534)
        _ = FileManager.default.createFile(atPath: dir + "/open", contents: Data())
        chmod(dir + "/open", 0o666)
        _ = FileManager.default.createFile(atPath: dir + "/mine", contents: Data())
        chmod(dir + "/mine", 0o600)
        symlink(dir + "/mine", dir + "/link")
        mkfifo(dir + "/fifo", 0o600)
        mkfifo(dir + "/read-fifo", 0o600)
        let reader = open(dir + "/read-fifo", O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        for (file, said) in [("theirs", "belongs to another user"), ("open", "may be written by other users (chmod go-w)"),
                             ("link", "is a symbolic link, not a file"), ("fifo", "is a FIFO, not a file"),
                             ("read-fifo", "is a FIFO, not a file"), ("/dev/null", "is not a regular file")] {
            let path = file.hasPrefix("/") ? file : dir + "/" + file
            let p = try PTYProcess(["input", "--id", "name", "Name?"], environment: ["TERM": "dumb", "ALERTTY_RECORD": path])
            XCTAssertEqual(try p.waitForExit(timeout: 5), 2, file)
            XCTAssertEqual(p.stderrText, "alertty: ALERTTY_RECORD: \(path) \(said)\n")
            XCTAssertFalse(p.screen.contains("Name?"), "\(file): nothing was asked")
        }
        var read: [UInt8] = Array(repeating: 0, count: 16)
        XCTAssertLessThanOrEqual(Glibc.read(reader, &read, 16), 0, "nothing reached the FIFO's reader")
        for file in ["theirs", "open", "mine"] {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + file)).count, 0, file)
        }
        let p = try PTYProcess(["input", "--id", "name", "Name?"], environment: ["TERM": "dumb", "ALERTTY_RECORD": dir + "/new"])
        try p.waitForText("Name?")
        p.type("ann\r")
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
        var st = stat()
        XCTAssertEqual(stat(dir + "/new", &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o600)
        XCTAssertEqual(try String(contentsOfFile: dir + "/new", encoding: .utf8), "ALERTTY_ANSWER_NAME='ann'\n")
    }
}

/// --describe: the prompt as JSON, with no terminal, for whoever writes the answers.
final class DescribeEndToEndTests: XCTestCase {
    func describe(_ arguments: [String], stdin: [UInt8]? = nil) throws -> [String: Any] {
        let job = try Job(arguments + ["--describe"], stdin: stdin)
        XCTAssertEqual(try job.waitForExit(), 7, job.stderrText)
        let object = try JSONSerialization.jsonObject(with: Data(job.stdout)) as? [String: Any]
        return try XCTUnwrap(object, job.stdoutText)
    }

    func testEachPromptIsDescribedWithItsAnswerDefaultAndRules() throws {
        let list = try describe(["choose", "--id", "edition", "--radio", "--selected", "Standard", "--title", "Edition", "Which edition?",
                                 "Minimal", "Standard", "Full"])
        XCTAssertEqual(list["variable"] as? String, "ALERTTY_ANSWER_EDITION")
        XCTAssertEqual(list["default"] as? String, "Standard")
        XCTAssertEqual((list["items"] as? [[String: String]])?.map { $0["label"] }, ["Minimal", "Standard", "Full"])
        XCTAssertEqual((list["options"] as? [String: Any])?["selected"] as? [String], ["Standard"])

        let streamed = try describe(["choose", "--id", "pkg", "--items-from", "-", "Package?"], stdin: Array("vim\nnano\n".utf8))
        XCTAssertEqual((streamed["items"] as? [[String: String]])?.map { $0["label"] }, ["vim", "nano"])
        XCTAssertTrue(streamed["default"] is NSNull, "no --selected: no default")

        let secret = try describe(["password", "--id", "pw", "--min-length", "8", "--value", "-", "Password?"], stdin: Array("hunter22".utf8))
        XCTAssertEqual(secret["secret"] as? Bool, true)
        XCTAssertTrue(secret["default"] is NSNull)
        XCTAssertFalse(String(describing: secret).contains("hunter22"), "a secret's value is never described")

        let form = try describe(["form", "--id", "account", "--field", "user", "text", "User", "--validate", "email",
                                 "--field", "admin", "switch", "Admin", "--default", "on"])
        let fields = try XCTUnwrap(form["fields"] as? [[String: Any]])
        XCTAssertEqual(fields.map { $0["variable"] as? String }, ["ALERTTY_ANSWER_ACCOUNT_USER", "ALERTTY_ANSWER_ACCOUNT_ADMIN"])
        XCTAssertEqual((fields[0]["options"] as? [String: String])?["validate"], "email")
        XCTAssertEqual(fields[1]["default"] as? String, "on")
    }

    /// ALERTTY_OPTIONS=--describe lists a script's prompts: no prompt is answered by it, in any
    /// program — a confirm's `&&` never runs, the drop-in's yes/no is its error, and askpass hands
    /// its caller nothing on stdout.
    func testADescriptionIsNeverAnAnswer() throws {
        let dir = try temporaryFolder()
        symlink(PTYProcess.binary, dir + "/dialog")
        symlink(PTYProcess.binary, dir + "/whiptail")
        symlink(PTYProcess.binary, dir + "/alertty-askpass")
        symlink(PTYProcess.binary, dir + "/alertty")
        let env = ["ALERTTY_OPTIONS": "--describe", "PATH": dir + ":/usr/bin:/bin"]
        let wiped = try Job(["-c", "alertty confirm --default yes 'Wipe the disk?' >/dev/null && echo WIPED; echo status=$?"],
                            environment: env, executable: "/bin/sh")
        XCTAssertEqual(try wiped.waitForExit(), 0)
        XCTAssertEqual(wiped.stdoutText, "status=7\n", wiped.stderrText)
        for (program, arguments, status) in [("alertty", ["confirm", "--default", "yes", "Wipe?"], Int32(7)),
                                             ("dialog", ["--yesno", "Wipe?", "8", "40"], 255),
                                             ("whiptail", ["--yesno", "Wipe?", "8", "40"], 255)] {
            let job = try Job(arguments, environment: env, executable: dir + "/" + program)
            XCTAssertEqual(try job.waitForExit(), status, "\(program): \(job.stderrText)")
            XCTAssertTrue(job.stdoutText.contains("\"alert\":\"confirm\""), job.stdoutText)
        }
        let askpass = try Job(["Password for 'https://ann@example.com':"], environment: env, executable: dir + "/alertty-askpass")
        XCTAssertEqual(try askpass.waitForExit(), 7, askpass.stderrText)
        XCTAssertEqual(askpass.stdout, [], "nothing on stdout for the caller to take as the secret")
        XCTAssertTrue(askpass.stderrText.contains("\"alert\":\"password\""), askpass.stderrText)
    }

    /// A secret's value is never described, however it was given: only that one is set.
    func testASecretsPresetIsNeverDescribed() throws {
        let dir = try temporaryFolder()
        symlink(PTYProcess.binary, dir + "/dialog")
        for arguments in [["--passwordbox", "Pw", "10", "40", "InitSecret"],
                          ["--insecure", "--passwordform", "F", "10", "40", "2", "User", "1", "1", "InitSecret", "1", "10", "10", "0"],
                          ["--mixedform", "F", "10", "40", "2", "User", "1", "1", "ann", "1", "10", "10", "0", "0",
                           "Pass", "2", "1", "InitSecret", "2", "10", "10", "0", "1"]] {
            let job = try Job(arguments, environment: ["ALERTTY_OPTIONS": "--describe"], executable: dir + "/dialog")
            XCTAssertEqual(try job.waitForExit(), 255, job.stderrText)
            XCTAssertTrue(job.stdoutText.contains("\"secret\":true"), job.stdoutText)
            XCTAssertFalse(job.stdoutText.contains("InitSecret"), job.stdoutText)
        }
        let box = try describe(["password", "--value", "-", "Password?"], stdin: Array("hunter22".utf8))
        XCTAssertEqual(box["preset"] as? Bool, true, "that a secret is preset is said")
    }
}
