// open as a command: its flags, how a command line makes it (root, start, filters checked before
// the terminal is touched), and its descriptor.

extension OpenAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists them.
    static let flags: [FlagSpec] = [
        SharedFlags.okLabel,
        SharedFlags.cancelLabel,
        [
            FlagSpec("dir", .file, "PATH", "Folder shown first (default: the current folder, or the root); or a file: its folder shown, the file focused, and taken without a person."),
            FlagSpec("root", .directory, "DIR", "Folder that cannot be left (default /)."),
            FlagSpec("type", .choice(PathFilter.Kind.allCases.map(\.rawValue)), "file|dir|any", "What may be chosen: a file (default; Enter on a folder goes into it), a folder, or either (Right goes into a folder)."),
            FlagSpec("glob", .text, "PATTERN", "Offer only entries whose name matches PATTERN (* ? [a-z] {a,b}; with a /, matched against the path below the folder shown, ** for any folders); repeatable: any of them. Folders are still shown, to go into.", repeatable: true),
            FlagSpec("recursive", .flag, "", "List and filter the whole tree below the folder shown, read in the background as you type (linked folders are listed, never entered)."),
            FlagSpec("all", .flag, "", "Offer and walk hidden entries too (names starting with a dot, .git among them); toggle with Alt-."),
            FlagSpec("multi", .flag, "", "Choose several: Space marks (in any folder), Enter ends; one path per line."),
            FlagSpec("min", .integer(0...1_000_000), "N", "With --multi: choose at least N (default 1)."),
            FlagSpec("max", .integer(1...1_000_000), "N", "With --multi: choose at most N."),
            FlagSpec("peek", .flag, "", "A pane beside the list showing the focused entry: the start of a text file, the size of any other, a folder's entries."),
            FlagSpec("preview", .command, "CMD", "Show CMD's output for the focused entry in a pane beside the list, run by /bin/sh in the folder shown; {} is the entry's path below it (quoted for the shell). Line mode and no person run nothing."),
            FlagSpec("preview-position", .choice(PreviewPane.Position.allCases.map(\.rawValue)), "right|bottom", "Where the preview's pane goes (default right)."),
            FlagSpec("preview-size", .text, "N|N%", "The pane's columns (right) or rows (bottom), or its share of the box (default 50%)."),
        ],
        SharedFlags.print0,
    ].flatMap { $0 }

    /// --peek's command: a folder's entries, a text file's start (grep -I tells text from binary,
    /// stopping at the first line), else the size; a link only where it points, never what it
    /// leads to (it may lead out of the root); a FIFO or a device is never read (it could block).
    static let peekCommand = #"p={}; p=${p%/}; if [ -L "$p" ]; then printf '→ %s\n' "$(readlink -- "$p")"; elif [ -d "$p" ]; then ls -Ap -- "$p"; elif [ ! -f "$p" ]; then printf 'not a regular file\n'; elif [ ! -s "$p" ] || LC_ALL=C grep -qI '' -- "$p" 2>/dev/null; then head -c 65536 -- "$p"; else printf '%s bytes, not text\n' "$(wc -c < "$p")"; fi"#

    static let descriptor = AlertDescriptor(
        .open, flags: flags, summary: "Choose existing files, inside a root that cannot be left, filtered as you type.",
        text: "an optional question shown above the list (`-` reads it from stdin)",
        positionals: [PositionalSpec("TEXT", required: false)],
        keyOverrides: [.ctrl("a"): .toggleAll],
        keys: [KeyUse([.up, .down, .pageUp, .pageDown, .home, .end], "move in the list"),
               KeyUse(literal: "letters", "filter the list (fuzzy; best matches first); a path typed that matches nothing is gone to, or taken, by Enter"),
               KeyUse([.right], "go into the focused folder (Enter too, when files are asked for)"),
               KeyUse([.left], "go to the parent folder (Backspace too, with nothing typed); never above the root"),
               KeyUse([.activate], "mark or unmark (--multi)"), KeyUse([.toggleAll], "mark every shown entry (--multi)"),
               KeyUse([.toggleHidden], "show or hide hidden entries"),
               KeyUse([.focusNext, .focusPrevious], "move between the list and the buttons"),
               KeyUse([.previewUp, .previewDown, .previewPageUp, .previewPageDown], "scroll the preview (--peek, --preview)")],
        withoutAPerson: "the file given by --dir (with --type dir, the folder shown); without it there is none (exit 3)",
        hasDefault: { command in
            if command.string(.type) == "dir" { return true }
            guard let dir = command.string(.dir) else { return false }
            let fs = RealFileSystem()
            return fs.realPath(Paths.normalize(Array(dir.utf8), base: fs.currentDirectory ?? [Paths.slash])).map { fs.kind($0) != .directory } ?? false
        },
        examples: ["conf=$(alertty open --root /etc --glob '*.conf' \"Which configuration?\")",
                   "alertty open --multi --recursive --root ~/photos --glob '*.{jpg,png}' --print0 | xargs -0 ls -l"],
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in try make(m) })

    static func make(_ m: AlertMaking) throws(UsageError) -> BuiltAlert {
        let command = m.command
        let fileSystem = m.reads.fileSystem
        let cwd = fileSystem.currentDirectory ?? [Paths.slash]
        let (root, here) = try BrowserConfiguration.root(command, cwd: cwd, fileSystem: fileSystem)
        var start = here
        var startFile: PathBytes?
        if let given = command.string(.dir).map({ Array($0.utf8) }) {
            let path = Paths.normalize(given, base: cwd)
            guard let real = fileSystem.realPath(path) else { throw UsageError("--dir \(Sanitize.bytes(given)) does not exist") }
            if fileSystem.kind(real) == .directory {
                start = real
            } else {
                // A file: its folder shown (as reached), the file focused by the name given.
                guard let folder = fileSystem.realPath(Paths.parent(path)) else { throw UsageError("--dir \(Sanitize.bytes(given)) does not exist") }
                start = folder
                startFile = Paths.appending(folder, Paths.lastName(path))
            }
            guard Paths.isInside(start, root: root), Paths.isInside(real, root: root) else {
                throw UsageError("--dir \(Sanitize.bytes(given)) is outside --root \(Sanitize.bytes(root))")
            }
        }
        var configuration = OpenConfiguration(root: root, start: start)
        configuration.startFile = startFile
        configuration.home = m.environment("HOME").flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        configuration.filter.kind = command.string(.type).flatMap(PathFilter.Kind.init(rawValue:)) ?? .file
        for pattern in command.strings(.glob) { configuration.filter.globs.append(try Glob(pattern)) }
        configuration.filter.showsHidden = command.has(.all)
        configuration.recursive = command.has(.recursive)
        configuration.multi = command.has(.multi)
        configuration.minimum = command.int(.min) ?? 1
        configuration.maximum = command.int(.max)
        if !configuration.multi && (command.has(.min) || command.has(.max)) { throw UsageError("--min and --max need --multi") }
        if let most = configuration.maximum, most < configuration.minimum {
            throw UsageError("--min \(configuration.minimum) is more than --max \(most): nothing could be chosen")
        }
        if command.has(.peek) && command.has(.preview) { throw UsageError("--peek and --preview fill the same pane: give one") }
        configuration.preview = try PreviewCommand.from(command, template: command.string(.preview) ?? (command.has(.peek) ? peekCommand : nil),
                                                        needs: "--peek or --preview")
        configuration.separator = command.has(.print0) ? 0 : 0x0A
        configuration.okLabel = command.string(.ok) ?? (configuration.multi ? tr("OK") : tr("Open"))
        configuration.cancelLabel = command.string(.cancel) ?? tr("Cancel")
        var sources: [any EventSource] = [FileSystemEffects(fileSystem: fileSystem)]
        if configuration.recursive { sources.append(TreeWalker()) }
        if configuration.preview != nil { sources.append(PreviewRunner()) }
        let alert = OpenAlert(title: m.title, text: m.text, configuration: configuration)
        return BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: sources,
                          terminator: configuration.separator, printsAnswer: true)
    }
}
