// The command `progress -- COMMAND` runs, as an event source: its stdout and stderr read as they
// come (`.childOutput`), its end reported once both are drained (`.childExited`). It runs in a
// process group of its own; signals the alert forwards reach the whole group, and on every way
// out the group is killed, so nothing it started is left behind.

public final class ChildProcess: EventSource {
    private var command: Platform.Command?
    private var open: [FileDescriptor: Int] = [:] // descriptor → stream (1 stdout, 2 stderr)
    private var status: Int32?
    private var reported = false
    private var escalateAt: UInt64?

    public init(_ command: Platform.Command) {
        self.command = command
        for (fd, stream) in [(command.stdoutRead, 1), (command.stderrRead, 2)] where fd >= 0 { open[fd] = stream }
    }

    public var readDescriptors: [FileDescriptor] { Array(open.keys) }
    public var processGroup: Int32? { status == nil ? command?.pid : nil }
    public var runsCommands: Bool { true }
    public var writeDescriptors: [FileDescriptor] { [] }
    /// While a forwarded signal waits for the command to end: when to insist with SIGKILL.
    public var nextDeadline: UInt64? { reported ? nil : escalateAt }

    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        guard case .signalChild(let signal) = effect, let command, status == nil else { return false }
        if escalateAt != nil {
            Platform.killGroup(command.pid) // asked twice: no more waiting
        } else {
            Platform.signalGroup(command.pid, signal)
            // A member stopped (Ctrl-Z, or waiting for the terminal) gets it only once continued.
            Platform.signalGroup(command.pid, .resume)
            escalateAt = now + 3_000_000_000
        }
        return true
    }

    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        guard let command, !reported else { return [] }
        var events: [AlertEvent] = []
        for (fd, stream) in open where readable.contains(fd) {
            guard let bytes = Platform.read(fd, max: 65536) else {
                Platform.close(fd)
                open[fd] = nil
                continue
            }
            if !bytes.isEmpty { events.append(.childOutput(stream: stream, bytes)) }
        }
        if status == nil { status = Platform.reap(command.pid) }
        if let at = escalateAt, now >= at, status == nil { Platform.killGroup(command.pid) }
        // Done when it exited and its pipes are drained (a background grandchild may hold them: then the exit alone).
        if let status, open.isEmpty || !Platform.hasInput(Array(open.keys)) {
            reported = true
            Platform.killGroup(command.pid)
            for fd in open.keys { Platform.close(fd) }
            open = [:]
            events.append(.childExited(status: status))
        }
        return events
    }

    public func shutdown() {
        guard let command else { return }
        if status == nil {
            Platform.killGroup(command.pid)
            _ = Platform.reap(command.pid, wait: true)
        } else {
            Platform.killGroup(command.pid)
        }
        for fd in open.keys { Platform.close(fd) }
        open = [:]
        self.command = nil
    }
}
