// The relay's protocol as values both ways, what it refuses, and what the agent on the other
// side will not show from another host.
@testable import AlerttyKit
import XCTest

final class RelayTests: XCTestCase {
    func testEveryMessageRoundTripsOnOneLine() throws {
        let messages: [Relay.Message] = [
            .hello(version: 1), .waiting,
            .question(Relay.Question(id: "q-1-2-3", age: 12_345, alert: "confirm", pid: 4242, program: "check disk",
                                     title: "Disk 95% full\nnow\u{1B}[31m")),
            .question(Relay.Question(id: "q", age: 0, alert: "input", pid: 1, program: "", title: "")),
            .listed, .request(id: "q", bytes: [0, 1, 0xFF, 0x0A]), .stdin(id: "q", bytes: []), .refused(id: "q", why: "another agent took it"),
            .gone(id: "q"), .take(id: "q"), .err(id: "q", bytes: Array("line\n".utf8)), .result(id: "q", bytes: [0x35, 0x3A]),
            .release(id: "q"), .ping,
        ]
        for message in messages {
            let line = Relay.line(message)
            XCTAssertEqual(line.last, 0x0A)
            XCTAssertEqual(line.filter { $0 == 0x0A }.count, 1, "one line: \(message)")
            XCTAssertFalse(line.dropLast().contains { $0 < 0x20 || $0 == 0x7F }, "no control character on the wire: \(message)")
            XCTAssertEqual(try Relay.parse(line.dropLast()), message)
        }
    }

    func testGarbageIsRefused() {
        for line in ["", "hello", "alertty-relay", "alertty-relay x", "take", "take a b", "request q zz", "request q abc",
                     "question q -1 confirm 1 p t", "question q 1 confirm 99999999999 p t", "gone %zz", "ping pong"] {
            XCTAssertThrowsError(try Relay.parse(Array(line.utf8)[...]), line)
        }
    }

    func testLinesAreReadAsTheyArriveAndBounded() throws {
        var reader = Relay.LineReader()
        XCTAssertEqual(try reader.add(Array("ping\nwait".utf8)), [Array("ping".utf8)])
        XCTAssertEqual(try reader.add(Array("ing\n\n".utf8)), [Array("waiting".utf8), []])
        XCTAssertThrowsError(try reader.add([UInt8](repeating: 0x41, count: Relay.longestLine + 1)), "a line without end is refused")
    }

    func command(_ words: [String]) throws -> ParsedCommand {
        guard case .run(let command) = try ArgumentParser.parse(words) else { throw NSError(domain: "not an alert", code: 1) }
        return command
    }

    /// Nothing from a host is run or read here: a question naming a file or a command of its
    /// host, or browsing its files, is asked only there; a secret only where allowed.
    func testWhatAnotherHostsQuestionMayNotDoHere() throws {
        let rows: [([String], String?)] = [
            (["confirm", "Go?"], nil),
            (["input", "--min-length", "3", "Name?"], nil),
            (["choose", "--items-from", "-", "Which?"], nil),
            (["choose", "--items-from", "/etc/shadow", "Which?"], "it names a file or a command of its host (--items-from)"),
            (["input", "--validate-cmd", "rm -rf ~", "Name?"], "it names a file or a command of its host (--validate-cmd)"),
            (["choose", "--preview", "cat {}", "Which?", "a"], "it names a file or a command of its host (--preview)"),
            (["save", "Where?"], "a save is answered only on its own host"),
            (["text", "/var/log/syslog"], "a text is answered only on its own host"),
            (["progress", "Working", "--", "true"], "a progress is answered only on its own host"),
            (["password", "Key?"], "a secret is shown from db1 only with --allow-secrets db1"),
        ]
        for (words, expected) in rows {
            XCTAssertEqual(RemoteAgent.refusal(try request(words), host: "db1", allowSecrets: ["db2"]), expected, "\(words)")
        }
        XCTAssertNil(RemoteAgent.refusal(try request(["password", "Key?"]), host: "db2", allowSecrets: ["db2"]))
    }

    func request(_ words: [String], read: [AlertReads.File] = []) throws -> Popup.Request {
        Popup.Request(command: try command(words), theme: nil, directory: "/", environment: [], read: read)
    }

    /// A file the job read whole goes with its question, and is shown from what was read: a
    /// form's fields from a file, a field's suggestions. Its fields are read as the job's were.
    func testAFileReadWithTheQuestionIsShownFromWhatWasRead() throws {
        let fields = AlertReads.File(path: "fields.txt", bytes: Array("host text Host\nport number Port\n".utf8))
        let words = AlertReads.File(path: "/srv/names", bytes: Array("ann\nbob\n".utf8))
        XCTAssertNil(RemoteAgent.refusal(try request(["form", "--fields-from", "fields.txt", "New host"], read: [fields]), host: "db1", allowSecrets: []))
        XCTAssertNil(RemoteAgent.refusal(try request(["input", "--suggest-from", "/srv/names", "Who?"], read: [words]), host: "db1", allowSecrets: []))
        XCTAssertEqual(RemoteAgent.refusal(try request(["input", "--suggest-from", "/srv/names", "Who?"]), host: "db1", allowSecrets: []),
                       "it names a file or a command of its host (--suggest-from)", "a file not carried is its host's")
        let secret = AlertReads.File(path: "f", bytes: Array("pw password Password\n".utf8))
        XCTAssertEqual(RemoteAgent.refusal(try request(["form", "--fields-from", "f", "Sign in"], read: [secret]), host: "db1", allowSecrets: []),
                       "a secret is shown from db1 only with --allow-secrets db1")
        XCTAssertNil(RemoteAgent.refusal(try request(["form", "--fields-from", "f", "Sign in"], read: [secret]), host: "db1", allowSecrets: ["db1"]))
        XCTAssertEqual(RemoteAgent.refusal(try request(["form", "--field", "pw", "password", "Password", "Sign in"]), host: "db1", allowSecrets: []),
                       "a secret is shown from db1 only with --allow-secrets db1")
        let runs = AlertReads.File(path: "f", bytes: Array("n text Name --validate-cmd \"rm -rf ~\"\n".utf8))
        XCTAssertEqual(RemoteAgent.refusal(try request(["form", "--fields-from", "f", "Who?"], read: [runs]), host: "db1", allowSecrets: []),
                       "it names a file or a command of its host (--validate-cmd)")
        let garbled = AlertReads.File(path: "f", bytes: Array("n \"text\n".utf8))
        XCTAssertEqual(RemoteAgent.refusal(try request(["form", "--fields-from", "f", "Who?"], read: [garbled]), host: "db1", allowSecrets: []),
                       "its fields could not be read")
    }

    func testTheAgentsWordsAndTheSshItRuns() {
        let options = RemoteAgent.options(["--ssh", "db1", "admin@db2", "--watch", "--allow-secrets", "db2", "--ssh-option", "Port=2222"])
        XCTAssertEqual(options?.hosts, ["db1", "admin@db2"])
        XCTAssertEqual(options?.allowSecrets, ["db2"])
        XCTAssertEqual(options?.watching, true)
        XCTAssertEqual(RemoteAgent.sshCommand("db1", options!, environment: { _ in nil }),
                       ["ssh", "-T", "-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=3", "-o", "BatchMode=yes", "-o", "Port=2222",
                        "--", "db1", "alertty", "agent", "--relay"])
        XCTAssertEqual(RemoteAgent.sshCommand("db1", RemoteAgent.Options(hosts: ["db1"], interactive: true),
                                              environment: { $0 == "ALERTTY_SSH" ? "ssh -F cfg" : nil }).prefix(3), ["ssh", "-F", "cfg"])
        XCTAssertNil(RemoteAgent.options(["--ssh"]), "no host")
        XCTAssertNil(RemoteAgent.options(["--ssh", "-oProxyCommand=evil"]), "never an option of ssh's as a host")
        XCTAssertNil(RemoteAgent.options(["--ssh", "db1", "--allow-secrets"]))
    }
}
