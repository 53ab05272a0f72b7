// Nothing hangs, nothing is answered or changed by accident: inputs that used to hang start-up
// (a FIFO as a theme, a hostile catalogue), special files that look empty (/proc's), and the
// edits, follows and searches a person makes — each against what the peer does where one is
// installed (less, dialog).
import Foundation
import Glibc
import XCTest

final class NothingLostEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    // MARK: - Start-up never waits on what it reads

    func testAThemeThatIsAFIFOAFolderOrADeviceIsAClearError() throws {
        let dir = try temporaryFolder()
        XCTAssertEqual(mkfifo(dir + "/fifo.theme", 0o600), 0)
        for (theme, says) in [(dir + "/fifo.theme", "is a FIFO, not a file"), (dir, "is a folder, not a file"),
                              ("/dev/zero", "is a device, not a file")] {
            for (arguments, environment) in [(["confirm", "--theme", theme, "Go?"], [String: String]()),
                                             (["confirm", "Go?"], ["ALERTTY_THEME": theme])] {
                let p = try PTYProcess(arguments, environment: environment)
                try assertEnded(p, status: 2)
                XCTAssertTrue(p.stderrText.contains(says), "\(theme): \(p.stderrText)")
                XCTAssertEqual(p.stderrText.split(separator: "\n").count, 1, "one line")
            }
        }
    }

    /// A form's fields may come from a pipe (`--fields-from <(…)`): read to its end, bounded.
    func testFieldsFromAPipeAreRead() throws {
        let dir = try temporaryFolder()
        XCTAssertEqual(mkfifo(dir + "/fields", 0o600), 0)
        let writer = Thread {
            let fd = open(dir + "/fields", O_WRONLY)
            _ = "host text Host --default db1\n".withCString { write(fd, $0, strlen($0)) }
            close(fd)
        }
        writer.start()
        let p = try PTYProcess(["form", "--non-interactive", "--fields-from", dir + "/fields"])
        try assertEnded(p, status: 0, stdout: "db1\n")
    }

    /// Every entry of the catalogue points at one long string: decoded eagerly, it cost minutes of
    /// CPU before anything was drawn. Looked up lazily, the box is up at once (in English).
    func testAHostileCatalogueDoesNotHoldStartUpBack() throws {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/de/LC_MESSAGES", withIntermediateDirectories: true)
        var mo = [UInt8]()
        func word(_ v: Int) { mo += [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24 & 0xff)] }
        let entries = 10000, length = 100_000, data = 28 + 16 * entries
        for v in [0x950412de, 0, entries, 28, 28 + 8 * entries, 0, 0] { word(v) }
        for _ in 0..<(2 * entries) { word(length); word(data) }
        mo += [UInt8](repeating: UInt8(ascii: "a"), count: length)
        createFile(dir + "/de/LC_MESSAGES/alertty.mo", Data(mo))
        let p = try PTYProcess(["confirm", "--no-animation", "Go?"], environment: ["LANG": "de_DE.UTF-8", "ALERTTY_LOCALEDIR": dir])
        try p.waitForText("< Yes >", timeout: 3) // the bound of a failure: eagerly, minutes
        p.type(K.escape)
        try assertEnded(p, status: 1)
    }

    func testABrokenCatalogueIsSaidOnceAndEnglishShown() throws {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/fr/LC_MESSAGES", withIntermediateDirectories: true)
        createFile(dir + "/fr/LC_MESSAGES/alertty.mo", Data([0xde, 0x12, 0x04, 0x95] + [UInt8](repeating: 0xff, count: 64)))
        let p = try PTYProcess(["confirm", "--no-animation", "Go?"], environment: ["LANG": "fr_FR.UTF-8", "ALERTTY_LOCALEDIR": dir])
        try p.waitForText("< Yes >")
        p.type(K.escape)
        try assertEnded(p, status: 1)
        XCTAssertEqual(p.stderrText.split(separator: "\n").count, 1, p.stderrText)
        XCTAssertTrue(p.stderrText.contains("is not a catalogue"), p.stderrText)
    }

    // MARK: - Special files

    /// /proc's files say their size is 0 but hold text: read as a stream, as less reads them.
    func testASizeZeroSpecialFileIsShown() throws {
        let p = try PTYProcess(["text", "--no-animation", "/proc/self/status"])
        try p.waitForText("Name:")
        XCTAssertTrue(p.screen.contains("Pid:"), p.screen.text)
        p.type("q")
        try assertEnded(p, status: 0)
    }

    // MARK: - Following a file

    func append(_ path: String, _ text: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    /// --follow opens at the end of a file longer than the view and shows lines as they are added;
    /// scrolling up pauses it, End follows again; a truncated file shows its new end and a rotated
    /// one (renamed away, made anew) is followed under its name, as tail -F does.
    func testFollowOpensAtTheEndAndFollowsThroughTruncationAndRotation() throws {
        let dir = try temporaryFolder()
        let log = dir + "/app.log"
        createFile(log, Data((1...100).map { "line \($0)\n" }.joined().utf8))
        let p = try PTYProcess(["text", "--no-animation", "--follow", log], columns: 60, rows: 20)
        try p.waitFor("the end, following") { $0.contains("line 100") && $0.contains("following") }
        XCTAssertFalse(p.screen.contains("line 1 "), "not the start")
        try append(log, "line 101\nline 102\n")
        try p.waitForText("line 102")
        p.type(K.up)
        try p.waitForText("paused")
        try append(log, "line 103\n")
        p.type(K.end)
        try p.waitFor("following again") { $0.contains("line 103") && $0.contains("following") }
        let truncated = try XCTUnwrap(FileHandle(forWritingAtPath: log)) // the same file, cut and written anew
        truncated.truncateFile(atOffset: 0)
        truncated.write(Data("fresh 1\n".utf8))
        truncated.closeFile()
        try p.waitForText("fresh 1")
        try FileManager.default.moveItem(atPath: log, toPath: log + ".1")
        createFile(log, Data("rotated 1\nrotated 2\n".utf8))
        try p.waitForText("rotated 2")
        try append(log, "rotated 3\n")
        try p.waitForText("rotated 3")
        p.type("q")
        try assertEnded(p, status: 0)
    }

    /// dialog's --tailbox opens at the end too; the drop-in's is the same alert.
    func testTailboxOpensAtTheEndAsDialogDoes() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        let dir = try temporaryFolder()
        let log = dir + "/app.log"
        createFile(log, Data((1...100).map { "line \($0)\n" }.joined().utf8))
        for program in ["/usr/bin/dialog", PTYProcess.binary(named: "dialog")] {
            let p = try PTYProcess.onTheTerminal(program, ["--tailbox", log, "20", "60"])
            try p.waitForText("line 100")
            XCTAssertFalse(p.screen.contains("line 1 "), program)
            p.type(K.escape)
            _ = try p.waitForExit()
        }
    }

    // MARK: - A search never holds the keys

    /// `/` over a 2 GB sparse file scanned for 8 s with the keys held; it runs in slices between
    /// keys now, shows how far it has come, and Esc stops it at once (as Ctrl-C stops less's).
    func testEscStopsASearchOfAHugeFileAtOnce() throws {
        let dir = try temporaryFolder()
        let big = dir + "/sparse"
        XCTAssertEqual(truncate(big, 0), -1) // (not there yet)
        createFile(big)
        XCTAssertEqual(truncate(big, 2 << 30), 0)
        for stop in [K.escape, K.ctrlC, "x"] {
            let p = try PTYProcess(["text", "--no-animation", big])
            try p.waitForText("line 1 ")
            p.type("/needle\r")
            try p.waitForText("searching…")
            p.type(stop)
            try p.waitForText("search stopped", timeout: 0.5) // the bound of a failure: held, 8 s
            XCTAssertTrue(p.screen.contains("line 1 "), "still where it was")
            p.type("q")
            try assertEnded(p, status: 0)
        }
    }

    // MARK: - edit gives the bytes back

    /// CR LF endings, a tab, NUL, ESC, invalid UTF-8 and no final newline.
    static let awkward: [UInt8] = Array("first\r\n\tindented\r\n".utf8) + [0x00, 0x1B] + Array("[0m".utf8) + [0xFF, 0xFE]
        + Array(" Latin-1 caf".utf8) + [0xE9] + Array("\r\nno newline at the end".utf8)

    func awkwardFile() throws -> String {
        let path = try temporaryFolder() + "/awkward.txt"
        createFile(path, Data(Self.awkward))
        return path
    }

    /// The box: OK on the untouched file gives its bytes back; an edit changes only what was typed.
    func testEditGivesTheFileBackByteForByteInTheBox() throws {
        let path = try awkwardFile()
        let p = try PTYProcess(["edit", "--no-animation", path])
        try p.waitForText("^@^[[0m\\xFF\\xFE Latin-1 caf\\xE9") // drawn visibly
        XCTAssertTrue(p.screen.contains("        indented"), "a tab drawn as spaces to its stop")
        p.type("\u{13}") // Ctrl-S: OK
        try p.waitForExit()
        XCTAssertEqual(p.stdout, Self.awkward)
        XCTAssertEqual(p.exitStatus, 0)

        let q = try PTYProcess(["edit", "--no-animation", path])
        try q.waitForText("indented")
        q.type(K.down + K.end + "!")
        try q.waitForText("indented!")
        q.type("\u{13}")
        try q.waitForExit()
        XCTAssertEqual(q.stdout, Array("first\r\n\tindented!\r\n".utf8) + Array(Self.awkward.dropFirst(18)))
    }

    /// Line mode: `.` at once keeps the text, and it comes back as it was.
    func testEditGivesTheFileBackByteForByteInLineMode() throws {
        let path = try awkwardFile()
        let p = try PTYProcess(["edit", "--plain", path])
        try p.waitForText("| no newline at the end")
        p.type(".\r")
        try p.waitForExit()
        XCTAssertEqual(p.stdout, Self.awkward)
        XCTAssertEqual(p.exitStatus, 0)
        let none = try PTYProcess(["edit", "--non-interactive", path])
        try none.waitForExit()
        XCTAssertEqual(none.stdout, Self.awkward, "no person: the text as given")
        let piped = try PTYProcess(["edit", "--non-interactive", "-"], stdin: Self.awkward) // (it read stdin twice and failed)
        try piped.waitForExit()
        XCTAssertEqual(piped.stdout, Self.awkward, "from stdin: the text as given, \(piped.stderrText)")
    }

    /// dialog --editbox (the drop-in's is the same alert) prints the text back on OK: every byte,
    /// and a final newline where the file had none, as dialog adds one. Beside the real dialog
    /// where it is installed (on a file without NUL: dialog's lines end at one).
    func testEditboxGivesTheFileBackAsDialogDoes() throws {
        func editbox(_ program: String, _ path: String) throws -> [UInt8] {
            let p = try PTYProcess.onTheTerminal(program, ["--editbox", path, "20", "60"])
            // Its buttons: the box is drawn and keys are read. (dialog draws the CRs of the text as
            // they are, and its charset switches show in this screen model: "ancel" is safe to wait for.)
            try p.waitForText("ancel")
            p.type(K.tab + "\r") // to OK, then press it
            XCTAssertEqual(try p.waitForExit(), 0, program)
            return p.stderr
        }
        let path = try awkwardFile()
        XCTAssertEqual(try editbox(PTYProcess.binary(named: "dialog"), path), Self.awkward + [0x0A])
        try Needs.program("/usr/bin/dialog", package: "dialog")
        let noNUL = try temporaryFolder() + "/no-nul.txt"
        createFile(noNUL, Data(Self.awkward.filter { $0 != 0 }))
        XCTAssertEqual(try editbox(PTYProcess.binary(named: "dialog"), noNUL), try editbox("/usr/bin/dialog", noNUL))
    }
}
