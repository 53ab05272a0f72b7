// systemd's password agents (systemd-tty-ask-password-agent, Plymouth, alertty's own agent) as a
// channel elsewhere: a question that asks one line of text is posted where they look, and an
// answer they send is checked by the question's own rules (`SystemdAsk.Posted`).

struct SystemdAgentsElsewhere: Elsewhere {
    var name: String { "systemd" }

    /// Their agents ask one line of text, a password or not.
    func takes(_ question: Reach.Waiting) -> Bool { question.built.asksOneLine }

    func offer(_ question: Reach.Waiting) -> (any OtherChannel)? {
        let built = question.built
        return SystemdAsk.Posted(message: SystemdAsk.message(question.command, secret: built.secret, asker: question.asker),
                                 echo: !built.secret, deadline: question.deadline, id: String(Platform.processID),
                                 answer: { [promptName = question.promptName] typed in
                                     Ask.answering(built, with: typed, promptName: promptName)
                                 })
    }
}
