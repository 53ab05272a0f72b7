// progress in a pseudo-terminal: a shell loop feeding the gauge; commands that succeed, fail,
// are killed, ignore SIGINT and leave a grandchild; no terminal at all.
import Foundation
import Glibc
import XCTest

final class ProgressEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    /// A script's loop feeding the gauge through a pipe, each step waiting for the screen to show the last.
    func testAGaugeFedByAShellLoop() throws {
        let fifo = NSTemporaryDirectory() + "alertty-gauge-\(UUID().uuidString)"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let p = try PTYProcess(["-c", "exec \(PTYProcess.binary) progress --no-animation Downloading < \(fifo)"], executable: "/bin/sh")
        let feed = open(fifo, O_WRONLY)
        func send(_ s: String) { _ = s.withCString { write(feed, $0, strlen($0)) } }
        send("10\n# Unpacking\n")
        try p.waitFor("10% and the text") { $0.contains("10%") && $0.contains("Unpacking") }
        send("XXX\n60\nLinking\nXXX\n")
        try p.waitFor("60% and the block's text") { $0.contains("60%") && $0.contains("Linking") }
        send("100\n")
        try p.waitForText("100%")
        close(feed)
        try assertEnded(p, status: 0)
    }

    func testCancelClosesTheProducersPipe() throws {
        let fifo = NSTemporaryDirectory() + "alertty-cancel-\(UUID().uuidString)"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let p = try PTYProcess(["-c", "exec \(PTYProcess.binary) progress --no-animation --cancel Copying < \(fifo)"], executable: "/bin/sh")
        let feed = open(fifo, O_WRONLY)
        _ = "5\n".withCString { write(feed, $0, 2) }
        try p.waitForText("5%")
        p.type(K.escape)
        try assertEnded(p, status: 1)
        signal(SIGPIPE, SIG_IGN)
        let n = "6\n".withCString { write(feed, $0, 2) }
        XCTAssertEqual(n, -1, "the producer sees a closed pipe")
        XCTAssertEqual(errno, EPIPE)
        close(feed)
    }

    func testACommandThatSucceedsThenOneThatFails() throws {
        let ok = try PTYProcess(["progress", "--no-animation", "--show-output", "Listing", "--", "sh", "-c", "echo hello; echo world"])
        try assertEnded(ok, status: 0, stdout: "hello\nworld\n")

        let bad = try PTYProcess(["progress", "--no-animation", "Building", "--", "sh", "-c", "echo compiling; echo 'x.c:1: error' >&2; exit 3"])
        try bad.waitForText("x.c:1: error")
        XCTAssertTrue(bad.screen.contains("failed (exit 3)"))
        bad.type(K.enter)
        try assertEnded(bad, status: 3)

        let quiet = try PTYProcess(["progress", "--no-animation", "--no-error-box", "B", "--", "sh", "-c", "exit 4"])
        try assertEnded(quiet, status: 4)
        let missing = try PTYProcess(["progress", "--no-animation", "B", "--", "/nonexistent/tool"])
        XCTAssertEqual(try missing.waitForExit(), 127)
    }

    func testPercentLinesFromTheCommandDriveTheBar() throws {
        let p = try PTYProcess(["progress", "--no-animation", "--percent-from", "stdout", "Working", "--",
                                "sh", "-c", "echo 25; sleep 0.2; echo 50; sleep 30"])
        try p.waitForText("50%")
        p.type(K.ctrlC)
        try assertEnded(p, status: 130)
    }

    func waitNoSleeps(_ marker: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Processes.waitUntilGone(marker), [], "no process left behind", file: file, line: line)
    }

    func testCtrlCReachesTheCommandsGroupIncludingAGrandchild() throws {
        let marker = "41.4142"
        let p = try PTYProcess(["progress", "--no-animation", "Waiting", "--", "sh", "-c", "sleep \(marker) & echo started; wait"])
        try p.waitForText("started")
        p.type(K.ctrlC)
        try assertEnded(p, status: 130)
        waitNoSleeps(marker)
    }

    func testACommandIgnoringSIGINTIsEndedAfterASecondCtrlC() throws {
        let marker = "42.7183"
        let p = try PTYProcess(["progress", "--no-animation", "Stubborn", "--", "sh", "-c", "trap '' INT; echo ready; sleep \(marker)"])
        try p.waitForText("ready")
        p.type(K.ctrlC)
        p.type(K.ctrlC) // asked twice: no more waiting
        try assertEnded(p, status: 130)
        waitNoSleeps(marker)
    }

    func testSIGTERMIsForwardedAndWaitedFor() throws {
        let p = try PTYProcess(["progress", "--no-animation", "T", "--", "sh", "-c", "trap 'echo got TERM >&2; exit 9' TERM; echo up; while :; do sleep 0.05; done"])
        try p.waitForText("up")
        p.signal(SIGTERM)
        try assertEnded(p, status: 143)
    }

    func testWithoutATerminalTheCommandStillRuns() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--wait", PTYProcess.binary, "progress", "Backing up", "--", "sh", "-c", "echo did the work; exit 5"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 5)
        XCTAssertEqual(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "did the work\n")

        let gauge = Process()
        gauge.executableURL = URL(fileURLWithPath: "/bin/sh")
        gauge.arguments = ["-c", "seq 1 100000 | setsid --wait \(PTYProcess.binary) progress Copying; echo \"rc=$? pipe=${PIPESTATUS:-}\""]
        let gout = Pipe(), gerr = Pipe()
        gauge.standardOutput = gout
        gauge.standardError = gerr
        try gauge.run()
        gauge.waitUntilExit()
        // A gauge with no one to show it to reads its input to its end and succeeds, as a command does.
        XCTAssertTrue(String(decoding: gout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).hasPrefix("rc=0"))
        XCTAssertEqual(String(decoding: gerr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "")
    }

    func testInlineLeavesALastLineOrNothing() throws {
        let p = try PTYProcess(["progress", "--inline", "Copying"], stdin: Array("50\n100\n".utf8))
        try assertEnded(p, status: 0)
        XCTAssertFalse(p.screen.onAlternate)
        XCTAssertTrue(p.screen.lines.contains { $0.hasPrefix("Copying 100% (0:0") }, p.screen.text)
        let q = try PTYProcess(["progress", "--inline", "--erase", "Copying"], stdin: Array("100\n".utf8))
        try assertEnded(q, status: 0)
        XCTAssertFalse(q.screen.contains("Copying"), "--erase leaves nothing")
    }

    /// --tail: the command's last lines, from both streams, in a pane while it runs. (Two pipes
    /// keep no order between them, so the stderr line is written once the stdout lines are shown.)
    func testTailShowsTheLastLinesWhileTheCommandRuns() throws {
        let gates = (1...2).map { NSTemporaryDirectory() + "alertty-tail-\(getpid())-\($0)" }
        for gate in gates { XCTAssertEqual(mkfifo(gate, 0o600), 0) }
        defer { gates.forEach { unlink($0) } }
        let script = "for i in 1 2 3 4 5; do echo line $i; done; read x < '\(gates[0])'; echo trouble >&2; read x < '\(gates[1])'"
        let p = try PTYProcess(["progress", "--no-animation", "--tail", "3", "Working", "--", "sh", "-c", script])
        func open(_ gate: String) {
            let writer = Glibc.open(gate, O_WRONLY)
            XCTAssertGreaterThanOrEqual(writer, 0)
            _ = write(writer, "go\n", 3)
            close(writer)
        }
        try p.waitForText("line 5")
        XCTAssertTrue(p.screen.contains("line 3"))
        XCTAssertFalse(p.screen.contains("line 2"), "only the last three")
        open(gates[0])
        try p.waitForText("trouble")
        XCTAssertFalse(p.screen.contains("line 3"), "stderr's line joined the pane; the oldest left")
        open(gates[1])
        try assertEnded(p, status: 0)
    }

    // MARK: - A command that needs the terminal

    /// A command under the box asks on the terminal (as sudo, ssh or git do): alertty steps aside
    /// (the normal screen, the terminal's own modes, the command's group in the foreground), the
    /// answer reaches the command, and the box comes back once the command goes on working.
    func testACommandAskingOnTheTerminalIsLentIt() throws {
        let gate = NSTemporaryDirectory() + "alertty-lend-\(getpid())"
        XCTAssertEqual(mkfifo(gate, 0o600), 0)
        defer { unlink(gate) }
        let script = "echo preparing; printf 'Name: ' >/dev/tty; read n </dev/tty; echo \"hello $n\"; read x < '\(gate)'"
        let p = try PTYProcess(["progress", "--no-animation", "Installing", "--", "sh", "-c", script])
        // The command's own prompt on the normal screen, with its output line said there too (it
        // may come just after the prompt when the command stopped before its echo was read).
        try p.waitFor("the prompt and the command's last line on the normal screen") {
            !$0.onAlternate && $0.contains("Name:") && $0.contains("preparing")
        }
        XCTAssertTrue(p.echoing, "the terminal is in its own modes while the command has it")
        p.type("Ada\r")
        try p.waitFor("the box back, showing the command's progress") { $0.onAlternate && $0.contains("hello Ada") && $0.contains("Installing") }
        let writer = open(gate, O_WRONLY)
        _ = write(writer, "go\n", 3)
        close(writer)
        try assertEnded(p, status: 0)
    }

    func testLineModeLendsTheTerminalToo() throws {
        let p = try PTYProcess(["progress", "--plain", "Installing", "--", "sh", "-c",
                                "printf 'Name: ' >/dev/tty; read n </dev/tty; test \"$n\" = Ada"])
        try p.waitForText("Name:")
        p.type("Ada\r")
        try assertEnded(p, status: 0)
    }

    /// The real sudo, run by a user who must type a password: its prompt, its read with echo off,
    /// the command run as root, its output passed on.
    func testSudoAsksForItsPasswordUnderProgress() throws {
        let user = "alertty-lend"
        try Needs.root("add a user for sudo")
        try Needs.program("/usr/bin/sudo", package: "sudo")
        try Needs.program("/usr/sbin/useradd", package: "passwd")
        func shell(_ command: String) -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            try? process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        _ = shell("id \(user) >/dev/null 2>&1 || /usr/sbin/useradd -M -s /bin/sh \(user)")
        XCTAssertEqual(shell("echo '\(user):L3nd pass' | /usr/sbin/chpasswd"), 0)
        let sudoers = "/etc/sudoers.d/alertty-lend-test"
        try "\(user) ALL=(ALL) ALL\n".write(toFile: sudoers, atomically: true, encoding: .utf8)
        chmod(sudoers, 0o440)
        addTeardownBlock {
            try? FileManager.default.removeItem(atPath: sudoers)
            _ = shell("/usr/sbin/userdel \(user)")
        }
        let p = try PTYProcess(["--reuid=\(user)", "--regid=\(user)", "--clear-groups", try binaryForOtherUsers(), "progress",
                                "--no-animation", "--show-output", "Installing", "--", "sudo", "-k", "-p", "sudo password: ", "id", "-u"],
                               executable: "/usr/bin/setpriv")
        try p.waitFor("sudo's prompt on the normal screen") { !$0.onAlternate && $0.contains("sudo password:") }
        p.type("L3nd pass\r")
        try assertEnded(p, status: 0, stdout: "0\n")
        XCTAssertFalse(p.screen.contains("L3nd"), "sudo read the password with echo off")
    }

    /// ssh meeting a host for the first time asks on the terminal whether to trust its key. The
    /// server is sshd in inetd mode as ssh's ProxyCommand: nothing listens, nothing stays behind.
    func testSshsHostKeyQuestionIsAnsweredUnderProgress() throws {
        try Needs.root("run sshd")
        try Needs.program("/usr/sbin/sshd", package: "openssh-server")
        try Needs.program("/usr/bin/ssh-keygen", package: "openssh-client")
        let dir = NSTemporaryDirectory() + "alertty-ssh-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true) // sshd's privilege separation
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let keygen = Process()
        keygen.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
        keygen.arguments = ["-q", "-t", "ed25519", "-N", "", "-f", "\(dir)/hostkey"]
        try keygen.run()
        keygen.waitUntilExit()
        try "HostKey \(dir)/hostkey\nUsePAM no\nPermitRootLogin no\n".write(toFile: "\(dir)/sshd_config", atomically: true, encoding: .utf8)
        let p = try PTYProcess(["progress", "--no-animation", "Connecting", "--", "ssh", "-F", "/dev/null",
                                "-o", "ProxyCommand=/usr/sbin/sshd -i -f \(dir)/sshd_config", "-o", "UserKnownHostsFile=\(dir)/known_hosts",
                                "-o", "PreferredAuthentications=none", "nobody@testhost", "true"], columns: 100)
        try p.waitFor("ssh's question on the normal screen") { !$0.onAlternate && $0.contains("continue connecting (yes/no") }
        p.type("yes\r")
        try p.waitFor("the box back with ssh's end") { $0.onAlternate && $0.contains("Permission denied") && $0.contains("ssh failed (exit 255)") }
        let known = try String(contentsOfFile: "\(dir)/known_hosts", encoding: .utf8)
        XCTAssertTrue(known.hasPrefix("testhost ssh-ed25519 "), "the answer reached ssh: \(known)")
        p.type(K.enter)
        try assertEnded(p, status: 255)
    }

    /// --inline: the failure box takes the spinner's place, none of the spinner's box left
    /// around it, with the last stderr bytes though they end in no newline.
    func testInlineFailureBoxLeavesNoRemainsOfTheSpinner() throws {
        let gate = NSTemporaryDirectory() + "alertty-inline-fail-\(getpid())"
        XCTAssertEqual(mkfifo(gate, 0o600), 0)
        defer { unlink(gate) }
        let p = try PTYProcess(["progress", "--inline", "Building", "--", "sh", "-c", "read x < '\(gate)'; printf 'disk full' >&2; exit 3"])
        try p.waitForText("Building")
        let writer = open(gate, O_WRONLY)
        _ = write(writer, "go\n", 3)
        close(writer)
        let screen = try p.waitFor("the failure box") { $0.contains("disk full") }
        let boxLines = screen.lines.filter { $0.contains("│") || $0.contains("╭") || $0.contains("╰") }
        XCTAssertFalse(screen.contains("Building"), "the spinner's text is gone: \(screen.text)")
        for line in boxLines {
            XCTAssertEqual(line.filter { "│╭╮╰╯".contains($0) }.count, 2, "one box, no border of the old one beside it: \(screen.text)")
        }
        p.type("\u{0C}")
        try p.waitFor("redrawn") { $0.contains("disk full") }
        p.type(K.enter)
        try assertEnded(p, status: 3)
    }

    /// Steps in the box and in line mode: a row per step in the box, a line per change in line mode.
    func testStepsShowInTheBoxAndAsLinesInLineMode() throws {
        let input = Array("Download: done\n50\nUnpack: failed\n".utf8)
        let box = try PTYProcess(["progress", "--task", "Download", "--task", "Unpack", "Work"], stdin: input)
        try assertEnded(box, status: 0)
        let line = try PTYProcess(["progress", "--plain", "--task", "Download", "--task", "Unpack", "Work"], stdin: input)
        try assertEnded(line, status: 0)
        for text in ["Download: pending", "Download: done", "Unpack: failed"] {
            XCTAssertTrue(line.screen.contains(text), "line mode says \(text): \(line.screen.text)")
        }
    }
}
