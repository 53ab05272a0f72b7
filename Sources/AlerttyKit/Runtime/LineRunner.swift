// Line mode, for dumb terminals, serial consoles, editor shell buffers and screen readers: plain
// lines on the terminal, no escape sequence at all, the terminal left in its normal line mode (so
// its own editing — Backspace, Ctrl-U — works, and a screen reader reads each line as it comes).
// It asks what the alert's `meaning` says and hands the answers to the same alert value, which
// alone decides what is valid and what the answer is: same rules, same stdout, same statuses.

public final class LineRunner {
    let fd: FileDescriptor
    let savedMode: Platform.TerminalMode
    var alert: any Alert
    let sources: [any EventSource]
    let timeout: Double?
    let unicode: Bool
    private var signalFd: FileDescriptor = -1
    private var lastInputAt = Platform.now()
    private var pending: [UInt8] = []
    private var echoOff = false
    private var shownHeader = false

    /// Page size for long lists.
    static let page = 20

    public init(path: String, alert: any Alert, sources: [any EventSource], timeout: Double?, unicode: Bool) throws(PlatformError) {
        let fd = try Platform.openTerminal(path)
        guard Platform.isTerminal(fd), let mode = Platform.terminalMode(fd) else {
            Platform.close(fd)
            throw PlatformError(operation: "\(path) is not a terminal", code: 25 /* ENOTTY */)
        }
        self.fd = fd
        savedMode = mode
        self.alert = alert
        self.sources = sources
        self.timeout = timeout
        self.unicode = unicode
    }

    deinit {
        restoreEcho()
        Platform.close(fd)
    }

    static let handledSignals: [Platform.Signal] = [.interrupt, .terminate, .hangup, .quit, .stop, .resume, .child]

    public func run() -> Outcome {
        signalFd = Platform.catchSignals(Self.handledSignals) ?? -1
        defer {
            for source in sources { source.shutdown() }
            restoreEcho()
            Platform.restoreDefaultSignals(Self.handledSignals)
        }
        if let outcome = apply(alert.update(.start)) { return outcome }
        while true {
            let outcome: Outcome?
            switch alert.meaning {
            case .message(let m): outcome = message(m)
            case .question(let q): outcome = question(q)
            case .field(let f): outcome = field(f)
            case .list(let c): outcome = list(c)
            case .browser(let b): outcome = browser(b)
            case .progress(let p): outcome = progress(p)
            }
            if let outcome { return outcome }
        }
    }

    // MARK: - Writing

    /// One line, sanitised (and ASCII without a UTF-8 locale): never an escape sequence.
    func say(_ text: String) { write(text + "\n") }

    func write(_ text: String) {
        var safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { Sanitize.line(String($0)) }
            .joined(separator: "\n")
        if !unicode { safe = Sanitize.ascii(safe) }
        Platform.writeAll(fd, Array(safe.utf8))
    }

    /// The title and text, once. A field with no text is asked by its title alone ("Your email: ").
    func header(_ title: String, _ text: String, titleIsPrompt: Bool = false) {
        guard !shownHeader else { return }
        shownHeader = true
        if !title.isEmpty && !(titleIsPrompt && text.isEmpty) { say(title) }
        if !text.isEmpty { say(text) }
        if let bar = alert.buttonBar {
            let typed = [ButtonRole.extra, .help].compactMap { role in
                bar.label(role).map { "\"\(role == .extra ? ":extra" : ":help")\" for \($0)" }
            }
            if !typed.isEmpty { say("(Also: " + typed.joined(separator: ", ") + ".)") }
        }
    }

    /// The extra and help buttons, typed at a prompt as `:extra` and `:help` (or `:` and the label).
    func typedButton(_ raw: String) -> ButtonRole? {
        guard let bar = alert.buttonBar, raw.hasPrefix(":") else { return nil }
        let word = String(raw.dropFirst()).trimmingSpaces().lowercased()
        return [ButtonRole.extra, .help].first { role in
            guard let label = bar.label(role) else { return false }
            return word == (role == .extra ? "extra" : "help") || word == label.lowercased()
        }
    }

    // MARK: - Reading

    enum Line { case text(String), end, done(Outcome) }

    /// Reads one line from the terminal (its line discipline edits it), waiting for signals and
    /// the idle timeout meanwhile. With `secret` (echo already off, since before the prompt) echo
    /// comes back afterwards.
    func readLine(secret: Bool = false) -> Line {
        defer { if secret { restoreEcho(); write("\n") } }
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                lastInputAt = Platform.now()
                return .text(String(decoding: line.last == 0x0D ? line.dropLast() : line[...], as: UTF8.self))
            }
            var wait: Int32 = -1
            if let timeout {
                let deadline = lastInputAt + UInt64(timeout * 1e9)
                let now = Platform.now()
                if now >= deadline { return .done(Outcome(.timeout)) }
                wait = Int32(min((deadline - now) / 1_000_000 + 1, 60_000))
            }
            let ready = Platform.poll([fd] + (signalFd >= 0 ? [signalFd] : []), timeoutMs: wait)
            if ready.contains(signalFd), let outcome = handleSignals() { return .done(outcome) }
            if ready.contains(fd) {
                guard let bytes = Platform.read(fd) else { return .end }
                if bytes.isEmpty { continue }
                pending += bytes
            }
        }
    }

    private func handleSignals() -> Outcome? {
        for signal in Platform.drainSignals() {
            // In line mode the driver sent Ctrl-C to the whole job already: we die of it alone.
            if let status = ExitStatus(endingBy: signal) { return Outcome(status, signal: .process) }
            switch signal {
            case .interrupt, .terminate, .hangup, .quit:
                break // ended above
            case .stop:
                let wasOff = echoOff
                restoreEcho()
                Platform.stopJob(wholeGroup: false) // the driver stopped the rest of the job already
                if wasOff { setEcho(false) }
            case .resume, .child, .resize:
                break
            }
        }
        return nil
    }

    private func setEcho(_ on: Bool) {
        var mode = savedMode
        if !on {
            Platform.disableEcho(&mode)
            echoOff = true
        }
        Platform.setTerminalMode(fd, mode)
    }

    private func restoreEcho() {
        guard echoOff else { return }
        Platform.setTerminalMode(fd, savedMode)
        echoOff = false
    }

    // MARK: - Effects and sources

    /// Carries out effects: a finish ends the run, others go to the sources (a validator, mkdir).
    func apply(_ effects: [Effect]) -> Outcome? {
        if let outcome = SourceDriver.accept(effects, sources: sources) { return outcome }
        return SourceDriver.settle(&alert, sources: sources, signalFd: signalFd, onSignal: handleSignals)
    }

    /// Sends events; returns an outcome if one ended the alert.
    func send(_ events: AlertEvent...) -> Outcome? {
        for event in events {
            if let outcome = SourceDriver.send(event, to: &alert, sources: sources, signalFd: signalFd, onSignal: handleSignals) {
                return outcome
            }
        }
        return nil
    }

    // MARK: - Asking

    func message(_ m: AlertMeaning.Message) -> Outcome? {
        header(m.title, m.text)
        write("Press Enter to continue ")
        switch readLine() {
        case .text(let raw):
            if let role = typedButton(raw) { return send(.press(role)) }
            return send(.action(.submit)) ?? Outcome(.ok)
        case .end: return Outcome(.cancel)
        case .done(let outcome): return outcome
        }
    }

    func question(_ q: AlertMeaning.Question) -> Outcome? {
        var lines = q.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let last = lines.popLast() ?? ""
        header(q.title, lines.joined(separator: "\n"))
        let yes = q.yes.lowercased(), no = q.no.lowercased()
        // A default that is the extra or help button: Enter presses that one.
        let other = q.defaultButton
        let choices = other.map { "[y/n, Enter: \($0)]" } ?? (q.defaultYes ? "[Y/n]" : "[y/N]")
        while true {
            write((last.isEmpty ? "" : last + " ") + choices + " ")
            switch readLine() {
            case .end: return Outcome(.cancel)
            case .done(let outcome): return outcome
            case .text(let raw):
                if let role = typedButton(raw) { return send(.press(role)) }
                let answer = raw.trimmingSpaces().lowercased()
                // The letter answers a question; Enter after it moves a form on to its next field.
                if answer.isEmpty && other != nil { return send(.action(.submit)) }
                if answer.isEmpty { return send(.action(.insert(q.defaultYes ? "y" : "n")), .action(.submit)) }
                if ["y", "yes", yes].contains(answer) { return send(.action(.insert("y")), .action(.submit)) }
                if ["n", "no", no].contains(answer) { return send(.action(.insert("n")), .action(.submit)) }
                say("Please answer y or n.")
            }
        }
    }

    func field(_ f: AlertMeaning.Field) -> Outcome? {
        header(f.title, f.text, titleIsPrompt: true)
        let name = f.label.map { String($0.dropLast()) } ?? (f.title.isEmpty ? (f.secret ? "Password" : "Answer") : f.title)
        // Echo goes off before the prompt shows: not one typed character of a secret is echoed.
        if f.secret { setEcho(false) }
        write(name + (f.placeholder.isEmpty ? "" : " (" + f.placeholder + ")") + ": ")
        switch readLine(secret: f.secret) {
        case .end: return Outcome(.cancel)
        case .done(let outcome): return outcome
        case .text(let line):
            // Not in a secret: a password may well begin with a colon.
            if !f.secret, let role = typedButton(line) { return send(.press(role)) }
            if let outcome = send(.text(line), .action(.submit)) { return outcome }
            // Refused: say why (a running check was waited for by `apply`), and ask again.
            if case .field(let now) = alert.meaning, let reason = now.reason, now.label == f.label { say(reason) }
            return nil
        }
    }

    func list(_ c: AlertMeaning.Choice) -> Outcome? {
        header(c.title, c.text)
        let n = c.labels.count
        guard n > 0 else {
            say("(no items)")
            return Outcome(.cancel)
        }
        var shown = 0
        while true {
            if shown < n {
                let end = min(n, shown + Self.page)
                for i in shown..<end { say("\(i + 1)) \(c.labels[i])") }
                shown = end
            }
            let more = shown < n ? "more: Enter; " : ""
            if c.multi {
                write("Choose \(c.minimum == c.maximum ? "\(c.minimum)" : "several"), e.g. 1 3 5 or 2-4 (\(more)q cancels): ")
            } else {
                write("Choose 1-\(n) (\(more.isEmpty ? "Enter cancels" : more + "q cancels")): ")
            }
            switch readLine() {
            case .end: return Outcome(.cancel)
            case .done(let outcome): return outcome
            case .text(let raw):
                if let role = typedButton(raw), let outcome = send(.press(role)) { return outcome }
                let answer = raw.trimmingSpaces()
                if answer.isEmpty && shown < n { continue }
                if answer.isEmpty && !c.multi { return Outcome(.cancel) }
                if answer == "q" || answer == ":cancel" { return Outcome(.cancel) }
                guard let picks = LineRunner.numbers(answer, max: n), c.multi || picks.count == 1 else {
                    say(c.multi ? "Type numbers from 1 to \(n), like 1 3 5 or 2-4." : "Type one number from 1 to \(n).")
                    continue
                }
                if let outcome = send(.answer(picks.map { $0 - 1 })) { return outcome }
                if case .list(let now) = alert.meaning, let reason = now.reason { say(reason) }
            }
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

    func browser(_ b: AlertMeaning.BrowserView) -> Outcome? {
        header(b.title, b.text)
        say("In: " + Sanitize.bytes(b.current))
        if !b.atRoot { say("..) the parent folder") }
        for (i, e) in b.entries.enumerated().prefix(200) { say("\(i + 1)) " + Sanitize.bytes(e.name) + (e.folder ? "/" : "")) }
        if b.entries.count > 200 { say("(\(b.entries.count - 200) more: type a name)") }
        if b.entries.isEmpty { say("(empty folder)") }
        if b.choosesFolder {
            write("Number or .. to open, +name makes a folder, Enter chooses this folder (q cancels): ")
        } else {
            write("Number or .. to open, +name makes a folder, or a file name to save (q cancels): ")
        }
        switch readLine() {
        case .end: return Outcome(.cancel)
        case .done(let outcome): return outcome
        case .text(let raw):
            let answer = raw.trimmingSpaces()
            let outcome: Outcome?
            if answer == "q" || answer == ":cancel" { return Outcome(.cancel) }
            if answer.isEmpty {
                outcome = b.choosesFolder ? send(.answer([])) : nil
            } else if answer == ".." {
                outcome = send(.answer([-1]))
            } else if let n = Int(answer), n >= 1, n <= b.entries.count {
                outcome = send(.answer([n - 1 + (b.atRoot ? 0 : 1)]))
            } else if answer.hasPrefix("+") {
                outcome = send(.action(.newFolder), .text(String(answer.dropFirst())), .action(.submit))
                if case .field(let nested) = alert.meaning, let reason = nested.reason {
                    say(reason)
                    _ = send(.action(.cancel))
                }
            } else {
                outcome = b.choosesFolder ? send(.text(answer)) : send(.text(answer), .answer([]))
            }
            if outcome == nil, case .browser(let now) = alert.meaning, let notice = now.notice { say(notice) }
            return outcome
        }
    }

    func progress(_ p: AlertMeaning.Progress) -> Outcome? {
        var lastText = p.text
        var lastStep = p.percent.map { Int($0 / 10) }
        if !p.title.isEmpty { say(p.title) }
        say(p.text + (p.percent.map { " " + ProgressAlert.percentText($0) } ?? ""))
        // No prompt: the input (or the command) drives it; a line per ten percent or per text change.
        let started = Platform.now()
        let observe = { [self] (alert: any Alert) in
            guard case .progress(let now) = alert.meaning else { return }
            let step = now.percent.map { Int($0 / 10) }
            if now.text != lastText || step != lastStep {
                self.say((now.percent.map { ProgressAlert.percentText($0) + " " } ?? "") + now.text)
                lastText = now.text
                lastStep = step
            }
        }
        while true {
            if let outcome = SourceDriver.once(&alert, sources: sources, timeoutMs: 200, signalFd: signalFd,
                                               onSignal: handleSignals, observe: observe) { return outcome }
            _ = alert.update(.tick(Double(Platform.now() - started) / 1e9))
            guard case .progress = alert.meaning else { return nil }
        }
    }
}
