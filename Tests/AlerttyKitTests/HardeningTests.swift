@testable import AlerttyKit
import XCTest

/// The pure parts of the hardening: nothing drawn can hold a control, ASCII-only output, the
/// kernel-style path resolution, a validator's reason never repeating the secret.
final class HardeningTests: XCTestCase {
    static let hostile = "\u{1B}]52;c;eA==\u{07} \u{9B}2J \u{202E}x\u{2069} a\u{08}b\r\n \u{1B}P\u{1B}\\ \u{7F}"

    func testNoCanvasCellCanHoldAControlCharacter() {
        var canvas = Canvas(width: 80, height: 3)
        canvas.text(Self.hostile, x: 0, y: 0)
        canvas.fill(Rect(x: 0, y: 1, width: 3, height: 1), style: .plain, symbol: "\u{1B}")
        canvas[5, 2] = Cell("\u{9B}")
        for cell in canvas.cells {
            XCTAssertTrue(cell.symbol.unicodeScalars.allSatisfy { Sanitize.visible($0) == nil }, "cell \(cell.symbol.debugDescription)")
        }
        XCTAssertTrue(canvas.lines[0].hasPrefix("^[]52;c;eA==^G <9B>2J <U+202E>x<U+2069> a^Hb^M^J ^[P^[\\ ^?"), canvas.lines[0])
    }

    func testWidthsAreMeasuredAsDrawn() {
        XCTAssertEqual(TextWidth.columns("\u{1B}"), 2)
        XCTAssertEqual(TextWidth.columns("a\u{1B}]0;t\u{07}"), TextWidth.columns(Sanitize.line("a\u{1B}]0;t\u{07}")))
        var canvas = Canvas(width: 20, height: 1)
        XCTAssertEqual(canvas.text("\u{1B}x", x: 0, y: 0), TextWidth.columns("\u{1B}x"))
    }

    func testASCIIOnlyWriterSendsNoByteAbove0x7F() {
        var writer = FrameWriter(colors: .basic, asciiOnly: true)
        var canvas = Canvas(width: 30, height: 2)
        canvas.text("Café “q” … ← ╭─╮ 日本 ✓", x: 0, y: 0)
        let bytes = writer.frame(canvas, cursorAt: nil)
        XCTAssertTrue(bytes.allSatisfy { $0 < 0x80 })
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("Caf? \"q\" . < +-+ ???? ?"), text)
    }

    func testErrorLinesInASCII() {
        XCTAssertEqual(Sanitize.ascii("“x” … ‘y’ é"), "\"x\" . 'y' ?")
    }

    func b(_ s: String) -> PathBytes { Array(s.utf8) }

    func testResolutionFollowsChainsAndDotDotPhysically() {
        let fs = FakeFileSystem([
            "/r": .dir, "/r/deep": .dir, "/r/deep/er": .dir, "/out": .dir, "/out/sub": .dir,
            "/r/b": .link("/out/f"), "/r/a": .link("b"), "/r/away": .link("../out/sub"), "/r/dd": .link("away/../g"),
            "/r/l1": .link("l2"), "/r/l2": .link("l1"), "/r/ok": .link("deep/er/../n"), "/r/file": .file,
        ])
        XCTAssertEqual(fs.resolveForWriting(b("/r/a/")), .path(b("/out/f")), "a link to a link to outside")
        XCTAssertEqual(fs.resolveForWriting(b("/r/dd")), .path(b("/out/g")), "`..` after a linked folder is physical")
        XCTAssertEqual(fs.resolveForWriting(b("/r/ok")), .path(b("/r/deep/n")))
        XCTAssertEqual(fs.resolveForWriting(b("/r/l1")), .failed("too many levels of symbolic links (a loop)"))
        XCTAssertEqual(fs.resolveForWriting(b("/r/file/x")), .failed("“file” is not a folder"))
        XCTAssertEqual(fs.resolveForWriting(b("/r/" + String(repeating: "n", count: 256))), .failed("a name is longer than 255 bytes"))
        XCTAssertEqual(fs.resolveForWriting(b("/r/missing/../../out/x")), .missing(b("/out/x"), name: b("missing")))
        let sandbox = Sandbox(fileSystem: fs, root: b("/r"))
        XCTAssertEqual(sandbox.target(for: b("a"), in: b("/r")), .refused("“a” leads outside /r"))
        XCTAssertEqual(sandbox.target(for: b("dd"), in: b("/r")), .refused("“dd” leads outside /r"))
        XCTAssertEqual(sandbox.target(for: b("l1"), in: b("/r")), .refused("“l1”: too many levels of symbolic links (a loop)"))
        XCTAssertEqual(sandbox.target(for: b("ok"), in: b("/r")), .path(b("/r/ok"), exists: true))
    }

    func testASwappedCurrentFolderIsRefused() {
        let fs = FakeFileSystem(["/r": .dir, "/r/w": .dir, "/out": .dir])
        let sandbox = Sandbox(fileSystem: fs, root: b("/r")), folder = b("/r/w")
        XCTAssertNil(sandbox.problem(of: folder))
        fs.nodes["/r/w"] = .link("/out")
        XCTAssertEqual(sandbox.problem(of: folder), "this folder was moved or replaced; go back")
        XCTAssertEqual(sandbox.target(for: b("x"), in: folder), .refused("“x” leads outside /r"))
        fs.nodes["/r/w"] = nil
        XCTAssertEqual(sandbox.problem(of: folder), "this folder no longer exists; go back")
    }

    func testAReasonRepeatingTheSecretIsDetected() {
        XCTAssertTrue(ValidationRunner.repeats(b("weak: hunter2"), of: b("hunter2")))
        XCTAssertTrue(ValidationRunner.repeats(b("starts with hunt"), of: b("hunter2")), "four bytes in a row")
        XCTAssertFalse(ValidationRunner.repeats(b("too short"), of: b("hunter2")))
        XCTAssertTrue(ValidationRunner.repeats(b("got ab"), of: b("ab")), "a short secret whole")
    }

    func testCursorWindowCostsTheWidthNotTheLength() {
        var editor = LineEditor(String(repeating: "a", count: 200_000) + "Z")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            editor.keepCursorVisible(width: 40)
            _ = editor.window(width: 40)
        }
        XCTAssertEqual(editor.window(width: 40).text, String(repeating: "a", count: 38) + "Z")
        XCTAssertLessThan(elapsed, .milliseconds(50))
    }
}
