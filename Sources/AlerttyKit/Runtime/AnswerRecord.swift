// ALERTTY_RECORD=FILE: each prompt with an --id that a person answers adds its answer to FILE
// as the line that would answer it again, `ALERTTY_ANSWER_<ID>='…'` (a form: one line per
// field), shell-quoted. A secret is never written: a comment says it was left out. The file is
// made 0600 and only ever appended to. ALERTTY_ANSWERS=FILE reads it back (AnswersFile).

enum AnswerRecord {
    /// Adds what a person answered to the record, if one is kept; a record that cannot be
    /// written is said (the answer itself stands).
    static func note(_ command: ParsedCommand, secret: Bool, outcome: Outcome, environment: (String) -> String?) {
        guard let path = environment("ALERTTY_RECORD"), !path.isEmpty, let id = command.string(.id) else { return }
        let variable = "ALERTTY_ANSWER_" + Answerer.shellName(id)
        guard let answers = answers(command, secret: secret, outcome: outcome) else { return }
        var text: [UInt8] = []
        for answer in answers {
            let name = variable + (answer.field.map { "_" + Answerer.shellName($0) } ?? "")
            text += answer.secret ? Array("# \(name): a secret, not recorded\n".utf8)
                                  : Array((name + "=").utf8) + Shell.quoted(answer.value) + [0x0A]
        }
        do throws(PlatformError) {
            try Platform.append(text, to: path)
        } catch {
            App.report("ALERTTY_RECORD: " + error.message)
        }
        text.resetBytes()
    }

    /// The answers that give `outcome` again, or nil when it cannot be given by a script (a
    /// cancelled prompt, the extra or help button, JSON output).
    static func answers(_ command: ParsedCommand, secret: Bool, outcome: Outcome) -> [ReplayAnswer]? {
        let yesOrNo: [ReplayAnswer]? = switch outcome.status {
        case .ok: [ReplayAnswer(value: Array("yes".utf8))]
        case .cancel: [ReplayAnswer(value: Array("no".utf8))]
        default: nil
        }
        switch command.alert {
        case .confirm:
            return yesOrNo
        case .text where command.has(.cancel):
            return yesOrNo
        case .message, .text:
            return outcome.status == .ok ? [ReplayAnswer(value: Array("ok".utf8))] : nil
        case .progress:
            return nil
        default:
            guard outcome.status == .ok else { return nil }
            if let replay = outcome.replay { return replay }
            if command.alert == .choose {
                guard command.string(.output) != "json" else { return nil }
                return [ReplayAnswer(value: Array((outcome.items ?? []).joined(separator: [0x0A])))]
            }
            return [ReplayAnswer(value: outcome.answer ?? [], secret: secret)]
        }
    }
}
