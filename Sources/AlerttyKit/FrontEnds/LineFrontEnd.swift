// Line mode, for dumb terminals, serial consoles, editor shell buffers and screen readers: plain
// lines on the terminal, no escape sequence at all, the terminal left in its normal line mode (so
// its own editing — Backspace, Ctrl-U — works, and a screen reader reads each line as it comes).
// It asks what the alert's `meaning` says, shows the default Enter takes, and hands each line to
// the shared loop as a typed answer; the alert alone decides what is valid.

public final class LineFrontEnd: FrontEnd {
    let fd: FileDescriptor
    let savedMode: Platform.TerminalMode
    let unicode: Bool
    private var pending: [UInt8] = []
    private var echoOff = false
    private var shownHeader = false
    private var headerText = ""
    /// The prompt out on the terminal, waiting for its line; nil when the next one is to be written.
    private var asking: AlertMeaning?
    /// edit: the lines typed so far, until one holding only `.`.
    private var typedLines: [String]?
    /// What was asked when the last answer went to the alert: if it still asks the same once
    /// the alert has settled, the answer was refused, and the reason is said.
    private var answered: AlertMeaning?
    /// Items of the list being asked that are on the terminal already (long lists come in pages).
    private var listShown = 0
    private var listKey: String?
    /// What progress last printed (a line per ten percent or per text change).
    private var progressShown: (text: String, step: Int?)?
    private var stepsShown: Set<String> = []
    /// A secret's line went to the alert: the stack is scrubbed before the next prompt.
    private var secretTaken = false

    /// Page size for long lists.
    static let page = 20

    /// --keep: the answered prompt's line, as the box leaves it.
    let keep: Bool

    public init(path: String, unicode: Bool, keep: Bool = false) throws(PlatformError) {
        (fd, savedMode) = try Platform.openTerminalWithMode(path)
        self.unicode = unicode
        self.keep = keep
    }

    deinit {
        restoreEcho()
        Platform.close(fd)
    }

    public var asksAPerson: Bool { true }
    public var readsJobKeys: Bool { false }
    public var readDescriptors: [FileDescriptor] { [fd] }
    /// No box: a pager's text is printed a page at a time, lines whole.
    public func begin(_ alert: inout any Alert) { alert.readInPages(of: Self.page) }
    public func nextDeadline(now: UInt64) -> UInt64? { nil }

    public func end(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome {
        restoreEcho()
        // Work that ended between two turns: its last state still gets its line.
        if case .progress(let p) = alert.meaning { progress(p) }
        if asking != nil { write("\n") } // a prompt left unanswered (a timeout, a signal): end its line
        // (A usage error is said on stderr, by whoever ran the alert.)
        if let report = outcome.report, outcome.status != .usage { say(report) }
        if keep, let line = Transcript.line(alert, outcome, unicode: unicode) {
            write(Transcript.text(line, unicode: unicode, width: Platform.terminalSize(fd)?.columns ?? 80) + "\n")
        }
        return outcome
    }

    public func suspend(wholeJob: Bool) {
        let wasOff = echoOff
        restoreEcho()
        Platform.stopJob(wholeGroup: false) // the driver stopped the rest of the job already
        if wasOff { setEcho(false) }
    }

    // A command alertty runs has the terminal for a while: its output as lines.
    private var echoOffBeforeAside = false

    public func stepAside() {
        echoOffBeforeAside = echoOff
        restoreEcho()
    }

    public func showAside(_ output: [UInt8]) {
        _ = Platform.writeAll(fd, Sanitize.outputLines(output, unicode: unicode))
    }

    public func stepBack() {
        if echoOffBeforeAside { setEcho(false) }
    }

    // MARK: - Showing

    public func present(_ alert: inout any Alert, now: UInt64, context: PresentContext) -> [FrontEndRequest] {
        if secretTaken {
            // The alert has taken the secret line: what its calls left on the stack goes too.
            secretTaken = false
            Platform.scrubStack()
        }
        let meaning = alert.meaning
        if case .progress(let p) = meaning {
            progress(p)
            return []
        }
        // A check still running, items still arriving: the verdict or the whole list first.
        guard context.settled, asking == nil else { return [] }
        // Said as the ending's report, not asked.
        if case .message(let m) = meaning, m.reported { return [.event(.answer(.current))] }
        if case .list(let c) = meaning, c.loading { return [] }
        if case .document(let d) = meaning, d.loading, d.page.count < Self.page { return [] }
        // Before anything this prompt writes: a key typed once the person has read it is theirs
        // (the refusal below came first and was dropping the keys typed after reading it).
        if meaning.mustNotBeAnsweredAhead { discardTypeAhead() }
        if let before = answered {
            answered = nil
            // Why what was given was not taken, before asking again (or the next entry: a second
            // entry that did not match goes back to the first).
            if let reason = meaning.refusal(after: before) { say(reason) }
        }
        prompt(meaning, alert: alert)
        asking = meaning
        return takeLine(alert) // typed ahead of the prompt
    }

    /// Writes the prompt for what is asked (the title and text once, before the first).
    private func prompt(_ meaning: AlertMeaning, alert: any Alert) {
        switch meaning {
        case .message(let m):
            header(m.title, m.text, alert)
            write(tr("Press Enter to continue") + " ")
        case .question(let q):
            var lines = q.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let last = lines.popLast() ?? ""
            header(q.title, lines.joined(separator: "\n"), alert)
            if let hint = q.hint { say(hint) }
            let choices = q.defaultButton.map { "[y/n, Enter: \($0)]" } ?? LineFrontEnd.choices(yes: q.yes, no: q.no, defaultYes: q.defaultYes)
            write((last.isEmpty ? "" : last + " ") + choices + " ")
        case .field(let f) where f.multiline:
            header(f.title, f.text, alert)
            for line in (f.preset ?? "").split(separator: "\n", omittingEmptySubsequences: false) { say("| " + line) }
            say(tr("Type the new text; a line with only . ends it (. at once keeps the text above):"))
            typedLines = []
        case .field(let f):
            // The title is the prompt's name when there is no label to name it ("Your email: ").
            header(f.title, f.text, alert, titleIsPrompt: f.label == nil)
            if let hint = f.hint { say(hint) }
            let name = f.label.map { String($0.dropLast()) } ?? (f.title.isEmpty ? (f.secret ? tr("Password") : tr("Answer")) : f.title)
            var shown = name
            if let preset = f.preset { shown += " [" + preset + "]" }
            if f.presetSecret && f.reason == nil { say(tr("(Enter keeps the %s already given.)", name.lowercased())) }
            if !f.placeholder.isEmpty { shown += " (" + f.placeholder + ")" }
            // Echo goes off before the prompt shows: not one typed character of a secret is echoed.
            if f.secret { setEcho(false) }
            write(shown + ": ")
        case .list(let c):
            listPrompt(c, alert)
        case .browser(let b):
            header(b.title, b.text, alert)
            say(tr("In: %s", Sanitize.bytes(b.current)))
            if !b.atRoot { say(tr("..) the parent folder")) }
            for (i, e) in b.entries.enumerated().prefix(200) { say("\(i + 1)) " + Sanitize.bytes(e.name) + (e.folder ? "/" : "")) }
            if b.entries.count > 200 { say(tr("(%d more: type a name)", b.entries.count - 200)) }
            if b.entries.isEmpty { say(b.loading ? tr("(loading…)") : tr("(empty folder)")) }
            if b.opens {
                openPrompt(b)
            } else if b.choosesFolder {
                write(tr("Number or .. to open, +name makes a folder, Enter chooses this folder (q cancels):") + " ")
            } else {
                let taken = b.name.isEmpty ? "" : " [" + b.name + "]"
                write(tr("Number or .. to open, +name makes a folder, or a file name to save%s (q cancels):", taken) + " ")
            }
        case .document(let d):
            // A page at a time, as `more` shows it; each page is a prompt of its own.
            header(d.title, "", alert)
            for line in d.page { say(line) }
            if let notice = d.notice { say("(" + notice + ")") }
            if !d.atEnd {
                write("-- \(d.percent)% -- " + (d.cancel == nil ? tr("Enter: more, q: stop") : tr("Enter: more, q: skip to the question")) + " ")
            } else if d.cancel != nil {
                write("\(d.ok)? " + LineFrontEnd.choices(yes: d.ok, no: d.cancel ?? "", defaultYes: true) + " ")
            } else {
                write(tr("(end) Press Enter to continue") + " ")
            }
        case .progress:
            break
        }
    }

    /// `open`: what is marked so far, and what a number, `..`, a path and Enter do.
    private func openPrompt(_ b: AlertMeaning.BrowserView) {
        if !b.marked.isEmpty { say(tr("Marked: %s", b.marked.map { Sanitize.bytes($0) }.joined(separator: ", "))) }
        if b.multi {
            write(tr("Numbers mark or unmark, .. goes up, a path typed is marked; Enter ends (q cancels):") + " ")
        } else if b.choosesFolder {
            write(tr("Number or .. to open, Enter chooses this folder, or type a path (q cancels):") + " ")
        } else {
            let taken = b.name.isEmpty ? "" : " [" + b.name + "]"
            write(tr("Number or .. to open or choose, or type a path%s (q cancels):", taken) + " ")
        }
    }

    private func listPrompt(_ c: AlertMeaning.Choice, _ alert: any Alert) {
        header(c.name == nil ? c.title : "", c.name == nil ? c.text : "", alert)
        let key = "\(c.name ?? "")\u{0}\(c.labels.count)"
        if listKey != key {
            listKey = key
            listShown = 0
            if c.name != nil { say(c.text + ":") } // a form's choice field: its label first
        }
        if let hint = c.hint { say(hint) }
        let n = c.labels.count
        guard n > 0 else { return say(tr("(no items)")) }
        if listShown < n {
            let end = min(n, listShown + Self.page)
            for i in listShown..<end {
                let mark = c.multi ? (c.marked.contains(i) ? "[x] " : "[ ] ") : ""
                say("\(i + 1)) " + mark + c.labels[i])
            }
            listShown = end
        }
        let more = listShown < n ? tr("more: Enter") + "; " : ""
        if c.multi {
            let keep = c.marked.isEmpty || !more.isEmpty ? "" : tr("Enter keeps %s", c.marked.map { String($0 + 1) }.joined(separator: " ")) + "; "
            let count = c.minimum == c.maximum ? "\(c.minimum)" : tr("several")
            write(tr("Choose %s, e.g. 1 3 5 or 2-4", count) + " (" + more + keep + tr("q cancels") + "): ")
        } else if let d = c.defaultItem, more.isEmpty {
            write(tr("Choose 1-%d", n) + " [\(d + 1)] (" + tr("q cancels") + "): ")
        } else {
            write(tr("Choose 1-%d", n) + " (" + (more.isEmpty ? tr("Enter cancels") : more + tr("q cancels")) + "): ")
        }
    }

    private func progress(_ p: AlertMeaning.Progress) {
        // A step's line each time its state changes.
        for line in p.steps where !stepsShown.contains(line) {
            stepsShown.insert(line)
            say(line)
        }
        let step = p.percent.map { Int($0 / 10) }
        guard let shown = progressShown else {
            if !p.title.isEmpty { say(p.title) }
            say(p.text + (p.percent.map { " " + ProgressAlert.percentText($0) } ?? ""))
            progressShown = (p.text, step)
            return
        }
        if p.text != shown.text || step != shown.step {
            say((p.percent.map { ProgressAlert.percentText($0) + " " } ?? "") + p.text)
            progressShown = (p.text, step)
        }
    }

    /// The title and text, once. A field with no text is asked by its title alone ("Your email: ").
    private func header(_ title: String, _ text: String, _ alert: any Alert, titleIsPrompt: Bool = false) {
        // Once per alert; a question that changes its text (rename: "Rename which?") says the new one.
        if shownHeader {
            if !text.isEmpty && text != headerText { say(text) }
            headerText = text
            return
        }
        shownHeader = true
        headerText = text
        if !title.isEmpty && !(titleIsPrompt && text.isEmpty) { say(title) }
        if !text.isEmpty { say(text) }
        if let bar = alert.buttonBar {
            let typed = [ButtonRole.extra, .help].compactMap { role in
                bar.label(role).map { tr("\"%s\" for %s", role == .extra ? ":extra" : ":help", $0) }
            }
            if !typed.isEmpty { say(tr("(Also: %s.)", typed.joined(separator: ", "))) }
        }
    }

    // MARK: - Reading

    public func service(_ alert: any Alert, readable: Set<FileDescriptor>, now: UInt64) -> [FrontEndRequest] {
        guard readable.contains(fd) else { return [] }
        // End of input (Ctrl-D at the start of a line): the question is cancelled.
        guard var bytes = Platform.read(fd) else { return [.finish(Outcome(.cancel))] }
        if echoOff {
            // A secret's keys: joined in new storage, and what held them zeroed.
            var joined: [UInt8] = []
            joined.reserveCapacity(pending.count + bytes.count)
            joined += pending
            joined += bytes
            pending.resetBytes()
            bytes.resetBytes()
            pending = joined
        } else {
            pending += bytes
        }
        return takeLine(alert)
    }

    /// The first whole line typed to a secret's prompt, as bytes (a String's storage cannot be
    /// zeroed): the rest kept in new storage and the old zeroed, so no copy is let go of unwiped.
    private func takeSecretLine(_ f: AlertMeaning.Field, meaning: AlertMeaning, at newline: Int) -> [FrontEndRequest] {
        var line = Array(pending[..<newline])
        let rest = Array(pending[(newline + 1)...])
        pending.resetBytes()
        pending = rest
        if line.last == 0x0D { line.removeLast() }
        if echoOff {
            restoreEcho()
            write("\n") // the Enter the terminal did not echo
        }
        asking = nil
        answered = meaning
        secretTaken = true
        if line.isEmpty && f.presetSecret { return [.event(.answer(.initial))] }
        return [.event(.answer(.secret(line)))]
    }

    /// The first whole line typed, as the answer to the prompt that is out (if one is).
    private func takeLine(_ alert: any Alert) -> [FrontEndRequest] {
        guard let newline = pending.firstIndex(of: 0x0A), let meaning = asking else { return [] }
        if case .field(let f) = meaning, f.secret, typedLines == nil { return takeSecretLine(f, meaning: meaning, at: newline) }
        var line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        if line.last == 0x0D { line.removeLast() }
        let text = String(decoding: line, as: UTF8.self)
        line.resetBytes()
        if var lines = typedLines {
            // edit: a line at a time, up to `.`; none typed keeps the text.
            guard text == "." else {
                lines.append(text)
                typedLines = lines
                return pending.contains(0x0A) ? takeLine(alert) : []
            }
            typedLines = nil
            asking = nil
            answered = meaning
            return [.event(.answer(lines.isEmpty ? .current : .text(lines.joined(separator: "\n") + "\n")))]
        }
        asking = nil
        let requests = interpret(text, for: meaning, alert: alert)
        if requests.contains(where: { if case .event = $0 { return true } else { return false } }) { answered = meaning }
        return requests
    }

    /// A line as the answer to what was asked; a line that answers nothing re-asks (after a word on why).
    private func interpret(_ raw: String, for meaning: AlertMeaning, alert: any Alert) -> [FrontEndRequest] {
        let answer = raw.trimmingSpaces()
        // The extra and help buttons, as `:extra` / `:help` (a secret, which may begin with a
        // colon, never comes here: takeSecretLine answers it).
        if let role = typedButton(raw, alert) { return [.event(.answer(.button(role)))] }
        switch meaning {
        case .message:
            return [.event(.answer(.current))]
        case .question(let q):
            let a = answer.lowercased()
            if a.isEmpty { return [.event(.answer(.current))] }
            if LineFrontEnd.answers(a, label: q.yes, english: "yes") { return [.event(.answer(.yes))] }
            if LineFrontEnd.answers(a, label: q.no, english: "no") { return [.event(.answer(.no))] }
            say(Localization.language == nil ? "Please answer y or n." : tr("Please answer %s or %s.", q.yes, q.no))
            return []
        case .field(let f):
            if raw.isEmpty, let preset = f.preset { return [.event(.answer(.text(preset)))] }
            return [.event(.answer(.text(raw)))]
        case .list(let c):
            let n = c.labels.count
            if n == 0 || answer == "q" || answer == ":cancel" { return [.finish(Outcome(.cancel))] }
            if answer.isEmpty && listShown < n { return [] } // the next page
            if answer.isEmpty {
                if c.multi ? !c.marked.isEmpty : c.defaultItem != nil { return [.event(.answer(.current))] }
                if !c.multi { return [.finish(Outcome(.cancel))] }
            }
            guard let picks = Self.numbers(answer, max: n), c.multi || picks.count == 1 else {
                say(c.multi ? tr("Type numbers from 1 to %d, like 1 3 5 or 2-4.", n) : tr("Type one number from 1 to %d.", n))
                return []
            }
            return [.event(.answer(.items(picks.map { $0 - 1 })))]
        case .browser(let b):
            if answer == "q" || answer == ":cancel" { return [.finish(Outcome(.cancel))] }
            if answer.isEmpty { return b.choosesFolder || !b.name.isEmpty || b.multi ? [.event(.answer(.current))] : [] }
            if answer == ".." { return [.event(.answer(.parent))] }
            if b.opens {
                if b.multi, let picks = Self.numbers(answer, max: b.entries.count) { return [.event(.answer(.items(picks.map { $0 - 1 })))] }
                if let n = Int(answer), n >= 1, n <= b.entries.count { return [.event(.answer(.open(n - 1)))] }
                return [.event(.answer(.path(answer)))]
            }
            if let n = Int(answer), n >= 1, n <= b.entries.count { return [.event(.answer(.open(n - 1)))] }
            if answer.hasPrefix("+") { return [.event(.answer(.makeFolder(String(answer.dropFirst()))))] }
            return [.event(.answer(b.choosesFolder ? .go(answer) : .path(answer)))]
        case .document(let d):
            if !d.atEnd {
                if answer == "q" { return [.event(.answer(d.cancel == nil ? .current : .lastPage))] }
                return [.event(.answer(.nextPage))]
            }
            let a = answer.lowercased()
            guard d.cancel != nil, !a.isEmpty else { return [.event(.answer(.current))] }
            if LineFrontEnd.answers(a, label: d.ok, english: "yes") { return [.event(.answer(.yes))] }
            if a == "q" || LineFrontEnd.answers(a, label: d.cancel!, english: "no") { return [.event(.answer(.no))] }
            say(Localization.language == nil ? "Please answer y or n." : tr("Please answer %s or %s.", d.ok, d.cancel!))
            return []
        case .progress:
            return []
        }
    }

    /// The extra and help buttons, typed at a prompt as `:extra` and `:help` (or `:` and the label).
    private func typedButton(_ raw: String, _ alert: any Alert) -> ButtonRole? {
        guard let bar = alert.buttonBar, raw.hasPrefix(":") else { return nil }
        let word = String(raw.dropFirst()).trimmingSpaces().lowercased()
        return [ButtonRole.extra, .help].first { role in
            guard let label = bar.label(role) else { return false }
            return word == (role == .extra ? "extra" : "help") || word == label.lowercased()
        }
    }

    /// `1 3 5`, `2-4`, `1,2`: 1-based numbers in order, or nil when anything is not one.
    static func numbers(_ text: String, max: Int) -> [Int]? {
        var out: [Int] = []
        for part in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard ends.count <= 2, let a = Int(ends[0]), let b = Int(ends.last!), a >= 1, b <= max, a <= b else { return nil }
            for k in a...b where !out.contains(k) { out.append(k) }
        }
        return out.isEmpty ? nil : out
    }

    // MARK: - The terminal

    /// One line, sanitised (and ASCII without a UTF-8 locale): never an escape sequence.
    private func say(_ text: String) { write(text + "\n") }

    /// A line said before the first prompt (who asks, for a question an agent serves: the box
    /// says it across the top of the screen).
    func announce(_ text: String) { say(text) }

    private func write(_ text: String) {
        var safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { Sanitize.line(String($0)) }
            .joined(separator: "\n")
        if !unicode { safe = Sanitize.ascii(safe) }
        _ = Platform.writeAll(fd, Array(safe.utf8))
    }

    /// Lines typed before a secret's or a yes/no's prompt was written are not its answer (an
    /// Enter pressed early would say yes to what nobody has read): they are thrown away, what the
    /// terminal holds and what was read ahead alike.
    private func discardTypeAhead() {
        Platform.discardInput(fd)
        pending.resetBytes()
        pending = []
    }

    private func setEcho(_ on: Bool) {
        var mode = savedMode
        if !on {
            Platform.disableEcho(&mode)
            echoOff = true
        }
        _ = Platform.setTerminalMode(fd, mode)
    }

    private func restoreEcho() {
        guard echoOff else { return }
        _ = Platform.setTerminalMode(fd, savedMode)
        echoOff = false
    }
}

extension AlertMeaning {
    /// The reason to say once something was given to `before`: a field's refusal whichever entry
    /// asks now; a list's or a folder's when the same prompt is asked again.
    func refusal(after before: AlertMeaning) -> String? {
        if case .field(let f) = self { return f.refused ? f.reason : nil }
        return before.promptKey == promptKey ? reasonToSay : nil
    }

    /// A secret, or a yes/no (a licence's at its end too): typed-ahead lines never answer it.
    var mustNotBeAnsweredAhead: Bool {
        switch self {
        case .field(let f): return f.secret
        case .question: return true
        case .document(let d): return d.atEnd && d.cancel != nil
        default: return false
        }
    }

    /// The reason an answer was refused, when the alert gives one.
    var reasonToSay: String? {
        switch self {
        case .field(let f): return f.reason
        case .list(let c): return c.reason
        case .browser(let b): return b.notice
        default: return nil
        }
    }
}

extension LineFrontEnd {
    /// "[Y/n]" in English; in another language the labels' words, the default one capitalised
    /// ("[Oui/non]"), as y and n mean nothing there.
    static func choices(yes: String, no: String, defaultYes: Bool) -> String {
        if Localization.language == nil || (yes.lowercased() == "yes" && no.lowercased() == "no") { return defaultYes ? "[Y/n]" : "[y/N]" }
        let shown = { (label: String, isDefault: Bool) in isDefault ? label.prefix(1).uppercased() + label.dropFirst().lowercased() : label.lowercased() }
        return "[" + shown(yes, defaultYes) + "/" + shown(no, !defaultYes) + "]"
    }

    /// y, yes, the label, or the label's first letter (o for Oui) answer it.
    static func answers(_ typed: String, label: String, english: String) -> Bool {
        let label = label.lowercased()
        return typed == english || typed == String(english.prefix(1)) || typed == label || (label.first.map { typed == String($0) } ?? false)
    }
}
