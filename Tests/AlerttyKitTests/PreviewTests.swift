// choose --preview's pure parts: the command's placeholders and quoting, the output's colours
// kept and every other escape dropped, the pane's bounds and stale runs, and when the alert asks
// for a run (only with a pane laid out, for the focused item, never while a search settles).
import XCTest
@testable import AlerttyKit

final class PreviewTests: XCTestCase {
    func b(_ s: String) -> [UInt8] { Array(s.utf8) }

    func lines(_ chunks: [[UInt8]]) -> [[StyledRun]] {
        var parser = StyledTextParser()
        var out: [[StyledRun]] = []
        for chunk in chunks { out += parser.feed(chunk) }
        if let last = parser.finish() { out.append(last) }
        return out
    }

    func text(_ line: [StyledRun]) -> String { line.map(\.text).joined() }

    func testColoursAreKeptAndEveryOtherEscapeIsDropped() {
        let output = b("plain \u{1B}[31mred\u{1B}[0m \u{1B}[1;38;5;208mamber\u{1B}[m \u{1B}[38;2;1;2;3mrgb\u{1B}[39m\n"
                       + "\u{1B}]52;c;cHduZWQ=\u{07}clip\u{1B}]0;title\u{1B}\\board \u{1B}[2J\u{1B}[5;5Hmoved\u{1B}(B \u{1B}[?25lhidden\n"
                       + "tab\there \u{07}bell \u{1B}[92mbright\n")
        let shown = lines([output])
        XCTAssertEqual(shown.map(text), ["plain red amber rgb", "clipboard moved hidden", "tab     here ^Gbell bright"])
        let first = shown[0]
        XCTAssertEqual(first[1], StyledRun("red", Style(foreground: .basic(1))))
        XCTAssertEqual(first[3], StyledRun("amber", Style(foreground: .indexed(208), bold: true)))
        XCTAssertEqual(first[5], StyledRun("rgb", Style(foreground: .rgb(1, 2, 3))))
        XCTAssertEqual(shown[2].last, StyledRun("bright", Style(foreground: .basic(10))))
        // Split anywhere, the same lines.
        for cut in stride(from: 1, to: output.count, by: 3) {
            XCTAssertEqual(lines([Array(output[..<cut]), Array(output[cut...])]), shown, "cut at \(cut)")
        }
    }

    func testNothingInTheOutputIsAControlOnceDrawn() {
        let hostile = b("a\u{1B}[31;\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{9B}2J\u{1B}P+q\u{1B}\\\u{1B}[\u{0A}z") + [0xC0, 0xFF]
        for line in lines([hostile]) {
            for run in line { XCTAssertTrue(run.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) }, run.text) }
        }
        XCTAssertEqual(lines([hostile]).map(text), ["alink<9B>2J", "z\\xC0\\xFF"].map { $0.replacingOccurrences(of: "<9B>", with: Sanitize.line("\u{9B}")) })
    }

    func testPlaceholdersAreQuotedForTheShell() {
        let preview = PreviewCommand(template: "show {} {tag} {label} {n} {q} {other} ${HOME} { echo; }")
        let item = PreviewCommand.Item(printed: b("it's $(touch x) `y`"), tag: b("t"), label: b("l a"), index: 4, query: "q'")
        XCTAssertEqual(String(decoding: preview.command(for: item), as: UTF8.self),
                       "show 'it'\\''s $(touch x) `y`' 't' 'l a' '5' 'q'\\''' {other} ${HOME} { echo; }")
        XCTAssertTrue(PreviewCommand(template: "grep {q} {}").usesQuery)
        XCTAssertFalse(preview.usesQuery == false)
        XCTAssertFalse(PreviewCommand(template: "cat {}").usesQuery)
        XCTAssertEqual(PreviewCommand.Size("40%"), .percent(40))
        XCTAssertEqual(PreviewCommand.Size("30"), .cells(30))
        for bad in ["0", "0%", "101%", "-3", "x", ""] { XCTAssertNil(PreviewCommand.Size(bad), bad) }
    }

    func testThePaneKeepsOneRunBoundedAndSaysWhyItFailed() {
        var pane = PreviewPane()
        pane.start(1)
        XCTAssertTrue(pane.take(1, stream: 1, b("one\ntwo")))
        pane.start(2)
        XCTAssertFalse(pane.take(1, stream: 1, b("stale\n")), "a stale run's output is not shown")
        XCTAssertTrue(pane.take(2, stream: 2, b("no such file\n")))
        pane.ended(2, status: 1)
        XCTAssertEqual(pane.lines.count, 0)
        XCTAssertEqual(pane.failure, ["no such file", "failed (exit 1)"])
        pane.start(3)
        XCTAssertTrue(pane.take(3, stream: 1, b("last line without a newline")))
        pane.ended(3, status: 0)
        XCTAssertEqual(pane.lines.map(text), ["last line without a newline"])
        XCTAssertEqual(pane.failure, [])
        // `yes`: kept up to the bound, then the pane says it has all it keeps.
        pane.start(4)
        let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 4095) + [0x0A]
        var taking = true, chunks = 0
        while taking && chunks < 1000 { taking = pane.take(4, stream: 1, chunk); chunks += 1 }
        XCTAssertTrue(pane.cut)
        XCTAssertEqual(chunks, PreviewPane.byteLimit / 4096)
        XCTAssertLessThanOrEqual(pane.lines.count, PreviewPane.lineLimit)
    }

    func runs(_ effects: [Effect]) -> [String] {
        effects.compactMap {
            if case .runPreview(_, let command, _, _) = $0 { return String(decoding: command, as: UTF8.self) }
            if case .stopPreview = $0 { return "stop" }
            return nil
        }
    }

    func testARunIsAskedForTheFocusedItemOnlyWhereAPaneIsShown() throws {
        var alert = try chooseAlert(["--preview", "cat {}", "Pick", "one", "two", "three"])
        XCTAssertEqual(runs(alert.update(.start)), [])
        XCTAssertEqual(runs(alert.update(.action(.down))), [], "no pane laid out (line mode, no person): nothing runs")
        _ = alert.update(.action(.up))
        alert.layout(Rect(x: 0, y: 0, width: 80, height: 20))
        XCTAssertEqual(runs(alert.update(.laidOut)), ["cat 'one'"], "the pane's first run starts once it is laid out")
        XCTAssertNil(alert.tickInterval, "nothing ticks for it")
        XCTAssertEqual(runs(alert.update(.laidOut)), [], "laid out again with the same item: no second run")
        XCTAssertEqual(runs(alert.update(.action(.down))), ["cat 'two'"], "the key that moves the focus starts the run")
        XCTAssertEqual(runs(alert.update(.action(.down))), ["cat 'three'"])
        XCTAssertEqual(runs(alert.update(.action(.down))), [], "the focus did not move: nothing new")
        XCTAssertEqual(runs(alert.update(.action(.insert("x")))), ["stop"], "no item focused: the command stops")
        _ = alert.update(.action(.deleteBackward))
        alert.layout(Rect(x: 0, y: 0, width: 100, height: 30))
        XCTAssertEqual(runs(alert.update(.laidOut)).count, 1, "a pane of a new size runs the command again")
    }

    /// Keys read together (a held Down) are handed to the alert one by one, but the runner starts
    /// only the last run they asked for.
    func testKeysReadTogetherStartOneRun() throws {
        let alert = try chooseAlert(["--preview", "cat {}", "Pick", "one", "two", "three", "four"])
        let keys = PaneFrontEnd(typing: [[.event(.action(.down)), .event(.action(.down)), .event(.action(.down))], [.event(.action(.submit))]])
        let preview = PreviewLog()
        let outcome = Runner(frontEnd: keys, alert: alert, sources: [preview], platform: FakeSystem().platform).run()
        XCTAssertEqual(outcome.answer.map { String(decoding: $0, as: UTF8.self) }, "four")
        XCTAssertEqual(preview.runs, ["cat 'one'", "cat 'four'"], "the first frame's run, then one for the batch")
    }
}

/// Lays the alert out on its first frame and says so, as the box does; then types its batches.
final class PaneFrontEnd: FrontEnd {
    let keys: FakeFrontEnd
    var laidOut = false
    init(typing: [[FrontEndRequest]]) { keys = FakeFrontEnd(typing: typing) }
    var asksAPerson: Bool { true }
    var readsJobKeys: Bool { true }
    var readDescriptors: [FileDescriptor] { [] }
    func begin(_ alert: inout any Alert) {}
    func present(_ alert: inout any Alert, now: UInt64, context: PresentContext) -> [FrontEndRequest] {
        guard !laidOut else { return [] }
        laidOut = true
        alert.layout(Rect(x: 0, y: 0, width: 80, height: 20))
        return [.event(.laidOut)]
    }
    func service(_ alert: any Alert, readable: Set<FileDescriptor>, now: UInt64) -> [FrontEndRequest] {
        keys.service(alert, readable: readable, now: now)
    }
    func nextDeadline(now: UInt64) -> UInt64? { nil }
    func suspend(wholeJob: Bool) {}
    func end(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome { outcome }
}

/// Takes the preview's effects and notes the commands it was asked to run.
final class PreviewLog: EventSource {
    var runs: [String] = []
    var readDescriptors: [FileDescriptor] { [] }
    var writeDescriptors: [FileDescriptor] { [] }
    var nextDeadline: UInt64? { nil }
    func accept(_ effect: Effect, now: UInt64) -> Bool {
        switch effect {
        case .runPreview(_, let command, _, _): runs.append(String(decoding: command, as: UTF8.self))
        case .stopPreview: runs.append("stop")
        default: return false
        }
        return true
    }
    func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] { [] }
    func shutdown() {}
}
