// `alertty save` and `alertty folder`: a file-save browser in a modal box. Folders open, files
// are dimmed (choosing one copies its name into the name field), a back control names the
// parent folder, New Folder asks through a nested prompt, an existing file asks before it is
// replaced. It hands back an absolute path inside the root; it never creates or touches the file.
// It does no file-system work itself: moving between folders and reading them, making a folder,
// and its checks (where a save would write, which folder Choose takes) are effects the runtime
// carries out (through the Sandbox); keys typed while a move is under way wait for it.
//
// Its parts: Browser (where we are, the sandbox), the list and field widgets, and a nested alert
// (a prompt drawn over the box) for New Folder, Replace? and failures.

public struct SaveAlert: Alert {
    public enum Focus: Equatable, Sendable { case name, list, newFolder, cancel, ok }

    /// What a nested prompt is for, and so what its answer does.
    enum Purpose {
        case newFolder
        case overwrite(PathBytes)
        case failure
    }

    public var title: String
    public var body: TextBody
    public let configuration: BrowserConfiguration
    public private(set) var browser: Browser
    public private(set) var name: TextField
    public var editor: LineEditor { name.editor }
    public private(set) var focus: Focus
    public private(set) var notice: String?
    var nested: (purpose: Purpose, alert: any Alert)?
    /// The exact bytes of a chosen file's name (which may not be valid UTF-8), while the field still shows it.
    private var chosenName: PathBytes?
    /// What a move under way is for, done once it is made (a path answered: then taken there).
    private var afterMove: AfterMove?
    enum AfterMove {
        /// The folder reached is the answer (a folder box's path).
        case takeHere
        /// The name is saved in the folder reached (a save box's absolute path).
        case save(named: PathBytes)
    }
    /// Keys, clicks and answers that came while a move was under way: taken, in order, once it is
    /// answered (typed ahead of a folder's listing, they are meant for it).
    private var held: [AlertEvent] = []
    static let heldMost = 4096

    public init(title: String, text: String, configuration: BrowserConfiguration) {
        self.title = title
        body = TextBody(text)
        self.configuration = configuration
        browser = Browser(root: configuration.root, start: configuration.start,
                          showHidden: configuration.showHidden, offersHere: configuration.choosesFolder && !configuration.typedIsAnswer)
        name = TextField(LineEditor(String(decoding: configuration.name, as: UTF8.self)))
        if String(validating: configuration.name, as: UTF8.self) == nil { chosenName = configuration.name }
        focus = configuration.choosesFolder && !configuration.typedIsAnswer ? .list : .name
    }

    var choosesFolder: Bool { configuration.choosesFolder }

    /// A field for a name (a folder's, in the drop-in's dselect).
    var hasNameField: Bool { !choosesFolder || configuration.typedIsAnswer }

    /// The drop-in's fselect and dselect go round as dialog's do: the field, OK, Cancel, the list;
    /// their row has dialog's two buttons (Ctrl-N still makes a folder).
    var focusOrder: [Focus] {
        if configuration.typedIsAnswer { return [.name, .ok, .cancel, .list] }
        return (hasNameField ? [.name] : []) + [.list, .newFolder, .cancel, .ok]
    }

    /// The buttons' focuses, left to right.
    var buttonFocuses: [Focus] { configuration.typedIsAnswer ? [.ok, .cancel] : [.newFolder, .cancel, .ok] }

    var buttons: [Button] {
        buttonFocuses.map { focus in
            Button(focus == .ok ? configuration.okLabel : focus == .cancel ? configuration.cancelLabel : "New Folder")
        }
    }

    public var meaning: AlertMeaning {
        if let inner = nested?.alert { return inner.meaning }
        let entries = (0..<browser.rowCount).compactMap { browser.entry(atRow: $0) }.map { ($0.name, $0.kind.opensLikeDirectory) }
        return .browser(.init(title: title, text: body.text, current: browser.current, atRoot: browser.atRoot, entries: entries,
                              choosesFolder: choosesFolder, notice: notice, name: choosesFolder ? "" : editor.text))
    }

    public var keyOverrides: [KeyPress: Action] { Self.saveDescriptor.keyOverrides }

    public var hints: [KeyHint] {
        if let inner = nested?.alert { return inner.hints }
        switch focus {
        case .list where choosesFolder:
            return [KeyHint(.choose, configuration.okLabel.lowercased()), KeyHint(.submit, "open"), KeyHint(.cancel, "cancel"),
                    KeyHint(.left, "back"), KeyHint(.newFolder, "new folder"), KeyHint(.toggleHidden, "hidden")]
        case .list: return [KeyHint(.submit, "open"), KeyHint(.left, "back"), KeyHint(.newFolder, "new folder"),
                            KeyHint(.toggleHidden, "hidden"), KeyHint(.cancel, "cancel")]
        case .name where configuration.spaceCompletes:
            return [KeyHint(.submit, configuration.okLabel), KeyHint(.cancel, "cancel"), KeyHint(literal: "Space", "complete"),
                    KeyHint(.focusNext, "move")]
        case .name: return [KeyHint(.submit, configuration.okLabel), KeyHint(.focusNext, "complete/move"), KeyHint(.cancel, "cancel")]
        default: return [KeyHint(.submit, "press"), KeyHint(.focusNext, "move"), KeyHint(.cancel, "cancel")]
        }
    }

    public var minimumSize: (width: Int, height: Int) { (20, hasNameField ? 6 : 5) }
    public var usesMouse: Bool { true }
    private var listArea = Rect(x: 0, y: 0, width: 0, height: 0)
    private var buttonRow = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Where the theme's look puts the buttons (a click finds them there).
    private var buttonPlacement = ButtonRow.Placement.centred

    var fixedRows: Int { 1 /* path */ + (hasNameField ? 1 : 0) /* name */ + 1 /* notice */ + 1 /* buttons */ }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let width = min(maxWidth, 60)
        let bodyRows = min(body.lineCount(width: width), 3)
        return (width, bodyRows + fixedRows + 12)
    }

    /// Message rows shown above the browser: at most three, and never at the list's expense.
    func bodyRows(in area: Rect) -> Int {
        min(body.lineCount(width: area.width), 3, max(0, area.height - fixedRows - 2))
    }

    public mutating func layout(_ area: Rect, theme: Theme) {
        buttonPlacement = ButtonRow.Placement(theme)
        layout(area)
    }

    public mutating func layout(_ area: Rect) {
        let bodyRows = bodyRows(in: area)
        body.layout(width: area.width, rows: bodyRows)
        browser.setVisibleRows(max(1, area.height - bodyRows - fixedRows))
        listArea = Rect(x: area.x, y: area.y + bodyRows + 1, width: area.width, height: max(1, area.height - bodyRows - fixedRows))
        buttonRow = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        name.layout(width: max(1, area.width - 6))
        if var inner = nested {
            inner.alert.layout(nestedContent(in: area, for: inner.alert))
            nested = inner
        }
    }

    // MARK: - Update

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        var effects = dispatch(event)
        // What Choose would return, resolved by the runtime as the selection moves (drawing does
        // no file-system work); of keys read together, only where they end is resolved.
        if choosesFolder && !configuration.typedIsAnswer, !effects.contains(where: \.ends) {
            let check = choiceCheck()
            if check != shownChoice {
                shownChoice = check
                effects.append(.resolveFolder(check, choosing: false))
            }
        }
        return effects
    }

    private mutating func dispatch(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .start: return [browser.ask(.list)]
        case .browsed(let request, let result): return browsed(request, result)
        case .action, .paste, .mouse, .answer:
            guard browser.pending == nil else {
                if held.count < Self.heldMost { held.append(event) }
                return []
            }
        default: break
        }
        if let inner = nested { return updateNested(event, inner) }
        switch event {
        case .start, .browsed, .openChecked, .documentChanged, .edited, .validated, .suggested, .input, .inputEnded, .childOutput, .childExited, .tick, .signal, .countdown, .strength, .previewOutput, .previewEnded, .laidOut: return []
        case .answer(let answer):
            return take(answer)
        case .mouse(let mouse): return click(mouse)
        case .directoryMade(let path, let error): return directoryMade(path, error: error)
        case .saveTargetChecked(let check, let target): return saveChecked(check, target)
        case .folderResolved(let check, let choosing, let resolution): return folderResolved(check, choosing: choosing, resolution)
        case .paste(let text):
            guard focus == .name else { return [] }
            name.editor.paste(text)
            nameEdited()
            return []
        case .action(let action):
            return handle(action)
        }
    }

    /// An answer from a front end without a box: a step in the browser, or the answer itself,
    /// checked as the box checks one (inside the root, an existing folder, Replace? asked).
    private mutating func take(_ answer: Answer) -> [Effect] {
        notice = nil
        switch answer {
        case .open(let index):
            guard index >= 0, index < browser.rowCount - browser.leadingRows else { return [] }
            browser.select(row: index + browser.leadingRows)
            focus = .list
            return handleList(.submit)
        case .parent:
            return browser.goUp()
        case .go(let path):
            return [browser.ask(.path(Array(path.utf8)))]
        case .current:
            return save(here: true)
        case .text(let path), .path(let path):
            if let problem = TextField.untypeable(path, maxLength: nil) {
                notice = problem
                return []
            }
            let bytes = Array(path.utf8)
            if choosesFolder {
                // That folder (inside the root, or refused), then taken.
                afterMove = .takeHere
                return [browser.ask(.path(bytes))]
            }
            // An absolute path: its folder first (inside the root, or refused), then its name.
            if bytes.first == Paths.slash {
                afterMove = .save(named: Paths.lastName(bytes))
                return [browser.ask(.path(Paths.parent(bytes)))]
            }
            return save(named: bytes)
        case .makeFolder(let folder):
            startNewFolder()
            guard let inner = nested else { return [] }
            let effects = updateNested(.answer(.text(folder)), inner)
            // Refused (an empty or taken name): say why here and close the prompt.
            if let still = nested, case .newFolder = still.purpose {
                if case .field(let f) = still.alert.meaning { notice = f.reason }
                nested = nil
            }
            return effects
        case .yes, .no, .initial, .secret, .items, .button, .nextPage, .lastPage:
            return []
        }
    }

    private mutating func handle(_ action: Action) -> [Effect] {
        switch action {
        case .cancel: return [.finish(Outcome(.cancel))]
        case .newFolder: startNewFolder(); return []
        case .choose where choosesFolder: return save()
        case .toggleHidden: browser.toggleHidden(); return []
        case .focusPrevious: moveFocus(by: -1); return []
        case .activate where focus == .name && configuration.spaceCompletes:
            // dialog's Space: complete, and a folder named whole is opened (its entries listed next).
            _ = complete()
            if let folder = browser.entry(named: nameBytes), folder.kind.opensLikeDirectory {
                name.editor.setText("")
                chosenName = nil
                return [browser.ask(.open(folder.name))]
            }
            return []
        case .focusNext:
            if focus == .name, !configuration.spaceCompletes, complete() { return [] }
            moveFocus(by: 1)
            return []
        default: break
        }
        notice = nil
        switch focus {
        case .name:
            if action == .submit { return save() }
            if action == .up || action == .down {
                focus = .list
                return []
            }
            if name.editor.apply(action) { nameEdited() }
            return []
        case .list:
            return handleList(action)
        case .newFolder, .cancel, .ok:
            switch action {
            case .submit, .activate: return press(focus)
            case .left: moveFocus(by: -1)
            case .right: moveFocus(by: 1)
            default: break
            }
            return []
        }
    }

    private mutating func handleList(_ action: Action) -> [Effect] {
        if configuration.enterChoosesHere && action == .submit { return save(here: true) }
        switch action {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            browser.move(action)
        case .left, .deleteBackward:
            return browser.goUp()
        case .submit where browser.isHereSelected, .activate where browser.isHereSelected:
            // "this folder": Enter takes the folder shown, as the footer says.
            return save(here: true)
        case .submit, .right, .activate:
            if browser.isHereSelected {
                break
            } else if browser.isBackSelected {
                return browser.goUp()
            } else if let entry = browser.selectedEntry {
                if entry.kind.opensLikeDirectory {
                    return [browser.ask(.open(entry.name))]
                } else if case .link(target: nil) = entry.kind {
                    notice = "“\(Sanitize.bytes(entry.name))” is a broken link"
                } else if !choosesFolder && action != .right {
                    chosenName = entry.name
                    name.editor.setText(String(decoding: entry.name, as: UTF8.self))
                    focus = .name
                }
            }
        case .insert(let c):
            if c == "~" {
                return [browser.ask(.home)]
            } else {
                browser.typeAhead(c)
            }
        default:
            break
        }
        return []
    }

    /// The list answers the mouse as choose's does: a click selects, a double click opens, the
    /// wheel scrolls; a click on a button presses it.
    private mutating func click(_ mouse: Mouse) -> [Effect] {
        if case .wheel(let rows) = mouse.kind {
            browser.scroll(by: rows)
            return []
        }
        guard case .click(let count) = mouse.kind else { return [] }
        notice = nil
        if let hit = ButtonRow.hit(buttons, row: buttonRow, x: mouse.x, y: mouse.y, placement: buttonPlacement) {
            focus = buttonFocuses[hit]
            return press(focus)
        }
        guard mouse.x >= listArea.x && mouse.x < listArea.maxX, let row = browser.list.row(atLine: mouse.y, areaY: listArea.y) else {
            return []
        }
        focus = .list
        browser.select(row: row)
        return count == 2 ? handleList(.submit) : []
    }

    private mutating func press(_ button: Focus) -> [Effect] {
        switch button {
        case .newFolder: startNewFolder(); return []
        case .cancel: return [.finish(Outcome(.cancel))]
        default: return save()
        }
    }

    private mutating func moveFocus(by step: Int) {
        focus = focusOrder.cycled(from: focus, by: step)
    }

    private mutating func nameEdited() {
        if let raw = chosenName, editor.text != String(decoding: raw, as: UTF8.self) { chosenName = nil }
    }

    /// The bytes of the name to save: the chosen file's exact name while the field still shows it.
    var nameBytes: PathBytes {
        if let raw = chosenName, editor.text == String(decoding: raw, as: UTF8.self) { return raw }
        return editor.bytes
    }

    /// Tab in the name field: complete to the longest common prefix of matching entries.
    private mutating func complete() -> Bool {
        guard !editor.isEmpty, let longer = browser.completion(of: nameBytes) else { return false }
        chosenName = longer
        name.editor.setText(String(decoding: longer, as: UTF8.self))
        return true
    }

    // MARK: - Saving

    /// A name answered (line mode, a script): typed in the field and saved.
    private mutating func save(named name: PathBytes) -> [Effect] {
        focus = .name
        self.name.editor.setText(String(decoding: name, as: UTF8.self))
        nameEdited()
        return save()
    }

    /// Save or Choose. `here`: choose the current folder whatever is highlighted (line mode's Enter).
    private mutating func save(here: Bool = false) -> [Effect] {
        // (dselect's Enter in its empty field chooses the folder shown, as on its list; the
        // drop-in's dselect answers its field, the folder shown, whatever has the focus.)
        let here = here || (choosesFolder && (configuration.typedIsAnswer || configuration.enterChoosesHere && focus == .name))
        if !configuration.typedIsAnswer {
            // Where it would write (the folder still there, inside the root, the file there or
            // not), or which folder it takes, is checked by the runtime as of the moment it is asked.
            if choosesFolder { return [.resolveFolder(choiceCheck(here: here), choosing: true)] }
            return [.checkSaveTarget(browser.check(nameBytes))]
        }
        // dialog's field: the folder shown checked (still there, inside the root), then answered.
        return [.resolveFolder(browser.check([]), choosing: true)]
    }

    /// dialog's fselect and dselect: their field's answer, below the folder shown.
    private func typedAnswer() -> Outcome {
        if !editor.isEmpty {
            // dialog's field: what was typed, below the folder shown, checked for nothing.
            let typed = nameBytes
            return Outcome(.ok, answer: typed.first == Paths.slash ? typed : Paths.join(Paths.components(browser.current) + Paths.components(typed)))
        }
        // With the field empty: the folder shown, with its slash, as their field reads it.
        let folder = browser.current
        return Outcome(.ok, answer: folder.last == Paths.slash ? folder : folder + [Paths.slash])
    }

    /// What the check of a name found: saved, a folder opened, Replace? asked or a reason said —
    /// if the folder and the name are still those checked (a key typed since makes it stale).
    private mutating func saveChecked(_ check: SaveCheck, _ target: Browser.SaveTarget) -> [Effect] {
        guard check.folder == browser.current, check.name == nameBytes else { return [] }
        switch target {
        case .folderProblem(let problem):
            notice = problem
        case .refused(let reason):
            notice = reason
            focus = .name
        case .folder(let folder):
            // Typing a folder's name and Enter opens it, as in a desktop save panel.
            name.editor.clear()
            chosenName = nil
            return [browser.ask(.path(folder))]
        case .path(let path, let exists):
            guard exists else { return [.finish(Outcome(.ok, answer: path))] }
            switch configuration.overwrite {
            case .allow: return [.finish(Outcome(.ok, answer: path))]
            case .deny: notice = "“\(Sanitize.bytes(Paths.lastName(path)))” already exists; choose another name"
            case .ask:
                let question = "“\(Sanitize.bytes(Paths.lastName(path)))” already exists. Replace it?"
                nested = (.overwrite(path), ConfirmAlert(title: tr("Replace?"), text: question, yesLabel: tr("Replace"), noLabel: tr("Cancel"),
                                                         defaultYes: false))
            }
        }
        return []
    }

    /// What Choose returns in folder mode, as shown: the highlighted folder, or the current one
    /// when none is highlighted (the back control, a file). Nil when the highlighted one leads
    /// outside the root. Choose itself resolves it again as it takes it.
    public private(set) var folderChoice: PathBytes?
    /// What `folderChoice` was last asked to be resolved for.
    private var shownChoice: SaveCheck?

    /// What Choose would take, to be resolved: the highlighted folder, or the one shown (no name).
    private func choiceCheck(here: Bool = false) -> SaveCheck {
        var name: PathBytes = []
        if !here, !browser.isBackSelected, let entry = browser.selectedEntry, entry.kind.opensLikeDirectory { name = entry.name }
        return browser.check(name)
    }

    /// The folder to show for a resolution.
    private static func shown(_ resolution: FolderResolution, for check: SaveCheck) -> PathBytes? {
        switch resolution {
        case .folder(let folder): return folder
        case .outside: return nil
        case .problem: return check.name.isEmpty ? check.folder : nil
        }
    }

    /// The folder Choose would take, resolved: shown, or — `choosing` — taken, if the box still
    /// shows what was resolved (a key typed since makes it stale).
    private mutating func folderResolved(_ check: SaveCheck, choosing: Bool, _ resolution: FolderResolution) -> [Effect] {
        if !choosing {
            if check == shownChoice { folderChoice = Self.shown(resolution, for: check) }
            return []
        }
        guard check.folder == browser.current, check.name.isEmpty || check == choiceCheck() else { return [] }
        switch resolution {
        case .folder where configuration.typedIsAnswer: return [.finish(typedAnswer())]
        case .folder(let folder): return [.finish(Outcome(.ok, answer: folder))]
        case .outside: notice = "that folder leads outside \(Sanitize.bytes(browser.root))"
        case .problem(let problem): notice = problem
        }
        return []
    }

    // MARK: - New folder

    private mutating func startNewFolder() {
        let here = browser
        var rules = (try? Rules(preset: .nonempty)) ?? (try! Rules())
        rules.custom = { text in
            let name = Array(text.utf8)
            if let problem = Paths.nameProblem(name) { return problem }
            // (As listed: one made since is refused when the folder is made.)
            if here.lists(name) { return "“\(Sanitize.line(text))” already exists" }
            return nil
        }
        let configuration = FieldConfiguration(rules: rules, placeholder: "folder name", okLabel: "Create")
        if let field = try? FieldAlert(title: "New Folder", text: "", configuration: configuration) {
            nested = (.newFolder, field)
        }
    }

    /// The prompt gave a name: checked against the sandbox and made by the runtime.
    private mutating func makeFolder(_ folder: PathBytes) -> [Effect] {
        [.makeDirectory(browser.check(folder))]
    }

    private mutating func directoryMade(_ path: PathBytes, error: String?) -> [Effect] {
        let folder = Paths.lastName(path)
        if let error {
            failed("Could not create “\(Sanitize.bytes(folder))”: \(error)")
            return []
        }
        // Opened; or, if it cannot be (replaced since), the folder shown read again with it selected.
        return [browser.ask(.open(folder), keeping: folder)]
    }

    // MARK: - Moving between folders

    /// What came of a move: the folder entered, or why not; then what waited for it.
    private mutating func browsed(_ request: Browse, _ result: Browsed) -> [Effect] {
        guard request == browser.pending else { return [] } // another move was asked since
        var effects: [Effect] = []
        let then = afterMove
        afterMove = nil
        if let refusal = browser.arrive(request, result) {
            notice = refusal
            if let keeping = request.keeping, request.move != .list { effects.append(browser.ask(.list, keeping: keeping)) }
        } else if let then {
            switch then {
            case .takeHere: effects += save(here: true)
            case .save(let name): effects += save(named: name)
            }
        }
        // Keys held while it was under way, in order (held again if they move once more).
        let waiting = held
        held = []
        for event in waiting {
            if effects.contains(where: \.ends) { break }
            effects += dispatch(event)
        }
        return effects
    }

    private mutating func failed(_ message: String) {
        nested = (.failure, MessageAlert(title: "New Folder", text: message))
    }

    // MARK: - Nested prompts

    private mutating func updateNested(_ event: AlertEvent, _ current: (purpose: Purpose, alert: any Alert)) -> [Effect] {
        var inner = current.alert
        let effects = inner.update(event)
        nested = (current.purpose, inner)
        guard let outcome = effects.lazy.compactMap({ effect -> Outcome? in
            if case .finish(let o) = effect { return o } else { return nil }
        }).first else { return [] }
        nested = nil
        switch current.purpose {
        case .newFolder:
            guard outcome.status == .ok, let folder = outcome.answer else { return [] }
            return makeFolder(folder)
        case .overwrite(let path):
            if outcome.status == .ok { return [.finish(Outcome(.ok, answer: path))] }
            focus = .name
            return []
        case .failure:
            return []
        }
    }

    func nestedBox(in area: Rect, for alert: any Alert) -> Rect {
        let size = alert.preferredSize(maxWidth: max(10, min(area.width - 4, 44) - 2 * BoxMetrics.horizontalPadding))
        let box = BoxMetrics.box(forContent: size.width, size.height)
        return Chrome.centered(width: box.width, height: box.height, in: area)
    }

    func nestedContent(in area: Rect, for alert: any Alert) -> Rect {
        BoxMetrics.content(of: nestedBox(in: area, for: alert))
    }

    // MARK: - Render

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        var y = area.y
        let bodyRows = bodyRows(in: area)
        if bodyRows > 0 {
            body.render(into: &canvas, area: Rect(x: area.x, y: y, width: area.width, height: bodyRows), theme: theme)
            y += bodyRows
        }
        let location = Wrap.truncateHead(Sanitize.bytes(browser.current), width: area.width - 4)
        canvas.text("In: ", x: area.x, y: y, style: theme.muted)
        canvas.text(location, x: area.x + 4, y: y, style: theme.title)
        y += 1
        let listRows = max(1, area.height - bodyRows - fixedRows)
        let row = renderList(into: &canvas, area: Rect(x: area.x, y: y, width: area.width, height: listRows), theme: theme)
        y += listRows
        var cursor: (x: Int, y: Int)? = focus == .list ? row : nil
        if hasNameField {
            canvas.text("Name:", x: area.x, y: y, style: theme.text)
            let at = name.render(into: &canvas, rect: Rect(x: area.x + 6, y: y, width: max(1, area.width - 6), height: 1), theme: theme)
            if focus == .name { cursor = at }
            y += 1
        }
        if let notice {
            canvas.text(Wrap.truncate(notice, width: area.width), x: area.x, y: y, style: theme.error)
        } else if !choosesFolder, !editor.isEmpty {
            // What Save will write, always in view (path arithmetic only: Save checks the sandbox).
            let path = Paths.join(Paths.components(browser.current) + Paths.components(nameBytes))
            let label = configuration.okLabel + ": "
            canvas.text(label, x: area.x, y: y, style: theme.muted)
            canvas.text(Wrap.truncateHead(Sanitize.bytes(path), width: max(1, area.width - TextWidth.columns(label))),
                        x: area.x + TextWidth.columns(label), y: y, style: theme.text)
        } else if choosesFolder, let choice = folderChoice {
            // What Choose will return, always in view.
            let label = configuration.okLabel + ": "
            canvas.text(label, x: area.x, y: y, style: theme.muted)
            canvas.text(Wrap.truncateHead(Sanitize.bytes(choice), width: max(1, area.width - TextWidth.columns(label))),
                        x: area.x + TextWidth.columns(label), y: y, style: theme.text)
        }
        let focusIndex = buttonFocuses.firstIndex(of: focus)
        if let button = ButtonRow.render(buttons, focused: focusIndex, y: area.maxY - 1, area: area, theme: theme, into: &canvas) { cursor = button }
        guard let inner = nested?.alert else { return cursor }
        let box = nestedBox(in: area, for: inner)
        Chrome.box(box, title: inner.title, hints: [], theme: theme, into: &canvas)
        return inner.render(into: &canvas, area: BoxMetrics.content(of: box), theme: theme)
    }

    private func renderList(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        let cursor = ListView.render(browser.list, area: area, focused: focus == .list, theme: theme, into: &canvas) { row in
            guard let entry = browser.entry(atRow: row) else {
                if browser.offersHere && row == 0 {
                    return ListRow("✓ " + tr("this folder") + " (" + Sanitize.bytes(Paths.lastName(browser.current)) + ")", style: theme.title)
                }
                return ListRow("‹ " + Sanitize.bytes(browser.parentName), style: theme.title)
            }
            let label = Sanitize.bytes(entry.name)
            switch entry.kind {
            case .directory: return ListRow(label + "/", style: theme.row)
            case .link(target: .directory): return ListRow(label + "@/", style: theme.row)
            case .link(target: .file): return ListRow(label + "@", style: theme.muted)
            case .link(target: nil): return ListRow(label + "@ (broken link)", style: theme.muted)
            case .file, .other: return ListRow(label, style: theme.muted)
            }
        }
        let shownEntries = browser.rowCount - browser.leadingRows
        let noticeRow = area.y + min(browser.rowCount, area.height - 1)
        if let problem = browser.listProblem {
            canvas.text(Wrap.truncate(" " + problem, width: area.width), x: area.x, y: noticeRow, style: theme.error)
        } else if !browser.listed {
            canvas.text(Wrap.truncate(" reading this folder…", width: area.width), x: area.x, y: noticeRow, style: theme.muted)
        } else if shownEntries == 0 {
            let hidden = browser.totalCount
            let text = hidden > 0 ? " (\(hidden) hidden; \(Bindings.hint(for: .toggleHidden) ?? "") shows them)" : " (empty folder)"
            canvas.text(Wrap.truncate(text, width: area.width), x: area.x, y: noticeRow, style: theme.muted)
        }
        return cursor
    }
}
