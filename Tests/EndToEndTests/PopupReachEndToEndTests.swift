// A job's question reaching the person as cron runs it — no terminal, no locale variables at
// all, no TMUX, no XDG_RUNTIME_DIR — with a private tmux server and a client attached through a
// pseudo-terminal: found in any locale, only on the user's own clients.
import Foundation
import Glibc
import XCTest

final class PopupReachEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    override func setUpWithError() throws { try Tmux.require() }

    func server() throws -> (Tmux, PTYProcess) {
        let tmux = try Tmux(command: "echo pane-marker", asTmuxDoes: true)
        try tmux.waitFor("the pane's marker") { $0.contains("pane-marker\n$") }
        let client = try tmux.attach()
        try client.waitForText("pane-marker")
        return (tmux, client)
    }

    /// A job as cron gives it: PATH and HOME, nothing else (tmux prints a tab as `_` without a
    /// UTF-8 locale, which hid every client).
    func cronJob(_ arguments: [String], _ tmux: Tmux, environment: [String: String] = [:]) throws -> Job {
        try Job(arguments, environment: ["TMUX_TMPDIR": tmux.folder].merging(environment) { $1 }, cron: true)
    }

    func testAJobWithNoLocaleFindsTheClient() throws {
        let (tmux, client) = try server()
        for (program, arguments) in [(PTYProcess.binary, ["confirm", "--popup", "Clean now?"]),
                                     (PTYProcess.binary(named: "whiptail"), ["--yesno", "Clean now?", "8", "40"])] {
            let job = try Job(arguments, environment: ["TMUX_TMPDIR": tmux.folder, "ALERTTY_POPUP": "1"], executable: program, cron: true)
            try client.waitForPopup("Clean now?")
            client.type(K.enter)
            XCTAssertEqual(try job.waitForExit(), 0, "\(program): \(job.stderrText)")
            try client.waitFor("the popup closed") { !$0.contains("Clean now?") }
        }
    }

    /// Root in a user's pane (TMUX kept across `su` or `sudo -E`) has a terminal: asked there,
    /// never on that user's client, never answered No unasked.
    func testRootWithAnotherUsersTmuxIsAskedWhereItIs() throws {
        try Needs.root("to run a tmux server as another user")
        try Needs.program("/usr/bin/setpriv", package: "util-linux")
        let dir = try temporaryFolder()
        chmod(dir, 0o777)
        let socket = dir + "/theirs"
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", "/usr/bin/tmux", "-S", socket, "-f", "/dev/null"]
        let started = try Job(asNobody + ["new-session", "-d", "-s", "theirs", "echo their-pane; exec sleep 600"],
                              environment: ["HOME": dir, "SHELL": "/bin/sh"], executable: "/usr/bin/setpriv")
        XCTAssertEqual(try started.waitForExit(), 0, started.stderrText)
        defer { _ = try? Job(["-S", socket, "kill-server"], executable: "/usr/bin/tmux").waitForExit() }
        let theirClient = try PTYProcess(asNobody + ["attach", "-t", "theirs"], environment: ["HOME": dir, "SHELL": "/bin/sh"],
                                         executable: "/usr/bin/setpriv", stdioOnTerminal: true)
        try theirClient.waitForText("their-pane")
        let p = try PTYProcess(["confirm", "--popup", "--no-animation", "Asked here?"], environment: ["TMUX": socket + ",1,0", "TMUX_PANE": "%0"])
        try p.waitForText("Asked here?")
        XCTAssertFalse(theirClient.screen.contains("Asked here?"), "never on their client")
        p.type(K.enter)
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
    }

    /// Keys typed into the shell as a popup appears never answer it: typed until the popup shows
    /// and a while after, they are held; once the keyboard is quiet a deliberate answer is taken.
    func testKeysTypedForTheShellNeverAnswerAPopup() throws {
        let (tmux, client) = try server()
        for (key, answer, expected) in [("y", "n", Int32(1)), ("\r", K.escape, 1)] {
            let job = try cronJob(["confirm", "--popup", "--default", "no", "Delete old backups?"], tmux)
            try typeWhile(client, key) { $0.contains("Delete old backups?") }
            try client.waitForPopup("Delete old backups?")
            XCTAssertFalse(job.hasExited(), "answered by keys meant for the shell: \(job.stdoutText)")
            client.type(answer)
            XCTAssertEqual(try job.waitForExit(), expected, job.stderrText)
            try client.waitFor("the popup closed") { !$0.contains("Delete old backups?") }
        }
        // pinentry's CONFIRM ("allow use of this key?") alike: Enter typed ahead is not OK.
        let pinentry = try Job([], environment: ["ALERTTY_POPUP": "1", "TMUX_TMPDIR": tmux.folder],
                               stdin: Array("SETDESC Allow use of this key?\nCONFIRM\nBYE\n".utf8),
                               executable: PinentryEndToEndTests.pinentry, cron: true)
        try typeWhile(client, "\r") { $0.contains("Allow use of this key?") }
        try client.waitForPopup("Allow use of this key?")
        XCTAssertFalse(pinentry.hasExited(), pinentry.stdoutText)
        client.type(K.escape)
        XCTAssertEqual(try pinentry.waitForExit(), 0, pinentry.stderrText)
        XCTAssertTrue(pinentry.stdoutText.contains("ERR 83886179 Operation cancelled"), "cancelled, not OK: \(pinentry.stdoutText)")
    }

    /// Types `key` again and again, as a person typing into their shell, until `shown` holds and
    /// for a third of a second after.
    func typeWhile(_ client: PTYProcess, _ key: String, _ shown: @escaping (Screen) -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        // (Each look at the screen reads what the client drew for 20 ms: the typing's pace.)
        while (try? client.waitFor("the popup", timeout: 0, shown)) == nil {
            guard Date() < deadline else { throw NSError(domain: "the popup never showed", code: 1) }
            client.type(key)
        }
        let after = Date().addingTimeInterval(0.33)
        while Date() < after {
            client.type(key)
            _ = try? client.waitFor("nothing", timeout: 0) { _ in false }
        }
    }
}
