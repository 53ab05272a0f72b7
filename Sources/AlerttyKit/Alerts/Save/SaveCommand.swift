// save and folder as commands: their flags, how a command line makes the browser, and their
// descriptors.

extension SaveAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let saveFlags: [FlagSpec] = [
        SharedFlags.styledText,
        SharedFlags.okLabel,
        SharedFlags.cancelLabel,
        SharedFlags.browserFolders,
        [
            FlagSpec("name", .text, "NAME", "Initial file name."),
        ],
        SharedFlags.typedPath,
        [
            FlagSpec("overwrite", .choice(["ask", "deny", "allow"]), "ask|deny|allow", "When the file exists: ask (default), refuse, or go on."),
        ],
        SharedFlags.print0,
        SharedFlags.showHidden,
        SharedFlags.dialogKeys,
    ].flatMap { $0 }

    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let folderFlags: [FlagSpec] = [
        SharedFlags.styledText,
        SharedFlags.okLabel,
        SharedFlags.cancelLabel,
        SharedFlags.browserFolders,
        SharedFlags.typedPath,
        SharedFlags.print0,
        SharedFlags.showHidden,
        SharedFlags.dialogKeys,
    ].flatMap { $0 }

    static let saveDescriptor = descriptor(
        .save, summary: "Choose where to save a file, inside a root that cannot be left.",
        keys: [KeyUse([.focusNext, .focusPrevious], "cycle name field, list and buttons")],
        withoutAPerson: "--name in --dir; without --name there is none (exit 3)", hasDefault: { $0.has(.name) },
        examples: ["out=$(alertty save --title \"Save the report\" --root \"$HOME\" --name report.txt)"])

    static let folderDescriptor = descriptor(
        .folder, summary: "Choose a folder, inside a root that cannot be left.",
        keys: [KeyUse([.choose], "choose the highlighted folder (or this one); the box shows which"),
               KeyUse([.focusNext, .focusPrevious], "cycle list and buttons")],
        withoutAPerson: "the --dir; without it there is none (exit 3)", hasDefault: { $0.has(.dir) },
        examples: ["dir=$(alertty folder --title \"Install where?\" --root /opt)"])

    private static func descriptor(_ kind: AlertKind, summary: String, keys: [KeyUse], withoutAPerson: String,
                                   hasDefault: @escaping @Sendable (ParsedCommand) -> Bool, examples: [String]) -> AlertDescriptor {
        AlertDescriptor(
            kind, flags: kind == .save ? saveFlags : folderFlags, summary: summary, text: "an optional message shown above the field (`-` reads it from stdin)",
            positionals: [PositionalSpec("TEXT", required: false)], keyOverrides: [.ctrl("n"): .newFolder],
            keys: keys + [KeyUse([.up, .down, .pageUp, .pageDown, .home, .end], "move in the list"),
                          KeyUse([.right], "open a folder (Enter too)"), KeyUse([.left], "go to the parent folder (Backspace too)"),
                          KeyUse(literal: "~", "go home (when inside the root)"), KeyUse([.newFolder], "new folder"),
                          KeyUse([.toggleHidden], "show or hide hidden entries"),
                          KeyUse(literal: "letters", "jump to the first entry starting with them")],
            withoutAPerson: withoutAPerson, hasDefault: hasDefault, examples: examples,
            make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in
                let fileSystem = m.reads.fileSystem
                let browser = try BrowserConfiguration(m.command, fileSystem: fileSystem)
                return BuiltAlert(makeAlert: { AlertFactory.styled(SaveAlert(title: m.title, text: m.text, configuration: browser),
                                                                   m.command, m.text) },
                                  options: RunOptions(), sources: [FileSystemEffects(fileSystem: fileSystem)],
                                  terminator: m.command.has(.print0) ? 0 : 0x0A, printsAnswer: true)
            })
    }
}
