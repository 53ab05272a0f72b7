// --popup with a real tmux server on a private socket and a client attached through a
// pseudo-terminal (the client's screen is what a person sees, popups included): a job with no
// terminal asks on the user's client, a script in a pane asks in a popup over it, timeouts,
// Ctrl-C and a closed popup end as inline, a password goes nowhere but the answer, hostile text
// runs nothing, and every way of having no popup to show says so and exits 3.
import Foundation
import Glibc
import XCTest

final class PopupEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    override func setUpWithError() throws { try Tmux.require() }
    override func tearDown() { PopupReachEndToEndTests.clearQueue() }

    /// A server whose pane shows a marker, and a client attached to it.
    func server(asTmuxDoes: Bool = false) throws -> (Tmux, PTYProcess) {
        let tmux = try Tmux(command: "echo pane-marker", asTmuxDoes: asTmuxDoes)
        try tmux.waitFor("the pane's marker") { $0.contains("pane-marker") && $0.hasSuffix("$ ") || $0.contains("pane-marker\n$") }
        let client = try tmux.attach()
        try client.waitForText("pane-marker")
        return (tmux, client)
    }

    func testAJobWithNoTerminalAsksOnTheUsersOwnTmuxClient() throws {
        let (tmux, client) = try server(asTmuxDoes: true)
        // Found as tmux finds it: $TMUX_TMPDIR/tmux-UID/default.
        let job = try Job(["confirm", "--popup", "Disk is 95% full. Clean now?"], environment: ["TMUX_TMPDIR": tmux.folder])
        try client.waitFor("the popup") { $0.contains("Disk is 95% full. Clean now?") && $0.contains("< Yes >") }
        try client.waitForPopup("Clean now?")
        XCTAssertTrue(client.screen.contains("pane-marker"), "the pane stays under the popup")
        client.type(K.tab + K.enter)
        XCTAssertEqual(try job.waitForExit(), 1, job.stderrText)
        XCTAssertEqual(job.stdoutText, "")
        XCTAssertEqual(job.stderrText, "")
        try client.waitFor("the popup closed") { !$0.contains("Clean now?") && $0.contains("pane-marker") }

        // Recorded by the caller (the popup's alertty keeps no record of its own).
        let record = try temporaryFolder() + "/answers"
        let answer = try Job(["input", "--popup", "--tmux-socket", tmux.socket, "--id", "name", "--value", "ann", "Your name?"],
                             environment: ["ALERTTY_RECORD": record])
        try client.waitForPopup("Your name?")
        client.type("e" + K.enter)
        XCTAssertEqual(try answer.waitForExit(), 0, answer.stderrText)
        XCTAssertEqual(answer.stdoutText, "anne\n")
        XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), "ALERTTY_ANSWER_NAME='anne'\n")
    }

    /// gpg-agent's pinentry, ssh's or git's askpass and an old script's whiptail, started with no
    /// terminal, ask in a popup on the user's client when ALERTTY_POPUP=1 is in their environment.
    func testPinentryAndAskpassAskInAPopup() throws {
        let (tmux, client) = try server(asTmuxDoes: true)
        let environment = ["ALERTTY_POPUP": "1", "TMUX_TMPDIR": tmux.folder]
        let pinentry = try Job([], environment: environment, stdin: Array("SETDESC Unlock the key\nGETPIN\nBYE\n".utf8),
                               executable: PinentryEndToEndTests.pinentry)
        try client.waitForPopup("Unlock the key")
        client.type("pin-1" + K.enter)
        XCTAssertEqual(try pinentry.waitForExit(), 0, pinentry.stderrText)
        XCTAssertTrue(pinentry.stdoutText.contains("\nD pin-1\nOK"), pinentry.stdoutText)

        let askpass = try Job(["Password for 'https://ann@example.com':"], environment: environment,
                              executable: AskpassEndToEndTests.askpass)
        try client.waitForPopup("Password for")
        client.type("pw-2" + K.enter)
        XCTAssertEqual(try askpass.waitForExit(), 0, askpass.stderrText)
        XCTAssertEqual(askpass.stdoutText, "pw-2\n")

        // An old script's whiptail: its answer on stderr, as whiptail gives it.
        let whiptail = try Job(["--inputbox", "Host name?", "8", "40", "db1"], environment: environment,
                               executable: PTYProcess.binary(named: "whiptail"))
        try client.waitForPopup("Host name?")
        client.type("0" + K.enter)
        XCTAssertEqual(try whiptail.waitForExit(), 0, whiptail.stderrText)
        XCTAssertEqual(whiptail.stderrText, "db10")
        XCTAssertEqual(whiptail.stdoutText, "")
    }

    func testAScriptInAPaneAsksInAPopupOverIt() throws {
        // (The helper's shell starts with a clean environment: TMUX given back as tmux sets it.)
        let tmux = try Tmux(command: "true")
        // The client first: with none attached there is no one to show a popup to, and alertty
        // rightly asks in the pane itself.
        let client = try tmux.attach()
        try client.waitFor("the client attached") { $0.contains("$") }
        tmux.send(literal: "export TMUX=\(tmux.socket),0,0; echo pane-marker; ans=$(\(PTYProcess.binary) choose --popup 'Shell?' bash zsh fish); echo \"rc=$? ans=$ans\"")
        tmux.send(keys: ["Enter"])
        try client.waitFor("the list in a popup") { $0.contains("type to filter") && $0.contains(" fish ") }
        try client.waitForPopup(" fish ")
        XCTAssertTrue(client.screen.contains("pane-marker"))
        XCTAssertFalse(tmux.capture().contains("type to filter"), "the pane itself is untouched")
        client.type(K.down + K.enter)
        try tmux.waitFor("the answer in the script") { $0.contains("rc=0 ans=zsh") }
    }

    /// Two lists in a popup: Space there sends the item across, the answer reaches the script.
    func testTwoListsInAPopup() throws {
        let tmux = try Tmux(command: "true")
        let client = try tmux.attach()
        try client.waitFor("the client attached") { $0.contains("$") }
        tmux.send(literal: "export TMUX=\(tmux.socket),0,0; ans=$(\(PTYProcess.binary) choose --popup --multi --two-lists 'Parts?' core docs); echo \"rc=$? ans=$ans\"")
        tmux.send(keys: ["Enter"])
        try client.waitForPopup(" docs ")
        client.type(K.down + " ")
        try client.waitFor("docs on the chosen side") { screen in
            screen.lines.contains { line in
                let parts = line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                return parts == ["core", "docs"]
            }
        }
        client.type(K.enter)
        try tmux.waitFor("the answer in the script") { $0.contains("rc=0 ans=docs") }
    }

    /// What the alert reads of stdin is handed on: a text given as `-`, items streamed in.
    func testStdinReachesThePopup() throws {
        let (tmux, client) = try server()
        let text = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "-"], stdin: Array("Text from stdin?".utf8))
        try client.waitForPopup("Text from stdin?")
        client.type(K.enter)
        XCTAssertEqual(try text.waitForExit(), 0, text.stderrText)
        let items = (1...3000).map { "item-\($0)" }.joined(separator: "\n") + "\n"
        let list = try Job(["choose", "--popup", "--tmux-socket", tmux.socket, "--items-from", "-", "Pick"], stdin: Array(items.utf8))
        try client.waitForPopup("3,000")
        client.type("2999" + K.enter)
        XCTAssertEqual(try list.waitForExit(), 0, list.stderrText)
        XCTAssertEqual(list.stdoutText, "item-2999\n")
    }

    /// Four items piped in are a popup of four items, not one as tall as the client: a list that
    /// ends at once is sized as it is; one still streaming is given room to grow.
    func testAShortListPipedInIsSizedToFit() throws {
        let (tmux, client) = try server()
        let list = try Job(["choose", "--popup", "--tmux-socket", tmux.socket, "--items-from", "-", "Pick"],
                           stdin: Array("one\ntwo\nthree\nfour\n".utf8))
        try client.waitForPopup("four")
        let rows = client.screen.text.split(separator: "\n").filter { $0.contains("│") }.count
        XCTAssertLessThanOrEqual(rows, 12, client.screen.text)
        client.type(PTYProcess.Keys.enter)
        XCTAssertEqual(try list.waitForExit(), 0, list.stderrText)
        XCTAssertEqual(list.stdoutText, "one\n")
    }

    func testTimeoutsCtrlCAndAClosedPopupEndAsInline() throws {
        let (tmux, client) = try server()
        let timed = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "--timeout", "1", "Q1?"])
        XCTAssertEqual(try timed.waitForExit(), 124)
        let taken = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "--timeout", "1", "--on-timeout", "default",
                             "--default", "no", "Q2?"])
        XCTAssertEqual(try taken.waitForExit(), 1, taken.stderrText)

        // A job's popup is on a terminal the job never started from: Ctrl-C there is the person's
        // cancel, never a SIGINT sent on to the job's script (an untrapped cron script would die
        // without a log line).
        let interrupted = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "Q3?"])
        try client.waitForPopup("Q3?")
        client.type("\u{03}")
        XCTAssertEqual(try interrupted.waitForExit(), 1, "Ctrl-C in a job's popup cancels: \(interrupted.stderrText)")

        let closed = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "Q4?"])
        try client.waitForPopup("Q4?")
        let clientName = try tmux.run(["list-clients", "-F", "#{client_name}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let closing = Date()
        try tmux.run(["display-popup", "-C", "-c", clientName])
        XCTAssertEqual(try closed.waitForExit(timeout: 2), 1, "closing the popup cancels")
        XCTAssertLessThan(Date().timeIntervalSince(closing), 1.0, "within a second")
        XCTAssertTrue(closed.stderrText.contains("closed"), closed.stderrText)

        // Only a person's answer is an answer: the popup's alertty killed from elsewhere (SIGTERM
        // with its terminal still there, SIGKILL) is no No and no failure: the question is shown
        // again, and the person's answer is the job's.
        let killed = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "Q5?"])
        var seen: Set<pid_t> = []
        for signal in [SIGTERM, SIGKILL] {
            try client.waitForPopup("Q5?")
            let popups = try waitForNewPopup(besides: seen)
            seen.formUnion(popups)
            for pid in popups { kill(pid, signal) }
        }
        _ = try waitForNewPopup(besides: seen)
        try client.waitForPopup("Q5?")
        XCTAssertFalse(killed.hasExited(), "a killed popup is no answer: \(killed.stderrText)")
        client.type(K.enter)
        XCTAssertEqual(try killed.waitForExit(), 0, killed.stderrText)
    }

    /// The pids of popups' alertty processes not among `seen`, once there is one.
    func waitForNewPopup(besides seen: Set<pid_t>) throws -> [pid_t] {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let fresh = Processes.started(withEnvironment: "ALERTTY_POPUP_DIR").filter { !seen.contains($0) }
            if !fresh.isEmpty { return fresh }
            usleep(20_000) // polling the process table's state, not a synchronisation sleep
        }
        throw NSError(domain: "no new popup", code: 1)
    }

    /// The caller stopped while it waits (its script killed, cron's job cut short): the popup
    /// goes at once, the question's folder with it, and the caller dies of the signal.
    func testACallerStoppedWhileWaitingTakesItsPopupAway() throws {
        let (tmux, client) = try server()
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, 130), (SIGHUP, 129)] {
            let job = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "Stopped \(signal)?"])
            try client.waitForPopup("Stopped \(signal)?")
            let folders = Processes.started(withEnvironment: "ALERTTY_POPUP_DIR").compactMap { Processes.environment($0, "ALERTTY_POPUP_DIR") }
            XCTAssertEqual(folders.count, 1, "the popup's own alertty, with its folder")
            kill(job.pid, signal)
            XCTAssertEqual(try job.waitForExit(timeout: 3), status, job.stderrText)
            // Taken away before the caller went, not found gone later by the popup's alertty.
            for folder in folders { XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "\(folder) removed") }
            try client.waitFor("the popup gone") { !$0.contains("Stopped \(signal)?") && $0.contains("pane-marker") }
        }
    }

    func testAPasswordGoesNowhereButTheAnswer() throws {
        let (tmux, client) = try server()
        let secret = "s3cret-\(Int.random(in: 100_000...999_999))"
        let temporary = try temporaryFolder()
        let job = try Job(["password", "--popup", "--tmux-socket", tmux.socket, "Passphrase?"], environment: ["TMPDIR": temporary])
        try client.waitForPopup("Passphrase?")
        client.type(secret)
        try client.waitFor("typed") { $0.contains(String(repeating: "•", count: secret.count)) }
        // Typed, not yet answered: in no process's arguments or environment, in no tmux buffer.
        for pid in Processes.all {
            for part in ["cmdline", "environ"] {
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/\(part)") else { continue }
                XCTAssertFalse(String(decoding: data, as: UTF8.self).contains(secret), "in /proc/\(pid)/\(part)")
            }
        }
        XCTAssertFalse(try tmux.run(["list-buffers"]).contains(secret))
        client.type(K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, secret + "\n")
        // Nothing of it on disk: the popup's folder (made in $TMPDIR) is gone.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [])
    }

    func testHostileTitlesAndItemsRunNothing() throws {
        let dir = try temporaryFolder()
        let (tmux, client) = try server()
        let hostile = ["$(touch \(dir)/a)", "`touch \(dir)/b`", "'; touch \(dir)/c; '", "\"; touch \(dir)/d; \""]
        let job = try Job(["choose", "--popup", "--tmux-socket", tmux.socket, "--title", hostile[0], hostile[2]] + hostile)
        try client.waitFor("the list") { $0.contains("`touch") && $0.contains("$(touch") }
        try client.waitForPopup("`touch")
        client.type(K.end + K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, hostile[3] + "\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "nothing ran")
    }

    func testNoPopupToShowSaysWhyAndExits3() throws {
        let dir = try temporaryFolder()
        // No client attached.
        let tmux = try Tmux(command: "true")
        let started = Date()
        let alone = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "Q?"])
        XCTAssertEqual(try alone.waitForExit(), 3)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.0)
        XCTAssertTrue(alone.stderrText.contains("no client is attached"), alone.stderrText)
        // With a default to take and --non-interactive, no popup is needed at all.
        let taken = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "--non-interactive", "--default", "yes", "Q?"])
        XCTAssertEqual(try taken.waitForExit(), 0, taken.stderrText)

        // Not a socket; a socket no server listens on; no server at the default place.
        createFile(dir + "/file")
        let file = try Job(["confirm", "--popup", "--tmux-socket", dir + "/file", "Q?"])
        XCTAssertEqual(try file.waitForExit(), 3)
        XCTAssertTrue(file.stderrText.contains("is not a socket"), file.stderrText)
        let dead = dir + "/dead"
        try bindSocket(dead)
        let deadJob = try Job(["confirm", "--popup", "--tmux-socket", dead, "Q?"])
        XCTAssertEqual(try deadJob.waitForExit(), 3)
        XCTAssertTrue(deadJob.stderrText.contains("does not answer"), deadJob.stderrText)
        let nowhere = try Job(["confirm", "--popup", "Q?"], environment: ["TMUX_TMPDIR": dir])
        XCTAssertEqual(try nowhere.waitForExit(), 3)
        XCTAssertTrue(nowhere.stderrText.contains("no tmux server of yours"), nowhere.stderrText)

        // A tmux too old for popups.
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho 'tmux 3.1c'\n".write(toFile: bin + "/tmux", atomically: true, encoding: .utf8)
        chmod(bin + "/tmux", 0o755)
        let old = try Job(["confirm", "--popup", "--tmux-socket", tmux.socket, "Q?"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        XCTAssertEqual(try old.waitForExit(), 3)
        XCTAssertTrue(old.stderrText.contains("3.2 or later"), old.stderrText)
    }

    /// Never another user's server: a socket (or its folder) that is not ours is refused.
    func testAnotherUsersServerIsNeverUsed() throws {
        try Needs.root("to make a socket owned by another user")
        let dir = try temporaryFolder()
        chmod(dir, 0o755)
        let theirs = dir + "/theirs"
        try bindSocket(theirs)
        let nobody = getpwnam("nobody")!.pointee
        chown(theirs, nobody.pw_uid, nobody.pw_gid)
        let job = try Job(["confirm", "--popup", "--tmux-socket", theirs, "Q?"])
        XCTAssertEqual(try job.waitForExit(), 3)
        XCTAssertTrue(job.stderrText.contains("belongs to another user"), job.stderrText)
        // The default place, in a folder open to others.
        let open = dir + "/tmp"
        try FileManager.default.createDirectory(atPath: open + "/tmux-\(getuid())", withIntermediateDirectories: true)
        chmod(open + "/tmux-\(getuid())", 0o755)
        try bindSocket(open + "/tmux-\(getuid())/default")
        let loose = try Job(["confirm", "--popup", "Q?"], environment: ["TMUX_TMPDIR": open])
        XCTAssertEqual(try loose.waitForExit(), 3)
        XCTAssertTrue(loose.stderrText.contains("open to other users"), loose.stderrText)
    }

    /// A Unix socket at `path` that nothing listens on.
    func bindSocket(_ path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw NSError(domain: "bind", code: Int(errno)) }
    }
}

extension PTYProcess {
    /// A popup showing `text` that takes keys: it holds them until the keyboard has been quiet
    /// a moment after it appeared, and says so.
    func waitForPopup(_ text: String, timeout: Double = 10) throws {
        try waitFor("\(text) in a popup that takes keys", timeout: timeout) {
            $0.contains(text) && !$0.contains("keys in a moment")
        }
    }
}
