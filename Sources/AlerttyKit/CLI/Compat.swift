// Drop-in for old scripts: whiptail and dialog invocations, each read by its own program's rules
// and run by alertty's own alerts (confirm, input, password, choose, progress, save, message).
// Chosen by the name alertty is called as (a `whiptail` or `dialog` symlink), explicitly
// (`alertty whiptail …`), or — for a bare `alertty --yesno …` — leniently (whiptail's placement,
// dialog's options). Where the programs differ, each gets its own behaviour:
//   whiptail: options anywhere (popt), a trailing extra argument tolerated, `--stdout` and
//     `--timeout` unknown, check lists printed as `"a" "c"`;
//   dialog: common options before the box and after its arguments, none between the box and its
//     text, check lists printed as `a c` (quoted only where needed), help/extra/timeout statuses
//     and the DIALOG_OK… overrides.
// As in both, the answer goes to stderr (or --output-fd N, or --stdout) without a newline, and Esc
// exits 255. Where they are worse alertty stays better: the box is drawn on the terminal, so the
// `3>&1 1>&2 2>&3` dance still works but is not needed; Esc answers at once; text is drawn safely.

public enum Compat {
    public enum Program: String, Sendable { case whiptail, dialog, lenient }

    /// How the answer is printed.
    public enum Format: Equatable, Sendable {
        /// As it is, no newline.
        case raw
        /// A check list's tags: whiptail's `"a" "c"`, dialog's `a c` (quoted where needed, or always with --quoted).
        case whiptailList, dialogList(alwaysQuote: Bool, singleQuoted: Bool)
        /// --separate-output: one tag per line, each ended by a newline.
        case lines
    }

    public struct Output: Equatable, Sendable {
        public var descriptor: Int32
        public var format: Format = .raw
        /// Exit statuses by outcome (dialog's DIALOG_* overrides).
        public var ok: Int32 = 0, cancel: Int32 = 1, escape: Int32 = 255, timeout: Int32 = 255, help: Int32 = 2, extra: Int32 = 3
        /// alertty's own failures (usage error, no terminal, a broken terminal) exit with this.
        public var error: Int32 = 255
        /// A list's Help prints `HELP tag` (or, with --item-help, `HELP` and the item's help text).
        public var helpNamesItem = false
        /// --help-status: the list's marks or the form's values follow that.
        public var helpStatus = false
        public var itemHelp: [String: String] = [:]
        /// Written before a non-empty answer (a chain's separator).
        public var before: [UInt8] = []
        /// What `--value -` reads instead of stdin: a passwordbox's initial text. alertty's own
        /// --value refuses a secret (it would show in the process list); here the script's call
        /// already holds it, so it is handed over this way.
        public var input: [UInt8]?
        /// dselect: the path as the script gave it, printed as given when the answer is that folder
        /// (dialog returns its text field, which still holds it).
        public var givenPath: String?
        /// The program's colours (NEWT_COLORS, DIALOGRC), when the user set them.
        public var theme: ThemeFile?
        /// inputmenu: a rename (the extra button's ITEM<TAB>NEW) is printed as dialog's `RENAMED tag new`.
        public var renames = false
        public init(descriptor: Int32) { self.descriptor = descriptor }
    }

    public struct Translated: Equatable, Sendable {
        public var arguments: [String]
        public var output: Output
        /// --infobox: drawn once on the normal screen, left there, and done.
        public var drawOnce = false
        /// dialog's --sleep: seconds to wait once the box is done.
        public var sleep: Double = 0
    }

    /// A whiptail/dialog usage error: its text (in the program's own words) and status.
    public struct Failure: Error, Equatable, Sendable {
        public var message: String
        public var status: Int32
    }

    /// The program alertty stands in for, from the name it was called as or its first argument;
    /// nil when the arguments are alertty's own. `arguments` loses a leading `whiptail`/`dialog`.
    public static func program(calledAs name: String, _ arguments: inout [String]) -> Program? {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        if base == "whiptail" || base == "dialog" { return Program(rawValue: base) }
        if let first = arguments.first, first == "whiptail" || first == "dialog" {
            arguments.removeFirst()
            return Program(rawValue: first)
        }
        // dialog's own probes and option files, sent by a client that resolved a `dialog` symlink
        // to alertty (pythondialog): none of them is an alertty flag.
        if let first = arguments.first, ["--file", "--print-version", "--print-maxsize", "--print-size"].contains(first) {
            return .dialog
        }
        if let first = arguments.first, AlertKind(rawValue: first) == nil, first.hasPrefix("--"),
           arguments.contains(where: { boxes[String($0.dropFirst(2))] != nil || unsupportedBoxes.contains(String($0.dropFirst(2))) }) {
            return .lenient
        }
        return nil
    }

    // MARK: - The grammar's tables

    struct Box {
        var alert: AlertKind
        /// Required arguments (text or file, height, width, and list height for lists).
        var required: Int
        /// Optional arguments after those (an input box's initial text, a gauge's percentage).
        var optional: Int
        /// Arguments per list item (tag item [status]); 0 for boxes without a list.
        var group: Int
    }

    /// The boxes, in the order the unsupported-box line lists them.
    static let boxList: [(name: String, box: Box)] = [
        ("msgbox", Box(alert: .message, required: 3, optional: 0, group: 0)),
        ("yesno", Box(alert: .confirm, required: 3, optional: 0, group: 0)),
        ("infobox", Box(alert: .message, required: 3, optional: 0, group: 0)),
        ("inputbox", Box(alert: .input, required: 3, optional: 1, group: 0)),
        ("passwordbox", Box(alert: .password, required: 3, optional: 1, group: 0)),
        ("menu", Box(alert: .choose, required: 4, optional: 0, group: 2)),
        ("radiolist", Box(alert: .choose, required: 4, optional: 0, group: 3)),
        ("checklist", Box(alert: .choose, required: 4, optional: 0, group: 3)),
        // tag item status: a check list whose marks are answered in list order, or with --reorder
        // in the order they were made.
        ("buildlist", Box(alert: .choose, required: 4, optional: 0, group: 3)),
        // tag item: a menu whose items can be renamed (the Rename button).
        ("inputmenu", Box(alert: .choose, required: 4, optional: 0, group: 2)),
        // tag item status depth: a radio list drawn as a tree.
        ("treeview", Box(alert: .choose, required: 4, optional: 0, group: 4)),
        ("gauge", Box(alert: .progress, required: 3, optional: 1, group: 0)),
        ("fselect", Box(alert: .save, required: 3, optional: 0, group: 0)),
        ("dselect", Box(alert: .folder, required: 3, optional: 0, group: 0)),
        ("textbox", Box(alert: .text, required: 3, optional: 0, group: 0)),
        ("tailbox", Box(alert: .text, required: 3, optional: 0, group: 0)),
        ("editbox", Box(alert: .edit, required: 3, optional: 0, group: 0)),
        // [TEXT] HEIGHT WIDTH: the text may be left out.
        ("progressbox", Box(alert: .text, required: 2, optional: 1, group: 0)),
        // TEXT HEIGHT WIDTH PERCENT [TAG ITEM]...: drawn once, as an infobox is.
        ("mixedgauge", Box(alert: .progress, required: 4, optional: 0, group: 2)),
        // [TEXT] COMMAND HEIGHT WIDTH: the command's output in the pager, then OK.
        ("prgbox", Box(alert: .text, required: 3, optional: 1, group: 0)),
        // TEXT HEIGHT WIDTH [HOUR MINUTE SECOND]
        ("timebox", Box(alert: .time, required: 3, optional: 3, group: 0)),
        // TEXT HEIGHT WIDTH MIN MAX DEFAULT
        ("rangebox", Box(alert: .number, required: 6, optional: 0, group: 0)),
        // TEXT HEIGHT WIDTH [DAY MONTH YEAR]
        ("calendar", Box(alert: .date, required: 3, optional: 3, group: 0)),
        // TEXT HEIGHT WIDTH SECONDS: OK and Cancel, OK taken when the seconds run out.
        ("pause", Box(alert: .confirm, required: 4, optional: 0, group: 0)),
        ("programbox", Box(alert: .text, required: 2, optional: 1, group: 0)),
        // dialog's forms: label y x item y x flen ilen [itype]
        ("form", Box(alert: .form, required: 4, optional: 0, group: 8)),
        ("passwordform", Box(alert: .form, required: 4, optional: 0, group: 8)),
        ("mixedform", Box(alert: .form, required: 4, optional: 0, group: 9)),
    ]
    static let boxes = Dictionary(uniqueKeysWithValues: boxList.map { ($0.name, $0.box) })

    /// What the drop-in covers and what it does not, for --help, the man page and the README.
    public static let supportSummary: [String] = [
        "Installed as whiptail and dialog by putting PREFIX/lib/alertty/dropin (hard links to alertty, made by scripts/install.sh and the package) first on PATH; hard links keep the name when a client resolves the path (pythondialog).",
        "Boxes: msgbox, yesno, infobox (drawn once, left on the screen), inputbox, passwordbox, menu, radiolist, checklist, gauge, fselect, dselect, textbox (the pager: only what is on screen is read); dialog's form, passwordform, mixedform, tailbox (the pager following the file), progressbox and programbox (the pager on stdin, closing at its end or on OK), pause (OK and Cancel, OK taken when the seconds run out), calendar (the date alert; --date-format, dd/mm/yyyy by default), rangebox (the number alert), timebox (the time alert; --time-format), prgbox (the pager on a command's output), mixedgauge (progress's steps, drawn once), editbox (the edit alert), treeview (a radio list drawn as a tree), buildlist (a check list; --reorder answers the marks in the order made), inputmenu (a menu whose Rename button edits the item in place: RENAMED tag text, exit 3).",
        "Options where that program takes them (whiptail: anywhere; dialog: before the box and after its arguments), a trailing extra argument where whiptail tolerates one, and dialog's --and-widget chains (answers joined by --separate-widget, a tab).",
        "Output as each program prints it: the answer on stderr without a newline (or --output-fd N, dialog's --stdout), check lists as \"a\" \"c\" or a c, --separate-output, dialog's \"HELP tag\" (a form's: the field's label) on Help, followed by the marks or values with --help-status.",
        "Exit statuses as each program's: Esc 255, dialog's Help 2 and Extra 3, and DIALOG_OK, DIALOG_CANCEL, DIALOG_ESC, DIALOG_HELP, DIALOG_EXTRA, DIALOG_ERROR, DIALOG_TIMEOUT.",
        "dialog's --sleep N after a box (an infobox that stays up for N seconds), and --input-fd N (the keys from the terminal on descriptor N; a closed one is dialog's error).",
        "The probes programs that drive them send first: --version (whiptail's and dialog's version line, exit 0), dialog's --print-version, --print-maxsize and --print-size, and --help (the boxes and options taken here).",
        "Checked as there, before anything is drawn: --output-fd must be a number (whiptail: exit 1) naming a descriptor open for writing (255); a --textbox file that is missing, unreadable or a folder exits 255 with the program's message.",
        "dialog's fselect and dselect take Enter as OK: fselect returns the path in its field (an existing file is not questioned), dselect the folder shown; --no-nl-expand keeps \\n as typed.",
        "Drawn as there: the HEIGHT WIDTH sizes (0 0: sized to fit; a box is never cut below what its content needs, and a list's height follows from the box's), --title, --backtitle, button labels (-button and -label spellings, dialog's --exit-label), --defaultno, --default-button, --nocancel, --default-item, --notags, --no-items (whiptail's --noitem), --item-help, --help-button, --extra-button, --colors (\\Z codes as styles), --insecure (a password's asterisks; dialog shows none without it), dialog's \\n, newline and space rules (--no-collapse, --cr-wrap), letters that jump in lists.",
        "Not supported: " + unsupportedBoxList.joined(separator: ", ") + " (one line naming the box, the program's error status); dialog's field positions in forms (alertty lays the fields out in order).",
    ]

    static let boxOrder = boxList.map(\.name)

    /// whiptail's own boxes; the rest are dialog's (to whiptail, unknown options).
    static let whiptailBoxes: Set<String> = ["msgbox", "yesno", "infobox", "inputbox", "passwordbox", "menu", "radiolist",
                                             "checklist", "gauge", "textbox"]

    static func has(_ box: String, _ program: Program) -> Bool { program != .whiptail || whiptailBoxes.contains(box) }

    /// Boxes of whiptail or dialog that alertty does not have.
    static let unsupportedBoxList = [
        "tailboxbg",
    ]
    static let unsupportedBoxes = Set(unsupportedBoxList)

    /// Options and how many values each takes. `whiptailOnly`/`dialogOnly` are unknown to the other.
    static let options: [String: Int] = [
        "title": 1, "backtitle": 1, "yes-button": 1, "yes-label": 1, "no-button": 1, "no-label": 1,
        "ok-button": 1, "ok-label": 1, "cancel-button": 1, "cancel-label": 1, "help-label": 1, "extra-label": 1,
        "default-item": 1, "output-fd": 1, "input-fd": 1, "timeout": 1, "aspect": 1, "begin": 2, "sleep": 1,
        "defaultno": 0, "nocancel": 0, "no-cancel": 0, "notags": 0, "no-tags": 0, "noitem": 0, "separate-output": 0, "reorder": 0,
        "stdout": 0, "stderr": 0, "clear": 0, "scrolltext": 0, "no-collapse": 0, "cr-wrap": 0, "colors": 0,
        "insecure": 0, "item-help": 0, "help-button": 0, "extra-button": 0, "fb": 0, "fullbuttons": 0, "topleft": 0,
        "separate-widget": 1, "help-status": 0, "exit-label": 1, "no-items": 0, "default-button": 1, "keep-tite": 0, "no-shadow": 0, "shadow": 0, "no-mouse": 0, "erase-on-exit": 0, "quoted": 0, "single-quoted": 0, "trim": 0, "no-nl-expand": 0, "date-format": 1, "time-format": 1,
    ]
    static let whiptailOptions: Set<String> = [
        "title", "backtitle", "yes-button", "no-button", "ok-button", "cancel-button", "default-item", "output-fd",
        "defaultno", "nocancel", "notags", "noitem", "separate-output", "clear", "scrolltext", "fb", "fullbuttons", "topleft",
    ]

    static func knows(_ option: String, _ program: Program) -> Bool {
        program == .whiptail ? whiptailOptions.contains(option) : options[option] != nil
    }

    // MARK: - Probes

    /// The versions alertty answers as, those of the programs it was recorded against.
    static let whiptailVersion = "whiptail (newt): 0.52.23\n"
    static let dialogVersion = "Version: 1.3-20230209\n"

    /// What programs that drive whiptail and dialog ask before anything else (debconf runs
    /// `--version` and needs 0; pythondialog `--print-version` and `--print-maxsize`): the lines
    /// to write, each on its descriptor, in the order asked; nil when it is no probe.
    public static func probe(_ program: Program, _ arguments: [String], terminalSize: () -> (columns: Int, rows: Int)?)
        -> [(fd: FileDescriptor, text: String)]? {
        if arguments.contains("--help") { return [(FileDescriptor(1), help(program))] }
        if program == .whiptail { return arguments.contains("--version") ? [(FileDescriptor(1), whiptailVersion)] : nil }
        // With a box, dialog prints these and goes on to the box: only a bare probe is answered here.
        guard !arguments.contains(where: { $0.hasPrefix("--") && boxes[String($0.dropFirst(2))] != nil }) else { return nil }
        if arguments.contains("--version") { return [(FileDescriptor(1), dialogVersion)] }
        let output: FileDescriptor = arguments.contains("--stdout") ? 1 : 2
        var lines: [(fd: FileDescriptor, text: String)] = []
        for a in arguments {
            if a == "--print-version" { lines.append((output, dialogVersion)) }
            if a == "--print-maxsize" || a == "--print-size" {
                let size = terminalSize() ?? (80, 24)
                lines.append((output, "MaxSize: \(size.rows), \(size.columns)\n"))
            }
        }
        return lines.isEmpty ? nil : lines
    }

    /// `--help` as either program answers it (stdout, 0): the boxes and options alertty takes in
    /// that program's place, then what the drop-in covers.
    static func help(_ program: Program) -> String {
        let name = program == .whiptail ? "whiptail" : "dialog"
        var lines = ["alertty standing in for \(name) (\(program == .whiptail ? whiptailVersion.dropLast() : dialogVersion.dropLast()))",
                     "usage: \(name) [options] --BOX TEXT HEIGHT WIDTH [box arguments]\(program == .whiptail ? "" : " [--and-widget --BOX …]")", "",
                     "Box options:"]
        for (boxName, _) in boxList where has(boxName, program) {
            let extra: String
            switch boxName {
            case "menu", "inputmenu": extra = " <list height> [tag item] ..."
            case "radiolist", "checklist", "buildlist": extra = " <list height> [tag item status] ..."
            case "treeview": extra = " <list height> [tag item status depth] ..."
            case "inputbox", "passwordbox": extra = " [init]"
            case "gauge": extra = program == .whiptail ? " <percent>" : " [percent]"
            case "form", "passwordform": extra = " <form height> [label y x item y x flen ilen] ..."
            case "mixedform": extra = " <form height> [label y x item y x flen ilen itype] ..."
            default: extra = ""
            }
            let first = boxName == "textbox" ? "<file>" : boxName == "fselect" || boxName == "dselect" ? "<path>" : "<text>"
            lines.append("\t--\(boxName) \(first) <height> <width>\(extra)")
        }
        let known = options.keys.filter { knows($0, program) }.sorted()
        lines += ["", "Options:", Wrap.lines([known.map { "--" + $0 }.joined(separator: " ")], width: 76).map { "\t" + $0 }.joined(separator: "\n"), ""]
        lines += Wrap.lines(supportSummary, width: 78)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Reading a command line

    /// dialog's `--file FILE`: the file's words take the option's place (pythondialog passes every
    /// call this way, so that nothing shows in the process list). Files may name files, up to a depth.
    public static func expandingFiles(_ arguments: [String], depth: Int = 0) -> Result<[String], Failure> {
        guard arguments.contains("--file") else { return .success(arguments) }
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            guard a == "--file" else {
                out.append(a)
                continue
            }
            guard i < arguments.count else { return .failure(Failure(message: "\nNo value given for --file\n", status: 255)) }
            let path = arguments[i]
            i += 1
            // A file is read whole, so it is bounded: dialog reads it whole too.
            guard depth < 8, let bytes = Platform.readFile(path, limit: Limits.optionsFile) else {
                return .failure(Failure(message: "\nCannot open --file \(path)\n", status: 255))
            }
            switch expandingFiles(fileArguments(bytes), depth: depth + 1) {
            case .success(let words): out += words
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(out)
    }

    /// The words of an options file, split as dialog's dlg_string_to_argv splits them: white
    /// space separates words outside double quotes; the quotes group and are dropped (`""` is an
    /// empty word); a backslash before a backslash, a quote or a newline is dropped (before a
    /// newline, the newline too) and any other backslash is kept.
    static func fileArguments(_ bytes: [UInt8]) -> [String] {
        var words: [[UInt8]] = []
        var word: [UInt8]?
        var quoted = false
        var n = 0
        while n < bytes.count {
            let byte = bytes[n]
            n += 1
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
                if word == nil { word = [] }
            } else if !quoted && (byte == 0x20 || (0x09...0x0D).contains(byte)) {
                if let w = word { words.append(w) }
                word = nil
            } else if byte == UInt8(ascii: "\\") {
                guard n < bytes.count else { break } // a trailing backslash ends the text
                let next = bytes[n]
                if next == 0x0A { n += 1; continue }
                if next == UInt8(ascii: "\\") || next == UInt8(ascii: "\"") { n += 1 }
                word = (word ?? []) + [next == UInt8(ascii: "\\") || next == UInt8(ascii: "\"") ? next : byte]
            } else {
                word = (word ?? []) + [byte]
            }
        }
        if let w = word { words.append(w) }
        return words.map { String(decoding: $0, as: UTF8.self) }
    }

    /// dialog's --and-widget: several boxes in one call, run in turn.
    public struct Chain: Equatable, Sendable {
        public var boxes: [Translated]
        /// Printed between two answers (dialog's --separate-widget, a tab by default).
        public var separator: [UInt8]
    }

    /// Splits a dialog command line at --and-widget and reads each box; the options before the
    /// first box apply to every box. Any other command line is a chain of one.
    public static func translateChain(_ program: Program, _ arguments: [String]) -> Result<Chain, Failure> {
        let segments = program == .whiptail ? [arguments]
            : arguments.split(separator: "--and-widget", omittingEmptySubsequences: false).map(Array.init)
        let firstBox = segments[0].firstIndex { $0.hasPrefix("--") && boxes[String($0.dropFirst(2))] != nil } ?? segments[0].count
        let common = Array(segments[0][..<firstBox])
        var chain = Chain(boxes: [], separator: Array("\t".utf8))
        if let separator = common.firstIndex(of: "--separate-widget"), separator + 1 < common.count {
            chain.separator = Array(common[separator + 1].utf8)
        }
        for (i, segment) in segments.enumerated() {
            switch translate(program, i == 0 ? segment : common + segment) {
            case .success(let box): chain.boxes.append(box)
            case .failure(var failure):
                // dialog's usage errors exit DIALOG_ERROR when it is set.
                if program == .dialog, let code = Platform.environment("DIALOG_ERROR").flatMap({ Int32($0) }) { failure.status = code }
                return .failure(failure)
            }
        }
        return .success(chain)
    }

    /// A button's label as the program shows it when the script names none: whiptail's (newt's)
    /// "Ok", dialog's "OK", in the user's language from the catalogue's program contexts.
    static func defaultLabel(_ flag: Flag, _ program: Program) -> String? {
        let context = program == .whiptail ? "whiptail" : "dialog"
        switch flag {
        case .ok: return tr(program == .whiptail ? "Ok" : "OK", context: context)
        case .cancel: return tr("Cancel", context: context)
        case .yes: return tr("Yes", context: context)
        case .no: return tr("No", context: context)
        default: return nil
        }
    }

    /// Splits the arguments by the program's rules into the box, its arguments and the options.
    public static func translate(_ program: Program, _ arguments: [String]) -> Result<Translated, Failure> {
        var options: [(name: String, values: [String])] = []
        var box: (name: String, spec: Box)?
        var positionals: [String] = []
        var i = 0
        var optionsEnded = false
        func unknown(_ option: String) -> Failure {
            program == .whiptail ? Failure(message: "\(option): unknown option\n", status: 1)
                                 : Failure(message: "\nUnknown option \(option).\nUse --help to list options.\n\n\n", status: 255)
        }
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if !optionsEnded && a == "--" && program != .dialog {
                optionsEnded = true
                continue
            }
            guard !optionsEnded, a.hasPrefix("--"), a.count > 2 else {
                positionals.append(a)
                continue
            }
            let name = String(a.dropFirst(2))
            if let spec = boxes[name], has(name, program) {
                if box != nil {
                    return .failure(Failure(message: program == .dialog ? "\nExpected --and-widget between the boxes --\(box!.name) and --\(name).\n\n"
                                                                         : "alertty: one box at a time\n", status: program == .whiptail ? 1 : 255))
                }
                box = (name, spec)
                if program == .dialog {
                    // dialog takes the box's arguments right after it, options only after those.
                    let wanted = spec.required
                    let available = arguments[i...].prefix(while: { !($0.hasPrefix("--") && Compat.options[String($0.dropFirst(2))] != nil) })
                    guard available.count >= wanted else {
                        return .failure(Failure(message: "\nExpected at least \(wanted) tokens for --\(name.prefix(1)), have \(available.count).\nUse --help to list options.\n\n\n", status: 255))
                    }
                    positionals += available
                    i += available.count
                }
                continue
            }
            if unsupportedBoxes.contains(name) {
                let has = boxOrder.filter { Compat.has($0, program) }.joined(separator: ", ")
                return .failure(Failure(message: "alertty: the \(program == .whiptail ? "whiptail" : "dialog") box --\(name) is not supported (alertty has \(has))\n",
                                        status: program == .whiptail ? 1 : 255))
            }
            guard let arity = Compat.options[name], knows(name, program) else { return .failure(unknown(a)) }
            guard i + arity <= arguments.count else {
                return .failure(Failure(message: program == .whiptail ? "\(a): missing argument\n" : "\nMissing argument for \(a).\n\n", status: program == .whiptail ? 1 : 255))
            }
            options.append((name, Array(arguments[i..<(i + arity)])))
            i += arity
        }
        guard let found = box else {
            return .failure(program == .whiptail ? Failure(message: "alertty: whiptail needs a box option (--msgbox, --yesno, --menu, …)\n", status: 1)
                                                 : Failure(message: "\nExpected a box option.\nUse --help to list options.\n\n\n", status: 255))
        }
        let boxName = found.name
        var spec = found.spec
        if boxName == "gauge" && program == .whiptail { spec.required = 4 } // whiptail's gauge needs its percentage
        if boxName == "prgbox" {
            // [TEXT] COMMAND HEIGHT WIDTH, read as TEXT HEIGHT WIDTH COMMAND.
            if positionals.count == 3 { positionals.insert("", at: 0) }
            if positionals.count >= 4 { positionals = [positionals[0], positionals[2], positionals[3], positionals[1]] + positionals.dropFirst(4) }
        }
        if spec.required == 2 && spec.alert == .text {
            // progressbox/programbox without their TEXT: HEIGHT WIDTH only.
            if positionals.count == 2 || (positionals.count > 2 && Int(positionals[0]) != nil && Int(positionals[2]) == nil) {
                positionals.insert("", at: 0)
            }
            spec.required = 3
        }
        guard positionals.count >= spec.required, Int(positionals[1]) != nil, Int(positionals[2]) != nil,
              spec.required < 4 || Int(positionals[3]) != nil else {
            let shape = boxName == "gauge" ? "TEXT HEIGHT WIDTH PERCENT" : boxName == "pause" ? "TEXT HEIGHT WIDTH SECONDS" : spec.required == 4 ? "TEXT HEIGHT WIDTH LIST-HEIGHT" : "TEXT HEIGHT WIDTH"
            return .failure(Failure(message: "alertty: --\(boxName) needs \(shape)\n", status: 255))
        }
        return build(program, boxName, spec, positionals, options)
    }

    /// --output-fd as each program checks it, before anything is drawn: a number (whiptail: 1
    /// "invalid numeric value"; dialog: 255) naming a descriptor that is open for writing (255).
    static func outputDescriptor(_ given: String, _ program: Program) -> Result<FileDescriptor, Failure> {
        guard let number = Int(given) else {
            return .failure(program == .whiptail ? Failure(message: "\(given): invalid numeric value\n", status: 1)
                                                 : Failure(message: "\nExpected a numeric-parameter for --output-fd.\nUse --help to list options.\n\n\n", status: 255))
        }
        guard let fd = FileDescriptor(exactly: number), fd >= 0, Platform.isOpenForWriting(fd) else {
            return .failure(Failure(message: program == .whiptail ? "Cannot open output-fd\n: Bad file descriptor\n" : "\nCannot open output-fd\n\n",
                                    status: 255))
        }
        return .success(fd)
    }

    /// Why a textbox's file cannot be shown (strerror's words), or nil. dialog shows a folder
    /// as an empty file; whiptail refuses it.
    static func textboxProblem(_ path: String, _ program: Program) -> String? {
        let fd: FileDescriptor
        do throws(PlatformError) {
            fd = try Platform.openForReadingAtOnce(path)
        } catch {
            return Platform.describe(errno: error.code)
        }
        let kind: Platform.DescriptorKind? = Platform.kind(of: fd)
        Platform.close(fd)
        guard program == .whiptail, case .directory? = kind else { return nil }
        return Platform.folderErrorText
    }

    /// The box argument at `i` as a number of at least `least`, or nil (left out, or not one).
    static func number(_ positionals: [String], _ i: Int, least: Int) -> Int? {
        guard i < positionals.count, let n = Int(positionals[i]), n >= least else { return nil }
        return n
    }

    static func value(_ options: [(name: String, values: [String])], _ names: String...) -> String? {
        options.last { names.contains($0.name) }?.values.first
    }

    static func has(_ options: [(name: String, values: [String])], _ names: String...) -> Bool {
        options.contains { names.contains($0.name) }
    }

    /// The text as the program shows it: whiptail expands `\n`; dialog reads it as its
    /// dlg_trim_string does (see dialogText), and its \Z style codes (--colors) are kept for the
    /// message, which alertty draws styled (`keepCodes`), and dropped elsewhere. Untrusted text
    /// stays sanitised when drawn.
    static func text(_ raw: String, _ program: Program, _ options: [(name: String, values: [String])], keepCodes: Bool = false) -> String {
        guard program == .dialog else { return raw.replacingAll("\\n", with: "\n") }
        let t = dialogText(raw, collapse: !has(options, "no-collapse"), crWrap: has(options, "cr-wrap"),
                           expandNewlines: !has(options, "no-nl-expand"))
        return keepCodes ? t : withoutCodes(t, program, options)
    }

    /// A label or item as the program draws it: dialog's --colors codes dropped (alertty draws
    /// them plain); any other text as it is.
    static func withoutCodes(_ s: String, _ program: Program, _ options: [(name: String, values: [String])]) -> String {
        program == .dialog && has(options, "colors") ? Markup.strip(s) : s
    }

    /// dialog's rules, as its screens show them: tabs become spaces (unless --no-collapse). Text
    /// with a `\n` in it breaks lines there only — a newline typed after one (and the spaces
    /// between) is dropped, any other newline is a space unless --cr-wrap — and keeps its runs of
    /// spaces. Text without one keeps its newlines and has its runs of spaces collapsed.
    static func dialogText(_ raw: String, collapse: Bool, crWrap: Bool, expandNewlines: Bool = true) -> String {
        let t = collapse ? raw.replacingAll("\t", with: " ") : raw
        var out = ""
        if expandNewlines && t.includes("\\n") {
            var rest = Substring(t)
            while let c = rest.first {
                rest = rest.dropFirst()
                if c == "\\" && rest.first == "n" {
                    out.append("\n")
                    rest = rest.dropFirst()
                    let afterSpaces = rest.drop { $0 == " " }
                    if afterSpaces.first == "\n" { rest = afterSpaces.dropFirst() }
                } else if c == "\n" && !crWrap {
                    if out.last != " " { out.append(" ") }
                } else {
                    out.append(c)
                }
            }
            return out
        }
        guard collapse else { return t }
        for c in t where !(c == " " && out.last == " ") { out.append(c) }
        return out
    }

    static func build(_ program: Program, _ boxName: String, _ spec: Box, _ positionals: [String],
                      _ options: [(name: String, values: [String])]) -> Result<Translated, Failure> {
        var out: [String] = [spec.alert.rawValue, "--no-animation"]
        let alertFlags = CommandSpec.flags(for: spec.alert).map(\.flag) // what the alert standing in takes
        let width = Int(positionals[2]) ?? 0
        if width >= 16 { out += ["--width", String(min(width, 1000))] }
        // The box's height as given (0: sized to fit, as both do); the list's height follows from it.
        if let height = Int(positionals[1]), height >= 3 { out += ["--height", String(min(height, 1000))] }
        if let title = value(options, "title") { out += ["--title", text(title, program, options)] }
        if let backtitle = value(options, "backtitle") { out += ["--backtitle", text(backtitle, program, options)] }
        if has(options, "nocancel", "no-cancel"), alertFlags.contains(.noCancel) {
            out.append("--no-cancel")
        }
        var output = Output(descriptor: 2)
        output.theme = CompatTheme.theme(for: program, environment: Platform.environment)
        output.helpStatus = has(options, "help-status")
        if has(options, "stdout") { output.descriptor = 1 }
        if let given = value(options, "output-fd") {
            switch outputDescriptor(given, program) {
            case .success(let fd): output.descriptor = fd
            case .failure(let failure): return .failure(failure)
            }
        }
        if program != .whiptail, let given = value(options, "input-fd") {
            // dialog's --input-fd N: the keys come from N (a terminal a script juggled there); the
            // box is asked on that terminal.
            guard let fd = Int32(given), fd >= 0, Platform.isOpen(fd) else {
                return .failure(Failure(message: "\nCannot open input-fd\n\n", status: 255))
            }
            out += ["--tty", "/dev/fd/\(fd)"]
        }
        if program != .whiptail, let t = value(options, "timeout"), let seconds = Int(t), seconds > 0 {
            out += ["--timeout", String(seconds)]
        }
        if has(options, "extra-button"), alertFlags.contains(.extraButton) {
            out += ["--extra-button", value(options, "extra-label") ?? tr("Extra", context: "dialog")]
        }
        if has(options, "help-button"), alertFlags.contains(.helpButton) {
            out += ["--help-button", value(options, "help-label") ?? tr("Help", context: "dialog")]
        }
        let labels: [(Flag, [String])] = [(.yes, ["yes-button", "yes-label"]), (.no, ["no-button", "no-label"]),
                                         (.ok, ["ok-button", "ok-label", "exit-label"]), (.cancel, ["cancel-button", "cancel-label"])]
        for (flag, names) in labels {
            // (progress's --cancel is a flag, not a label)
            guard CommandSpec.flags(for: spec.alert).contains(where: { $0.flag == flag && $0.value == .text }) else { continue }
            // Not given: the program's own label, in the user's language as that program shows it.
            guard let label = options.last(where: { names.contains($0.name) })?.values.first ?? defaultLabel(flag, program) else { continue }
            out += ["--" + flag.rawValue, label]
        }
        let styled = program == .dialog && has(options, "colors") && alertFlags.contains(.colors)
        if styled { out.append("--colors") }
        let body = text(positionals[0], program, options, keepCodes: styled)
        var translated = Translated(arguments: [], output: output)
        if program == .dialog, let seconds = value(options, "sleep").flatMap(Double.init), seconds > 0 { translated.sleep = seconds }
        switch boxName {
        case "yesno":
            // --defaultno, or dialog's --default-button for a button this box has.
            var focus = has(options, "defaultno") ? "no" : nil
            let buttons = ["ok": "yes", "yes": "yes", "no": "no", "cancel": "no", "extra": "extra", "help": "help"]
            if let wanted = value(options, "default-button").flatMap({ buttons[$0] }),
               wanted == "yes" || wanted == "no" || out.contains("--\(wanted)-button") {
                focus = wanted
            }
            if let focus { out += ["--default", focus] }
            out += ["--", body]
        case "timebox":
            // An hour, minute or second left out (or negative) is now's.
            let now = ClockTime(wrapping: Platform.localNow().secondsSinceMidnight)
            func part(_ i: Int, _ fallback: Int) -> Int { number(positionals, i, least: 0) ?? fallback }
            guard let start = ClockTime(hour: part(3, now.hour), minute: part(4, now.minute), second: part(5, now.second)) else {
                return .failure(Failure(message: "alertty: --timebox: no such time\n", status: 255))
            }
            out += ["--value", start.iso, "--format", value(options, "time-format") ?? "%H:%M:%S", "--", body]
        case "rangebox":
            guard let low = Int(positionals[3]), let high = Int(positionals[4]), let start = Int(positionals[5]) else {
                return .failure(Failure(message: "alertty: --rangebox needs TEXT HEIGHT WIDTH MIN MAX DEFAULT\n", status: 255))
            }
            out += ["--min", String(min(low, high)), "--max", String(max(low, high)),
                    "--value", String(min(max(start, min(low, high)), max(low, high))), "--", body]
        case "calendar":
            // A day, month or year left out or 0 is today's.
            let today = Platform.localNow()
            func part(_ i: Int, _ fallback: Int) -> Int { number(positionals, i, least: 1) ?? fallback }
            let year = part(5, today.year), month = part(4, today.month)
            let day = min(part(3, today.day), CalendarDate.days(inMonth: max(1, min(12, month)), year: year))
            guard let start = CalendarDate(year: year, month: month, day: day) else {
                return .failure(Failure(message: "alertty: --calendar: no such date\n", status: 255))
            }
            out += ["--value", start.iso, "--format", value(options, "date-format") ?? "%d/%m/%Y", "--", body]
        case "pause":
            guard let seconds = Int(positionals[3]), seconds >= 0 else {
                return .failure(Failure(message: "alertty: --pause needs TEXT HEIGHT WIDTH SECONDS\n", status: 255))
            }
            if !out.contains("--yes") { out += ["--yes", value(options, "ok-label", "ok-button") ?? tr("OK", context: "dialog")] }
            if !out.contains("--no") { out += ["--no", value(options, "cancel-label", "cancel-button") ?? tr("Cancel", context: "dialog")] }
            out += ["--countdown", String(max(1, seconds)), "--", body]
        case "msgbox", "infobox":
            translated.drawOnce = boxName == "infobox"
            out += ["--", body]
        case "textbox":
            // The native pager: only what is on screen is read, whatever the file's size. A file
            // that cannot be opened, or whiptail's folder, is the program's error (255).
            let path = positionals[0]
            if let problem = textboxProblem(path, program) {
                return .failure(Failure(message: program == .whiptail ? path + ": " + problem + "\n" : "\nCan't open input file " + path + "\n",
                                        status: 255))
            }
            out += ["--", path]
        case "editbox":
            // The edit alert; the text goes to stderr as it stands. What is not a readable file is
            // dialog's error.
            let readable: Bool = {
                guard let fd = try? Platform.openForReadingAtOnce(positionals[0]) else { return false }
                defer { Platform.close(fd) }
                if case .regular? = Platform.kind(of: fd) { return true }
                return false
            }()
            if !readable { return .failure(Failure(message: "\nNot a file: " + positionals[0] + "\n", status: 255)) }
            out += ["--", positionals[0]]
        case "tailbox":
            if textboxProblem(positionals[0], program) != nil {
                return .failure(Failure(message: "\nCan't open input file " + positionals[0] + "\n", status: 255))
            }
            out += ["--follow", "--", positionals[0]]
        case "mixedgauge":
            // Drawn once (dialog draws it and exits): the overall percentage and a row per item,
            // its status as dialog words it (a negative number is a percentage).
            translated.drawOnce = true
            let words = ["Succeeded", "Failed", "Passed", "Completed", "Checked", "Done", "Skipped", "In Progress", "", "N/A"]
            out += ["--percent", String(max(0, min(100, Int(positionals[3]) ?? 0)))]
            let items = Array(positionals.dropFirst(4))
            for k in stride(from: 0, to: items.count - 1, by: 2) {
                let name = withoutCodes(items[k], program, options), status = items[k + 1]
                let state: String
                if let n = Int(status) { state = n < 0 ? "\(min(100, -n))%" : n < words.count ? words[n] : status } else { state = status }
                out += ["--task", state.isEmpty ? name : name + ": " + state]
            }
            out.append(body.hasPrefix("-") ? " " + body : body) // after `--` progress would take it for a command
        case "prgbox":
            if !body.isEmpty { out += ["--heading", body] }
            out += ["--run", positionals[3]]
        case "progressbox", "programbox":
            // The command's output on stdin; progressbox closes when it ends, programbox waits for OK.
            if !body.isEmpty { out += ["--heading", body] }
            if boxName == "progressbox" { out.append("--exit-at-end") }
            out += ["--", "-"]
        case "inputbox", "passwordbox":
            if positionals.count > 3 && boxName == "inputbox" { out += ["--value", positionals[3]] }
            // As each shows a password: whiptail an asterisk per character, dialog nothing (--insecure: asterisks).
            if boxName == "passwordbox" { out += ["--mask", program == .dialog && !has(options, "insecure") ? "" : "*"] }
            if positionals.count > 3 && boxName == "passwordbox" && !positionals[3].isEmpty {
                out += ["--value", "-"]
                output.input = Array(positionals[3].utf8)
            }
            out += ["--", body]
        case "form", "passwordform", "mixedform":
            // Each field: label y x item y x flen ilen [itype]; the item is the initial text, itype 1
            // hides it (a password), 2 makes it read-only (kept as it is). dialog prints every value
            // on a line of its own, and Enter submits from any field.
            let items = Array(positionals.dropFirst(4))
            guard items.count % spec.group == 0 else {
                return .failure(Failure(message: "\nExpected \(spec.group) tokens per field of --\(boxName).\n\n", status: 255))
            }
            // A field of length 0 is only shown (dialog prints no value for it): here a line of the
            // text; itype 2 or a negative length is read-only but printed. Positions are alertty's own.
            out = ["form", "--no-animation", "--output", "lines", "--dialog-keys"] + Array(out.dropFirst(2))
            var text = body
            var fields: [String] = []
            for (n, k) in stride(from: 0, to: items.count, by: spec.group).enumerated() {
                let type = spec.group == 9 ? Int(items[k + 8]) ?? 0 : (boxName == "passwordform" ? 1 : 0)
                let length = Int(items[k + 6]) ?? 1
                let hidden = type & 1 != 0
                let label = withoutCodes(items[k], program, options)
                if length == 0 {
                    text += (text.isEmpty ? "" : "\n") + label + " " + items[k + 3]
                    continue
                }
                fields += ["--field", "f\(n + 1)", hidden ? "password" : "text", label.isEmpty ? " " : label]
                output.itemHelp["f\(n + 1)"] = label // Help prints "HELP label"
                output.helpNamesItem = true
                if !hidden && !items[k + 3].isEmpty { fields += ["--default", items[k + 3]] }
                if !hidden && (type & 2 != 0 || length < 0) { fields.append("--readonly") }
            }
            out.append(text.hasPrefix("-") ? " " + text : text)
            out += fields
            output.format = .lines
        case "gauge":
            if positionals.count > 3, let p = Int(positionals[3]) { out += ["--percent", String(max(0, min(100, p)))] }
            out.append(body.hasPrefix("-") ? " " + body : body) // after `--` progress would take it for a command
        case "fselect", "dselect":
            let path = positionals[0]
            let isDirectory = path.hasSuffix("/")
            var dir = isDirectory ? path : String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            if dir.isEmpty { dir = path.hasPrefix("/") ? "/" : "." }
            out += ["--dir", dir]
            // dialog's Enter is OK on the text field: a file that exists is returned, not questioned.
            if boxName == "fselect" { out += ["--overwrite", "allow"] }
            if boxName == "dselect" {
                out.append("--dialog-keys")
                output.givenPath = path
            }
            if boxName == "fselect", !isDirectory, let slash = path.lastIndex(of: "/") {
                out += ["--name", String(path[path.index(after: slash)...])]
            }
        default: // menu, radiolist, checklist
            // Items: tag item [status] [help]. dialog's --no-items drops the item; whiptail's
            // --noitem drops it from check and radio lists and only hides it in a menu.
            let itemless = program == .dialog ? has(options, "no-items") : has(options, "noitem") && boxName != "menu"
            let itemHidden = itemless || (program == .whiptail && has(options, "noitem"))
            let perItem = spec.group - (itemless ? 1 : 0)
            let groupSize = perItem + (has(options, "item-help") ? 1 : 0)
            let items = Array(positionals.dropFirst(4))
            guard items.count % groupSize == 0 else {
                return .failure(Failure(message: "alertty: --\(boxName) items come in groups of \(groupSize)\n", status: program == .whiptail ? 1 : 255))
            }
            let notags = has(options, "notags", "no-tags")
            out += ["--tagged", "--output", "tag"]
            if program == .dialog { out.append("--dialog-keys") }
            // Letters jump to an item in both; whiptail's check and radio lists ignore them.
            out += ["--letters", program == .dialog ? "jump" : program == .whiptail && boxName != "menu" ? "none" : "newt"]
            output.helpNamesItem = true
            if boxName == "inputmenu" {
                out.append("--editable")
                if !out.contains("--extra-button") { out += ["--extra-button", value(options, "extra-label") ?? tr("Rename", context: "dialog")] }
                output.renames = true
            }
            if boxName == "buildlist" {
                out += ["--multi", "--min", "0"]
                if has(options, "reorder") { out.append("--order") }
                output.format = has(options, "separate-output") ? .lines : .dialogList(alwaysQuote: has(options, "quoted"), singleQuoted: has(options, "single-quoted"))
            }
            if boxName == "checklist" {
                out += ["--multi", "--min", "0"]
                output.format = has(options, "separate-output") ? .lines
                    : program == .whiptail ? .whiptailList : .dialogList(alwaysQuote: has(options, "quoted"), singleQuoted: has(options, "single-quoted"))
            }
            // whiptail and dialog mark ON items without moving the focus, and a radio list with none
            // marked answers nothing.
            if boxName == "radiolist" || boxName == "treeview" { out += ["--radio", "--min", "0"] }
            if boxName == "treeview" { out.append("--tree") }
            var pairs: [String] = []
            for k in stride(from: 0, to: items.count, by: groupSize) {
                let tag = items[k]
                let item = itemHidden ? "" : withoutCodes(items[k + 1], program, options)
                if groupSize > perItem { output.itemHelp[tag] = items[k + perItem] }
                if boxName == "treeview" {
                    // dialog shows a tree's items without their tags, indented by their depth.
                    let depth = min(50, max(0, Int(items[k + 3]) ?? 0))
                    pairs += [tag, String(repeating: "  ", count: depth) + (item.isEmpty ? tag : item)]
                } else if boxName == "buildlist" || boxName == "inputmenu" {
                    pairs += [tag, item.isEmpty ? tag : item] // shown without tags, as dialog shows them
                } else {
                    pairs += [tag, notags || item.isEmpty ? (item.isEmpty ? tag : item) : tag + "  " + item]
                }
                if spec.group >= 3, ["on", "1", "yes"].contains(items[k + (spec.group == 4 ? 2 : perItem - 1)].lowercased()) {
                    out += ["--marked", tag]
                }
            }
            if let focus = value(options, "default-item") { out += ["--selected", focus] }
            out += ["--", body] + pairs
        }
        if program == .dialog {
            let env = Platform.environment
            func code(_ name: String, _ fallback: Int32) -> Int32 { env(name).flatMap { Int32($0) } ?? fallback }
            output.ok = code("DIALOG_OK", 0)
            output.cancel = code("DIALOG_CANCEL", 1)
            output.escape = code("DIALOG_ESC", 255)
            output.timeout = code("DIALOG_TIMEOUT", 255)
            output.help = code("DIALOG_HELP", 2)
            output.extra = code("DIALOG_EXTRA", 3)
            output.error = code("DIALOG_ERROR", 255)
        }
        translated.arguments = out
        translated.output = output
        return .success(translated)
    }

    /// The answer as the program prints it, for an alert that ended with `status` (`state`: what
    /// OK would have answered, which --help-status prints after Help's).
    public static func answer(_ answer: [UInt8], status: ExitStatus, state: [UInt8]? = nil, _ output: Output) -> [UInt8] {
        if let given = output.givenPath, status == .ok, given.hasSuffix("/"), Array(given.utf8.dropLast()) == answer {
            return Array(given.utf8)
        }
        if output.renames, status == .extra, let tab = answer.firstIndex(of: 0x09) {
            return Array("RENAMED ".utf8) + answer[..<tab] + [0x20] + answer[(tab + 1)...]
        }
        guard status == .help && output.helpNamesItem else { return format(answer, output.format) }
        let tag = String(decoding: answer, as: UTF8.self)
        var out = Array(("HELP " + (output.itemHelp[tag] ?? tag)).utf8)
        if output.helpStatus, let state, !state.isEmpty {
            out += output.format == .lines ? [0x0A] + format(state, .lines) : [0x20] + format(state, output.format)
        }
        return out
    }

    /// The answer as the program prints it.
    public static func format(_ answer: [UInt8], _ format: Format) -> [UInt8] {
        guard format != .raw else { return answer }
        let tags = answer.isEmpty ? [] : answer.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        switch format {
        case .raw: return answer
        case .lines: return tags.flatMap { $0 + [0x0A] }
        case .whiptailList:
            return Array(tags.map { "\"" + String(decoding: $0, as: UTF8.self) + "\"" }.joined(separator: " ").utf8)
        case .dialogList(let always, let single):
            return Array(tags.map { dialogQuoted($0, always: always, single: single) }.joined(separator: " ".utf8))
        }
    }

    /// dialog's quoting of check-list tags, so that `eval set -- $out` gives the tags back and runs
    /// nothing: a tag with the quote, white space or a shell character is quoted, and inside the
    /// quotes each such character gets a backslash (with --single-quoted only the quote, a
    /// newline and a backslash do). --quoted quotes every tag. Works on bytes, as dialog does.
    static func dialogQuoted(_ tag: [UInt8], always: Bool, single: Bool) -> [UInt8] {
        let quote = single ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        let shell = Array("\n\\[]{}?*;`~#$^&()|<>".utf8)
        let escaped = single ? Array("\n\\".utf8) : shell
        let needs = always || tag.isEmpty || tag.contains { $0 == quote || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || shell.contains($0) }
        guard needs else { return tag }
        var out: [UInt8] = [quote]
        for byte in tag {
            if byte == quote || escaped.contains(byte) { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        out.append(quote)
        return out
    }
}
