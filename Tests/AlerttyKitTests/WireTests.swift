// The popup's wire: whatever arrives, a garbled message is an error, never a trap or a guess.
@testable import AlerttyKit
import XCTest

final class WireTests: XCTestCase {
    func testARequestGoesThroughWhole() throws {
        var command = ParsedCommand(alert: .choose)
        command.add(.title, "Pick\none")
        command.positionals = ["a", "b\u{1B}"]
        let request = Popup.Request(command: command, theme: nil, directory: "/tmp", environment: [("LANG", "C.UTF-8"), ("GONE", nil)])
        let back = try Popup.Request.decoded(request.encoded())
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
}
