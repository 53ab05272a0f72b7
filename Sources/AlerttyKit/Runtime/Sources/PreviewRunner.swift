// Runs choose's preview commands, one at a time, as an event source. A newer run stops the older
// one at once (SIGKILL to its whole process group: a shell and whatever it started) and the list
// never waits for either: output is read as it comes, stdout and stderr up to the pane's bound
// together (then the command is stopped), and handed over with the run's id so a late chunk of a
// stale run is known as such. Each command runs in a session of its own, with no terminal to draw on or read from.
// Stopped commands are reaped as they go; on every way out the running one is killed and reaped.

public final class PreviewRunner: EventSource {
    private struct Run {
        var id: Int
        var command: Platform.Command
        var open: [FileDescriptor: Int] // descriptor → stream
        var taken = 0
        var status: Int32?
    }
    private var run: Run?
    /// Killed groups whose leaders are not reaped yet.
    private var killed: [Int32] = []

    public init() {}

    public var readDescriptors: [FileDescriptor] { run.map { Array($0.open.keys) } ?? [] }
    public var writeDescriptors: [FileDescriptor] { [] }
    /// Killed commands are reaped soon after (SIGCHLD wakes the loop too); a run that exited with
    /// its pipes still held (a background grandchild) ends at the next turn.
    public var nextDeadline: UInt64? { killed.isEmpty && run?.status == nil ? nil : Platform.now() + 20_000_000 }

    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        switch effect {
        case .runPreview(let id, let command, let columns, let lines):
            stop()
            let size = [("ALERTTY_PREVIEW_COLUMNS", String(columns)), ("ALERTTY_PREVIEW_LINES", String(lines)),
                        ("COLUMNS", String(columns)), ("LINES", String(lines))]
            if let spawned = try? Platform.spawnInSession(command, environment: size) {
                run = Run(id: id, command: spawned, open: [spawned.stdoutRead: 1, spawned.stderrRead: 2])
            } else {
                pendingFailure = id
            }
            return true
        case .stopPreview:
            stop()
            return true
        default:
            return false
        }
    }

    /// A run that could not start: reported as failed (127, as a shell says of a missing program).
    private var pendingFailure: Int?

    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        killed.removeAll { Platform.reap($0) != nil }
        if let id = pendingFailure {
            pendingFailure = nil
            return [.previewEnded(id: id, status: 127)]
        }
        guard var r = run else { return [] }
        var events: [AlertEvent] = []
        for (fd, stream) in r.open where readable.contains(fd) {
            guard let bytes = Platform.read(fd, max: 65536) else {
                Platform.close(fd)
                r.open[fd] = nil
                continue
            }
            guard !bytes.isEmpty else { continue }
            // Past the pane's bound nothing more is wanted, from either stream: the command is
            // stopped (`yes`, or `yes >&2`, which would keep us reading for as long as it runs).
            let room = PreviewPane.byteLimit - r.taken
            r.taken += bytes.count
            events.append(.previewOutput(id: r.id, stream: stream, Array(bytes.prefix(room))))
            if r.taken >= PreviewPane.byteLimit {
                run = r
                stop()
                events.append(.previewEnded(id: r.id, status: nil))
                return events
            }
        }
        if r.status == nil { r.status = Platform.reap(r.command.pid) }
        // Done when it exited and its pipes are drained (or held by something it left running).
        if let status = r.status, r.open.isEmpty || !Platform.hasInput(Array(r.open.keys)) {
            Platform.killGroup(r.command.pid)
            for fd in r.open.keys { Platform.close(fd) }
            run = nil
            events.append(.previewEnded(id: r.id, status: status))
            return events
        }
        run = r
        return events
    }

    /// Stops the running command, if any: its whole group, at once.
    private func stop() {
        guard let r = run else { return }
        run = nil
        Platform.killGroup(r.command.pid)
        for fd in r.open.keys { Platform.close(fd) }
        if r.status == nil && Platform.reap(r.command.pid) == nil { killed.append(r.command.pid) }
    }

    public func shutdown() {
        stop()
        for pid in killed { _ = Platform.reap(pid, wait: true) }
        killed = []
    }
}
