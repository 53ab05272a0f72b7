// The drop-in through every front end: a whiptail or dialog call answers the same in the box, in
// line mode (TERM=dumb), with no one there (ALERTTY_NONINTERACTIVE) and when time runs out with
// --on-timeout default (given through ALERTTY_OPTIONS, as a script's call cannot say it) — its
// answer on stderr without a newline and its program's statuses, whichever front end asked.
import Foundation
import Glibc
import XCTest

final class DropInConformanceEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    struct Case {
        var name: String
        var arguments: [String]
        var stdin: [UInt8]? = nil
        var ready: String
        /// Taken by Enter, by an empty line, by no one and on timeout.
        var byDefault: (stderr: String, status: Int32)
        var defaultKeys = [K.enter]
        var defaultLines = 1
        /// Another answer: typed in the box, given as lines in line mode.
        var keys: [String]
        var lines: [String]
        var answer: (stderr: String, status: Int32)
    }

    var cases: [Case] {
        [
            Case(name: "whiptail yesno", arguments: ["whiptail", "--yesno", "Go on?", "8", "40"], ready: "Go on?",
                 byDefault: ("", 0), keys: [K.tab, K.enter], lines: ["n"], answer: ("", 1)),
            Case(name: "whiptail inputbox", arguments: ["whiptail", "--inputbox", "Port", "8", "40", "8080"], ready: "8080",
                 byDefault: ("8080", 0), keys: ["\u{15}9090", K.enter], lines: ["9090"], answer: ("9090", 0)),
            Case(name: "whiptail radiolist", arguments: ["whiptail", "--radiolist", "Size", "12", "40", "3", "s", "small", "off",
                                                         "m", "medium", "on", "l", "large", "off"], ready: "large",
                 byDefault: ("m", 0), keys: [K.down, K.down, K.space, K.enter], lines: ["3"], answer: ("l", 0)),
            Case(name: "dialog menu", arguments: ["dialog", "--default-item", "g", "--menu", "Colour", "12", "40", "3",
                                                  "r", "red", "g", "green", "b", "blue"], ready: "blue",
                 byDefault: ("g", 0), keys: [K.down, K.enter], lines: ["3"], answer: ("b", 0)),
            Case(name: "dialog checklist", arguments: ["dialog", "--checklist", "Parts", "12", "40", "3", "a", "Alpha", "on",
                                                       "b c", "Beta", "off", "d", "Delta", "off"], ready: "Delta",
                 byDefault: ("a", 0), keys: [K.down, K.space, K.enter], lines: ["1 2"], answer: ("a \"b c\"", 0)),
            Case(name: "dialog form", arguments: ["dialog", "--form", "Login", "10", "40", "2", "Host", "1", "1", "db1", "1", "8", "20", "0",
                                                  "User", "2", "1", "ann", "2", "8", "20", "0"], ready: "db1",
                 byDefault: ("db1\nann\n", 0), defaultLines: 2, keys: [K.end, K.ctrlU, "db2", K.enter], lines: ["db2", ""], answer: ("db2\nann\n", 0)),
            Case(name: "dialog rangebox", arguments: ["dialog", "--rangebox", "Level", "8", "40", "0", "10", "4"], ready: "Level",
                 byDefault: ("4", 0), keys: [K.down, K.enter], lines: ["5"], answer: ("5", 0)),
        ]
    }

    func run(_ c: Case, environment: [String: String] = [:]) throws -> PTYProcess {
        try PTYProcess(c.arguments, columns: 100, environment: environment, stdin: c.stdin)
    }

    func assertAnswered(_ p: PTYProcess, _ expected: (stderr: String, status: Int32), _ what: String,
                        file: StaticString = #filePath, line: UInt = #line) throws {
        try assertEnded(p, status: expected.status, stdout: "", file: file, line: line)
        XCTAssertEqual(p.stderrText, expected.stderr, what, file: file, line: line)
    }

    /// The box answered by `keys` and line mode by `lines` both end as `expected`.
    func assertBoxAndLineMode(_ c: Case, keys: [String], lines: [String], _ expected: (stderr: String, status: Int32)) throws {
        let b = try run(c)
        try b.waitForText(c.ready)
        for k in keys { b.type(k) }
        try assertAnswered(b, expected, "\(c.name) in the box")
        let l = try run(c, environment: ["TERM": "dumb"])
        try ConformanceEndToEndTests.answer(l, lines)
        try assertAnswered(l, expected, "\(c.name) in line mode")
        XCTAssertFalse(l.screen.raw.contains(0x1B), "\(c.name): line mode writes no escape")
    }

    /// The name the program is called by decides, not the file it resolves to: dialog reached
    /// through a symlink (as distributions' alternatives install it) answers as through a hard link.
    func testASymlinkAndAHardLinkNamedDialogAgree() throws {
        let dir = try temporaryFolder()
        symlink(PTYProcess.binary, dir + "/dialog")
        for program in [dir + "/dialog", PTYProcess.binary(named: "dialog")] {
            for (arguments, keys, status, said) in [(["--extra-button", "--yesno", "Go?", "8", "40"], K.tab + K.enter, Int32(3), ""),
                                                     (["--help-button", "--menu", "Pick", "12", "40", "3", "a", "A", "b", "B"], K.tab + K.tab + K.enter, 2, "HELP a"),
                                                     (["--extra-button", "--checklist", "Pick", "12", "40", "3", "a", "A", "on", "b", "B", "off"], K.tab + K.enter, 3, "a")] {
                let p = try PTYProcess(arguments, executable: program)
                try p.waitForText(arguments[2])
                p.type(keys)
                XCTAssertEqual(try p.waitForExit(), status, "\(program) \(arguments)")
                XCTAssertEqual(p.stderrText, said, "\(program) \(arguments)")
            }
        }
    }

    func testTheDefaultIsTheSameEverywhere() throws {
        for c in cases {
            try assertBoxAndLineMode(c, keys: c.defaultKeys, lines: Array(repeating: "", count: c.defaultLines), c.byDefault)
            let n = try run(c, environment: ["ALERTTY_NONINTERACTIVE": "1"])
            try assertAnswered(n, c.byDefault, "\(c.name) with no one there")
            XCTAssertFalse(n.screen.raw.contains(0x1B), "\(c.name): nothing drawn")
            for environment in [["ALERTTY_OPTIONS": "--timeout 1 --on-timeout default"],
                                ["ALERTTY_OPTIONS": "--timeout 1 --on-timeout default", "TERM": "dumb"]] {
                try assertAnswered(try run(c, environment: environment), c.byDefault, "\(c.name) on timeout, \(environment)")
            }
        }
    }

    func testAnAnswerIsTheSameInTheBoxAndInLineMode() throws {
        for c in cases { try assertBoxAndLineMode(c, keys: c.keys, lines: c.lines, c.answer) }
    }

    /// Esc is 255 in the box (line mode's end of input is Cancel, 1); a timeout is 255 as
    /// dialog's is; SIGTERM ends it as it ends any command, the terminal restored.
    func testCancelTimeoutAndSignalsEndAsTheProgramsDo() throws {
        for c in cases {
            let b = try run(c)
            try b.waitForText(c.ready)
            b.type(K.escape)
            try assertAnswered(b, ("", 255), "\(c.name): Esc")
            let l = try run(c, environment: ["TERM": "dumb"])
            try l.waitFor("a prompt", ConformanceEndToEndTests.prompted)
            l.type("\u{04}")
            try assertAnswered(l, ("", 1), "\(c.name): end of input in line mode")
            for environment in [["ALERTTY_OPTIONS": "--timeout 1"], ["ALERTTY_OPTIONS": "--timeout 1", "TERM": "dumb"]] {
                try assertAnswered(try run(c, environment: environment), ("", 255), "\(c.name): timed out, \(environment)")
            }
            let s = try run(c)
            try s.waitForText(c.ready)
            s.signal(SIGTERM)
            try assertAnswered(s, ("", 143), "\(c.name): SIGTERM")
        }
    }

    /// A gauge fed on stdin runs to its end with no one there and in line mode alike.
    func testAGaugeRunsToItsEndInEveryFrontEnd() throws {
        let c = Case(name: "dialog gauge", arguments: ["dialog", "--gauge", "Copying", "8", "40", "0"], stdin: Array("50\n100\n".utf8),
                     ready: "", byDefault: ("", 0), keys: [], lines: [], answer: ("", 0))
        for environment in [[:], ["TERM": "dumb"], ["ALERTTY_NONINTERACTIVE": "1"]] {
            try assertAnswered(try run(c, environment: environment), ("", 0), "gauge \(environment)")
        }
    }
}
