// The one event loop, whoever is asked: wait, hand what arrived to the alert, carry out its
// effects, let the front end show the result. It owns signals (offered to the alert first, so a
// running command is forwarded to and waited for in every front end), the event sources and
// effect dispatch, ticks, the idle timeout and --on-timeout default. It knows no alert's
// business and no front end's: frames, prompts and scripted answers are theirs.

public struct RunOptions: Sendable {
    public var timeout: Double?
    /// --begin: the box's top-left corner on the screen, instead of centred.
    public var begin: ScreenPosition?
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
    /// A secret will be typed: memory is protected (Platform.protectSecrets) before the first key
    /// is read, once the first frame is out.
    public var protectSecretsBeforeKeys = false
    /// The countdown shows for the last this many seconds (--countdown: all of them).
    public var countdownFrom = 10
    /// The Linux console: square corners (its font has no rounded ones).
    public var squareCorners = false
    public var backtitle: String?
    /// --theme / ALERTTY_THEME (the default look when nil).
    public var theme: ThemeFile?
    /// --margin: blank columns between the border and the content.
    public var margin = BoxMetrics.horizontalPadding - 1
    /// The box is the whole terminal (a popup sized to it).
    public var fillsTerminal = false
    /// Keys are held (read and dropped) until the keyboard has been quiet this long since the
    /// box appeared: a popup the person did not open takes no key typed for something else.
    public var quietKeyboardFirst: Double?
    /// tmux's prefix keys (a popup or an agent in tmux): each, and the key after it, is tmux's,
    /// never an answer (`C-b n` must not move to No and take it).
    public var tmuxPrefixes: [KeyPress] = []
    /// Ask the terminal what it is as the box starts (TerminalProbe): not with ALERTTY_TERMINAL=off.
    public var probeTerminal = false
    /// The terminal's answers kept in ALERTTY_TERMINAL (`alertty --print-terminal`): not asked again.
    public var knownTerminal: TerminalFacts?
    /// No theme set: the palette follows the background (the probe's answer, else this, from
    /// COLORFGBG; nil: not known, the default's dark palette).
    public var followsBackground = false
    public var lightBackground: Bool?
    /// --keep, ALERTTY_KEEP: the answered prompt leaves its line on the terminal (Transcript).
    public var keep = false
    public init() {}
}

public final class Runner {
    let frontEnd: any FrontEnd
    var alert: any Alert
    let sources: [any EventSource]
    let timeout: Double?
    let takeDefaultOnTimeout: Bool
    let countdownFrom: Int
    let platform: LoopPlatform

    /// The last input from a person (a key, a line): the idle timeout counts from it.
    var lastInputAt: UInt64 = 0
    var nextTick: UInt64?
    var startedAt: UInt64 = 0
    /// Time ran out under --on-timeout default: the default is being taken, as a script would.
    var autopilot: ScriptedAnswers?
    /// The countdown the alert was last told to show on its default.
    var countdownOnDefault: String?
    /// Lends the terminal to a command that stops wanting it (sudo's prompt under progress).
    var lender: TerminalLender?
    /// The controlling terminal as it is lent; nil when there is none or no command runs.
    var loan: (any TerminalLending)?
    /// The front end has stepped aside: a command's output is shown as it comes. (Not the same
    /// as the lender having lent: output taken while stepping aside is from before the loan.)
    var aside = false
    /// The end of the latest output of a source's command: said when the terminal is lent, as it
    /// may be the question the command is about to ask.
    var recentOutput: [UInt8] = []
    /// The start of a character the command's output split across two reads, while it has the terminal.
    var asideCarry: [UInt8] = []

    /// `loan`: the terminal taken for lending before a command was started (made here otherwise).
    public init(frontEnd: any FrontEnd, alert: any Alert, sources: [any EventSource] = [], timeout: Double? = nil,
                takeDefaultOnTimeout: Bool = false, countdownFrom: Int = 10, platform: LoopPlatform = .system,
                loan: (any TerminalLending)? = nil) {
        self.loan = loan
        self.countdownFrom = countdownFrom
        self.frontEnd = frontEnd
        self.alert = alert
        self.sources = sources
        self.timeout = timeout
        self.takeDefaultOnTimeout = takeDefaultOnTimeout
        self.platform = platform
    }

    static let handledSignals: [Platform.Signal] = [.interrupt, .terminate, .hangup, .quit, .resize, .stop, .resume, .child]

    public func run() -> Outcome {
        let signalFd = platform.catchSignals(Self.handledSignals) ?? -1
        frontEnd.begin(&alert)
        if sources.contains(where: \.runsCommands) {
            // (The box's session keeps a loan's TOSTOP as it enters raw mode.)
            if loan == nil { loan = TerminalLoan() }
            if let loan { lender = TerminalLender(inspect: loan.groupState) }
        } else {
            loan = nil
        }
        defer {
            alert.forget()
            for source in sources { source.shutdown() }
            platform.restoreSignals(Self.handledSignals)
            // The loan gives TOSTOP back as it goes; the lender holds it too (its inspect), and
            // an ending by a signal dies before this runner is released.
            lender = nil
            loan = nil
        }
        startedAt = platform.now()
        lastInputAt = startedAt
        // Effects the alert asks for at start (e.g. validating the initial value).
        if let outcome = apply(alert.update(.start)) { return finish(outcome, alert: alert, by: nil) }
        var changed = true
        while true {
            let now = platform.now()
            if let outcome = timers(now: now, changed: &changed) { return finish(outcome, alert: alert, by: nil) }
            switch present(now: now, changed: &changed) {
            case .ended(let outcome, let by): return finish(outcome, alert: alert, by: by)
            // (The result is shown before waiting again.)
            case .acted: continue
            case .idle: break
            }
            if let (outcome, by) = waitAndService(now: now, signalFd: signalFd, changed: &changed) {
                return finish(outcome, alert: alert, by: by)
            }
        }
    }

    /// Ticks while the alert asks for them (a spinner, a clock, a search under way), the first at
    /// once, and --on-timeout default's countdown where the alert shows it.
    private func timers(now: UInt64, changed: inout Bool) -> Outcome? {
        if let interval = alert.tickInterval {
            if now >= nextTick ?? now {
                nextTick = now + UInt64(interval * 1e9)
                changed = true
                if let outcome = apply(alert.update(.tick(seconds(now - startedAt)))) { return outcome }
            }
        } else {
            nextTick = nil
        }
        if takeDefaultOnTimeout && alert.showsCountdownOnDefault {
            // --on-timeout default: the alert shows the countdown on what will be taken, not the border.
            let shown = countdown(now: now)
            if shown != countdownOnDefault {
                countdownOnDefault = shown
                changed = true
                if let outcome = apply(alert.update(.countdown(shown))) { return outcome }
            }
        }
        return nil
    }

    private enum Presented {
        case ended(Outcome, by: FrontEndRequest?)
        /// Requests were carried out: show their result before waiting.
        case acted
        case idle
    }

    /// The front end shows the alert (nothing while a command has the terminal) and says what it
    /// wants done; an answer by script or --on-timeout default is given once the sources settle.
    private func present(now: UInt64, changed: inout Bool) -> Presented {
        // An answer ready now is taken first: the alert is shown with it, not a turn before.
        if sources.contains(where: \.readyNow) { return .idle }
        let lent = lender?.lentTo != nil
        let settled = sources.allSatisfy(\.settled)
        let shown = takeDefaultOnTimeout && alert.showsCountdownOnDefault ? nil : countdown(now: now)
        let context = PresentContext(changed: changed, settled: settled, countdown: shown, caption: sources.lazy.compactMap(\.caption).first)
        changed = false
        var requests = lent ? [] : frontEnd.present(&alert, now: now, context: context)
        if var pilot = autopilot, settled, !lent {
            switch pilot.next(alert.meaning) {
            case .answer(let answer): requests.append(.event(.answer(answer)))
            case .wait: break
            case .refused: return .ended(Outcome(.timeout), by: nil)
            }
            autopilot = pilot
        }
        guard !requests.isEmpty else { return .idle }
        if let (outcome, by) = perform(requests, person: autopilot == nil && frontEnd.asksAPerson) { return .ended(outcome, by: by) }
        changed = true
        return .acted
    }

    /// Waits for the terminal, a signal, a source or a deadline, and does what came: the outcome
    /// that ends the alert (and the request it came by), or nil.
    private func waitAndService(now before: UInt64, signalFd: FileDescriptor, changed: inout Bool) -> (Outcome, FrontEndRequest?)? {
        let lent = lender?.lentTo != nil
        var reads = lent ? [] : frontEnd.readDescriptors
        if signalFd >= 0 { reads.append(signalFd) }
        var writes: [FileDescriptor] = []
        for source in sources {
            reads += source.readDescriptors
            writes += source.writeDescriptors
        }
        let ready = platform.poll(reads, writes, pollTimeout(now: before))
        let now = platform.now()
        var childChanged = false
        if ready.readable.contains(signalFd) {
            for signal in platform.drainSignals() {
                if signal != .child { changed = true } else { childChanged = true }
                if let outcome = handle(signal) { return (outcome, nil) }
            }
        }
        let typed = lent ? [] : frontEnd.service(alert, readable: ready.readable, now: now)
        if !typed.isEmpty {
            changed = true
            if let (outcome, by) = perform(typed, person: true) { return (outcome, by) }
        }
        let serviced = serviceSources(now: now, readable: ready.readable, writable: ready.writable)
        if serviced.any { changed = true }
        if let outcome = serviced.outcome { return (outcome, nil) }
        if lender != nil, let outcome = lendTerminal(now: now, urgent: childChanged) { return (outcome, nil) }
        if autopilot == nil, lender?.lentTo == nil, let deadline = timeoutDeadline, now >= deadline {
            guard takeDefaultOnTimeout else { return (Outcome(.timeout), nil) }
            autopilot = ScriptedAnswers(.defaults)
        }
        return nil
    }

    // MARK: - Requests, effects, signals

    /// Carries out a front end's requests in order; the outcome that ends the alert, and which
    /// request it was. Of the effects that replace earlier ones (a preview's run), only the
    /// batch's last is carried out: keys read together (a held Down) start one command, for
    /// where they ended.
    private func perform(_ requests: [FrontEndRequest], person: Bool) -> (Outcome, FrontEndRequest)? {
        var latest: [Effect] = []
        for request in requests {
            switch request {
            case .event(let event):
                if person && event != .laidOut { lastInputAt = platform.now() }
                var effects = alert.update(event)
                if effects.contains(where: \.replacesEarlier) {
                    latest = effects.filter(\.replacesEarlier)
                    effects.removeAll(where: \.replacesEarlier)
                }
                if let outcome = apply(effects) { return (outcome, request) }
            case .interrupt(let job):
                // An alert running a command forwards it and ends when the command has gone.
                let effects = alert.update(.signal(.interrupted))
                if effects.isEmpty { return (Outcome(.interrupted, signal: job ? .job : .process), request) }
                if let outcome = apply(effects) { return (outcome, request) }
            case .suspend(let wholeJob):
                suspend(wholeJob: wholeJob)
            case .finish(let outcome):
                return (outcome, request)
            }
        }
        _ = apply(latest)
        return nil
    }

    /// Effects are data: the outcome ends the loop, anything else goes to the source that takes
    /// it. One that no source takes is a mistake of the alert's or of its making: never silent in
    /// a debug build.
    private func apply(_ effects: [Effect]) -> Outcome? {
        let now = platform.now()
        for effect in effects {
            if case .finish(let outcome) = effect { return outcome }
            if effect == .consumed { continue }
            // The person's own editor runs on the terminal the box lends it, and the loop waits.
            if case .editExternally(let text) = effect {
                var edited = AlertEvent.edited(nil, note: tr("no terminal to run the editor on"))
                _ = frontEnd.lendTerminal { edited = ExternalEditor.edit(text, on: $0) }
                if let outcome = apply(alert.update(edited)) { return outcome }
                continue
            }
            let taken = sources.contains { $0.accept(effect, now: now) }
            assert(taken, "no event source takes \(effect)")
        }
        return nil
    }

    private func handle(_ signal: Platform.Signal) -> Outcome? {
        if let status = ExitStatus(endingBy: signal) {
            // Offered to the alert first: it may forward it to a command and end later.
            let effects = alert.update(.signal(status))
            if effects.isEmpty { return Outcome(status, signal: .process) }
            return apply(effects)
        }
        switch signal {
        case .interrupt, .terminate, .hangup, .quit, .child:
            break // ended above; a child's end is collected by its source this turn
        case .resize:
            frontEnd.resized()
        case .stop:
            // Sent to us from outside: whoever sent it chose whom to stop (our command with us).
            suspend(wholeJob: false)
        case .resume:
            frontEnd.resumed()
            loan?.stopBackgroundWriters()
        }
        return nil
    }

    /// Stops with the commands we run (Ctrl-Z stops the box and the command under it; `fg`
    /// continues both).
    private func suspend(wholeJob: Bool) {
        let groups = sources.compactMap(\.processGroup)
        for group in groups { Platform.signalGroup(group, .stop) }
        frontEnd.suspend(wholeJob: wholeJob)
        _ = platform.drainSignals() // the SIGCONT that woke us is handled here
        loan?.stopBackgroundWriters()
        for group in groups { Platform.signalGroup(group, .resume) }
    }

    /// Each source's due work, its events handed to the alert (a command's output also noted for
    /// the terminal's loan); whether any came, and the outcome that ends the alert, if one does.
    private func serviceSources(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> (any: Bool, outcome: Outcome?) {
        var any = false
        for source in sources {
            for event in source.service(now: now, readable: readable, writable: writable) {
                any = true
                if case .childOutput(_, let bytes) = event { noteOutput(bytes) }
                if let outcome = apply(alert.update(event)) { return (true, outcome) }
            }
        }
        return (any, nil)
    }

    // MARK: - Lending the terminal

    private func noteOutput(_ bytes: [UInt8]) {
        if aside {
            let (complete, rest) = Sanitize.completeUTF8(asideCarry + bytes)
            asideCarry = rest
            frontEnd.showAside(complete)
            lender?.noteOutput()
        } else {
            recentOutput = Array((recentOutput + bytes).suffix(512))
        }
    }

    private func lendTerminal(now: UInt64, urgent: Bool) -> Outcome? {
        guard let lender else { return nil }
        // A job in the background has no terminal to lend.
        guard let loan else { return nil }
        let mayLend = lender.lentTo != nil || loan.isOurs
        let groups = mayLend ? sources.compactMap(\.processGroup) : []
        switch lender.step(groups: groups, now: now, urgent: urgent) {
        case .lend(let group):
            // What the command wrote before it stopped is taken first, while the alert is still
            // up: its last line may be the question it is about to ask.
            let waiting = platform.poll(sources.flatMap(\.readDescriptors), [], 0).readable
            if let outcome = serviceSources(now: now, readable: waiting, writable: []).outcome { return outcome }
            frontEnd.stepAside()
            aside = true
            let last = Self.lastLine(recentOutput)
            if !last.isEmpty { frontEnd.showAside(last + [0x0A]) }
            recentOutput = []
            loan.lend(to: group)
        case .takeBack:
            takeTerminalBack()
            lastInputAt = now
        case .stopped:
            takeTerminalBack()
            suspend(wholeJob: true)
        case nil:
            break
        }
        return nil
    }

    private func takeTerminalBack() {
        if !asideCarry.isEmpty { frontEnd.showAside(asideCarry) } // never completed: shown as it is
        asideCarry = []
        aside = false
        loan?.takeBack()
        frontEnd.stepBack()
        loan?.stopBackgroundWriters() // again: the front end has just set its modes
    }

    /// The last line of output (what is after the last newline, or else the last whole line).
    static func lastLine(_ bytes: [UInt8]) -> [UInt8] {
        var end = bytes.count
        if end > 0 && bytes[end - 1] == 0x0A { end -= 1 }
        let start = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return Array(bytes[start..<end])
    }

    /// Every way out: a command that has the terminal gives it back first, so the terminal is
    /// restored to the modes it had before alertty.
    private func finish(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome {
        if lender?.lentTo != nil {
            lender = nil
            takeTerminalBack()
        }
        return frontEnd.end(outcome, alert: alert, by: request)
    }

    // MARK: - Timing

    private var timeoutDeadline: UInt64? {
        // Saturating: a time past what the clock can count is never (a year is the flags' bound,
        // but a value that slipped past it must not trap in a secret's box).
        timeout.map { seconds in
            let nanos = seconds * 1e9
            guard nanos.isFinite, nanos < Double(UInt64.max - lastInputAt) else { return .max }
            return lastInputAt + UInt64(max(0, nanos))
        }
    }

    private func pollTimeout(now: UInt64) -> Int32 {
        var wake: [UInt64] = []
        if let d = frontEnd.nextDeadline(now: now) { wake.append(d) }
        if let deadline = timeoutDeadline, autopilot == nil {
            // Wake at each whole second of the countdown so it ticks.
            let remaining = deadline > now ? deadline - now : 0
            wake.append(now + (remaining % 1_000_000_000 == 0 ? 1_000_000_000 : remaining % 1_000_000_000))
        }
        for source in sources { if let d = source.nextDeadline { wake.append(d) } }
        if let d = lender?.nextDeadline(groups: sources.compactMap(\.processGroup)) { wake.append(d) }
        // A tick asked for since the loop's top (laying out a frame can start one) comes at once.
        if let tick = nextTick { wake.append(tick) } else if alert.tickInterval != nil { wake.append(now) }
        guard let soonest = wake.min() else { return -1 }
        return soonest <= now ? 0 : Int32(min((soonest - now + 999_999) / 1_000_000, 60_000))
    }

    private func seconds(_ nanos: UInt64) -> Double { Double(nanos) / 1e9 }

    private func countdown(now: UInt64) -> String? {
        guard let deadline = timeoutDeadline, autopilot == nil else { return nil }
        let remaining = deadline > now ? deadline - now : 0
        let secondsLeft = Int((remaining + 999_999_999) / 1_000_000_000)
        return secondsLeft <= countdownFrom ? "\(secondsLeft)s" : nil
    }
}
