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

    public static func global() -> String {
        let alerts = AlertKind.allCases.map { "    " + $0.rawValue + String(repeating: " ", count: 10 - $0.rawValue.count) + $0.summary }
        let common = CommandSpec.flags.filter { $0.alerts.count == AlertKind.allCases.count }
        return """
        alertty \(CommandSpec.version) - ask a person something from a script, on the terminal

        usage: alertty ALERT [flags] [TEXT]
               alertty ALERT --help
               alertty --version

        The box is drawn on the terminal (/dev/tty); only the answer goes to stdout, so
        answer=$(alertty input --title "Your email" --validate email) works.

        alerts:
        \(alerts.joined(separator: "\n"))

        flags for every alert:
        \(flagLines(common))

        exit status:
        \(exitStatusLines)

        environment:
            ALERTTY_ANSWER_<ID>     answers the prompt named --id ID (upper case, - as _), by its own rules;
                                    ALERTTY_ANSWER_<ID>_<FIELD> answers a form's field
            ALERTTY_NONINTERACTIVE  as --non-interactive: take each prompt's default, or exit 3
            ALERTTY_OPTIONS         flags for every call, under the call's own (as DIALOGOPTS)
            ALERTTY_PLAIN, ACCESSIBLE, TERM=dumb   line mode
            NO_COLOR, COLORTERM     colour

        languages:
        \(TranslationDocs.lines.map { "  " + Wrap.lines([$0], width: 96).joined(separator: "\n    ") }.joined(separator: "\n"))

        themes:
        \(ThemeDocs.lines.map { "  " + Wrap.lines([$0], width: 96).joined(separator: "\n    ") }.joined(separator: "\n"))

        limits:
        \(Limits.lines.map { "  " + Wrap.lines([$0], width: 96).joined(separator: "\n    ") }.joined(separator: "\n"))

        askpass:
        \(Askpass.usage.map { "  " + Wrap.lines([$0], width: 96).joined(separator: "\n    ") }.joined(separator: "\n"))

        pinentry:
        \(Pinentry.usage.map { "  " + Wrap.lines([$0], width: 96).joined(separator: "\n    ") }.joined(separator: "\n"))

        whiptail/dialog: called as whiptail or dialog (a symlink), or `alertty whiptail|dialog ...`, it reads
        that program's command line by its own rules.
        \(Compat.supportSummary.map { "  " + Wrap.lines([$0], width: 96).joined(separator: "\n    ") }.joined(separator: "\n"))

        """
    }

    public static func alert(_ alert: AlertKind) -> String {
        let own = CommandSpec.flags(for: alert).filter { $0.alerts.count != AlertKind.allCases.count }
        let common = CommandSpec.flags(for: alert).filter { $0.alerts.count == AlertKind.allCases.count }
        return """
        usage: alertty \(alert.rawValue) [flags] [TEXT]

        \(alert.summary)
        TEXT is \(alert.textHelp).

        flags:
        \(flagLines(own))
        \(alert == .form ? "\nfields (each --field, then its options):\n" + fieldLines() + "\n" : "")
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

    static func fieldLines() -> String {
        let lines = FormSpec.optionLines
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

    public static func examples(_ alert: AlertKind) -> [String] {
        switch alert {
        case .message: return ["alertty message --title Backup \"Backup finished\""]
        case .confirm: return ["alertty confirm \"Disk is 95% full. Clean now?\" && clean-disk",
                               "alertty confirm --default no --yes Delete --no Keep \"Delete 3 files?\""]
        case .input: return ["email=$(alertty input --title \"Your email\" --validate email)",
                             "port=$(alertty input --title Port --validate int --value 8080)",
                             "tag=$(alertty input --title Tag --regex 'v[0-9]+\\.[0-9]+')",
                             "user=$(alertty input --title User --validate-cmd 'read u; id \"$u\" >/dev/null 2>&1 || { echo no such user; exit 1; }')"]
        case .password: return ["pw=$(alertty password --title \"Sign in\" --min-length 8)",
                                "pw=$(alertty password --title \"New password\" --confirm --mask '')"]
        case .save: return ["out=$(alertty save --title \"Save the report\" --root \"$HOME\" --name report.txt)"]
        case .folder: return ["dir=$(alertty folder --title \"Install where?\" --root /opt)"]
        case .form: return ["eval \"$(alertty form --title \"New user\" --output shell \\",
                            "    --field name text \"Full name\" --validate nonempty \\",
                            "    --field email text \"Email\" --validate email \\",
                            "    --field pw password \"Password\" --min-length 8 \\",
                            "    --field admin switch \"Administrator\" \\",
                            "    --field shell choice \"Shell\" --options bash,zsh,fish)\""]
        case .time: return ["at=$(alertty time --title \"Start the backup at\" --value 02:30 --format %R)"]
        case .number: return ["volume=$(alertty number --title Volume --min 0 --max 100 --step 5 --value 40)"]
        case .edit: return ["alertty edit /etc/motd > /tmp/motd.new && sudo cp /tmp/motd.new /etc/motd"]
        case .date: return ["day=$(alertty date --title \"Maintenance window\" --min 2026-12-01 --max 2026-12-31)",
                            "alertty date --format '%d/%m/%Y' --value 2026-11-26"]
        case .text: return ["alertty text --title Licence --ok Agree --cancel Decline LICENSE || exit 1",
                            "alertty text --follow --title \"Install log\" /var/log/install.log",
                            "journalctl -b | alertty text -"]
        case .progress: return ["for i in $(seq 0 10 100); do echo $i; sleep 1; done | alertty progress \"Downloading\"",
                                "alertty progress \"Installing\" -- apt-get install -y foo"]
        case .choose: return ["shell=$(alertty choose \"Login shell?\" bash zsh fish)",
                              "parts=$(alertty choose --multi --min 1 \"Install which components?\" core docs examples)",
                              "pkg=$(apt-cache pkgnames | alertty choose --items-from - \"Package?\")",
                              "tz=$(alertty choose --tagged --output tag \"Time zone?\" utc UTC cet \"Central Europe\")"]
        }
    }
}
