@testable import AlerttyKit
import XCTest

/// The text area and `alertty edit` as values: keys in, text and effects out.
final class EditTests: XCTestCase {
    func testTypingBreakingAndJoiningLines() {
        var area = TextArea("ab\ncd\n")
        XCTAssertEqual(area.lines.count, 3, "a final newline is an empty last line, kept")
        _ = area.apply(.right)
        _ = area.apply(.submit) // Enter breaks the line at the cursor
        XCTAssertEqual(area.text, "a\nb\ncd\n")
        _ = area.apply(.deleteBackward) // at a line's start: joins it to the one above
        XCTAssertEqual(area.text, "ab\ncd\n")
        _ = area.apply(.end)
        _ = area.apply(.deleteForward)
        XCTAssertEqual(area.text, "abcd\n")
        area.insert("x\ty")
        XCTAssertEqual(area.text, "abx     ycd\n", "a tab is spaces to the next stop of 8")
        area.insert("\u{1B}[31m")
        XCTAssertFalse(area.text.contains("\u{1B}"), "controls are never taken in")
    }

    func testUpAndDownKeepTheColumnThroughShortLines() {
        var area = TextArea("long line\nab\nanother long one")
        for _ in 0..<7 { _ = area.apply(.right) }
        _ = area.apply(.down)
        XCTAssertEqual(area.column, 2, "clamped to the short line")
        _ = area.apply(.down)
        XCTAssertEqual(area.column, 7, "and back to the column wanted")
    }

    func testTheViewFollowsTheCursor() {
        var area = TextArea((1...50).map { "line \($0)" }.joined(separator: "\n"))
        area.layout(rows: 10, columns: 20)
        for _ in 0..<30 { _ = area.apply(.down) }
        XCTAssertEqual(area.top, 21)
        area.insert(String(repeating: "x", count: 40))
        XCTAssertGreaterThan(area.left, 0, "scrolled sideways to the cursor")
    }

    func testOKPrintsTheTextAndCancelNothing() throws {
        var alert = EditAlert(title: "Notes", text: "one\n")
        _ = alert.update(.action(.insert("A")))
        XCTAssertEqual(alert.update(.action(.choose)), [.finish(Outcome(.ok, answer: Array("Aone\n".utf8)))], "Ctrl-S: OK from the text")
        _ = alert.update(.action(.focusNext))
        XCTAssertEqual(alert.update(.action(.submit)), [.finish(Outcome(.ok, answer: Array("Aone\n".utf8)))], "Enter on OK")
        _ = alert.update(.action(.right))
        XCTAssertEqual(alert.update(.action(.submit)), [.finish(Outcome(.cancel))])
        XCTAssertEqual(alert.update(.action(.cancel)), [.finish(Outcome(.cancel))])
        XCTAssertEqual(alert.update(.answer(.text("by a script"))), [.finish(Outcome(.ok, answer: Array("by a script".utf8)))])
    }
}

extension EditTests {
    func testLengthRulesHoldOKUntilTheTextFits() throws {
        var alert = EditAlert(title: "", text: "abcdef", rules: try Rules(maxLength: 4))
        _ = alert.update(.start)
        XCTAssertEqual(alert.reason, "has more than 4 characters")
        XCTAssertEqual(alert.update(.action(.choose)), [], "OK waits")
        XCTAssertTrue(alert.refused)
        _ = alert.update(.action(.end))
        _ = alert.update(.action(.deleteBackward))
        _ = alert.update(.action(.deleteBackward))
        XCTAssertNil(alert.reason)
        XCTAssertEqual(alert.update(.action(.choose)), [.finish(Outcome(.ok, answer: Array("abcd".utf8)))])
    }

    func testACommandChecksEachVersionAndOKWaitsForItsVerdict() throws {
        var alert = EditAlert(title: "", text: "draft", rules: try Rules(command: "grep -q ok"))
        guard case .validate(_, let first)? = alert.update(.start).first else { return XCTFail("checked at the start") }
        _ = alert.update(.action(.insert("!")))
        XCTAssertEqual(alert.update(.validated(generation: first, .valid)), [], "a stale verdict is ignored")
        XCTAssertEqual(alert.update(.action(.choose)), [], "still checking: OK waits for the verdict")
        XCTAssertEqual(alert.update(.validated(generation: first + 1, .invalid("no ok in it"))), [])
        XCTAssertEqual(alert.reason, "no ok in it")
        let script = alert.update(.answer(.text("ok then")))
        guard case .validate(let text, let g)? = script.first else { return XCTFail("a script's text is checked too") }
        XCTAssertEqual(text, Array("ok then".utf8))
        XCTAssertEqual(alert.update(.validated(generation: g, .valid)), [.finish(Outcome(.ok, answer: Array("ok then".utf8)))])
    }
}
