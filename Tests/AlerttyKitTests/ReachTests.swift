// Reaching a person elsewhere, as tables: the hosts that draw a question where the person is,
// and the channels elsewhere that answer it — which take which question is decided by the
// question's facts alone.
@testable import AlerttyKit
import XCTest

final class ReachTests: XCTestCase {
    func waiting(_ words: [String], queued: Bool = true) throws -> Reach.Waiting {
        guard case .run(let command) = try ArgumentParser.parse(words) else {
            throw NSError(domain: "not an alert to run: \(words)", code: 1)
        }
        let prepared = try Ask.prepare(command, Asking())
        return Reach.Waiting(prepared, asker: Popup.Asker(program: "check-disk", pid: 4242), asked: 0, deadline: nil, stdinTaken: [],
                             forwardsStdin: false, queued: queued)
    }

    func testTheTablesRows() {
        XCTAssertEqual(Reach.hosts.map(\.name), ["tmux"])
        XCTAssertEqual(Reach.elsewhere.map(\.name), ["agents", "systemd", "desktop"])
    }

    func testEachChannelElsewhereTakesWhatItCanAsk() throws {
        let rows: [(String, [String], Bool, [String])] = [
            ("a confirm: agents only of the two (systemd's ask one line)", ["confirm", "Go?"], true, ["agents", "desktop"]),
            ("an input: both", ["input", "Name?"], true, ["agents", "systemd", "desktop"]),
            ("a password: both (the desktop only says where to answer)", ["password", "Key?"], true, ["agents", "systemd", "desktop"]),
            ("a list: agents only", ["choose", "a", "b"], true, ["agents", "desktop"]),
            ("a form: agents only", ["form", "--field", "name", "text", "Name", "Who?"], true, ["agents", "desktop"]),
            ("not in the queue: no agent could find it", ["input", "Name?"], false, ["systemd", "desktop"]),
            ("nor a confirm", ["confirm", "Go?"], false, ["desktop"]),
            ("the desktop turned off", ["confirm", "--no-notify", "Go?"], true, ["agents"]),
        ]
        for (why, words, queued, expected) in rows {
            XCTAssertEqual(try waiting(words, queued: queued).takenBy, expected, why)
        }
    }
}
