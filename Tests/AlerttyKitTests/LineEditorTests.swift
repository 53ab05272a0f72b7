@testable import AlerttyKit
import XCTest

final class LineEditorTests: XCTestCase {
    func typed(_ s: String, into e: inout LineEditor) {
        for scalar in s.unicodeScalars { e.apply(.insert(scalar)) }
    }

    func testInsertMoveAndDelete() {
        var e = LineEditor()
        typed("helo", into: &e)
        e.apply(.left)
        typed("l", into: &e)
        XCTAssertEqual(e.text, "hello")
        XCTAssertEqual(e.cursor, 4)
        e.apply(.home)
        e.apply(.deleteForward)
        XCTAssertEqual(e.text, "ello")
        e.apply(.end)
        e.apply(.deleteBackward)
        XCTAssertEqual(e.text, "ell")
        XCTAssertFalse(e.apply(.right), "moving does not change the text")
    }

    func testGraphemesAreEditedWhole() {
        var e = LineEditor()
        typed("a🇫🇷e\u{301}👩‍💻", into: &e)
        XCTAssertEqual(e.count, 4)
        e.apply(.deleteBackward)
        XCTAssertEqual(e.text, "a🇫🇷é".decomposedForTest)
        e.apply(.deleteBackward)
        XCTAssertEqual(e.text, "a🇫🇷")
        e.apply(.left)
        e.apply(.deleteForward)
        XCTAssertEqual(e.text, "a")
    }

    func testWordsKillAndYank() {
        var e = LineEditor("one two  three")
        e.apply(.deleteWordBackward)
        XCTAssertEqual(e.text, "one two  ")
        e.apply(.yank)
        XCTAssertEqual(e.text, "one two  three")
        e.apply(.wordLeft)
        XCTAssertEqual(e.cursor, 9)
        e.apply(.wordLeft)
        XCTAssertEqual(e.cursor, 4)
        e.apply(.wordRight)
        XCTAssertEqual(e.cursor, 7)
        e.apply(.killToEnd)
        XCTAssertEqual(e.text, "one two")
        e.apply(.killToStart)
        XCTAssertEqual(e.text, "")
        e.apply(.yank)
        XCTAssertEqual(e.text, "one two")
        e.apply(.home)
        e.apply(.deleteWordForward)
        XCTAssertEqual(e.text, " two")
    }

    func testPasteFlattensLinesAndDropsControls() {
        var e = LineEditor()
        e.paste("a\r\nb\nc\u{1B}[2J\u{07}d")
        XCTAssertEqual(e.text, "a b c[2Jd")
    }

    func testMaxLengthStopsTyping() {
        var e = LineEditor(maxLength: 3)
        typed("abcd", into: &e)
        XCTAssertEqual(e.text, "abc")
        e.paste("xyz")
        XCTAssertEqual(e.text, "abc")
        XCTAssertEqual(LineEditor("toolong", maxLength: 4).text, "tool")
    }

    func testHorizontalScrollKeepsCursorVisibleAndWideCharsWhole() {
        var e = LineEditor("0123456789abcdef")
        e.keepCursorVisible(width: 8)
        var w = e.window(width: 8)
        XCTAssertEqual(w.text, "9abcdef")
        XCTAssertEqual(w.cursorColumn, 7)
        e.apply(.home)
        e.keepCursorVisible(width: 8)
        w = e.window(width: 8)
        XCTAssertEqual(w.text, "01234567")
        XCTAssertEqual(w.cursorColumn, 0)

        var wide = LineEditor("日本語テキスト")
        wide.keepCursorVisible(width: 6)
        let ww = wide.window(width: 6)
        XCTAssertEqual(ww.text, "スト", "two wide characters and the cursor cell fit in 6 columns")
        XCTAssertEqual(ww.cursorColumn, 4)
    }

    func testMaskedWindow() {
        var e = LineEditor("s3cr😀t")
        e.keepCursorVisible(width: 20, mask: "•")
        XCTAssertEqual(e.window(width: 20, mask: "•").text, "••••••", "one mask per grapheme: the emoji is one")
    }

    func testWipeZeroesAndEmpties() {
        var e = LineEditor("secret")
        e.apply(.killToStart)
        e.wipe()
        XCTAssertTrue(e.isEmpty)
        e.apply(.yank)
        XCTAssertTrue(e.isEmpty, "the kill buffer was wiped too")
    }
}

extension String {
    /// "é" typed as e + combining acute stays decomposed.
    var decomposedForTest: String { replacingOccurrences(of: "é", with: "e\u{301}") }
}
