// The man page and the bash/zsh/fish completions, generated from CommandSpec. The checked-in
// copies in man/ and completions/ are compared with this output by a test.

public enum Docs {
    /// Words after `alertty` that are programs rather than alerts, for the completions.
    static let programs: [(name: String, summary: String)] = [
        ("agent", "Answer the questions waiting for you: your jobs', systemd's password requests."),
        ("ask", "Ask a question given as JSON (a --describe object, an MCP elicitation); the answer as JSON."),
        ("mcp", "A Model Context Protocol server on stdio whose tools ask a person."),
        ("askpass", "Ask a prompt for ssh, sudo or git (SSH_ASKPASS, SUDO_ASKPASS, GIT_ASKPASS)."),
        ("pinentry", "GnuPG's pinentry: speak Assuan on stdin/stdout (pinentry-program)."),
        ("whiptail", "Run a whiptail command line."),
        ("dialog", "Run a dialog command line."),
    ]

    /// What `alertty --generate` writes.
    static let generatable = ["man", "bash", "zsh", "fish"]

    public static func generate(_ what: String) -> String {
        switch what {
        case "man": return manPage()
        case "bash": return bash()
        case "zsh": return zsh()
        case "fish": return fish()
        default: return ""
        }
    }

    // MARK: - roff

    static func roff(_ text: String) -> String {
        var s = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        s = s.replacingAll("`", with: "")
        if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
        // Non-ASCII as roff named code points, so every formatter reads the same bytes.
        var ascii = ""
        for scalar in s.unicodeScalars {
            if scalar.isASCII { ascii.unicodeScalars.append(scalar) } else { let hex = String(scalar.value, radix: 16, uppercase: true)
                ascii += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]" }
        }
        return ascii
    }

    static func manFlag(_ f: FlagSpec) -> String {
        let value = f.takesValue ? " \\fI\(roff(f.valueName))\\fR" : ""
        return ".TP\n.B \\-\\-\(roff(f.name))\(value)\n\(roff(f.help))\n"
    }

    public static func manPage() -> String {
        var s = """
        .TH ALERTTY 1 2026-11-21 "alertty \(CommandSpec.version)" "User Commands"
        .SH NAME
        alertty \\- ask a person something from a script, on the terminal
        .SH SYNOPSIS
        .B alertty
        .I alert
        .RI [ flags ]
        .RI [ text ]
        .br
        .B alertty
        .I alert
        .B \\-\\-help
        .br
        .B alertty \\-\\-version
        .SH DESCRIPTION
        .B alertty
        draws one alert on the terminal (\\fI/dev/tty\\fR, or \\fB\\-\\-tty\\fR), waits for an answer,
        prints the answer on standard output and says what happened with its exit status.
        The box is never drawn on standard output, so
        .B answer=$(alertty input ...)
        captures only the answer.
        Every control character in a title, message, label or file name is drawn visibly, so text
        from outside can never send the terminal a command.
        .PP
        A \\fItext\\fR of \\fB\\-\\fR reads the text from standard input.
        \\fB\\-\\-flag value\\fR and \\fB\\-\\-flag=value\\fR are both accepted; \\fB\\-\\-\\fR ends the flags.
        .SH ALERTS

        """
        for alert in AlertKind.allCases {
            s += ".TP\n.B \(alert.rawValue)\n\(roff(alert.summary + " TEXT is " + alert.textHelp + ". With no person: " + alert.descriptor.withoutAPerson + "."))\n"
        }
        s += ".SH COMMON FLAGS\n"
        for f in CommandSpec.common { s += manFlag(f) }
        for alert in AlertKind.allCases {
            s += ".SH \(alert.rawValue.uppercased()) FLAGS\n"
            for f in alert.descriptor.flags { s += manFlag(f) }
            if let declared = alert.descriptor.declarations {
                s += ".SS \(declared.noun.prefix(1).uppercased() + declared.noun.dropFirst())s\nEach \\fB\(roff(declared.openerWord))\\fR is followed by its own options:\n"
                for line in declared.lines { s += ".TP\n.B \(roff(line.usage))\n\(roff(line.help))\n" }
            }
        }
        s += """
        .SH KEYS
        Keys are read through one binding table; each alert lists what they do there. Ctrl\\-C restores the
        terminal and interrupts the whole job, so a script calling alertty stops as it would at \\fBread\\fR
        (a script that traps INT handles it); Ctrl\\-Z stops the whole job, as at any other command, and the
        box returns on \\fBfg\\fR. A paste is inserted as text and never submits.

        """
        for alert in AlertKind.allCases {
            s += ".SS \(alert.rawValue)\n"
            for use in alert.keyUses {
                s += ".TP\n.B \(roff(use.keys(overrides: alert.keyOverrides)))\n\(roff(use.help))\n"
            }
        }
        s += """
        .SH EXIT STATUS
        .TS
        l l.

        """
        for status in ExitStatus.allCases { s += "\(status.rawValue)\t\(roff(status.meaning))\n" }
        s += """
        .TE
        .PP
        In whiptail/dialog compatibility mode the statuses are that program's: Esc 255, dialog's Help 2
        and Extra 3, and 255 for what would be alertty's 2, 3 or 4, or dialog's DIALOG_* overrides.
        \\fBprogress \\-\\- COMMAND\\fR exits with the command's own status (128+N if it died of signal N,
        127 if it could not be run).
        .SH ENVIRONMENT
        .TP
        .B NO_COLOR
        When set and not empty, no colour is used (unless \\fB\\-\\-color always\\fR).
        .TP
        .B COLORTERM
        \\fBtruecolor\\fR or \\fB24bit\\fR selects 24\\-bit colour; otherwise \\fBTERM\\fR decides between 256 and 16 colours.
        .TP
        .BR ALERTTY_PLAIN ", " ACCESSIBLE
        When set (and not \\fB0\\fR), line mode: plain lines, no escape sequences, for screen readers and
        dumb terminals. \\fBTERM\\fR set to \\fBdumb\\fR or unset chooses it too, as does \\fB\\-\\-plain\\fR.
        .TP
        .BI ALERTTY_ANSWER_ ID
        Answers the prompt named \\fB\\-\\-id\\fR \\fIID\\fR (upper case, \\fB\\-\\fR as \\fB_\\fR) without a person,
        checked by the prompt's own rules; \\fBALERTTY_ANSWER_\\fR\\fIID\\fR\\fB_\\fR\\fIFIELD\\fR answers a form's field.
        .TP
        .B CREDENTIALS_DIRECTORY
        systemd's credentials (\\fBLoadCredential=\\fR, \\fBSetCredential=\\fR): the file named as the prompt's \\fB\\-\\-id\\fR
        (a form's field: \\fIID\\fR\\fB.\\fR\\fIFIELD\\fR) answers it without a person, checked by its rules, before
        \\fBALERTTY_ANSWER_\\fR\\fIID\\fR; one trailing newline is dropped. The folder must be the user's or root's and
        closed to others' writing, and a credential a regular file of at most 16 MiB of UTF-8: anything else is exit 2.
        .TP
        .BI ALERTTY_ANSWERS= FILE
        Answers by name for every prompt, from \\fIFILE\\fR: lines \\fBALERTTY_ANSWER_\\fR\\fIID\\fR\\fB=\\fR\\fIVALUE\\fR, the value a
        word, \\fB\\(aq...\\(aq\\fR or \\fB"..."\\fR, as \\fBALERTTY_RECORD\\fR writes them. The file is read, never run:
        any other name or an unclosed quote is an error (exit 2); a value a shell would not take literally (\\fB$\\fR, a
        backtick, an unquoted \\fB;\\fR \\fB|\\fR \\fB&\\fR \\fB<\\fR \\fB>\\fR \\fB(\\fR \\fB)\\fR, a leading \\fB~\\fR), bytes that are not UTF\\-8 or an answer
        over 16 MiB are an error (exit 2) for the prompt that line answers only.
        A variable in the environment wins over the file.
        .TP
        .BI ALERTTY_RECORD= FILE
        Each prompt with an \\fB\\-\\-id\\fR that a person answers appends the line that answers it again to
        \\fIFILE\\fR (made 0600); a form, one line per field. A secret is never written: a comment says it was left out.
        A file that is there must be a regular file of the user's that no one else may write: a link, a FIFO, a device,
        another user's file or one others may write is said before anything is asked (exit 2).
        .TP
        .B ALERTTY_POPUP
        When set (and not \\fB0\\fR), as \\fB\\-\\-popup\\fR, for every program alertty is (the drop\\-in, askpass, pinentry).
        .TP
        .B ALERTTY_NOTIFY
        \\fB0\\fR: as \\fB\\-\\-no\\-notify\\fR: a job's question waiting for a person is not also shown as a desktop
        notification. Otherwise it is, where the user's session bus (\\fBDBUS_SESSION_BUS_ADDRESS\\fR, else
        \\fB/run/user/\\fIUID\\fB/bus\\fR) has a notification server that shows buttons.
        .TP
        .B ALERTTY_NONINTERACTIVE
        When set (and not \\fB0\\fR), as \\fB\\-\\-non\\-interactive\\fR: take each prompt's default, or exit 3.
        .TP
        .B ALERTTY_OPTIONS
        Flags for every call, read before the call's own (as dialog's \\fBDIALOGOPTS\\fR); an error names the variable.
        .TP
        .BR LANG ", " LC_ALL ", " LC_CTYPE
        A UTF\\-8 locale gives rounded box corners and a \\(bu password mask; otherwise ASCII is used.
        .TP
        .B ALERTTY_TERMINAL
        \\fBoff\\fR (or \\fB0\\fR): the box does not ask the terminal what it is as it starts. Otherwise it asks once (its
        modes, background colour, keyboard protocol and name, ended by DA1, 50 ms at most for a terminal that answers
        nothing): bracketed paste left on where it was on, the kitty keyboard protocol used where spoken, and with no
        theme set the \\fBlight\\fR look on a light background. The line \\fBalertty \\-\\-print\\-terminal\\fR prints
        (\\fBv1;modes=\\&...\\fR) keeps those answers: given in \\fBALERTTY_TERMINAL\\fR, each box takes them and asks nothing.
        .TP
        .B COLORFGBG
        \\fIfg\\fB;\\fIbg\\fR (rxvt, Konsole): a light \\fIbg\\fR (7, 9\\-15) chooses the \\fBlight\\fR look where the terminal says nothing and no theme is set.
        .SH LANGUAGES
        \(TranslationDocs.lines.map(roff).joined(separator: "\n.PP\n"))
        .SH THEMES
        \(ThemeDocs.lines.map(roff).joined(separator: "\n.PP\n"))
        .SH LIMITS
        \(Limits.lines.map(roff).joined(separator: "\n.PP\n"))
        .SH AGENT
        .nf
        \(AgentProgram.usage.split(separator: "\n").map { roff(String($0)) }.joined(separator: "\n"))
        .fi
        .SH ASKPASS
        \(roff(Askpass.usage[0]))
        .PP
        .nf
        \(Askpass.usage.dropFirst().map(roff).joined(separator: "\n"))
        .fi
        .SH PINENTRY
        \(roff(Pinentry.usage[0]))
        .PP
        .nf
        \(Pinentry.usage.dropFirst().map(roff).joined(separator: "\n"))
        .fi
        .SH COMPATIBILITY
        Called as \\fBwhiptail\\fR or \\fBdialog\\fR (a symlink), or as \\fBalertty whiptail\\fR ... or
        \\fBalertty dialog\\fR ..., alertty reads the command line by that program's rules and runs it with
        alertty's alerts.
        \(Compat.supportSummary.map { ".IP \\(bu 2\n" + roff($0) }.joined(separator: "\n"))
        .SH EXAMPLES

        """
        s += ".nf\n"
        for alert in AlertKind.allCases {
            for e in Help.examples(alert) { s += "\(roff(e))\n" }
        }
        s += ".fi\n.SH SEE ALSO\n.BR dialog (1),\n.BR whiptail (1)\n"
        return folded(s)
    }

    /// Text lines folded to at most 80 bytes (a line break is a space in roff); macros and
    /// no-fill examples are left alone.
    static func folded(_ page: String) -> String {
        var out: [String] = []
        var noFill = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == ".nf" { noFill = true }
            if line == ".fi" { noFill = false }
            guard !noFill, !line.hasPrefix("."), line.utf8.count > 80 else {
                out.append(line)
                continue
            }
            var current = ""
            for word in line.split(separator: " ") {
                if !current.isEmpty && current.utf8.count + 1 + word.utf8.count > 80 {
                    out.append(current)
                    current = ""
                }
                let w = current.isEmpty && (word.hasPrefix(".") || word.hasPrefix("'")) ? "\\&" + word : String(word)
                current += current.isEmpty ? w : " " + w
            }
            out.append(current)
        }
        return out.joined(separator: "\n")
    }

    // MARK: - Completions

    static func valueWords(_ f: FlagSpec) -> [String]? {
        if case .choice(let options) = f.value { return options }
        return nil
    }

    public static func bash() -> String {
        var s = """
        # bash completion for alertty (generated by `alertty --generate bash`)
        _alertty() {
            local cur prev alert
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev="${COMP_WORDS[COMP_CWORD-1]}"
            alert="${COMP_WORDS[1]}"
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(AlertKind.allCases.map(\.rawValue).joined(separator: " ")) \(programs.map(\.name).joined(separator: " ")) --help --version --print-theme --print-terminal --generate" -- "$cur"))
                return
            fi
            if [ "$COMP_CWORD" -eq 2 ]; then
                case "$prev" in
                    --print-theme) COMPREPLY=($(compgen -W "\(ThemePresets.names.joined(separator: " "))" -- "$cur")); return ;;
                    --generate) COMPREPLY=($(compgen -W "\(generatable.joined(separator: " "))" -- "$cur")); return ;;
                esac
            fi
            case "$prev" in

        """
        func completion(_ value: ValueKind) -> String {
            switch value {
            case .choice(let options): return "COMPREPLY=($(compgen -W \"\(options.joined(separator: " "))\" -- \"$cur\"))"
            // (-o filenames: a folder completes with its slash, a name with a space is quoted.)
            case .directory: return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
            case .file: return "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .command: return "COMPREPLY=($(compgen -c -- \"$cur\"))"
            case .theme: return "COMPREPLY=($(compgen -W \"\(ThemePresets.names.joined(separator: " "))\" -- \"$cur\") $(compgen -f -- \"$cur\"))"
            default: return ":"
            }
        }
        // A flag several alerts take with different values (--output) completes by the alert.
        var seen = Set<String>()
        for f in CommandSpec.flags where f.takesValue && seen.insert(f.name).inserted {
            let specs = CommandSpec.flags.filter { $0.flag == f.flag }
            let lines = specs.map { completion($0.value) }
            if Set(lines).count == 1 {
                s += "        --\(f.name)) \(lines[0]); return ;;\n"
                continue
            }
            s += "        --\(f.name)) case \"$alert\" in"
            for (spec, line) in zip(specs, lines) { s += " \(spec.alerts.map(\.rawValue).joined(separator: "|"))) \(line) ;;" }
            s += " esac; return ;;\n"
        }
        s += "    esac\n    case \"$alert\" in\n"
        for alert in AlertKind.allCases {
            var names: [String] = []
            for f in CommandSpec.flags(for: alert) where !names.contains("--" + f.name) { names.append("--" + f.name) }
            // A form's field options follow its --field declarations.
            let fieldWords = alert.descriptor.declarations.map { [$0.openerWord] + $0.options(besides: CommandSpec.flags(for: alert)).map { "--" + $0.name } } ?? []
            let words = names + fieldWords + ["--help"]
            let flagWords = "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
            // An alert whose argument is a FILE (text, edit) completes file names where no flag is typed.
            if alert.descriptor.takesFile {
                s += "        \(alert.rawValue)) if [[ \"$cur\" == -* ]]; then \(flagWords); else \(completion(.file)); fi ;;\n"
            } else {
                s += "        \(alert.rawValue)) \(flagWords) ;;\n"
            }
        }
        s += "        agent) COMPREPLY=($(compgen -W \"\(AgentProgram.flags.map { "--" + $0.name }.joined(separator: " ")) --help\" -- \"$cur\")) ;;\n"
        s += "    esac\n}\ncomplete -F _alertty alertty\n"
        return s
    }

    static func zshEscape(_ s: String) -> String {
        s.replacingAll("'", with: "'\\''").replacingAll("[", with: "\\[").replacingAll("]", with: "\\]").replacingAll(":", with: "\\:")
    }

    public static func zsh() -> String {
        var s = """
        #compdef alertty
        # zsh completion for alertty (generated by `alertty --generate zsh`)

        _alertty() {
            local -a alerts
            alerts=(

        """
        for alert in AlertKind.allCases { s += "        '\(alert.rawValue):\(zshEscape(alert.summary))'\n" }
        for program in programs { s += "        '\(program.name):\(zshEscape(program.summary))'\n" }
        s += "    )\n    if (( CURRENT == 2 )); then\n        _describe 'alert' alerts\n        return\n    fi\n    case $words[2] in\n"
        for alert in AlertKind.allCases {
            s += "        \(alert.rawValue))\n            _arguments \\\n"
            for f in CommandSpec.flags(for: alert) {
                var action = ""
                if f.takesValue {
                    switch f.value {
                    case .choice(let options): action = ":\(f.valueName):(\(options.joined(separator: " ")))"
                    case .directory: action = ":\(f.valueName):_files -/"
                    case .file: action = ":\(f.valueName):_files"
                    case .command: action = ":\(f.valueName):_command_names"
                    case .theme: action = ":\(f.valueName):{compadd \(ThemePresets.names.joined(separator: " ")); _files}"
                    default: action = ":\(f.valueName): "
                    }
                }
                s += "                '--\(f.name)[\(zshEscape(f.help))]\(action)' \\\n"
            }
            if let declared = alert.descriptor.declarations {
                // Repeatable: each field takes its own options after its --field NAME KIND LABEL.
                let values = declared.values.map { $0 == "KIND" ? ":KIND:(\(declared.kinds.joined(separator: " ")))" : ":\($0): " }.joined()
                s += "                '*\(declared.openerWord)[\(zshEscape(declared.openerHelp))]\(values)' \\\n"
                for option in declared.options(besides: CommandSpec.flags(for: alert)) {
                    s += "                '*--\(option.name)[\(zshEscape(declared.noun + " option: " + option.help))]\(option.valueName.isEmpty ? "" : ":\(option.valueName): ")' \\\n"
                }
            }
            s += "                '--help[show help]' \\\n                '*:\(alert.descriptor.takesFile ? "file:_files" : "text: ")'\n            ;;\n"
        }
        s += "        agent)\n            _arguments \\\n"
        for (name, help) in AgentProgram.flags { s += "                '--\(name)[\(zshEscape(help))]' \\\n" }
        s += "                '--help[show help]'\n            ;;\n"
        s += "    esac\n}\n\n_alertty \"$@\"\n"
        return s
    }

    public static func fish() -> String {
        var s = "# fish completion for alertty (generated by `alertty --generate fish`)\n"
        s += "complete -c alertty -f\n"
        for alert in AlertKind.allCases {
            s += "complete -c alertty -n __fish_use_subcommand -a \(alert.rawValue) -d '\(alert.summary.replacingAll("'", with: "\\'"))'\n"
        }
        for program in programs {
            s += "complete -c alertty -n __fish_use_subcommand -a \(program.name) -d '\(program.summary.replacingAll("'", with: "\\'"))'\n"
        }
        for f in CommandSpec.flags {
            let condition = "__fish_seen_subcommand_from " + f.alerts.map(\.rawValue).joined(separator: " ")
            var line = "complete -c alertty -n '\(condition)' -l \(f.name)"
            switch f.value {
            case .flag: break
            case .choice(let options): line += " -x -a '\(options.joined(separator: " "))'"
            case .directory: line += " -x -a '(__fish_complete_directories)'"
            case .file: line += " -r -F"
            case .command: line += " -x -a '(__fish_complete_command)'"
            case .theme: line += " -r -F -a '\(ThemePresets.names.joined(separator: " "))'"
            default: line += " -x"
            }
            s += line + " -d '\(f.help.replacingAll("'", with: "\\'"))'\n"
        }
        // An alert whose argument is a FILE (text, edit) completes file names.
        for alert in AlertKind.allCases where alert.descriptor.takesFile {
            s += "complete -c alertty -n '__fish_seen_subcommand_from \(alert.rawValue)' -F\n"
        }
        for (name, help) in AgentProgram.flags {
            s += "complete -c alertty -n '__fish_seen_subcommand_from agent' -l \(name) -d '\(help.replacingAll("'", with: "\\'"))'\n"
        }
        // A form's field declarations and their options.
        for alert in AlertKind.allCases {
            guard let declared = alert.descriptor.declarations else { continue }
            let when = "complete -c alertty -n '__fish_seen_subcommand_from \(alert.rawValue)'"
            s += "\(when) -l \(declared.opener) -x -d '\(declared.openerHelp.replacingAll("'", with: "\\'"))'\n"
            for option in declared.options(besides: CommandSpec.flags(for: alert)) {
                s += "\(when) -l \(option.name)\(option.valueName.isEmpty ? "" : " -x") -d '\((declared.noun + " option: " + option.help).replacingAll("'", with: "\\'"))'\n"
            }
        }
        return s
    }
}
