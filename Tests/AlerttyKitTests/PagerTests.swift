@testable import AlerttyKit
import XCTest

/// The pager's parts: lines found from where the view is, search both ways, the view's moves,
/// and the alert's keys and answers — on documents in memory, so every byte offset is known.
final class PagerTests: XCTestCase {
    func doc(_ text: String) -> BufferDocument { BufferDocument(Array(text.utf8)) }

    func testLinesAreFoundFromWhereTheViewIs() {
        let nav = LineNavigator(doc("one\ntwo\r\nthree\n"))
        XCTAssertEqual(nav.next(after: 0), 4)
        XCTAssertEqual(nav.next(after: 4), 9)
        XCTAssertNil(nav.next(after: 9), "a final newline ends the last line; it starts no empty one")
        XCTAssertEqual(nav.previous(before: 9), 4)
        XCTAssertEqual(nav.previous(before: 4), 0)
        XCTAssertNil(nav.previous(before: 0))
        XCTAssertEqual(nav.lastLineStart, 9)
        XCTAssertEqual(nav.lines(from: 0, count: 5, maxBytes: 100).map { String(decoding: $0.bytes, as: UTF8.self) },
                       ["one", "two", "three"], "a carriage return before the newline is not shown")
        XCTAssertEqual(LineNavigator(doc("no newline")).lastLineStart, 0)
        XCTAssertEqual(LineNavigator(doc("")).lines(from: 0, count: 3, maxBytes: 10).count, 0)
        XCTAssertEqual(LineNavigator(doc("a\n\nb")).lines(from: 0, count: 5, maxBytes: 10).map(\.start), [0, 2, 3])
    }

    func testALineLongerThanABlockIsCutAndTheNextOneStillFound() {
        let long = String(repeating: "x", count: 300_000)
        let nav = LineNavigator(doc("a\n" + long + "\nb\n"))
        let lines = nav.lines(from: 0, count: 3, maxBytes: 80)
        XCTAssertEqual(lines.map(\.start), [0, 2, 300_003])
        XCTAssertEqual(lines[1].bytes.count, 80, "only what can be shown is kept")
        XCTAssertEqual(nav.previous(before: 300_003), 2)
    }

    func testSearchGoesBothWaysAndIgnoresCaseForALowerCasePattern() {
        let nav = LineNavigator(doc("alpha\nBeta\ngamma beta\n"))
        XCTAssertEqual(nav.find(Array("beta".utf8), from: 0, forward: true), 6)
        XCTAssertEqual(nav.find(Array("beta".utf8), from: 7, forward: true), 17)
        XCTAssertEqual(nav.find(Array("Beta".utf8), from: 7, forward: true), nil, "a capital letter makes it match case")
        XCTAssertEqual(nav.find(Array("beta".utf8), from: 17, forward: false), 6)
        XCTAssertNil(nav.find(Array("zeta".utf8), from: 0, forward: true))
        // A match across the edge of two blocks.
        let big = String(repeating: "y", count: LineNavigator.chunk - 2) + "needle\n"
        XCTAssertEqual(LineNavigator(doc(big)).find(Array("needle".utf8), from: 0, forward: true), LineNavigator.chunk - 2)
        XCTAssertEqual(LineNavigator(doc(big)).find(Array("needle".utf8), from: big.utf8.count, forward: false), LineNavigator.chunk - 2)
    }

    func testTheViewMovesByLinePageAndEndAndKnowsItsLineNumberWhileItCan() {
        var view = PagedText(doc((1...100).map { "line \($0)" }.joined(separator: "\n") + "\n"))
        view.layout(width: 20, rows: 10)
        XCTAssertEqual(view.visible.first?.text, "line 1")
        XCTAssertTrue(view.atTop)
        XCTAssertFalse(view.atEnd)
        _ = view.scroll(.pageDown)
        XCTAssertEqual(view.visible.first?.text, "line 10")
        XCTAssertEqual(view.topLine, 9)
        _ = view.scroll(.end)
        XCTAssertEqual(view.visible.map(\.text).last, "line 100")
        XCTAssertEqual(view.visible.count, 10)
        XCTAssertTrue(view.atEnd)
        XCTAssertEqual(view.percent, 100)
        XCTAssertNil(view.topLine, "not counted from the top")
        _ = view.scroll(.down)
        XCTAssertEqual(view.visible.first?.text, "line 91", "the last line stays at the bottom")
        _ = view.scroll(.home)
        XCTAssertEqual(view.topLine, 0)
        XCTAssertTrue(view.find(Array("line 50".utf8), forward: true))
        XCTAssertEqual(view.visible.first?.text, "line 50")
    }

    func testEveryByteIsDrawnVisibly() {
        XCTAssertEqual(PagedText.display(Array("a\tb".utf8)), "a       b")
        XCTAssertEqual(PagedText.display([0x1B, 0x5D, 0x30, 0x3B, 0x78, 0x07]), "^[]0;x^G")
        XCTAssertEqual(PagedText.display([0x61, 0xFF, 0x62]), "a\\xFFb")
    }

    func testKeysAndAnswers() {
        var alert = TextAlert(title: "Log", document: doc((1...50).map { "entry \($0)" }.joined(separator: "\n")), streaming: false,
                              follow: false)
        alert.layout(Rect(x: 0, y: 0, width: 40, height: 12))
        for c in "/entry 4".unicodeScalars { _ = alert.update(.action(.insert(c))) }
        _ = alert.update(.action(.submit))
        XCTAssertEqual(alert.pager.visible.first?.text, "entry 4")
        _ = alert.update(.action(.insert("n")))
        XCTAssertEqual(alert.pager.visible.first?.text, "entry 40")
        _ = alert.update(.action(.insert("N")))
        XCTAssertEqual(alert.pager.visible.first?.text, "entry 4")
        for c in "/nothing".unicodeScalars { _ = alert.update(.action(.insert(c))) }
        _ = alert.update(.action(.submit))
        XCTAssertEqual(alert.notice, "not found: nothing")
        XCTAssertEqual(alert.update(.action(.cancel)), [.finish(Outcome(.ok))], "without --cancel, Esc closes with 0")
        XCTAssertEqual(alert.update(.action(.insert("q"))), [.finish(Outcome(.ok))])

        var licence = TextAlert(title: "", document: doc("terms\n"), streaming: false, follow: false, okLabel: "Agree", cancelLabel: "Decline")
        XCTAssertEqual(licence.update(.action(.cancel)), [.finish(Outcome(.cancel))])
        XCTAssertEqual(licence.update(.answer(.no)), [.finish(Outcome(.cancel))])
        XCTAssertEqual(licence.update(.answer(.yes)), [.finish(Outcome(.ok))])
        _ = licence.update(.action(.focusNext))
        XCTAssertEqual(licence.update(.action(.submit)), [.finish(Outcome(.cancel))])
    }

    func testAStreamIsKeptUpToItsBoundAndFollowStaysAtTheEnd() {
        let stream = BufferDocument(limit: 64)
        var alert = TextAlert(title: "", document: stream, streaming: true, follow: true)
        alert.layout(Rect(x: 0, y: 0, width: 30, height: 6))
        for i in 1...8 { XCTAssertEqual(alert.update(.input(Array("l\(i)\n".utf8))), []) }
        XCTAssertEqual(alert.pager.visible.last?.text, "l8", "following: the newest line is shown")
        _ = alert.update(.action(.up))
        _ = alert.update(.input(Array("l9\n".utf8)))
        XCTAssertEqual(alert.pager.visible.last?.text, "l7", "scrolled up: the view stays")
        XCTAssertEqual(alert.update(.input(Array(repeating: 0x41, count: 100))), [.closeInput])
        XCTAssertEqual(stream.size, 64)
        XCTAssertTrue(stream.truncated)
        XCTAssertNotNil(alert.notice)
    }

    /// dialog's progressbox, programbox and prgbox (--dialog-keys): while the text comes no key
    /// does anything, so no OK and no key is offered; once it has ended, OK is there and taken.
    func testWhileKeysWaitForTheEndNoButtonOrKeyIsOffered() {
        var alert = TextAlert(title: "", document: BufferDocument(limit: 1 << 10), streaming: true, follow: true)
        alert.keysWaitForTheEnd = true
        let area = Rect(x: 0, y: 0, width: 30, height: 6)
        alert.layout(area)
        func screen() -> String {
            var canvas = Canvas(width: 30, height: 6)
            _ = alert.render(into: &canvas, area: area, theme: Theme(colors: .none, unicode: true))
            return canvas.lines.joined(separator: "\n")
        }
        _ = alert.update(.input(Array("unpacking\n".utf8)))
        XCTAssertTrue(screen().contains("unpacking"))
        XCTAssertFalse(screen().contains("OK"), screen())
        XCTAssertEqual(alert.hints, [])
        XCTAssertEqual(alert.update(.action(.submit)), [], "a key while the text comes does nothing")
        _ = alert.update(.inputEnded)
        XCTAssertTrue(screen().contains("< OK >"), screen())
        XCTAssertFalse(alert.hints.isEmpty)
        XCTAssertEqual(alert.update(.action(.submit)), [.finish(Outcome(.ok))])
    }

    func testLineModeGetsAPageAtATime() {
        var alert = TextAlert(title: "T", document: doc((1...45).map { "l\($0)" }.joined(separator: "\n")), streaming: false, follow: false)
        alert.readInPages(of: LineFrontEnd.page)
        guard case .document(let first) = alert.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertEqual(first.page.count, LineFrontEnd.page)
        XCTAssertFalse(first.atEnd)
        _ = alert.update(.answer(.nextPage))
        guard case .document(let second) = alert.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertNotEqual(second.pageStart, first.pageStart)
        _ = alert.update(.answer(.lastPage))
        guard case .document(let last) = alert.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertTrue(last.atEnd)
        XCTAssertEqual(last.page.last, "l45")
    }
}

extension PagerTests {
    func testAFileWithoutNewlinesIsTakenInBoundedPieces() {
        let size = 3 * LineNavigator.longestLine + 10
        let nav = LineNavigator(BufferDocument(Array(repeating: 0x41, count: size), limit: size))
        XCTAssertEqual(nav.next(after: 0), LineNavigator.longestLine)
        XCTAssertEqual(nav.lastLineStart, size - LineNavigator.longestLine)
        XCTAssertEqual(nav.lines(from: 0, count: 2, maxBytes: 10).map(\.start), [0, LineNavigator.longestLine])
    }

    /// Following is the follower's I/O, not the alert's: a tick looks at nothing; the follower
    /// looks every quarter second and says when the file changed; the view at the end stays there.
    func testFollowingLooksInTheFollowerNotInTheAlert() {
        let file = CountingDocument((1...30).map { "l\($0)" }.joined(separator: "\n") + "\n")
        var alert = TextAlert(title: "", document: file, streaming: false, follow: true)
        alert.layout(Rect(x: 0, y: 0, width: 40, height: 10))
        _ = alert.update(.action(.end))
        for t in 1...5 { _ = alert.update(.tick(Double(t))) }
        XCTAssertEqual(file.looks, 0, "the alert never looks at the file itself")
        XCTAssertNil(alert.tickInterval, "it asks for no ticks to follow")

        let follower = DocumentFollower([file])
        XCTAssertEqual(follower.service(now: 1_000, readable: [], writable: []), [], "the first turn only sets the time")
        XCTAssertEqual(follower.service(now: 1_000 + 100_000_000, readable: [], writable: []), [], "before a quarter second: no look")
        XCTAssertEqual(file.looks, 0)
        file.grow("l31\n")
        let events = follower.service(now: 1_000 + DocumentFollower.interval, readable: [], writable: [])
        XCTAssertEqual(events, [.documentChanged])
        XCTAssertEqual(follower.service(now: 1_000 + 2 * DocumentFollower.interval, readable: [], writable: []), [], "unchanged: nothing said")
        XCTAssertEqual(file.looks, 2)
        XCTAssertTrue(follower.settled, "a watch: a script's answer never waits for it")
        for event in events { _ = alert.update(event) }
        XCTAssertEqual(alert.pager.visible.last?.text, "l31", "at the end, it stays at the end")
    }
}

/// A file in memory that grows when told, counting how often it was asked to look again.
final class CountingDocument: TextDocument {
    private var bytes: [UInt8]
    private var pending: [UInt8] = []
    private(set) var looks = 0
    init(_ text: String) { bytes = Array(text.utf8) }
    var size: Int { bytes.count }
    func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
    func grow(_ text: String) { pending += Array(text.utf8) }
    func refresh() -> Bool {
        looks += 1
        guard !pending.isEmpty else { return false }
        bytes += pending
        pending = []
        return true
    }
}
