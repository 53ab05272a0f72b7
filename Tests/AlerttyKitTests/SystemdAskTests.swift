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
            // A cron line that sets a variable for its command is asked by the command.
            (["/bin/sh", "-c", "ALERTTY_POPUP=1 alertty confirm --popup 'Clean now?'"], "alertty"),
            (["/bin/sh", "-c", "PATH=/usr/local/bin:$PATH LANG=C exec /usr/local/bin/check-disk"], "check-disk"),
            (["/bin/sh", "-c", "env X=1 nightly-backup"], "nightly-backup"),
            ([], "?"),
        ]
        for (words, program) in cases { XCTAssertEqual(Popup.Asker.program(of: words), program, "\(words)") }
    }
}

final class SystemdAskTimeTests: XCTestCase {
    /// Every NotAfter a request can carry gives a --timeout the parser takes: never past the
    /// flag's bound (`systemd-ask-password --timeout=600y`, NotAfter=2^63-1 crashed the box), never
    /// below its least, none for 0.
    func testEveryNotAfterGivesATimeTheFlagTakes() throws {
        let now: UInt64 = 5_000_000_000_000 // 5,000 s of CLOCK_MONOTONIC, in nanoseconds
        let nowMicros = now / 1000
        let cases: [(UInt64, Double?)] = [
            (0, nil),
            (1, 0.01),
            (nowMicros, 0.01),
            (nowMicros + 1_500_000, 1.5),
            (nowMicros + UInt64(Limits.longestTimeout) * 1_000_000 + 1, Double(Limits.longestTimeout)),
            (UInt64(Int64.max), Double(Limits.longestTimeout)),
            (UInt64.max, Double(Limits.longestTimeout)),
        ]
        for (notAfter, expected) in cases {
            let request = SystemdAsk.Request(pid: 1, socket: "/s", notAfter: notAfter, message: "m")
            let left = request.secondsLeft(now: now)
            XCTAssertEqual(left, expected, "NotAfter=\(notAfter)")
            guard let left else { continue }
            var command = ParsedCommand(alert: .password)
            command.add(.timeout, String(left))
            XCTAssertNoThrow(try ArgumentParser.check(String(left), for: CommandSpec.flags.first { $0.name == "timeout" }!),
                             "NotAfter=\(notAfter) gives --timeout \(left)")
        }
        // And the parser reads the file's largest NotAfter as a request, not as an error.
        let text = "[Ask]\nPID=1\nSocket=/s\nNotAfter=9223372036854775807\nMessage=m\n"
        XCTAssertEqual(try SystemdAsk.Request.parse(text).secondsLeft(now: now), Double(Limits.longestTimeout))
    }
}

final class QueueEntryTests: XCTestCase {
    /// The queue's record names the question by its title, else its text, one line, cut short:
    /// a 100 KiB title is still a record a reader of the queue takes whole.
    func testTheRecordNamesTheQuestionAndStaysSmall() throws {
        let asker = Popup.Asker(program: "check-disk", pid: 42)
        var untitled = ParsedCommand(alert: .confirm)
        untitled.positionals = ["Disk is 95% full.\nClean now?"]
        XCTAssertTrue(asker.entry(untitled).contains("title=Disk is 95% full. Clean now?\n"), asker.entry(untitled))
        var fromStdin = ParsedCommand(alert: .input)
        fromStdin.positionals = ["-"]
        XCTAssertTrue(asker.entry(fromStdin).contains("title=\n"), "stdin's text is never read for it")
        var huge = ParsedCommand(alert: .confirm)
        huge.add(.title, String(repeating: "T", count: 100_000) + "\u{1B}[31m")
        huge.positionals = ["?"]
        let entry = asker.entry(huge)
        XCTAssertLessThan(entry.utf8.count, 1024, "far under the 64 KiB a reader takes")
        XCTAssertTrue(entry.contains("T…\n"), entry)
        XCTAssertFalse(entry.contains("\u{1B}"))
    }
}

final class QueuePlaceTests: XCTestCase {
    /// Another user making /tmp/alertty-UID first cannot cut a user's jobs off from their agents:
    /// the queue goes to the user's home instead (jobs and agents find it alike), said in one
    /// line naming who made it and the fix.
    func testASquattedSharedFolderIsPassedOverForHome() throws {
        guard getuid() == 0 else { throw XCTSkip("making a folder for another user is root's (CI runs as root)") }
        let nobody: UInt32 = 65534
        let home = try XCTUnwrap(Platform.account(nobody)?.home)
        let shared = "/tmp/alertty-\(nobody)"
        if FileManager.default.fileExists(atPath: shared) { throw XCTSkip("\(shared) is in use here") }
        XCTAssertEqual(QueueTestsSupport.place(nobody).folder, shared, "nothing there: the usual folder")
        XCTAssertEqual(mkdir(shared, 0o777), 0)
        defer { rmdir(shared) }
        let (folder, said) = QueueTestsSupport.place(nobody)
        XCTAssertEqual(folder, (home.hasSuffix("/") ? home : home + "/") + ".alertty-queue")
        XCTAssertEqual(said, "\(shared) was made by root (uid 0), not by you: the queue is \(folder) instead "
                           + "(have root remove \(shared); /run/user/\(nobody), made at login, avoids /tmp)")
        XCTAssertEqual(chown(shared, nobody, nobody), 0)
        XCTAssertEqual(QueueTestsSupport.place(nobody).folder, shared, "the user's own folder is theirs")
    }
}

enum QueueTestsSupport {
    static func place(_ user: UInt32) -> (folder: String, passedOver: String?) { QuestionQueue.place(user: user) }
}
