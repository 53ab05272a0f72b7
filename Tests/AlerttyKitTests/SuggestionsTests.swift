// input --suggest: what the field offers as the text is typed, from the words given.
@testable import AlerttyKit
import XCTest

final class SuggestionsTests: XCTestCase {
    func testTheFirstWordThatCompletesTheTextIsOffered() {
        var s = Suggestions(["production", "preview", "Prod-EU", "staging", "production", "", "bad\u{1B}[2J"])
        XCTAssertEqual(s.words, ["production", "preview", "Prod-EU", "staging", "bad^[[2J"], "once each, drawn visibly, blank dropped")
        XCTAssertNil(s.ghost(for: ""), "nothing before a key")
        XCTAssertEqual(s.ghost(for: "p"), "roduction")
        XCTAssertEqual(s.matches(for: "PRO"), ["production", "Prod-EU"], "letter case aside")
        XCTAssertTrue(s.move(1, for: "pro"))
        XCTAssertEqual(s.offered(for: "pro"), "Prod-EU")
        XCTAssertTrue(s.move(1, for: "pro"))
        XCTAssertEqual(s.offered(for: "pro"), "production", "round")
        XCTAssertFalse(s.move(1, for: "stag"), "one match: nothing to move through")
        XCTAssertNil(s.ghost(for: "staging"), "a word typed whole offers nothing more")
        XCTAssertNil(s.ghost(for: "x"))
        s.textChanged()
        XCTAssertEqual(s.offered(for: "pr"), "production")
    }

    func testWordsFromAFileAreBounded() {
        let s = Suggestions(lines: Array((0..<20_000).map { "w\($0)" }.joined(separator: "\n").utf8))
        XCTAssertEqual(s.words.count, Suggestions.limit)
        XCTAssertEqual(Suggestions(lines: Array("a\r\n\n  b  \n".utf8)).words, ["a", "b"])
    }
}
