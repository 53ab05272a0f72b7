// text as a command: its flags, how a command line makes the pager, and its descriptor.

extension TextAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.okLabel,
        SharedFlags.cancelLabel,
        SharedFlags.extraButton,
        SharedFlags.dialogKeys,
        [
            FlagSpec("follow", .flag, "", "Show lines as they are added (tail -f): the view stays at the end unless scrolled up."),
            FlagSpec("heading", .text, "TEXT", "A few lines shown above the text."),
            FlagSpec("run", .command, "CMD", "Run `/bin/sh -c CMD` and show its output (stdout and stderr) as it comes; the box stays for OK once it ends, with its status if it failed (dialog's prgbox)."),
            FlagSpec("exit-at-end", .flag, "", "Reading a stream (`-`, a FIFO): close with 0 once it ends, without waiting for a key."),
        ],
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .text, flags: flags, summary: "Show a file (or stdin) to read: a pager with search; --follow shows lines as they are added.",
        text: "the file to show (`-`: stdin; none with --run); only what is on screen is read, so its size does not matter",
        positionals: [PositionalSpec("FILE", required: false)],
        keys: [KeyUse([.up, .down, .pageUp, .pageDown, .home, .end], "scroll (also j k, Space f b, g G)"),
               KeyUse([.left, .right], "scroll long lines sideways (also h l)"),
               KeyUse(literal: "/ ?", "search forward / back (lower case ignores case); n N repeat it"),
               KeyUse(literal: "q", "close, as Esc"), KeyUse([.focusNext], "move between OK and Cancel (with --cancel)")],
        withoutAPerson: "read and closed (exit 0); a licence (--cancel) has no default: it is never agreed to without an answer (exit 3)",
        hasDefault: { !$0.has(.cancel) },
        examples: ["alertty text --title Licence --ok Agree --cancel Decline LICENSE || exit 1",
                   "alertty text --follow --title \"Install log\" /var/log/install.log",
                   "journalctl -b | alertty text -"],
        // Agreed or not when it has a Cancel; else read and closed.
        recorded: { $0.has(.cancel) ? .yesOrNo : .acknowledged },
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in try make(m) })

    /// `text FILE`: a regular file is read where the view is; stdin, a FIFO or a device is read
    /// as a stream (never waiting at open for a FIFO's writer). A folder or a missing file is a
    /// usage error, found before anything is drawn.
    static func make(_ m: AlertMaking) throws(UsageError) -> BuiltAlert {
        let command = m.command, title = m.title
        let document: any TextDocument
        var sources: [any EventSource] = []
        var run: [String]?
        var shownTitle = title
        if let cmd = command.string(.run) {
            // A command's output, kept as it comes (bounded, as any stream).
            guard command.text == nil else { throw UsageError("text shows FILE or the output of --run CMD, not both") }
            document = BufferDocument()
            run = ["/bin/sh", "-c", cmd]
        } else {
            guard let path = command.text else { throw UsageError("text needs a FILE (`-` for stdin) or --run CMD") }
            let fd: FileDescriptor
            if path == "-" {
                if m.reads.stdinIsTerminal { throw UsageError("text - reads stdin, but stdin is the terminal; pipe the text in or name a file") }
                fd = 0
            } else {
                do throws(PlatformError) { fd = try m.reads.stream(path) } catch { throw UsageError(error.message) }
                if title.isEmpty { shownTitle = path }
            }
            switch Platform.kind(of: fd) {
            // A size of 0 is read as a stream (/proc's files hold text but say 0), unless it is
            // to be followed: an empty log that will grow.
            case .regular(let size)? where path != "-" && (size > 0 || command.has(.follow)):
                document = FileDocument(fd: fd, size: size, path: command.has(.follow) ? path : nil)
            case .directory?:
                Platform.close(fd)
                throw UsageError("\(path) is a folder, not a file")
            case nil:
                throw UsageError("cannot read \(path)")
            default:
                document = BufferDocument()
                sources.append(InputStream(fd: fd))
            }
        }
        // --run's output and stdin or a FIFO arrive as streams; a regular file is there already.
        let streaming = run != nil || !sources.isEmpty
        // A file followed is looked at by a source of its own (tail -F's looking is I/O).
        if command.has(.follow) && !streaming { sources.append(DocumentFollower([document])) }
        var alert = TextAlert(title: shownTitle, document: document, streaming: streaming, follow: run != nil || command.has(.follow),
                              okLabel: command.string(.ok) ?? tr("OK"), cancelLabel: command.string(.cancel),
                              extraLabel: command.string(.extraButton))
        if let heading = command.string(.heading) { alert.heading = TextBody(heading) }
        alert.keysWaitForTheEnd = command.has(.dialogKeys)
        if command.has(.exitAtEnd) {
            guard streaming else { throw UsageError("--exit-at-end needs a stream to end: `-`, a FIFO or --run") }
            alert.exitsAtEnd = true
        }
        var built = BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: sources, printsAnswer: false)
        if let run { built.progress = (run, false) }
        return built
    }
}
