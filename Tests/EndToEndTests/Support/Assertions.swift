import Foundation
import XCTest

extension XCTestCase {
    /// Asserts the common end state: status, terminal restored byte for byte, main screen back, cursor shown.
    func assertEnded(_ p: PTYProcess, status: Int32, stdout: String? = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let code = try p.waitForExit()
        XCTAssertEqual(code, status, "exit status; stderr: \(p.stderrText)", file: file, line: line)
        if let stdout { XCTAssertEqual(p.stdoutText, stdout, "stdout", file: file, line: line) }
        XCTAssertEqual(p.modeNow, p.modeBefore, "termios must be restored byte for byte", file: file, line: line)
        XCTAssertFalse(p.screen.onAlternate, "alternate screen left", file: file, line: line)
        XCTAssertTrue(p.screen.cursorVisible, "cursor shown again", file: file, line: line)
        // Bracketed paste as it was before (a shell's line editor had it on: left on).
        XCTAssertEqual(p.screen.bracketedPaste, p.screen.answers.pasteOn, "bracketed paste as it was", file: file, line: line)
        XCTAssertEqual(p.screen.keyboardStack, [], "the kitty keyboard protocol popped", file: file, line: line)
        XCTAssertFalse(p.screen.synchronizedOutput, "synchronized output ended", file: file, line: line)
        XCTAssertFalse(p.screen.mouseTracking || p.screen.mouseSGR, "mouse reporting off", file: file, line: line)
    }
}

extension XCTestCase {
    /// Waits (bounded) for a state outside the screen, such as a process's; polls, never sleeps
    /// as synchronisation.
    func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { throw TimedOut(what: what, screen: "") }
            usleep(10_000)
        }
    }
}

extension XCTestCase {
    /// Writes a file a test needs; a file that could not be made fails the test where it is asked for.
    func createFile(_ path: String, _ contents: Data = Data(), file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: contents), "could not create \(path)", file: file, line: line)
    }
}

extension XCTestCase {
    /// A folder of this test's own in the temporary directory, removed when the test ends.
    func temporaryFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "alertty-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }
}
