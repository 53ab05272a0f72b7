// systemd's ask-password request files read as its agents read them, and who asks named as a
// person would know the job.
@testable import AlerttyKit
import XCTest

final class SystemdAskTests: XCTestCase {
    func testARequestAsSystemdWritesIt() throws {
        // systemd 252 writes a message's newline as it is: the line after it is passed over.
        let text = "[Ask]\nPID=4242\nSocket=/run/systemd/ask-password/sck.1\nAcceptCached=0\nEcho=1\nNotAfter=10750455296\n"
            + "Silent=0\nMessage=Passphrase for disk\nsecond line\nIcon=drive-harddisk\nId=cryptsetup:/dev/sda2\n"
        let request = try SystemdAsk.Request.parse(text)
        XCTAssertEqual(request, SystemdAsk.Request(pid: 4242, socket: "/run/systemd/ask-password/sck.1", echo: true, silent: false,
                                                   notAfter: 10_750_455_296, message: "Passphrase for disk", id: "cryptsetup:/dev/sda2"))
    }

    func testWhatIsWrittenIsReadBack() throws {
        let request = SystemdAsk.Request(pid: 7, socket: "/run/user/1000/systemd/ask-password/sck.a", echo: false, silent: true,
                                         notAfter: 0, message: "Backup key (asked by check-disk, pid 7)", id: "alertty:7")
        XCTAssertEqual(try SystemdAsk.Request.parse(request.text), request)
        // A message cannot end the line and add keys of its own.
        var forged = request
        forged.message = "Key\nSocket=/tmp/evil"
        XCTAssertEqual(try SystemdAsk.Request.parse(forged.text).socket, request.socket)
    }

    func testWhatIsNoRequest() {
        let cases: [(String, String)] = [
            ("garbage\u{1}\n", "has no [Ask] section"),
            ("[Other]\nSocket=/x\n", "has no [Ask] section"),
            ("[Ask]\nPID=1\n", "names no socket"),
            ("[Ask]\nSocket=relative\n", "names no socket"),
            ("[Ask]\nPID=-3\nSocket=/x\n", "PID='-3' is no process"),
            ("[Ask]\nNotAfter=soon\nSocket=/x\n", "NotAfter='soon' is no time"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try SystemdAsk.Request.parse(text), text) { error in
                XCTAssertEqual((error as? SystemdAsk.Skipped)?.reason, reason, text)
            }
        }
    }

    func testTheFoldersAUserMayAnswer() {
        XCTAssertEqual(SystemdAsk.folders(user: 0), ["/run/systemd/ask-password", "/run/user/0/systemd/ask-password"])
        XCTAssertEqual(SystemdAsk.folders(user: 1000), ["/run/user/1000/systemd/ask-password"], "the system's are root's alone")
    }

    func testWhoAsksIsTheProgramAPersonKnows() {
        let cases: [([String], String)] = [
            (["/bin/sh", "/etc/cron.hourly/check-disk"], "check-disk"),
            (["/bin/sh", "-c", "/usr/local/bin/check-disk --quiet"], "check-disk"),
            (["-bash"], "bash"),
            (["python3", "-u", "/opt/backup/run.py"], "run.py"),
            (["/usr/bin/gpg-agent", "--daemon"], "gpg-agent"),
            ([], "?"),
        ]
        for (words, program) in cases { XCTAssertEqual(Popup.Asker.program(of: words), program, "\(words)") }
    }
}
