// Who answers a prompt: a person, or a script — by name (ALERTTY_ANSWER_<ID>, the answers file,
// a systemd credential) or by the defaults (--non-interactive, ALERTTY_NONINTERACTIVE).

/// Who answers, by the command and the environment: a person, or a script by name
/// (ALERTTY_ANSWER_<ID>, and ALERTTY_ANSWER_<ID>_<FIELD> for a form), or the defaults
/// (ALERTTY_NONINTERACTIVE=1, --non-interactive).
struct Answerer {
    let promptName: String
    /// The variable that answers the prompt, when it has an --id.
    let variable: String?
    let nonInteractive: Bool
    let answeredByName: Bool
    let scriptedAnswers: ScriptedAnswers?

    init(_ command: ParsedCommand, fieldNames formFields: [String], environment: @escaping (String) -> String?) throws(UsageError) {
        let id = command.string(.id)
        promptName = id.map { "prompt '\($0)'" } ?? "the prompt"
        let variable = id.map { "ALERTTY_ANSWER_" + Answerer.shellName($0) }
        self.variable = variable
        nonInteractive = command.has(.nonInteractive) || Ask.switchedOn("ALERTTY_NONINTERACTIVE", environment)
        // A service's credential first (systemd's LoadCredential=, SetCredential=), then the
        // environment. Credentials are read here, once: one that cannot be used is an error now.
        var credentials: [String: String] = [:]
        if let id {
            for name in [id] + formFields.map({ id + "." + $0 }) {
                if let value = try Answerer.credential(name, environment: environment) { credentials[name] = value }
            }
        }
        let lookup: (String?) -> String? = { [credentials] field in
            guard let variable, let id else { return nil }
            return credentials[field.map { id + "." + $0 } ?? id]
                ?? environment(field.map { variable + "_" + Answerer.shellName($0) } ?? variable)
        }
        answeredByName = variable != nil && (lookup(nil) != nil || formFields.contains { lookup($0) != nil })
        if answeredByName {
            // A form's fields not named keep their defaults; the prompt itself must be named.
            let isForm = !formFields.isEmpty
            scriptedAnswers = ScriptedAnswers(.environment({ field in field == nil && isForm ? nil : lookup(field) }))
        } else if nonInteractive {
            scriptedAnswers = ScriptedAnswers(.defaults)
        } else {
            scriptedAnswers = nil
        }
    }

    /// systemd's credential for a prompt: $CREDENTIALS_DIRECTORY/ID (a form's field: ID.FIELD),
    /// one trailing newline dropped; nil when there is none. The documented way to give a
    /// service its secrets: a file only the service may read, where a variable is readable in
    /// /proc/PID/environ. Trusted as the answers file is: the folder must be the user's or
    /// root's and closed to others' writing (another user's planted file must never answer
    /// `confirm --id wipe`), and a credential that is there must be a regular file of at most
    /// the answer's limit holding UTF-8 — else an error naming it, never a silent skip.
    static func credential(_ name: String, environment: (String) -> String?) throws(UsageError) -> String? {
        guard let folder = environment("CREDENTIALS_DIRECTORY"), !folder.isEmpty, !name.contains("/") else { return nil }
        let fail = { (why: String) in UsageError("CREDENTIALS_DIRECTORY: " + why) }
        guard folder.hasPrefix("/") else { throw fail("'\(Sanitize.line(folder))' is not an absolute path") }
        guard let status = Platform.linkStatus(folder) else { return nil }
        guard status.kind == .folder else { throw fail("\(Sanitize.line(folder)) is not a folder") }
        guard status.owner == Platform.userID || status.owner == 0 else { throw fail("\(Sanitize.line(folder)) belongs to another user") }
        guard status.mode & 0o022 == 0 else { throw fail("\(Sanitize.line(folder)) may be written by other users (chmod go-w)") }
        let path = folder + "/" + name
        guard let file = Platform.linkStatus(path) else { return nil }
        guard file.kind == .file else {
            throw fail("\(Sanitize.line(path)) is \(file.kind == .link ? "a symbolic link" : "not a regular file"), so it cannot answer \(Sanitize.line(name))")
        }
        guard file.owner == Platform.userID || file.owner == 0 else { throw fail("\(Sanitize.line(path)) belongs to another user") }
        var bytes: [UInt8]
        do throws(PlatformError) { bytes = try Platform.readFile(path, limit: Limits.answer) } catch { throw fail(error.message) }
        defer { bytes.resetBytes() }
        if bytes.last == 0x0A { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw fail("\(Sanitize.line(path)) is not UTF-8 text") }
        return text
    }

    /// An --id or field name as it appears in a variable: upper case, `-` as `_`.
    static func shellName(_ name: String) -> String {
        String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}
