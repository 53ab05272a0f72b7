// The drop-in's boxes: each whiptail or dialog box mapped onto the alertty alert that does its
// job, with the program's sizes, labels, keys and defaults. Each box has its adapter, which
// builds the alert's command typed (as dialog's modes[] table reaches call_checklist): flags set
// by `Flag`, their values checked by the flag table, no command line to parse a second time.

extension Compat {
    /// One box being mapped: what the script gave, and the alert's command and output being built.
    struct Adapter {
        let program: Program
        let box: BoxName
        let spec: Box
        let positionals: [String]
        let options: [(name: String, values: [String])]
        var command: ParsedCommand
        var translated: Translated
        /// TEXT as the program shows it.
        var body = ""
        /// dialog's rc file's switches set ON (CompatTheme.dialogrcSwitches).
        var rcSwitches: Set<String> = []

        init(_ program: Program, _ box: BoxName, _ spec: Box, _ positionals: [String], _ options: [(name: String, values: [String])]) {
            self.program = program
            self.box = box
            self.spec = spec
            self.positionals = positionals
            self.options = options
            command = ParsedCommand(alert: spec.alert)
            // TEXT and --value as given ("-" is text); Enter's answer is the default, but a
            // password's only when the script gave one; no alertty flag is suggested.
            command.dashIsText = true
            command.enterIsDefault = spec.alert != .password
            command.suggestsFlags = false
            translated = Translated(command: command, output: Output(descriptor: 2))
        }

        var output: Output {
            get { translated.output }
            set { translated.output = newValue }
        }

        func value(_ names: String...) -> String? { Compat.value(options, names) }
        func has(_ names: String...) -> Bool { Compat.has(options, names) }
        /// The alert standing in takes this flag (with a value, when `withValue`).
        func takes(_ flag: Flag, withValue: Bool = false) -> Bool {
            CommandSpec.spec(flag, for: spec.alert).map { !withValue || $0.takesValue } ?? false
        }
        /// Text as the program shows it (see Compat.text).
        func shown(_ raw: String, keepCodes: Bool = false) -> String { Compat.text(raw, program, options, keepCodes: keepCodes) }
        /// A label or item as the program draws it.
        func plain(_ raw: String) -> String { withoutCodes(raw, program, options) }

        mutating func set(_ flag: Flag, _ value: String = "") throws(Failure) {
            do { try command.set(flag, value) } catch { throw Failure(message: "alertty: \(error.message)\n", status: 255) }
        }

        mutating func add(positionals more: [String]) { command.positionals += more }
    }

    static func build(_ program: Program, _ boxName: BoxName, _ spec: Box, _ positionals: [String],
                      _ options: [(name: String, values: [String])]) -> Result<Translated, Failure> {
        var box = Adapter(program, boxName, spec, positionals, options)
        do throws(Failure) {
            try box.common()
            try spec.adapt(&box)
        } catch {
            return .failure(error)
        }
        box.statuses()
        box.translated.command = box.command
        return .success(box.translated)
    }
}

extension Compat.Adapter {
    typealias Failure = Compat.Failure

    /// dialog's --begin Y X, when given as two numbers from 0.
    var begin: ScreenPosition? {
        guard program == .dialog, let given = options.last(where: { $0.name == "begin" })?.values, given.count == 2,
              let row = Int(given[0]), let column = Int(given[1]), row >= 0, column >= 0 else { return nil }
        return ScreenPosition(row: row, column: column)
    }

    /// What every box shares: sizes, titles, buttons and their labels, the output's descriptor,
    /// the program's colours.
    mutating func common() throws(Failure) {
        // One blank column inside the border, as both programs have it: text they wrap fits as wrapped.
        try set(.noAnimation)
        try set(.margin, "1")
        if let title = value("title") { try set(.title, shown(title)) }
        if let backtitle = value("backtitle") { try set(.backtitle, shown(backtitle)) }
        // dialog's --begin Y X: where the box's top-left corner goes.
        if let begin { try set(.begin, "\(begin.row),\(begin.column)") }
        if has("nocancel", "no-cancel"), takes(.noCancel) { try set(.noCancel) }
        // What the programs take as given: an item no list has, a tag named, a radio list's
        // marked item, a secret in the arguments (the script's command line already holds it).
        for flag: Flag in [.lenientMarks, .marksByTag, .enterTakesMarked, .secretInArguments] where takes(flag) { try set(flag) }
        // dialog's rc file, read once: its colours and its switches (use_scrollbar, visit_items).
        let rc = program == .whiptail ? nil : CompatTheme.dialogrcText(Platform.environment)
        output.theme = CompatTheme.theme(for: program, rc: rc, environment: Platform.environment)
        rcSwitches = CompatTheme.dialogrcSwitches(rc ?? "")
        output.helpStatus = has("help-status")
        if program == .dialog, let separator = value("output-separator") ?? value("separator") { output.separator = Array(separator.utf8) }
        if has("stdout") { output.descriptor = 1 }
        if program == .dialog {
            // dialog prints these where it meets them, then goes on to the box.
            for option in options {
                if option.name == "print-version" { translated.printedFirst += Array(Compat.dialogVersion.utf8) }
                // (With a box, dialog prints it before it has measured the screen: 0, 0.)
                if option.name == "print-maxsize" { translated.printedFirst += Array("MaxSize: 0, 0\n".utf8) }
            }
        }
        if let given = value("output-fd") {
            switch Compat.outputDescriptor(given, program) {
            case .success(let fd): output.descriptor = fd
            case .failure(let failure): throw failure
            }
        }
        if program != .whiptail, let given = value("input-fd") {
            // dialog's --input-fd N: the keys come from N (a terminal a script juggled there); the
            // box is asked on that terminal.
            guard let fd = Int32(given), fd >= 0, Platform.isOpen(fd) else { throw Failure(message: "\nCannot open input-fd\n\n", status: 255) }
            try set(.tty, "/dev/fd/\(fd)")
        }
        if program != .whiptail, let t = value("timeout"), let seconds = Int(t), seconds > 0 { try set(.timeout, String(seconds)) }
        if has("extra-button"), takes(.extraButton) { try set(.extraButton, value("extra-label") ?? tr("Extra", context: "dialog")) }
        if has("help-button"), takes(.helpButton) { try set(.helpButton, value("help-label") ?? tr("Help", context: "dialog")) }
        let labels: [(Flag, [String])] = [(.yes, ["yes-button", "yes-label"]), (.no, ["no-button", "no-label"]),
                                         (.ok, ["ok-button", "ok-label", "exit-label"]), (.cancel, ["cancel-button", "cancel-label"])]
        // (progress's --cancel is a flag, not a label; a pager's adds a button the boxes do not have)
        for (flag, names) in labels where takes(flag, withValue: true) && !(flag == .cancel && spec.alert == .text) {
            // Not given: the program's own label, in the user's language as that program shows it.
            guard let label = Compat.value(options, names) ?? Compat.defaultLabel(flag, program) else { continue }
            try set(flag, label)
        }
        let styled = program == .dialog && has("colors") && takes(.colors)
        if styled { try set(.colors) }
        body = shown(positionals[0], keepCodes: styled)
        try size()
        if program == .dialog, let seconds = value("sleep").flatMap(Double.init), seconds > 0 { translated.sleep = seconds }
    }

    /// The box's size: dialog's for its boxes that have its arithmetic (0 fits the text, -1 takes
    /// the screen; --print-size says it), else as given (0: sized to fit, as both do). The list's
    /// height follows from the box's.
    mutating func size() throws(Failure) {
        var height = Int(positionals[1]) ?? 0, width = Int(positionals[2]) ?? 0
        if program == .dialog, case let screen = dialogScreen(), let rules = dialogSizeRules(on: screen) {
            let size = DialogSize.of(title: value("title").map { shown($0) } ?? "", prompt: body, height: height, width: width,
                                     rules: rules, on: screen)
            (height, width) = (size.height, size.width)
            if has("print-size") { translated.printedFirst += Array("Size: \(height), \(width)\n".utf8) }
        }
        if width >= 16 { try set(.width, String(min(width, 1000))) }
        if height >= 3 { try set(.height, String(min(height, 1000))) }
    }

    /// The screen dialog would measure: the terminal's size, its shadow (--no-shadow or the rc
    /// file's use_shadow = OFF), --aspect and --begin.
    func dialogScreen() -> DialogSize.Screen {
        var screen = DialogSize.Screen()
        if let size = [1, 0, 2].lazy.compactMap({ Platform.terminalSize(FileDescriptor($0)) }).first {
            (screen.columns, screen.lines) = (size.columns, size.rows)
        }
        screen.shadow = !has("no-shadow") && output.theme.map { $0.parts[.shadow] != nil } ?? true
        if let aspect = value("aspect").flatMap(Int.init), aspect > 0 { screen.aspect = aspect }
        screen.begin = begin
        return screen
    }

    /// What each box adds to its text in dialog's arithmetic on `screen` (nil: a box sized otherwise).
    func dialogSizeRules(on screen: DialogSize.Screen) -> DialogSize.Rules? {
        let okLabels = [command.string(.ok) ?? "OK"] + [command.string(.extraButton)].compactMap { $0 }
            + (has("nocancel", "no-cancel") ? [] : [command.string(.cancel) ?? "Cancel"]) + [command.string(.helpButton)].compactMap { $0 }
        let columns = screen.columns
        switch box {
        case .msgbox, .infobox:
            let buttons = DialogSize.buttonsWidth([command.string(.ok) ?? "OK"], columns: columns)
            return .init(boxLines: box == .msgbox ? 2 : 0, minimumColumns: max(box == .msgbox ? 12 : 0, buttons))
        case .yesno:
            let labels = [command.string(.yes) ?? "Yes"] + [command.string(.extraButton)].compactMap { $0 }
                + [command.string(.no) ?? "No"] + [command.string(.helpButton)].compactMap { $0 }
            return .init(boxLines: 2, minimumColumns: max(25, DialogSize.buttonsWidth(labels, columns: columns)))
        case .inputbox, .passwordbox:
            let height = Int(positionals[1]) ?? 0, width = Int(positionals[2]) ?? 0
            let partAuto = (height == 0) != (width == 0) ? 1 : 0
            let initial = positionals.count > 3 ? TextWidth.columns(positionals[3]) : nil
            let least = initial.map { min(max($0 + 7, 26), screen.usableColumns - (screen.begin?.column ?? 0)) } ?? 26
            return .init(boxLines: 5 + partAuto, minimumColumns: least, widenForButtons: okLabels)
        case .menu, .checklist, .radiolist, .buildlist:
            let items = Array(positionals.dropFirst(4))
            let (itemless, group) = listGroup
            guard group > 0, items.count % group == 0, let listHeight = Int(positionals[3]) else { return nil }
            var tags = 0, texts = 0
            for k in stride(from: 0, to: items.count, by: group) {
                tags = max(tags, TextWidth.columns(items[k]))
                if !itemless { texts = max(texts, TextWidth.columns(items[k + 1])) }
            }
            let least = box == .buildlist ? 2 * (tags + texts + 6) + 1 : tags + texts + 10
            return .init(boxLines: 6, minimumColumns: max(26, least), widenForButtons: okLabels,
                         list: (max(0, listHeight), items.count / group))
        case .gauge:
            return .init(boxLines: 4, minimumColumns: 16)
        default:
            return nil
        }
    }

    /// dialog's exit statuses, as the DIALOG_* variables set them.
    mutating func statuses() {
        guard program == .dialog else { return }
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

    // MARK: - Questions and messages

    mutating func yesno() throws(Failure) {
        // --defaultno, or dialog's --default-button for a button this box has.
        var focus = has("defaultno") ? "no" : nil
        let buttons = ["ok": "yes", "yes": "yes", "no": "no", "cancel": "no", "extra": "extra", "help": "help"]
        if let wanted = value("default-button").flatMap({ buttons[$0] }),
           wanted == "yes" || wanted == "no" || (wanted == "extra" && command.has(.extraButton)) || (wanted == "help" && command.has(.helpButton)) {
            focus = wanted
        }
        if let focus { try set(.default, focus) }
        add(positionals: [body])
    }

    mutating func message() {
        translated.drawOnce = box == .infobox
        add(positionals: [body])
    }

    mutating func pause() throws(Failure) {
        guard let seconds = Int(positionals[3]), seconds >= 0 else {
            throw Failure(message: "alertty: --pause needs TEXT HEIGHT WIDTH SECONDS\n", status: 255)
        }
        if !command.has(.yes) { try set(.yes, value("ok-label", "ok-button") ?? tr("OK", context: "dialog")) }
        if !command.has(.no) { try set(.no, value("cancel-label", "cancel-button") ?? tr("Cancel", context: "dialog")) }
        try set(.countdown, String(max(1, seconds)))
        add(positionals: [body])
    }

    mutating func field() throws(Failure) {
        // dialog's --max-input: the most the field takes (dialog counts bytes, alertty characters).
        if let most = value("max-input").flatMap(Int.init), most > 0 { try set(.maxLength, String(min(most, 1_000_000))) }
        if positionals.count > 3 && !positionals[3].isEmpty { try set(.value, positionals[3]) }
        // As each shows a password: whiptail an asterisk per character, dialog nothing (--insecure: asterisks).
        if box == .passwordbox { try set(.mask, program == .dialog && !has("insecure") ? "" : "*") }
        if program == .dialog { try set(.framed) } // dialog's field has a frame of its own
        add(positionals: [body])
    }

    // MARK: - Values

    mutating func timebox() throws(Failure) {
        // An hour, minute or second left out (or negative) is now's.
        let now = ClockTime(wrapping: Platform.localNow().secondsSinceMidnight)
        func part(_ i: Int, _ fallback: Int) -> Int { Compat.number(positionals, i, least: 0) ?? fallback }
        guard let start = ClockTime(hour: part(3, now.hour), minute: part(4, now.minute), second: part(5, now.second)) else {
            throw Failure(message: "alertty: --timebox: no such time\n", status: 255)
        }
        try set(.value, start.iso)
        try set(.format, value("time-format") ?? "%H:%M:%S")
        try set(.dialogKeys)
        add(positionals: [body])
    }

    mutating func rangebox() throws(Failure) {
        guard let low = Int(positionals[3]), let high = Int(positionals[4]), let start = Int(positionals[5]) else {
            throw Failure(message: "alertty: --rangebox needs TEXT HEIGHT WIDTH MIN MAX DEFAULT\n", status: 255)
        }
        try set(.min, String(min(low, high)))
        try set(.max, String(max(low, high)))
        try set(.value, String(min(max(start, min(low, high)), max(low, high))))
        try set(.dialogKeys)
        add(positionals: [body])
    }

    mutating func calendar() throws(Failure) {
        // A day, month or year left out or 0 is today's.
        let today = Platform.localNow()
        func part(_ i: Int, _ fallback: Int) -> Int { Compat.number(positionals, i, least: 1) ?? fallback }
        let year = part(5, today.year), month = part(4, today.month)
        let day = min(part(3, today.day), CalendarDate.days(inMonth: max(1, min(12, month)), year: year))
        guard let start = CalendarDate(year: year, month: month, day: day) else {
            throw Failure(message: "alertty: --calendar: no such date\n", status: 255)
        }
        try set(.value, start.iso)
        try set(.format, value("date-format") ?? "%d/%m/%Y")
        try set(.dialogKeys)
        add(positionals: [body])
    }

    // MARK: - Progress

    mutating func gauge() throws(Failure) {
        if positionals.count > 3, let p = Int(positionals[3]) { try set(.percent, String(max(0, min(100, p)))) }
        try set(.framed) // the programs' bar: its percentage in the middle (dialog's in a frame)
        add(positionals: [body])
    }

    mutating func mixedgauge() throws(Failure) {
        // Drawn once (dialog draws it and exits): the overall percentage and a row per item,
        // its status as dialog words it (a negative number is a percentage).
        translated.drawOnce = true
        let words = ["Succeeded", "Failed", "Passed", "Completed", "Checked", "Done", "Skipped", "In Progress", "", "N/A"]
        try set(.percent, String(max(0, min(100, Int(positionals[3]) ?? 0))))
        let items = Array(positionals.dropFirst(4))
        for k in stride(from: 0, to: items.count - 1, by: 2) {
            let name = plain(items[k]), status = items[k + 1]
            let state: String
            if let n = Int(status) { state = n < 0 ? "\(min(100, -n))%" : n < words.count ? words[n] : status } else { state = status }
            try set(.task, state.isEmpty ? name : name + ": " + state)
        }
        add(positionals: [body])
    }

    // MARK: - Files and output

    mutating func textbox() throws(Failure) {
        // The native pager: only what is on screen is read, whatever the file's size. A file
        // that cannot be opened, or whiptail's folder, is the program's error (255).
        let path = positionals[0]
        if let problem = Compat.textboxProblem(path, program) {
            throw Failure(message: program == .whiptail ? path + ": " + problem + "\n" : "\nCan't open input file " + path + "\n", status: 255)
        }
        // dialog's textbox draws --help-button's button last and answers it as Cancel (1).
        if program == .dialog && has("help-button") { try set(.cancel, value("help-label") ?? tr("Help", context: "dialog")) }
        add(positionals: [path])
    }

    mutating func editbox() throws(Failure) {
        // The edit alert; the text goes to stderr as it stands. What is not a readable file is
        // dialog's error.
        let readable: Bool = {
            guard let fd = try? Platform.openForReadingAtOnce(positionals[0]) else { return false }
            defer { Platform.close(fd) }
            if case .regular? = Platform.kind(of: fd) { return true }
            return false
        }()
        if !readable { throw Failure(message: "\nNot a file: " + positionals[0] + "\n", status: 255) }
        output.endsWithNewline = true
        add(positionals: [positionals[0]])
    }

    mutating func tailbox() throws(Failure) {
        if Compat.textboxProblem(positionals[0], program) != nil {
            // (dialog names its function for the background box, the file for the other)
            throw Failure(message: box == .tailbox ? "\nCan't open input file " + positionals[0] + "\n"
                                                    : "\nCan't open input file in dialog_tailbox().\n", status: 255)
        }
        try set(.follow)
        add(positionals: [positionals[0]])
        translated.followsItself = box == .tailbox
        if box == .tailboxbg {
            let width = Int(positionals[2]) ?? 0, height = Int(positionals[1]).flatMap { $0 >= 3 ? min($0, 1000) : nil }
            translated.background = Compat.Background(path: positionals[0], title: value("title").map { shown($0) } ?? "",
                                                      width: width >= 16 ? min(width, 1000) : nil, height: height,
                                                      begin: begin, keep: has("no-kill"), alternateScreen: has("keep-tite"))
        }
    }

    mutating func prgbox() throws(Failure) {
        if !body.isEmpty { try set(.heading, body) }
        try set(.run, positionals[3])
        try set(.dialogKeys) // no key is read while the command runs
    }

    mutating func progressbox() throws(Failure) {
        // The command's output on stdin; progressbox closes when it ends, programbox waits for OK.
        if !body.isEmpty { try set(.heading, body) }
        if box == .progressbox { try set(.exitAtEnd) }
        try set(.dialogKeys) // no key is read while the text comes
        try set(.follow) // the newest lines in view as they come, as dialog scrolls them
        add(positionals: ["-"])
    }

    mutating func browser() throws(Failure) {
        let path = positionals[0]
        let isDirectory = path.hasSuffix("/")
        var dir = isDirectory ? path : String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if dir.isEmpty { dir = path.hasPrefix("/") ? "/" : "." }
        try set(.dir, dir)
        // dialog's Enter is OK on the text field: a file that exists is returned, not questioned.
        if box == .fselect { try set(.overwrite, "allow") }
        try set(.dialogKeys)
        try set(.typedPath)
        if box == .dselect { output.givenPath = path }
        if let real = RealFileSystem().realPath(Array(dir.utf8)) {
            // (a bare name was typed in the current folder: no folder before it)
            output.givenFolder = .init(typed: !path.contains("/") ? "" : dir.hasSuffix("/") ? dir : dir + "/", real: real)
        }
        if box == .fselect, !isDirectory, let slash = path.lastIndex(of: "/") {
            try set(.name, String(path[path.index(after: slash)...]))
        }
    }
}
