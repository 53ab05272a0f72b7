// Input no one should send, sent: a line that never ends, a 10 MB item. Memory stays bounded and
// drawing decodes only what a row can show.
@testable import AlerttyKit
import XCTest

final class HugeInputTests: XCTestCase {
    func b(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testARecordPastTheLimitKeepsItsStartAndDropsTheRest() {
        var store = ItemStore()
        let chunk = [UInt8](repeating: UInt8(ascii: "z"), count: 1 << 20)
        for _ in 0..<20 { store.feed(chunk) } // 20 MB without a newline
        store.feed(b("\nnext\n"))
        XCTAssertEqual(store.count, 2)
        XCTAssertEqual(store.labelRange(0).count, ItemStore.recordLimit)
        XCTAssertEqual(store.label(1), b("next"), "the record after a cut one is whole")
        XCTAssertEqual(store.cutRecords, 1)
        XCTAssertLessThan(store.bytes.count, ItemStore.recordLimit + 16)
    }

    func testARecordIsNeverCutInsideACharacter() {
        var store = ItemStore()
        store.feed(Array(String(repeating: "é", count: ItemStore.recordLimit).utf8)) // 2 bytes each
        store.finish()
        XCTAssertEqual(store.cutRecords, 1)
        XCTAssertNotNil(String(validating: store.label(0), as: UTF8.self), "valid UTF-8 after the cut")
    }

    func testAnEndlessRecordIsBoundedAndTheInputKeepsFlowing() {
        var store = ItemStore()
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        for _ in 0..<64 { store.feed(zeros) } // 64 MB of one record, as from /dev/zero
        XCTAssertLessThanOrEqual(store.bytes.count + 2 * ItemStore.recordLimit, 3 * ItemStore.recordLimit)
        XCTAssertEqual(store.count, 0, "not ended yet")
        store.finish()
        XCTAssertEqual(store.count, 1)
        XCTAssertEqual(store.labelRange(0).count, ItemStore.recordLimit)
    }

    func testDrawingDecodesOnlyWhatTheRowShows() {
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 10_000_000)[...]
        let shown = Sanitize.bytes(long, columns: 40)
        XCTAssertLessThan(shown.count, 40 * 4 + 20)
        XCTAssertTrue(shown.hasSuffix("…"), "the cut is visible")
        XCTAssertEqual(Sanitize.bytes(b("short")[...], columns: 40), "short", "what fits is drawn as it is")
        let accents = Array(String(repeating: "é", count: 1000).utf8)[...]
        XCTAssertFalse(Sanitize.bytes(accents, columns: 10).contains("\\x"), "never cut inside a character")
    }

    func testAListWithA10MBItemDrawsItCut() throws {
        var alert: any Alert = try chooseAlert(["Q", "short", String(repeating: "x", count: 10_000_000) + "END"])
        let scene = Scene(columns: 60, rows: 12, theme: Theme(colors: .none, unicode: true))
        let (canvas, _, _) = scene.render(&alert)
        let row = try XCTUnwrap(canvas.lines.first { $0.contains("xxxx") })
        XCTAssertTrue(row.contains("…"), row)
        XCTAssertFalse(canvas.lines.joined().contains("END"))
    }

    func testTheDecodingPrefilterAgreesWithTheMatcher() {
        let items = ["héllo wörld", "ÉCOLE", "naïve", "日本語のテキスト", "\u{FF}bad\u{80}bytes", "straße", "KELVIN \u{212A}"]
        let queries = ["hw", "ecol", "ïv", "本テ", "bad", "ss", "ß", "k", "\u{FFFD}", "zz"]
        for item in items {
            let bytes: [UInt8] = item.hasPrefix("\u{FF}") ? [0xFF] + b("bad") + [0x80] + b("bytes") : b(item)
            for q in queries {
                let m = FuzzyMatcher(q)
                let full = FuzzyMatcher.score(query: m.scalars, units: FuzzyMatcher.units(bytes), ascii: false) != nil
                XCTAssertEqual(FuzzyMatcher.appearsInOrder(m.scalars, in: bytes), full, "\(q) in \(item)")
            }
        }
    }
}

extension HugeInputTests {
    /// `(echo XXX; echo 50; yes log) | alertty progress`: a block that never closes keeps its
    /// start, cut visibly, and the rest is dropped.
    func testAGaugeBlockThatNeverClosesKeepsItsStart() {
        var parser = GaugeParser()
        _ = parser.feed(b("XXX\n50\n"))
        let lines = [UInt8](repeating: 0, count: 0) + Array(repeating: b("log\n"), count: 100_000).flatMap { $0 }
        for _ in 0..<10 { _ = parser.feed(lines) } // 4 MB of block
        let updates = parser.feed(b("XXX\n"))
        guard case .text(let text)? = updates.last else { return XCTFail("the block's text: \(updates)") }
        XCTAssertLessThanOrEqual(text.utf8.count, GaugeParser.maxBlock + 8)
        XCTAssertTrue(text.hasSuffix("…"), "cut visibly")
        XCTAssertTrue(updates.contains(.percent(50)))
    }
}

extension HugeInputTests {
    /// A long message keeps its text once: wrapped lines are places in it, and each drawn line is
    /// exactly what wrapping grapheme by grapheme makes (a paragraph that fits kept as it is).
    func testSpansGiveTheSameLinesAsTheWrapper() {
        func wrapped(_ paragraphs: [String], width: Int) -> [String] {
            paragraphs.flatMap { p -> [String] in
                if TextWidth.columns(p) <= width { return [p] }
                let characters = Array(p)
                return Wrap.lineIndices(characters, width: width, keepingWhatFits: false).map { String($0.map { characters[$0] }) }
            }
        }
        var generator = SeededGenerator(seed: 11)
        let words = ["a", "bb", "word", "  ", " ", "longerwordthanthewidth", "é", "日本", "x\u{301}", "tab\tbed", "end "]
        for _ in 0..<2000 {
            var paragraph = ""
            for _ in 0..<Int(generator.next() % 12) { paragraph += words[Int(generator.next() % UInt64(words.count))] + (generator.next() % 3 == 0 ? "  " : " ") }
            let paragraphs = [paragraph, "", "   lead", paragraph.uppercased()]
            for width in [1, 2, 3, 5, 8, 13, 40] {
                let spans = Wrap.spans(paragraphs, width: width)
                XCTAssertEqual(spans.map { Wrap.text($0, in: paragraphs) }, wrapped(paragraphs, width: width), "width \(width): \(paragraphs)")
            }
        }
    }
}
