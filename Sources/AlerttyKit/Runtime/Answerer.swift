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

    init(_ command: ParsedCommand, fieldNames formFields: [String], environment: @escaping (String) -> String?) {
        let id = command.string(.id)
        promptName = id.map { "prompt '\($0)'" } ?? "the prompt"
        let variable = id.map { "ALERTTY_ANSWER_" + Answerer.shellName($0) }
        self.variable = variable
        nonInteractive = command.has(.nonInteractive) || (environment("ALERTTY_NONINTERACTIVE").map { !$0.isEmpty && $0 != "0" } ?? false)
        // A service's credential first (systemd's LoadCredential=, SetCredential=), then the environment.
        let lookup: (String?) -> String? = { field in
            guard let variable, let id else { return nil }
            return Answerer.credential(field.map { id + "." + $0 } ?? id, environment: environment)
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
    /// one trailing newline dropped. The documented way to give a service its secrets: a file
    /// only the service may read, where a variable is readable in /proc/PID/environ.
    static func credential(_ name: String, environment: (String) -> String?) -> String? {
        guard let folder = environment("CREDENTIALS_DIRECTORY"), folder.hasPrefix("/"), !name.contains("/"),
              var bytes = try? Platform.readFile(folder + "/" + name, limit: Limits.answer) else { return nil }
        defer { bytes.resetBytes() }
        if bytes.last == 0x0A { bytes.removeLast() }
        return String(validating: bytes, as: UTF8.self)
    }

    /// An --id or field name as it appears in a variable: upper case, `-` as `_`.
    static func shellName(_ name: String) -> String {
        String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}
