// Runs `--validate-cmd` without ever blocking the loop: a run starts a short debounce after the
// last edit, a newer edit kills a stale run, a run that hangs is killed at its deadline. The answer
// goes to the command on stdin only — never in argv or the environment — written as the pipe takes
// it (a command that never reads cannot stall us), and its output is read until EOF or exit (a
// command that closes its stdout early is simply done being read). Each run has its own process
// group, ended when the run ends, so nothing it started (`sleep 30 &`) outlives it.

public final class ValidationRunner: EventSource {
    let command: String
    let timeoutNanos: UInt64
    /// The answer is a secret: a reason that repeats any of it is not shown.
    let secret: Bool
    let debounceNanos: UInt64 = 150_000_000

    private var scheduled: (text: [UInt8], generation: Int, at: UInt64)?

    private var running: (run: ShellRun, generation: Int)?

    /// For a form: the field whose checks this runner takes (a run's generation modulo 256).
    let channel: Int?

    public init(command: String, timeoutSeconds: Double, secret: Bool, channel: Int? = nil) {
        self.channel = channel
        self.command = command
        timeoutNanos = UInt64(timeoutSeconds * 1e9)
        self.secret = secret
    }

    public var readDescriptors: [FileDescriptor] { running?.run.reads ?? [] }
    public var writeDescriptors: [FileDescriptor] { running?.run.writes ?? [] }
    public var nextDeadline: UInt64? { scheduled?.at ?? running?.run.deadline }
    public var processGroup: Int32? { running?.run.child.pid }
    public var runsCommands: Bool { true }

    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        guard case .validate(let text, let generation) = effect,
              channel.map({ Verdict.channel(of: generation) == $0 }) ?? true else { return false }
        stopRunning()
        scheduled?.text.resetBytes()
        scheduled = (text, generation, now + debounceNanos)
        return true
    }

    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        if var s = scheduled, now >= s.at {
            scheduled = nil
            start(text: s.text, generation: s.generation, now: now)
            // `s` is now the only owner, so this zeroes the bytes themselves, not a copy of them.
            s.text.resetBytes()
        }
        guard var r = running else { return [] }
        if let status = r.run.advance() {
            let verdict: Validity = status == 0 ? .valid : .invalid(reason(from: r.run.output, input: r.run.input, status: status))
            running = r
            stopRunning()
            return [.validated(generation: r.generation, verdict)]
        }
        running = r
        if now >= r.run.deadline {
            stopRunning()
            let seconds = Double(timeoutNanos) / 1e9
            let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return [.validated(generation: r.generation, .invalid(tr("the check gave no answer within %s s", shown)))]
        }
        return []
    }

    private func start(text: [UInt8], generation: Int, now: UInt64) {
        running = ShellRun(command, input: text, deadline: now + timeoutNanos, keep: 4096).map { ($0, generation) }
    }

    private func reason(from output: [UInt8], input: [UInt8], status: Int32) -> String {
        let firstLine = output.split(separator: 0x0A, omittingEmptySubsequences: true).first.map { Array($0) } ?? []
        if secret, ValidationRunner.repeats(firstLine, of: input) { return "rejected by the check" }
        let text = Sanitize.bytes(firstLine)
        return text.isEmpty ? "rejected by the check (exit \(status))" : text
    }

    /// True when `line` contains the secret, or any four bytes of it in a row (the whole of a shorter one).
    static func repeats(_ line: [UInt8], of secret: [UInt8]) -> Bool {
        guard !secret.isEmpty, !line.isEmpty else { return false }
        let window = min(4, secret.count)
        guard line.count >= window else { return false }
        for start in 0...(secret.count - window) {
            let piece = secret[start..<(start + window)]
            for i in 0...(line.count - window) where line[i..<(i + window)].elementsEqual(piece) { return true }
        }
        return false
    }

    /// Ends the current run and everything in its process group.
    func stopRunning() {
        guard var r = running else { return }
        running = nil
        r.run.stop()
    }

    public func shutdown() {
        stopRunning()
        scheduled?.text.resetBytes()
        scheduled = nil
    }
}

