// Answers as text, one vocabulary both ways: what a script gives (ALERTTY_ANSWER_<ID>, the
// answers file, a credential, an answer typed to systemd's agents) is read by what the prompt
// asks (its meaning); what a person answered is written (ALERTTY_RECORD, --describe's default)
// as the text that gives the same outcome again. A word read here is a word written here.

enum AnswerCodec {
    /// What a yes/no question is answered with in a record, and read as besides its buttons'
    /// labels (a form's switch takes on/off too; a licence only these).
    static let yes = "yes", no = "no"
    static let yesWords = ["y", yes, "true", "1"], noWords = ["n", no, "false", "0"]
    static let switchWords = (on: "on", off: "off")
    /// What a message (an acknowledgement) is recorded as; any text answers one.
    static let acknowledged = "ok"

    /// The words a yes/no reads, for --describe's schema (kept beside the words themselves).
    static let yesOrNoWords = "yes or no (also y/n, true/false, on/off, 1/0, or the buttons' labels)"

    // MARK: - Read

    /// A script's text as the answer to what is asked.
    static func decode(_ text: String, as meaning: AlertMeaning) -> ScriptedAnswers.Step {
        switch meaning {
        case .message, .progress:
            return .answer(.current)
        case .document(let d):
            // A licence (--cancel) takes yes or no; anything else is read and closed.
            guard let cancel = d.cancel else { return .answer(.current) }
            return yesOrNo(text, yes: [d.ok], no: [cancel]).map { .answer($0) }
                ?? .refused("answer yes or no, not \(Sanitize.excerpt(text))")
        case .question(let q):
            return yesOrNo(text, yes: [switchWords.on, q.yes], no: [switchWords.off, q.no]).map { .answer($0) }
                ?? .refused(q.name == nil ? "answer yes or no, not \(Sanitize.excerpt(text))"
                                          : "field \(q.name!): on or off, not \(Sanitize.excerpt(text))")
        case .field:
            return .answer(.text(text))
        case .list(let c):
            var picks: [Int] = []
            // One per line; a form's multi field also as it prints them, A,C (its options hold no comma).
            let separators: Set<Character> = c.name != nil && c.multi ? ["\n", ","] : ["\n"]
            for wanted in text.split(whereSeparator: { separators.contains($0) }).map(String.init) {
                guard let i = c.index(of: wanted) else {
                    return .refused(c.name.map { "field \($0): one of \(c.labels.joined(separator: ", ")), not \(Sanitize.excerpt(wanted))" }
                                    ?? "no item \(Sanitize.excerpt(wanted))")
                }
                picks.append(i)
            }
            return .answer(.items(picks))
        case .browser(let b):
            // open: the whole answer, one path per line; save and folder: one path.
            return .answer(b.opens ? .text(text) : .path(text))
        }
    }

    /// Yes, no, or neither, by the shared words and the prompt's own.
    static func yesOrNo(_ text: String, yes: [String], no: [String]) -> Answer? {
        let a = text.trimmingSpaces().lowercased()
        if (yesWords + yes.map { $0.lowercased() }).contains(a) { return .yes }
        if (noWords + no.map { $0.lowercased() }).contains(a) { return .no }
        return nil
    }

    // MARK: - Write

    /// The answers that give `outcome` again, by what the alert records (its descriptor), or nil
    /// when it cannot be given by a script (a cancelled prompt, the extra or help button, JSON
    /// output). A secret's value is marked, for its writer to leave out.
    static func encode(_ outcome: Outcome, recorded: AlertDescriptor.Recorded, secret: Bool) -> [ReplayAnswer]? {
        switch recorded {
        case .yesOrNo:
            switch outcome.status {
            case .ok: return [ReplayAnswer(value: Array(yes.utf8))]
            case .cancel: return [ReplayAnswer(value: Array(no.utf8))]
            default: return nil
            }
        case .acknowledged:
            return outcome.status == .ok ? [ReplayAnswer(value: Array(acknowledged.utf8))] : nil
        case .nothing:
            return nil
        case .answer:
            guard outcome.status == .ok else { return nil }
            return outcome.replay ?? [ReplayAnswer(value: outcome.answer ?? [], secret: secret)]
        }
    }
}
