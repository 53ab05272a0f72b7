// Where a question is asked, as a table: the command, the program asking and the environment
// decide the channel, with no terminal opened to decide it.
@testable import AlerttyKit
import XCTest

final class RouteTests: XCTestCase {
    func route(_ words: [String], asking: Asking = Asking(), immediate: Bool = false, scripted: Bool = false,
               _ environment: [String: String] = ["TERM": "xterm-256color"]) throws -> String {
        guard case .run(let command) = try ArgumentParser.parse(words) else {
            throw NSError(domain: "not an alert to run: \(words)", code: 1)
        }
        return Ask.route(command, asking: asking, immediate: immediate, answeredWithoutAPerson: scripted, environment: { environment[$0] }).name
    }

    func testEachWayOfAskingIsARow() throws {
        var served = Asking()
        served.servedFor = .popup
        var agent = Asking()
        agent.servedFor = .agent(asker: "asked by cron (pid 1)")
        var layered = Asking()
        layered.behind = [Layered.Layer(view: TailView(title: "log", document: BufferDocument([])), width: nil, height: nil)]
        let rows: [(String, String, () throws -> String)] = [
            ("--describe before everything", "describe", { try self.route(["confirm", "--describe", "--popup", "X?"], immediate: true, scripted: true) }),
            ("an alert that answers at once", "immediate", { try self.route(["confirm", "X?"], immediate: true, scripted: true) }),
            ("answered by name or by default", "scripted", { try self.route(["confirm", "--popup", "X?"], scripted: true) }),
            ("--popup", "popup", { try self.route(["confirm", "--popup", "X?"]) }),
            ("ALERTTY_POPUP=1", "popup", { try self.route(["confirm", "X?"], ["ALERTTY_POPUP": "1", "TERM": "xterm"]) }),
            ("ALERTTY_POPUP=0", "box", { try self.route(["confirm", "X?"], ["ALERTTY_POPUP": "0", "TERM": "xterm"]) }),
            ("a popup's own alertty never pops up again", "box", { try self.route(["confirm", "--popup", "X?"], asking: served) }),
            ("nor an agent's", "box", { try self.route(["confirm", "--popup", "X?"], asking: agent) }),
            ("nor a box with boxes behind it (dialog's --and-widget)", "box", { try self.route(["confirm", "--popup", "X?"], asking: layered) }),
            ("--plain", "line", { try self.route(["confirm", "--plain", "X?"]) }),
            ("ALERTTY_PLAIN=1", "line", { try self.route(["confirm", "X?"], ["ALERTTY_PLAIN": "1", "TERM": "xterm"]) }),
            ("TERM=dumb", "line", { try self.route(["confirm", "X?"], ["TERM": "dumb"]) }),
            ("no TERM at all", "line", { try self.route(["confirm", "X?"], [:]) }),
            ("a terminal that draws", "box", { try self.route(["confirm", "X?"]) }),
        ]
        for (why, expected, got) in rows { XCTAssertEqual(try got(), expected, why) }
    }

    /// The route is a pure function of its facts: every combination has exactly the channel of
    /// the first row that applies, and each row is reached by some combination.
    func testTheFirstRowThatAppliesAsks() {
        var reached = Set<String>()
        for bits in 0..<64 {
            let on = { (bit: Int) in bits & (1 << bit) != 0 }
            let facts = Ask.RouteFacts(describe: on(0), immediate: on(1), answeredWithoutAPerson: on(2), popupWanted: on(3),
                                       mustStayHere: on(4), plain: on(5))
            let expected = facts.describe ? "describe" : facts.immediate ? "immediate" : facts.answeredWithoutAPerson ? "scripted"
                : facts.popupWanted && !facts.mustStayHere ? "popup" : facts.plain ? "line" : "box"
            XCTAssertEqual(Ask.route(facts).name, expected, "\(facts)")
            reached.insert(Ask.route(facts).name)
        }
        XCTAssertEqual(reached, Set(Ask.channels.map(\.channel.name)), "no row is shadowed by the rows above it")
    }
}

/// Which program a call is: one table, every program a row, recognised by name, first word,
/// environment or dialog's arguments alone.
final class ProgramTableTests: XCTestCase {
    func name(_ calledAs: String, _ arguments: [String]) -> (String, [String]) {
        let (program, words) = App.program(calledAs: calledAs, arguments)
        return (String(describing: type(of: program)), words)
    }

    func testEachProgramIsARow() {
        let rows: [(String, [String], String, [String])] = [
            ("/usr/bin/alertty", ["confirm", "X?"], "AlerttyProgram", ["confirm", "X?"]),
            ("alertty", ["pinentry", "--ttyname", "/dev/pts/1"], "PinentryProgram", ["--ttyname", "/dev/pts/1"]),
            ("/usr/bin/" + Pinentry.programName, [], "PinentryProgram", []),
            ("alertty", ["askpass", "Password:"], "AskpassProgram", ["Password:"]),
            ("/usr/lib/ssh/" + Askpass.programName, ["Password:"], "AskpassProgram", ["Password:"]),
            ("alertty", ["agent"], "AgentProgram", []),
            ("/usr/bin/whiptail", ["--msgbox", "Hi", "8", "30"], "DropInProgram", ["--msgbox", "Hi", "8", "30"]),
            ("alertty", ["dialog", "--yesno", "Go?", "0", "0"], "DropInProgram", ["--yesno", "Go?", "0", "0"]),
            ("/usr/bin/alertty", ["--print-version"], "DropInProgram", ["--print-version"]),
        ]
        for (calledAs, arguments, program, words) in rows {
            let (got, gotWords) = name(calledAs, arguments)
            XCTAssertEqual(got, program, "\(calledAs) \(arguments)")
            XCTAssertEqual(gotWords, words, "\(calledAs) \(arguments)")
        }
        setenv(Popup.folderVariable, "/tmp/alertty-popup-x", 1)
        defer { unsetenv(Popup.folderVariable) }
        XCTAssertEqual(name("/usr/bin/alertty", ["confirm", "X?"]).0, "PopupProgram", "a popup's alertty serves, whatever its arguments")
    }
}
