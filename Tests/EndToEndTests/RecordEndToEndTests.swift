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

/// Every answer a person can give is recorded so that replaying the record gives exactly it:
/// items made of every class of byte, chosen in line mode with ALERTTY_RECORD, then answered by no
/// one from ALERTTY_ANSWERS — the same stdout and status.
final class RecordRoundTripEndToEndTests: XCTestCase {
    static let long = [UInt8](repeating: UInt8(ascii: "x"), count: 20_000)
    /// One item per line (the last one ends the list).
    static let lines: [[UInt8]] = [Array("plain".utf8), Array("tab\there".utf8), Array("esc\u{1B}[31mred".utf8),
                                   Array("cr\rret".utf8), [0x66, 0xFF, 0x67], Array("dup".utf8), Array("dup".utf8),
                                   Array("3".utf8), long, Array("#hash".utf8), Array("it's 'quoted'".utf8),
                                   Array("$HOME;`id`|&<>()~".utf8), [0xC3, 0xA9, 0x09, 0x1B]]
    /// --read0 records: a newline inside an item, beside its parts.
    static let records: [[UInt8]] = [Array("a\nb".utf8), Array("a".utf8), Array("b".utf8), [0xFE, 0x0A], Array("a\nb".utf8)]

    func roundTrip(_ items: [[UInt8]], read0: Bool, picks: String, multi: Bool = false,
                   file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let dir = try temporaryFolder()
        let list = dir + "/items", record = dir + "/answers"
        let bytes = read0 ? Array(items.joined(separator: [0])) : Array(items.joined(separator: [0x0A])) + [0x0A]
        _ = FileManager.default.createFile(atPath: list, contents: Data(bytes))
        let command = ["choose", "--id", "pick", "--items-from", list] + (read0 ? ["--read0"] : []) + (multi ? ["--multi", "--min", "0"] : []) + ["Pick"]
        let asked = try PTYProcess(command, environment: ["TERM": "dumb", "ALERTTY_RECORD": record])
        try asked.waitForText("Choose", timeout: 10)
        asked.type(picks + "\r")
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText, file: file, line: line)
        let replayed = try Job(command, environment: ["ALERTTY_ANSWERS": record])
        XCTAssertEqual(try replayed.waitForExit(), 0, "\(picks): \(replayed.stderrText)", file: file, line: line)
        XCTAssertEqual(replayed.stdout, asked.stdout, "\(picks) replays as chosen", file: file, line: line)
        return try String(contentsOfFile: record, encoding: .utf8)
    }

    func testEachItemOfEveryByteClassReplaysAsChosen() throws {
        for (i, item) in Self.lines.enumerated() {
            let recorded = try roundTrip(Self.lines, read0: false, picks: String(i + 1))
            XCTAssertLessThan(recorded.utf8.count, item.count + 64, "item \(i + 1) is recorded once, not echoed")
        }
        for i in Self.records.indices { _ = try roundTrip(Self.records, read0: true, picks: String(i + 1)) }
    }

    func testSeveralItemsReplayAsChosen() throws {
        _ = try roundTrip(Self.lines, read0: false, picks: "2 3 5 7 9 13", multi: true)
        _ = try roundTrip(Self.records, read0: true, picks: "1 2 4 5", multi: true)
    }

    /// Named as what they are where that is exact; by position where only that is.
    func testTheRecordNamesItemsByTextWhereThatIsExact() throws {
        XCTAssertEqual(try roundTrip(Self.lines, read0: false, picks: "2"), "ALERTTY_ANSWER_PICK='tab\there'\n")
        XCTAssertEqual(try roundTrip(Self.lines, read0: false, picks: "5"), "ALERTTY_ANSWER_PICK='5'\n")
        XCTAssertEqual(try roundTrip(Self.lines, read0: false, picks: "7"), "ALERTTY_ANSWER_PICK='7'\n", "the second of two alike")
        XCTAssertEqual(try roundTrip(Self.records, read0: true, picks: "1 2", multi: true), "ALERTTY_ANSWER_PICK='1\na'\n")
    }

    /// An item no text names exactly (not text, and its position is another item's text) is left
    /// out with a comment: replaying asks again rather than answering something else.
    func testAnItemNoTextNamesIsLeftOutNotRecordedAsAnother() throws {
        let dir = try temporaryFolder()
        let list = dir + "/items", record = dir + "/answers"
        _ = FileManager.default.createFile(atPath: list, contents: Data([0xFF, 0x0A] + Array("x\n1\n".utf8)))
        let command = ["choose", "--id", "pick", "--items-from", list, "Pick"]
        let asked = try PTYProcess(command, environment: ["TERM": "dumb", "ALERTTY_RECORD": record])
        try asked.waitForText("Choose")
        asked.type("1\r")
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdout, [0xFF, 0x0A])
        XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), "# ALERTTY_ANSWER_PICK: an item no text names exactly, not recorded\n")
        let replayed = try Job(command, environment: ["ALERTTY_ANSWERS": record])
        XCTAssertEqual(try replayed.waitForExit(), 3, "asked again (no one to ask), never answered as another item")
    }

    /// A line of the answers file that cannot be read spoils only the prompt it answers; the
    /// error names the item shortened, never a whole 20 KB item.
    func testABadLineIsOnlyItsPromptsErrorAndErrorsAreShort() throws {
        let dir = try temporaryFolder()
        let answers = dir + "/answers"
        _ = FileManager.default.createFile(atPath: answers, contents: Data(Array("ALERTTY_ANSWER_A='".utf8) + [0xFF] + Array("'\nALERTTY_ANSWER_B=ok\nALERTTY_ANSWER_C='".utf8) + Self.long + Array("'\n".utf8)))
        let b = try Job(["input", "--id", "b", "B?"], environment: ["ALERTTY_ANSWERS": answers])
        XCTAssertEqual(try b.waitForExit(), 0, b.stderrText)
        XCTAssertEqual(b.stdoutText, "ok\n")
        let a = try Job(["input", "--id", "a", "A?"], environment: ["ALERTTY_ANSWERS": answers])
        XCTAssertEqual(try a.waitForExit(), 2)
        XCTAssertEqual(a.stderrText, "alertty: ALERTTY_ANSWERS: \(answers): line 1: ALERTTY_ANSWER_A: not text (an answers file is UTF-8 lines)\n")
        let c = try Job(["choose", "--id", "c", "C?", "a", "b"], environment: ["ALERTTY_ANSWERS": answers])
        XCTAssertEqual(try c.waitForExit(), 2)
        XCTAssertEqual(c.stderrText, "alertty: prompt 'c': no item '" + String(repeating: "x", count: 60) + "…' (20000 bytes)\n")
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
        XCTAssertEqual(fields[1]["default"] as? Bool, true, "a switch is a boolean (ALERTTY_ANSWER takes on/off)")
    }

    /// The default described is what the same prompt gives with no one there, computed by the
    /// same loop: a --validate-cmd runs on it, and one that refuses it means there is none. (It
    /// is written as an answer is given: a date as the answers file takes it, not as printed.)
    func testTheDefaultDescribedIsWhatNoOneThereGets() throws {
        let check = "read h; test \"$h\" = db1"
        for (arguments, described, printed) in [(["input", "--value", "db1", "--validate-cmd", check, "Host?"], "db1", "db1\n"),
                                                (["input", "--value", "db2", "--validate-cmd", check, "Host?"], nil, ""),
                                                (["confirm", "--default", "no", "Go?"], "no", ""),
                                                (["date", "--value", "2026-11-28", "--format", "%d/%m/%Y", "When?"], "2026-11-28", "28/11/2026\n")]
                as [([String], String?, String)] {
            let description = try describe(arguments)["default"]
            XCTAssertEqual(description as? String, described, "\(arguments)")
            let job = try Job(arguments + ["--non-interactive"])
            let status = try job.waitForExit()
            XCTAssertEqual(job.stdoutText, printed, "\(arguments)")
            if described == nil {
                XCTAssertEqual(status, 2, "\(arguments): the check refuses the default with no one there too")
                XCTAssertTrue(description is NSNull)
            } else {
                XCTAssertEqual(status, arguments[0] == "confirm" ? 1 : 0, "\(arguments): \(job.stderrText)")
            }
        }
    }

    /// Rules are typed JSON (numbers as numbers, choices as lists) and `answer` says what an
    /// answer is as a JSON Schema-like object, so an agent fills it without reading flags.
    func testRulesAreTypedAndTheAnswerIsASchema() throws {
        let port = try describe(["number", "--id", "port", "--min", "1024", "--max", "65535", "--value", "8080", "Port?"])
        let answer = try XCTUnwrap(port["answer"] as? [String: Any])
        XCTAssertEqual(answer["type"] as? String, "integer")
        XCTAssertEqual(answer["minimum"] as? Int, 1024)
        XCTAssertEqual(answer["maximum"] as? Int, 65535)
        XCTAssertEqual((port["options"] as? [String: Any])?["min"] as? Int, 1024, "a number, not \"1024\"")

        let pw = try describe(["password", "--min-length", "8", "Password?"])
        XCTAssertEqual((pw["options"] as? [String: Any])?["min-length"] as? Int, 8)
        XCTAssertEqual((pw["answer"] as? [String: Any])?["minLength"] as? Int, 8)
        let email = try describe(["input", "--validate", "email", "Email?"])
        XCTAssertEqual((email["answer"] as? [String: Any])?["format"] as? String, "email")
        let go = try describe(["confirm", "Go?"])
        XCTAssertEqual((go["answer"] as? [String: Any])?["enum"] as? [String], ["yes", "no"])

        let form = try describe(["form", "--id", "f", "--field", "n", "number", "N", "--min", "1", "--max", "9",
                                 "--field", "s", "choice", "S", "--options", "a,b", "--field", "on", "switch", "On"])
        let fields = try XCTUnwrap(form["fields"] as? [[String: Any]])
        XCTAssertEqual((fields[0]["options"] as? [String: Any])?["max"] as? Int, 9)
        XCTAssertEqual((fields[0]["answer"] as? [String: Any])?["type"] as? String, "integer")
        XCTAssertEqual((fields[1]["options"] as? [String: Any])?["options"] as? [String], ["a", "b"])
        XCTAssertEqual((fields[1]["answer"] as? [String: Any])?["enum"] as? [String], ["a", "b"])
        XCTAssertEqual((fields[2]["answer"] as? [String: Any])?["type"] as? String, "boolean")
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
