// The drop-in's boxes: each whiptail or dialog box mapped onto the alertty alert that does its
// job, with the program's sizes, labels, keys and defaults.

extension Compat {
    static func build(_ program: Program, _ boxName: String, _ spec: Box, _ positionals: [String],
                      _ options: [(name: String, values: [String])]) -> Result<Translated, Failure> {
        // One blank column inside the border, as both programs have it: text they wrap fits as wrapped.
        var out: [String] = [spec.alert.rawValue, "--no-animation", "--margin", "1"]
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
        if program == .dialog, let separator = value(options, "output-separator") { output.separator = Array(separator.utf8) }
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
                    "--value", String(min(max(start, min(low, high)), max(low, high))), "--dialog-keys", "--", body]
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
        case "tailbox", "tailboxbg":
            if textboxProblem(positionals[0], program) != nil {
                // (dialog names its function for the background box, the file for the other)
                return .failure(Failure(message: boxName == "tailbox" ? "\nCan't open input file " + positionals[0] + "\n"
                                                                      : "\nCan't open input file in dialog_tailbox().\n", status: 255))
            }
            out += ["--follow", "--", positionals[0]]
            if boxName == "tailboxbg" {
                let height = Int(positionals[1]).flatMap { $0 >= 3 ? min($0, 1000) : nil }
                let title = value(options, "title").map { text($0, program, options) } ?? ""
                translated.background = Background(path: positionals[0], title: title, width: width >= 16 ? min(width, 1000) : nil,
                                                   height: height, keep: has(options, "no-kill"))
            }
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
            // dialog's --max-input: the most the field takes (dialog counts bytes, alertty characters).
            if let most = value(options, "max-input").flatMap(Int.init), most > 0 { out += ["--max-length", String(min(most, 1_000_000))] }
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
            out.append("--dialog-keys")
            if boxName == "dselect" { output.givenPath = path }
            if boxName == "fselect", let real = RealFileSystem().realPath(Array(dir.utf8)) {
                // (a bare name was typed in the current folder: no folder before it)
                output.givenFolder = .init(typed: !path.contains("/") ? "" : dir.hasSuffix("/") ? dir : dir + "/", real: real)
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
            // whiptail: LIST-HEIGHT rows for the list, the question the rest; dialog: the question
            // whole and the list whatever the box leaves.
            if program == .dialog {
                out += ["--list-height", "0"]
            } else if let rows = Int(positionals[3]), rows > 0 {
                out += ["--list-height", String(min(rows, 1000))]
            }
            if program == .dialog { out.append("--dialog-keys") }
            if ["menu", "radiolist", "checklist"].contains(boxName) { out.append("--center-list") }
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
            // Items line up in a column after the widest tag: one space after it in whiptail, two in dialog.
            let tagColumn = stride(from: 0, to: items.count, by: groupSize).map { TextWidth.columns(Sanitize.line(items[$0])) }.max() ?? 0
            let gap = program == .whiptail ? " " : "  "
            let shownItems = stride(from: 0, to: items.count, by: groupSize).map { itemHidden ? "" : withoutCodes(items[$0 + 1], program, options) }
            let aligned = program == .dialog ? value(options, "column-separator").map { Self.columns(shownItems, separator: $0) } : nil
            for k in stride(from: 0, to: items.count, by: groupSize) {
                let tag = items[k]
                let item = (aligned ?? shownItems)[k / groupSize]
                // --help-tags: Help names the tag, not the item's help.
                if groupSize > perItem && !has(options, "help-tags") { output.itemHelp[tag] = items[k + perItem] }
                if boxName == "treeview" {
                    // dialog shows a tree's items without their tags, indented by their depth.
                    let depth = min(50, max(0, Int(items[k + 3]) ?? 0))
                    pairs += [tag, String(repeating: "  ", count: depth) + (item.isEmpty ? tag : item)]
                } else if boxName == "buildlist" || boxName == "inputmenu" {
                    pairs += [tag, item.isEmpty ? tag : item] // shown without tags, as dialog shows them
                } else {
                    let padded = tag + String(repeating: " ", count: max(0, tagColumn - TextWidth.columns(Sanitize.line(tag))))
                    pairs += [tag, notags || item.isEmpty ? (item.isEmpty ? tag : item) : padded + gap + item]
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

    /// dialog's --column-separator: each item split at the separator, its parts lined up in
    /// columns as wide as their widest part.
    static func columns(_ items: [String], separator: String) -> [String] {
        guard !separator.isEmpty else { return items }
        let parts = items.map { $0.split(at: separator) }
        var widths: [Int] = []
        for row in parts {
            for (c, part) in row.enumerated() {
                let w = TextWidth.columns(Sanitize.line(part))
                if c < widths.count { widths[c] = max(widths[c], w) } else { widths.append(w) }
            }
        }
        return parts.map { row in
            row.enumerated().map { c, part in
                c == row.count - 1 ? part : part + String(repeating: " ", count: widths[c] - TextWidth.columns(Sanitize.line(part)))
            }.joined(separator: " ")
        }
    }
}
