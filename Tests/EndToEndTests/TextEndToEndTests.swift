// `alertty text` in a pseudo-terminal: a 1 GB file opens and moves as a small one does, search
// and the end, --follow showing lines written after it opened, stdin and a FIFO read as
// streams (a FIFO with no writer never blocks the box), and bad files refused before anything
// is drawn.
import Foundation
import Glibc
import XCTest

final class TextEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    func temporary(_ name: String) -> String { NSTemporaryDirectory() + "alertty-text-\(getpid())-\(name)" }

    func testAHugeFileOpensAtOnceAndMovesToItsEndAndBack() throws {
        // 1 GB: numbered lines at the start, a hole of zeros, and a last line. Only what is on
        // screen is read, so this is as quick as a small file (a whole read would take seconds
        // and a gigabyte of memory).
        let path = temporary("huge")
        defer { unlink(path) }
        var text = (1...100).map { "row \($0)" }.joined(separator: "\n") + "\n"
        createFile(path, Data(text.utf8))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 1 << 30)
        try handle.seek(toOffset: 1 << 30)
        text = "\nthe very last line\n"
        handle.write(Data(text.utf8))
        try handle.close()

        let p = try PTYProcess(["text", "--no-animation", path])
        try p.waitForText("row 17")
        p.type("G")
        try p.waitForText("the very last line")
        try p.waitForText("end")
        p.type("g")
        try p.waitForText("row 1 ")
        p.type("/row 99\r")
        try p.waitFor("row 99 at the top") { $0.trimmedLines.dropFirst(3).first?.contains("row 99") == true }
        p.type("q")
        try assertEnded(p, status: 0)
    }

    func testFollowShowsLinesWrittenAfterItOpened() throws {
        let path = temporary("log")
        defer { unlink(path) }
        createFile(path, Data("started\n".utf8))
        let p = try PTYProcess(["text", "--no-animation", "--follow", path])
        try p.waitForText("following")
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("step two done\n".utf8))
        try handle.close()
        try p.waitForText("step two done")
        p.type(K.escape)
        try assertEnded(p, status: 0)
    }

    func testStdinAndAFifoAreReadAsStreams() throws {
        let p = try PTYProcess(["text", "--no-animation", "-"], stdin: Array("from a pipe\n\u{1B}]0;pwned\u{07}\n".utf8))
        try p.waitForText("from a pipe")
        try p.waitForText("^[]0;pwned^G") // drawn, not obeyed
        p.type(K.enter)
        try assertEnded(p, status: 0)

        // A FIFO nobody writes to: the box is up and answers keys (open(2) would wait forever).
        let fifo = temporary("fifo")
        defer { unlink(fifo) }
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let q = try PTYProcess(["text", "--no-animation", "--title", "Pipe", fifo])
        try q.waitForText("Pipe")
        q.type("q")
        try assertEnded(q, status: 0)
    }

    func testALicenceIsAgreedToOrDeclined() throws {
        let path = temporary("licence")
        defer { unlink(path) }
        createFile(path, Data("You may use this.\n".utf8))
        let p = try PTYProcess(["text", "--no-animation", "--ok", "Agree", "--cancel", "Decline", path])
        try p.waitForText("Decline")
        p.type("q")
        try assertEnded(p, status: 1)
    }

    func testBadFilesAreRefusedBeforeAnythingIsDrawn() throws {
        for (args, message) in [(["text", "/nonexistent/file"], "cannot open /nonexistent/file"),
                                (["text", "/"], "/ is a folder")] {
            let p = try PTYProcess(args)
            XCTAssertEqual(try p.waitForExit(), 2)
            XCTAssertTrue(p.stderrText.contains(message), p.stderrText)
            XCTAssertFalse(p.screen.raw.contains(0x1B), "nothing drawn")
        }
    }

    func testRunShowsACommandsOutputAndItsFailure() throws {
        let p = try PTYProcess(["text", "--no-animation", "--title", "Check", "--run", "echo first; echo second >&2; exit 3"])
        try p.waitFor("both streams and the status") { $0.contains("first") && $0.contains("second") && $0.contains("failed (exit 3)") }
        p.type(K.enter)
        try assertEnded(p, status: 0)
        let both = try PTYProcess(["text", "--run", "true", "a-file"])
        XCTAssertEqual(try both.waitForExit(), 2, "FILE or --run, not both")
    }
}
