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

//
// This folder is the drop-in, apart from the runtime: Compat.swift (its types and tables),
// Probes.swift (--version and the other probes), Grammar.swift (a command line read by the
// program's rules), Boxes.swift (each box onto an alert), Output.swift (the answer as the program
// prints it) and CompatTheme.swift (NEWT_COLORS, DIALOGRC).
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
        /// alertty's own failures (usage error, no terminal, an answer it could not write) exit with this.
        public var error: Int32 = 255
        /// A list's Help prints `HELP tag` (or, with --item-help, `HELP` and the item's help text).
        public var helpNamesItem = false
        /// --help-status: the list's marks or the form's values follow that.
        public var helpStatus = false
        public var itemHelp: [String: String] = [:]
        /// Written before a non-empty answer (a chain's separator).
        public var before: [UInt8] = []
        /// dselect: the path as the script gave it, printed as given when the answer is that folder
        /// (dialog returns its text field, which still holds it).
        public var givenPath: String?
        /// fselect: the folder as the script gave it and where it really is; a path below it is
        /// printed from the given form (dialog returns its text field, which started as given).
        public var givenFolder: GivenFolder?
        public struct GivenFolder: Equatable, Sendable {
            /// As given, ending in a slash.
            public var typed: String
            public var real: [UInt8]
        }
        /// The program's colours (NEWT_COLORS, DIALOGRC), when the user set them.
        public var theme: ThemeFile?
        /// inputmenu: a rename (the extra button's ITEM<TAB>NEW) is printed as dialog's `RENAMED tag new`.
        public var renames = false
        /// editbox: a text not ending with a newline is printed with one, as dialog adds one to
        /// the file it reads; nothing else of it changes.
        public var endsWithNewline = false
        /// A form's read-only hidden fields (dialog's itype 3): shown masked, never edited, and
        /// printed as given, by their line.
        public var hiddenValues: [Int: [UInt8]] = [:]
        /// dialog's --output-separator: between a check list's tags (instead of a space) and
        /// after each line of --separate-output and a form (instead of a newline).
        public var separator: [UInt8]?
        public init(descriptor: Int32) { self.descriptor = descriptor }
    }

    public struct Translated: Equatable, Sendable {
        /// The alert that does the box's job, built typed by the box's adapter.
        public var command: ParsedCommand
        /// It as an alertty command line (for tests and messages; nothing parses it).
        public var arguments: [String] { command.arguments }
        public var output: Output
        /// --infobox: drawn once on the normal screen, left there, and done.
        public var drawOnce = false
        /// dialog's --sleep: seconds to wait once the box is done.
        public var sleep: Double = 0
        /// dialog's --tailboxbg: not asked, but drawn behind the boxes after it.
        public var background: Background?
        /// dialog's --tailbox: the box follows its file as one of dialog's callbacks, which Tab
        /// hands the keys to (see Layered).
        public var followsItself = false
        /// Lines dialog prints on its output before the box (--print-maxsize, --print-version).
        public var printedFirst: [UInt8] = []
        /// How the box follows the one before it in a dialog chain: after --and-widget it runs
        /// unless Esc ended that one; a box that simply follows another runs only after OK.
        public var afterAndWidget = true
        /// A box after the first that dialog cannot run (a usage error, a file it cannot open):
        /// dialog finds it only when it gets to it, after the boxes before it were answered,
        /// and ends there with this.
        public var failure: Failure?
    }

    /// A file's last lines in a box that stays behind the boxes asked after it, following the
    /// file; with --no-kill it is left on the screen, still following, once the chain is done.
    public struct Background: Equatable, Sendable {
        public var path: String
        public var title: String
        public var width: Int?
        public var height: Int?
        /// --begin Y X: its top-left corner (nil: centred).
        public var begin: ScreenPosition?
        public var keep: Bool
        /// dialog's --keep-tite: kept showing on the alternate screen, which goes when it is
        /// killed (and with it what the script printed meanwhile), as dialog's does.
        public var alternateScreen = false
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
           arguments.contains(where: { Compat.box(named: String($0.dropFirst(2)), .dialog) != nil }) {
            return installedAs() ?? .lenient
        }
        return nil
    }

    /// The program this alertty is installed as, when the `dialog` (or else the `whiptail`) found
    /// first on PATH leads to it (a symlink, the alternatives chain /usr/bin/dialog → /etc/alternatives/dialog
    /// → alertty): a client that resolved the link before running it (pythondialog runs
    /// realpath(dialog)) still gets that program's buttons and statuses.
    static func installedAs(path: String? = Platform.environment("PATH"), me: String? = Platform.executablePath()) -> Program? {
        guard let me = me.flatMap(Platform.realPath) else { return nil }
        let folders = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for program in [Program.dialog, .whiptail] {
            // The one a client finds: the first on PATH.
            let found = folders.lazy.filter { !$0.isEmpty }.compactMap { Platform.realPath($0 + "/" + program.rawValue) }.first
            if found == me { return program }
        }
        return nil
    }

    // MARK: - The grammar's tables

    /// A box of whiptail or dialog, by its option's name (`--msgbox`), in the order the
    /// unsupported-box line and --help list them.
    enum BoxName: String, CaseIterable, Sendable {
        case msgbox, yesno, infobox, inputbox, passwordbox, menu, radiolist, checklist, buildlist, inputmenu, treeview
        case gauge, fselect, dselect, textbox, tailbox, tailboxbg, editbox, progressbox, mixedgauge, prgbox, timebox
        case rangebox, calendar, pause, programbox, form, passwordform, mixedform

        var box: Box { Compat.boxes[self]! }
    }

    /// A box: the alert that does its job, its arguments, and the adapter that builds the alert's
    /// command from them.
    struct Box: Sendable {
        var alert: AlertKind
        /// Required arguments (text or file, height, width, and list height for lists).
        var required: Int
        /// Optional arguments after those (an input box's initial text, a gauge's percentage).
        var optional: Int
        /// Arguments per list item (tag item [status]); 0 for boxes without a list.
        var group: Int
        /// whiptail has it too (the rest are dialog's: to whiptail, unknown options).
        var inWhiptail = false
        /// Its first argument, as --help names it.
        var first = "<text>"
        /// Its arguments after TEXT HEIGHT WIDTH, as --help shows them (whiptail's, where they differ).
        var usage = ""
        var whiptailUsage: String?
        /// Maps the box onto its alert.
        var adapt: @Sendable (inout Adapter) throws(Failure) -> Void
    }

    static let boxes: [BoxName: Box] = [
        .msgbox: Box(alert: .message, required: 3, optional: 0, group: 0, inWhiptail: true) { $0.message() },
        .yesno: Box(alert: .confirm, required: 3, optional: 0, group: 0, inWhiptail: true) { (a: inout Adapter) throws(Failure) in try a.yesno() },
        .infobox: Box(alert: .message, required: 3, optional: 0, group: 0, inWhiptail: true) { $0.message() },
        .inputbox: Box(alert: .input, required: 3, optional: 1, group: 0, inWhiptail: true, usage: " [init]") { (a: inout Adapter) throws(Failure) in try a.field() },
        .passwordbox: Box(alert: .password, required: 3, optional: 1, group: 0, inWhiptail: true, usage: " [init]") { (a: inout Adapter) throws(Failure) in try a.field() },
        .menu: Box(alert: .choose, required: 4, optional: 0, group: 2, inWhiptail: true, usage: " <list height> [tag item] ...") { (a: inout Adapter) throws(Failure) in try a.list() },
        .radiolist: Box(alert: .choose, required: 4, optional: 0, group: 3, inWhiptail: true, usage: " <list height> [tag item status] ...") { (a: inout Adapter) throws(Failure) in try a.list() },
        .checklist: Box(alert: .choose, required: 4, optional: 0, group: 3, inWhiptail: true, usage: " <list height> [tag item status] ...") { (a: inout Adapter) throws(Failure) in try a.list() },
        // tag item status: a check list whose marks are answered in list order, or with --reorder
        // in the order they were made.
        .buildlist: Box(alert: .choose, required: 4, optional: 0, group: 3, usage: " <list height> [tag item status] ...") { (a: inout Adapter) throws(Failure) in try a.list() },
        // tag item: a menu whose items can be renamed (the Rename button).
        .inputmenu: Box(alert: .choose, required: 4, optional: 0, group: 2, usage: " <list height> [tag item] ...") { (a: inout Adapter) throws(Failure) in try a.list() },
        // tag item status depth: a radio list drawn as a tree.
        .treeview: Box(alert: .choose, required: 4, optional: 0, group: 4, usage: " <list height> [tag item status depth] ...") { (a: inout Adapter) throws(Failure) in try a.list() },
        .gauge: Box(alert: .progress, required: 3, optional: 1, group: 0, inWhiptail: true, usage: " [percent]", whiptailUsage: " <percent>") { (a: inout Adapter) throws(Failure) in try a.gauge() },
        .fselect: Box(alert: .save, required: 3, optional: 0, group: 0, first: "<path>") { (a: inout Adapter) throws(Failure) in try a.browser() },
        .dselect: Box(alert: .folder, required: 3, optional: 0, group: 0, first: "<path>") { (a: inout Adapter) throws(Failure) in try a.browser() },
        .textbox: Box(alert: .text, required: 3, optional: 0, group: 0, inWhiptail: true, first: "<file>") { (a: inout Adapter) throws(Failure) in try a.textbox() },
        .tailbox: Box(alert: .text, required: 3, optional: 0, group: 0) { (a: inout Adapter) throws(Failure) in try a.tailbox() },
        // FILE HEIGHT WIDTH: asked nothing; drawn behind the boxes after it (Layered).
        .tailboxbg: Box(alert: .text, required: 3, optional: 0, group: 0) { (a: inout Adapter) throws(Failure) in try a.tailbox() },
        .editbox: Box(alert: .edit, required: 3, optional: 0, group: 0) { (a: inout Adapter) throws(Failure) in try a.editbox() },
        // [TEXT] HEIGHT WIDTH: the text may be left out.
        .progressbox: Box(alert: .text, required: 2, optional: 1, group: 0) { (a: inout Adapter) throws(Failure) in try a.progressbox() },
        // TEXT HEIGHT WIDTH PERCENT [TAG ITEM]...: drawn once, as an infobox is.
        .mixedgauge: Box(alert: .progress, required: 4, optional: 0, group: 2) { (a: inout Adapter) throws(Failure) in try a.mixedgauge() },
        // [TEXT] COMMAND HEIGHT WIDTH: the command's output in the pager, then OK.
        .prgbox: Box(alert: .text, required: 3, optional: 1, group: 0) { (a: inout Adapter) throws(Failure) in try a.prgbox() },
        // TEXT HEIGHT WIDTH [HOUR MINUTE SECOND]
        .timebox: Box(alert: .time, required: 3, optional: 3, group: 0) { (a: inout Adapter) throws(Failure) in try a.timebox() },
        // TEXT HEIGHT WIDTH MIN MAX DEFAULT
        .rangebox: Box(alert: .number, required: 6, optional: 0, group: 0) { (a: inout Adapter) throws(Failure) in try a.rangebox() },
        // TEXT HEIGHT WIDTH [DAY MONTH YEAR]
        .calendar: Box(alert: .date, required: 3, optional: 3, group: 0) { (a: inout Adapter) throws(Failure) in try a.calendar() },
        // TEXT HEIGHT WIDTH SECONDS: OK and Cancel, OK taken when the seconds run out.
        .pause: Box(alert: .confirm, required: 4, optional: 0, group: 0) { (a: inout Adapter) throws(Failure) in try a.pause() },
        .programbox: Box(alert: .text, required: 2, optional: 1, group: 0) { (a: inout Adapter) throws(Failure) in try a.progressbox() },
        // dialog's forms: label y x item y x flen ilen [itype]
        .form: Box(alert: .form, required: 4, optional: 0, group: 8, usage: " <form height> [label y x item y x flen ilen] ...") { (a: inout Adapter) throws(Failure) in try a.form() },
        .passwordform: Box(alert: .form, required: 4, optional: 0, group: 8, usage: " <form height> [label y x item y x flen ilen] ...") { (a: inout Adapter) throws(Failure) in try a.form() },
        .mixedform: Box(alert: .form, required: 4, optional: 0, group: 9, usage: " <form height> [label y x item y x flen ilen itype] ...") { (a: inout Adapter) throws(Failure) in try a.form() },
    ]

    /// The box an option names, if the program has it.
    static func box(named name: String, _ program: Program) -> BoxName? {
        // (dialog still takes --guage, its first spelling.)
        guard let box = BoxName(rawValue: name) ?? (name == "guage" && program != .whiptail ? .gauge : nil),
              program != .whiptail || box.box.inWhiptail else { return nil }
        return box
    }

    /// What the drop-in covers and what it does not, for --help, the man page and the README.
    public static let supportSummary: [String] = [
        "Installed as whiptail and dialog by putting PREFIX/lib/alertty/dropin (hard links to alertty, made by scripts/install.sh and the package) first on PATH; hard links keep the name when a client resolves the path (pythondialog).",
        "Boxes: msgbox, yesno, infobox (drawn once, left on the screen), inputbox, passwordbox, menu, radiolist, checklist, gauge, fselect, dselect, textbox (the pager: only what is on screen is read); dialog's form, passwordform, mixedform, tailbox (the pager following the file), tailboxbg (the file's last lines in a box behind the boxes after it, following the file; with --no-kill left on the screen by a process whose pid is printed on stderr, as dialog does), progressbox and programbox (the pager on stdin, closing at its end or on OK), pause (OK and Cancel, OK taken when the seconds run out), calendar (the date alert; --date-format, dd/mm/yyyy by default), rangebox (the number alert with dialog's keys: Left/Right through the digits and buttons, Up/- and Down/+ step the focused digit, a digit sets it), timebox (the time alert; --time-format), prgbox (the pager on a command's output), mixedgauge (progress's steps, drawn once), editbox (the edit alert), treeview (a radio list drawn as a tree), buildlist (two lists side by side as dialog draws them: Space sends the focused item to the other list, ^ and $ go to a list, letters jump by tag; --reorder lists and answers the chosen in the order chosen), inputmenu (a menu whose Rename button edits the item in place: RENAMED tag text, exit 3).",
        "Options where that program takes them (whiptail: anywhere; dialog: before the box and after its arguments), a trailing extra argument where whiptail tolerates one, and dialog's --and-widget chains (answers joined by --separate-widget, a tab). dialog's --stdout, --stderr, --output-fd, --input-fd, --keep-tite and --version are taken from anywhere on its command line, the last for every box, as dialog reads them before anything else.",
        "Output as each program prints it: the answer on stderr without a newline (or --output-fd N, dialog's --stdout), check lists as \"a\" \"c\" or a c, --separate-output, dialog's \"HELP tag\" (a form's: the field's label) on Help, followed by the marks or values with --help-status.",
        "Exit statuses as each program's: Esc 255, dialog's Help 2 and Extra 3, and DIALOG_OK, DIALOG_CANCEL, DIALOG_ESC, DIALOG_HELP, DIALOG_EXTRA, DIALOG_ERROR, DIALOG_TIMEOUT. dialog's Tab to the boxes that follow files: while a tailbox or tailboxbg is up, Tab hands the keys from the box to each of them (newest first) and back, raising it; Enter or Esc there closes a background box (the last one closed ends the box with dialog's error status, 255 or DIALOG_ERROR) and ends a tailbox with 254, which nothing maps, as dialog does. With --no-kill dialog ends with 0 once its background boxes are left showing (on the alternate screen with --keep-tite, gone when they are killed).",
        "DIALOGOPTS: options for every box, under each box's own (split as --file's words; not --stdout, --stderr, --output-fd, --input-fd, which are the command line's alone).",
        "dialog's --begin Y X: the box's top-left corner there (kept on the screen), as scripts lay boxes out side by side.",
        "dialog's --sleep N after a box (an infobox that stays up for N seconds), and --input-fd N (the keys from the terminal on descriptor N; a closed one is dialog's error).",
        "The probes programs that drive them send first: --version (whiptail's and dialog's version line, exit 0), dialog's --print-version and --print-maxsize, and --help (the boxes and options taken here).",
        "Checked as there, before anything is drawn: --output-fd must be a number (whiptail: exit 1) naming a descriptor open for writing (255); a --textbox file that is missing, unreadable or a folder exits 255 with the program's message; dialog reads each box of a chain as it gets to it, so a box after the first that cannot run (too few arguments: dialog's \"Expected at least 20 tokens for --men\", a missing file) fails there, after the boxes before it. dialog given a single word that is no probe shows its help (exit 0).",
        "dialog's fselect and dselect take Enter as OK: fselect returns the path in its field, from the folder as given (an existing file is not questioned), dselect the folder shown; Space in the field completes the name and opens a folder named whole, Tab only moves (the field, OK, Cancel, the list, as dialog goes round; OK answers the field, the folder shown with its slash when nothing is typed); --no-nl-expand keeps \\n as typed.",
        "dialog's other options: --visit-items (Tab stops on a list before OK; on each of buildlist's two lists), --scrollbar (a scroll bar inside a list's frame and the share read always shown; the rc file's use_scrollbar and visit_items too), --output-separator (before each check-list tag, after each --separate-output line and form value, as dialog puts it), --max-input N, --help-tags, --column-separator (items lined up in columns); those that change only dialog's drawing or debugging (--ascii-lines, --no-lines, --beep, --beep-after, --cursor-off-label, --hline, --hfile, --keep-window, --no-hot-list, --no-ok, --size-err, --tab-correct, --tab-len, --week-start, --trace, --ignore) are taken without effect, and --last-key without printing the key's code.",
        "Drawn as there: the HEIGHT WIDTH sizes (0 0: sized to fit; a box is never cut below what its content needs) — dialog's message, yes/no, input, password, menu, check, radio, build and gauge boxes sized by dialog's arithmetic (0 fits the text, -1 takes the screen less the shadow and --begin, --aspect shapes a long text; --print-size prints the size before the box, as dialog), in dialog's own look (square corners, the title centred in the border, the backtitle ruled off, the line over the buttons, <  OK  > buttons where dialog places them, the list's, the field's and the gauge's frames, [*] and (*) marks: the message, yes/no, input, menu, check, radio, build and gauge boxes are dialog's screen character for character), and whiptail's in newt's (the title between tees, <Ok> buttons where whiptail puts them, the entry's underscores, the check and radio lists at the left under a blank row, the field under the text, the gauge's scale: its message, yes/no, input, password, menu, check, radio and gauge boxes are whiptail's screen character for character, the gauge's colours too), text inside one blank column as both programs have it (so text a client wrapped for them, as debconf does, is not wrapped again), whiptail's lists LIST-HEIGHT rows tall under the whole question and dialog's the rest of the box under it, --title, --backtitle, button labels (-button and -label spellings, dialog's --exit-label), --defaultno, --default-button, --nocancel, --default-item, --notags, --no-items (whiptail's --noitem), --item-help, --help-button, --extra-button, --colors (\\Z codes as styles), --insecure (a password's asterisks; dialog shows none without it), dialog's \\n, newline and space rules (--no-collapse, --cr-wrap), letters that jump in lists.",
        "Every box of dialog 1.3 is there. Not kept: dialog's field positions in forms (alertty lays the fields out in order).",
    ]




    /// Options and how many values each takes. `whiptailOnly`/`dialogOnly` are unknown to the other.
    static let options: [String: Int] = [
        "title": 1, "backtitle": 1, "yes-button": 1, "yes-label": 1, "no-button": 1, "no-label": 1,
        "ok-button": 1, "ok-label": 1, "cancel-button": 1, "cancel-label": 1, "help-label": 1, "extra-label": 1,
        "default-item": 1, "output-fd": 1, "input-fd": 1, "timeout": 1, "aspect": 1, "begin": 2, "sleep": 1,
        "defaultno": 0, "nocancel": 0, "no-cancel": 0, "notags": 0, "no-tags": 0, "noitem": 0, "separate-output": 0, "reorder": 0,
        "stdout": 0, "stderr": 0, "clear": 0, "scrolltext": 0, "no-collapse": 0, "cr-wrap": 0, "colors": 0,
        "insecure": 0, "item-help": 0, "help-button": 0, "extra-button": 0, "fb": 0, "fullbuttons": 0, "topleft": 0,
        "separate-widget": 1, "help-status": 0, "exit-label": 1, "no-items": 0, "default-button": 1, "keep-tite": 0, "no-kill": 0, "no-shadow": 0, "shadow": 0, "no-mouse": 0, "erase-on-exit": 0, "quoted": 0, "single-quoted": 0, "trim": 0, "no-nl-expand": 0, "date-format": 1, "time-format": 1,
        // dialog 1.3's other options: read with their values so nothing after them is misread.
        // --output-separator, --max-input, --help-tags and --column-separator change what
        // happens; the rest change only dialog's drawing (lines, beeps, scroll bars, help files)
        // or its debugging, and are taken without effect (--ignore too: dialog 1.3 still refuses
        // an unknown option with it; --last-key's key code is not printed).
        "output-separator": 1, "max-input": 1, "help-tags": 0, "column-separator": 1, "ignore": 0,
        "ascii-lines": 0, "no-lines": 0, "beep": 0, "beep-after": 0, "cursor-off-label": 0, "hfile": 1, "hline": 1,
        "keep-window": 0, "last-key": 0, "no-hot-list": 0, "no-ok": 0, "nook": 0, "scrollbar": 0, "size-err": 0,
        "tab-correct": 0, "tab-len": 1, "trace": 1, "visit-items": 0, "week-start": 1,
        // --separator is --output-separator's old name. --print-maxsize, --print-version and
        // --print-size (for the boxes sized by dialog's arithmetic, DialogSize) with a box print
        // their line and go on to it, as dialog does; --print-text-only and --print-text-size
        // (more of dialog's layout arithmetic), --color-mode, --iso-week and Xdialog's options
        // (--fixed-font, --icon, --wmclass, ...) are taken without effect.
        "separator": 1, "print-maxsize": 0, "print-version": 0, "print-size": 0, "print-text-only": 3, "print-text-size": 3,
        "color-mode": 1, "iso-week": 0, "allow-close": 0, "auto-placement": 0, "fixed-font": 0, "fullbutton": 0, "icon": 1,
        "keep-colors": 0, "no-close": 0, "screen-center": 0, "smooth": 0, "under-mouse": 0, "wmclass": 1,
    ]
    static let whiptailOptions: Set<String> = [
        "title", "backtitle", "yes-button", "no-button", "ok-button", "cancel-button", "default-item", "output-fd",
        "defaultno", "nocancel", "notags", "noitem", "separate-output", "clear", "scrolltext", "fb", "fullbuttons", "topleft",
    ]

    static func knows(_ option: String, _ program: Program) -> Bool {
        program == .whiptail ? whiptailOptions.contains(option) : options[option] != nil
    }
}
