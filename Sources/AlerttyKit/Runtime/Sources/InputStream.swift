// An alert's input stream (choose's items from --items-from, progress's lines from stdin) as an
// event source: read only when poll says there is something (the descriptor's flags are left
// alone: stdin's open file may be shared with the shell), handed to the alert in chunks as
// `.input`, then `.inputEnded`. Each turn reads a bounded amount, so a fast producer never
// starves the keyboard; the alert parses the chunks itself.

public final class InputStream: EventSource {
    let fd: FileDescriptor
    /// Bytes read per turn of the loop at most (then keys and drawing get their turn).
    let perTurn: Int
    private var open = true
    private var ended = false

    public init(fd: FileDescriptor, perTurn: Int = 1 << 20) {
        self.fd = fd
        self.perTurn = perTurn
        // A pipe of 1 MiB rather than 64 KiB: `find / |` and `cat FILE |` deliver in big reads.
        Platform.enlargePipe(fd, to: Self.largestRead)
    }

    /// Bytes asked for by one read: small while the input trickles (a line at a time costs no
    /// big buffer), four times more after each read that filled it, up to `largestRead`.
    private var readSize = 65536
    static let largestRead = 1 << 20

    /// Not watched while resting (see `restNanos`).
    public var readDescriptors: [FileDescriptor] { open && restUntil == nil ? [fd] : [] }
    public var writeDescriptors: [FileDescriptor] { [] }
    /// A turn that stopped at the bound comes back at once for the rest; a rest ends at its time.
    public var nextDeadline: UInt64? { more ? 0 : restUntil }
    private var more = false
    /// A producer writing a line at a time would wake us for every line: after a small read, wait
    /// this long so lines gather into one read. The pipe holds far more than a producer writes in
    /// that time, so it is never made to wait.
    let restNanos: UInt64 = 2_000_000
    private var restUntil: UInt64?

    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        guard case .closeInput = effect else { return false }
        close()
        return true
    }

    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        if let until = restUntil {
            guard now >= until else { return [] }
            restUntil = nil
            guard Platform.hasInput([fd]) else { return [] }
        } else {
            guard open, readable.contains(fd) || more else { return [] }
        }
        guard open else { return [] }
        var events: [AlertEvent] = []
        var total = 0
        more = false
        while total < perTurn {
            guard let chunk = Platform.read(fd, max: readSize) else {
                close()
                events.append(.inputEnded)
                return events
            }
            if chunk.count == readSize { readSize = min(readSize * 4, Self.largestRead) }
            total += chunk.count
            if !chunk.isEmpty { events.append(.input(chunk)) }
            // Read again only if that will not block; after a trickle, rest a moment.
            if !Platform.hasInput([fd]) {
                if total < 16384 { restUntil = now + restNanos }
                return events
            }
        }
        more = true
        return events
    }

    private func close() {
        guard open else { return }
        open = false
        more = false
        Platform.release(fd)
    }

    public func shutdown() { close() }
}
