// An alert that answers before anything is drawn (choose --select-if-one with one item): its
// first update says what came of it, and no one is asked.

struct ImmediateChannel: Channel {
    var name: String { "immediate" }
    var needs: Ask.Readiness { .deliverable }

    func ask(_ question: Ask.Prepared, record: AnswerRecord?) -> Ran {
        var alert = question.built.makeAlert()
        for case .finish(let outcome) in alert.update(.start) {
            return .ended(outcome, terminator: question.built.terminator, wholeJob: false)
        }
        // Only an alert that finishes on its start is built as immediate.
        assertionFailure("an immediate alert did not finish on its start")
        App.report("the prompt did not answer itself as it should have")
        return .failed(.internalError)
    }
}
