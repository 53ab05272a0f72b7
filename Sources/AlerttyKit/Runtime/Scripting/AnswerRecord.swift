// ALERTTY_RECORD=FILE: each prompt with an --id that a person answers adds its answer to FILE
// as the line that would answer it again, `ALERTTY_ANSWER_<ID>='…'` (a form: one line per
// field), shell-quoted. A secret is never written: a comment says it was left out. The file is
// made 0600 and only ever appended to; an existing one must be a regular file of the user's that
// no one else may write. ALERTTY_ANSWERS=FILE reads it back (AnswersFile).

struct AnswerRecord {
    private let fd: FileDescriptor
    private let variable: String

    /// The record this prompt is added to, opened before anything is asked, so a file that must
    /// not be trusted (another user's, one others may write, a link, a FIFO, a device) is said
    /// before a person answers; nil when none is kept or the prompt has no --id.
    static func open(_ command: ParsedCommand, environment: (String) -> String?) throws(UsageError) -> AnswerRecord? {
        guard let path = environment("ALERTTY_RECORD"), !path.isEmpty, let id = command.string(.id) else { return nil }
        do throws(PlatformError) {
            return AnswerRecord(fd: try Platform.openOwnFileForAppending(path), variable: "ALERTTY_ANSWER_" + Answerer.shellName(id))
        } catch {
            throw UsageError("ALERTTY_RECORD: " + error.message)
        }
    }

    /// Adds what a person answered, in one write of whole lines (two prompts recording at once
    /// interleave lines, never bytes); one that cannot be written is said (the answer itself
    /// stands).
    func note(_ command: ParsedCommand, secret: Bool, outcome: Outcome) {
        guard let answers = Self.answers(command, secret: secret, outcome: outcome) else { return }
        var text: [UInt8] = []
        for answer in answers {
            let name = variable + (answer.field.map { "_" + Answerer.shellName($0) } ?? "")
            text += answer.secret ? Array("# \(name): a secret, not recorded\n".utf8)
                : answer.unnameable ? Array("# \(name): an item no text names exactly, not recorded\n".utf8)
                : Array((name + "=").utf8) + Shell.quoted(answer.value) + [0x0A]
        }
        if !Platform.writeAll(fd, text) { App.report("ALERTTY_RECORD: the answer could not be written") }
        text.resetBytes()
    }

    func close() { Platform.close(fd) }

    /// The answers that give `outcome` again (AnswerCodec), or nil when a script cannot give it.
    static func answers(_ command: ParsedCommand, secret: Bool, outcome: Outcome) -> [ReplayAnswer]? {
        AnswerCodec.encode(outcome, recorded: command.alert.descriptor.recorded(command), secret: secret)
    }
}
