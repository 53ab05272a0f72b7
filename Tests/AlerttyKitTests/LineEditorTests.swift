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

    // MARK: - A secret's text as bytes (line mode never makes it a String)

    func testBytesAreMadeWellFormedAsAStringWouldBe() {
        let samples: [[UInt8]] = [
            Array("plain ascii".utf8), Array("s3cr😀t é".utf8),
            [0x61, 0x85, 0x62], // a lone continuation byte
            [0x61, 0xE2, 0x82], // a sequence cut short
            [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80], [0xFF], [0xF0, 0x9F, 0x98, 0x61],
        ]
        for bytes in samples {
            XCTAssertEqual(bytes.wellFormedUTF8(), Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
        }
    }

    func testControlCharactersAreFoundInBytesAsInScalars() {
        for (text, control) in [("a\tb", true), ("x\u{7F}", true), ("\u{85}", true), ("\u{9F}", true), ("\u{1B}[A", true),
                                ("é", false), ("Ā", false), ("\u{A0}", false), ("pass word", false)] {
            XCTAssertEqual(Array(text.utf8).hasControlCharacter, control, text.debugDescription)
        }
        XCTAssertFalse([0x85].hasControlCharacter, "a lone 0x85 is no C1 control: it is ill-formed (shown as U+FFFD)")
    }

    func testUntypeableBytesCountGraphemesAsTheFieldDoes() {
        XCTAssertNil(TextField.untypeable(bytes: Array("👍🏽é".utf8), maxLength: 2), "two graphemes, eleven bytes")
        XCTAssertNotNil(TextField.untypeable(bytes: Array("abc".utf8), maxLength: 2))
        XCTAssertNotNil(TextField.untypeable(bytes: Array("a\nb".utf8), maxLength: nil))
        for text in ["ok", "a\tb", "toolong", "\u{85}x"] {
            XCTAssertEqual(TextField.untypeable(text, maxLength: 4), TextField.untypeable(bytes: Array(text.utf8), maxLength: 4))
        }
    }

    func testASecretsBytesSetWholeAndTrimmedToItsLimit() {
        var e = LineEditor(maxLength: 5)
        e.secret = true
        e.setText(bytes: Array("hunter2".utf8))
        XCTAssertEqual(e.bytes, Array("hunte".utf8))
        XCTAssertEqual(e.count, 5)
        XCTAssertEqual(e.withText { $0 }, "hunte", "a check sees the text")
    }
}

extension String {
    /// "é" typed as e + combining acute stays decomposed.
    var decomposedForTest: String { replacingOccurrences(of: "é", with: "e\u{301}") }
}
