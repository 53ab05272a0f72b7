// --describe: the prompt printed as data, never asked.

struct DescribeChannel: Channel {
    var name: String { "describe" }
    var needs: Ask.Readiness { .built }

    /// A description is never an answer: its own status in every program, so `confirm && wipe`
    /// does not wipe when ALERTTY_OPTIONS=--describe lists a script's prompts.
    func ask(_ question: Ask.Prepared, record: AnswerRecord?) -> Ran {
        guard Describe.write(question.command, built: question.built, to: question.asking.descriptionDescriptor) else {
            App.report("could not write the description")
            return .failed(.internalError)
        }
        return .failed(.described)
    }
}
