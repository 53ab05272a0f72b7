@testable import AlerttyKit
import XCTest

/// Golden byte strings for the renderer, with ESC written as \e.
final class FrameWriterTests: XCTestCase {
    func shown(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "\\e")
    }

    func testFirstFrameClearsWithBackdropThenDrawsOnlyTheRest() {
        var writer = FrameWriter(colors: .none)
        var canvas = Canvas(width: 6, height: 2)
        canvas.text("hi", x: 1, y: 1, style: Style(bold: true))
        XCTAssertEqual(shown(writer.frame(canvas, cursorAt: nil)),
                       "\\e[?2026h\\e[m\\e[2J\\e[2;2H\\e[0;1mhi\\e[?25l\\e[?2026l")
    }

    func testOneCharacterEchoIsAFewBytes() {
        var writer = FrameWriter(colors: .indexed)
        var canvas = Canvas(width: 20, height: 3)
        canvas.text("ab", x: 2, y: 1)
        _ = writer.frame(canvas, cursorAt: (4, 1))
        canvas.text("c", x: 4, y: 1)
        // The cursor already sits where the new character goes: no move, no style, just the byte.
        XCTAssertEqual(shown(writer.frame(canvas, cursorAt: (5, 1))), "c")
    }

    func testUnchangedFrameWritesNothing() {
        var writer = FrameWriter(colors: .truecolor)
        let canvas = Canvas(width: 10, height: 2)
        _ = writer.frame(canvas, cursorAt: nil)
        XCTAssertEqual(writer.frame(canvas, cursorAt: nil), [])
    }

    func testStyleAndColourDowngrade() {
        var canvas = Canvas(width: 3, height: 1)
        canvas.text("x", x: 0, y: 0, style: Style(foreground: .rgb(255, 0, 0)))
        var truecolor = FrameWriter(colors: .truecolor, mayClearScreen: false)
        XCTAssertTrue(shown(truecolor.frame(canvas, cursorAt: nil)).contains("\\e[0;38;2;255;0;0mx"))
        var indexed = FrameWriter(colors: .indexed, mayClearScreen: false)
        XCTAssertTrue(shown(indexed.frame(canvas, cursorAt: nil)).contains("\\e[0;38;5;196mx"))
        var basic = FrameWriter(colors: .basic, mayClearScreen: false)
        XCTAssertTrue(shown(basic.frame(canvas, cursorAt: nil)).contains("\\e[0;91mx"))
        var none = FrameWriter(colors: .none, mayClearScreen: false)
        // No colour at all: the text after a plain reset, no colour parameter of any kind.
        XCTAssertEqual(shown(none.frame(canvas, cursorAt: nil)), "\\e[1;1H\\e[mx\\e[m  \\e[?25l")
    }

    func testWideCharacterChangeRedrawsWhole() {
        var writer = FrameWriter(colors: .none, mayClearScreen: false)
        var canvas = Canvas(width: 4, height: 1)
        canvas.text("日", x: 0, y: 0)
        _ = writer.frame(canvas, cursorAt: nil)
        canvas.text("a", x: 1, y: 0) // overwrites the right half: the left half becomes a space
        XCTAssertEqual(canvas.lines, [" a  "])
        XCTAssertEqual(shown(writer.frame(canvas, cursorAt: nil)), "\\e[1;1H a")
    }

    func testInlineOriginOffsetsRows() {
        var writer = FrameWriter(colors: .none, originRow: 10, mayClearScreen: false)
        var canvas = Canvas(width: 2, height: 1)
        canvas.text("x", x: 1, y: 0)
        XCTAssertTrue(shown(writer.frame(canvas, cursorAt: nil)).hasPrefix("\\e[11;1H"))
    }

    func testCanvasClipsAndKeepsWideCharactersWhole() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.clip = Rect(x: 0, y: 0, width: 3, height: 1)
        canvas.text("a日本", x: 0, y: 0)
        XCTAssertEqual(canvas.lines, ["a日  "])
        canvas.clip = Rect(x: 0, y: 0, width: 2, height: 1)
        canvas.text("x日", x: 0, y: 0)
        XCTAssertEqual(canvas.lines, ["x    "], "a wide character cut by the clip becomes a space")
    }

    func testAnimationKeyframes() {
        let a = Animation.popIn
        XCTAssertEqual(a.scale(at: 0), 0.6, accuracy: 1e-9)
        XCTAssertEqual(a.scale(at: 0.25 * 0.6), 1.1, accuracy: 1e-9)
        XCTAssertEqual(a.scale(at: 0.25 * 0.8), 0.9, accuracy: 1e-9)
        XCTAssertEqual(a.scale(at: 0.25), 1.0, accuracy: 1e-9)
        XCTAssertEqual(a.scale(at: 5), 1.0, accuracy: 1e-9)
        XCTAssertEqual(a.opacity(at: 0.125), 0.5, accuracy: 1e-9)
    }

    func testColorDetection() {
        func detect(_ env: [String: String], _ choice: ColorMode.Choice = .auto) -> ColorMode {
            ColorMode.detect(choice: choice, environment: { env[$0] })
        }
        XCTAssertEqual(detect(["TERM": "xterm-256color", "COLORTERM": "truecolor"]), .truecolor)
        XCTAssertEqual(detect(["TERM": "xterm-256color"]), .indexed)
        XCTAssertEqual(detect(["TERM": "xterm"]), .basic)
        XCTAssertEqual(detect(["TERM": "xterm", "NO_COLOR": "1"]), .none)
        XCTAssertEqual(detect(["TERM": "dumb"]), .none)
        XCTAssertEqual(detect(["TERM": "xterm-256color"], .never), .none)
        XCTAssertEqual(detect(["TERM": "xterm", "NO_COLOR": "1"], .always), .basic)
    }

    func testRadialBackdropIsDarkerAtTheEdges() {
        let theme = Theme(colors: .truecolor, unicode: true)
        func level(_ s: Style) -> Int { if case .rgb(let v, _, _) = s.background { return Int(v) } else { return -1 } }
        let centre = level(theme.backdrop(x: 40, y: 12, width: 80, height: 24, opacity: 1))
        let corner = level(theme.backdrop(x: 0, y: 0, width: 80, height: 24, opacity: 1))
        XCTAssertGreaterThan(centre, corner)
        XCTAssertEqual(Theme(colors: .indexed, unicode: true).backdrop(x: 0, y: 0, width: 80, height: 24, opacity: 1),
                       Theme(colors: .indexed, unicode: true).flatBackdrop)
    }
}

extension FrameWriterTests {
    /// Addresses in a line: whole, without the sentence's punctuation or an unmatched `)`, at
    /// their columns after wide characters; nothing that is no http(s) address.
    func testAddressesAreFoundAsTheyEnd() {
        let found = Links.find("見て https://example.com/a_(b)?q=1#x. and (http://x.org/y), not ftp://z or xhttps://w")
        XCTAssertEqual(found.map(\.url), ["https://example.com/a_(b)?q=1#x", "http://x.org/y"])
        XCTAssertEqual(found.map(\.column), [5, 43])
        XCTAssertEqual(Links.find("https://").count, 0, "a scheme alone")
        XCTAssertEqual(Links.find("see https://a.b/\u{1B}]8;;evil").map(\.url), ["https://a.b/"], "an escape ends it")
    }

    /// With hyperlinks on, a linked run is opened before its first cell and closed after its
    /// last (and at the frame's end); with them off, or in an ASCII-only locale, none is sent.
    func testHyperlinksAreSentAroundTheirCellsOnlyWhereShown() {
        var canvas = Canvas(width: 24, height: 1)
        canvas.text("go https://a.b/c now", x: 0, y: 0)
        canvas.linkAddresses(in: "go https://a.b/c now", x: 0, y: 0)
        var on = FrameWriter(colors: .none, mayClearScreen: false)
        on.hyperlinks = true
        XCTAssertEqual(shown(on.frame(canvas, cursorAt: nil)),
                       "\\e[1;1H\\e[mgo \\e]8;;https://a.b/c\\e\\https://a.b/c\\e]8;;\\e\\ now    \\e[?25l")
        var off = FrameWriter(colors: .none, mayClearScreen: false)
        XCTAssertFalse(shown(off.frame(canvas, cursorAt: nil)).contains("]8;"))
        // A link to the last cell is closed at the frame's end.
        var edge = Canvas(width: 14, height: 1)
        edge.text("https://a.b/cd", x: 0, y: 0)
        edge.linkAddresses(in: "https://a.b/cd", x: 0, y: 0)
        var writer = FrameWriter(colors: .none, mayClearScreen: false)
        writer.hyperlinks = true
        XCTAssertTrue(shown(writer.frame(edge, cursorAt: nil)).hasSuffix("\\e]8;;\\e\\\\e[?25l"))
    }
}
