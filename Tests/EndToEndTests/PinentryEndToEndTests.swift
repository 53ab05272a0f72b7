// alertty as GnuPG's pinentry, proven two ways. Differentially: one Assuan session (options,
// GETINFO, percent-escaped texts, a PIN, a cancel, a repeat that matches and one that does not,
// CONFIRM with and without NOTOK, MESSAGE, a timeout) is sent to the real pinentry-curses and to
// alertty, each in its own terminal, and the replies must agree line by line (a `D` line's
// content aside: version, pid, flavor). With the real client: gpg-agent, configured with
// pinentry-program, encrypts with a passphrase typed twice in the box, and cancelling makes gpg
// fail exactly as it does with pinentry-curses.
import Foundation
import Glibc
import XCTest

final class PinentryEndToEndTests: XCTestCase {
    static let curses = "/usr/bin/pinentry-curses"

    /// `pinentry-alertty` beside the binary, as installed (a hard link: the name decides).
    static let pinentry = PTYProcess.binary(named: "pinentry-alertty")

    func requireCurses() throws {
        try Needs.program(Self.curses, package: "pinentry-curses")
    }

    static let session = """
        OPTION ttyname=/dev/tty
        OPTION ttytype=xterm-256color
        OPTION lc-ctype=C.UTF-8
        OPTION allow-external-password-cache
        OPTION bogus=1
        GETINFO flavor
        GETINFO version
        GETINFO nothing
        FROBNICATE
        HELP
        SETTITLE Unlock
        SETDESC First: 50%25 of the%0Akey
        SETPROMPT Passphrase:
        SETOK _Unlock
        SETKEYINFO n/0123ABCD
        GETPIN
        SETDESC Second prompt
        SETERROR Bad passphrase (try 2 of 3)
        SETCANCEL _Abort
        SETQUALITYBAR_TT How strong it is
        SETGENPIN _Generate
        GETPIN
        SETDESC Third prompt
        SETREPEAT Repeat:
        SETREPEATERROR Entries differ
        GETPIN
        SETDESC Fourth prompt
        SETREPEAT Repeat:
        SETREPEATERROR Entries differ
        GETPIN
        SETDESC Fifth prompt
        CONFIRM
        SETDESC Sixth prompt
        SETNOTOK _Later
        CONFIRM
        SETDESC Seventh prompt
        CONFIRM
        RESET
        SETDESC Eighth prompt
        MESSAGE
        SETDESC Eighth and a half
        CONFIRM --one-button
        SETDESC Ninth prompt
        SETTIMEOUT 1
        GETPIN
        BYE

        """

    /// The keys each program is given at each prompt (pinentry-curses moves with Tab between its
    /// two fields and cancels with Ctrl-E; alertty asks the repeat on its own and cancels with Esc).
    typealias Script = [(waitFor: String, keys: [String])]

    static let cursesKeys: Script = [
        ("First:", ["pw 1%\r"]),
        ("Second prompt", ["\u{05}"]),
        ("Third prompt", ["abc\r"]), // pinentry-curses 1.2 shows no repeat field (1.3 does)
        ("Fourth prompt", ["\u{05}"]),
        ("Fifth prompt", ["\r"]),
        ("Sixth prompt", ["\t\r"]),
        ("Seventh prompt", ["\u{05}"]),
        ("Eighth prompt", ["\r"]),
        ("Eighth and a half", ["\r"]),
    ]

    static let alerttyKeys: Script = [
        ("First:", ["pw 1%\r"]),
        ("Second prompt", [PTYProcess.Keys.escape]),
        ("Third prompt", ["abc\r"]), ("Repeat:", ["abc\r"]),
        ("Fourth prompt", ["abc\r"]), ("Repeat:", ["abd\r"]), ("Entries differ", [PTYProcess.Keys.escape]),
        ("Fifth prompt", ["\r"]),
        ("Sixth prompt", ["\t\r"]),
        ("Seventh prompt", [PTYProcess.Keys.escape]),
        ("Eighth prompt", ["\r"]),
        ("Eighth and a half", ["\r"]),
    ]

    func run(_ arguments: [String], executable: String, keys: Script) throws -> (PTYProcess, [String]) {
        let p = try PTYProcess(arguments, columns: 80, rows: 24, stdin: Array(Self.session.utf8), executable: executable)
        for (text, strokes) in keys {
            try p.waitForText(text)
            for stroke in strokes { p.type(stroke) }
        }
        XCTAssertEqual(try p.waitForExit(timeout: 20), 0, p.stderrText)
        return (p, p.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// Lines as compared: a data line's content and the flavor's name aside. SETREPEATOK and the
    /// repeat field are pinentry 1.3's: Debian's pinentry-curses 1.2 neither lists the one nor
    /// asks twice, so it never says PIN_REPEATED (checked on alertty's side alone).
    func comparable(_ lines: [String]) -> [String] {
        lines.filter { $0 != "# SETREPEATOK" && $0 != "S PIN_REPEATED" }.map { line in
            if line.hasPrefix("D ") { return "D …" }
            return line.replacingOccurrences(of: "S ERROR curses.", with: "S ERROR alertty.")
        }
    }

    func testTheSameSessionGetsTheSameRepliesAsPinentryCurses() throws {
        try requireCurses()
        let (curses, expected) = try run([], executable: Self.curses, keys: Self.cursesKeys)
        let (alertty, actual) = try run(["pinentry"], executable: PTYProcess.binary, keys: Self.alerttyKeys)
        XCTAssertEqual(comparable(actual), comparable(expected), "pinentry-curses said:\n\(curses.stdoutText)\nalertty said:\n\(alertty.stdoutText)")
        // What was typed, percent-escaped, in the D lines; the repeat confirmed.
        XCTAssertTrue(alertty.stdoutText.contains("OK\nD pw 1%25\nOK\n"), alertty.stdoutText)
        XCTAssertTrue(alertty.stdoutText.contains("S PIN_REPEATED\nD abc\nOK\n"), alertty.stdoutText)
        XCTAssertTrue(alertty.stdoutText.contains("S ERROR alertty.? 83886142 \nERR 83886142 Timeout <Pinentry>\n"))
        XCTAssertEqual(alertty.modeNow, alertty.modeBefore, "termios restored")
        XCTAssertFalse(alertty.screen.onAlternate)
    }

    func testTheBoxShowsTheDescriptionsLinesAndTheLabelsWithoutAccelerators() throws {
        let session = "SETDESC Please enter the passphrase for%0A\"Ann <ann@example.com>\"\nSETPROMPT Passphrase:\nSETOK _Unlock\nSETCANCEL _Abort\nSETERROR Bad passphrase (try 2 of 3)\nGETPIN\nBYE\n"
        let p = try PTYProcess(["pinentry"], stdin: Array(session.utf8))
        try p.waitForText("Bad passphrase (try 2 of 3)")
        XCTAssertTrue(p.screen.contains("Please enter the passphrase for"))
        XCTAssertTrue(p.screen.contains("\"Ann <ann@example.com>\""), "%0A is a line break")
        XCTAssertTrue(p.screen.contains("Unlock") && p.screen.contains("Abort") && !p.screen.contains("_Unlock"))
        p.type("hunter2!\r")
        try assertEnded(p, status: 0, stdout: "OK Pleased to meet you\n" + String(repeating: "OK\n", count: 5) + "D hunter2!\nOK\nOK closing connection\n")
        XCTAssertFalse(p.screen.contains("hunter2"), "masked")
    }

    func testWithoutATerminalItFailsAtOnceAsPinentryCursesDoes() throws {
        let session = "GETPIN\nOPTION ttyname=/nonexistent/tty\nGETPIN\nCONFIRM\nBYE\n"
        try requireCurses()
        var outputs: [[String]] = []
        for program in [[Self.curses], [PTYProcess.binary, "pinentry"]] {
            // setsid: no controlling terminal, stdin and stdout pipes (as under gpg-agent without GPG_TTY).
            let result = try runProcess("/usr/bin/setsid", ["-w"] + program, stdin: session)
            XCTAssertEqual(result.status, 0)
            outputs.append(comparable(result.stdout.split(separator: "\n").map(String.init)))
        }
        XCTAssertEqual(outputs.last, ["OK Pleased to meet you",
                                      "S ERROR alertty.isatty 83918950 ", "ERR 83918950 Inappropriate ioctl for device <Pinentry>",
                                      "OK",
                                      "S ERROR alertty.open_tty_for_read 83918929 ", "ERR 83918929 No such file or directory <Pinentry>",
                                      "S ERROR alertty.open_tty_for_read 83918929 ", "ERR 83918929 No such file or directory <Pinentry>",
                                      "OK closing connection"])
        XCTAssertEqual(outputs[0], outputs[1])
    }

    /// gpg-agent passes any SETTIMEOUT it was configured with; one above a year (the flag's bound)
    /// made every GETPIN fail with "pinentry error". It is taken, and the PIN asked.
    func testATimeoutOfMoreThanAYearStillAsks() throws {
        let p = try PTYProcess(["pinentry"], stdin: Array("OPTION ttyname=/dev/tty\nSETTIMEOUT 40000000\nSETDESC Long wait\nGETPIN\nBYE\n".utf8))
        try p.waitForText("Long wait")
        p.type("pw\r")
        try assertEnded(p, status: 0, stdout: "OK Pleased to meet you\nOK\nOK\nOK\nD pw\nOK\nOK closing connection\n")
    }

    /// A terminal's name that is not UTF-8 names that terminal: opened by its bytes (its repaired
    /// text, with U+FFFD for the byte, named nothing: open_tty_for_read failed).
    func testATtynameThatIsNotUTF8IsOpenedAsGiven() throws {
        let name: [UInt8] = Array(NSTemporaryDirectory().utf8) + Array("alertty-tty-".utf8) + [0xFF] + Array("-\(getpid())".utf8)
        let made = (name + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { symlink("/dev/tty", $0.baseAddress!) }
        }
        XCTAssertEqual(made, 0)
        addTeardownBlock { _ = (name + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } } }
        let session = Array("OPTION ttyname=".utf8) + name + Array("\nSETDESC Named in bytes\nGETPIN\nBYE\n".utf8)
        let p = try PTYProcess(["pinentry"], stdin: session)
        try p.waitForText("Named in bytes")
        p.type("pw\r")
        try assertEnded(p, status: 0, stdout: "OK Pleased to meet you\nOK\nOK\nD pw\nOK\nOK closing connection\n")
    }

    func testALineTooLongEndsTheSessionAsLibassuanDoes() throws {
        let result = try runProcess(PTYProcess.binary, ["pinentry"], stdin: "NOP " + String(repeating: "A", count: 998) + "\nNOP\n")
        XCTAssertEqual(result.stdout, "OK Pleased to meet you\n")
        XCTAssertTrue(result.stderr.contains("Line passed to IPC too long"), result.stderr)
    }

    // MARK: - gpg-agent

    /// A GnuPG home whose agent runs `pinentry`; the agent is stopped when the test ends.
    func gnupgHome(pinentry: String) throws -> String {
        let home = "/tmp/alertty-gpg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try "pinentry-program \(pinentry)\n".write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
        try "hello, agent\n".write(toFile: home + "/plain.txt", atomically: true, encoding: .utf8)
        addTeardownBlock {
            _ = try? self.runProcess("/usr/bin/gpgconf", ["--kill", "gpg-agent"], environment: ["GNUPGHOME": home])
            try? FileManager.default.removeItem(atPath: home)
        }
        return home
    }

    func encrypt(in home: String) throws -> PTYProcess {
        try PTYProcess(["-c", "GPG_TTY=$TEST_TTY exec gpg --quiet --symmetric --cipher-algo AES256 -o \(home)/sealed.gpg \(home)/plain.txt"],
                       environment: ["GNUPGHOME": home, "PATH": "/usr/bin:/bin"], executable: "/bin/sh")
    }

    func requireGnuPG() throws {
        try Needs.program("/usr/bin/gpg", package: "gnupg")
    }

    func testGpgEncryptsWithThePassphraseTypedTwiceInTheBox() throws {
        try requireGnuPG()
        let home = try gnupgHome(pinentry: Self.pinentry)
        let p = try encrypt(in: home)
        try p.waitForText("Passphrase:")
        p.type("c0rrect horse!\r")
        try p.waitForText("Repeat:")
        p.type("c0rrect horse!\r")
        XCTAssertEqual(try p.waitForExit(timeout: 20), 0, p.stderrText)
        XCTAssertFalse(p.screen.contains("c0rrect"), "never shown")
        let decrypted = try runProcess("/usr/bin/gpg", ["--batch", "--quiet", "--pinentry-mode", "loopback", "--passphrase", "c0rrect horse!",
                                                         "-d", home + "/sealed.gpg"], environment: ["GNUPGHOME": home])
        XCTAssertEqual(decrypted.stdout, "hello, agent\n", decrypted.stderr)
        let wrong = try runProcess("/usr/bin/gpg", ["--batch", "--quiet", "--pinentry-mode", "loopback", "--passphrase", "c0rrect horse",
                                                     "-d", home + "/sealed.gpg"], environment: ["GNUPGHOME": home])
        XCTAssertNotEqual(wrong.status, 0, "only that passphrase opens it")
    }

    func testAWrongRepeatIsCaughtAndCancelFailsGpgAsWithPinentryCurses() throws {
        try requireGnuPG()
        try requireCurses()
        let home = try gnupgHome(pinentry: Self.pinentry)
        let p = try encrypt(in: home)
        try p.waitForText("Passphrase:")
        p.type("first one 1\r")
        try p.waitForText("Repeat:")
        p.type("second one 2\r")
        try p.waitForText("does not match", timeout: 10) // gpg-agent's SETREPEATERROR text
        p.type(PTYProcess.Keys.escape)
        let status = try p.waitForExit(timeout: 20)
        XCTAssertNotEqual(status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/sealed.gpg"), "nothing encrypted")
        // The same cancel through pinentry-curses (Ctrl-E): gpg ends the same way, in the same words.
        let curses = try gnupgHome(pinentry: Self.curses)
        let q = try encrypt(in: curses)
        try q.waitForText("Passphrase")
        q.type("\u{05}")
        XCTAssertEqual(try q.waitForExit(timeout: 20), status)
        XCTAssertEqual(p.stderrText.replacingOccurrences(of: home, with: "HOME"), q.stderrText.replacingOccurrences(of: curses, with: "HOME"))
    }

    // MARK: - Helpers

    struct Ran { var status: Int32; var stdout: String; var stderr: String }

    func runProcess(_ executable: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Ran {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Ran(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
