// The event loop: reads the terminal and signals, turns bytes into actions, feeds the alert,
// renders frames, and ends with an Outcome. The only code that touches the session.

public struct RunOptions: Sendable {
    public var timeout: Double?
    public var inline = false
    public var animate = true
    public var colors: ColorMode = .none
    public var unicode = true
    public var width: Int?
    public var validateCommand: String?
    public var validateTimeout: Double = 5
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
    public var escapeDelayMs = 25
    public init() {}
}

public final class Runner {
    let session: TerminalSession
    let options: RunOptions
    let theme: Theme
    var writer: FrameWriter
    var decoder = KeyDecoder()
    var alert: any Alert
    var validator: ValidationRunner?

    var size: (columns: Int, rows: Int)
    var animation: (kind: Animation, start: UInt64)?
    var lastKeyAt: UInt64
    var lastInputAt: UInt64 = 0
    var inlineOrigin = 0
    /// An outcome reached by keys read while placing the inline box, taken at the next turn of the loop.
    var earlyOutcome: Outcome?

    public init(session: TerminalSession, alert: any Alert, options: RunOptions) {
        self.session = session
        self.alert = alert
        self.options = options
        theme = Theme(colors: options.colors, unicode: options.unicode)
        writer = FrameWriter(colors: options.colors, mayClearScreen: session.modal)
        size = session.size
        lastKeyAt = Platform.now()
        if let command = options.validateCommand {
            validator = ValidationRunner(command: command, timeoutSeconds: options.validateTimeout)
        }
    }

    static let handledSignals: [Platform.Signal] = [.interrupt, .terminate, .hangup, .resize, .stop, .resume]

    public func run() -> Outcome {
        let signalFd = Platform.catchSignals(Self.handledSignals) ?? -1
        session.enter()
        defer {
            validator?.shutdown()
            session.leave()
            Platform.restoreDefaultSignals(Self.handledSignals)
        }
        if !session.modal { placeInline() }
        if options.animate { animation = (.popIn, Platform.now()) }
        // Effects the alert asks for at start (e.g. validating the initial value).
        if let outcome = apply(alert.update(.start)) { return outcome }

        while true {
            if let outcome = earlyOutcome { return finish(outcome) }
            let now = Platform.now()
            if let a = animation, a.kind.isFinished(at: seconds(now - a.start)) { animation = nil }
            guard draw(now: now) else { return Outcome(.hangup) }

            var fds = [session.fd]
            if signalFd >= 0 { fds.append(signalFd) }
            fds += validator?.descriptors ?? []
            let ready = Platform.poll(fds, timeoutMs: pollTimeout(now: now))
            let later = Platform.now()

            if ready.contains(signalFd) {
                for signal in Platform.drainSignals() {
                    if let outcome = handle(signal) { return finish(outcome) }
                }
            }
            if ready.contains(session.fd) {
                guard let bytes = Platform.read(session.fd) else { return Outcome(.hangup) }
                if !bytes.isEmpty {
                    lastInputAt = later
                    if let outcome = dispatch(decoder.feed(bytes)) { return finish(outcome) }
                }
            }
            if decoder.hasPending, later - lastInputAt >= UInt64(options.escapeDelayMs) * 1_000_000 {
                if let outcome = dispatch(decoder.flush()) { return finish(outcome) }
            }
            if let validator, let (generation, validity) = validator.service(now: later) {
                if let outcome = apply(alert.update(.validated(generation: generation, validity))) { return finish(outcome) }
            }
            if let deadline = timeoutDeadline, later >= deadline { return finish(Outcome(.timeout)) }
        }
    }

    // MARK: - Events

    private func dispatch(_ events: [InputEvent]) -> Outcome? {
        for event in events {
            switch event {
            case .key(let press):
                lastKeyAt = Platform.now()
                guard let action = Bindings.action(for: press, overrides: alert.keyOverrides) else { continue }
                switch action {
                case .interrupt: return Outcome(.interrupted)
                case .suspend:
                    suspend()
                    continue
                case .redraw:
                    writer.invalidate()
                    continue
                default:
                    if var outcome = apply(alert.update(.action(action))) {
                        outcome.escaped = action == .cancel && outcome.status == .cancel
                        return outcome
                    }
                }
            case .paste(let text):
                lastKeyAt = Platform.now()
                if let outcome = apply(alert.update(.paste(text))) { return outcome }
            case .cursorPosition, .unknown:
                continue
            }
        }
        return nil
    }

    private func apply(_ effects: [Effect]) -> Outcome? {
        for effect in effects {
            switch effect {
            case .finish(let outcome): return outcome
            case .validate(let text, let generation):
                validator?.schedule(text: text, generation: generation, now: Platform.now())
            }
        }
        return nil
    }

    private func handle(_ signal: Platform.Signal) -> Outcome? {
        switch signal {
        case .interrupt: return Outcome(.interrupted)
        case .terminate: return Outcome(.terminated)
        case .hangup: return Outcome(.hangup)
        case .resize:
            size = session.size
            writer.invalidate()
            if !session.modal { placeInline() }
        case .stop:
            suspend()
        case .resume:
            // Stopped and continued by someone else (SIGSTOP): our modes may have been changed under us.
            session.leave()
            session.enter()
            size = session.size
            writer.invalidate()
        case .quit:
            return Outcome(.interrupted)
        }
        return nil
    }

    /// Ctrl-Z: give the terminal back exactly as it was, stop, and come back whole on `fg`.
    private func suspend() {
        session.leave()
        Platform.suspendSelf()
        session.enter()
        size = session.size
        writer.invalidate()
        if !session.modal { placeInline() }
        _ = Platform.drainSignals() // the SIGCONT that woke us is handled here
    }

    /// Plays the scale-out, then hands back the outcome.
    private func finish(_ outcome: Outcome) -> Outcome {
        guard options.animate, session.modal, outcome.status == .ok || outcome.status == .cancel else { return outcome }
        let start = Platform.now()
        animation = (.scaleOut, start)
        while true {
            let now = Platform.now()
            if Animation.scaleOut.isFinished(at: seconds(now - start)) { break }
            _ = draw(now: now)
            _ = Platform.poll([], timeoutMs: 16)
        }
        return outcome
    }

    // MARK: - Timing

    private var timeoutDeadline: UInt64? {
        options.timeout.map { lastKeyAt + UInt64($0 * 1e9) }
    }

    private func pollTimeout(now: UInt64) -> Int32 {
        var wake: [UInt64] = []
        if animation != nil { wake.append(now + 16_000_000) }
        if decoder.hasPending { wake.append(lastInputAt + UInt64(options.escapeDelayMs) * 1_000_000) }
        if let deadline = timeoutDeadline {
            // Wake at each whole second of the countdown so it ticks.
            let remaining = deadline > now ? deadline - now : 0
            wake.append(now + (remaining % 1_000_000_000 == 0 ? 1_000_000_000 : remaining % 1_000_000_000))
        }
        if let d = validator?.nextDeadline { wake.append(d) }
        guard let soonest = wake.min() else { return -1 }
        return soonest <= now ? 0 : Int32(min((soonest - now + 999_999) / 1_000_000, 60_000))
    }

    private func seconds(_ nanos: UInt64) -> Double { Double(nanos) / 1e9 }

    // MARK: - Drawing

    /// Reserves the box's lines below the cursor and learns where they are.
    private func placeInline() {
        let height = boxSize().height
        var bytes: [UInt8] = Array("\r".utf8)
        bytes += Array(repeating: 0x0A, count: max(height - 1, 0))
        if height > 1 { bytes += Array("\u{1B}[\(height - 1)A".utf8) }
        bytes += Array("\u{1B}[6n".utf8)
        session.write(bytes)
        var row = max(0, size.rows - height)
        let deadline = Platform.now() + 300_000_000
        var answered = false
        while !answered && Platform.now() < deadline {
            let left = Int32((deadline - Platform.now()) / 1_000_000)
            guard !Platform.poll([session.fd], timeoutMs: max(left, 1)).isEmpty,
                  let bytes = Platform.read(session.fd) else { break }
            // Keys typed while we wait for the reply are handled like any others, Esc and Ctrl-C included.
            var keys: [InputEvent] = []
            for event in decoder.feed(bytes) {
                if case .cursorPosition(let r, _) = event {
                    row = r - 1
                    answered = true
                } else {
                    keys.append(event)
                }
            }
            if earlyOutcome == nil { earlyOutcome = dispatch(keys) }
        }
        inlineOrigin = max(0, min(row, size.rows - height))
        writer.originRow = inlineOrigin
        writer.invalidate()
        session.inlineRows = inlineOrigin..<(inlineOrigin + height)
    }

    private func boxSize() -> (width: Int, height: Int) {
        let maxBox = min(options.width ?? (BoxMetrics.defaultTextWidth + 2 * BoxMetrics.horizontalPadding), size.columns)
        let content = alert.preferredSize(maxWidth: max(1, maxBox - 2 * BoxMetrics.horizontalPadding))
        var box = BoxMetrics.box(forContent: content.width, content.height)
        if let w = options.width { box.width = min(w, size.columns) }
        return (min(box.width, size.columns), min(box.height, session.modal ? size.rows : max(size.rows, 1)))
    }

    /// Builds the frame for `now` and writes what changed. False when the terminal is gone.
    private func draw(now: UInt64) -> Bool {
        let (columns, rows) = size
        let box = boxSize()
        let canvasHeight = session.modal ? rows : box.height
        let canvasWidth = session.modal ? columns : box.width
        var canvas = Canvas(width: canvasWidth, height: canvasHeight)
        var scale = 1.0
        var opacity = 1.0
        if let a = animation {
            let t = seconds(now - a.start)
            scale = a.kind.scale(at: t)
            opacity = a.kind.opacity(at: t)
        }
        if session.modal {
            for y in 0..<rows {
                for x in 0..<columns {
                    canvas[x, y] = Cell(" ", style: theme.backdrop(x: x, y: y, width: columns, height: rows, opacity: opacity))
                }
            }
        }
        let screen = Rect(x: 0, y: 0, width: canvasWidth, height: canvasHeight)
        let full = session.modal ? Chrome.centered(width: box.width, height: box.height, in: screen)
                                 : Rect(x: 0, y: 0, width: box.width, height: box.height)
        let content = BoxMetrics.content(of: full)
        let minimum = alert.minimumSize
        if content.width < minimum.width || content.height < minimum.height {
            let notice = Wrap.truncate("terminal too small", width: canvasWidth)
            canvas.text(notice, x: max(0, (canvasWidth - TextWidth.columns(notice)) / 2), y: canvasHeight / 2, style: theme.title)
            return session.write(writer.frame(canvas, cursorAt: nil))
        }
        let shown = Chrome.centered(width: max(2, Int((Double(full.width) * scale).rounded())),
                                    height: max(2, Int((Double(full.height) * scale).rounded())), in: screen)
        Chrome.box(shown, title: alert.title, hints: alert.hints, footer: countdown(now: now), theme: theme, into: &canvas)
        alert.layout(content)
        var cursor: (x: Int, y: Int)?
        canvas.clip = shown.inset(1, 1)
        cursor = alert.render(into: &canvas, area: content, theme: theme)
        canvas.clip = screen
        if animation != nil { cursor = nil }
        return session.write(writer.frame(canvas, cursorAt: cursor))
    }

    private func countdown(now: UInt64) -> String? {
        guard let deadline = timeoutDeadline else { return nil }
        let remaining = deadline > now ? deadline - now : 0
        let secondsLeft = Int((remaining + 999_999_999) / 1_000_000_000)
        return secondsLeft <= 10 ? "\(secondsLeft)s" : nil
    }
}
