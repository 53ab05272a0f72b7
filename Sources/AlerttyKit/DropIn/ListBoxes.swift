// The drop-in's lists and forms: menu, radiolist, checklist, buildlist, treeview and inputmenu
// onto `choose`; dialog's form, passwordform and mixedform onto `form`.

extension Compat.Adapter {
    /// Items: tag item [status] [help]. dialog's --no-items drops the item; whiptail's --noitem
    /// drops it from check and radio lists and only hides it in a menu.
    /// A list's items: whether they come without their text (dialog's --no-items, whiptail's
    /// --noitem but in a menu), and the words each takes (with --item-help, its help too).
    var listGroup: (itemless: Bool, size: Int) {
        let itemless = program == .dialog ? has("no-items") : has("noitem") && box != .menu
        return (itemless, spec.group - (itemless ? 1 : 0) + (has("item-help") ? 1 : 0))
    }

    mutating func list() throws(Failure) {
        let (itemless, groupSize) = listGroup
        let itemHidden = itemless || (program == .whiptail && has("noitem"))
        let perItem = groupSize - (has("item-help") ? 1 : 0)
        let items = Array(positionals.dropFirst(4))
        guard items.count % groupSize == 0 else {
            throw Failure(message: "alertty: --\(box) items come in groups of \(groupSize)\n", status: program == .whiptail ? 1 : 255)
        }
        try set(.tagged)
        try set(.output, "tag")
        // whiptail: LIST-HEIGHT rows for the list, the question the rest; dialog: the question
        // whole and the list whatever the box leaves.
        if program == .dialog {
            try set(.listHeight, "0")
        } else if let rows = Int(positionals[3]), rows > 0 {
            try set(.listHeight, String(min(rows, 1000)))
        }
        if program == .dialog { try set(.dialogKeys) }
        // dialog draws its lists inside a frame (buildlist: each of its two).
        if program == .dialog && box != .buildlist { try set(.framed) }
        // dialog colours a row's tag apart from its item.
        if program == .dialog && [.menu, .checklist, .radiolist].contains(box) && !has("notags", "no-tags") && !itemless { try set(.tagsLead) }
        // The rc file's use_scrollbar and visit_items are the options' defaults.
        if program == .dialog && (has("visit-items") || rcSwitches.contains("visit_items")) { try set(.visitItems) }
        if program == .dialog && box != .buildlist && (has("scrollbar") || rcSwitches.contains("use_scrollbar")) { try set(.scrollbar) }
        // dialog centres its lists, whiptail its menu (its check and radio lists start at the
        // left), under a blank row.
        if box == .menu || program == .dialog && [.radiolist, .checklist].contains(box) { try set(.centerList) }
        if program == .whiptail { try set(.listGap) }
        // Letters jump to an item in both; whiptail's check and radio lists ignore them.
        try set(.letters, program == .dialog ? "jump" : program == .whiptail && box != .menu ? "none" : "newt")
        output.helpNamesItem = true
        let quoting = Compat.Format.dialogList(alwaysQuote: has("quoted"), singleQuoted: has("single-quoted"))
        switch box {
        case .inputmenu:
            try set(.editable)
            if !command.has(.extraButton) { try set(.extraButton, value("extra-label") ?? tr("Rename", context: "dialog")) }
            output.renames = true
        case .buildlist:
            try set(.multi)
            try set(.min, "0")
            try set(.twoLists)
            if has("reorder") { try set(.order) }
            output.format = has("separate-output") ? .lines : quoting
        case .checklist:
            try set(.multi)
            try set(.min, "0")
            output.format = has("separate-output") ? .lines : program == .whiptail ? .whiptailList : quoting
        case .radiolist, .treeview:
            // whiptail and dialog mark ON items without moving the focus, and a radio list with
            // none marked answers nothing.
            try set(.radio)
            try set(.min, "0")
            if box == .treeview { try set(.tree) }
        default:
            break
        }
        // Items line up in a column after the widest tag: one space after it in whiptail's menu,
        // two in its check and radio lists and in dialog.
        let tagColumn = stride(from: 0, to: items.count, by: groupSize).map { TextWidth.shownColumns(items[$0]) }.max() ?? 0
        let gap = program == .whiptail && box == .menu ? " " : "  "
        let notags = has("notags", "no-tags")
        let shownItems = stride(from: 0, to: items.count, by: groupSize).map { itemHidden ? "" : plain(items[$0 + 1]) }
        let aligned = program == .dialog ? value("column-separator").map { Compat.columns(shownItems, separator: $0) } : nil
        var pairs: [String] = []
        for k in stride(from: 0, to: items.count, by: groupSize) {
            let tag = items[k]
            let item = (aligned ?? shownItems)[k / groupSize]
            // --help-tags: Help names the tag, not the item's help.
            if groupSize > perItem && !has("help-tags") { output.itemHelp[tag] = items[k + perItem] }
            if box == .treeview {
                // dialog shows a tree's items without their tags, indented by their depth.
                let depth = min(50, max(0, Int(items[k + 3]) ?? 0))
                pairs += [tag, String(repeating: "  ", count: depth) + (item.isEmpty ? tag : item)]
            } else if box == .buildlist || box == .inputmenu {
                pairs += [tag, item.isEmpty ? tag : item] // shown without tags, as dialog shows them
            } else {
                pairs += [tag, notags || item.isEmpty ? (item.isEmpty ? tag : item) : Compat.padded(tag, to: tagColumn) + gap + item]
            }
            if spec.group >= 3, ["on", "1", "yes"].contains(items[k + (spec.group == 4 ? 2 : perItem - 1)].lowercased()) {
                try set(.marked, tag)
            }
        }
        // --default-item focuses an item; in a check or radio list it marks nothing (and
        // whiptail's check and radio lists keep the focus on the first item).
        let menu = [.menu, .inputmenu].contains(box)
        if let focus = value("default-item"), menu || program == .dialog { try set(menu ? .selected : .focus, focus) }
        add(positionals: [body] + pairs)
    }

    /// Each field: label y x item y x flen ilen [itype]; the item is the initial text, itype 1
    /// hides it (a password), 2 makes it read-only (kept as it is). dialog prints every value on
    /// a line of its own, and Enter submits from any field.
    mutating func form() throws(Failure) {
        let items = Array(positionals.dropFirst(4))
        // With --item-help each field has its help text after its own tokens (shown under it).
        let itemHelp = program == .dialog && has("item-help")
        let group = spec.group + (itemHelp ? 1 : 0)
        guard items.count % group == 0 else {
            throw Failure(message: "\nExpected \(group) tokens per field of --\(box).\n\n", status: 255)
        }
        try set(.output, "lines")
        try set(.dialogKeys)
        // A field of length 0 is only shown (dialog prints no value for it): here a line of the
        // text; itype 2 or a negative length is read-only but printed. Positions are alertty's own.
        var text = body
        var declared = 0
        for (n, k) in stride(from: 0, to: items.count, by: group).enumerated() {
            let type = spec.group == 9 ? Int(items[k + 8]) ?? 0 : (box == .passwordform ? 1 : 0)
            let length = Int(items[k + 6]) ?? 1
            let hidden = type & 1 != 0
            let label = plain(items[k])
            if length == 0 {
                text += (text.isEmpty ? "" : "\n") + label + " " + items[k + 3]
                continue
            }
            let readonly = type & 2 != 0 || length < 0
            // A hidden field that cannot be edited (itype 3) is shown as dialog shows it (stars
            // with --insecure, else nothing) and printed as given.
            let hiddenReadonly = hidden && readonly
            var declaration = ["--field", "f\(n + 1)", hidden && !hiddenReadonly ? "password" : "text", label.isEmpty ? " " : label]
            output.itemHelp["f\(n + 1)"] = label // Help prints "HELP label"
            output.helpNamesItem = true
            if hiddenReadonly {
                output.hiddenValues[declared] = Array(items[k + 3].utf8)
                let stars = has("insecure") ? String(repeating: "*", count: items[k + 3].count) : ""
                if !stars.isEmpty { declaration += ["--default", stars] }
            } else if !items[k + 3].isEmpty {
                declaration += ["--default", items[k + 3]] // (a hidden one's too: dialog keeps it as the value)
            }
            if readonly && (!hidden || hiddenReadonly) { declaration.append("--readonly") }
            declared += 1
            if itemHelp, !items[k + spec.group].isEmpty { declaration += ["--hint", plain(items[k + spec.group])] }
            command.fieldWords += declaration
        }
        add(positionals: [text])
        output.format = .lines
    }
}

extension Compat {
    /// dialog's --column-separator: each item split at the separator, its parts lined up in
    /// columns as wide as their widest part.
    static func columns(_ items: [String], separator: String) -> [String] {
        guard !separator.isEmpty else { return items }
        let parts = items.map { $0.split(at: separator) }
        var widths: [Int] = []
        for row in parts {
            for (c, part) in row.enumerated() {
                let w = TextWidth.shownColumns(part)
                if c < widths.count { widths[c] = max(widths[c], w) } else { widths.append(w) }
            }
        }
        return parts.map { row in
            row.enumerated().map { c, part in
                c == row.count - 1 ? part : padded(part, to: widths[c])
            }.joined(separator: " ")
        }
    }

    /// `text` and spaces after it, to `width` columns as drawn.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.shownColumns(text)))
    }
}
