// form as a command: its flags, how a command line declares the fields, and its descriptor.

extension FormAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.styledText,
        SharedFlags.buttons,
        SharedFlags.secretInArguments,
        [
            FlagSpec("fields-from", .file, "FILE", "Field declarations, one per line: NAME KIND LABEL [--option VALUE]... (kinds: \(FieldDeclaration.Kind.allCases.map(\.rawValue).joined(separator: ", ")); options: \(FieldOption.allCases.map { "--" + $0.rawValue }.joined(separator: " ")))."),
        ],
        SharedFlags.dialogKeys,
        [
            FlagSpec("output", .choice(FormAlert.Output.allCases.map(\.rawValue)), "HOW", "lines (one value per line), json (one object), or shell (NAME='value' lines, safe to eval)."),
        ],
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .form, flags: flags, declarations: FormSpec.declarations, summary: "Ask several things in one box (--field NAME KIND LABEL ...), each validated.",
        text: "an optional line above the fields; each field is --field NAME KIND LABEL followed by its options",
        positionals: [PositionalSpec("TEXT", required: false)],
        keyOverrides: [.ctrl("e"): .openEditor],
        keys: [KeyUse([.focusNext, .focusPrevious, .up, .down], "move between fields and buttons"),
               KeyUse([.activate, .left, .right], "flip a switch, cycle a choice"),
               KeyUse([.openEditor], "the end of the line; there, a text field's text to your own editor and back")] + AlertDescriptor.lineEditing,
        withoutAPerson: "every field's default (empty, off, the first choice)",
        hasDefault: { _ in true }, // every field has a value to start from (empty, off, the first choice)
        examples: ["eval \"$(alertty form --title \"New user\" --output shell \\",
                   "    --field name text \"Full name\" --validate nonempty \\",
                   "    --field email text \"Email\" --validate email \\",
                   "    --field pw password \"Password\" --min-length 8 \\",
                   "    --field admin switch \"Administrator\" \\",
                   "    --field shell choice \"Shell\" --options bash,zsh,fish)\""],
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in
            let command = m.command
            let declarations = try FormSpec.declarations(command) { path throws(UsageError) in
                do throws(PlatformError) { return try m.reads.file(path, limit: Limits.fieldsFile, streams: true) } catch {
                    throw UsageError("--fields-from: " + error.message)
                }
            }
            let output = FormAlert.Output(rawValue: command.string(.output) ?? "lines") ?? .lines
            var alert = try FormAlert(title: m.title, text: m.text, fields: declarations, output: output,
                                      okLabel: command.string(.ok) ?? tr("OK"), cancelLabel: command.string(.cancel) ?? tr("Cancel"),
                                      extraLabel: command.string(.extraButton), helpLabel: command.string(.helpButton),
                                      unicode: Theme.localeIsUTF8(environment: m.environment))
            alert.dialogKeys = command.has(.dialogKeys)
            alert = AlertFactory.styled(alert, command, m.text)
            // A runner per field with a command, on the channel of the field's place in the form
            // (second entries of --confirm fields included).
            let checks: [any EventSource] = alert.fields.enumerated().compactMap { i, f in
                f.command.map { ValidationRunner(command: $0, timeoutSeconds: 5, secret: f.kind == .password, channel: f.verdict.channel ?? i) }
            }
            var built = BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: checks, printsAnswer: true,
                                   secret: declarations.contains { $0.kind == .password })
            built.fieldNames = declarations.map(\.name)
            built.secretAtStart = declarations.contains { $0.kind == .password && !($0.options[.default] ?? "").isEmpty }
            return built
        })
}
