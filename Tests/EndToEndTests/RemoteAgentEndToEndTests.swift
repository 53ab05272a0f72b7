// Questions from other hosts answered here: `alertty agent --ssh HOST` against a real OpenSSH
// server (sshd in inetd mode as ssh's ProxyCommand: nothing listens, nothing stays behind), its
// key forced to `alertty agent --relay` in authorized_keys. The "server" is a user of its own
// whose jobs run as cron runs them (no terminal, no locale); the "laptop" is the agent in a
// terminal of the test's.
import Foundation
import Glibc
import XCTest

final class RemoteAgentEndToEndTests: XCTestCase {
    static let users = ["alertty-db1", "alertty-db2"]
    var dir = ""
    var binary = ""

    override func setUpWithError() throws {
        try Needs.root("add the server's users and run sshd")
        try Needs.program("/usr/sbin/sshd", package: "openssh-server")
        try Needs.program("/usr/bin/ssh-keygen", package: "openssh-client")
        try Needs.program("/usr/sbin/useradd", package: "passwd")
        for user in Self.users {
            // (`*`: no password, not locked: sshd without PAM refuses a locked account's key.)
            XCTAssertEqual(Subprocess.run("/bin/sh", ["-c", "id \(user) >/dev/null 2>&1 || /usr/sbin/useradd -M -s /bin/sh -p '*' \(user)"]).status, 0)
        }
        dir = try temporaryFolder()
        chmod(dir, 0o755)
        binary = try binaryForOtherUsers()
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        for key in ["hostkey", "id"] {
            XCTAssertEqual(Subprocess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", "\(dir)/\(key)"]).status, 0)
        }
        let key = try String(contentsOfFile: "\(dir)/id.pub", encoding: .utf8)
        try "command=\"\(binary) agent --relay\",restrict \(key)".write(toFile: "\(dir)/authorized_keys", atomically: true, encoding: .utf8)
        chmod("\(dir)/authorized_keys", 0o644)
        try "HostKey \(dir)/hostkey\nUsePAM no\nAuthorizedKeysFile \(dir)/authorized_keys\nStrictModes no\nPermitRootLogin prohibit-password\n"
            .write(toFile: "\(dir)/sshd_config", atomically: true, encoding: .utf8)
        var config = ""
        for (host, user) in [("db1", Self.users[0]), ("db2", Self.users[1]), ("db0", "root")] {
            config += "Host \(host)\n  User \(user)\n  ProxyCommand /usr/sbin/sshd -i -f \(dir)/sshd_config\n  UserKnownHostsFile /dev/null\n"
                + "  StrictHostKeyChecking no\n  IdentityFile \(dir)/id\n  LogLevel ERROR\n"
        }
        // db1 again, met for the first time: ssh asks whether to trust its key.
        config += "Host db1-new\n  HostKeyAlias db1-new\n  User \(Self.users[0])\n  ProxyCommand /usr/sbin/sshd -i -f \(dir)/sshd_config\n"
            + "  UserKnownHostsFile \(dir)/known_hosts\n  StrictHostKeyChecking ask\n  IdentityFile \(dir)/id\n  LogLevel ERROR\n"
        try config.write(toFile: "\(dir)/ssh_config", atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        // The jobs' queues and offers, as each user left them.
        for user in Self.users {
            _ = Subprocess.run("/bin/sh", ["-c", "rm -rf /tmp/alertty-$(id -u \(user)) /tmp/alertty-popup-*"])
        }
        PopupReachEndToEndTests.clearQueue()
    }

    /// A job on `host`'s user, as cron runs it, asking with --popup where no tmux is.
    func job(on host: String, _ arguments: [String], stdin: [UInt8]? = nil) throws -> Job {
        let user = host == "db2" ? Self.users[1] : Self.users[0]
        return try Job(["--reuid=\(user)", "--regid=\(user)", "--init-groups", "--", binary, arguments[0], "--popup", "--timeout", "60"]
                       + arguments.dropFirst(), environment: ["TMUX_TMPDIR": "/nonexistent-alertty", "HOME": "/"], stdin: stdin,
                       executable: "/usr/bin/setpriv", cron: true)
    }

    /// Waits until `count` questions wait in `host`'s user's queue, offered to agents.
    func waitForQueued(_ host: String, count: Int = 1) throws {
        let user = host == "db2" ? Self.users[1] : Self.users[0]
        let deadline = Date().addingTimeInterval(10)
        while true {
            let listed = Subprocess.run("/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(user)", "--init-groups", "--", binary, "agent", "--list"],
                                        capture: true).output
            if listed.split(separator: "\n").count >= count { return }
            if Date() > deadline { throw NSError(domain: "nothing queued on \(host)", code: 1) }
            usleep(50_000) // polling the queue's state, not a synchronisation sleep
        }
    }

    func agent(_ arguments: [String]) throws -> PTYProcess {
        try PTYProcess(["agent", "--ssh"] + arguments, columns: 100, environment: ["ALERTTY_SSH": "ssh -F \(dir)/ssh_config"])
    }

    /// The box, keys taken (a box takes none until the keyboard has been quiet a moment).
    func waitForQuestion(_ agent: PTYProcess, _ text: String) throws {
        try agent.waitFor("\(text), keys taken") { $0.contains(text) && !$0.contains("keys in a moment") }
    }

    /// A confirm (y: 0, n: 1), an input and a choose from a server, answered here in the box the
    /// job would have drawn, labelled with its host; the job gets its answer and its status.
    func testAConfirmAnInputAndAChooseAreAnsweredHere() throws {
        let confirm = try job(on: "db1", ["confirm", "--title", "Disk", "Clean /var now?"])
        try waitForQueued("db1")
        let agent = try self.agent(["db1", "--watch"])
        try waitForQuestion(agent, "Clean /var now?")
        let screen = agent.screen
        XCTAssertTrue(screen.contains("db1: Disk"), "the host in the box's title: \(screen.text)")
        XCTAssertTrue(screen.contains("db1 · asked by"), "the host across the top: \(screen.text)")
        agent.type("y")
        XCTAssertEqual(try confirm.waitForExit(), 0, confirm.stderrText)

        let declined = try job(on: "db1", ["confirm", "Reboot now?"])
        try waitForQuestion(agent, "Reboot now?")
        agent.type("n")
        XCTAssertEqual(try declined.waitForExit(), 1, declined.stderrText)

        let input = try job(on: "db1", ["input", "--min-length", "3", "Backup label?"])
        try waitForQuestion(agent, "Backup label?")
        agent.type("ab" + K.enter)
        try agent.waitForText("at least 3")
        agent.type("c" + K.enter)
        XCTAssertEqual(try input.waitForExit(), 0, input.stderrText)
        XCTAssertEqual(input.stdoutText, "abc\n")

        let choose = try job(on: "db1", ["choose", "--items-from", "-", "Which snapshot?"], stdin: Array("daily\nweekly\nmonthly\n".utf8))
        try waitForQuestion(agent, "monthly")
        agent.type(K.down + K.enter)
        XCTAssertEqual(try choose.waitForExit(), 0, choose.stderrText)
        XCTAssertEqual(choose.stdoutText, "weekly\n", "items from the job's stdin")
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }

    /// A form whose fields the job read from a file of its host's: the file goes with the
    /// question and the box here is made from it (the file has gone from the server by the time
    /// the person answers; nothing of the host's is read here).
    func testAFormFromAFileOfTheHostsIsAnsweredHere() throws {
        let fields = dir + "/fields"
        try "host text Host --default db1\nport number Port --default 22\n".write(toFile: fields, atomically: true, encoding: .utf8)
        chmod(fields, 0o644)
        let form = try job(on: "db1", ["form", "--fields-from", fields, "New host"])
        try waitForQueued("db1")
        try FileManager.default.removeItem(atPath: fields)
        let agent = try self.agent(["db1"])
        try waitForQuestion(agent, "Port")
        XCTAssertTrue(agent.screen.contains("Host"), agent.screen.text)
        agent.type("0" + K.tab + K.tab + K.enter)
        XCTAssertEqual(try form.waitForExit(), 0, form.stderrText)
        XCTAssertEqual(form.stdoutText, "db10\n22\n")
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// A password from a server is shown only where the person allowed that host's secrets.
    func testAPasswordIsShownOnlyWithAllowSecrets() throws {
        let asked = try job(on: "db1", ["password", "--title", "Vault", "Key?"])
        try waitForQueued("db1")
        let refused = try agent(["db1"])
        XCTAssertEqual(try refused.waitForExit(), 0)
        XCTAssertTrue(refused.stderrText.contains("not shown here: a secret is shown from db1 only with --allow-secrets db1"), refused.stderrText)
        XCTAssertFalse(asked.hasExited(), "still waiting")

        let allowed = try agent(["db1", "--allow-secrets", "db1"])
        try waitForQuestion(allowed, "Key?")
        XCTAssertTrue(allowed.screen.contains("db1: Vault"))
        allowed.type("s3cret" + K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, "s3cret\n")
        XCTAssertEqual(try allowed.waitForExit(), 0)
    }

    /// Two hosts: their questions in the order they were asked, one at a time.
    func testTwoHostsAreAnsweredInTheOrderAsked() throws {
        let first = try job(on: "db2", ["confirm", "First, on db2?"])
        try waitForQueued("db2")
        let second = try job(on: "db1", ["confirm", "Second, on db1?"])
        try waitForQueued("db1")
        let agent = try self.agent(["db1", "db2"])
        try waitForQuestion(agent, "First, on db2?")
        XCTAssertTrue(agent.screen.contains("db2 · asked by"))
        agent.type("y")
        XCTAssertEqual(try first.waitForExit(), 0)
        try waitForQuestion(agent, "Second, on db1?")
        agent.type("n")
        XCTAssertEqual(try second.waitForExit(), 1)
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// The connection killed mid-question: the job keeps waiting, and is asked again once the
    /// agent has reconnected; answered once.
    func testAConnectionKilledMidQuestionIsAskedAgain() throws {
        let asked = try job(on: "db1", ["input", "Asked twice?"])
        try waitForQueued("db1")
        let agent = try self.agent(["db1", "--watch"])
        try waitForQuestion(agent, "Asked twice?")
        // The server's side of this connection: sshd in inetd mode for this test's config.
        XCTAssertEqual(Subprocess.run("/usr/bin/pkill", ["-KILL", "-f", "sshd: \(Self.users[0])"]).status, 0)
        try agent.waitFor("the box gone") { !$0.contains("Asked twice?") }
        XCTAssertFalse(asked.hasExited(), "the job waits: \(asked.stderrText)")
        try waitForQuestion(agent, "Asked twice?")
        agent.type("once" + K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, "once\n")
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
        XCTAssertTrue(agent.stderrText.contains("db1: the connection was lost"), agent.stderrText)
    }

    /// Answered first in the server's own tmux popup: the copy here goes within a second.
    func testAnsweredInTheServersPopupFirstTheCopyHereGoes() throws {
        try Tmux.require()
        let tmux = try Tmux(command: "echo pane-marker", asTmuxDoes: true)
        try tmux.waitFor("the pane's marker") { $0.contains("pane-marker\n$") }
        let client = try tmux.attach()
        try client.waitForText("pane-marker")
        let asked = try Job(["confirm", "--popup", "--timeout", "60", "Answered on the server?"],
                            environment: ["TMUX_TMPDIR": tmux.folder], executable: binary, cron: true)
        try client.waitForPopup("Answered on the server?")
        let agent = try self.agent(["db0"])
        try waitForQuestion(agent, "Answered on the server?")
        client.type(K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        try agent.waitFor("the copy here gone", timeout: 1.5) { !$0.contains("Answered on the server?") }
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// A host without alertty, a relay speaking garbage or another version: one line naming the
    /// host; the other hosts keep working.
    func testAHostThatCannotRelayIsSaidInOneLine() throws {
        // db1's key forced to a program that is not alertty's relay.
        try "command=\"echo alertty-relay 99\",restrict \(try String(contentsOfFile: "\(dir)/id.pub", encoding: .utf8))"
            .write(toFile: "\(dir)/authorized_keys", atomically: true, encoding: .utf8)
        let old = try agent(["db1"])
        XCTAssertNotEqual(try old.waitForExit(), 0)
        XCTAssertTrue(old.stderrText.contains("db1: its alertty speaks relay protocol 99, this one 1"), old.stderrText)
        try "command=\"echo garbage\",restrict \(try String(contentsOfFile: "\(dir)/id.pub", encoding: .utf8))"
            .write(toFile: "\(dir)/authorized_keys", atomically: true, encoding: .utf8)
        let garbage = try agent(["db1"])
        XCTAssertNotEqual(try garbage.waitForExit(), 0)
        XCTAssertTrue(garbage.stderrText.contains("db1: it sent what is not alertty's relay protocol"), garbage.stderrText)
        try "command=\"/nonexistent/alertty agent --relay\",restrict \(try String(contentsOfFile: "\(dir)/id.pub", encoding: .utf8))"
            .write(toFile: "\(dir)/authorized_keys", atomically: true, encoding: .utf8)
        let missing = try agent(["db1"])
        XCTAssertNotEqual(try missing.waitForExit(), 0)
        XCTAssertTrue(missing.stderrText.contains("db1: alertty is not installed there"), missing.stderrText)
    }
}

extension RemoteAgentEndToEndTests {
    /// `agent --check` (before every prompt) says what waits on other hosts as a running
    /// `agent --ssh --watch` last saw it, opening no connection; nothing once the watcher is gone.
    func testCheckSaysWhatWaitsOnOtherHostsFromTheWatcher() throws {
        let asked = try job(on: "db1", ["password", "Key?"])
        try waitForQueued("db1")
        let watcher = try agent(["db1", "--watch"])
        func check() throws -> String {
            let check = try Job(["agent", "--check"], environment: ["ALERTTY_SSH": "false"])
            _ = try check.waitForExit()
            return check.stderrText
        }
        let deadline = Date().addingTimeInterval(10)
        var said = try check()
        while !said.contains("1 question is waiting on db1"), Date() < deadline {
            usleep(50_000) // polling the watcher's cache, not a synchronisation sleep
            said = try check()
        }
        XCTAssertEqual(said, "alertty: 1 question is waiting on db1 — answered by your alertty agent --ssh\n")
        watcher.signal(SIGKILL)
        _ = try? watcher.waitForExit()
        XCTAssertEqual(try check(), "", "a watcher gone says nothing")
        kill(asked.pid, SIGTERM)
        _ = try asked.waitForExit()
    }
}

extension RemoteAgentEndToEndTests {
    /// In a tmux pane, `agent --ssh db1 --popup --watch` opens a popup over it whenever a
    /// question waits there; answered in it, the job has its answer and the popup closes.
    func testInTmuxARemoteQuestionIsAskedInAPopup() throws {
        try Tmux.require()
        let tmux = try Tmux(command: "")
        tmux.send(literal: "TMUX=\(tmux.socket),1,0 ALERTTY_SSH='ssh -F \(dir)/ssh_config' \(PTYProcess.binary) agent --ssh db1 --popup --watch")
        tmux.send(keys: ["Enter"])
        let client = try tmux.attach()
        let asked = try job(on: "db1", ["confirm", "--title", "Disk", "Rotate the logs?"])
        try client.waitFor("the popup, keys taken") { $0.contains("Rotate the logs?") && $0.contains("db1: Disk") && !$0.contains("keys in a moment") }
        client.type("y")
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        try client.waitFor("the popup closed") { !$0.contains("Rotate the logs?") }
    }
}

extension RemoteAgentEndToEndTests {
    /// ssh's own questions (a host met for the first time) never come in the middle of a box: in
    /// batch mode the host is said in one line; with --ssh-interactive ssh asks on the terminal
    /// first, then the question is shown.
    func testSshsOwnQuestionsComeBeforeAnyBoxOrNotAtAll() throws {
        let asked = try job(on: "db1", ["confirm", "Trusted now?"])
        try waitForQueued("db1")
        let batch = try agent(["db1-new"])
        XCTAssertNotEqual(try batch.waitForExit(), 0)
        XCTAssertTrue(batch.stderrText.contains("db1-new: could not connect: Host key verification failed."), batch.stderrText)

        let interactive = try agent(["db1-new", "--ssh-interactive"])
        try interactive.waitFor("ssh's question on the terminal") { $0.contains("continue connecting (yes/no") }
        interactive.type("yes\r")
        try waitForQuestion(interactive, "Trusted now?")
        interactive.type("y")
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(try interactive.waitForExit(), 0)
        XCTAssertTrue(try String(contentsOfFile: "\(dir)/known_hosts", encoding: .utf8).hasPrefix("db1-new "))
    }
}

extension RemoteAgentEndToEndTests {
    /// systemd's password requests on a host (systemd-ask-password, as a unit asks) are relayed
    /// too: shown here where that host's secrets are allowed, answered on the request's socket.
    func testASystemdPasswordRequestOnAHostIsAnsweredHere() throws {
        try Needs.program(SystemdAgentsEndToEndTests.askPassword, package: "systemd")
        try FileManager.default.createDirectory(atPath: SystemdAgentsEndToEndTests.folder, withIntermediateDirectories: true)
        let asker = try Job(["--no-tty", "--timeout=60", "Passphrase for the backup disk:"], executable: SystemdAgentsEndToEndTests.askPassword)
        let deadline = Date().addingTimeInterval(10)
        while SystemdAgentsEndToEndTests.requests().isEmpty, Date() < deadline { usleep(20_000) } // polling the folder's state
        let agent = try self.agent(["db0", "--allow-secrets", "db0"])
        try waitForQuestion(agent, "Passphrase for the backup disk:")
        XCTAssertTrue(agent.screen.contains("db0 · asked by systemd-ask-password"), agent.screen.text)
        agent.type("disk pass" + K.enter)
        XCTAssertEqual(try asker.waitForExit(), 0, asker.stderrText)
        XCTAssertEqual(asker.stdoutText, "disk pass\n")
        XCTAssertEqual(try agent.waitForExit(), 0)
        SystemdAgentsEndToEndTests.clearStaleRequests()
    }
}

extension RemoteAgentEndToEndTests {
    /// A free TCP port on the loopback interface (the kernel's choice).
    func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw NSError(domain: "no free port", code: Int(errno)) }
        return UInt16(bigEndian: address.sin_port)
    }

    /// sshd listening on a loopback port, as a server runs it: the agent's connection is TCP.
    func testOverAServerListeningOnALoopbackPort() throws {
        let port = try freePort()
        let sshd = Process()
        sshd.executableURL = URL(fileURLWithPath: "/usr/sbin/sshd")
        sshd.arguments = ["-D", "-e", "-f", "\(dir)/sshd_config", "-o", "ListenAddress=127.0.0.1", "-p", String(port)]
        sshd.standardError = FileHandle.nullDevice
        try sshd.run()
        defer { sshd.terminate(); sshd.waitUntilExit() }
        try "Host db1-tcp\n  HostName 127.0.0.1\n  Port \(port)\n  User \(Self.users[0])\n  UserKnownHostsFile /dev/null\n"
            .appending("  StrictHostKeyChecking no\n  IdentityFile \(dir)/id\n  LogLevel ERROR\n")
            .write(toFile: "\(dir)/ssh_config", atomically: true, encoding: .utf8)
        let asked = try job(on: "db1", ["input", "--title", "Backup", "Label?"])
        try waitForQueued("db1")
        // (sshd may take a moment to listen: the agent reconnects with backoff while it watches.)
        let agent = try self.agent(["db1-tcp", "--watch"])
        try waitForQuestion(agent, "Label?")
        XCTAssertTrue(agent.screen.contains("db1-tcp: Backup"))
        agent.type("nightly" + K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, "nightly\n")
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }
}
