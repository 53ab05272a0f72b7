// Effects and event sources outside the box's loop: line mode and answers without a person hand
// an alert its answer as events, and the effects that follow (a validator run, a folder made)
// are carried out here, synchronously, until the alert is settled.

public enum SourceDriver {
    /// Sends `event`, carrying out what it asks; returns an outcome if the alert finished.
    public static func send(_ event: AlertEvent, to alert: inout any Alert, sources: [any EventSource],
                            signalFd: FileDescriptor = -1, onSignal: () -> Outcome? = { nil }) -> Outcome? {
        if let outcome = accept(alert.update(event), sources: sources) { return outcome }
        return settle(&alert, sources: sources, signalFd: signalFd, onSignal: onSignal)
    }

    /// Effects: a finish ends it, others go to the source that takes them.
    static func accept(_ effects: [Effect], sources: [any EventSource]) -> Outcome? {
        for effect in effects {
            if case .finish(let outcome) = effect { return outcome }
            for source in sources where source.accept(effect, now: Platform.now()) { break }
        }
        return nil
    }

    /// Services the sources while any has something due (a check scheduled or running).
    public static func settle(_ alert: inout any Alert, sources: [any EventSource], signalFd: FileDescriptor = -1,
                              onSignal: () -> Outcome? = { nil }) -> Outcome? {
        while sources.contains(where: { $0.nextDeadline != nil }) {
            if let outcome = once(&alert, sources: sources, timeoutMs: 1000, signalFd: signalFd, onSignal: onSignal) { return outcome }
        }
        return nil
    }

    /// One wait on the sources (and the signal pipe), their events handed to the alert; `observe`
    /// runs after each event (line mode prints progress as it changes).
    public static func once(_ alert: inout any Alert, sources: [any EventSource], timeoutMs: Int32, signalFd: FileDescriptor = -1,
                            onSignal: () -> Outcome? = { nil }, observe: (any Alert) -> Void = { _ in }) -> Outcome? {
        let now = Platform.now()
        let reads = sources.flatMap(\.readDescriptors), writes = sources.flatMap(\.writeDescriptors)
        let soonest = sources.compactMap(\.nextDeadline).min()
            .map { $0 > now ? Int32(min(($0 - now) / 1_000_000 + 1, UInt64(timeoutMs))) : 0 } ?? timeoutMs
        let ready = Platform.poll(read: reads + (signalFd >= 0 ? [signalFd] : []), write: writes, timeoutMs: soonest)
        if ready.readable.contains(signalFd), let outcome = onSignal() { return outcome }
        var events: [AlertEvent] = []
        for source in sources { events += source.service(now: Platform.now(), readable: ready.readable, writable: ready.writable) }
        for event in events {
            let effects = alert.update(event)
            observe(alert)
            if let outcome = accept(effects, sources: sources) { return outcome }
        }
        return nil
    }
}
