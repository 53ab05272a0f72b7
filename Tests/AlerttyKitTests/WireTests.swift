// The popup's wire: whatever arrives, a garbled message is an error, never a trap or a guess.
@testable import AlerttyKit
import XCTest

final class WireTests: XCTestCase {
    func testARequestGoesThroughWhole() throws {
        var command = ParsedCommand(alert: .choose)
        command.add(.title, "Pick\none")
        command.positionals = ["a", "b\u{1B}"]
        let request = Popup.Request(command: command, theme: nil, directory: "/tmp", environment: [("LANG", "C.UTF-8"), ("GONE", nil)],
                                    caller: 42, callerStart: 7, deadline: 123_456_789_012)
        let back = try Popup.Request.unwired(request.wire())
        XCTAssertEqual([back.caller, Int32(back.callerStart), Int32(back.deadline / 1000)], [42, 7, 123_456_789])
        XCTAssertEqual(back.command.string(.title), "Pick\none")
        XCTAssertEqual(back.command.positionals, ["a", "b\u{1B}"])
        XCTAssertEqual(back.environment.map(\.0), ["LANG", "GONE"])
        XCTAssertNil(back.environment[1].1)
    }

    /// Every field of an outcome set, and set to what is hardest to carry (invalid UTF-8, ESC,
    /// CR, a newline, an item over 16 KB): what arrives is what was sent, replay included.
    func testAnOutcomeGoesThroughWithEveryFieldSet() throws {
        let long = [UInt8](repeating: 0x78, count: 20_000)
        var outcome = Outcome(.extra, answer: [0xFF, 0x1B, 0x0D, 0x0A, 0x00])
        outcome.pressedEsc = true
        outcome.farewell = "bye\u{1B}[2J"
        outcome.report = "bad\nline"
        outcome.exitCode = -3
        outcome.items = [[0xFE], Array("a\nb".utf8), long, []]
        outcome.state = [Array("field\t1".utf8), []]
        outcome.replay = [ReplayAnswer(field: "host-name", value: [0xC3, 0x28], secret: true, unnameable: true),
                          ReplayAnswer(value: long)]
        for signal in [SignalEnding.job, .process] {
            outcome.signal = signal
            for terminator: UInt8? in [0x00, 0x0A, nil] {
                for wholeJob in [true, false] {
                    let sent = Ran.ended(outcome, terminator: terminator, wholeJob: wholeJob)
                    guard case .ended(let back, let backTerminator, let backWholeJob) = try Ran.unwired(sent.wire(room: sent.wireRoom)) else {
                        return XCTFail("an ended run came back as another")
                    }
                    XCTAssertEqual(back, outcome)
                    XCTAssertEqual(back.replay, outcome.replay, "replay crosses too (== leaves it out)")
                    XCTAssertEqual(backTerminator, terminator)
                    XCTAssertEqual(backWholeJob, wholeJob)
                }
            }
        }
        var none = Outcome(.ok)
        none.replay = []
        guard case .ended(let back, nil, false) = try Ran.unwired(Ran.ended(none, terminator: nil, wholeJob: false).wire()) else {
            return XCTFail("an outcome with nothing set came back as another")
        }
        XCTAssertEqual(back, none)
        XCTAssertEqual(back.replay, [], "an empty replay is not no replay")
        XCTAssertNil(back.items)
        for status in ExitStatus.allCases {
            guard case .failed(let s) = try Ran.unwired(Ran.failed(status).wire()) else { return XCTFail("\(status)") }
            XCTAssertEqual(s, status)
        }
        guard case .notRun = try Ran.unwired(Ran.notRun.wire()) else { return XCTFail("notRun came back as another") }
    }

    /// A request with every field set, the command's too.
    func testARequestWithEveryFieldSetGoesThroughWhole() throws {
        var command = ParsedCommand(alert: .progress)
        command.add(.title, "T\u{1B}")
        command.add(.timeout, "5")
        command.add(.marked, "a")
        command.add(.marked, "b")
        command.positionals = ["Working", ""]
        command.command = ["sh", "-c", "echo hi\n"]
        command.fieldWords = ["name", "text", "Name"]
        command.dashIsText = true
        command.enterIsDefault = true
        command.suggestsFlags = false
        let request = Popup.Request(command: command, theme: "[colors]\nbox = red\n", directory: "/tmp/a b",
                                    environment: [("LANG", "C"), ("EMPTY", ""), ("GONE", nil)],
                                    caller: 4_000_000, callerStart: UInt64(Int64.max), deadline: 1,
                                    read: [AlertReads.File(path: "fields 1,\u{1B}]2;x\u{7}", bytes: Array("3:a,b\u{0}\n".utf8) + [0xFF, 0x2C]),
                                           AlertReads.File(path: "", bytes: [])])
        // Every field of the request is set and compared here: one added to it fails this until it is.
        XCTAssertEqual(Mirror(reflecting: request).children.map(\.label), ["command", "theme", "directory", "environment", "caller",
                                                                            "callerStart", "deadline", "read"])
        let back = try Popup.Request.unwired(request.wire())
        XCTAssertEqual(back.read, request.read)
        XCTAssertEqual(back.command, command)
        XCTAssertEqual(back.theme, request.theme)
        XCTAssertEqual(back.directory, request.directory)
        XCTAssertEqual(back.environment.map(\.0), request.environment.map(\.0))
        XCTAssertEqual(back.environment.map(\.1), request.environment.map(\.1))
        XCTAssertEqual([UInt64(back.caller), back.callerStart, back.deadline], [UInt64(request.caller), request.callerStart, request.deadline])
        XCTAssertThrowsError(try Popup.Request.unwired(request.wire() + Array("0:,".utf8)), "nothing may follow")
    }

    func testANegativeOrHugeCountIsAnError() {
        for count in ["-1", "99999999"] {
            var w = WireWriter()
            w.put("alertty-popup 1")
            w.put("/")
            w.put(count)
            XCTAssertThrowsError(try Popup.Request.unwired(w.bytes), count)
        }
        var ended = WireWriter()
        for field in ["ended", "0"] { ended.put(field) }
        XCTAssertThrowsError(try Ran.unwired(ended.bytes + Array("3:-1,".utf8)))
    }

    /// tmux's list of clients, read in any locale: the name last, whatever it holds; a client
    /// of tmux before 3.3 has no user.
    func testTmuxClientsAreReadWhateverTheLocale() {
        XCTAssertEqual(Popup.Client.parse("1700000000|0|100|30|1|/dev/pts/3\n1700000005||80|24|0|/dev/pts/4|odd\nbroken\n1|x|1|1|1|/dev/pts/9\n"),
                       [Popup.Client(activity: 1_700_000_000, uid: 0, columns: 100, rows: 30, utf8: true, name: "/dev/pts/3"),
                        Popup.Client(activity: 1_700_000_005, uid: nil, columns: 80, rows: 24, utf8: false, name: "/dev/pts/4|odd")])
        // A job's popup takes the client's character set: cron's job has no locale at all.
        let cron: [(String, String?)] = [("PATH", "/usr/bin:/bin")]
        XCTAssertEqual(Popup.environment(cron, forClientUTF8: true).map { "\($0.0)=\($0.1 ?? "")" }, ["PATH=/usr/bin:/bin", "LC_CTYPE=C.UTF-8"])
        XCTAssertEqual(Popup.environment([("LC_ALL", "C")], forClientUTF8: true).map { "\($0.0)=\($0.1 ?? "")" }, ["LC_ALL=C.UTF-8"])
        XCTAssertEqual(Popup.environment([("LANG", "de_DE.UTF-8")], forClientUTF8: true).map { "\($0.0)=\($0.1 ?? "")" }, ["LANG=de_DE.UTF-8"])
        XCTAssertEqual(Popup.environment([("LANG", "C.UTF-8")], forClientUTF8: false).map { "\($0.0)=\($0.1 ?? "")" }, ["LANG=C.UTF-8", "LC_CTYPE=C"])
        // The person's locale, from their tmux server: set, unset (-NAME), and nothing else taken.
        let person = Popup.personsLocale(in: "LANG=de_DE.UTF-8\n-LC_ALL\nPATH=/usr/bin\nCOLORTERM=truecolor\nDISPLAY=:0\n")
        XCTAssertEqual(person.map { "\($0.0)=\($0.1 ?? "-")" }, ["LANG=de_DE.UTF-8", "LC_ALL=-", "COLORTERM=truecolor"])
        XCTAssertEqual(Popup.environment([("PATH", "/bin"), ("LANG", "C")], person: person).map { "\($0.0)=\($0.1 ?? "-")" },
                       ["PATH=/bin", "LANG=de_DE.UTF-8", "LC_ALL=-", "COLORTERM=truecolor"])
    }
}

final class TmuxPrefixTests: XCTestCase {
    /// tmux's prefix keys, as `show-options -g` lists them, read as the keys the terminal sends.
    func testThePrefixKeysAreReadAsTmuxNamesThem() {
        let listed = "mouse off\nprefix C-b\nprefix2 None\nprefix-timeout 0\n"
        XCTAssertEqual(Popup.prefixKeys(in: listed), [.ctrl("b")])
        XCTAssertEqual(Popup.prefixKeys(in: "prefix C-a\nprefix2 `\n"), [.ctrl("a"), KeyPress(.char("`"))])
        XCTAssertEqual(Popup.key(named: "C-Space"), .ctrl("@"))
        XCTAssertEqual(Popup.key(named: "M-a"), .alt(.char("a")))
        XCTAssertEqual(Popup.key(named: "C-B"), .ctrl("b"))
        XCTAssertNil(Popup.key(named: "None"))
        XCTAssertNil(Popup.key(named: "F13-ish"))
    }
}
