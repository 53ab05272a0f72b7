// alertty as the askpass program of real clients, in a pseudo-terminal: git asks for a user name
// (in the open) and a password (masked) through GIT_ASKPASS, and ssh-add unlocks a key through
// SSH_ASKPASS; each gets exactly what was typed, and the secret is never on the screen.
import Foundation
import Glibc
import XCTest

final class AskpassEndToEndTests: XCTestCase {
    /// `alertty-askpass` beside the binary, as scripts/install.sh lays it out (a hard link: the name decides).
    static let askpass = PTYProcess.binary(named: "alertty-askpass")

    func shell(_ script: String, stdin: String? = nil, environment: [String: String] = [:]) throws -> PTYProcess {
        try PTYProcess(["-c", script], environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 },
                       stdin: stdin.map { Array($0.utf8) }, executable: "/bin/sh")
    }

    func testGitGetsTheUserNameAndPasswordTyped() throws {
        let home = NSTemporaryDirectory() + "alertty-git-\(getpid())"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let p = try shell("git credential fill", stdin: "protocol=https\nhost=example.com\n\n",
                          environment: ["HOME": home, "GIT_ASKPASS": Self.askpass, "GIT_CONFIG_NOSYSTEM": "1"])
        try p.waitForText("Username for 'https://example.com'")
        p.type("ann\r")
        try p.waitForText("Password for 'https://ann@example.com'")
        p.type("pw-Secret1\r")
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
        XCTAssertTrue(p.stdoutText.contains("username=ann\npassword=pw-Secret1\n"), p.stdoutText)
        XCTAssertFalse(p.screen.contains("pw-Secret1"), "the password is masked")
    }

    func testSshAddUnlocksAKeyWithThePassphraseTyped() throws {
        try Needs.program("/usr/bin/ssh-add", package: "openssh-client")
        let dir = NSTemporaryDirectory() + "alertty-ssh-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let keygen = try shell("ssh-keygen -q -t ed25519 -N 'k3y phrase' -f '\(dir)/key'")
        XCTAssertEqual(try keygen.waitForExit(), 0)
        let script = "ssh-agent sh -c 'ssh-add \(dir)/key < /dev/null; echo added=$?; ssh-add -l | wc -l'"
        let p = try shell(script, environment: ["SSH_ASKPASS": Self.askpass, "SSH_ASKPASS_REQUIRE": "force", "HOME": dir])
        try p.waitForText("Enter passphrase for \(dir)/key")
        p.type("k3y phrase\r")
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
        XCTAssertTrue(p.stdoutText.contains("added=0\n1\n"), p.stdoutText)
        XCTAssertTrue(p.stderrText.contains("Identity added"), p.stderrText)
        XCTAssertFalse(p.screen.contains("k3y phrase"), "the passphrase is masked")
    }

    func testSudoRunsACommandWithThePasswordTyped() throws {
        // A user with a password and a sudoers line, made for the test and removed after it.
        let user = "alertty-sudo"
        try Needs.root("add a user for sudo")
        try Needs.program("/usr/bin/sudo", package: "sudo")
        try Needs.program("/usr/sbin/useradd", package: "passwd")
        _ = try shell("id \(user) >/dev/null 2>&1 || /usr/sbin/useradd -M -s /bin/sh \(user)").waitForExit()
        XCTAssertEqual(try shell("echo '\(user):Sud0 pass!' | /usr/sbin/chpasswd").waitForExit(), 0)
        let sudoers = "/etc/sudoers.d/alertty-test"
        try "\(user) ALL=(ALL) ALL\n".write(toFile: sudoers, atomically: true, encoding: .utf8)
        chmod(sudoers, 0o440)
        addTeardownBlock {
            try? FileManager.default.removeItem(atPath: sudoers)
            _ = try? self.shell("/usr/sbin/userdel \(user)").waitForExit()
        }
        let p = try PTYProcess(["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "env", "SUDO_ASKPASS=\(try binaryForOtherUsers(named: "alertty-askpass"))",
                                "sudo", "-A", "-k", "id", "-u"], executable: "/usr/bin/setpriv")
        try p.waitForText("[sudo] password for \(user)")
        p.type("Sud0 pass!\r")
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
        XCTAssertEqual(p.stdoutText, "0\n", "the command ran as root")
        XCTAssertFalse(p.screen.contains("Sud0"), "masked")
    }

    /// --help names the folder alertty is installed in (not the package's /usr/bin after an
    /// install to /usr/local), and `force`: `prefer` asks only where DISPLAY is set.
    func testHelpNamesWhereItIsInstalledAndForce() throws {
        let help = try Job(["--help"], executable: Self.askpass)
        XCTAssertEqual(try help.waitForExit(), 0)
        let folder = URL(fileURLWithPath: Self.askpass).deletingLastPathComponent().path
        XCTAssertTrue(help.stdoutText.contains("export SSH_ASKPASS=\(folder)/alertty-askpass SSH_ASKPASS_REQUIRE=force"), help.stdoutText)
        XCTAssertFalse(help.stdoutText.contains("/usr/bin/"), help.stdoutText)
    }

    func testCancellingFailsTheCaller() throws {
        let p = try PTYProcess(["askpass", "Enter passphrase for key:"])
        try p.waitForText("Enter passphrase")
        p.type(PTYProcess.Keys.escape)
        try assertEnded(p, status: 1)
    }
}
