// The man page as a man page reader takes it: mandoc's lint, at warning level, finds nothing.
import Foundation
import XCTest

final class ManPageEndToEndTests: XCTestCase {
    func testManPageLintsCleanly() throws {
        let mandoc = "/usr/bin/mandoc"
        try Needs.program(mandoc, package: "mandoc")
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("man/alertty.1").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: mandoc)
        p.arguments = ["-T", "lint", "-W", "warning", page]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, text)
        XCTAssertEqual(text, "")
    }
}
