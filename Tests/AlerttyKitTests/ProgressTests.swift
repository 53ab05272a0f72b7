@testable import AlerttyKit
import XCTest

/// The gauge's line protocol and the progress alert driven through `update`.
final class ProgressTests: XCTestCase {
    func feed(_ s: String) -> [GaugeParser.Update] {
        var p = GaugeParser()
        return p.feed(Array(s.utf8)) + p.finish()
    }

    func testEveryFormOfTheProtocol() {
        for (line, value) in [("42", 42.0), ("42.5", 42.5), ("7%", 7), ("150", 100), ("-3", 0), ("10\r", 10), (" 8 ", 8)] {
            XCTAssertEqual(feed(line + "\n"), [.percent(value)], line)
        }
        XCTAssertEqual(feed("42\n42.5\n7%\n"), [.percent(7)], "numbers in a row collapse into the last")
        XCTAssertEqual(feed("# Unpacking…\n"), [.text("Unpacking…")])
        XCTAssertEqual(feed("XXX\n60\nLine one\nLine two\nXXX\n"), [.percent(60), .text("Line one\nLine two")])
        XCTAssertEqual(feed("10\r\n# a\r\n20\r\n"), [.percent(10), .text("a"), .percent(20)], "CRLF, and order kept around text")
        XCTAssertEqual(feed("30\n40"), [.percent(30), .percent(40)], "a last line without a newline counts")
        XCTAssertEqual(feed("hello\n4 2\n\u{1B}[2J\n\u{00}\u{FF}\n50\n"), [.percent(50)], "anything else is ignored")
        XCTAssertEqual(feed("XXX\n70\nunfinished"), [.percent(70), .text("unfinished")], "an unfinished block shows what it had")
    }

    func testSplitAnywhereAndHugeLines() {
        let input = Array("5\n# a\nXXX\n9\nb\nXXX\n100\n".utf8)
        let whole = feed(String(decoding: input, as: UTF8.self))
        for cut in 0..<input.count {
            var p = GaugeParser()
            XCTAssertEqual(p.feed(Array(input[..<cut])) + p.feed(Array(input[cut...])) + p.finish(), whole, "cut at \(cut)")
        }
        var p = GaugeParser()
        let huge = Array(repeating: UInt8(ascii: "7"), count: 1_000_000) + Array("\n55\n".utf8)
        XCTAssertEqual(p.feed(huge), [.percent(55)], "a line past the limit is dropped, not hoarded")
    }

    func gauge(_ configuration: ProgressConfiguration = ProgressConfiguration()) -> ProgressAlert {
        ProgressAlert(title: "Install", text: "Downloading", configuration: configuration)
    }

    func testGaugeUpdatesEstimatesAndEnds() {
        var a = gauge()
        XCTAssertNil(a.percent)
        _ = a.update(.tick(0))
        _ = a.update(.input(Array("10\n# Unpacking\n".utf8)))
        XCTAssertEqual(a.percent, 10)
        XCTAssertEqual(a.text, "Unpacking")
        _ = a.update(.tick(4))
        _ = a.update(.input(Array("50\n".utf8)))
        XCTAssertEqual(a.remaining ?? 0, 5, accuracy: 0.01, "40% in 4 s: 50% more takes 5 s")
        var done = a.update(.inputEnded)
        guard case .finish(let o)? = done.popLast() else { return XCTFail("the last effect is not the finish") }
        XCTAssertEqual(o.status, .ok)
        XCTAssertEqual(o.exitCode, 0)
    }

    func testCancelClosesTheInputAndSignalsAreForwardedToACommand() {
        var c = ProgressConfiguration()
        c.cancellable = true
        var a = gauge(c)
        XCTAssertEqual(a.update(.action(.cancel)), [.closeInput, .finish(Outcome(.cancel))])
        XCTAssertEqual(gauge().hints, [], "without --cancel keys do nothing")
        var k = ProgressConfiguration()
        k.command = ["make"]
        var run = gauge(k)
        XCTAssertEqual(run.update(.signal(.interrupted)), [.signalChild(.interrupt)])
        XCTAssertEqual(run.update(.childExited(status: 130)), [.finish(Outcome(.interrupted, signal: .job))])
    }

    func testACommandsFailureIsShownThenItsStatusPassedOn() {
        var k = ProgressConfiguration()
        k.command = ["make"]
        var a = gauge(k)
        _ = a.update(.childOutput(stream: 1, Array("compiling a.c\ncompiling b.c\n".utf8)))
        XCTAssertEqual(a.lastLine, "compiling b.c")
        _ = a.update(.childOutput(stream: 2, Array("b.c:3: error: expected ';'\n".utf8)))
        XCTAssertEqual(a.update(.childExited(status: 2)), [], "the error is shown first")
        guard case .message(let m) = ((a as any Alert).meaning == .progress(.init(title: "", text: "", percent: nil, lastLine: "")) ? nil : Optional(MessageAlert(title: "", text: "").meaning)) else { return XCTFail("the alert's meaning is not the one expected") }
        _ = m
        var effects = a.update(.action(.submit))
        guard case .finish(let o)? = effects.popLast() else { return XCTFail("the last effect is not the finish") }
        XCTAssertEqual(o.exitCode, 2)
    }

    func testStepLinesGiveRowsAndOtherLinesStayTheGauges() {
        var parser = GaugeParser()
        let updates = parser.feed(Array("Download: running\n50\nUnpack: 40%\n# Download: done is text here\nDownload: Succeeded\nratio: 3:4\n".utf8))
        XCTAssertEqual(updates, [.step(Step(name: "Download", state: .running)), .percent(50), .step(Step(name: "Unpack", state: .percent(40))),
                                 .text("Download: done is text here"), .step(Step(name: "Download", state: .done, label: "Succeeded"))],
                       "a line whose state is unknown is ignored, as any other junk line")
        var c = ProgressConfiguration()
        c.steps = [Step(name: "Download", state: .pending), Step(name: "Cleanup", state: .pending)]
        var a = ProgressAlert(title: "", text: "Installing", configuration: c)
        _ = a.update(.input(Array("Download: done\nVerify: failed\n".utf8)))
        XCTAssertEqual(a.steps.map(\.name), ["Download", "Cleanup", "Verify"], "declared rows keep their order; new ones are added")
        guard case .progress(let p) = a.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertEqual(p.steps, ["Download: done", "Cleanup: pending", "Verify: failed"])
    }
}
