// The event loop: poll, decode, dispatch, apply effects, draw. It owns the session and the event
// sources, and knows no alert's business: frames come from Scene, effects go to whichever source
// accepts them, and the events sources produce go back to the alert.

public struct RunOptions: Sendable {
    public var timeout: Double?
    public var inline = false
    public var animate = true
    public var colors: ColorMode = .none
    public var unicode = true
    public var width: Int?
    public var height: Int?
    /// How long a lone ESC waits for the rest of a sequence before it counts as the Esc key.
    public var escapeDelayMs = 25
    /// --on-timeout default: when time runs out, take the default answer instead of exiting 124.
    public var takeDefaultOnTimeout = false
    /// The Linux console: square corners (its font has no rounded ones).
    public var squareCorners = false
    public var backtitle: String?
    public init() {}
}

public final class Runner {
    let session: TerminalSession
    let options: RunOptions
    let theme: Theme
    var writer: FrameWriter
    var decoder = KeyDecoder()
    var clicks = MouseClicks()
    var alert: any Alert
    let sources: [any EventSource]

    var size: (columns: Int, rows: Int)
    var animation: (kind: Animation, start: UInt64)?
    var lastKeyAt: UInt64
    var lastInputAt: UInt64 = 0
    /// Something may have changed what is on screen since the last frame. A turn of the loop that
    /// changed nothing (a byte of a split sequence, a validator's pipe draining) draws nothing.
    var dirty = true
    var lastCountdown: String?
    /// When the alert started (for ticks), the next tick, and the last frame (for a frame-rate cap).
    let startedAt: UInt64
    var nextTick: UInt64?
    var lastFrameAt: UInt64 = 0
    /// Input arrived since the last frame: drawn at once, never held back by the frame-rate cap.
    var typed = false

    public init(session: TerminalSession, alert: any Alert, options: RunOptions, sources: [any EventSource] = []) {
        self.session = session
        self.alert = alert
        self.options = options
        self.sources = sources
        theme = Theme(colors: options.colors, unicode: options.unicode, squareCorners: options.squareCorners)
        writer = FrameWriter(colors: options.colors, mayClearScreen: session.modal, relative: !session.modal,
                             asciiOnly: !options.unicode)
        size = session.size
        lastKeyAt = Platform.now()
        startedAt = lastKeyAt
    }

    static let handledSignals: [Platform.Signal] = [.interrupt, .terminate, .hangup, .quit, .resize, .stop, .resume, .child]

    public func run() -> Outcome {
        let signalFd = Platform.catchSignals(Self.handledSignals) ?? -1
        session.mouse = alert.usesMouse && session.modal
        session.enter()
        defer {
            for source in sources { source.shutdown() }
            session.leave()
            Platform.restoreDefaultSignals(Self.handledSignals)
        }
        if options.animate { animation = (.popIn, Platform.now()) }
        // Effects the alert asks for at start (e.g. validating the initial value).
        if let outcome = apply(alert.update(.start)) { return outcome }
        if alert.tickInterval != nil { nextTick = startedAt }

        while true {
            let now = Platform.now()
            if let a = animation, a.kind.isFinished(at: seconds(now - a.start)) { animation = nil }
            if let tick = nextTick, now >= tick, let interval = alert.tickInterval {
                nextTick = now + UInt64(interval * 1e9)
                dirty = true
                if let outcome = apply(alert.update(.tick(seconds(now - startedAt)))) { return finish(outcome) }
            }
            if (dirty || animation != nil || countdown(now: now) != lastCountdown) && frameDue(now) {
                guard draw(now: now) else { return Outcome(.hangup) }
                dirty = false
                typed = false
                lastFrameAt = now
            }

            var reads = [session.fd]
            if signalFd >= 0 { reads.append(signalFd) }
            var writes: [FileDescriptor] = []
            for source in sources {
                reads += source.readDescriptors
                writes += source.writeDescriptors
            }
            let ready = Platform.poll(read: reads, write: writes, timeoutMs: pollTimeout(now: now))
            let later = Platform.now()

            if ready.readable.contains(signalFd) {
                for signal in Platform.drainSignals() {
                    if signal != .child { dirty = true }
                    if let outcome = handle(signal) { return finish(outcome) }
                }
            }
            if ready.readable.contains(session.fd) {
                guard let bytes = Platform.read(session.fd) else { return Outcome(.hangup) }
                if !bytes.isEmpty {
                    lastInputAt = later
                    let events = decoder.feed(bytes)
                    if !events.isEmpty {
                        dirty = true
                        typed = true
                    }
                    if let outcome = dispatch(events) { return finish(outcome) }
                }
            }
            if decoder.hasPending, later - lastInputAt >= UInt64(options.escapeDelayMs) * 1_000_000 {
                dirty = true
                if let outcome = dispatch(decoder.flush()) { return finish(outcome) }
            }
            for source in sources {
                for event in source.service(now: later, readable: ready.readable, writable: ready.writable) {
                    dirty = true
                    if let outcome = apply(alert.update(event)) { return finish(outcome) }
                }
            }
            if let deadline = timeoutDeadline, later >= deadline {
                if options.takeDefaultOnTimeout, case .outcome(let outcome) = AnswerRunner.takeDefault(&alert, sources: sources) {
                    return finish(outcome)
                }
                return finish(Outcome(.timeout))
            }
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
                case .interrupt:
                    // An alert running a command forwards it and ends when the command has gone.
                    let effects = alert.update(.signal(.interrupted))
                    if !effects.isEmpty {
                        if let outcome = apply(effects) { return outcome }
                        continue
                    }
                    // Raw mode read Ctrl-C as a byte; the driver would have interrupted the whole job.
                    let job = Platform.isForegroundJob(session.fd)
                    return Outcome(.interrupted, signal: job ? .job : nil)
                case .suspend:
                    suspend(wholeJob: Platform.isForegroundJob(session.fd))
                    continue
                case .redraw:
                    writer.invalidate()
                    continue
                default:
                    if var outcome = apply(alert.update(.action(action))) {
                        outcome.escaped = action == .cancel
                        return outcome
                    }
                }
            case .paste(let text):
                lastKeyAt = Platform.now()
                if let outcome = apply(alert.update(.paste(text))) { return outcome }
            case .mouse(let report):
                guard let mouse = clicks.convert(report, now: Platform.now()) else { continue }
                lastKeyAt = Platform.now()
                if let outcome = apply(alert.update(.mouse(mouse))) { return outcome }
            case .cursorPosition, .unknown:
                continue
            }
        }
        return nil
    }

    /// Effects are data: the outcome ends the loop, anything else goes to the source that takes it.
    private func apply(_ effects: [Effect]) -> Outcome? {
        let now = Platform.now()
        for effect in effects {
            if case .finish(let outcome) = effect { return outcome }
            for source in sources where source.accept(effect, now: now) { break }
        }
        return nil
    }

    private func handle(_ signal: Platform.Signal) -> Outcome? {
        if let status = ExitStatus(endingBy: signal) { return ending(status) }
        switch signal {
        case .interrupt, .terminate, .hangup, .quit:
            return nil // ended above
        case .resize:
            size = session.size
            writer.invalidate()
            if !session.modal {
                // Erase the box where it was and make its room again, rather than leave a copy behind.
                session.reserveInline(rows: session.reservedRows)
                writer.placed()
            }
        case .stop:
            // Sent to us from outside: whoever sent it chose whom to stop.
            suspend(wholeJob: false)
        case .resume:
            // Stopped and continued by someone else (SIGSTOP): our modes may have been changed under us.
            session.leave()
            session.enter()
            size = session.size
            writer.invalidate()
        case .child:
            break // a validator ended: its source collects it this turn
        }
        return nil
    }

    /// A signal that ends us: offered to the alert first (it may forward it to a command and end later).
    private func ending(_ status: ExitStatus) -> Outcome? {
        let effects = alert.update(.signal(status))
        if effects.isEmpty { return Outcome(status, signal: .process) }
        return apply(effects)
    }

    /// A frame may be drawn now: input shows at once; anything else at most `maxFramesPerSecond`.
    private func frameDue(_ now: UInt64) -> Bool {
        guard !typed, let fps = alert.maxFramesPerSecond else { return true }
        return now - lastFrameAt >= UInt64(1e9 / fps)
    }

    /// Ctrl-Z: give the terminal back exactly as it was, stop (with the whole job, as the terminal
    /// driver would, so a script around us stops too), and come back whole on `fg`.
    private func suspend(wholeJob: Bool) {
        session.leave()
        Platform.stopJob(wholeGroup: wholeJob)
        session.enter()
        size = session.size
        writer.invalidate()
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
        for source in sources { if let d = source.nextDeadline { wake.append(d) } }
        if let tick = nextTick { wake.append(tick) }
        if dirty, let fps = alert.maxFramesPerSecond { wake.append(lastFrameAt + UInt64(1e9 / fps)) }
        guard let soonest = wake.min() else { return -1 }
        return soonest <= now ? 0 : Int32(min((soonest - now + 999_999) / 1_000_000, 60_000))
    }

    private func seconds(_ nanos: UInt64) -> Double { Double(nanos) / 1e9 }

    // MARK: - Drawing

    /// Builds the frame for `now` and writes what changed. False when the terminal is gone.
    private func draw(now: UInt64) -> Bool {
        let scene = Scene(columns: size.columns, rows: size.rows, modal: session.modal, width: options.width, height: options.height, theme: theme,
                          backtitle: options.backtitle)
        var phase = Scene.Phase.still
        if let a = animation {
            let t = seconds(now - a.start)
            phase = Scene.Phase(scale: a.kind.scale(at: t), opacity: a.kind.opacity(at: t), animating: true)
        }
        lastCountdown = countdown(now: now)
        var footer = lastCountdown
        if options.takeDefaultOnTimeout && alert.showsCountdownOnDefault {
            // The countdown goes on what will be taken when it runs out, not in the border.
            _ = alert.update(.countdown(lastCountdown))
            footer = nil
        }
        let (canvas, cursor) = scene.render(&alert, phase: phase, countdown: footer)
        if !session.modal && session.reservedRows != canvas.height {
            // First frame, a resize, or a box that grew: (re)make its room below the cursor.
            session.reserveInline(rows: canvas.height)
            writer.placed()
        }
        let ok = session.write(writer.frame(canvas, cursorAt: cursor))
        session.cursorRow = writer.cursorRow ?? 0
        return ok
    }

    private func countdown(now: UInt64) -> String? {
        guard let deadline = timeoutDeadline else { return nil }
        let remaining = deadline > now ? deadline - now : 0
        let secondsLeft = Int((remaining + 999_999_999) / 1_000_000_000)
        return secondsLeft <= 10 ? "\(secondsLeft)s" : nil
    }
}
