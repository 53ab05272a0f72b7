// The box: the terminal in raw mode, keys decoded and bound to actions, each frame drawn by
// Scene into a canvas and written as a diff. It alone knows keys (so it alone knows Esc was
// pressed), animations and frames; the loop hands it the alert to show.

public final class BoxFrontEnd: FrontEnd {
    /// What the box is for.
    public enum Mode: Equatable, Sendable {
        /// It asks: raw mode, keys read, the terminal given back exactly as it was at the end.
        case asking
        /// Drawn once on the normal screen and left there, the cursor where it was; it ends at once
        /// (whiptail's and dialog's infobox: the script goes on).
        case once
        /// Drawn, and again as it changes; it takes no keys and ends only when killed (dialog's
        /// --no-kill boxes, following their files). On the normal screen, left there; with
        /// dialog's --keep-tite on the alternate screen, which goes with it.
        case showing(onAlternateScreen: Bool)
    }

    let session: TerminalSession
    let options: RunOptions
    let mode: Mode
    var theme: Theme
    var writer: FrameWriter
    var decoder = KeyDecoder()
    var clicks = MouseClicks()
    var size: (columns: Int, rows: Int)
    var animation: (kind: Animation, start: UInt64)?
    private var secretsProtected = false
    var lastInputAt: UInt64 = 0
    /// Something may have changed what is on screen since the last frame.
    var dirty = true
    var lastCountdown: String?
    var lastFrameAt: UInt64 = 0
    /// Input arrived since the last frame: drawn at once, never held back by the frame-rate cap.
    var typed = false
    /// The alert's frame-rate cap, as of the last frame.
    var maxFramesPerSecond: Double?
    /// Inline: the width of the box last drawn, and whether the next frame erases it first (Ctrl-L).
    var inlineWidth = 0
    var eraseInline = false
    /// Keys read before this are dropped (RunOptions.quietKeyboardFirst); each one read pushes it on.
    var keysHeldUntil: UInt64?
    /// The last key read was tmux's prefix: the next is its command's.
    var afterTmuxPrefix = false
    /// The area the alert was last laid out in: a new one is told to it as an event.
    var laidOut: Rect?
    /// The alert showed work going on (so a box after it is its failure).
    var showedProgress = false
    /// Keys typed while the terminal was asked what it is: read before any other.
    var typedDuringProbe: [UInt8] = []

    public init(session: TerminalSession, options: RunOptions, mode: Mode = .asking) {
        self.session = session
        self.options = options
        self.mode = mode
        theme = Self.theme(options, light: options.lightBackground == true)
        writer = FrameWriter(colors: options.colors, mayClearScreen: session.modal, relative: !session.modal,
                             asciiOnly: !options.unicode)
        size = session.size
    }

    /// The box's look: the theme set, else the default palette for a light or a dark background.
    static func theme(_ options: RunOptions, light: Bool) -> Theme {
        Theme(colors: options.colors, unicode: options.unicode, squareCorners: options.squareCorners,
              file: options.theme ?? (options.followsBackground && light ? Theme.lightFile : Theme.defaultFile))
    }

    public var asksAPerson: Bool { true }
    public var readsJobKeys: Bool { mode == .asking }
    public var readDescriptors: [FileDescriptor] { mode == .asking ? [session.fd] : [] }

    public func begin(_ alert: inout any Alert) {
        guard mode == .asking else {
            // No key is read: the terminal's modes stay the script's, but for the echo while an
            // infobox is drawn, and --keep-tite's alternate screen for the boxes kept showing.
            if mode == .once { session.holdEcho() }
            if mode == .showing(onAlternateScreen: true) { session.showAlternateScreen() }
            return
        }
        session.mouse = alert.usesMouse && session.modal
        session.probe = options.probeTerminal
        session.known = options.knownTerminal
        session.followsScheme = options.followsBackground
        session.enter()
        typedDuringProbe = session.takeTypedDuringProbe()
        session.showsProgress = session.facts?.showsProgress(environment: Platform.environment) ?? false
        writer.hyperlinks = !writer.asciiOnly && session.facts?.showsLinks(environment: Platform.environment) == true
        TextWidth.graphemeClusters = session.graphemeClusters
        // The palette follows the background the terminal reported, where no theme is set.
        if options.followsBackground, let light = session.facts?.lightBackground, light != (options.lightBackground == true) {
            theme = Self.theme(options, light: light)
        }
        if options.animate { animation = (.popIn, Platform.now()) }
        if let quiet = options.quietKeyboardFirst { keysHeldUntil = Platform.now() + UInt64(quiet * 1e9) }
    }

    public func present(_ alert: inout any Alert, now: UInt64, context: PresentContext) -> [FrontEndRequest] {
        if context.changed { dirty = true }
        if let a = animation, a.kind.isFinished(at: seconds(now - a.start)) {
            // The last frame of the pop-in is the box at its full size: drawn, not skipped.
            animation = nil
            dirty = true
        }
        maxFramesPerSecond = alert.maxFramesPerSecond
        let footer = keysHeldUntil != nil ? tr("keys in a moment…") : context.footer
        guard dirty || animation != nil || footer != lastCountdown, frameDue(now) else { return [] }
        guard let area = draw(&alert, now: now, countdown: footer) else {
            return [.finish(Outcome(.hangup))]
        }
        dirty = false
        typed = false
        lastFrameAt = now
        if mode == .once { return [.finish(Outcome(.ok))] }
        guard area != laidOut else { return [] }
        laidOut = area
        return area == nil ? [] : [.event(.laidOut)]
    }

    public func service(_ alert: any Alert, readable: Set<FileDescriptor>, now: UInt64) -> [FrontEndRequest] {
        if options.protectSecretsBeforeKeys && !secretsProtected {
            // Nothing secret is in memory until a key is read (keys typed early wait in the
            // terminal): protecting now keeps its cost off the first frame.
            secretsProtected = true
            Platform.protectSecrets()
        }
        var requests: [FrontEndRequest] = []
        if let held = keysHeldUntil, now >= held {
            keysHeldUntil = nil
            dirty = true
        }
        let early = !typedDuringProbe.isEmpty
        if early || readable.contains(session.fd) {
            guard var bytes = early ? typedDuringProbe : Platform.read(session.fd) else { return [.finish(Outcome(.hangup))] }
            typedDuringProbe = []
            if !bytes.isEmpty, keysHeldUntil != nil, let quiet = options.quietKeyboardFirst {
                // Typed for something else (the shell the popup appeared over): dropped, and the
                // keyboard must be quiet a while longer.
                keysHeldUntil = now + UInt64(quiet * 1e9)
                bytes.resetBytes()
                decoder = KeyDecoder()
            } else if !bytes.isEmpty {
                lastInputAt = now
                requests += translate(decoder.feed(bytes), alert)
                bytes.resetBytes() // typed keys may spell a secret
            }
        }
        if let patience = decoder.patienceMs(escapeDelayMs: options.escapeDelayMs), now - lastInputAt >= UInt64(patience) * 1_000_000 {
            requests += translate(decoder.flush(), alert)
            dirty = true
        }
        if !requests.isEmpty {
            dirty = true
            typed = true
        }
        return requests
    }

    /// Decoded input as requests: keys through the binding table, pastes, clicks.
    private func translate(_ events: [InputEvent], _ alert: any Alert) -> [FrontEndRequest] {
        var requests: [FrontEndRequest] = []
        for event in events {
            switch event {
            case .key(let press):
                // tmux's prefix and the key after it are tmux's commands, not answers.
                if afterTmuxPrefix {
                    afterTmuxPrefix = false
                    continue
                }
                if options.tmuxPrefixes.contains(press) {
                    afterTmuxPrefix = true
                    continue
                }
                guard let action = Bindings.action(for: press, overrides: alert.keyOverrides) else { continue }
                switch action {
                case .interrupt:
                    // Raw mode read Ctrl-C as a byte; the driver would have interrupted the whole job.
                    requests.append(.interrupt(job: Platform.isForegroundJob(session.fd)))
                case .suspend:
                    requests.append(.suspend(wholeJob: Platform.isForegroundJob(session.fd)))
                case .redraw:
                    writer.invalidate()
                    eraseInline = !session.modal
                    dirty = true
                default:
                    requests.append(.event(.action(action)))
                }
            case .paste(let text):
                requests.append(.event(.paste(text)))
            case .mouse(let report):
                if let mouse = clicks.convert(report, now: Platform.now()) { requests.append(.event(.mouse(mouse))) }
            case .colourScheme(let light):
                // The terminal switched between light and dark (mode 2031): so does the palette.
                theme = Self.theme(options, light: light)
                writer.invalidate()
                dirty = true
            case .cursorPosition, .unknown:
                continue
            }
        }
        return requests
    }

    public func nextDeadline(now: UInt64) -> UInt64? {
        var wake: [UInt64] = []
        if !typedDuringProbe.isEmpty { wake.append(now) }
        if animation != nil { wake.append(now + 16_000_000) }
        if let held = keysHeldUntil { wake.append(held) }
        if let patience = decoder.patienceMs(escapeDelayMs: options.escapeDelayMs) { wake.append(lastInputAt + UInt64(patience) * 1_000_000) }
        if dirty, let fps = maxFramesPerSecond { wake.append(lastFrameAt + UInt64(1e9 / fps)) }
        return wake.min()
    }

    /// Ctrl-Z: give the terminal back exactly as it was, stop (with the whole job, as the terminal
    /// driver would, so a script around us stops too), and come back whole on `fg`.
    public func suspend(wholeJob: Bool) {
        guard mode == .asking else { return Platform.stopJob(wholeGroup: false) }
        session.leave()
        Platform.stopJob(wholeGroup: wholeJob)
        session.enter()
        size = session.size
        writer.invalidate()
        dirty = true
    }

    public func resumed() {
        guard mode == .asking else { return writer.invalidate() }
        session.leave()
        session.enter()
        size = session.size
        writer.invalidate()
        dirty = true
    }

    public func stepAside() { session.leave() }

    public func lendTerminal(_ use: (FileDescriptor) -> Void) -> Bool {
        guard mode == .asking else { return false }
        session.leave()
        use(session.fd)
        resumed()
        return true
    }

    public func showAside(_ output: [UInt8]) {
        _ = session.write(Sanitize.outputLines(output, unicode: options.unicode))
    }

    public func stepBack() { resumed() }

    public func resized() {
        size = session.size
        writer.invalidate()
        dirty = true
        if !session.modal {
            // Erase the box where it was and make its room again, rather than leave a copy behind.
            session.reserveInline(rows: session.reservedRows)
            writer.placed()
        }
    }

    /// Gives the terminal back at once (no scale-out: the script is waiting for the answer, and
    /// a person would not miss a tenth of a second of shrinking), writes the last line.
    public func end(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome {
        var outcome = outcome
        if case .event(.action(.cancel)) = request { outcome.pressedEsc = true }
        session.leave()
        if options.keep, mode == .asking, let line = Transcript.line(alert, outcome, unicode: options.unicode) {
            _ = session.write(Transcript.styled(line, theme: theme, colors: options.colors, unicode: options.unicode, width: size.columns))
        }
        if let farewell = outcome.farewell {
            let line = Sanitize.line(farewell)
            _ = session.write(Array((options.unicode ? line : Sanitize.ascii(line)).utf8) + [0x0A])
        }
        return outcome
    }

    // MARK: - Drawing

    /// A frame may be drawn now: input shows at once; anything else at most `maxFramesPerSecond`.
    private func frameDue(_ now: UInt64) -> Bool {
        guard !typed, let fps = maxFramesPerSecond else { return true }
        return now - lastFrameAt >= UInt64(1e9 / fps)
    }

    /// Builds the frame for `now` and writes what changed: the area the alert was laid out in
    /// (.some(nil) when the terminal is too small for it); nil when the terminal is gone.
    private func draw(_ alert: inout any Alert, now: UInt64, countdown: String?) -> Rect?? {
        let fills = options.fillsTerminal
        var scene = Scene(columns: size.columns, rows: size.rows, modal: session.modal, width: fills ? size.columns : options.width,
                          height: fills ? size.rows : options.height, theme: theme, backtitle: options.backtitle)
        scene.padding = options.margin + 1
        if !fills { scene.origin = options.begin }
        var phase = Scene.Phase.still
        if let a = animation {
            let t = seconds(now - a.start)
            phase = Scene.Phase(scale: a.kind.scale(at: t), opacity: a.kind.opacity(at: t), animating: true)
        }
        lastCountdown = countdown
        let (canvas, cursor, area) = scene.render(&alert, phase: phase, countdown: countdown)
        if !session.modal && (session.reservedRows != canvas.height || canvas.width != inlineWidth || eraseInline) {
            // First frame, a resize, a box of another size (a failure box where the spinner was)
            // or Ctrl-L: the old box erased and its room made again below the cursor.
            session.reserveInline(rows: canvas.height)
            writer.placed()
            inlineWidth = canvas.width
            eraseInline = false
        }
        var frame = writer.frame(canvas, cursorAt: cursor)
        if mode == .once {
            // Left on the screen, the cursor back where it was (DECSC/DECRC), as dialog and
            // whiptail leave it: the script's next output goes where it would have gone.
            frame = Array("\u{1B}7".utf8) + frame + Array("\u{1B}[m\u{1B}[?25h\u{1B}8".utf8)
            writer.lostTrack()
        } else if mode != .asking {
            // Left on the screen: the style reset, the cursor shown on the bottom row, where the
            // script's next output goes.
            frame += Array("\u{1B}[m\u{1B}[?25h\u{1B}[\(size.rows);1H".utf8)
            writer.lostTrack()
        }
        let ok = session.write(frame)
        session.cursorRow = writer.cursorRow ?? 0
        // Work going on, on the terminal's tab too; a progress box showing its command's failure
        // is the tab's error.
        if case .progress(let p) = alert.meaning {
            showedProgress = true
            session.report(p.percent.map { .percent(Int($0.rounded(.down))) } ?? .indeterminate)
        } else if showedProgress {
            session.report(.error)
        }
        return ok ? .some(area) : nil
    }

    private func seconds(_ nanos: UInt64) -> Double { Double(nanos) / 1e9 }
}
