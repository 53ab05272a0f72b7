// The caller's wait for a question served elsewhere — in a tmux popup, by one of the user's
// agents, by systemd's password agents — as an event source of the one loop. The Runner waits
// on the conversation's pipes beside the signals and the popup's end, as it waits on a box's
// keys; nothing is shown here, so its alert is an empty one that ends when the wait does.

extension Popup {
    /// Waits for what comes of the question: the popup's conversation `talk` (nil: none shown)
    /// and the `elsewhere` channels, the first to answer winning, until `until` (nil: as long as
    /// the conversation lasts). Nil when time ran out first. A signal to the caller takes the
    /// question away everywhere (`withdraw`, then each channel's), then the caller dies of it.
    static func waitForAnswer(_ talk: Conversation?, elsewhere: [any OtherChannel], until: UInt64?, wakers: [FileDescriptor] = [],
                              withdraw: @escaping () -> Void = {}, platform: LoopPlatform = .system) -> Shown? {
        let wait = CallerWait(talk, elsewhere: elsewhere, until: until, wakers: wakers, withdraw: withdraw, platform: platform)
        let outcome = Runner(frontEnd: NothingShown(), alert: Awaiting(), sources: [wait], platform: platform).run()
        if wait.stopped, let signal = outcome.status.signal { Platform.die(of: signal, wholeGroup: false) }
        return wait.result
    }

    /// The conversation and the other channels, serviced by the loop; their result once in.
    final class CallerWait: EventSource {
        private let talk: Conversation?
        private let elsewhere: [any OtherChannel]
        private let until: UInt64?
        private let withdraw: () -> Void
        private let platform: LoopPlatform
        /// What came of it (nil while waiting, and when time ran out).
        private(set) var result: Shown?
        private var over = false
        /// The loop ended before the wait did: a signal stopped the caller.
        var stopped: Bool { !over }
        /// When it is looked at though nothing woke the loop: a popup's process gone (its pipes
        /// close a moment before it can be reaped), what a channel asks to be looked at again.
        /// Nothing else wakes a wait for agents: it costs nothing while nothing changes.
        private var nextLook: UInt64
        /// Readable when where the person might be changed (a tmux client attached): the wait ends
        /// with no answer, to look again.
        private let wakers: [FileDescriptor]

        init(_ talk: Conversation?, elsewhere: [any OtherChannel], until: UInt64?, wakers: [FileDescriptor], withdraw: @escaping () -> Void,
             platform: LoopPlatform) {
            (self.talk, self.elsewhere, self.until, self.withdraw, self.platform) = (talk, elsewhere, until, withdraw, platform)
            self.wakers = wakers
            nextLook = platform.now()
        }

        var readDescriptors: [FileDescriptor] {
            talk?.closeWrittenEnds()
            return over ? [] : (talk?.reads ?? []) + elsewhere.flatMap(\.reads) + wakers
        }
        var writeDescriptors: [FileDescriptor] { over ? [] : (talk?.writes ?? []) + elsewhere.flatMap(\.writes) }
        var nextDeadline: UInt64? {
            let next = min(nextLook, until ?? .max)
            return over || next == .max ? nil : next
        }
        /// A wait, not a check: the empty alert is never held for it.
        var settled: Bool { true }
        func accept(_ effect: Effect, now: UInt64) -> Bool { false }

        func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
            guard !over else { return [] }
            let polled = (readable: readable, writable: writable)
            // Answered elsewhere first: the alertty serving it in the popup sees us go.
            for channel in elsewhere {
                if let ran = channel.service(polled) { return end(.answered(ran)) }
            }
            if let talk {
                talk.exchange(polled)
                switch talk.progress() {
                case .going: break
                case .ended(let shown): return end(shown)
                case .outcomeIn: return end(talk.outcome())
                }
            }
            if let until, platform.now() >= until { return end(nil) }
            if wakers.contains(where: readable.contains) { return end(nil) }
            // (Asked after servicing: a claim seen just now is looked at again soon.)
            let look = ([talk?.needsLooks == true ? 0.1 : nil] + elsewhere.map(\.lookAgainIn)).compactMap { $0 }.min()
            nextLook = look.map { now + UInt64($0 * 1e9) } ?? .max
            return []
        }

        private func end(_ shown: Shown?) -> [AlertEvent] {
            result = shown
            over = true
            return [.inputEnded]
        }

        func shutdown() {
            if stopped {
                withdraw()
                for channel in elsewhere { channel.withdraw() }
            }
            talk?.close()
        }
    }

    /// Nothing is shown while the caller waits: the loop's signals and sources are all it has.
    final class NothingShown: FrontEnd {
        var asksAPerson: Bool { false }
        var readsJobKeys: Bool { false }
        var readDescriptors: [FileDescriptor] { [] }
        func begin(_ alert: inout any Alert) {}
        func present(_ alert: inout any Alert, now: UInt64, context: PresentContext) -> [FrontEndRequest] { [] }
        func service(_ alert: any Alert, readable: Set<FileDescriptor>, now: UInt64) -> [FrontEndRequest] { [] }
        func nextDeadline(now: UInt64) -> UInt64? { nil }
        func suspend(wholeJob: Bool) { Platform.stopJob(wholeGroup: false) }
        func end(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome { outcome }
    }

    /// The wait's alert: it asks nothing and ends when the wait ends.
    struct Awaiting: Alert {
        var title: String { "" }
        var hints: [KeyHint] { [] }
        func preferredSize(maxWidth: Int) -> (width: Int, height: Int) { (0, 0) }
        mutating func layout(_ area: Rect) {}
        func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? { nil }
        var meaning: AlertMeaning { .message(.init(title: "", text: "", ok: "")) }
        mutating func update(_ event: AlertEvent) -> [Effect] {
            event == .inputEnded ? [.finish(Outcome(.ok))] : []
        }
    }
}
