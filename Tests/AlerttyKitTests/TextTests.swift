@testable import AlerttyKit
import XCTest

final class TextTests: XCTestCase {
    func testWidths() {
        XCTAssertEqual(TextWidth.columns("a"), 1)
        XCTAssertEqual(TextWidth.columns("日本語"), 6)
        XCTAssertEqual(TextWidth.columns("😀"), 2)
        XCTAssertEqual(TextWidth.columns("🇫🇷"), 2)            // flag: one grapheme, two columns
        XCTAssertEqual(TextWidth.columns("e\u{301}"), 1)      // combining acute
        XCTAssertEqual(TextWidth.columns("👩‍💻"), 2)            // ZWJ sequence
        XCTAssertEqual(TextWidth.columns("❤️"), 2)             // VS16 makes it emoji
        XCTAssertEqual(TextWidth.columns("ｈｉ"), 4)           // fullwidth
        XCTAssertEqual(TextWidth.columns("👍🏽"), 4)             // a skin-tone modifier is its own cell pair (xterm, tmux)
        XCTAssertEqual(TextWidth.columns("👩🏽‍💻"), 2)            // but not inside a ZWJ sequence
        XCTAssertEqual(TextWidth.columns("\u{200B}"), 0)
    }

    func testSanitizeMakesControlsVisible() {
        XCTAssertEqual(Sanitize.line("a\u{1B}]0;pwned\u{07}b"), "a^[]0;pwned^Gb")
        XCTAssertEqual(Sanitize.line("x\u{7F}\u{9B}y"), "x^?<9B>y")
        XCTAssertEqual(Sanitize.line("a\nb\tc"), "a^Jb^Ic")
        XCTAssertEqual(Sanitize.line("\u{202E}evil"), "<U+202E>evil")
        XCTAssertEqual(Sanitize.lines("one\ntwo\tx"), ["one", "two     x"])
        XCTAssertEqual(Sanitize.bytes([0x61, 0xFF, 0x0A, 0xC3, 0xA9]), "a\\xFF^Jé")
    }

    func testWrap() {
        XCTAssertEqual(Wrap.lines(["the quick brown fox jumps"], width: 10), ["the quick", "brown fox", "jumps"])
        XCTAssertEqual(Wrap.lines(["abcdefghijkl"], width: 5), ["abcde", "fghij", "kl"])
        XCTAssertEqual(Wrap.lines(["日本語のテキスト"], width: 5), ["日本", "語の", "テキ", "スト"])
        XCTAssertEqual(Wrap.lines(["a", "", "b"], width: 5), ["a", "", "b"])
    }

    func testASCIIFastPathWrapsExactlyLikeTheGeneralPath() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let length = Int.random(in: 0...80, using: &generator)
            let alphabet = Array("ab  cdefghij x")
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let width = Int.random(in: 1...20, using: &generator)
            var spans: [Wrap.Span] = []
            Array(text.utf8).withUnsafeBufferPointer { Wrap.asciiSpans($0, width: width, paragraph: 0, into: &spans) }
            let fast = spans.map { Wrap.text($0, in: [text]) }
            let characters = Array(text)
            let general = Wrap.lineIndices(characters, width: width, keepingWhatFits: false).map { String($0.map { characters[$0] }) }
            XCTAssertEqual(fast, general, "\(text.debugDescription) at \(width)")
        }
    }

    func testTruncate() {
        XCTAssertEqual(Wrap.truncate("hello world", width: 8), "hello w…")
        XCTAssertEqual(Wrap.truncate("日本語", width: 4), "日…")
        XCTAssertEqual(Wrap.truncate("short", width: 8), "short")
        XCTAssertEqual(Wrap.truncateHead("/very/long/path", width: 8), "…ng/path")
    }

    func testMarkupCodesChooseStylesAndNothingElse() {
        let lines = Markup.lines("a\\Z1\\Zbred\\ZB\\Zn\tb\n\\Zu\u{1B}[2J\\Zx!")
        XCTAssertEqual(lines.map(\.text), ["ared    b", "^[[2J!"], "codes gone, tabs at 8 columns, controls visible")
        XCTAssertEqual(lines[0].attributes[1].color, 1)
        XCTAssertTrue(lines[0].attributes[1].bold)
        XCTAssertEqual(lines[0].attributes[3].bold, true)
        XCTAssertEqual(lines[0].attributes[4], .normal, "\\Zn resets")
        XCTAssertTrue(lines[1].attributes.allSatisfy(\.underline), "the escape's visible form keeps the style")
        XCTAssertEqual(Markup.strip("\\Z1x\\Zny\\Z"), "xy\\Z", "a code cut short stays as text")
    }

    func testIndexedWrapGivesTheSameLinesAsWrap() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let alphabet = Array("ab  cé日x ")
            let text = String((0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let width = Int.random(in: 1...20, using: &generator)
            let characters = Array(text)
            let indexed = Wrap.lineIndices(characters, width: width).map { String($0.map { characters[$0] }) }
            XCTAssertEqual(indexed, Wrap.lines([text], width: width), "\(text.debugDescription) at \(width)")
        }
    }
}

extension TextTests {
    /// With mode 2027 on, a cluster takes the columns Unicode's emoji rules give it whole; off,
    /// the wcwidth terminals' way stays (a skin tone is a pair of its own there).
    func testGraphemeClustersMeasuredWholeUnderMode2027() {
        defer { TextWidth.graphemeClusters = false }
        let thumb: Character = "👍🏽", family: Character = "👨‍👩‍👧", flag: Character = "🇫🇷"
        let smiley: Character = "\u{263A}\u{FE0F}", heartText: Character = "\u{2764}\u{FE0E}", accented: Character = "e\u{301}"
        TextWidth.graphemeClusters = false
        XCTAssertEqual(TextWidth.columns(thumb), 4)
        TextWidth.graphemeClusters = true
        XCTAssertEqual([thumb, family, flag, smiley, heartText, accented].map { TextWidth.columns($0) }, [2, 2, 2, 2, 1, 1])
        XCTAssertEqual(TextWidth.columns("日本"), 4, "wide characters as before")
    }
}
