// Runs `--validate-cmd` without freezing the box: a run starts a short debounce after the last
// edit, a newer edit kills a stale run, a run that hangs is killed at its deadline. The answer
// goes to the command on stdin only — never in argv or the environment.

final class ValidationRunner {
    let command: String
    let timeoutNanos: UInt64
    let debounceNanos: UInt64 = 150_000_000

    private var scheduled: (text: [UInt8], generation: Int, at: UInt64)?
    private var running: (child: Platform.Child, generation: Int, deadline: UInt64, output: [UInt8], finished: Bool)?

    init(command: String, timeoutSeconds: Double) {
        self.command = command
        timeoutNanos = UInt64(timeoutSeconds * 1e9)
    }

    func schedule(text: [UInt8], generation: Int, now: UInt64) {
        stopRunning()
        scheduled?.text.resetBytes()
        scheduled = (text, generation, now + debounceNanos)
    }

    var descriptors: [FileDescriptor] {
        guard let r = running, !r.finished else { return [] }
        return [r.child.stdoutRead]
    }

    /// When the loop must wake up next for this runner.
    var nextDeadline: UInt64? {
        if let s = scheduled { return s.at }
        if let r = running { return min(r.deadline, Platform.now() + 20_000_000) }
        return nil
    }

    /// Starts due runs, collects output and exits. Returns a finished run's verdict.
    func service(now: UInt64) -> (generation: Int, validity: Validity)? {
        if var s = scheduled, now >= s.at {
            scheduled = nil
            start(text: s.text, generation: s.generation, now: now)
            // `s` is now the only owner, so this zeroes the bytes themselves, not a copy of them.
            s.text.resetBytes()
        }
        guard var r = running else { return nil }
        while !r.finished, let chunk = Platform.read(r.child.stdoutRead, max: 4096) {
            if chunk.isEmpty { break }
            if r.output.count < 4096 { r.output += chunk }
        }
        if let status = Platform.reap(r.child.pid) {
            running = nil
            Platform.close(r.child.stdoutRead)
            return (r.generation, status == 0 ? .valid : .invalid(reason(from: r.output, status: status)))
        }
        if now >= r.deadline {
            stopRunning()
            let seconds = Double(timeoutNanos) / 1e9
            let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return (r.generation, .invalid("the check gave no answer within \(shown) s"))
        }
        running = r
        return nil
    }

    private func start(text: [UInt8], generation: Int, now: UInt64) {
        guard let child = Platform.spawnShell(command) else {
            running = nil
            return
        }
        // A command that does not read its input must not block us: write what fits, then close.
        Platform.ignoreBrokenPipes()
        var offset = 0
        while offset < text.count {
            let chunk = Array(text[offset..<min(text.count, offset + 4096)])
            guard Platform.writeAll(child.stdinWrite, chunk) else { break }
            offset += chunk.count
        }
        Platform.close(child.stdinWrite)
        running = (child, generation, now + timeoutNanos, [], false)
    }

    private func reason(from output: [UInt8], status: Int32) -> String {
        let firstLine = output.split(separator: 0x0A, omittingEmptySubsequences: true).first.map { Array($0) } ?? []
        let text = Sanitize.bytes(firstLine)
        return text.isEmpty ? "rejected by the check (exit \(status))" : text
    }

    func stopRunning() {
        guard let r = running else { return }
        Platform.killGroup(r.child.pid)
        _ = Platform.reap(r.child.pid, wait: true)
        Platform.close(r.child.stdoutRead)
        running = nil
    }

    func shutdown() {
        stopRunning()
        scheduled?.text.resetBytes()
        scheduled = nil
    }
}

extension Array where Element == UInt8 {
    /// Overwrites the bytes in place (for buffers that held a secret).
    mutating func resetBytes() {
        for i in indices { self[i] = 0 }
    }
}
