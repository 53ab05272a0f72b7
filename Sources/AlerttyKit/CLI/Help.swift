// --help text, generated from CommandSpec.

public enum Help {
    public static let shortUsage = "usage: alertty " + AlertKind.allCases.map(\.rawValue).joined(separator: "|") + " [flags] [TEXT] (alertty --help for more)"

    static func flagLines(_ flags: [FlagSpec]) -> String {
        let width = min(28, (flags.map { $0.usage.count }.max() ?? 0) + 2)
        return flags.map { f in
            let u = f.usage
            let pad = u.count < width ? String(repeating: " ", count: width - u.count) : "\n    " + String(repeating: " ", count: width)
            return "    " + u + pad + f.help
        }.joined(separator: "\n")
    }

    public static var exitStatusLines: String {
        ExitStatus.allCases.map { s in
            let code = String(s.rawValue)
            return "    " + code + String(repeating: " ", count: 6 - code.count) + s.meaning
        }.joined(separator: "\n") + "\n    N     progress -- COMMAND: the command's own status (128+N: died of signal N; 127: could not run)"
    }

    /// `alertty --help`: what a newcomer needs, in two screens (48 rows of 100 columns); the rest by topic.
    public static func global() -> String {
        let alerts = AlertKind.allCases.map { item($0.rawValue, $0.summary, width: 10) }
        // Each status's first clause: the whole of it in the man page, `alertty ALERT --help` and the README.
        let statuses = ExitStatus.allCases.map { item(String($0.rawValue), String($0.meaning.split(separator: ";").first ?? ""), width: 6) }
            + [item("N", "progress -- COMMAND: the command's own status (128+N: died of signal N)", width: 6)]
        return """
        alertty \(CommandSpec.version) - ask a person something from a script, on the terminal

        usage: alertty ALERT [flags] [TEXT]   alertty ALERT --help: its flags, keys, default
               alertty --help TOPIC           alertty --version
        topics: \(topics.map(\.name).joined(separator: " "))

        The box is drawn on the terminal (/dev/tty); only the answer goes to stdout, so
        answer=$(alertty input --title "Your email" --validate email) works.

        alerts:
        \(alerts.joined(separator: "\n"))

        exit status:
        \(statuses.joined(separator: "\n"))

        environment (alertty --help environment):
            ALERTTY_ANSWER_<ID>      answers without a person (ALERTTY_ANSWERS=FILE: many)
            ALERTTY_NONINTERACTIVE   take each prompt's default, or exit 3
            ALERTTY_POPUP            ask in a tmux popup (ALERTTY_OPTIONS: flags for all)

        """
    }

    /// `NAME  text`, the text wrapped to 100 columns under itself.
    static func item(_ name: String, _ text: String, width: Int) -> String {
        let lead = "    " + name + String(repeating: " ", count: max(1, width - name.count))
        return lead + Wrap.lines([text], width: 100 - lead.count).joined(separator: "\n" + String(repeating: " ", count: lead.count))
    }

    /// `alertty --help TOPIC`: the parts of the whole reference a newcomer does not need first.
    static let topics: [(name: String, text: @Sendable () -> String)] = [
        ("flags", { "flags for every alert:\n" + flagLines(CommandSpec.common) + "\n" }),
        ("environment", { environmentText }),
        ("limits", { section("limits", Limits.lines) }),
        ("themes", { section("themes", ThemeDocs.lines) }),
        ("languages", { section("languages", TranslationDocs.lines) }),
        ("cron", { section("cron", cronLines(installedIn: Askpass.installedFolder)) }),
        ("agent", { AgentProgram.usage }),
        ("ask", { AskProgram.usage }),
        ("mcp", { MCPProgram.usage }),
        ("askpass", { section("askpass", Askpass.usage(installedIn: Askpass.installedFolder)) }),
        ("pinentry", { section("pinentry", Pinentry.usage(installedIn: Askpass.installedFolder)) }),
        ("dropin", { "whiptail/dialog: called as whiptail or dialog (a symlink), or `alertty whiptail|dialog ...`, it reads\n"
                     + "that program's command line by its own rules.\n" + section(nil, Compat.supportSummary) }),
    ]

    static func topic(_ name: String) -> String? { topics.first { $0.name == name }?.text() }

    /// `--help cron`: a job with no terminal asking a person, as cron really runs it.
    static func cronLines(installedIn folder: String) -> [String] {
        [
            "A job from cron, a timer or a service has no terminal: add --popup and a --timeout, and its question reaches you in a popup on your tmux client, or in `alertty agent` in any terminal of yours; 1 only for your No, 124 when time runs out, 3 when no one can be asked at all. Scripts of whiptail or dialog: ALERTTY_POPUP=1 and ALERTTY_OPTIONS='--timeout 600' in the crontab.",
            "A user's crontab runs with PATH=/usr/bin:/bin: set PATH at its top (or name alertty by its path), and write % as \\% (cron makes % a newline):",
            "PATH=\(folder):/usr/bin:/bin",
            "*/30 * * * * alertty confirm --popup --timeout 600 'Disk 95\\% full. Clean?' && apt-get clean",
            "In any terminal, `alertty agent --watch` answers as questions come; `alertty agent --check` in PROMPT_COMMAND says when some wait. Without a person: ALERTTY_ANSWER_<ID>, a systemd credential or --non-interactive (see --help environment).",
        ]
    }

    static func section(_ title: String?, _ lines: [String]) -> String {
        (title.map { $0 + ":\n" } ?? "") + lines.map { "  " + Wrap.lines([$0], width: 96).joined(separator: "\n    ") }.joined(separator: "\n") + "\n"
    }

    static let environmentText = """
        environment:
            ALERTTY_ANSWER_<ID>     answers the prompt named --id ID (upper case, - as _), by its own rules;
                                    ALERTTY_ANSWER_<ID>_<FIELD> answers a form's field
            CREDENTIALS_DIRECTORY   systemd's credentials: the file named as the --id (a form's field:
                                    ID.FIELD) answers the prompt first, one trailing newline dropped;
                                    a folder others may write, or a credential that is not a regular
                                    file of at most 16 MiB of UTF-8: exit 2
            ALERTTY_ANSWERS=FILE    answers by name for every prompt, from a file of ALERTTY_ANSWER_ lines
                                    (as ALERTTY_RECORD writes it; read, never run); the environment wins
            ALERTTY_RECORD=FILE     each prompt with an --id that a person answers adds the line that
                                    answers it again (0600; a secret is left out, said in a comment); a
                                    link, FIFO, device, or file of another's or others may write: exit 2
            ALERTTY_NONINTERACTIVE  as --non-interactive: take each prompt's default, or exit 3
            ALERTTY_POPUP           as --popup: ask in a tmux popup (the drop-in, askpass, pinentry too)
            ALERTTY_NOTIFY=0        as --no-notify: a waiting job's question is not shown on the desktop
            ALERTTY_OPTIONS         flags for every call, under the call's own (as DIALOGOPTS)
            ALERTTY_PLAIN, ACCESSIBLE, TERM=dumb   line mode
            NO_COLOR, COLORTERM     colour
            ALERTTY_TERMINAL=off    do not ask the terminal what it is (its modes, background, keyboard);
                                    =$(alertty --print-terminal): its answers kept, not asked again
            COLORFGBG               a light background: the light look, where no theme is set

        """

    public static func alert(_ alert: AlertKind) -> String {
        let own = alert.descriptor.flags
        let common = CommandSpec.common
        return """
        usage: alertty \(alert.rawValue) [flags] \(alert.positionals.map(\.usage).joined(separator: " "))

        \(alert.summary)
        TEXT is \(alert.textHelp).
        With no person (--non-interactive, --on-timeout default, ALERTTY_ANSWER_<ID> unset): \(alert.descriptor.withoutAPerson).

        flags:
        \(flagLines(own))
        \(alert.descriptor.declarations.map { "\n\($0.noun)s (each \($0.openerWord), then its options):\n" + declarationLines($0) + "\n" } ?? "")
        flags for every alert:
        \(flagLines(common))

        keys:
        \(keyLines(alert))

        exit status:
        \(exitStatusLines)

        examples:
        \(examples(alert).map { "    " + $0 }.joined(separator: "\n"))

        """
    }

    static func declarationLines(_ declarations: Declarations) -> String {
        let lines = declarations.lines
        let width = (lines.map { $0.usage.count }.max() ?? 0) + 2
        return lines.map { "    " + $0.usage + String(repeating: " ", count: width - $0.usage.count) + $0.help }.joined(separator: "\n")
    }

    static func keyLines(_ alert: AlertKind) -> String {
        alert.keyUses.map { use in
            let keys = use.keys(overrides: alert.keyOverrides)
            let pad = keys.count < 26 ? String(repeating: " ", count: 28 - keys.count) : "\n" + String(repeating: " ", count: 32)
            return "    " + keys + pad + use.help
        }.joined(separator: "\n")
    }

    public static func examples(_ alert: AlertKind) -> [String] { alert.descriptor.examples }
}
