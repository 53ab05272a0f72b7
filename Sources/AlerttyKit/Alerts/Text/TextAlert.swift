// `alertty text FILE|-`: a pager in the box (dialog's textbox and tailbox, gum's pager). Lines
// scroll by line and page, Home/End, Left/Right for long lines; `/` and `?` search forward and
// back (n/N repeat), matches highlighted; `--follow` shows lines as they are added and stays at
// the end unless the user scrolled up. A regular file is read where the view is, so a 1 GB file
// opens as fast as a small one; stdin and FIFOs are kept as they arrive, up to a bound.
// `--cancel LABEL` makes it a licence to agree to: OK exits 0, Cancel 1.

public struct TextAlert: Alert {
    public var title: String
    public private(set) var pager: PagedText
    let bar: ButtonBar
    public private(set) var focus: ButtonRole = .ok
    /// --follow: new lines shown (a file's when DocumentFollower says it changed; a stream's as they come).
    let follow: Bool
    /// Set when the document is fed by `.input` (stdin, a FIFO).
    let stream: BufferDocument?
    public private(set) var loading: Bool
    /// The query being typed after `/` or `?`, and which way it searches.
    public private(set) var query: TextField?
    private var forward = true
    private var lastQuery: [UInt8] = []
    /// A search under way: scanned a slice per tick, so keys are read between slices and any key
    /// stops it (as Ctrl-C stops less's).
    public private(set) var searching: LineNavigator.Search?
    /// Bytes a slice of a search scans: a few milliseconds' worth.
    static let searchSlice = 1 << 20
    public private(set) var notice: String?
    /// --heading: a few lines above the text (dialog's progressbox and programbox TEXT).
    public var heading = TextBody("")
    /// --exit-at-end: a stream's end closes the box with OK (dialog's progressbox).
    public var exitsAtEnd = false
    /// --dialog-keys: keys do nothing until the stream has ended (dialog's progressbox, programbox
    /// and prgbox read no key while the text comes, and drop what was typed meanwhile).
    public var keysWaitForTheEnd = false
    /// The text's line count while it is short (64 KiB and 200 lines at most; nil once longer),
    /// measured when the document changes rather than on every frame.
    private var shortLineCount: Int?

    public init(title: String, document: any TextDocument, streaming: Bool, follow: Bool,
                okLabel: String = tr("OK"), cancelLabel: String? = nil, extraLabel: String? = nil) {
        self.title = title
        pager = PagedText(document)
        stream = streaming ? document as? BufferDocument : nil
        loading = streaming
        self.follow = follow
        bar = ButtonBar(ok: okLabel, cancel: cancelLabel, extra: extraLabel)
        measure()
    }

    private mutating func measure() {
        let document = pager.document
        guard document.size <= 65536 else {
            shortLineCount = nil
            return
        }
        let head = document.read(at: 0, count: 65536)
        let lines = head.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (head.last == 0x0A || head.isEmpty ? 0 : 1)
        shortLineCount = lines < 200 ? lines : nil
    }

    public var buttonBar: ButtonBar? { bar }
    public var prefersWholeScreen: Bool { true }
    /// Given a --height (whiptail's and dialog's textbox always give one), the pager takes it.
    public var textScrolls: Bool { true }
    public var minimumSize: (width: Int, height: Int) { (20, 3) }
    public var tickInterval: Double? { searching != nil ? 0 : nil }
    /// While a search scans, its progress is drawn a few times a second, not after every slice.
    public var maxFramesPerSecond: Double? { searching != nil ? 20 : nil }
    public var usesMouse: Bool { true }

    /// Keys do nothing yet (--dialog-keys while the text comes): no button or key is offered,
    /// as dialog's boxes draw their OK only once the text has ended.
    private var waitingForTheEnd: Bool { keysWaitForTheEnd && loading }

    public var hints: [KeyHint] {
        if waitingForTheEnd { return [] }
        if query != nil { return [KeyHint(.submit, "search"), KeyHint(.cancel, "back")] }
        var h = [KeyHint(.submit, bar.label(focus) ?? tr("OK")), KeyHint(.cancel, bar.has(.cancel) ? bar.label(.cancel)! : "close")]
        h.append(KeyHint(literal: "/", "search"))
        if !lastQuery.isEmpty { h.append(KeyHint(literal: "n/N", "next/prev")) }
        h.append(KeyHint(.down, "scroll"))
        return h
    }

    /// The whole width; as tall as the text (a short licence gets a short box), up to the screen.
    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        guard let lines = shortLineCount else { return (maxWidth, 10_000) }
        return (maxWidth, max(lines, 1) + 2 + headingRows(width: maxWidth))
    }

    /// The heading's rows (at most 5) and a blank one under it.
    func headingRows(width: Int) -> Int {
        heading.isEmpty ? 0 : min(5, heading.lineCount(width: width)) + 1
    }

    public mutating func layout(_ area: Rect) {
        let top = headingRows(width: area.width)
        heading.layout(width: area.width, rows: max(0, top - 1))
        // --follow opens at the end, whatever the file's length (as tail -f and dialog's tailbox
        // do; nothing is shown before the first layout, which counts as the end), and stays there
        // when the box changes size.
        let following = follow && pager.atEnd
        pager.layout(width: area.width, rows: max(1, area.height - 2 - top))
        if following && !pager.atEnd { pager.toEnd() }
    }

    public mutating func readInPages(of lines: Int) {
        pager.layout(width: 4096, rows: lines)
    }

    public var meaning: AlertMeaning {
        .document(.init(title: heading.isEmpty ? title : [title, heading.text].filter { !$0.isEmpty }.joined(separator: "\n"), page: pager.visible.map(\.text), pageStart: pager.top, percent: pager.percent,
                        atEnd: pager.atEnd && !loading, ok: bar.label(.ok) ?? tr("OK"), cancel: bar.label(.cancel),
                        loading: loading, notice: notice))
    }

    private var closeStatus: ExitStatus { bar.has(.cancel) ? .cancel : .ok }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .input(let chunk):
            guard let stream else { return [] }
            let wasAtEnd = pager.atEnd
            let kept = stream.append(chunk)
            measure()
            if wasAtEnd && follow { pager.toEnd() } else { pager.refresh() }
            if !kept {
                notice = "only the first \(stream.limit >> 20) MiB are kept"
                loading = false
                return [.closeInput]
            }
            return []
        case .inputEnded:
            loading = false
            pager.refresh()
            return exitsAtEnd ? [.finish(Outcome(.ok))] : []
        case .childOutput(_, let bytes):
            // --run: the command's output is the stream.
            return update(.input(bytes))
        case .childExited(let status):
            if status != 0 { notice = "the command failed (exit \(status))" }
            return update(.inputEnded)
        case .tick where searching != nil:
            continueSearch()
            return []
        case .signal(.interrupted) where searching != nil:
            stopSearch()
            return [.consumed]
        case .action where searching != nil, .mouse where searching != nil:
            stopSearch()
            return []
        case .tick:
            return []
        case .documentChanged:
            // (Where the view was is as last drawn: at the end, it stays there.)
            let wasAtEnd = pager.atEnd
            measure()
            if wasAtEnd { pager.toEnd() } else { pager.refresh() }
            return []
        case .answer(let answer):
            switch answer {
            case .nextPage: _ = pager.scroll(.pageDown)
            case .lastPage: pager.toEnd()
            case .no: return [.finish(Outcome(closeStatus))]
            case .button(let role): return [.finish(Outcome(role.status))]
            case .current, .yes: return [.finish(Outcome(.ok))]
            default: break
            }
            return []
        case .mouse(let mouse):
            if case .wheel(let rows) = mouse.kind { _ = pager.scroll(rows < 0 ? .up : .down) }
            return []
        case .action where waitingForTheEnd, .mouse where waitingForTheEnd:
            return []
        case .action(let action):
            return query == nil ? act(action) : search(action)
        default:
            return []
        }
    }

    private mutating func act(_ action: Action) -> [Effect] {
        notice = nil
        switch action {
        case .submit: return [.finish(Outcome(focus.status))]
        case .cancel: return [.finish(Outcome(closeStatus))]
        case .focusNext, .focusPrevious:
            focus = bar.cycling(from: focus, step: action == .focusNext ? 1 : -1)
        case .activate: _ = pager.scroll(.pageDown)
        case .insert(let c):
            switch c {
            case "q": return [.finish(Outcome(closeStatus))]
            case "/", "?":
                forward = c == "/"
                query = TextField(LineEditor(""))
            case "n", "N": repeatSearch(forward: c == "n" ? forward : !forward)
            case "g", "<": _ = pager.scroll(.home)
            case "G", ">": pager.toEnd()
            case "j": _ = pager.scroll(.down)
            case "k": _ = pager.scroll(.up)
            case "h", "H": _ = pager.scroll(.left) // as dialog's textbox and tailbox
            case "l", "L": _ = pager.scroll(.right)
            case "b": _ = pager.scroll(.pageUp)
            case "f": _ = pager.scroll(.pageDown)
            default: break
            }
        default:
            _ = pager.scroll(action)
        }
        return []
    }

    private mutating func search(_ action: Action) -> [Effect] {
        switch action {
        case .cancel:
            query = nil
        case .submit:
            let typed = query?.editor.text ?? ""
            query = nil
            if !typed.isEmpty { lastQuery = Array(typed.utf8) }
            repeatSearch(forward: forward)
        case .interrupt, .suspend, .redraw:
            break
        default:
            _ = query?.editor.apply(action)
        }
        return []
    }

    private mutating func repeatSearch(forward: Bool) {
        guard !lastQuery.isEmpty else { return }
        pager.highlight = Array(String(decoding: lastQuery, as: UTF8.self))
        searching = pager.search(for: lastQuery, forward: forward)
        continueSearch()
    }

    /// One slice of the search under way; its end shows the match or says there is none.
    private mutating func continueSearch() {
        guard var search = searching else { return }
        switch search.step(pager.navigator, budget: Self.searchSlice) {
        case .found(let offset):
            searching = nil
            pager.show(match: offset)
        case .none:
            searching = nil
            notice = "not found: " + String(decoding: search.pattern, as: UTF8.self)
        case .more:
            searching = search
        }
    }

    private mutating func stopSearch() {
        searching = nil
        notice = "search stopped"
    }

    // MARK: - Drawing

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        let top = headingRows(width: area.width)
        if top > 0 { heading.render(into: &canvas, area: Rect(x: area.x, y: area.y, width: area.width, height: top - 1), theme: theme) }
        let textArea = Rect(x: area.x, y: area.y + top, width: area.width, height: max(0, area.height - 2 - top))
        pager.render(into: &canvas, area: textArea, theme: theme)
        let statusY = area.maxY - 2
        var cursor: (x: Int, y: Int)?
        // The status row: the search being typed, or a notice, and where the view is.
        var position = searching.map { "searching… \($0.percent(of: pager.document.size))% · " } ?? ""
        position += pager.topLine.map { "line \($0 + 1) · " } ?? ""
        position += pager.atEnd && !loading ? "end" : "\(pager.percent)%"
        if follow { position += pager.atEnd ? " · following" : " · paused" }
        if loading && !follow { position += " · loading" }
        let positionX = area.maxX - TextWidth.columns(position)
        canvas.text(position, x: max(area.x, positionX), y: statusY, style: theme.muted)
        if let query {
            let x = canvas.text(forward ? "/" : "?", x: area.x, y: statusY, style: theme.text)
            var field = query
            field.layout(width: max(1, positionX - x - 1))
            cursor = field.render(into: &canvas, rect: Rect(x: x, y: statusY, width: max(1, positionX - x - 1), height: 1), theme: theme)
        } else if let notice {
            canvas.text(Wrap.truncate(notice, width: max(0, positionX - area.x - 1)), x: area.x, y: statusY, style: theme.error)
        }
        if waitingForTheEnd { return cursor }
        let button = ButtonRow.render(bar.buttons(), focused: bar.index(of: focus), y: area.maxY - 1, area: area, theme: theme, into: &canvas)
        return cursor ?? button
    }
}
