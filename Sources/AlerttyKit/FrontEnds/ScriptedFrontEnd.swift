// No one to ask: ALERTTY_ANSWER_<ID>, ALERTTY_NONINTERACTIVE, or no terminal at all. Nothing is
// drawn; the alert is answered through the same loop, sources and rules as in the box, so a
// --validate-cmd runs, items streamed from a file are read, and a progress step runs to its end
// with its signals forwarded. A refused answer ends with status 2 and the alert's reason.

public final class ScriptedFrontEnd: FrontEnd {
    var answers: ScriptedAnswers
    /// Names the prompt in a refusal ("prompt 'email'").
    let promptName: String
    let report: (String) -> Void

    public init(_ answers: ScriptedAnswers, promptName: String, report: @escaping (String) -> Void) {
        self.answers = answers
        self.promptName = promptName
        self.report = report
    }

    private var saidCut = false
    static let cutNotice = "input cut short: the list holds what came before \(Limits.size(Limits.items)) or an item of \(Limits.size(Limits.item))"

    public var asksAPerson: Bool { false }
    public var readsJobKeys: Bool { false }
    public var readDescriptors: [FileDescriptor] { [] }
    public func begin(_ alert: inout any Alert) { alert.readInPages(of: LineFrontEnd.page) }

    public func present(_ alert: inout any Alert, now: UInt64, context: PresentContext) -> [FrontEndRequest] {
        guard context.settled else { return [] } // a check is running: its verdict decides
        let meaning = alert.meaning
        // Said as the box shows it, once: the answer is taken from what came first.
        if case .list(let c) = meaning, c.cut, !c.loading, !saidCut {
            saidCut = true
            report(Self.cutNotice)
        }
        switch answers.next(meaning) {
        case .answer(let answer): return [.event(.answer(answer))]
        case .wait: return []
        case .refused(let reason):
            var outcome = Outcome(.usage)
            outcome.report = "\(promptName): \(reason)"
            return [.finish(outcome)]
        }
    }

    public func service(_ alert: any Alert, readable: Set<FileDescriptor>, now: UInt64) -> [FrontEndRequest] { [] }
    public func nextDeadline(now: UInt64) -> UInt64? { nil }
    public func suspend(wholeJob: Bool) { Platform.stopJob(wholeGroup: false) }

    public func end(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome {
        if let line = outcome.report { report(line) }
        return outcome
    }
}
