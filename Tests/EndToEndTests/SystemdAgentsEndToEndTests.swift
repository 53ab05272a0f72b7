// systemd's password agents, both ways, with Debian's systemd (no systemd as PID 1 needed):
// `systemd-ask-password --no-tty` answered by `alertty agent`, and an alertty job's password
// question answered by `systemd-tty-ask-password-agent --query`. Requests that must not be
// trusted are passed over with one line each. As root, the system's folder is the one both use.
import Foundation
import Glibc
import XCTest

final class SystemdAgentsEndToEndTests: XCTestCase {
    static let folder = "/run/systemd/ask-password"
    static let askPassword = "/usr/bin/systemd-ask-password"
    static let ttyAgent = "/usr/bin/systemd-tty-ask-password-agent"
    /// Files this test put in the folder, removed afterwards.
    var planted: [String] = []

    override func setUpWithError() throws {
        guard getuid() == 0 else { throw XCTSkip("systemd's system-wide requests are root's (CI runs as root)") }
        for program in [Self.askPassword, Self.ttyAgent] where !FileManager.default.isExecutableFile(atPath: program) {
            throw XCTSkip("\(program) is not installed (Debian's systemd package)")
        }
        try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        for path in planted { unlink(path) }
        chmod(Self.folder, 0o755)
        PopupReachEndToEndTests.clearQueue()
    }

    /// Requests of askers a test killed (SIGKILL leaves them; systemd's agents pass them over,
    /// alertty's agent clears its own jobs'): a test leaves none.
    static func clearStaleRequests() {
        for name in requests() {
            let path = folder + "/" + name
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PID=") }), let pid = Int32(line.dropFirst(4)),
               kill(pid, 0) != 0 {
                if let socket = text.split(separator: "\n").first(where: { $0.hasPrefix("Socket=") }) { unlink(String(socket.dropFirst(7))) }
                unlink(path)
            }
        }
    }

    /// The requests in the folder now.
    static func requests() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("ask.") }.sorted()
    }

    /// Waits for a request whose file holds `text`; its path.
    func waitForRequest(holding text: String) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            for name in Self.requests() {
                let path = Self.folder + "/" + name
                if ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains(text) { return path }
            }
            usleep(20_000) // polling the folder's state, not a synchronisation sleep
        }
        throw NSError(domain: "no request holding \(text)", code: 1)
    }

    /// systemd-ask-password as a unit runs it: no terminal, asking its agents.
    func systemdAsks(_ message: String, _ options: [String] = []) throws -> Job {
        try Job(["--no-tty", "--timeout=60"] + options + [message], executable: Self.askPassword)
    }

    func testSystemdAskPasswordIsAnsweredByTheAgent() throws {
        let asker = try systemdAsks("Passphrase for disk backup:")
        _ = try waitForRequest(holding: "PID=\(asker.pid)\n")
        let list = try Job(["agent", "--list"])
        XCTAssertEqual(try list.waitForExit(), 0, list.stderrText)
        XCTAssertTrue(list.stdoutText.contains("\tsystemd-ask-password\tpassword\tPassphrase for disk backup:\t"), list.stdoutText)
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("the password box with the request's message and who asks") {
            $0.contains("Passphrase for disk backup:") && $0.contains("asked by systemd-ask-password (pid \(asker.pid))")
                && !$0.contains("keys in a moment")
        }
        agent.type("s3cret pass")
        let typed = try agent.waitFor("the secret masked") { $0.contains("•") || $0.contains("*") }
        XCTAssertFalse(typed.text.contains("s3cret"), "a password is never shown")
        agent.type(PTYProcess.Keys.enter)
        XCTAssertEqual(try asker.waitForExit(), 0, asker.stderrText)
        XCTAssertEqual(asker.stdoutText, "s3cret pass\n", "the typed secret, as systemd-ask-password prints it")
        XCTAssertEqual(try agent.waitForExit(), 0, "none left")
        XCTAssertEqual(agent.modeNow, agent.modeBefore)
    }

    /// A request for longer than the flag's bound (`--timeout=600y`; NotAfter up to 2^63-1) is
    /// asked with a year, which is never: before, the box trapped converting it, and Swift's
    /// backtracer offered itself on the person's terminal over a secret's prompt.
    func testARequestForLongerThanAYearIsAskedNotCrashed() throws {
        let asker = try systemdAsks("Passphrase for the archive:", ["--timeout=600y"])
        _ = try waitForRequest(holding: "PID=\(asker.pid)\n")
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("the password box, keys taken") { $0.contains("Passphrase for the archive:") && !$0.contains("keys in a moment") }
        agent.type("long wait" + PTYProcess.Keys.enter)
        XCTAssertEqual(try asker.waitForExit(), 0, asker.stderrText)
        XCTAssertEqual(asker.stdoutText, "long wait\n")
        XCTAssertEqual(try agent.waitForExit(), 0, agent.screen.text)
        XCTAssertFalse(agent.screen.text.contains("Crash") || agent.screen.text.contains("interact"), agent.screen.text)
    }

    /// A secret typed in systemd's own agent reaches the asker as bytes, never a String, and
    /// leaves no copy once taken: pinentry asked twice keeps none of the first passphrase while
    /// it waits for the second.
    func testASecretAnsweredBySystemdsAgentLeavesNoCopy() throws {
        let empty = try temporaryFolder()
        let secret = "tops3cret-QX7-from-systemd"
        let assuan = "SETDESC First key\nGETPIN\nSETDESC Second key\nGETPIN\nBYE\n"
        let pinentry = try Job([], environment: ["TMUX_TMPDIR": empty, "ALERTTY_POPUP": "1", "ALERTTY_OPTIONS": "--timeout 60"],
                               stdin: Array(assuan.utf8), executable: PTYProcess.binary(named: "pinentry-alertty"), cron: true)
        _ = try waitForRequest(holding: "First key")
        let agent = try PTYProcess(["--query"], executable: Self.ttyAgent)
        try agent.waitFor("systemd's prompt") { $0.contains("First key") }
        agent.type(secret + PTYProcess.Keys.enter)
        _ = try agent.waitForExit()
        _ = try waitForRequest(holding: "Second key")
        for piece in [secret, String(secret.prefix(10)), String(secret.suffix(8))] {
            XCTAssertEqual(SecretMemoryEndToEndTests.copies(of: piece, in: pinentry.pid), [], "no copy of '\(piece)' once sent")
        }
        kill(pinentry.pid, SIGTERM)
        _ = try? pinentry.waitForExit()
        XCTAssertTrue(pinentry.stdoutText.contains("D \(secret)\nOK"), pinentry.stdoutText)
    }

    func testEchoIsShownInClearAndEscSendsACancel() throws {
        let asker = try systemdAsks("Volume label:", ["--echo=yes"])
        _ = try waitForRequest(holding: "PID=\(asker.pid)\n")
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("the request, keys taken") { $0.contains("Volume label:") && !$0.contains("keys in a moment") }
        agent.type("data-2026")
        try agent.waitFor("Echo=1: shown as typed") { $0.contains("data-2026") }
        agent.type(PTYProcess.Keys.escape)
        XCTAssertNotEqual(try asker.waitForExit(), 0, "a cancel: systemd-ask-password fails")
        XCTAssertEqual(asker.stdoutText, "")
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    func testARequestWithdrawnWhileShownIsClosed() throws {
        let asker = try systemdAsks("Soon withdrawn:")
        _ = try waitForRequest(holding: "PID=\(asker.pid)\n")
        let agent = try PTYProcess(["agent", "--watch"])
        try agent.waitFor("the request") { $0.contains("Soon withdrawn:") }
        // The asker goes (a unit stopped): it removes its request, and the box goes with it.
        kill(asker.pid, SIGTERM)
        _ = try asker.waitForExit()
        try agent.waitFor("the box closed", timeout: 2) { !$0.contains("Soon withdrawn:") }
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }

    /// An alertty job with no terminal and no tmux asks for a password: posted in systemd's
    /// format too, so systemd's own agent answers it, checked by the prompt's rules.
    func testAJobsPasswordIsAnsweredBySystemdsTTYAgent() throws {
        let empty = try temporaryFolder()
        let job = try Job(["password", "--popup", "--timeout", "60", "--min-length", "4", "--title", "Backup key"],
                          environment: ["TMUX_TMPDIR": empty], cron: true)
        let request = try waitForRequest(holding: "PID=\(job.pid)\n")
        let text = try String(contentsOfFile: request, encoding: .utf8)
        XCTAssertTrue(text.contains("Echo=0") && text.contains("Id=alertty:"), text)
        XCTAssertEqual(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: request)[.posixPermissions] as? Int) & 0o077, 0)
        // Too short: refused by the rule, and asked again.
        let first = try PTYProcess(["--query"], executable: Self.ttyAgent)
        try first.waitFor("systemd's prompt") { $0.contains("Backup key") }
        first.type("ab" + PTYProcess.Keys.enter)
        _ = try first.waitForExit()
        _ = try waitForRequest(holding: "needs at least 4 characters (2 so far)) Backup key (asked by")
        XCTAssertFalse(job.hasExited(), "a refused answer is no answer: \(job.stderrText)")
        let second = try PTYProcess(["--query"], executable: Self.ttyAgent)
        try second.waitFor("asked again") { $0.contains("Backup key") }
        second.type("correct horse" + PTYProcess.Keys.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "correct horse\n")
        XCTAssertTrue(job.stderrText.contains("needs at least 4 characters"), job.stderrText)
        XCTAssertEqual(Self.requests().filter { (try? String(contentsOfFile: Self.folder + "/" + $0, encoding: .utf8))?.contains("Backup key") == true }, [],
                       "answered: the request withdrawn")
    }

    /// An answer sent by another user is dropped by the asker; root's and its own count.
    func testAnAnswerFromAnotherUserIsDropped() throws {
        let empty = try temporaryFolder()
        let job = try Job(["input", "--popup", "--timeout", "60", "Host name?"], environment: ["TMUX_TMPDIR": empty], cron: true)
        let request = try waitForRequest(holding: "PID=\(job.pid)\n")
        let text = try String(contentsOfFile: request, encoding: .utf8)
        let socket = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("Socket=") }).dropFirst(7)
        XCTAssertTrue(text.contains("Echo=1"), "an input is shown as typed")
        // Let anyone write to it, as a careless asker would: the uid check is what stops them.
        chmod(String(socket), 0o666)
        let send = """
            import os, socket, sys
            if sys.argv[2] != "0":
                os.setgid(65534); os.setuid(65534)
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            s.sendto(sys.argv[3].encode(), sys.argv[1])
            """
        XCTAssertEqual(Subprocess.run("/usr/bin/python3", ["-c", send, String(socket), "65534", "+evil.example"]).status, 0)
        try waitUntil("the stranger's answer said dropped") { _ = job.hasExited(); return job.stderrText.contains("was dropped") }
        XCTAssertFalse(job.hasExited(), "still waiting")
        XCTAssertTrue(job.stderrText.contains("an answer from user 65534 was dropped"), job.stderrText)
        XCTAssertEqual(Subprocess.run("/usr/bin/python3", ["-c", send, String(socket), "0", "+db1.example"]).status, 0)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "db1.example\n")
    }

    /// Requests that must not be trusted: each passed over with one line, nothing shown, nothing hangs.
    func testUntrustedRequestsArePassedOver() throws {
        let socketHolder = try temporaryFolder()
        let realSocket = socketHolder + "/sck"
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(realSocket.utf8) + [0]) }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        func plant(_ name: String, _ text: String) throws -> String {
            let path = Self.folder + "/" + name
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            planted.append(path)
            return path
        }
        let good = "[Ask]\nPID=\(getpid())\nSocket=\(realSocket)\nEcho=0\nNotAfter=0\nMessage=Untrusted?\n"
        let other = try plant("ask.other-user", good)
        chown(other, 65534, 65534)
        let target = try plant("zz-target", good)
        let link = Self.folder + "/ask.link"
        symlink(target, link)
        planted.append(link)
        let big = try plant("ask.big", good)
        truncate(big, 100 << 20)
        _ = try plant("ask.broken", "\u{1}\u{2}garbage without a section\n")
        _ = try plant("ask.not-a-socket", good.replacingOccurrences(of: realSocket, with: target))
        let list = try Job(["agent", "--list"])
        XCTAssertEqual(try list.waitForExit(), 1, "none may be answered: \(list.stdoutText)")
        XCTAssertEqual(list.stdoutText, "")
        let said = list.stderrText.split(separator: "\n").map(String.init)
        for (name, why) in [("ask.other-user", "belongs to another user"), ("ask.link", "is a link"), ("ask.big", "is over"),
                            ("ask.broken", "has no [Ask] section"), ("ask.not-a-socket", "names a socket that is not a socket")] {
            XCTAssertEqual(said.filter { $0.contains(name) }.count, 1, "one line for \(name): \(said)")
            XCTAssertTrue(said.contains { $0.contains(name) && $0.contains(why) }, "\(name) \(why): \(said)")
        }
        let agent = try PTYProcess(["agent"])
        XCTAssertEqual(try agent.waitForExit(), 0, "nothing to answer: done at once")
        XCTAssertFalse(agent.screen.text.contains("Untrusted?"))
        // A folder others may write: nothing in it is trusted.
        for path in planted { unlink(path) }
        planted = []
        _ = try plant("ask.fine", good)
        chmod(Self.folder, 0o777)
        let open = try Job(["agent", "--list"])
        XCTAssertEqual(try open.waitForExit(), 1)
        XCTAssertTrue(open.stderrText.contains("is open to other users"), open.stderrText)
        chmod(Self.folder, 0o755)
        let trusted = try Job(["agent", "--list"])
        XCTAssertEqual(try trusted.waitForExit(), 0, "the same request in a closed folder: \(trusted.stderrText)")
    }

    func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            if Date() > deadline { throw NSError(domain: "timed out: \(what)", code: 1) }
            usleep(20_000) // polling a process's output, not a synchronisation sleep
        }
    }
}
