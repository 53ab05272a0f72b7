// Answers without a person: named by --id (ALERTTY_ANSWER_<ID>, the answers file, a
// credential), or the defaults when no one is to be asked (--non-interactive), through the
// same loop as a person's answers.

struct ScriptedChannel: Channel {
    var name: String { "scripted" }
    var needs: Ask.Readiness { .answersChecked }

    func ask(_ question: Ask.Prepared, record: AnswerRecord?) -> Ran {
        let (answerer, command) = (question.answerer, question.command)
        if answerer.nonInteractive && !answerer.answeredByName && !Ask.hasDefault(command) {
            App.report("\(answerer.promptName) has no default to take without a person (ALERTTY_NONINTERACTIVE)"
                       + (answerer.variable.map { "; set \($0)" } ?? ""))
            return .failed(.noTerminal)
        }
        return Ask.scripted(question.built, answers: answerer.scriptedAnswers!, promptName: answerer.promptName)
    }
}
