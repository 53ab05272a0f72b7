// `alertty open`: pick one existing file (or several with --multi, or folders with --type) inside
// a root that cannot be left. The list is choose's — filtered as you type, marks, the preview
// pane — over the folder shown, or with --recursive over the whole tree below it as the tree
// walker streams it in. Right (or Enter on a folder, when files are asked for) goes in, Left or
// Backspace on an empty filter goes up; a path typed in the filter goes there or is taken. Every
// move is asked of the Sandbox as an effect, and every answer is checked by it before it is
// printed: a link, `..`, a typed or a scripted path never leads out of the root.

public struct OpenConfiguration: Sendable {
    /// The real path of the root, and of the folder shown first.
    public var root: PathBytes
    public var start: PathBytes
    /// A file given as the start (--dir FILE): focused, and the answer taken without a person.
    public var startFile: PathBytes?
    public var filter = PathFilter()
    public var multi = false
    public var minimum = 1
    public var maximum: Int?
    public var recursive = false
    /// --preview CMD, or --peek's command; run in the folder shown.
    public var preview: PreviewCommand?
    public var separator: UInt8 = 0x0A
    /// HOME, for a path typed or given as `~/…` (read when made: the alert reads nothing itself).
    public var home: PathBytes?
    public var okLabel = tr("Open")
    public var cancelLabel = tr("Cancel")

    public init(root: PathBytes, start: PathBytes) {
        self.root = root
        self.start = start
    }
}

public struct OpenAlert: Alert {
    public var title: String
    let text: String
    private var body: TextBody
    public let configuration: OpenConfiguration
    /// The folder shown (a real path inside the root).
    public private(set) var current: PathBytes
    /// The list of what it holds (or, recursive, of the tree below it): held by reference and
    /// copied on write, so an OpenAlert is a small value to copy (inline, choose's whole state made
    /// every copy of it 40 KB of code).
    public private(set) var list: ChooseAlert {
        _read { yield listBox.alert }
        _modify {
            if !isKnownUniquelyReferenced(&listBox) { listBox = ListBox(listBox.alert) }
            yield &listBox.alert
        }
        set {
            if isKnownUniquelyReferenced(&listBox) { listBox.alert = newValue } else { listBox = ListBox(newValue) }
        }
    }
    private var listBox: ListBox
    private final class ListBox {
        var alert: ChooseAlert
        init(_ alert: ChooseAlert) { self.alert = alert }
    }
    /// The move asked of the file system and not answered yet (an answer to another is stale).
    private var pendingMove: Browse?
    private var pendingCheck: OpenCheck?
    /// --multi: every path marked, in the order marked, wherever it is — kept in step with the
    /// list's marks as they change (Space, Ctrl-A, a click), so what the box counts and line mode
    /// lists is what an answer takes.
    private var marked: [PathBytes] = []
    private var markedSet: Set<PathBytes> = []
    /// Why the last move or answer was refused, shown on the path row until the next key.
    public private(set) var notice: String?
    /// The entry to focus once listed (the start file, the folder we came up from).
    private var focusing: PathBytes?
    private var shownHidden: Bool
    /// Where the list goes (below the question and the path row).
    private var area = Rect(x: 0, y: 0, width: 0, height: 0)
    private var pathRow = Rect(x: 0, y: 0, width: 0, height: 0)

    public init(title: String, text: String, configuration: OpenConfiguration) {
        self.title = title
        self.text = text
        body = TextBody(text)
        self.configuration = configuration
        current = configuration.start
        shownHidden = configuration.filter.showsHidden
        focusing = configuration.startFile.map(Paths.lastName)
        listBox = ListBox(Self.makeList(labels: [], loading: true, configuration: configuration, folder: configuration.start))
    }

    var filter: PathFilter {
        var f = configuration.filter
        f.showsHidden = shownHidden
        return f
    }

    // MARK: - The list

    private static func makeList(labels: [[UInt8]], loading: Bool, configuration: OpenConfiguration,
                                 folder: PathBytes) -> ChooseAlert {
        var store = ItemStore(format: .plain, separator: 0)
        for label in labels { store.append(label: label) }
        var c = ChooseConfiguration()
        c.multi = configuration.multi
        // The count is over every folder: checked here, not by the list.
        c.minimum = 0
        c.okLabel = configuration.okLabel
        c.cancelLabel = configuration.cancelLabel
        if var preview = configuration.preview {
            preview.prefix = Array("cd -- ".utf8) + Shell.quoted(folder) + Array(" || exit 1; ".utf8)
            c.preview = preview
        }
        return ChooseAlert(title: "", text: "", store: store, configuration: c, loading: loading)
    }

    /// The folder's entries as the list shows them: what may be chosen and every folder (to go
    /// into), hidden ones only when asked for; folders first, then by name.
    static func labels(of listing: Listing, filter: PathFilter) -> [[UInt8]] {
        Browser.sortedOrder(listing).compactMap { i in
            let i = Int(i), name = listing.name(i), folder = listing.kinds[i].opensLikeDirectory
            if !filter.showsHidden && listing.isHidden(i) { return nil }
            guard folder || filter.admits(path: name, isFolder: false) else { return nil }
            return folder ? name + [Glob.slash] : name
        }
    }

    static func isFolderLabel(_ label: [UInt8]) -> Bool { label.last == Glob.slash }

    /// The path a label names (absolute), without a folder's `/`.
    func path(of label: [UInt8]) -> PathBytes {
        Paths.appending(current, Self.isFolderLabel(label) ? Array(label.dropLast()) : label)
    }

    private var focusedLabel: [UInt8]? { list.focusedItem.map { list.store.label($0) } }

    private mutating func setMarked(_ path: PathBytes, _ on: Bool) {
        if on {
            if markedSet.insert(path).inserted { marked.append(path) }
        } else if markedSet.remove(path) != nil {
            marked.removeAll { $0 == path }
        }
    }

    /// Every mark of the folder shown taken into `marked` (and every unmarked entry out of it),
    /// after what may change many (Ctrl-A, a click): in time linear in entries and marks.
    private mutating func syncMarks() {
        let store = list.store
        var gone = Set<PathBytes>()
        for item in 0..<store.count {
            let path = path(of: store.label(item))
            if list.list.isMarked(item) {
                if markedSet.insert(path).inserted { marked.append(path) }
            } else if markedSet.remove(path) != nil {
                gone.insert(path)
            }
        }
        if !gone.isEmpty { marked.removeAll { gone.contains($0) } }
    }

    /// A new list for the folder now shown; marks and the focus put back.
    private mutating func showList(_ labels: [[UInt8]], loading: Bool) {
        list = Self.makeList(labels: labels, loading: loading, configuration: configuration, folder: current)
        applyMarksAndFocus(from: 0)
        // (Laid out in the theme's look with the next frame, as every frame lays the box out.)
        list.layout(area)
    }

    private mutating func applyMarksAndFocus(from first: Int) {
        let store = list.store
        guard first < store.count else { return }
        if configuration.multi && !marked.isEmpty {
            list.mark((first..<store.count).filter { markedSet.contains(path(of: store.label($0))) })
        }
        if let focusing, let item = (first..<store.count).first(where: {
            let l = store.label($0)
            return (Self.isFolderLabel(l) ? Array(l.dropLast()) : l) == focusing
        }) {
            self.focusing = nil
            list.focus(item: item)
        }
    }

    // MARK: - Moving

    private mutating func move(_ move: Browse.Move, selecting: PathBytes? = nil) -> [Effect] {
        let request = Browse(root: configuration.root, from: current, move: move, keeping: selecting)
        pendingMove = request
        return [.browse(request)]
    }

    private var atRoot: Bool { Paths.isAtRoot(current, root: configuration.root) }

    private mutating func goUp() -> [Effect] {
        guard !atRoot else {
            notice = "“..” leads outside the root"
            return []
        }
        focusing = Paths.lastName(current)
        return move(.up)
    }

    /// Into the folder a label names (below the folder shown: one, or several with --recursive).
    private mutating func enter(_ label: [UInt8]) -> [Effect] {
        move(.path(Array(label.dropLast())))
    }

    private mutating func arrived(_ request: Browse, _ result: Browsed) -> [Effect] {
        guard request == pendingMove else { return [] }
        pendingMove = nil
        switch result {
        case .refused(let why):
            // The Sandbox names the root; the box says "the root" (its path is on the path row).
            let root = " " + Sanitize.bytes(configuration.root)
            notice = why.hasSuffix(root) ? String(why.dropLast(root.count)) + " the root" : why
            return []
        case .arrived(let folder, let listing, let problem, let selecting):
            current = folder
            if let selecting { focusing = selecting }
            notice = problem
            if configuration.recursive {
                showList([], loading: true)
                return [.walk(WalkRequest(folder: folder, filter: filter))]
            }
            showList(Self.labels(of: listing, filter: filter), loading: false)
            return []
        }
    }

    // MARK: - Choosing

    /// The list answered these labels (Enter, OK, a double click): a folder asked for files is
    /// gone into; else every path is checked before it is printed.
    private mutating func take(_ labels: [[UInt8]]) -> [Effect] {
        if labels.count == 1, Self.isFolderLabel(labels[0]), configuration.filter.kind == .file {
            return enter(labels[0])
        }
        var paths = configuration.multi ? marked : []
        if paths.isEmpty {
            guard let label = labels.first ?? focusedLabel else { return [] }
            if Self.isFolderLabel(label) && configuration.filter.kind == .file { return enter(label) }
            // As listed, below the folder shown: a refusal names it as the person sees it.
            paths = [Self.isFolderLabel(label) ? Array(label.dropLast()) : label]
        }
        return check(paths, typed: false)
    }

    private mutating func check(_ paths: [PathBytes], typed: Bool) -> [Effect] {
        if configuration.multi && !typed {
            if paths.count < configuration.minimum {
                notice = tr("choose at least %d", configuration.minimum)
                return []
            }
            if let most = configuration.maximum, paths.count > most {
                notice = tr("choose at most %d", most)
                return []
            }
        }
        let request = OpenCheck(root: configuration.root, folder: current, paths: paths, filter: filter, typed: typed)
        pendingCheck = request
        return [.checkOpen(request)]
    }

    private mutating func checked(_ request: OpenCheck, _ result: OpenChecked) -> [Effect] {
        guard request == pendingCheck else { return [] }
        pendingCheck = nil
        switch result {
        case .refused(let why):
            notice = why
            return []
        case .folder(let folder):
            return move(.path(folder))
        case .chosen(let paths):
            if request.typed && configuration.multi {
                // A path typed (or named in line mode) is marked; Enter ends.
                for path in paths { setMarked(path, true) }
                showList(labelsNow, loading: list.loading)
                return []
            }
            var outcome = Outcome(.ok, items: paths, separator: configuration.separator)
            outcome.replay = [ReplayAnswer(value: Array(paths.joined(separator: [0x0A])),
                                           unnameable: paths.contains { $0.contains(0x0A) })]
            return [.finish(outcome)]
        }
    }

    private var labelsNow: [[UInt8]] { (0..<list.store.count).map { list.store.label($0) } }

    // MARK: - Alert

    public var keyOverrides: [KeyPress: Action] { Self.descriptor.keyOverrides }

    public var hints: [KeyHint] {
        var h = [KeyHint(.submit, configuration.multi ? configuration.okLabel.lowercased() : "choose"),
                 KeyHint(.right, "open"), KeyHint(.left, "back")]
        if configuration.multi { h.insert(KeyHint(.activate, "mark"), at: 1) }
        h += [KeyHint(.toggleHidden, "hidden"), KeyHint(.cancel, list.query.editor.isEmpty ? "cancel" : "clear")]
        return h
    }

    public var minimumSize: (width: Int, height: Int) { (24, 6) }
    public var scrollsInAnyHeight: Bool { true }
    public var usesMouse: Bool { true }
    public var prefersWholeScreen: Bool { configuration.preview != nil }
    public var buttonBar: ButtonBar? { list.buttonBar }
    public var tickInterval: Double? { list.tickInterval }
    public var maxFramesPerSecond: Double? { list.maxFramesPerSecond }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        if configuration.preview != nil { return (maxWidth, 10_000) }
        // A steady box: it does not jump as folders of other sizes are shown.
        let inner = list.preferredSize(maxWidth: maxWidth)
        let width = min(maxWidth, max(inner.width, 56, TextWidth.columns(title) + 2))
        let textRows = min(body.lineCount(width: width), 5)
        return (width, 1 + textRows + 3 + 14)
    }

    public mutating func layout(_ whole: Rect, theme: Theme) {
        place(whole)
        list.layout(area, theme: theme)
    }

    public mutating func layout(_ whole: Rect) {
        place(whole)
        list.layout(area)
    }

    /// The question's rows, the path row and the list's area in `whole`.
    private mutating func place(_ whole: Rect) {
        let textRows = min(body.lineCount(width: whole.width), 5, max(0, whole.height - 8))
        body.layout(width: whole.width, rows: textRows)
        pathRow = Rect(x: whole.x, y: whole.y + textRows, width: whole.width, height: 1)
        area = Rect(x: whole.x, y: pathRow.maxY, width: whole.width, height: max(1, whole.maxY - pathRow.maxY))
    }

    public var meaning: AlertMeaning {
        let store = list.store
        let entries: [(name: PathBytes, folder: Bool)] = (0..<store.count).map {
            let l = store.label($0)
            return Self.isFolderLabel(l) ? (Array(l.dropLast()), true) : (l, false)
        }
        var view = AlertMeaning.BrowserView(title: title, text: text, current: current, atRoot: atRoot, entries: entries,
                                            choosesFolder: configuration.filter.kind == .dir, notice: notice,
                                            name: configuration.startFile.map { Sanitize.bytes($0) } ?? "")
        view.opens = true
        view.multi = configuration.multi
        view.marked = marked
        view.loading = list.loading
        return .browser(view)
    }

    // MARK: - Update

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .start:
            return move(.list, selecting: focusing)
        case .browsed(let request, let result):
            return arrived(request, result)
        case .openChecked(let request, let result):
            return checked(request, result)
        case .input:
            let before = list.store.count
            let effects = forward(event)
            applyMarksAndFocus(from: before)
            return effects
        case .mouse where configuration.multi:
            // A click may mark (a double click in a check list answers nothing): the marks taken in.
            let effects = forward(event)
            syncMarks()
            return effects
        case .action(let action):
            notice = nil
            return key(action)
        case .answer(let answer):
            notice = nil
            return take(answer)
        default:
            return forward(event)
        }
    }

    /// The list's effects, its answer taken as `open`'s.
    private mutating func forward(_ event: AlertEvent) -> [Effect] {
        var out: [Effect] = []
        for effect in list.update(event) {
            if case .finish(let outcome) = effect, outcome.status == .ok {
                out += take(outcome.items ?? [])
            } else {
                out.append(effect)
            }
        }
        return out
    }

    private var listFocused: Bool { list.focus == .list }

    private mutating func key(_ action: Action) -> [Effect] {
        switch action {
        case .right where listFocused:
            guard let label = focusedLabel, Self.isFolderLabel(label) else { return [] }
            return enter(label)
        case .left where listFocused:
            return goUp()
        case .deleteBackward where listFocused && list.query.editor.isEmpty:
            return goUp()
        case .toggleHidden:
            shownHidden.toggle()
            focusing = focusedLabel.map { Self.isFolderLabel($0) ? Array($0.dropLast()) : $0 }
            return move(.list, selecting: focusing)
        case .activate where configuration.multi && listFocused:
            // A folder holds files to mark: Space goes into it when files are asked for.
            if let label = focusedLabel, Self.isFolderLabel(label), configuration.filter.kind == .file { return enter(label) }
            guard let item = list.focusedItem else { return forward(.action(action)) }
            let effects = forward(.action(action))
            setMarked(path(of: list.store.label(item)), list.list.isMarked(item))
            return effects
        case .toggleAll where configuration.multi && listFocused:
            let effects = forward(.action(action))
            syncMarks()
            return effects
        case .submit where listFocused && focusedLabel.map { Self.isFolderLabel($0) && configuration.filter.kind == .file } == true:
            // Enter on a folder goes into it, marks or not: a check list of files ends on a file or OK.
            return enter(focusedLabel!)
        case .submit where listFocused && list.list.rowCount == 0:
            // Nothing matches what was typed: it is a path, gone to or taken once checked.
            let typed = list.query.editor.bytes
            guard !typed.isEmpty else { return [] }
            return check([expandHome(typed)], typed: true)
        default:
            return forward(.action(action))
        }
    }

    /// `~/x` typed: below HOME (checked against the root as any path).
    private func expandHome(_ typed: [UInt8]) -> [UInt8] {
        guard typed.first == UInt8(ascii: "~"), typed.count == 1 || typed[1] == Glob.slash,
              let home = configuration.home else { return typed }
        return home + typed.dropFirst()
    }

    /// An answer from a front end without a box (line mode, the environment, a replay).
    private mutating func take(_ answer: Answer) -> [Effect] {
        switch answer {
        case .text(let text):
            // A script's whole answer: one path, or several one per line.
            let paths = text.split(separator: "\n", omittingEmptySubsequences: true).map { Array($0.utf8) }
            guard !paths.isEmpty else { notice = "no path given"; return [] }
            if !configuration.multi && paths.count > 1 { notice = "one path, not \(paths.count)"; return [] }
            return check(paths.map(expandHome), typed: false)
        case .current:
            if configuration.multi && !marked.isEmpty { return check(marked, typed: false) }
            if let file = configuration.startFile { return check([file], typed: false) }
            if configuration.filter.kind == .dir { return check([current], typed: false) }
            notice = configuration.multi ? "mark at least one" : "choose a file"
            return []
        case .open(let n):
            guard n >= 0, n < list.store.count else { return [] }
            let label = list.store.label(n)
            // A folder: gone into, unless folders are marked (--multi of folders or either).
            if Self.isFolderLabel(label) && (configuration.filter.kind == .file || !configuration.multi) { return enter(label) }
            if configuration.multi {
                toggle(path(of: label))
                return []
            }
            return check([path(of: label)], typed: false)
        case .items(let items):
            // Line mode's numbers mark; a folder where files are asked for is gone into instead
            // (alone), or passed over (among others).
            let valid = items.filter { $0 >= 0 && $0 < list.store.count }
            let store = list.store, filesOnly = configuration.filter.kind == .file
            let isFolderOfFiles = { (n: Int) in filesOnly && Self.isFolderLabel(store.label(n)) }
            if valid.count == 1, isFolderOfFiles(valid[0]) { return enter(list.store.label(valid[0])) }
            for n in valid where !isFolderOfFiles(n) { toggle(path(of: list.store.label(n))) }
            return []
        case .parent:
            return goUp()
        case .go(let where_):
            return move(.path(expandHome(Array(where_.utf8))))
        case .path(let typed):
            return check([expandHome(Array(typed.utf8))], typed: true)
        case .makeFolder:
            notice = "open picks what exists: it makes no folder"
            return []
        default:
            return []
        }
    }

    private mutating func toggle(_ path: PathBytes) {
        setMarked(path, !markedSet.contains(path))
        showList(labelsNow, loading: list.loading)
    }

    // MARK: - Render

    public func render(into canvas: inout Canvas, area whole: Rect, theme: Theme) -> (x: Int, y: Int)? {
        // The path row: where we are (the root's part muted), or why a move was refused; the marks' count.
        if pathRow.y > whole.y {
            body.render(into: &canvas, area: Rect(x: whole.x, y: whole.y, width: whole.width, height: pathRow.y - whole.y), theme: theme)
        }
        let y = pathRow.y
        var right = ""
        if configuration.multi && !marked.isEmpty { right = tr("%d marked", marked.count) }
        let rightWidth = TextWidth.columns(right)
        if !right.isEmpty { canvas.text(right, x: whole.maxX - rightWidth, y: y, style: theme.muted) }
        let room = max(1, whole.width - (rightWidth > 0 ? rightWidth + 2 : 0))
        if let notice {
            // Its end kept: the verdict follows the path it names, which may be long.
            canvas.text(Wrap.truncateHead(notice, width: room), x: whole.x, y: y, style: theme.error)
        } else {
            let shown = Sanitize.bytes(current)
            canvas.text(Wrap.truncateHead(shown, width: room), x: whole.x, y: y, style: theme.muted)
        }
        return list.render(into: &canvas, area: area, theme: theme)
    }

}
