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
        let back = try Popup.Request.decoded(request.encoded())
        XCTAssertEqual([back.caller, Int32(back.callerStart), Int32(back.deadline / 1000)], [42, 7, 123_456_789])
        XCTAssertEqual(back.command.string(.title), "Pick\none")
        XCTAssertEqual(back.command.positionals, ["a", "b\u{1B}"])
        XCTAssertEqual(back.environment.map(\.0), ["LANG", "GONE"])
        XCTAssertNil(back.environment[1].1)
    }

    func testANegativeOrHugeCountIsAnError() {
        for count in ["-1", "99999999"] {
            var w = WireWriter()
            w.put("alertty-popup 1")
            w.put("/")
            w.put(count)
            XCTAssertThrowsError(try Popup.Request.decoded(w.bytes), count)
        }
        var ended = WireWriter()
        for field in ["ended", "0"] { ended.put(field) }
        XCTAssertThrowsError(try Popup.decoded(ended.bytes + Array("3:-1,".utf8)))
    }

    /// tmux's list of clients, read in any locale: the name last, whatever it holds; a client
    /// of tmux before 3.3 has no user.
    func testTmuxClientsAreReadWhateverTheLocale() {
        XCTAssertEqual(Popup.Client.parse("1700000000|0|100|30|/dev/pts/3\n1700000005||80|24|/dev/pts/4|odd\nbroken\n1|x|1|1|/dev/pts/9\n"),
                       [Popup.Client(activity: 1_700_000_000, uid: 0, columns: 100, rows: 30, name: "/dev/pts/3"),
                        Popup.Client(activity: 1_700_000_005, uid: nil, columns: 80, rows: 24, name: "/dev/pts/4|odd")])
    }
}
