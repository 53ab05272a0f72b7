// choose as a command: its flags, how a command line makes the alert (items from arguments,
// a file or stdin), and its descriptor.

extension ChooseAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.styledText,
        SharedFlags.noCancel,
        SharedFlags.buttons,
        [
            FlagSpec("editable", .flag, "", "A menu whose items can be renamed: the extra button (Rename, or --extra-button LABEL) edits the focused label in place; Enter then exits 5 printing ITEM, a tab and the new label (dialog's inputmenu)."),
            FlagSpec("order", .flag, "", "With --multi: the marked items are printed in the order they were marked (shown as [1] [2] …), not in list order (dialog's buildlist --reorder)."),
        ],
        SharedFlags.framed,
        [
            FlagSpec("tags-lead", .flag, "", "With --tagged: each label starts with its tag (as the drop-in shows dialog's lists), drawn in the theme's tag colours."),
            FlagSpec("scrollbar", .flag, "", "With --framed: a scroll bar inside the list's frame, and the share of the list read down to its last row shown (100% when all of it fits), as dialog's --scrollbar draws them."),
            FlagSpec("list-gap", .flag, "", "A blank row between the question and the list, as whiptail leaves one."),
            FlagSpec("two-lists", .flag, "", "With --multi: two lists side by side, the items not chosen on the left and the chosen on the right; Space sends the focused item across, Left and Right (or ^ and $) go to the other side, letters jump (dialog's buildlist). The answer is the check list's."),
            FlagSpec("tree", .flag, "", "Items indented by two spaces per level are a tree, drawn with guides (dialog's treeview); an item is chosen and printed without its indentation."),
        ],
        SharedFlags.print0,
        [
            FlagSpec("list-height", .integer(0...1000), "N", "Rows for the list, the question above getting the rest of the box (whiptail's LIST-HEIGHT); 0: the question shown whole and the list the rest (as dialog draws it)."),
            FlagSpec("items-from", .file, "FILE", "Read items from FILE (`-`: stdin), one per line; the list is usable while they load."),
            FlagSpec("read0", .flag, "", "Items from --items-from are separated by NUL, not newlines."),
            FlagSpec("tagged", .flag, "", "The ITEMs are TAG LABEL pairs (as dialog's menus): the label is shown, the tag printed."),
            FlagSpec("delimiter", .text, "CHAR", "Items read are TAG<CHAR>LABEL[<CHAR>HINT]; the label is shown, the tag printed (as with --tagged), the hint under the list for the focused item."),
            FlagSpec("output", .choice(ChooseConfiguration.Output.allCases.map(\.rawValue)), "WHAT", "Print the label (default; the tag with --tagged or --delimiter), the tag, the 1-based index, or a JSON object per choice."),
            FlagSpec("multi", .flag, "", "A check list: Space toggles, Ctrl-A toggles all shown, Enter confirms; one choice per line."),
            FlagSpec("radio", .flag, "", "Draw radio marks; Space marks the item Enter returns."),
            FlagSpec("min", .integer(0...1_000_000), "N", "With --multi: choose at least N (default 1; 0 allows none). With --radio, 0: Enter with nothing marked answers nothing."),
            FlagSpec("max", .integer(1...1_000_000), "N", "With --multi: choose at most N."),
            FlagSpec("selected", .text, "ITEM", "Preselect ITEM (a tag, a label, a 1-based index, or * for all with --multi); repeatable.", repeatable: true),
            FlagSpec("focus", .text, "ITEM", "The item focused at the start, marked or not (a tag, a label or a 1-based index)."),
            FlagSpec("marked", .text, "ITEM", "Mark ITEM in a check or radio list without moving the focus to it; repeatable.", repeatable: true),
            FlagSpec("letters", .choice(ChooseConfiguration.Letters.allCases.map(\.rawValue)), "WHAT", "What typed letters do: filter (default, fuzzy); jump to the next item starting with the letter, round and round (dialog); newt (whiptail's jump: from the top, then on down while the focused item starts with it); none."),
            FlagSpec("visit-items", .flag, "", "With --dialog-keys: Tab stops on the list too, before OK and Cancel (dialog's --visit-items); Enter on the list is OK all the same."),
            FlagSpec("lenient-marks", .flag, "", "A --selected, --marked or --focus that names no item is passed over, not an error (as whiptail and dialog pass over an unknown item)."),
            FlagSpec("marks-by-tag", .flag, "", "With --tagged: --selected, --marked and --focus name items by their tags alone, so a tag 1 is never the second item (whiptail's and dialog's way)."),
            FlagSpec("enter-takes-marked", .flag, "", "In a radio list Enter answers the marked item, whatever is focused (whiptail's and dialog's radio lists); else the focused row."),
            FlagSpec("center-list", .flag, "", "The list as wide as its widest item, in the middle of the box (as whiptail and dialog draw their lists)."),
            FlagSpec("select-if-one", .flag, "", "Answer at once, without a box, when there is only one item."),
            FlagSpec("preview", .command, "CMD", "Show CMD's output for the focused item in a pane beside the list (run by /bin/sh, in the background, with no terminal; a newer focus stops it). In CMD, {} is the item as the list prints it, {tag}, {label} and {n} (1-based) its parts, {q} the filter's text, each quoted for the shell. Colours (SGR) are kept, other escapes dropped; 1 MiB of output is kept; a failure shows its stderr and status. ALERTTY_PREVIEW_COLUMNS and ALERTTY_PREVIEW_LINES (and COLUMNS, LINES) give the pane's size. Line mode and no person show no pane and run nothing."),
            FlagSpec("preview-position", .choice(PreviewPane.Position.allCases.map(\.rawValue)), "right|bottom", "Where the preview's pane goes (default right)."),
            FlagSpec("preview-size", .text, "N|N%", "The pane's columns (right) or rows (bottom), or its share of the box (default 50%)."),
        ],
        SharedFlags.dialogKeys,
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .choose, flags: flags, summary: "Choose from a list: a menu, a radio list or a check list, filtered as you type.",
        text: "the question (may be \"\", or left out with --items-from, as fzf takes its list); each ITEM after it is one choice",
        positionals: [PositionalSpec("TEXT", required: false), PositionalSpec("ITEM", required: false, variadic: true)],
        keyOverrides: [.ctrl("a"): .toggleAll],
        keys: [KeyUse([.up, .down, .pageUp, .pageDown, .home, .end], "move in the list"),
               KeyUse(literal: "letters", "filter the list (fuzzy; best matches first), or jump with --letters jump"),
               KeyUse([.deleteBackward, .killToStart], "edit the filter; Esc clears it before it cancels"),
               KeyUse([.activate], "toggle the item (--multi) or mark it (--radio)"),
               KeyUse([.toggleAll], "toggle every shown item (--multi)"),
               KeyUse([.focusNext, .focusPrevious], "move between the list and the buttons"),
               KeyUse([.previewUp, .previewDown, .previewPageUp, .previewPageDown], "scroll the preview by a line or a page (--preview; Alt-PgUp and Alt-PgDn too, where the terminal keeps Shift-PgUp for itself)"),
               KeyUse(literal: "mouse", "click focuses (and toggles), double-click chooses, the wheel scrolls (the list, or the preview under it)")],
        withoutAPerson: "the --selected item, or a check or radio list's --marked ones; without them there is none (exit 3)",
        hasDefault: { $0.has(.selected) || $0.has(.marked) && ($0.has(.multi) || $0.has(.radio)) },
        examples: ["shell=$(alertty choose \"Login shell?\" bash zsh fish)",
                   "parts=$(alertty choose --multi \"Install which components?\" core docs examples)   # at least one; --min 0 allows none",
                   "pkg=$(apt-cache pkgnames | alertty choose --items-from - \"Package?\")",
                   "tz=$(alertty choose --tagged --output tag \"Time zone?\" utc UTC cet \"Central Europe\")"],
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in try make(m) })

    static func make(_ m: AlertMaking) throws(UsageError) -> BuiltAlert {
        let command = m.command
        var configuration = ChooseConfiguration()
        configuration.multi = command.has(.multi)
        configuration.radio = command.has(.radio)
        configuration.order = command.has(.order)
        configuration.editable = command.has(.editable)
        if configuration.editable && (configuration.multi || configuration.radio) {
            throw UsageError("--editable renames an item of a menu: not with --multi or --radio")
        }
        if configuration.order && !configuration.multi { throw UsageError("--order arranges the marks of a check list: it needs --multi") }
        configuration.twoLists = command.has(.twoLists)
        configuration.framed = command.has(.framed)
        configuration.listGap = command.has(.listGap)
        configuration.scrollbar = command.has(.scrollbar)
        configuration.tagsLead = command.has(.tagsLead)
        if configuration.twoLists {
            if !configuration.multi { throw UsageError("--two-lists splits a check list in two: it needs --multi") }
            if command.has(.preview) || command.has(.tree) { throw UsageError("--two-lists cannot go with --preview or --tree") }
            if command.string(.letters) == "filter" { throw UsageError("--two-lists does not filter: letters jump (--letters jump or none)") }
        }
        if configuration.multi && configuration.radio { throw UsageError("--multi and --radio cannot go together: a check list or a radio list") }
        configuration.minimum = command.int(.min) ?? 1
        configuration.maximum = command.int(.max)
        if !configuration.multi && command.has(.max) || !configuration.multi && !configuration.radio && command.has(.min) {
            throw UsageError("--min and --max need --multi")
        }
        if let max = configuration.maximum, max < configuration.minimum {
            throw UsageError("--min \(configuration.minimum) is more than --max \(max): nothing could be chosen")
        }
        // Items with tags (--tagged pairs, --delimiter records) print the tag, as their help says and
        // dialog and whiptail do.
        let tagged = command.has(.tagged) || command.has(.delimiter)
        configuration.output = ChooseConfiguration.Output(rawValue: command.string(.output) ?? (tagged ? "tag" : "label")) ?? .label
        configuration.selected = command.strings(.selected)
        configuration.marked = command.strings(.marked)
        configuration.focused = command.string(.focus)
        configuration.checksPreselections = !command.has(.lenientMarks)
        configuration.enterTakesFocused = !command.has(.enterTakesMarked)
        configuration.preselectsByTag = command.has(.marksByTag) && command.has(.tagged)
        if configuration.selected.contains("*") && !configuration.multi { throw UsageError("--selected '*' needs --multi") }
        configuration.selectIfOne = command.has(.selectIfOne)
        configuration.separator = command.has(.print0) ? 0 : 0x0A
        configuration.okLabel = command.string(.ok) ?? tr("OK")
        configuration.cancelLabel = command.string(.cancel) ?? tr("Cancel")
        configuration.noCancel = command.has(.noCancel)
        configuration.extraLabel = command.string(.extraButton) ?? (configuration.editable ? tr("Rename") : nil)
        configuration.helpLabel = command.string(.helpButton)
        configuration.dialogKeys = command.has(.dialogKeys)
        configuration.visitsList = command.has(.visitItems)
        configuration.listRows = command.int(.listHeight)
        configuration.centred = command.has(.centerList)
        configuration.letters = command.string(.letters).flatMap(ChooseConfiguration.Letters.init(rawValue:)) ?? (configuration.twoLists ? .jump : .filter)
        configuration.preview = try PreviewCommand.from(command, template: command.string(.preview), needs: "--preview")

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
                if m.reads.stdinIsTerminal { throw UsageError("--items-from - reads stdin, but stdin is the terminal; pipe the items in") }
                fd = 0
            } else {
                // A FIFO nobody writes to yet must not hold the box back (open(2) would wait).
                do throws(PlatformError) { fd = try m.reads.stream(path) } catch { throw UsageError(error.message) }
            }
            // A file's size is known: the store takes room for it once instead of growing by copies.
            if case .regular(let size)? = Platform.kind(of: fd) { store.reserve(bytes: min(size, Limits.items)) }
            sources.append(InputStream(fd: fd))
        } else if store.count == 0 {
            throw UsageError("choose needs at least one ITEM, or --items-from FILE")
        }
        let streaming = !sources.isEmpty
        if configuration.preview != nil { sources.append(PreviewRunner()) }
        if !streaming, let word = unmatched(configuration, in: store).first { throw UsageError(unmatchedError(word, in: store)) }
        let alert = AlertFactory.styled(ChooseAlert(title: m.title, text: m.text, store: store, configuration: configuration, loading: streaming), command, m.text)
        var built = BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: sources,
                               terminator: configuration.separator, printsAnswer: true)
        // --select-if-one with the items on the command line: no box at all.
        if configuration.selectIfOne && !streaming && store.count == 1 { built.immediate = true }
        return built
    }
}
