// --keep's line for each kind of prompt and each way it ends: the question, the answer (a secret
// masked whatever its length, a cancel and a timeout said), cut to the terminal's width.
@testable import AlerttyKit
import XCTest

final class TranscriptTests: XCTestCase {
    func alert(_ words: [String]) throws -> any Alert {
        guard case .run(let command) = try ArgumentParser.parse(words) else { throw NSError(domain: "\(words)", code: 1) }
        return try Ask.prepare(command, Asking()).built.makeAlert()
    }

    func line(_ words: [String], _ outcome: Outcome) throws -> String? {
        try Transcript.line(alert(words), outcome, unicode: true).map { Transcript.text($0, unicode: true, width: 80) }
    }

    func testEachPromptAndEachEnding() throws {
        XCTAssertEqual(try line(["input", "--title", "Project name", "Name?"], Outcome(.ok, answer: Array("my-app".utf8))), "◇ Project name · my-app")
        XCTAssertEqual(try line(["input", "Your name?\nsecond line"], Outcome(.ok, answer: Array("Ann".utf8))), "◇ Your name? · Ann",
                       "no title: the text's first line")
        XCTAssertEqual(try line(["password", "Token?"], Outcome(.ok, answer: Array("x".utf8))), "◇ Token? · ••••••••", "masked, its length hidden")
        XCTAssertEqual(try line(["confirm", "Go?"], Outcome(.ok)), "◇ Go? · Yes")
        XCTAssertEqual(try line(["confirm", "--no", "Stay", "Go?"], Outcome(.cancel)), "◇ Go? · Stay")
        var escaped = Outcome(.cancel)
        escaped.pressedEsc = true
        XCTAssertEqual(try line(["input", "Name?"], escaped), "◇ Name? · cancelled")
        XCTAssertEqual(try line(["input", "Name?"], Outcome(.timeout)), "◇ Name? · timed out")
        var chosen = Outcome(.ok)
        chosen.items = [Array("core".utf8), Array("docs\u{1B}[2J".utf8)]
        XCTAssertEqual(try line(["choose", "--multi", "--title", "Parts", "core", "docs"], chosen), "◇ Parts · core, docs^[[2J",
                       "an item drawn visibly, never interpreted")
        XCTAssertNil(try line(["progress", "Working"], Outcome(.ok)), "progress asks nothing")
        let long = try XCTUnwrap(Transcript.line(alert(["input", String(repeating: "q", count: 200)]), Outcome(.ok, answer: [0x61]), unicode: false))
        XCTAssertEqual(Transcript.text(long, unicode: false, width: 40).count, 40)
        XCTAssertTrue(Transcript.text(long, unicode: false, width: 40).hasPrefix("* qqq"))
    }
}
