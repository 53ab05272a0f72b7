// `alertty choose TEXT ITEM...`: a menu, a radio list (--radio) or a check list (--multi). Typing
// filters (fuzzy, best first, matches highlighted), or with --letters jumps to an item as dialog's
// or whiptail's letters do; Esc clears the query before it cancels. In a
// check list Space toggles and Ctrl-A toggles all shown, and the smart OK button waits for
// --min/--max. Items may stream in (--items-from): the list is usable while they load.

public struct ChooseConfiguration: Sendable {
    public enum Output: String, CaseIterable, Sendable { case label, tag, index, json }
    /// What typed letters do: filter the list (fuzzy), jump to the next item starting with the
    /// letter round and round (dialog), jump as whiptail's newt does (from the top, then on down
    /// to the last while the focused item starts with it), or nothing.
    public enum Letters: String, CaseIterable, Sendable { case filter, jump, newt, none }

    public var multi = false
    /// --order: the marked items are answered in the order they were marked (dialog's buildlist).
    public var order = false
    /// --framed: the list inside a frame of its own (dialog's lists).
    public var framed = false
    /// --list-gap: a blank row between the question and the list (whiptail's lists).
    public var listGap = false
    /// With a frame: a scroll bar inside it, and the share read always shown (dialog's --scrollbar).
    public var scrollbar = false
    /// --tags-lead: each label starts with its tag (the drop-in's dialog lists), coloured apart.
    public var tagsLead = false
    /// --two-lists: the items not chosen on the left, the chosen on the right; Space sends the
    /// focused item across (dialog's buildlist).
    public var twoLists = false
    /// The most memory the items read from --items-from may take (their bytes and offsets): an
    /// endless input stops there (the list keeps what came, and says it was cut).
    public var inputLimit = Limits.items
    /// --list-height: rows for the list, the question above getting the rest of the box (as
    /// whiptail's LIST-HEIGHT); 0: the question whole and the list the rest (as dialog draws it);
    /// nil: the list gets what a question of at most five lines leaves.
    public var listRows: Int?
    /// --center-list: the list as wide as its widest row, in the middle (whiptail's and dialog's lists).
    public var centred = false
    /// --editable: the extra button (Rename) edits the focused item's label in place; Enter ends
    /// with the extra button's status and `ITEM<TAB>NEW LABEL` (dialog's inputmenu).
    public var editable = false
    public var radio = false
    /// A radio list's Enter on a row chooses that row; else the marked one (--enter-takes-marked).
    public var enterTakesFocused = false
    public var minimum = 1
    public var maximum: Int?
    public var output: Output = .label
    /// --selected: tags, labels, 1-based indices, or `*` (all, with --multi).
    public var selected: [String] = []
    /// --focus: the item focused at the start, marked or not (dialog's --default-item of a check
    /// or radio list).
    public var focused: String?
    /// --marked: marked (checked, or the radio choice) without taking the focus.
    public var marked: [String] = []
    /// A --selected, --marked or --focus that names no item is a usage error (but with
    /// --lenient-marks, passed over as whiptail and dialog pass over one).
    public var checksPreselections = true
    /// Items are named by their tags alone (--marks-by-tag, as whiptail's and dialog's on/off and
    /// --default-item): a tag "1" is never the second item, whatever its label.
    public var preselectsByTag = false
    public var selectIfOne = false
    /// --preview: a command whose output shows in a pane beside the list for the focused item.
    public var preview: PreviewCommand?
    /// Separator between several answers (newline, or NUL with --print0).
    public var separator: UInt8 = 0x0A
    public var okLabel = tr("OK")
    /// No Cancel button (Esc still cancels), as whiptail's --nocancel.
    public var noCancel = false
    public var cancelLabel = tr("Cancel")
    /// --extra-button and --help-button labels.
    public var extraLabel: String?
    public var helpLabel: String?
    /// dialog's keys: the list stands for OK, so Tab goes from it to the next button.
    public var dialogKeys = false
    /// --visit-items: with dialog's keys the list is a stop of its own before OK.
    public var visitsList = false
    public var letters: Letters = .filter

    public var buttonBar: ButtonBar {
        ButtonBar(ok: okLabel, cancel: noCancel ? nil : cancelLabel, extra: extraLabel, help: helpLabel)
    }

    public init() {}
}

public struct ChooseAlert: Alert {
    public enum Focus: Equatable, Sendable {
        case list, button(ButtonRole)
        public static let ok = Focus.button(.ok), cancel = Focus.button(.cancel)
    }

    public var title: String
    public var body: TextBody
    public let configuration: ChooseConfiguration
    public private(set) var store: ItemStore
    public private(set) var list = ListState()
    /// --two-lists: the two sides (the marks stay in `list`, so the answer is a check list's).
    public private(set) var sides: TwoLists?
    /// --editable: the item being renamed, and its label being edited.
    public private(set) var renaming: (item: Int, field: TextField)?
    /// Line mode's Rename (`:extra`): the next answer names the item to rename.
    public private(set) var pickingToRename = false
    /// The input went over `inputLimit` and was no longer read.
    public private(set) var cutShort = false
    private var bytesRead = 0

    public private(set) var query = TextField(LineEditor(), placeholder: tr("type to filter"))
    public private(set) var filter = ListFilter()
    public private(set) var focus: Focus = .list
    /// Items are still arriving.
    public private(set) var loading: Bool
    /// The radio list's chosen item.
    public private(set) var radioChoice: Int?
    var widestLabel = 0
    /// Laid out in newt's look (whiptail's), and a menu there with more items than rows: newt's
    /// scroll bar two columns after the rows, the rows centred with it.
    private var laidOutAsNewt = false
    var newtScrollbar = false
    /// Items looked at for --selected so far (they may stream in).
    private var preselectedUpTo = 0
    private var focusedPreselection = false
    /// dialog's --visit-items on two lists: the side Tab last stopped on.
    private var visitedSide: TwoLists.Side?
    private var sidesFocused = false
    var listArea = Rect(x: 0, y: 0, width: 0, height: 0)
    /// --framed: the list's frame.
    var frameArea: Rect?
    /// --two-lists: the rows of each side, inside its frame.
    var sideAreas: [Rect] = []
    /// The preview's pane, and where the box laid it out (nil: no pane shown, as in line mode or
    /// with no person, where the command never runs).
    public private(set) var pane = PreviewPane()
    private var paneArea: Rect?
    /// What the pane last ran for: the item focused (and the query, when the command uses it).
    private var previewed: (item: Int?, query: String)?
    /// The pane's area when the command last ran.
    private var previewedPane: Rect?
    private var previewRuns = 0
    private var buttonRow = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Where the theme's look puts the buttons (a click finds them there).
    private var buttonPlacement = ButtonRow.Placement.centred
    /// --on-timeout default: seconds left, shown on the item that will be taken.
    var defaultCountdown: String?
    public var showsCountdownOnDefault: Bool { !multi }
    public var buttonBar: ButtonBar? { configuration.buttonBar }

    public init(title: String, text: String, store: ItemStore, configuration: ChooseConfiguration, loading: Bool = false) {
        self.title = title
        body = TextBody(text)
        self.store = store
        self.configuration = configuration
        list.keepsMarkOrder = configuration.order
        if configuration.twoLists { sides = TwoLists(chosenInOrder: configuration.order) }
        self.loading = loading
        itemsArrived()
    }

    var multi: Bool { configuration.multi }
    var radio: Bool { configuration.radio && !configuration.multi }

    // MARK: - Items

    private mutating func itemsArrived() {
        let from = list.itemCount
        list.setItemCount(store.count)
        for item in from..<store.count {
            let r = store.labelRange(item)
            // Wide enough is enough for the box's size; --center-list's list needs its true width
            // (the drop-in's lists, given whole on the command line).
            let most = configuration.centred ? ItemStore.shownColumns : 60
            if widestLabel < most {
                let ascii = store.bytes[r].allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                widestLabel = max(widestLabel, ascii ? r.count : TextWidth.columns(Sanitize.bytes(store.labelPrefix(item, columns: most), columns: most)))
            }
        }
        preselect()
        if sides != nil {
            let list = list
            sides!.append(upTo: store.count) { list.isMarked($0) }
            if focusedPreselection && !sidesFocused, let item = list.selectedItem {
                sides!.focus(item: item)
                sidesFocused = true
            }
        }
        refilter()
    }

    /// Marks `items` of a check list (`open` keeps a person's marks across the folders it shows).
    mutating func mark(_ items: [Int]) {
        for item in items where item < store.count { list.setMark(item, true) }
    }

    /// Focuses `item` (`open` focuses the file it was given, the folder it came up from).
    mutating func focus(item: Int) {
        guard item < store.count else { return }
        list.select(row: list.order == nil ? item : (0..<list.rowCount).first { list.item(atRow: $0) == item } ?? list.selection)
    }

    /// The item Enter, Help and line mode speak of: the focused row, on whichever side.
    var focusedItem: Int? { sides.map { $0.focusedItem } ?? list.selectedItem }

    /// Whether `name` (a --selected or --marked word, a script's answer) names `item`: its tag,
    /// its label, or its 1-based index.
    static func names(_ name: String, _ item: Int, in store: ItemStore, byTag: Bool = false) -> Bool {
        let key = Array(name.utf8)
        if byTag { return store.tag(item) == key }
        return store.label(item) == key || store.tag(item) == key || name == String(item + 1)
    }

    /// The --selected and --marked words that name no item of `store` (`*` names them all).
    static func unmatched(_ configuration: ChooseConfiguration, in store: ItemStore) -> [(flag: String, name: String)] {
        guard configuration.checksPreselections else { return [] }
        let words = configuration.selected.map { ("--selected", $0) } + configuration.marked.map { ("--marked", $0) }
            + (configuration.focused.map { [("--focus", $0)] } ?? [])
        return words.filter { word in word.1 != "*" && !(0..<store.count).contains { names(word.1, $0, in: store) } }
    }

    /// A usage error for a preselection that names no item: no alert guesses another.
    static func unmatchedError(_ word: (flag: String, name: String), in store: ItemStore) -> String {
        let shown = (0..<min(store.count, 8)).map { store.shownLabel($0) }.joined(separator: ", ") + (store.count > 8 ? ", …" : "")
        return "\(word.flag) '\(word.name)' names no item (\(shown))"
    }

    /// Applies --selected to the items not looked at yet; the first one found gets the focus.
    private mutating func preselect() {
        let wanted = configuration.selected
        defer { preselectedUpTo = store.count }
        if !configuration.marked.isEmpty {
            for item in preselectedUpTo..<store.count where configuration.marked.contains(where: { Self.names($0, item, in: store, byTag: configuration.preselectsByTag) }) {
                if multi { list.setMark(item, true) } else if radio && radioChoice == nil { radioChoice = item }
            }
        }
        if let focused = configuration.focused, !focusedPreselection, list.order == nil,
           let item = (preselectedUpTo..<store.count).first(where: { Self.names(focused, $0, in: store, byTag: configuration.preselectsByTag) }) {
            focusedPreselection = true
            list.select(row: item)
        }
        guard !wanted.isEmpty else { return }
        let all = wanted.contains("*") && multi
        for item in preselectedUpTo..<store.count {
            let hit = all || wanted.contains { Self.names($0, item, in: store, byTag: configuration.preselectsByTag) }
            guard hit else { continue }
            if multi { list.setMark(item, true) } else if radio && radioChoice == nil { radioChoice = item }
            if !focusedPreselection && list.order == nil {
                focusedPreselection = true
                list.select(row: item)
            }
        }
    }

    /// Brings the shown order up to date with the query (lazily: keys typed while a big list was
    /// being filtered are applied together, and only the newest query is searched).
    private mutating func refilter() {
        let text = query.editor.text
        // A first small slice at once (a short list is done), the rest a slice per turn.
        guard filter.apply(text, store: store, budget: searchSlice / 4) || (text.isEmpty && list.order != nil) else { return }
        let keep = list.selectedItem
        list.setOrder(filter.ranked)
        if text.isEmpty, let keep { list.select(row: keep) }
    }

    /// Items searched per turn of the loop: about `sliceBytes` of labels, a few milliseconds on
    /// every core, so keys are read between slices however long the items are.
    var searchSlice: Int {
        let average = store.count > 0 ? max(1, store.bytes.count / store.count) : 64
        return min(1 << 20, max(16384, Self.sliceBytes / average))
    }
    static let sliceBytes = 8 << 20
    /// When the matches so far were last ranked for the screen (seconds since the start).
    private var rankedAt = -1.0

    /// The next slice of a search under way; its matches so far ranked at the frame rate.
    private mutating func searchOn(at seconds: Double) {
        let rank = seconds - rankedAt >= 1 / Self.framesPerSecond
        guard filter.work(store: store, budget: searchSlice, rank: rank) else { return }
        rankedAt = seconds
        list.setOrder(filter.ranked)
    }

    // MARK: - Preview

    /// The pane shows something other than the focused item (or nothing yet): a run is due. Not
    /// while a search is under way (the focus is still settling), nor without a pane.
    var previewDue: Bool {
        guard paneArea != nil, !filter.isSearching, !pickingToRename else { return false }
        guard let previewed else { return true }
        return previewed.item != list.selectedItem
            || (configuration.preview?.usesQuery == true && previewed.query != query.editor.text)
    }

    /// Runs the preview for the focused item (stopping the one before), or stops it when no item is focused.
    private mutating func runPreview() -> [Effect] {
        let item = list.selectedItem
        previewed = (item, query.editor.text)
        previewedPane = paneArea
        guard let item, let preview = configuration.preview, let paneArea else {
            pane.start(nil)
            return [.stopPreview]
        }
        previewRuns += 1
        pane.start(previewRuns)
        let printed = configuration.output == .json ? store.label(item) : printed([item])[0]
        let command = preview.command(for: .init(printed: printed, tag: store.tag(item) ?? store.label(item), label: store.label(item),
                                                 index: item, query: query.editor.text))
        let columns = preview.position == .right ? paneArea.width - 2 : paneArea.width
        let lines = preview.position == .right ? paneArea.height : paneArea.height - 1
        return [.runPreview(id: previewRuns, command: command, columns: max(1, columns), lines: max(1, lines))]
    }

    /// Ticks while a search is under way, one slice each.
    public var tickInterval: Double? { filter.isSearching ? 0 : nil }

    /// While items stream in or a search goes on, the count and the matches so far are drawn at a
    /// frame rate, not at every chunk or slice (a key still shows at once, and the last frame of
    /// a load or a search as soon as it is done).
    public var maxFramesPerSecond: Double? { (loading && listFilled) || filter.isSearching ? Self.framesPerSecond : nil }
    static let framesPerSecond = 30.0
    /// A frame has been laid out with as many items as the list has rows: from then on only the
    /// count changes while more stream in (until then each chunk shows at once: the first items).
    private var listFilled = false

    // MARK: - Validity (the smart OK button)

    /// Why OK is disabled, if it is.
    public var reason: String? {
        guard multi else { return nil }
        if list.markCount < configuration.minimum {
            return tr("choose at least %d", configuration.minimum)
        }
        if let max = configuration.maximum, list.markCount > max { return tr("choose at most %d", max) }
        return nil
    }

    var canSubmit: Bool { multi ? reason == nil : list.rowCount > 0 || radioChoice != nil }

    var buttons: [Button] { configuration.buttonBar.buttons(enabled: buttonFocusable) }

    /// A button that answers is usable only while the choice is (--min/--max).
    private func buttonFocusable(_ role: ButtonRole) -> Bool { !role.answers || canSubmit }

    // MARK: - Alert

    public var keyOverrides: [KeyPress: Action] { Self.descriptor.keyOverrides }

    public var hints: [KeyHint] {
        if renaming != nil { return [KeyHint(.submit, configuration.extraLabel ?? "rename"), KeyHint(.cancel, "back")] }
        var h = [KeyHint(.submit, multi ? configuration.okLabel : "choose"), KeyHint(.cancel, query.editor.isEmpty ? "cancel" : "clear")]
        // In a check or radio list Enter answers what Space marked: the box is made wide enough to say so.
        var mark = KeyHint(.activate, sides != nil ? "move across" : multi ? "toggle" : "mark")
        mark.ends = true
        if multi || radio { h.insert(mark, at: 1) }
        if multi && sides == nil { h.append(KeyHint(.toggleAll, "all")) }
        if sides != nil { h.append(KeyHint(literal: "^ $", "side")) }
        if configuration.letters == .jump || configuration.letters == .newt { h.append(KeyHint(literal: "a-z", "jump")) }
        h.append(KeyHint(.focusNext, "move"))
        return h
    }

    public var minimumSize: (width: Int, height: Int) { (16, 4) }
    public var scrollsInAnyHeight: Bool { true }
    public var usesMouse: Bool { true }

    var markWidth: Int { multi || radio ? 4 : 0 }
    /// (Framed as dialog frames it, the row under the list is dialog's rule over the buttons.)
    var hasDetailRow: Bool { store.hasHints || multi || configuration.framed }
    /// Typing filters, so the query and the count have a row (not when letters jump).
    var hasFilterRow: Bool { configuration.letters == .filter && sides == nil }
    /// Rows besides the text and the list: the filter row, a hint or reason row, the buttons.
    var fixedRows: Int { (hasFilterRow ? 1 : 0) + (hasDetailRow ? 1 : 0) + 1 + (configuration.listGap ? 1 : 0) }

    /// With a preview the box takes the screen (but a margin), as a pager does: the pane needs room.
    public var prefersWholeScreen: Bool { configuration.preview != nil }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        if configuration.preview != nil { return (maxWidth, 10_000) }
        let count = ListView.countText(shown: store.count, of: store.count) + (loading ? " loading…" : "")
        // Two lists: each as wide as the widest label, a blank either side and its frame, a column apart.
        let listWidth = sides != nil ? 2 * (widestLabel + 4) + 1 : widestLabel + markWidth + 3
        let width = min(maxWidth, max(body.naturalWidth, listWidth, ButtonRow.width(buttons),
                                      TextWidth.columns(title) + 2, sides != nil ? 0 : 24 + TextWidth.columns(count)))
        // --list-height 0 (dialog's lists): the question whole and every item, as far as they fit.
        if let rows = configuration.listRows {
            return (width, body.lineCount(width: width) + fixedRows + max((rows > 0 ? rows : store.count) + framesRows, fewestListRows))
        }
        let textRows = min(body.lineCount(width: width), 5)
        return (width, (textRows > 0 ? textRows : 0) + fixedRows + max(1, store.count) + framesRows)
    }

    /// The list is never squeezed below three rows (or all its items, if fewer).
    var fewestListRows: Int { min(3, max(1, store.count)) + framesRows }

    /// The two lists' frames take a row above and below them.
    var framesRows: Int { sides != nil || configuration.framed ? 2 : 0 }

    func textRows(in area: Rect) -> Int {
        // The question shows unless the list would drop below its rows: --list-height's, or the
        // fewest; without --list-height at most five lines of it.
        let listRows = configuration.listRows.flatMap { $0 > 0 ? $0 : nil } ?? fewestListRows
        let most = configuration.listRows == nil ? 5 : Int.max
        return min(body.lineCount(width: area.width), most, max(0, area.height - fixedRows - listRows))
    }

    public mutating func layout(_ area: Rect, theme: Theme) {
        buttonPlacement = ButtonRow.Placement(theme)
        laidOutAsNewt = theme.laidOutAsNewt
        // A newt menu pages as newt's listbox (its check and radio lists are a form's boxes);
        // dialog's menus and lists as menubox.c and checklist.c page.
        list.paging = sides != nil ? .keepsInView : laidOutAsNewt ? (multi || radio ? .keepsInView : .newt)
            : theme.laidOutAsDialog ? .dialog : .keepsInView
        layout(area)
    }

    public mutating func layout(_ whole: Rect) {
        let (area, paneArea) = configuration.preview?.split(whole) ?? (whole, nil)
        self.paneArea = paneArea
        if let paneArea, let preview = configuration.preview { pane.layout(paneArea, position: preview.position) }
        let textRows = textRows(in: area)
        body.layout(width: area.width, rows: textRows)
        var rows = max(1, area.height - textRows - fixedRows)
        if let wanted = configuration.listRows, wanted > 0 { rows = max(1, min(rows, wanted + framesRows)) }
        listArea = Rect(x: area.x, y: area.y + textRows + (hasFilterRow ? 1 : 0) + (configuration.listGap ? 1 : 0), width: area.width, height: rows)
        frameArea = nil
        if configuration.framed && sides == nil && rows > 2 && area.width > 2 {
            frameArea = listArea
            listArea = Rect(x: area.x + 1, y: listArea.y + 1, width: area.width - 2, height: rows - 2)
            rows -= 2
        }
        newtScrollbar = laidOutAsNewt && frameArea == nil && sides == nil && !(multi || radio) && store.count > rows
        if configuration.centred {
            // As wide as the widest row: its mark, its label and a blank on each side (and newt's
            // scroll bar's two columns).
            let width = min(listArea.width, sides != nil ? 2 * (widestLabel + 4) + 1 : widestLabel + markWidth + 2 + (newtScrollbar ? 2 : 0))
            listArea.x += (listArea.width - width) / 2
            listArea.width = width
        }
        buttonRow = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        list.setVisibleRows(rows)
        let sideRows = rows - framesRows
        sides?.setVisibleRows(sideRows)
        // Two lists: two frames a column apart, the rows inside them.
        let half = (listArea.width - 1) / 2
        sideAreas = sides == nil ? [] : [Rect(x: listArea.x + 1, y: listArea.y + 1, width: max(1, half - 2), height: max(1, rows - 2)),
                     Rect(x: listArea.maxX - half + 1, y: listArea.y + 1, width: max(1, half - 2), height: max(1, rows - 2))]
        if store.count >= rows { listFilled = true }
        query.layout(width: max(1, area.width - 2 - 14))
    }

    public var meaning: AlertMeaning {
        let store = store
        let labels = ItemTexts(count: store.count) { store.shownLabel($0) }
        let names = ItemTexts(count: store.count) { String(decoding: store.label($0), as: UTF8.self) }
        if pickingToRename {
            return .list(.init(title: title, text: tr("Rename which?"), labels: labels, tags: ItemTexts(count: store.count) { _ in "" },
                               names: names, focused: list.selectedItem, multi: false, minimum: 1, maximum: 1, marked: [], reason: nil))
        }
        if let r = renaming {
            // Renaming asks for one line of text (line mode: the new label; Enter keeps it).
            let label = String(decoding: store.label(r.item), as: UTF8.self)
            return .field(.init(title: title, text: tr("New label for %s", Sanitize.line(label)), label: nil, secret: false,
                                placeholder: "", reason: nil, checking: false, preset: r.field.editor.text))
        }
        return .list(.init(title: title, text: body.text, labels: labels,
                    tags: ItemTexts(count: store.count) { store.tag($0).map { String(decoding: $0, as: UTF8.self) } ?? "" }, names: names,
                    focused: radio ? radioChoice ?? list.selectedItem : focusedItem, multi: multi,
                    minimum: multi ? configuration.minimum : 1, maximum: multi ? configuration.maximum : 1,
                    marked: list.markedItems, reason: reason,
                    defaultItem: radio ? radioChoice : focusedPreselection ? list.selectedItem : nil, loading: loading,
                    cut: cutShort || store.cutRecords > 0))
    }

    // MARK: - Update

    /// What the event asks for, and — when it moved the focus, the query or the pane — the
    /// preview's run for what is focused now (the runner carries out only the newest of those
    /// from keys read together, so a held Down runs one command, not one per row).
    public mutating func update(_ event: AlertEvent) -> [Effect] {
        let effects = respond(to: event)
        guard previewDue, !effects.contains(where: \.ends) else { return effects }
        return effects + runPreview()
    }

    private mutating func respond(to event: AlertEvent) -> [Effect] {
        switch event {
        case .laidOut:
            // A pane of another size (the terminal resized) runs the command again, told its
            // new columns and lines, as fzf does.
            if paneArea != previewedPane { previewed = nil }
            return []
        case .start:
            return !loading && configuration.selectIfOne && store.count == 1 ? answer([0]) : []
        case .input(let bytes):
            if store.feed(bytes) > 0 { itemsArrived() }
            bytesRead += bytes.count
            // What the items cost: their bytes and four bytes of offset each (`yes |` is mostly
            // offsets); and what was read, kept or not (a line that never ends, `< /dev/zero`,
            // keeps its start only and would be read for ever).
            if store.bytes.count + 4 * store.count > configuration.inputLimit || bytesRead > configuration.inputLimit {
                cutShort = true
                loading = false
                store.finish()
                itemsArrived()
                return [.closeInput]
            }
            return []
        case .tick(let seconds):
            searchOn(at: seconds)
            return []
        case .previewOutput(let id, let stream, let bytes):
            // A pane that has all it keeps has the command stopped (the runner bounds the bytes, this the lines).
            return pane.take(id, stream: stream, bytes) || id != pane.id || !pane.cut ? [] : [.stopPreview]
        case .previewEnded(let id, let status):
            pane.ended(id, status: status)
            return []
        case .inputEnded:
            store.finish()
            loading = false
            itemsArrived()
            // Every item is known: a preselection that names none is the script's mistake, said.
            if let word = Self.unmatched(configuration, in: store).first {
                var outcome = Outcome(.usage)
                outcome.report = Self.unmatchedError(word, in: store)
                return [.finish(outcome)]
            }
            return configuration.selectIfOne && store.count == 1 ? answer([0]) : []
        case .paste(let text):
            if var r = renaming {
                _ = r.field.editor.paste(text)
                renaming = r
                return []
            }
            focus = .list
            if query.editor.paste(text) { refilter() }
            return []
        case .answer(.text(let text)) where renaming != nil:
            // Line mode's new label for the item being renamed.
            let item = renaming!.item
            renaming = nil
            return [renamed(item, Array(text.utf8))]
        case .answer(.current) where renaming != nil:
            let r = renaming!
            renaming = nil
            return [renamed(r.item, r.field.editor.bytes)]
        case .answer(.items(let picks)) where pickingToRename:
            // Line mode: the item to rename, then its new label.
            pickingToRename = false
            guard let item = picks.first, item >= 0, item < store.count else { return [] }
            renaming = (item, TextField(LineEditor(String(decoding: store.label(item), as: UTF8.self))))
            return []
        case .answer(.items(let picks)):
            // A front end without a box chose these items.
            guard picks.allSatisfy({ $0 >= 0 && $0 < store.count }) else { return [] }
            if multi { for item in list.markedItems { list.setMark(item, false) } }
            for item in picks { if multi { list.setMark(item, true) } else { radioChoice = item } }
            return multi ? (reason == nil ? answer(list.markedInOrder) : []) : picks.first.map { answer([$0]) } ?? []
        case .answer(.current):
            return press(focus)
        case .answer(.button(.extra)) where configuration.editable:
            // Rename, answered without a box: there is no focused item, so which one is asked next.
            pickingToRename = true
            return []
        case .answer(.button(let role)):
            return press(.button(role))
        case .answer:
            return []
        case .action(let action):
            refilter()
            return handle(action)
        case .mouse(let mouse):
            refilter()
            return click(mouse)
        case .countdown(let left):
            defaultCountdown = left
            return []
        case .validated, .suggested, .directoryMade, .saveTargetChecked, .folderResolved, .browsed, .openChecked, .documentChanged, .edited, .childOutput, .childExited, .signal, .strength:
            return []
        }
    }

    private mutating func handle(_ action: Action) -> [Effect] {
        if var r = renaming {
            // The label being renamed takes the keys: Enter ends with it, Esc goes back to the list.
            switch action {
            case .submit:
                renaming = nil
                return [renamed(r.item, r.field.editor.bytes)]
            case .cancel:
                renaming = nil
            case .interrupt, .suspend, .redraw:
                return []
            default:
                _ = r.field.editor.apply(action)
                renaming = r
            }
            return []
        }
        if sides != nil, let effects = twoListsKey(action) { return effects }
        switch action {
        case .cancel:
            if !query.editor.isEmpty {
                query.editor.clear()
                refilter()
                return []
            }
            return [.finish(Outcome(.cancel))]
        case .focusNext, .focusPrevious:
            var buttons = configuration.buttonBar.focusable(buttonFocusable)
            if configuration.dialogKeys && !configuration.visitsList { buttons.removeAll { $0 == .ok } } // the list is OK there
            focus = ([.list] + buttons.map { .button($0) }).cycled(from: focus, by: action == .focusNext ? 1 : -1)
            return []
        case .submit:
            return press(focus)
        default:
            break
        }
        if case .button(let role) = focus {
            switch action {
            case .activate: return press(focus)
            case .left, .right:
                if let next = configuration.buttonBar.neighbour(of: role, step: action == .left ? -1 : 1, focusable: buttonFocusable) {
                    focus = .button(next)
                }
                return []
            case .up, .down, .insert, .deleteBackward:
                focus = .list // back to the list (and the query) from the buttons
            default:
                return []
            }
        }
        switch action {
        case .previewUp: pane.scroll(by: -1); return []
        case .previewDown: pane.scroll(by: 1); return []
        case .previewPageUp: pane.scrollPage(by: -1); return []
        case .previewPageDown: pane.scrollPage(by: 1); return []
        default: break
        }
        if list.move(action) { return [] }
        switch action {
        case .activate where multi || radio:
            guard let item = list.selectedItem else { return [] }
            if multi { list.toggleMark(item) } else { radioChoice = item }
        case .toggleAll where multi:
            list.toggleAllShown()
        case .insert(let c) where configuration.letters != .filter:
            jump(to: c)
        case .activate where configuration.letters == .filter:
            if query.editor.apply(.insert(" ")) { refilter() }
        case .insert, .deleteBackward, .deleteWordBackward, .killToStart, .yank:
            if configuration.letters == .filter && query.editor.apply(action) { refilter() }
        default:
            break
        }
        return []
    }

    /// --two-lists' own keys: Space sends the focused item across (from any focus with dialog's
    /// keys, as dialog's Space does), ^ and $ go to a side, and so do Left and Right (with dialog's
    /// keys they go through the buttons, as Tab); moves stay in the focused side and letters jump
    /// in it. nil: the key is the box's (Enter, Esc, Tab, Space on a button).
    private mutating func twoListsKey(_ action: Action) -> [Effect]? {
        let dialogKeys = configuration.dialogKeys
        switch action {
        case .left, .right:
            if dialogKeys { return handle(action == .left ? .focusPrevious : .focusNext) }
            sides!.focusSide(action == .left ? .left : .right)
            focus = .list
        case .insert("^"):
            sides!.focusSide(.left)
        case .insert("$"):
            sides!.focusSide(.right)
        case .insert("+") where dialogKeys:
            _ = sides!.move(.down)
        case .insert("-") where dialogKeys:
            _ = sides!.move(.up)
        case .activate where dialogKeys || focus == .list:
            if let (item, chosen) = sides!.sendAcross() { list.setMark(item, chosen) }
        case .focusNext where configuration.visitsList, .focusPrevious where configuration.visitsList:
            visitNext(by: action == .focusNext ? 1 : -1)
        case .insert(let c):
            jumpInSide(to: c)
        default:
            guard sides!.move(action) else { return nil }
            if !dialogKeys { focus = .list }
        }
        return []
    }

    /// dialog's --visit-items on two lists: Tab stops on the left list, the right one, then the buttons.
    private mutating func visitNext(by step: Int) {
        enum Stop: Equatable { case side(TwoLists.Side), button(ButtonRole) }
        let stops = [Stop.side(.left), .side(.right)] + configuration.buttonBar.focusable(buttonFocusable).map { Stop.button($0) }
        let current: Stop = if case .button(let role) = focus { .button(role) } else { .side(visitedSide ?? sides!.active) }
        switch stops.cycled(from: current, by: step) {
        case .side(let side):
            focus = .list
            visitedSide = side
            sides!.focusSide(side)
        case .button(let role):
            focus = .button(role)
        }
    }

    /// Letters in two lists: the next item of the focused side starting with the letter (its tag
    /// with dialog's keys, as dialog matches); else with dialog's keys a digit N focuses the Nth
    /// item, if it is no further down than the side's last row shown.
    private mutating func jumpInSide(to letter: Unicode.Scalar) {
        guard configuration.letters != .none else { return }
        let key = Character(letter).lowercased(), store = store, byTag = configuration.dialogKeys
        let found = sides!.jump { item in
            let name = byTag ? store.tag(item) ?? store.label(item) : store.label(item)
            return String(decoding: name.prefix(4), as: UTF8.self).first?.lowercased() == key
        }
        if !found, byTag, let digit = Int(String(letter)), digit >= 1, digit - 1 < sides!.lastShownRow, digit - 1 < store.count {
            sides!.focus(item: digit - 1)
        }
    }

    /// --letters jump/newt: the focus goes to an item whose label starts with `letter` (any case).
    private mutating func jump(to letter: Unicode.Scalar) {
        let n = list.rowCount
        guard n > 0, configuration.letters == .jump || configuration.letters == .newt else { return }
        // newt jumps on letters only: a digit leaves the focus where it is.
        if configuration.letters == .newt && !letter.properties.isAlphabetic { return }
        let key = Character(letter).lowercased()
        func starts(_ row: Int) -> Bool {
            String(decoding: store.labelPrefix(list.item(atRow: row), bytes: 16), as: UTF8.self).first?.lowercased() == key
        }
        let current = list.selection
        let found: Int?
        if configuration.letters == .jump {
            found = (1...n).lazy.map { (current + $0) % n }.first(where: starts)
        } else {
            found = starts(current) ? (current + 1..<n).first(where: starts) : (0..<n).first(where: starts)
        }
        if let found { list.select(row: found) }
    }

    /// A click on a row focuses it (and toggles it in a check list); a double click chooses it;
    /// the wheel scrolls; a click on a button presses it.
    private mutating func click(_ mouse: Mouse) -> [Effect] {
        if case .wheel(let rows) = mouse.kind {
            if let k = sideAreas.firstIndex(where: { $0.contains(x: mouse.x, y: mouse.y) }) {
                sides?.scroll(TwoLists.Side(rawValue: k)!, by: rows)
                return []
            }
            if let paneArea, paneArea.contains(x: mouse.x, y: mouse.y) { pane.scroll(by: rows) } else { list.scroll(by: rows) }
            return []
        }
        guard case .click(let count) = mouse.kind else { return [] }
        if let hit = ButtonRow.hit(buttons, row: buttonRow, x: mouse.x, y: mouse.y, placement: buttonPlacement) {
            guard buttons[hit].enabled else { return [] }
            return press(.button(configuration.buttonBar.role(at: hit)))
        }
        if sides != nil {
            // A click on either side focuses the row and sends it across, as dialog's does.
            for (k, area) in sideAreas.enumerated() where area.contains(x: mouse.x, y: mouse.y) {
                let side = TwoLists.Side(rawValue: k)!
                guard let row = sides!.sides[k].row(atLine: mouse.y, areaY: area.y) else { return [] }
                let item = sides!.items(on: side)[row]
                sides!.focus(item: item)
                if let (item, chosen) = sides!.sendAcross() { list.setMark(item, chosen) }
            }
            return []
        }
        guard mouse.x >= listArea.x && mouse.x < listArea.maxX, let row = list.row(atLine: mouse.y, areaY: listArea.y) else { return [] }
        focus = .list
        list.select(row: row)
        let item = list.item(atRow: row)
        if count == 2 { return multi ? [] : submit() }
        if multi { list.toggleMark(item) } else if radio { radioChoice = item }
        return []
    }

    /// Enter or Space on the focused control: the list and OK submit, a button does what it is for.
    private mutating func press(_ focus: Focus) -> [Effect] {
        switch focus {
        case .list where radio && configuration.enterTakesFocused:
            // Enter on a row chooses that row, as the hint says (gum, fzf); OK takes the marked one.
            guard let item = list.selectedItem else { return submit() }
            radioChoice = item
            return answer([item])
        case .list, .button(.ok): return submit()
        case .button(.cancel): return [.finish(Outcome(.cancel))]
        case .button(.extra):
            guard configuration.editable else { return submit(as: .extra) }
            guard let item = list.selectedItem else { return [] }
            var editor = LineEditor(String(decoding: store.label(item), as: UTF8.self))
            if configuration.dialogKeys { _ = editor.apply(.home) } // dialog starts the edit at the label's start
            renaming = (item, TextField(editor))
            self.focus = .list
            return []
        case .button(.help):
            // The focused item (not the marked ones), so a script can show help for it; the marks
            // go along as the state.
            var outcome = Outcome(.help, answer: focusedItem.map { printed([$0])[0] })
            if multi { outcome.state = printed(list.markedItems) } else if radio { outcome.state = radioChoice.map { printed([$0]) } }
            return [.finish(outcome)]
        }
    }

    private func submit(as status: ExitStatus = .ok) -> [Effect] {
        if multi { return reason == nil ? answer(list.markedInOrder, status: status) : [] }
        if radio, let choice = radioChoice { return answer([choice], status: status) }
        if radio && configuration.minimum == 0 { return answer([], status: status) } // nothing marked, nothing answered
        guard let item = list.selectedItem else { return [] }
        return answer([item], status: status)
    }

    /// The chosen items printed as --output asks, one per line (or NUL-separated), in list order.
    private func answer(_ items: [Int], status: ExitStatus = .ok) -> [Effect] {
        // What is kept of an item cut at its limit is not an item of the input: never printed
        // as one (its number, with --output index, still names it truly).
        if configuration.output != .index, let cut = items.first(where: { store.cutItems.contains($0) }) {
            var refused = Outcome(.usage)
            refused.report = "item \(cut + 1) was cut short at \(Limits.size(Limits.item)), so what is kept of it is not an item of the input: it is not answered (--output index names it)"
            return [.finish(refused)]
        }
        var outcome = Outcome(status, items: printed(items), separator: configuration.separator)
        if status == .ok {
            // The items by the names that give them back exactly, whatever --output printed.
            let names = store.scriptNames(of: configuration.order ? items : items.sorted())
            outcome.replay = [names.map { ReplayAnswer(value: Array($0.joined(separator: [0x0A]))) } ?? ReplayAnswer(value: [], unnameable: true)]
        }
        return [.finish(outcome)]
    }

    /// A rename (the extra button's status): `ITEM<TAB>NEW LABEL`, its two parts as items.
    private func renamed(_ item: Int, _ label: [UInt8]) -> Effect {
        .finish(Outcome(.extra, items: [printed([item])[0], label], separator: 0x09))
    }

    /// Each item as --output prints it, in list order (or in the order marked, with --order).
    private func printed(_ items: [Int]) -> [[UInt8]] {
        (configuration.order ? items : items.sorted()).map { item in
            switch configuration.output {
            case .label: return Array(store.label(item))
            case .tag: return Array(store.tag(item) ?? store.label(item))
            case .index: return Array(String(item + 1).utf8)
            case .json:
                return Array("{\"tag\":".utf8) + JSON.string(store.tag(item) ?? store.label(item))
                    + Array(",\"label\":".utf8) + JSON.string(store.label(item)) + Array(",\"index\":\(item + 1)}".utf8)
            }
        }
    }

    // MARK: - Render

    public func render(into canvas: inout Canvas, area whole: Rect, theme: Theme) -> (x: Int, y: Int)? {
        let (area, paneArea) = configuration.preview?.split(whole) ?? (whole, nil)
        if let paneArea, let preview = configuration.preview {
            pane.render(into: &canvas, area: paneArea, position: preview.position, theme: theme)
        }
        var y = area.y
        let textRows = textRows(in: area)
        if textRows > 0 {
            body.render(into: &canvas, area: Rect(x: area.x, y: y, width: area.width, height: textRows), theme: theme)
            y += textRows
        }
        // The filter row: the query field and the count.
        var queryCursor: (x: Int, y: Int)?
        if hasFilterRow {
            var count = ListView.countText(shown: filter.matchesSoFar ?? list.rowCount, of: store.count)
            if loading { count = "loading " + count + "…" } else if filter.isSearching { count += "…" }
            if cutShort || store.cutRecords > 0 { count = tr("%s, input cut short", count) }
            let countWidth = TextWidth.columns(count)
            canvas.text(count, x: area.maxX - countWidth, y: y, style: theme.muted)
            canvas.text(">", x: area.x, y: y, style: theme.muted)
            let fieldWidth = max(1, area.width - 2 - countWidth - 1)
            queryCursor = query.render(into: &canvas, rect: Rect(x: area.x + 2, y: y, width: fieldWidth, height: 1), theme: theme)
            y += 1
        }
        if let sides { renderSides(sides, theme: theme, into: &canvas) } else { renderList(columns: area.width, theme: theme, into: &canvas) }
        y = (frameArea ?? listArea).maxY
        if hasDetailRow {
            if let reason {
                canvas.text(Wrap.truncate(reason, width: area.width), x: area.x, y: y, style: theme.error)
            } else if let item = list.selectedItem, let hint = store.hint(item) {
                canvas.text(Wrap.truncate(Sanitize.bytes(hint[...], columns: area.width), width: area.width), x: area.x, y: y, style: theme.muted)
            }
        }
        let focusIndex: Int? = if case .button(let role) = focus { configuration.buttonBar.index(of: role) } else { nil }
        // (letters filter the list or jump in it: no button's letter is its key)
        let button = ButtonRow.render(buttons, focused: focusIndex, y: area.maxY - 1, area: area, theme: theme, lettersPress: false,
                                      into: &canvas)
        if let r = renaming, list.selection >= list.top, list.selection < list.top + listArea.height {
            // The row being renamed is a field over its label.
            let rowY = listArea.y + list.selection - list.top
            return r.field.render(into: &canvas, rect: Rect(x: area.x + 1, y: rowY, width: max(1, area.width - 2), height: 1), theme: theme)
        }
        guard focus == .list else { return button }
        if let sides, sideAreas.count == 2 {
            let k = sides.active.rawValue, side = sides.sides[k]
            return (sideAreas[k].x, sideAreas[k].y + side.selection - side.top)
        }
        // With a query, the cursor edits it; otherwise it sits on the focused row, so screen readers follow the focus.
        if !query.editor.isEmpty || list.rowCount == 0 { return queryCursor }
        return (area.x, listArea.y + list.selection - list.top)
    }
}
