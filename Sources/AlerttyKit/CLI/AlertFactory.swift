// A parsed command → the alert value and how to run it. All remaining usage errors (bad regex,
// --dir outside --root, …) are found here, before the terminal is opened.

public struct BuiltAlert {
    /// Makes the alert. Called once the terminal is open, so slow work (listing a big folder) is
    /// never done when there is no one to ask; everything that can be wrong was checked before.
    public var makeAlert: () -> any Alert
    public var options: RunOptions
    /// What the loop waits on besides the terminal (a --validate-cmd runner).
    public var sources: [any EventSource] = []
    /// Byte written after the answer: newline, or NUL with --print0; nil writes the answer as it is.
    public var terminator: UInt8? = 0x0A
    /// The alert answers on stdout (input, password, save, folder); message and confirm only exit.
    public var printsAnswer: Bool
    /// The answer is a secret: no core dump may hold it.
    public var secret = false
    /// A secret is in memory before anyone types (a preset read from stdin): its memory is
    /// protected at once, not when the first key is read.
    public var secretAtStart = false
    /// The alert answers at its `.start`, before anything is drawn (choose --select-if-one): no terminal needed.
    public var immediate = false
    /// progress: the command to run (nil: a gauge on stdin) and whether it gets our stdin.
    /// Its sources are made once the terminal is known, because without one it runs with no UI.
    public var progress: (command: [String]?, passStdin: Bool)?
    /// A form's field names, each answerable as ALERTTY_ANSWER_<ID>_<NAME>.
    public var fieldNames: [String] = []
}

public enum AlertFactory {
    public static func make(_ command: ParsedCommand, environment: (String) -> String?,
                            readStdin: () throws(UsageError) -> [UInt8]) throws(UsageError) -> BuiltAlert {
        if let id = command.string(.id),
           id.isEmpty || !id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }) {
            throw UsageError("--id takes letters, digits, _ and - (it names ALERTTY_ANSWER_<ID>), not '\(id)'")
        }
        var text = command.text ?? ""
        // (text's `-` is its file: stdin read as a stream, not all at once here)
        if command.readsStdin(text) && command.alert != .text { text = String(decoding: try readStdin(), as: UTF8.self).trimmingTrailingNewlines() }
        let title = command.string(.title) ?? ""
        let options = RunOptions()
        switch command.alert {
        case .message:
            let alert = styled(MessageAlert(title: title, text: text, okLabel: command.string(.ok) ?? tr("OK"),
                                     extraLabel: command.string(.extraButton), helpLabel: command.string(.helpButton)), command, text)
            return BuiltAlert(makeAlert: { alert }, options: options, printsAnswer: false)
        case .confirm:
            let focus = command.string(.`default`)
            if focus == "extra" && !command.has(.extraButton) || focus == "help" && !command.has(.helpButton) {
                throw UsageError("--default \(focus!) needs --\(focus!)-button LABEL")
            }
            let alert = styled(ConfirmAlert(title: title, text: text, yesLabel: command.string(.yes) ?? tr("Yes"),
                                     noLabel: command.string(.no) ?? tr("No"), defaultYes: focus != "no",
                                     extraLabel: command.string(.extraButton), helpLabel: command.string(.helpButton),
                                     defaultButton: focus == "extra" ? .extra : focus == "help" ? .help : nil), command, text)
            return BuiltAlert(makeAlert: { alert }, options: options, printsAnswer: false)
        case .input, .password:
            let field = try FieldConfiguration(command, readStdin: readStdin)
            let alert = styled(try FieldAlert(title: title, text: text, configuration: field, environment: environment), command, text)
            var sources: [any EventSource] = []
            if let validator = field.rules.command {
                sources.append(ValidationRunner(command: validator, timeoutSeconds: command.seconds(.validateTimeout) ?? 5,
                                                secret: field.secret))
            }
            if field.strengthLabel != nil { sources.append(StrengthEstimator()) }
            var built = BuiltAlert(makeAlert: { alert }, options: options, sources: sources, printsAnswer: true, secret: field.secret)
            built.secretAtStart = field.secret && !field.initialValue.isEmpty
            return built
        case .choose:
            return try makeChoose(command, title: title, text: text)
        case .progress:
            return try makeProgress(command, title: title, text: text)
        case .text:
            return try makeText(command, title: title)
        case .edit:
            return try makeEdit(command, title: title, readStdin: readStdin)
        case .time:
            let given = try bounded(command, ClockTime.parse, what: "a time (HH:MM[:SS])", shown: \.iso)
            let value = given.value ?? ClockTime(wrapping: Platform.localNow().secondsSinceMidnight)
            let alert = TimeAlert(title: title, text: text, value: value, earliest: given.earliest, latest: given.latest,
                                  format: command.string(.format) ?? "%H:%M:%S", okLabel: command.string(.ok) ?? tr("OK"),
                                  cancelLabel: command.string(.cancel) ?? tr("Cancel"))
            return BuiltAlert(makeAlert: { alert }, options: options, printsAnswer: true)
        case .number:
            let low = command.int(.min) ?? 0, high = command.int(.max) ?? 100
            guard low <= high else { throw UsageError("--min \(low) is above --max \(high)") }
            var start: Int?
            if let given = command.string(.value) {
                guard let n = Int(given) else { throw UsageError("--value \(given) is not a whole number") }
                start = n
            }
            var alert = NumberAlert(title: title, text: text, minimum: low, maximum: high, step: command.int(.step) ?? 1, value: start,
                                    okLabel: command.string(.ok) ?? tr("OK"), cancelLabel: command.string(.cancel) ?? tr("Cancel"))
            alert.dialogKeys = command.has(.dialogKeys)
            if let start, let why = alert.problem(start) { throw UsageError("--value \(start): \(why)") }
            return BuiltAlert(makeAlert: { alert }, options: options, printsAnswer: true)
        case .date:
            let given = try bounded(command, CalendarDate.parse, what: "a date (YYYY-MM-DD)", shown: \.iso)
            let now = Platform.localNow()
            let value = given.value ?? CalendarDate(year: now.year, month: now.month, day: now.day) ?? CalendarDate(dayNumber: 0)
            let alert = DateAlert(title: title, text: text, value: value, earliest: given.earliest, latest: given.latest,
                                  format: command.string(.format) ?? "%Y-%m-%d", okLabel: command.string(.ok) ?? tr("OK"),
                                  cancelLabel: command.string(.cancel) ?? tr("Cancel"))
            return BuiltAlert(makeAlert: { alert }, options: options, printsAnswer: true)
        case .form:
            var declarations = try FormSpec.parse(command.fieldWords)
            if let path = command.string(.fieldsFrom) {
                let bytes: [UInt8]
                do throws(PlatformError) { bytes = try Platform.readFile(path, limit: Limits.fieldsFile, streams: true) } catch {
                    throw UsageError("--fields-from: " + error.message)
                }
                declarations = try FormSpec.parseFile(String(decoding: bytes, as: UTF8.self)) + declarations
            }
            let output = FormAlert.Output(rawValue: command.string(.output) ?? "lines") ?? .lines
            var alert = try FormAlert(title: title, text: text, fields: declarations, output: output,
                                      okLabel: command.string(.ok) ?? tr("OK"), cancelLabel: command.string(.cancel) ?? tr("Cancel"),
                                      extraLabel: command.string(.extraButton), helpLabel: command.string(.helpButton),
                                      unicode: Theme.localeIsUTF8(environment: environment))
            alert.dialogKeys = command.has(.dialogKeys)
            alert = styled(alert, command, text)
            // A runner per field with a command, on the channel of the field's place in the form
            // (second entries of --confirm fields included).
            let checks: [any EventSource] = alert.fields.enumerated().compactMap { i, f in
                f.command.map { ValidationRunner(command: $0, timeoutSeconds: 5, secret: f.kind == .password, channel: f.verdict.channel ?? i) }
            }
            var built = BuiltAlert(makeAlert: { alert }, options: options, sources: checks, printsAnswer: true,
                                   secret: declarations.contains { $0.kind == .password })
            built.fieldNames = declarations.map(\.name)
            built.secretAtStart = declarations.contains { $0.kind == .password && !($0.options["default"] ?? "").isEmpty }
            return built
        case .save, .folder:
            let fileSystem = RealFileSystem()
            let browser = try BrowserConfiguration(command, fileSystem: fileSystem)
            return BuiltAlert(makeAlert: { styled(SaveAlert(title: title, text: text, configuration: browser, fileSystem: fileSystem), command, text) },
                              options: options, sources: [FileSystemEffects(fileSystem: fileSystem)],
                              terminator: command.has(.print0) ? 0 : 0x0A, printsAnswer: true)
        }
    }
}

extension AlertFactory {
    /// --colors: the alert's TEXT drawn with the styles its codes ask for.
    static func styled<A: ShowsText>(_ alert: A, _ command: ParsedCommand, _ text: String) -> A {
        guard command.has(.colors) else { return alert }
        var a = alert
        a.body = TextBody(markup: text)
        return a
    }

    static func makeChoose(_ command: ParsedCommand, title: String, text: String) throws(UsageError) -> BuiltAlert {
        var configuration = ChooseConfiguration()
        configuration.multi = command.has(.multi)
        configuration.radio = command.has(.radio)
        configuration.order = command.has(.order)
        configuration.editable = command.has(.editable)
        if configuration.editable && (configuration.multi || configuration.radio) {
            throw UsageError("--editable renames an item of a menu: not with --multi or --radio")
        }
        if configuration.order && !configuration.multi { throw UsageError("--order arranges the marks of a check list: it needs --multi") }
        if configuration.multi && configuration.radio { throw UsageError("--multi and --radio cannot go together: a check list or a radio list") }
        configuration.minimum = command.int(.min) ?? 1
        configuration.maximum = command.int(.max)
        if !configuration.multi && command.has(.max) || !configuration.multi && !configuration.radio && command.has(.min) {
            throw UsageError("--min and --max need --multi")
        }
        if let max = configuration.maximum, max < configuration.minimum {
            throw UsageError("--min \(configuration.minimum) is more than --max \(max): nothing could be chosen")
        }
        // A tagged list prints the tag, as its help says and dialog and whiptail do.
        configuration.output = ChooseConfiguration.Output(rawValue: command.string(.output) ?? (command.has(.tagged) ? "tag" : "label")) ?? .label
        configuration.selected = command.strings(.selected)
        configuration.marked = command.strings(.marked)
        if configuration.selected.contains("*") && !configuration.multi { throw UsageError("--selected '*' needs --multi") }
        configuration.selectIfOne = command.has(.selectIfOne)
        configuration.separator = command.has(.print0) ? 0 : 0x0A
        configuration.okLabel = command.string(.ok) ?? tr("OK")
        configuration.cancelLabel = command.string(.cancel) ?? tr("Cancel")
        configuration.noCancel = command.has(.noCancel)
        configuration.extraLabel = command.string(.extraButton) ?? (configuration.editable ? tr("Rename") : nil)
        configuration.helpLabel = command.string(.helpButton)
        configuration.dialogKeys = command.has(.dialogKeys)
        configuration.listRows = command.int(.listHeight)
        configuration.centred = command.has(.centerList)
        configuration.letters = command.string(.letters).flatMap(ChooseConfiguration.Letters.init(rawValue:)) ?? .filter

        var format = ItemStore.Format.plain
        if let d = command.string(.delimiter) {
            guard d.utf8.count == 1, let byte = d.utf8.first else { throw UsageError("--delimiter takes one ASCII character, not '\(d)'") }
            format = .delimited(byte)
        }
        var store = ItemStore(format: format, separator: command.has(.read0) ? 0 : 0x0A)
        store.tree = command.has(.tree)
        let items = command.rest
        if command.has(.tagged) {
            guard items.count % 2 == 0 else {
                throw UsageError("--tagged needs TAG LABEL pairs; '\(items.last ?? "")' has no label")
            }
            for k in stride(from: 0, to: items.count, by: 2) { store.append(label: Array(items[k + 1].utf8), tag: Array(items[k].utf8)) }
        } else {
            for item in items { store.append(label: Array(item.utf8)) }
        }
        if command.has(.read0) && !command.has(.itemsFrom) { throw UsageError("--read0 needs --items-from") }
        var sources: [any EventSource] = []
        if let path = command.string(.itemsFrom) {
            let fd: FileDescriptor
            if path == "-" {
                if Platform.isTerminal(0) { throw UsageError("--items-from - reads stdin, but stdin is the terminal; pipe the items in") }
                fd = 0
            } else {
                // A FIFO nobody writes to yet must not hold the box back (open(2) would wait).
                do throws(PlatformError) { fd = try Platform.openForReadingAtOnce(path) } catch { throw UsageError(error.message) }
            }
            // A file's size is known: the store takes room for it once instead of growing by copies.
            if case .regular(let size)? = Platform.kind(of: fd) { store.reserve(bytes: min(size, Limits.items)) }
            sources.append(InputStream(fd: fd))
        } else if store.count == 0 {
            throw UsageError("choose needs at least one ITEM, or --items-from FILE")
        }
        let streaming = !sources.isEmpty
        let alert = styled(ChooseAlert(title: title, text: text, store: store, configuration: configuration, loading: streaming), command, text)
        var built = BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: sources,
                               terminator: configuration.separator, printsAnswer: true)
        // --select-if-one with the items on the command line: no box at all.
        if configuration.selectIfOne && !streaming && store.count == 1 { built.immediate = true }
        return built
    }
}

extension AlertFactory {
    /// `text FILE`: a regular file is read where the view is; stdin, a FIFO or a device is read
    /// as a stream (never waiting at open for a FIFO's writer). A folder or a missing file is a
    /// usage error, found before anything is drawn.
    /// The most `edit` takes: the text is held whole, to be edited.
    static let editLimit = Limits.stdin

    static func makeEdit(_ command: ParsedCommand, title: String, readStdin: () throws(UsageError) -> [UInt8]) throws(UsageError) -> BuiltAlert {
        var bytes: [UInt8] = []
        var shownTitle = title
        if let path = command.text {
            guard command.string(.value) == nil else { throw UsageError("edit starts from FILE or --value, not both") }
            if path == "-" {
                bytes = try readStdin()
            } else {
                let fd: FileDescriptor
                do throws(PlatformError) { fd = try Platform.openForReadingAtOnce(path) } catch { throw UsageError(error.message) }
                defer { Platform.close(fd) }
                switch Platform.kind(of: fd) {
                case .directory?: throw UsageError("\(path) is a folder, not a file")
                case .regular(let size)? where size > editLimit:
                    throw UsageError("\(path) is over \(editLimit >> 20) MiB: edit holds the whole text (show it with `alertty text`)")
                default: break
                }
                do throws(PlatformError) { bytes = try Platform.readToEnd(fd, limit: editLimit) } catch {
                    throw UsageError(error.isTooBig ? "\(path) is over \(editLimit >> 20) MiB: edit holds the whole text" : error.message)
                }
                if title.isEmpty { shownTitle = path }
            }
        } else if let value = command.string(.value) {
            bytes = command.readsStdin(value) ? try readStdin() : Array(value.utf8)
        }
        // Kept as the bytes it is, shown visibly (EditUnits): OK gives it back as it came, but for what was typed.
        let checked = command.has(.minLength) || command.has(.maxLength) || command.has(.validateCmd) || command.has(.invalidMessage)
        let rules: Rules? = checked ? try Rules(minLength: command.int(.minLength), maxLength: command.int(.maxLength),
                                                command: command.string(.validateCmd), invalidMessage: command.string(.invalidMessage)) : nil
        let alert = EditAlert(title: shownTitle, bytes: bytes, okLabel: command.string(.ok) ?? tr("OK"),
                              cancelLabel: command.string(.cancel) ?? tr("Cancel"), rules: rules)
        var sources: [any EventSource] = []
        if let validator = rules?.command {
            sources.append(ValidationRunner(command: validator, timeoutSeconds: command.seconds(.validateTimeout) ?? 5, secret: false))
        }
        // The text is printed as it stands, its last line ending as it ends.
        return BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: sources, terminator: nil, printsAnswer: true)
    }

    static func makeText(_ command: ParsedCommand, title: String) throws(UsageError) -> BuiltAlert {
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
                if Platform.isTerminal(0) { throw UsageError("text - reads stdin, but stdin is the terminal; pipe the text in or name a file") }
                fd = 0
            } else {
                do throws(PlatformError) { fd = try Platform.openForReadingAtOnce(path) } catch { throw UsageError(error.message) }
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
        var alert = TextAlert(title: shownTitle, document: document, streaming: streaming, follow: run != nil || command.has(.follow),
                              okLabel: command.string(.ok) ?? tr("OK"), cancelLabel: command.string(.cancel))
        if let heading = command.string(.heading) { alert.heading = TextBody(heading) }
        if command.has(.exitAtEnd) {
            guard streaming else { throw UsageError("--exit-at-end needs a stream to end: `-`, a FIFO or --run") }
            alert.exitsAtEnd = true
        }
        var built = BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: sources, printsAnswer: false)
        if let run { built.progress = (run, false) }
        return built
    }

    /// A date's or time's --value, --min and --max, each read by `parse` (`what` names the form
    /// an error asks for); --min after --max is an error too.
    static func bounded<T: Comparable>(_ command: ParsedCommand, _ parse: (String) -> T?, what: String, shown: (T) -> String)
        throws(UsageError) -> (value: T?, earliest: T?, latest: T?) {
        func read(_ flag: Flag) throws(UsageError) -> T? {
            guard let given = command.string(flag) else { return nil }
            guard let v = parse(given) else { throw UsageError("--\(flag.rawValue) \(given) is not \(what)") }
            return v
        }
        let value = try read(.value), earliest = try read(.min), latest = try read(.max)
        if let earliest, let latest, earliest > latest { throw UsageError("--min \(shown(earliest)) is after --max \(shown(latest))") }
        // A value given outside the bounds is a script's mistake, said as number says it (the
        // default, today or now, is brought within them instead).
        if let value, let why = Bounds.problem(value, earliest, latest, shown: shown) { throw UsageError("--value \(shown(value)): \(why)") }
        return (value, earliest, latest)
    }

    /// --task 'NAME[: STATE]': the steps' rows, pending unless a state is given.
    static func tasks(_ command: ParsedCommand) throws(UsageError) -> [Step] {
        try command.strings(.task).map { (given: String) throws(UsageError) -> Step in
            if let step = Step.parse(given) { return step }
            let name = given.trimmingSpaces()
            guard !name.isEmpty else { throw UsageError("--task needs a name") }
            return Step(name: name, state: .pending)
        }
    }

    static func makeProgress(_ command: ParsedCommand, title: String, text: String) throws(UsageError) -> BuiltAlert {
        var configuration = ProgressConfiguration()
        configuration.pulsate = command.has(.pulsate)
        configuration.initialPercent = command.int(.percent).map(Double.init)
        configuration.cancellable = command.has(.cancel)
        configuration.erase = command.has(.erase)
        configuration.inline = command.has(.inline)
        configuration.showOutput = command.has(.showOutput)
        configuration.errorBox = !command.has(.noErrorBox)
        configuration.command = command.command
        configuration.tail = command.int(.tail) ?? 0
        configuration.steps = try tasks(command)
        if let stream = command.string(.percentFrom) { configuration.percentStream = stream == "stdout" ? 1 : 2 }
        if command.command == nil {
            for flag in [Flag.stdin, .percentFrom, .showOutput, .noErrorBox, .tail] where command.has(flag) {
                throw UsageError("--\(flag.rawValue) needs a command: progress [TEXT] -- COMMAND [ARG...]")
            }
            if Platform.isTerminal(0) { throw UsageError("progress reads its gauge from stdin, but stdin is the terminal; pipe numbers in, or run a command after --") }
        }
        if configuration.erase && !configuration.inline { throw UsageError("--erase goes with --inline") }
        let alert = ProgressAlert(title: title, text: text, configuration: configuration)
        var built = BuiltAlert(makeAlert: { alert }, options: RunOptions(), terminator: nil, printsAnswer: configuration.showOutput)
        built.progress = (command.command, command.has(.stdin))
        return built
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.last == "\n" || s.last == "\r\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}
