// The same alert asked through every front end gives the same answer and status: the box in a
// pseudo-terminal, line mode in one, an answer from the environment, --non-interactive, and
// --on-timeout default (in the box and in line mode). One table of cases; each front end reaches
// the case its own way (keys, a typed line, a variable), and the expectations are shared.
import Foundation
import Glibc
import XCTest

final class ConformanceEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    /// One way of answering a case in each front end.
    struct Way {
        var keys: [String] // the box
        var lines: [String] // line mode, each ended by Enter
        var variable: String? // ALERTTY_ANSWER_C (nil: not answerable so)
        var stdout: String
        var status: Int32 = 0
    }

    struct Case {
        var name: String
        var arguments: [String]
        var stdin: [UInt8]? = nil
        /// Text on screen once the box is up and takes keys.
        var ready: String
        /// Taking the default (Enter in the box or line mode); nil: the prompt has none.
        var byDefault: (stdout: String, status: Int32)?
        /// The box's keys that take it, and line mode's prompts that Enter answers.
        var defaultKeys = [K.enter]
        var defaultLines = 1
        /// What stdout holds when no one is there, where it differs: a command's output passes
        /// through to the script's log (as it always has without a terminal).
        var scriptedStdout: String? = nil
        var answer: Way
        /// An answer the alert's rules refuse (stays asking in the box and line mode; status 2 from a script).
        var refused: String? = nil
    }

    static let root: String = {
        let r = NSTemporaryDirectory() + "alertty-conformance-\(getpid())"
        try? FileManager.default.createDirectory(atPath: r + "/sub", withIntermediateDirectories: true)
        for name in ["a.txt", "b.txt"] { try? "\(name)\n".write(toFile: r + "/sub/" + name, atomically: true, encoding: .utf8) }
        // Beside the browsers' root, not in it: their cases count what is there.
        try? "line one\nline two\nline three\n".write(toFile: r + "-notes.txt", atomically: true, encoding: .utf8)
        try? "d12|Debian 12|bookworm\nd13|Debian 13|trixie\n".write(toFile: r + "-releases.txt", atomically: true, encoding: .utf8)
        return r
    }()

    /// The folder and the notes beside it go when the suite is done.
    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: root + "-notes.txt")
        try? FileManager.default.removeItem(atPath: root + "-releases.txt")
        super.tearDown()
    }

    var cases: [Case] {
        let r = Self.root
        return [
            Case(name: "message", arguments: ["message", "Done."], ready: "Done.", byDefault: ("", 0),
                 answer: Way(keys: [K.enter], lines: [""], variable: "ok", stdout: "")),
            Case(name: "confirm", arguments: ["confirm", "--default", "no", "Delete?"], ready: "Delete?", byDefault: ("", 1),
                 answer: Way(keys: ["y"], lines: ["y"], variable: "yes", stdout: ""), refused: "perhaps"),
            Case(name: "input", arguments: ["input", "--validate", "int", "--value", "8080", "Port"], ready: "8080",
                 byDefault: ("8080\n", 0), answer: Way(keys: ["\u{15}9090", K.enter], lines: ["9090"], variable: "9090", stdout: "9090\n"),
                 refused: "eighty"),
            Case(name: "password", arguments: ["password", "--min-length", "4", "Key"], ready: "Key", byDefault: nil,
                 answer: Way(keys: ["s3cret", K.enter], lines: ["s3cret"], variable: "s3cret", stdout: "s3cret\n"), refused: "abc"),
            Case(name: "choose", arguments: ["choose", "--selected", "zsh", "Shell?", "bash", "zsh", "fish"], ready: "fish",
                 byDefault: ("zsh\n", 0), answer: Way(keys: [K.down, K.enter], lines: ["3"], variable: "fish", stdout: "fish\n")),
            Case(name: "radio", arguments: ["choose", "--radio", "--selected", "zsh", "Shell?", "bash", "zsh", "fish"], ready: "fish",
                 byDefault: ("zsh\n", 0), answer: Way(keys: [K.down, K.space, K.enter], lines: ["3"], variable: "fish", stdout: "fish\n")),
            Case(name: "check list", arguments: ["choose", "--multi", "--selected", "a", "Parts?", "a", "b", "c"], ready: "[x] a",
                 byDefault: ("a\n", 0), answer: Way(keys: [K.down, K.down, K.space, K.enter], lines: ["1 3"], variable: "a\nc", stdout: "a\nc\n"),
                 refused: "d"),
            Case(name: "save", arguments: ["save", "--root", r, "--dir", r, "--name", "report.txt"], ready: "report.txt",
                 byDefault: (r + "/report.txt\n", 0),
                 answer: Way(keys: ["\u{15}sub/x.txt", K.enter], lines: ["sub/x.txt"], variable: "sub/x.txt", stdout: r + "/sub/x.txt\n"),
                 refused: "/etc/passwd"),
            Case(name: "folder", arguments: ["folder", "--root", r, "--dir", r], ready: "sub", byDefault: (r + "\n", 0), defaultKeys: [],
                 answer: Way(keys: [K.down, K.right, "\u{0F}"], lines: ["sub", ""], variable: "sub", stdout: r + "/sub\n"),
                 refused: "/etc"),
            // open: the start file is its default; an answer is a path below the folder shown first.
            Case(name: "open", arguments: ["open", "--root", r, "--dir", r + "/sub/a.txt"], ready: "b.txt",
                 byDefault: (r + "/sub/a.txt\n", 0),
                 answer: Way(keys: [K.down, K.enter], lines: ["b.txt"], variable: "b.txt", stdout: r + "/sub/b.txt\n"),
                 refused: "/etc/passwd"),
            // A form's date, time and multi fields: the date and time alerts' rules, several options marked.
            Case(name: "form kinds", arguments: ["form", "--field", "day", "date", "Day", "--default", "2026-12-05", "--max", "2026-12-31",
                                                 "--field", "at", "time", "At", "--default", "9:30",
                                                 "--field", "parts", "multi", "Parts", "--options", "core,docs,tests", "--default", "core"],
                 ready: "[x] core", byDefault: ("2026-12-05\n09:30\ncore\n", 0), defaultKeys: [K.enter, K.enter, K.enter], defaultLines: 3,
                 answer: Way(keys: ["\u{15}2026-12-24", K.enter, K.enter, K.right, K.space, K.enter], lines: ["2026-12-24", "", "1 2"],
                             variable: nil, stdout: "2026-12-24\n09:30\ncore,docs\n")),
            Case(name: "form", arguments: ["form", "--field", "host", "text", "Host", "--default", "db1",
                                           "--field", "tls", "switch", "TLS", "--default", "on"], ready: "Host",
                 byDefault: ("db1\non\n", 0), defaultKeys: [K.enter, K.enter], defaultLines: 2,
                 answer: Way(keys: ["\u{15}db2", K.enter, K.enter], lines: ["db2", ""], variable: nil, stdout: "db2\non\n")),
            Case(name: "text", arguments: ["text", r + "-notes.txt"], ready: "line three", byDefault: ("", 0),
                 answer: Way(keys: ["q"], lines: [""], variable: "ok", stdout: "")),
            // A licence is never agreed to for the person: it has no default (Enter in the box is a person's).
            Case(name: "licence", arguments: ["text", "--ok", "Agree", "--cancel", "Decline", r + "-notes.txt"], ready: "line three",
                 byDefault: nil, answer: Way(keys: [K.tab, K.enter], lines: ["n"], variable: "no", stdout: "", status: 1),
                 refused: "perhaps"),
            // Nor is a confirm answered yes without --default.
            Case(name: "confirm without --default", arguments: ["confirm", "Delete everything?"], ready: "Delete everything?",
                 byDefault: nil, answer: Way(keys: ["n"], lines: ["n"], variable: "no", stdout: "", status: 1), refused: "perhaps"),
            // A check list's marked items are its default; a menu without --selected has none.
            Case(name: "check list marked", arguments: ["choose", "--multi", "--marked", "a", "--marked", "c", "Parts?", "a", "b", "c"],
                 ready: "[x] c", byDefault: ("a\nc\n", 0),
                 answer: Way(keys: [K.space, K.down, K.space, K.down, K.space, K.enter], lines: ["2"], variable: "b", stdout: "b\n")),
            Case(name: "menu without --selected", arguments: ["choose", "Shell?", "bash", "zsh"], ready: "zsh", byDefault: nil,
                 answer: Way(keys: [K.down, K.enter], lines: ["2"], variable: "zsh", stdout: "zsh\n")),
            // Items read with a --delimiter print their tag, as --tagged ones do.
            Case(name: "delimited items", arguments: ["choose", "--delimiter", "|", "--items-from", r + "-releases.txt", "--selected", "d12", "Release?"],
                 ready: "Debian 13", byDefault: ("d12\n", 0),
                 answer: Way(keys: [K.down, K.enter], lines: ["2"], variable: "d13", stdout: "d13\n")),
            Case(name: "date", arguments: ["date", "--value", "2026-11-26", "--max", "2026-12-31", "Day?"], ready: "November 2026",
                 byDefault: ("2026-11-26\n", 0),
                 answer: Way(keys: [K.right, K.down, K.enter], lines: ["2026-12-04"], variable: "2026-12-04", stdout: "2026-12-04\n"),
                 refused: "2027-01-01"),
            Case(name: "number", arguments: ["number", "--min", "0", "--max", "100", "--step", "5", "--value", "40", "Volume"],
                 ready: "40", byDefault: ("40\n", 0),
                 answer: Way(keys: [K.right, K.right, K.enter], lines: ["50"], variable: "50", stdout: "50\n"), refused: "42"),
            Case(name: "time", arguments: ["time", "--value", "13:45", "--max", "18:00", "At?"], ready: "13:45:00",
                 byDefault: ("13:45:00\n", 0),
                 answer: Way(keys: [K.up, K.enter], lines: ["14:45"], variable: "14:45", stdout: "14:45:00\n"), refused: "19:00"),
            Case(name: "progress gauge", arguments: ["progress", "Copying"], stdin: Array("50\n100\n".utf8), ready: "",
                 byDefault: ("", 0), answer: Way(keys: [], lines: [], variable: nil, stdout: "")),
            Case(name: "progress command", arguments: ["progress", "Step", "--", "sh", "-c", "echo working; exit 3"], ready: "",
                 byDefault: ("", 3), scriptedStdout: "working\n", answer: Way(keys: [], lines: [], variable: nil, stdout: "")),
        ]
    }

    func box(_ c: Case, _ extra: [String] = [], environment: [String: String] = [:]) throws -> PTYProcess {
        let args = [c.arguments[0], "--no-animation", "--id", "c"] + extra + Array(c.arguments.dropFirst())
        return try PTYProcess(args, columns: 100, environment: environment, stdin: c.stdin)
    }

    func line(_ c: Case, _ extra: [String] = []) throws -> PTYProcess { try box(c, extra, environment: ["TERM": "dumb"]) }

    func scripted(_ c: Case, _ environment: [String: String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = try box(c, environment: environment)
        let status = try p.waitForExit()
        XCTAssertFalse(p.screen.raw.contains(0x1B), "\(c.name): nothing drawn")
        return (status, p.stdoutText, p.stderrText)
    }

    /// Line mode's prompt is out: the last line ends as every prompt does.
    static func prompted(_ s: Screen) -> Bool {
        let last = s.trimmedLines.last { !$0.isEmpty } ?? ""
        return last.hasSuffix(":") || last.hasSuffix("]") || last.hasSuffix("continue")
    }

    /// Types each line at its own prompt: the next once the screen has moved on from the last.
    static func answer(_ l: PTYProcess, _ lines: [String]) throws {
        var before: String?
        for text in lines {
            try l.waitFor("a prompt") { s in Self.prompted(s) && s.text != before }
            before = l.screen.text
            l.type(text + "\r")
        }
    }

    /// Runs `body` for each case on its own: a case that throws is reported under its name and
    /// the rest still run (one broken alert never hides another's result).
    func eachCase(_ cases: [Case], _ body: (Case) throws -> Void) {
        for c in cases {
            do { try body(c) } catch { XCTFail("\(c.name): \(error)") }
        }
    }

    /// Progress needs no one: it runs to its end and passes on its status wherever it is shown.
    func isProgress(_ c: Case) -> Bool { c.arguments[0] == "progress" }

    // MARK: - Taking the default

    func testTheDefaultIsTheSameEverywhere() throws {
        eachCase(cases) { c in
            guard let expected = c.byDefault else {
                // One rule: no person takes it for you, whether no one is there or time runs out.
                XCTAssertEqual(try scripted(c, ["ALERTTY_NONINTERACTIVE": "1"]).status, 3, "\(c.name): no default, exit 3")
                for p in [try box(c, ["--timeout", "1", "--on-timeout", "default"]), try line(c, ["--timeout", "1", "--on-timeout", "default"])] {
                    try assertEnded(p, status: 124, stdout: "")
                }
                return
            }
            // The box: Enter (progress: nothing to press). The folder box has no key for "this
            // folder" (Enter opens the highlighted one, Ctrl-O chooses it): its default is taken
            // on timeout below, as by a script.
            if c.name == "folder" { try checkScriptedAndTimeout(c, expected); return }
            let b = try box(c)
            if !isProgress(c) {
                try b.waitForText(c.ready)
                for k in c.defaultKeys { b.type(k) }
            } else if c.arguments.contains("--") {
                try b.waitForText("failed (exit 3)")
                b.type(K.enter)
            }
            try assertEnded(b, status: expected.status, stdout: expected.stdout)
            // Line mode: an empty line at each prompt takes what it shows.
            let l = try line(c)
            if !isProgress(c) {
                try Self.answer(l, Array(repeating: "", count: c.defaultLines))
            }
            try assertEnded(l, status: expected.status, stdout: expected.stdout)
            XCTAssertFalse(l.screen.raw.contains(0x1B), "\(c.name): line mode writes no escape")
            try checkScriptedAndTimeout(c, expected)
        }
    }

    /// No one there, and time running out (in the box and in line mode): the same default.
    func checkScriptedAndTimeout(_ c: Case, _ expected: (stdout: String, status: Int32)) throws {
        let n = try scripted(c, ["ALERTTY_NONINTERACTIVE": "1"])
        XCTAssertEqual(n.status, expected.status, "\(c.name) --non-interactive: \(n.stderr)")
        XCTAssertEqual(n.stdout, c.scriptedStdout ?? expected.stdout, c.name)
        guard !isProgress(c) else { return }
        for p in [try box(c, ["--timeout", "1", "--on-timeout", "default"]), try line(c, ["--timeout", "1", "--on-timeout", "default"])] {
            try assertEnded(p, status: expected.status, stdout: expected.stdout)
        }
    }

    // MARK: - Giving an answer

    func testAnAnswerIsTheSameEverywhere() throws {
        eachCase(cases.filter { !isProgress($0) }) { c in
            let b = try box(c)
            try b.waitForText(c.ready)
            for k in c.answer.keys { b.type(k) }
            try assertEnded(b, status: c.answer.status, stdout: c.answer.stdout)

            let l = try line(c)
            try Self.answer(l, c.answer.lines)
            try assertEnded(l, status: c.answer.status, stdout: c.answer.stdout)

            if let v = c.answer.variable {
                let s = try scripted(c, ["ALERTTY_ANSWER_C": v])
                XCTAssertEqual(s.status, c.answer.status, "\(c.name) answered by ALERTTY_ANSWER_C: \(s.stderr)")
                XCTAssertEqual(s.stdout, c.answer.stdout, c.name)
            }
        }
        // A form's fields are answered by name.
        let form = cases.first { $0.name == "form" }!
        let f = try scripted(form, ["ALERTTY_ANSWER_C_HOST": "db2"])
        XCTAssertEqual(f.stdout, "db2\non\n")
    }

    /// Each answer alertty accepted validates against the JSON Schema its --describe printed for
    /// that prompt (a form: each line against its field's), and each it refused does not, where a
    /// schema can say why.
    func testEveryAcceptedAnswerValidatesAgainstItsDescribedSchema() throws {
        try Needs.pythonModule("jsonschema", package: "python3-jsonschema")
        var checked: [Any] = []
        for c in cases where !isProgress(c) && c.answer.status == 0 {
            let d = try box(c, ["--describe"])
            XCTAssertEqual(try d.waitForExit(), 7, "\(c.name): \(d.stderrText)")
            let described = try JSONSerialization.jsonObject(with: Data(d.stdoutText.utf8))
            // What alertty took from a script (a form: what it printed, a line per field), and
            // what it refused.
            checked.append(["name": c.name, "described": described, "answer": c.answer.variable ?? c.answer.stdout, "accepted": true])
            if let bad = c.refused { checked.append(["name": c.name, "described": described, "answer": bad, "accepted": false]) }
        }
        let script = #"""
        import json, sys
        from jsonschema import Draft202012Validator
        def as_json(text, schema):
            kind = schema.get("type")
            if kind == "array": return [line for line in text.replace(",", "\n").split("\n") if line] if schema.get("items", {}).get("enum") else [line for line in text.split("\n") if line]
            if kind == "integer": return int(text)
            if kind == "number": return float(text)
            if kind == "boolean": return text.strip().lower() in ("on", "yes", "true", "1")
            return text[:-1] if text.endswith("\n") else text
        failures = []
        for case in json.load(sys.stdin):
            d, answer = case["described"], case["answer"]
            pairs = [(f["answer"], line) for f, line in zip(d["fields"], answer.split("\n"))] if d.get("fields") else [(d.get("answer"), answer)]
            for schema, text in pairs:
                if schema is None: continue
                try: value = as_json(text, schema)
                except ValueError: value = text  # not even of the schema's type: refused by it
                valid = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER).is_valid(value)
                if case["accepted"] and not valid:
                    failures.append(f"{case['name']}: {value!r} does not validate against {schema}")
                if not case["accepted"] and valid:
                    failures.append(f"refused but valid: {case['name']}")
        print("\n".join(failures))
        """#
        let input = try JSONSerialization.data(withJSONObject: checked)
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        check.arguments = ["-c", script]
        let (stdin, stdout) = (Pipe(), Pipe())
        (check.standardInput, check.standardOutput) = (stdin, stdout)
        try check.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let printed = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        XCTAssertEqual(check.terminationStatus, 0)
        // A refusal a schema cannot say: a bound a date, a time or a path format has no keyword
        // for (alertty's own rule is in the description), a folder outside the root.
        let cannotSay = ["date", "time", "save", "folder", "open"].map { "refused but valid: " + $0 }
        let lines = printed.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { !cannotSay.contains($0) }, [], "answers their own schema refuses, or refusals it takes")
        XCTAssertGreaterThan(checked.count, 15)
    }

    // MARK: - A refused answer

    func testARefusedAnswerIsRefusedEverywhereForTheSameReason() throws {
        eachCase(cases) { c in
            guard let bad = c.refused else { return }
            let s = try scripted(c, ["ALERTTY_ANSWER_C": bad])
            XCTAssertEqual(s.status, 2, "\(c.name): '\(bad)' is refused")
            XCTAssertEqual(s.stdout, "")
            XCTAssertTrue(s.stderr.hasPrefix("alertty: prompt 'c': "), s.stderr)
            // Line mode says why and asks again (a list re-asks for numbers), never answering.
            guard !c.name.hasPrefix("confirm") && c.name != "check list" && c.name != "licence" else { return }
            let l = try line(c)
            try l.waitFor("a prompt", Self.prompted)
            l.type(bad + "\r")
            let reason = s.stderr.dropFirst("alertty: prompt 'c': ".count).trimmingCharacters(in: .newlines)
            try l.waitForText(String(reason.prefix(30)))
            l.signal(SIGTERM)
            try assertEnded(l, status: 143, stdout: "")
        }
    }

    // MARK: - Cancel, time out, signals

    func testCancelTimeoutAndSignalsEndTheSameWay() throws {
        eachCase(cases.filter { !isProgress($0) && $0.name != "message" && $0.name != "text" }) { c in
            // Esc in the box, q or end of input in line mode: 1.
            let b = try box(c)
            try b.waitForText(c.ready)
            b.type(K.escape)
            try assertEnded(b, status: 1, stdout: "")
            let l = try line(c)
            try l.waitFor("a prompt", Self.prompted)
            l.type("\u{04}")
            try assertEnded(l, status: 1, stdout: "")
            // Time out: 124, the prompt's line ended.
            for p in [try box(c, ["--timeout", "1"]), try line(c, ["--timeout", "1"])] { try assertEnded(p, status: 124, stdout: "") }
            // SIGTERM and SIGINT from outside: 143 and 130, the terminal restored.
            for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, 130)] {
                let p = try box(c)
                try p.waitForText(c.ready)
                p.signal(signal)
                try assertEnded(p, status: status, stdout: "")
            }
        }
    }

    /// --countdown (dialog's pause): the seconds show on the default from the start, and it is
    /// taken when they run out, in the box and in line mode alike.
    func testACountdownTakesTheDefaultEverywhere() throws {
        for (args, status) in [(["message", "--no-animation", "--countdown", "2", "Rebooting"], Int32(0)),
                               (["confirm", "--no-animation", "--countdown", "2", "--default", "no", "Reboot?"], 1)] {
            let b = try PTYProcess(args)
            try b.waitForText("(2s)")
            try assertEnded(b, status: status, stdout: "")
            let l = try PTYProcess(args, environment: ["TERM": "dumb"])
            try assertEnded(l, status: status, stdout: "")
        }
    }

    func testAFailingStepInLineModeReportsAndReturns() throws {
        let p = try PTYProcess(["progress", "--plain", "Step", "--", "sh", "-c", "printf 'disk full' >&2; exit 3"])
        try assertEnded(p, status: 3, stdout: "")
        XCTAssertTrue(p.screen.contains("sh failed (exit 3):"), p.screen.text)
        XCTAssertTrue(p.screen.contains("disk full"), "the last stderr line, though it has no newline")
        // A signal is forwarded to the command and waited for, as in the box.
        let slow = try PTYProcess(["progress", "--plain", "Step", "--", "sh", "-c", "trap 'echo got TERM; exit 7' TERM; sleep 30 & wait"])
        try slow.waitForText("Step")
        slow.signal(SIGTERM)
        try assertEnded(slow, status: 143, stdout: "")
    }

    // MARK: - A reference to nothing

    /// A --selected or --marked that names no item, or a form field's variable that names no
    /// field, is the script's mistake: exit 2 naming it, in the box, in line mode and with no one
    /// there — never a guess (the typo Standrd became the first item with no one there).
    func testAReferenceToNothingIsAnErrorEverywhere() throws {
        for arguments in [["choose", "--radio", "--selected", "Standrd", "Which edition?", "Minimal", "Standard", "Full"],
                          ["choose", "--multi", "--marked", "d", "Parts?", "a", "b", "c"]] {
            let c = Case(name: arguments[2], arguments: arguments, ready: "", byDefault: nil, answer: Way(keys: [], lines: [], stdout: ""))
            for p in [try box(c), try line(c), try box(c, ["--non-interactive"])] {
                try assertEnded(p, status: 2, stdout: "")
                XCTAssertTrue(p.stderrText.contains("'\(arguments[3])' names no item"), p.stderrText)
                XCTAssertFalse(p.screen.contains(arguments[4]), "nothing was asked")
            }
        }
        // Items read from a file are checked once they are all read.
        let streamed = Case(name: "streamed", arguments: ["choose", "--items-from", Self.root + "-notes.txt", "--selected", "line four", "Which?"],
                            ready: "", byDefault: nil, answer: Way(keys: [], lines: [], stdout: ""))
        for p in [try box(streamed), try line(streamed), try box(streamed, ["--non-interactive"])] {
            try assertEnded(p, status: 2, stdout: "")
            XCTAssertTrue(p.stderrText.contains("--selected 'line four' names no item"), p.stderrText)
        }
        let form = cases.first { $0.name == "form" }!
        let typo = try scripted(form, ["ALERTTY_ANSWER_C_HOTS": "db2"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stdout, "")
        XCTAssertTrue(typo.stderr.contains("ALERTTY_ANSWER_C_HOTS answers no field of prompt 'c'"), typo.stderr)
    }
}
