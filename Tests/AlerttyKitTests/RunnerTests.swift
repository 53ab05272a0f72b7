// The one loop, driven by a fake front end and a fake clock: its timing and signal policy are
// tested without a terminal and without waiting.
import XCTest
@testable import AlerttyKit

/// A front end that types what it is given and records how the loop ended it.
final class FakeFrontEnd: FrontEnd {
    var asksAPerson = true
    var readsJobKeys = true
    var typed: [[FrontEndRequest]]
    var endedBy: FrontEndRequest??
    var presented = 0
    /// What it was told while a command had the terminal, in order.
    var asides: [String] = []
    init(typing: [[FrontEndRequest]] = []) { typed = typing }
    func stepAside() { asides.append("step aside") }
    func showAside(_ output: [UInt8]) { asides.append("show " + String(decoding: output, as: UTF8.self)) }
    func stepBack() { asides.append("step back") }
    var readDescriptors: [FileDescriptor] { [] }
    func begin(_ alert: inout any Alert) {}
    func present(_ alert: inout any Alert, now: UInt64, context: PresentContext) -> [FrontEndRequest] {
        presented += 1
        return []
    }
    func service(_ alert: any Alert, readable: Set<FileDescriptor>, now: UInt64) -> [FrontEndRequest] {
        typed.isEmpty ? [] : typed.removeFirst()
    }
    func nextDeadline(now: UInt64) -> UInt64? { nil }
    func suspend(wholeJob: Bool) {}
    func end(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome {
        endedBy = .some(request)
        return outcome
    }
}

/// A clock that moves only when the loop waits, by exactly the wait; signals arrive on demand.
final class FakeSystem {
    var now: UInt64 = 1_000_000_000
    var waits: [Int32] = []
    var signals: [Platform.Signal] = []
    let signalFd: FileDescriptor = 99

    var platform: LoopPlatform {
        LoopPlatform(now: { self.now },
                     poll: { _, _, timeout in
                         self.waits.append(timeout)
                         if !self.signals.isEmpty { return ([self.signalFd], []) }
                         if timeout > 0 { self.now += UInt64(timeout) * 1_000_000 }
                         if self.waits.count > 10_000 { XCTFail("the loop never ended"); return ([self.signalFd], []) }
                         return ([], [])
                     },
                     catchSignals: { _ in self.signalFd },
                     drainSignals: { defer { self.signals = [] }; return self.signals.isEmpty && self.waits.count > 10_000 ? [.terminate] : self.signals },
                     restoreSignals: { _ in })
    }
}

/// An alert the loop's tests drive and nobody sees: its drawing is nothing.
protocol UndrawnAlert: Alert {}

extension UndrawnAlert {
    var title: String { "" }
    var hints: [KeyHint] { [] }
    func preferredSize(maxWidth: Int) -> (width: Int, height: Int) { (10, 1) }
    mutating func layout(_ area: Rect) {}
    func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? { nil }
}

/// Takes a signal by asking for it to be forwarded, and ends when told the command went.
struct ForwardingAlert: UndrawnAlert {
    var meaning: AlertMeaning { .progress(.init(title: "", text: "", percent: nil, lastLine: "")) }
    var forwarded: Platform.Signal?
    mutating func update(_ event: AlertEvent) -> [Effect] {
        if case .signal(let status) = event {
            forwarded = status.signal
            return [.finish(Outcome(.ok, answer: Array("forwarded \(status.rawValue)".utf8)))]
        }
        return []
    }
}

/// Asks for ticks only while it has work (a search under way): three slices after a key, then done.
struct WorkingAlert: UndrawnAlert {
    var meaning: AlertMeaning { .message(.init(title: "", text: "", ok: "OK")) }
    var slicesLeft = 0
    var slicesDone = 0
    var tickInterval: Double? { slicesLeft > 0 ? 0 : nil }
    mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .action(.down): slicesLeft = 3
        case .tick where slicesLeft > 0:
            slicesLeft -= 1
            slicesDone += 1
        case .action(.submit): return [.finish(Outcome(.ok, answer: Array("\(slicesDone) slices".utf8)))]
        default: break
        }
        return []
    }
}

final class RunnerTests: XCTestCase {
    /// Ticks start when the alert asks for them and stop when it no longer does: a search's
    /// slices run one a turn without waiting, and afterwards the loop sleeps until input.
    func testTicksFollowWhatTheAlertAsksForNow() {
        let system = FakeSystem()
        let front = FakeFrontEnd(typing: [[.event(.action(.down))], [], [], [], [], [.event(.action(.submit))]])
        let outcome = Runner(frontEnd: front, alert: WorkingAlert(), platform: system.platform).run()
        XCTAssertEqual(outcome, Outcome(.ok, answer: Array("3 slices".utf8)))
        XCTAssertEqual(system.waits.first, -1, "nothing to do before the key: wait for input")
        XCTAssertEqual(Array(system.waits.dropFirst().prefix(3)), [0, 0, 0], "a slice a turn, without waiting")
        XCTAssertEqual(system.waits.last, -1, "done: back to waiting for input")
    }

    func testIdleTimeoutEndsWith124AfterExactlyTheTimeout() {
        let system = FakeSystem(), front = FakeFrontEnd()
        let start = system.now
        let outcome = Runner(frontEnd: front, alert: MessageAlert(title: "", text: "hi"), timeout: 5, platform: system.platform).run()
        XCTAssertEqual(outcome.status, .timeout)
        XCTAssertEqual(system.now - start, 5_000_000_000, "it waited the five seconds, in whole-second steps for the countdown")
        XCTAssertTrue(system.waits.allSatisfy { $0 <= 1000 })
    }

    func testInputStartsTheIdleTimeAgain() {
        let system = FakeSystem()
        let front = FakeFrontEnd(typing: [[], [.event(.action(.down))]]) // read after each one-second wait
        let start = system.now
        _ = Runner(frontEnd: front, alert: ConfirmAlert(title: "", text: "Go?"), timeout: 3, platform: system.platform).run()
        XCTAssertEqual(system.now - start, 5_000_000_000, "two seconds, a key, then three more")
    }

    func testOnTimeoutDefaultTakesTheDefaultThroughTheScriptedAnswers() {
        let system = FakeSystem()
        let no = ConfirmAlert(title: "", text: "Delete?", defaultYes: false)
        XCTAssertEqual(Runner(frontEnd: FakeFrontEnd(), alert: no, timeout: 2, takeDefaultOnTimeout: true, platform: system.platform).run(),
                       Outcome(.cancel), "No, the focused button, is taken")
        var input = FieldConfiguration(rules: try! Rules())
        input.initialValue = Array("8080".utf8)
        let field = try! FieldAlert(title: "", text: "", configuration: input)
        XCTAssertEqual(Runner(frontEnd: FakeFrontEnd(), alert: field, timeout: 1, takeDefaultOnTimeout: true, platform: FakeSystem().platform).run(),
                       Outcome(.ok, answer: Array("8080".utf8)))
        // A default that is refused (an empty field that must not be) is a timeout after all.
        let required = FieldConfiguration(rules: try! Rules(preset: .nonempty))
        let empty = try! FieldAlert(title: "", text: "", configuration: required)
        XCTAssertEqual(Runner(frontEnd: FakeFrontEnd(), alert: empty, timeout: 1, takeDefaultOnTimeout: true, platform: FakeSystem().platform).run().status,
                       .timeout)
    }

    func testASignalIsOfferedToTheAlertFirst() {
        let system = FakeSystem()
        system.signals = [.terminate]
        let taken = Runner(frontEnd: FakeFrontEnd(), alert: ForwardingAlert(), platform: system.platform).run()
        XCTAssertEqual(taken, Outcome(.ok, answer: Array("forwarded 143".utf8)), "the alert forwarded SIGTERM and ended its own way")
        let plain = FakeSystem()
        plain.signals = [.hangup]
        XCTAssertEqual(Runner(frontEnd: FakeFrontEnd(), alert: MessageAlert(title: "", text: "hi"), platform: plain.platform).run(),
                       Outcome(.hangup, signal: .process), "an alert that takes nothing ends with the signal's status")
    }

    func testCtrlCAsAKeyIsOfferedLikeSIGINTAndEndsTheWholeJob() {
        let front = FakeFrontEnd(typing: [[.interrupt(job: true)]])
        XCTAssertEqual(Runner(frontEnd: front, alert: MessageAlert(title: "", text: "hi"), platform: FakeSystem().platform).run(),
                       Outcome(.interrupted, signal: .job))
        let forwarding = FakeFrontEnd(typing: [[.interrupt(job: true)]])
        XCTAssertEqual(Runner(frontEnd: forwarding, alert: ForwardingAlert(), platform: FakeSystem().platform).run().answer,
                       Array("forwarded 130".utf8))
    }

    func testTheFrontEndIsToldWhichRequestEndedItSoOnlyTheBoxKnowsEsc() {
        let esc = FakeFrontEnd(typing: [[.event(.action(.down)), .event(.action(.cancel))]])
        XCTAssertEqual(Runner(frontEnd: esc, alert: ConfirmAlert(title: "", text: "Go?"), platform: FakeSystem().platform).run(), Outcome(.cancel))
        XCTAssertEqual(esc.endedBy, .some(.event(.action(.cancel))))
        let button = FakeFrontEnd(typing: [[.event(.action(.focusNext)), .event(.action(.submit))]])
        XCTAssertEqual(Runner(frontEnd: button, alert: ConfirmAlert(title: "", text: "Go?"), platform: FakeSystem().platform).run(), Outcome(.cancel))
        XCTAssertEqual(button.endedBy, .some(.event(.action(.submit))), "No pressed, not Esc: whiptail tells 1 from 255 by this")
    }

    func testScriptedAnswersAnswerEachPromptOnceAndReportTheAlertsReason() {
        XCTAssertEqual(Scripted.run(ConfirmAlert(title: "", text: "Go?"), answers: [:], prompt: "no"), Outcome(.cancel))
        var reported: String?
        let front = ScriptedFrontEnd(ScriptedAnswers(.environment({ _ in "maybe" })), promptName: "prompt 'go'", report: { reported = $0 })
        XCTAssertEqual(Runner(frontEnd: front, alert: ConfirmAlert(title: "", text: "Go?"), platform: .withoutSignals).run().status, .usage)
        XCTAssertEqual(reported, "prompt 'go': answer yes or no, not 'maybe'")
        var confirm = FieldConfiguration(rules: try! Rules())
        confirm.secret = true
        confirm.confirm = true
        let twice = try! FieldAlert(title: "", text: "", configuration: confirm)
        XCTAssertEqual(Scripted.run(twice, answers: [:], prompt: "s3cret").answer, Array("s3cret".utf8), "a secret asked twice is answered twice")
    }

    /// The command wrote its question and stopped for the terminal between the loop's wait and its
    /// look at the command: what it wrote is taken while the alert is still up, and shown only once
    /// the front end has stepped aside (shown before, it went to the alternate screen and was lost).
    func testOutputTakenAsTheTerminalIsLentIsShownOnceSteppedAside() {
        let command = StoppingCommand()
        var lentTo: [Int32] = []
        weak var released: FakeLoan?
        let front = FakeFrontEnd()
        let runner: Runner
        do {
            let loan = FakeLoan(lend: { lentTo.append($0) }) { _ in
                command.write("preparing\nName? ")
                return Platform.GroupState(stopped: true)
            }
            released = loan
            runner = Runner(frontEnd: front, alert: CommandWatchingAlert(), sources: [command], platform: command.platform, loan: loan)
        }
        XCTAssertEqual(runner.run().status, .ok)
        XCTAssertEqual(front.asides, ["step aside", "show Name? \n", "step back"])
        XCTAssertEqual(lentTo, [command.group])
        // An ending by a signal dies while the runner still lives: the loan (TOSTOP) must be gone by then.
        XCTAssertNil(released, "the loan is given back when the loop ends")
    }
}

/// The terminal as lent, without one: every group it is asked about is in the state `inspect` says.
final class FakeLoan: TerminalLending {
    let onLend: (Int32) -> Void
    let inspect: (Int32) -> Platform.GroupState
    init(lend: @escaping (Int32) -> Void, inspect: @escaping (Int32) -> Platform.GroupState) {
        onLend = lend
        self.inspect = inspect
    }
    var isOurs: Bool { true }
    func lend(to group: Int32) { onLend(group) }
    func takeBack() {}
    func stopBackgroundWriters() {}
    func groupState(_ group: Int32) -> Platform.GroupState { inspect(group) }
}

/// A command whose output is ready only once written; it ends the turn after its output is read.
final class StoppingCommand: EventSource {
    let group: Int32 = 4242
    let fd: FileDescriptor = 7
    private var pending: [UInt8] = []
    private var exited = false
    private var endNext = false
    func write(_ text: String) { pending += Array(text.utf8) }
    var readDescriptors: [FileDescriptor] { exited ? [] : [fd] }
    var writeDescriptors: [FileDescriptor] { [] }
    var nextDeadline: UInt64? { nil }
    var processGroup: Int32? { exited ? nil : group }
    var runsCommands: Bool { true }
    func accept(_ effect: Effect, now: UInt64) -> Bool { false }
    func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        if readable.contains(fd), !pending.isEmpty {
            defer { pending = [] }
            endNext = true
            return [.childOutput(stream: 1, pending)]
        }
        guard endNext, !exited else { return [] }
        exited = true
        return [.childExited(status: 0)]
    }
    func shutdown() {}
    /// Its descriptor is readable exactly while it has output waiting; time passes only in waits.
    var platform: LoopPlatform {
        var now: UInt64 = 1_000_000_000
        return LoopPlatform(now: { now },
                            poll: { read, _, timeout in
                                if timeout > 0 { now += UInt64(timeout) * 1_000_000 }
                                return (read.contains(self.fd) && !self.pending.isEmpty ? [self.fd] : [], [])
                            },
                            catchSignals: { _ in nil }, drainSignals: { [] }, restoreSignals: { _ in })
    }
}

/// Ends when the command it watches has ended.
struct CommandWatchingAlert: UndrawnAlert {
    var meaning: AlertMeaning { .progress(.init(title: "", text: "", percent: nil, lastLine: "")) }
    mutating func update(_ event: AlertEvent) -> [Effect] {
        if case .childExited = event { return [.finish(Outcome(.ok))] }
        return []
    }
}
