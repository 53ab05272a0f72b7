@testable import AlerttyKit
import XCTest

final class KeyDecoderTests: XCTestCase {
    func decode(_ s: String) -> [InputEvent] {
        var d = KeyDecoder()
        return d.feed(Array(s.utf8))
    }

    func key(_ k: Key, _ m: Modifiers = []) -> InputEvent { .key(KeyPress(k, m)) }

    func testTable() {
        let table: [(String, [InputEvent])] = [
            ("a", [key(.char("a"))]),
            ("\r", [key(.enter)]),
            ("\n", [key(.enter)]),
            ("\t", [key(.tab)]),
            ("\u{7F}", [key(.backspace)]),
            ("\u{08}", [key(.backspace)]),
            ("\u{03}", [.key(.ctrl("c"))]),
            ("\u{01}", [.key(.ctrl("a"))]),
            ("\u{1B}[A", [key(.up)]),
            ("\u{1B}OB", [key(.down)]),
            ("\u{1B}[1;5C", [key(.right, .ctrl)]),
            ("\u{1B}[1;3D", [key(.left, .alt)]),
            ("\u{1B}[1;2A", [key(.up, .shift)]),
            ("\u{1B}[H", [key(.home)]),
            ("\u{1B}[4~", [key(.end)]),
            ("\u{1B}[3~", [key(.delete)]),
            ("\u{1B}[5~", [key(.pageUp)]),
            ("\u{1B}[6;5~", [key(.pageDown, .ctrl)]),
            ("\u{1B}[Z", [key(.tab, .shift)]),
            ("\u{1B}[15~", [key(.function(5))]),
            ("\u{1B}b", [key(.char("b"), .alt)]),
            ("\u{1B}\u{7F}", [key(.backspace, .alt)]),
            ("\u{1B}\u{1B}[A", [key(.escape), key(.up)]),
            ("é", [key(.char("é"))]),
            ("日本", [key(.char("日")), key(.char("本"))]),
            ("\u{1B}[200~a\rb\u{1B}[201~x", [.paste("a\rb"), key(.char("x"))]),
            ("\u{1B}[12;40R", [.cursorPosition(row: 12, column: 40)]),
        ]
        for (input, expected) in table {
            XCTAssertEqual(decode(input), expected, "input \(input.debugDescription)")
        }
    }

    func testLoneEscapeWaitsThenFlushes() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed([0x1B]), [])
        XCTAssertTrue(d.hasPending)
        XCTAssertEqual(d.flush(), [key(.escape)])
        XCTAssertFalse(d.hasPending)
    }

    func testSequenceSplitAcrossReads() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed([0x1B, 0x5B]), [])
        XCTAssertEqual(d.feed([0x31, 0x3B]), [])
        XCTAssertEqual(d.feed([0x35, 0x41]), [key(.up, .ctrl)])
    }

    func testUTF8SplitAcrossReads() {
        var d = KeyDecoder()
        let bytes = Array("😀".utf8)
        XCTAssertEqual(d.feed(Array(bytes[0..<2])), [])
        XCTAssertTrue(d.hasPending)
        XCTAssertNil(d.patienceMs(escapeDelayMs: 25), "a cut character waits for its bytes, not for the Esc timeout")
        XCTAssertEqual(d.feed(Array(bytes[2...])), [key(.char("😀"))])
        XCTAssertEqual(d.feed([0x61, 0x1B]), [key(.char("a"))])
        XCTAssertEqual(d.patienceMs(escapeDelayMs: 25), 25, "an ESC waits a moment only")
    }

    func testAPasteInPiecesWaitsForItsEndLongerThanAnEsc() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed(Array("\u{1B}[200~two".utf8)), [])
        XCTAssertEqual(d.patienceMs(escapeDelayMs: 25), 1000)
        XCTAssertEqual(d.feed(Array("\nlines\u{1B}[201~".utf8)), [.paste("two\nlines")], "the newline is the paste's, not Enter")
        XCTAssertNil(d.patienceMs(escapeDelayMs: 25))
    }

    func testInvalidBytesAreReportedNotMisread() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed([0xFF, 0x61]), [.unknown([0xFF]), key(.char("a"))])
        var e = KeyDecoder()
        XCTAssertEqual(e.feed([0xC3, 0x28]), [.unknown([0xC3]), key(.char("("))])
    }

    func testPasteWithoutEndIsDeliveredOnFlush() {
        var d = KeyDecoder()
        XCTAssertEqual(d.feed(Array("\u{1B}[200~half".utf8)), [])
        XCTAssertEqual(d.flush(), [.paste("half")])
    }

    /// Seeded and replayable: random byte strings decode to the same events however the reads split them.
    func testAnySplitOfTheSameBytesDecodesTheSame() {
        var generator = SeededGenerator(seed: 0xDEC0DE)
        let alphabet: [UInt8] = [0x1B, 0x5B, 0x4F, 0x31, 0x3B, 0x7E, 0x41, 0x32, 0x30, 0x3C, 0x4D, 0x6D, 0xC3, 0xA9, 0xF0, 0x9F,
                                 0x98, 0x80, 0x07, 0x0D, 0x61, 0xFF, 0x7F, 0x09]
        for round in 0..<3000 {
            let n = Int(generator.next() % 32) + 1
            let bytes = (0..<n).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var whole = KeyDecoder()
            let expected = whole.feed(bytes) + whole.flush()
            var split = KeyDecoder()
            var events: [InputEvent] = []
            var i = 0
            while i < bytes.count {
                let take = Int(generator.next() % 4) + 1
                events += split.feed(Array(bytes[i..<min(bytes.count, i + take)]))
                i += take
            }
            events += split.flush()
            XCTAssertEqual(events, expected, "round \(round): \(bytes)")
            XCTAssertFalse(split.hasPending)
        }
    }

    /// Whatever bytes arrive, however a read splits them, they decode to the same keys: a
    /// sequence cut between two reads is held, never decoded as two, and nothing is left over.
    func testFuzzDecodesTheSameKeysHoweverTheBytesAreSplit() {
        var generator = SeededGenerator(seed: 0xF022)
        let alphabet: [UInt8] = [0x1B, 0x5B, 0x4F, 0x31, 0x3B, 0x7E, 0x41, 0x32, 0x30, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x07, 0x0D, 0x61, 0xFF]
        for _ in 0..<2000 {
            let n = Int.random(in: 1...24, using: &generator)
            let bytes = (0..<n).map { _ in alphabet.randomElement(using: &generator)! }
            var whole = KeyDecoder()
            let expected = whole.feed(bytes) + whole.flush()
            XCTAssertFalse(whole.hasPending, "flush consumes everything: \(bytes)")
            var split = KeyDecoder()
            var events: [InputEvent] = []
            var i = 0
            while i < bytes.count {
                let take = Int.random(in: 1...3, using: &generator)
                events += split.feed(Array(bytes[i..<min(bytes.count, i + take)]))
                i += take
            }
            events += split.flush()
            XCTAssertEqual(events, expected, "\(bytes)")
        }
    }

    func testBindings() {
        XCTAssertEqual(Bindings.action(for: KeyPress(.enter)), .submit)
        XCTAssertEqual(Bindings.action(for: KeyPress(.escape)), .cancel)
        XCTAssertEqual(Bindings.action(for: .ctrl("w")), .deleteWordBackward)
        XCTAssertEqual(Bindings.action(for: KeyPress(.char("x"))), .insert("x"))
        XCTAssertEqual(Bindings.action(for: .ctrl("n")), .down)
        XCTAssertEqual(Bindings.action(for: .ctrl("n"), overrides: [.ctrl("n"): .newFolder]), .newFolder)
        XCTAssertEqual(KeyHint(.toggleReveal, "show").text, "Ctrl-R show")
    }
}
