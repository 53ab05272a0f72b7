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
        XCTAssertEqual(area.text, "abx\tycd\n", "a tab is kept a tab (drawn to the next stop of 8)")
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

    /// What a file holds comes back byte for byte when nothing is typed: line endings (CR LF
    /// stays CR LF, no final newline stays none), tabs, NUL and ESC, invalid UTF-8; only what is
    /// typed changes.
    func testTheBytesComeBackAsTheyWere() {
        let file: [UInt8] = Array("one\r\ntwo\tcols\r\n".utf8) + [0x00, 0x1B, 0x5B, 0xFF, 0xC3, 0x28] + Array("\r\nlast".utf8)
        var alert = EditAlert(title: "", bytes: file)
        XCTAssertEqual(alert.update(.action(.choose)), [.finish(Outcome(.ok, answer: file))])
        _ = alert.update(.action(.down))
        _ = alert.update(.action(.end))
        _ = alert.update(.action(.insert("!")))
        _ = alert.update(.action(.submit)) // a new line in a CR LF file ends with CR LF
        var edited: [UInt8] = Array("one\r\ntwo\tcols!\r\n\r\n".utf8) + [0x00, 0x1B, 0x5B, 0xFF, 0xC3, 0x28] + Array("\r\nlast".utf8)
        XCTAssertEqual(alert.update(.action(.choose)), [.finish(Outcome(.ok, answer: edited))])
        _ = alert.update(.action(.deleteBackward)) // joins the lines again
        edited = Array("one\r\ntwo\tcols!\r\n".utf8) + [0x00, 0x1B, 0x5B, 0xFF, 0xC3, 0x28] + Array("\r\nlast".utf8)
        XCTAssertEqual(alert.update(.action(.choose)), [.finish(Outcome(.ok, answer: edited))])
    }

    /// Each unit is stepped over and deleted whole: a tab, a control byte, a stray byte, a
    /// cluster (é as e and a combining accent, an emoji with a skin tone).
    func testTheCursorStepsOverUnitsAndDrawsThemVisibly() {
        let line: [UInt8] = [0x09, 0x1B] + [0xFF] + Array("e\u{301}👍🏽x".utf8)
        var area = TextArea(bytes: line)
        var stops: [Int] = [0]
        for _ in 0..<6 { _ = area.apply(.right); stops.append(area.column) }
        XCTAssertEqual(stops, [0, 1, 2, 3, 6, 14, 15])
        XCTAssertEqual(TextArea.shown(line), "        ^[\\xFFe\u{301}👍🏽x")
        _ = area.apply(.left)
        _ = area.apply(.deleteBackward)
        XCTAssertEqual(area.bytes, [0x09, 0x1B, 0xFF] + Array("e\u{301}x".utf8), "the emoji went whole")
    }

    /// A key on a 3 MB line is measured over its bytes, never copied character by character.
    func testALongLineIsEditedInPlace() {
        var area = TextArea(bytes: [UInt8](repeating: UInt8(ascii: "a"), count: 3 << 20))
        area.layout(rows: 10, columns: 80)
        _ = area.apply(.end)
        area.insert("Z")
        XCTAssertEqual(area.column, (3 << 20) + 1)
        XCTAssertTrue((area.left..<(area.left + 80)).contains(3 << 20 + 1), "the cursor in view: \(area.left)")
        XCTAssertEqual(area.bytes.last, UInt8(ascii: "Z"))
    }
}
