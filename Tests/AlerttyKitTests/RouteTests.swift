// Where a question is asked, as a table: the command, the program asking and the environment
// decide the channel, with no terminal opened to decide it.
@testable import AlerttyKit
import XCTest

final class RouteTests: XCTestCase {
    func route(_ words: [String], asking: Asking = Asking(), immediate: Bool = false, scripted: Bool = false,
               _ environment: [String: String] = ["TERM": "xterm-256color"]) throws -> Ask.Channel {
        guard case .run(let command) = try ArgumentParser.parse(words) else {
            throw NSError(domain: "not an alert to run: \(words)", code: 1)
        }
        return Ask.route(command, asking: asking, immediate: immediate, answeredWithoutAPerson: scripted, environment: { environment[$0] })
    }

    func testEachWayOfAskingIsARow() throws {
        var served = Asking()
        served.servedFor = .popup
        var agent = Asking()
        agent.servedFor = .agent(asker: "asked by cron (pid 1)")
        var layered = Asking()
        layered.behind = [Layered.Layer(view: TailView(title: "log", document: BufferDocument([])), width: nil, height: nil)]
        let rows: [(String, Ask.Channel, () throws -> Ask.Channel)] = [
            ("--describe before everything", .describe, { try self.route(["confirm", "--describe", "--popup", "X?"], immediate: true, scripted: true) }),
            ("an alert that answers at once", .immediate, { try self.route(["confirm", "X?"], immediate: true, scripted: true) }),
            ("answered by name or by default", .scripted, { try self.route(["confirm", "--popup", "X?"], scripted: true) }),
            ("--popup", .popup, { try self.route(["confirm", "--popup", "X?"]) }),
            ("ALERTTY_POPUP=1", .popup, { try self.route(["confirm", "X?"], ["ALERTTY_POPUP": "1", "TERM": "xterm"]) }),
            ("ALERTTY_POPUP=0", .box, { try self.route(["confirm", "X?"], ["ALERTTY_POPUP": "0", "TERM": "xterm"]) }),
            ("a popup's own alertty never pops up again", .box, { try self.route(["confirm", "--popup", "X?"], asking: served) }),
            ("nor an agent's", .box, { try self.route(["confirm", "--popup", "X?"], asking: agent) }),
            ("nor a box with boxes behind it (dialog's --and-widget)", .box, { try self.route(["confirm", "--popup", "X?"], asking: layered) }),
            ("--plain", .line, { try self.route(["confirm", "--plain", "X?"]) }),
            ("ALERTTY_PLAIN=1", .line, { try self.route(["confirm", "X?"], ["ALERTTY_PLAIN": "1", "TERM": "xterm"]) }),
            ("TERM=dumb", .line, { try self.route(["confirm", "X?"], ["TERM": "dumb"]) }),
            ("no TERM at all", .line, { try self.route(["confirm", "X?"], [:]) }),
            ("a terminal that draws", .box, { try self.route(["confirm", "X?"]) }),
        ]
        for (why, expected, got) in rows { XCTAssertEqual(try got(), expected, why) }
    }
}
