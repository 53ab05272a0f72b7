// When the loop lends the terminal to a command it runs, and when it takes it back: decided from
// what is seen of the command's group, here a script of states instead of processes.
import XCTest
@testable import AlerttyKit

final class TerminalLenderTests: XCTestCase {
    typealias State = Platform.GroupState

    /// A lender whose group shows the states given, one per look (the last one repeats).
    func lender(_ states: [State]) -> (TerminalLender, () -> Int) {
        var queue = states
        var looks = 0
        let lender = TerminalLender(interval: 100) { _ in
            looks += 1
            return queue.count > 1 ? queue.removeFirst() : queue[0]
        }
        return (lender, { looks })
    }

    func testAStoppedGroupIsLentTheTerminal() {
        let (l, _) = lender([State(), State(stopped: true)])
        XCTAssertNil(l.step(groups: [42], now: 0, urgent: false), "running: nothing to do")
        XCTAssertNil(l.step(groups: [42], now: 50, urgent: false), "not looked at again before the interval")
        XCTAssertEqual(l.step(groups: [42], now: 50, urgent: true), .lend(42), "a child's change is looked at at once")
        XCTAssertEqual(l.lentTo, 42)
    }

    func testNoGroupMeansNoLookAndNoWake() {
        let (l, looks) = lender([State(stopped: true)])
        XCTAssertNil(l.step(groups: [], now: 0, urgent: true))
        XCTAssertEqual(looks(), 0)
        XCTAssertNil(l.nextDeadline(groups: []))
    }

    func testTakenBackOnlyAfterOutputAndWhileNothingReadsTheTerminal() {
        let (l, _) = lender([State(stopped: true), State(readingTerminal: true), State(readingTerminal: true), State()])
        XCTAssertEqual(l.step(groups: [7], now: 0, urgent: false), .lend(7))
        XCTAssertNil(l.step(groups: [7], now: 100, urgent: false), "reading its answer, no output yet")
        l.noteOutput()
        XCTAssertNil(l.step(groups: [7], now: 200, urgent: false), "wrote something but reads the terminal again")
        XCTAssertEqual(l.step(groups: [7], now: 300, urgent: false), .takeBack, "output, and nobody reads the terminal")
        XCTAssertNil(l.lentTo)
    }

    func testWithoutOutputTheTerminalStaysLent() {
        let (l, _) = lender([State(stopped: true), State()])
        XCTAssertEqual(l.step(groups: [7], now: 0, urgent: false), .lend(7))
        for t in 1...5 { XCTAssertNil(l.step(groups: [7], now: UInt64(t) * 100, urgent: false)) }
    }

    func testAGroupThatCannotBeSeenKeepsTheTerminalUntilItEnds() {
        let (l, _) = lender([State(stopped: true), State(unknown: true)])
        XCTAssertEqual(l.step(groups: [7], now: 0, urgent: false), .lend(7))
        l.noteOutput()
        XCTAssertNil(l.step(groups: [7], now: 100, urgent: false), "a member run as another user might be reading")
        XCTAssertEqual(l.step(groups: [], now: 200, urgent: false), .takeBack, "it ended")
    }

    func testCtrlZTypedToTheLentGroupStopsTheJob() {
        let (l, _) = lender([State(stopped: true), State(), State(stopped: true)])
        XCTAssertEqual(l.step(groups: [7], now: 0, urgent: false), .lend(7))
        XCTAssertNil(l.step(groups: [7], now: 100, urgent: false))
        XCTAssertNil(l.step(groups: [7], now: 200, urgent: true), "seen stopped once: maybe not continued yet")
        XCTAssertNil(l.step(groups: [7], now: 250, urgent: true))
        XCTAssertEqual(l.step(groups: [7], now: 300, urgent: false), .stopped, "still stopped an interval later")
        XCTAssertNil(l.lentTo, "the terminal is taken back before the job stops")
    }

    func testJustAfterLendingAStoppedLookIsNotCtrlZ() {
        let (l, _) = lender([State(stopped: true), State(stopped: true), State()])
        XCTAssertEqual(l.step(groups: [7], now: 0, urgent: false), .lend(7))
        XCTAssertNil(l.step(groups: [7], now: 1, urgent: true), "the SIGCONT's SIGCHLD, the group not yet running")
        XCTAssertNil(l.step(groups: [7], now: 101, urgent: false), "running: still lent")
        XCTAssertEqual(l.lentTo, 7)
    }

    func testOutputBeforeLendingDoesNotCount() {
        let (l, _) = lender([State(stopped: true), State()])
        l.noteOutput()
        XCTAssertEqual(l.step(groups: [7], now: 0, urgent: false), .lend(7))
        XCTAssertNil(l.step(groups: [7], now: 100, urgent: false), "the output came before it asked")
    }

    func testTheLastLineSaidWhenTheTerminalIsLent() {
        XCTAssertEqual(Runner.lastLine(Array("one\ntwo\n".utf8)), Array("two".utf8))
        XCTAssertEqual(Runner.lastLine(Array("one\nContinue? [y/N] ".utf8)), Array("Continue? [y/N] ".utf8))
        XCTAssertEqual(Runner.lastLine([]), [])
    }

    func testACharacterSplitAcrossTwoReadsWaitsForItsEnd() {
        let e = Array("é".utf8), euro = Array("€".utf8)
        XCTAssertEqual(Sanitize.completeUTF8(Array("ab".utf8) + [e[0]]).rest, [e[0]])
        XCTAssertEqual(Sanitize.completeUTF8(Array("ab".utf8) + euro.prefix(2)).complete, Array("ab".utf8))
        XCTAssertEqual(Sanitize.completeUTF8(Array("ab".utf8) + euro).rest, [], "complete: nothing held back")
        XCTAssertEqual(Sanitize.completeUTF8([0x61, 0x80]).rest, [], "a stray continuation byte is not a character's start")
    }

    func testOutputShownAsideIsPlainLines() {
        let out = Sanitize.outputLines(Array("a\tb\r\n10%\r50%\r100%\n\u{1B}]0;x\u{07}".utf8), unicode: true)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "a b\n100%\n^[]0;x^G")
    }
}
