// One run of a field's command (`--validate-cmd`, `--suggest-cmd`): `/bin/sh -c COMMAND` in a
// process group of its own, the text on its stdin written as the pipe takes it (a command that
// never reads cannot stall the loop), its stdout read as it comes until EOF (kept while under `keep` bytes).
// Stopped, the whole group goes, and what it was given and said is wiped.

struct ShellRun {
    let child: Platform.Child
    let deadline: UInt64
    private(set) var input: [UInt8]
    private var written = 0
    private(set) var stdinOpen = true
    private(set) var output: [UInt8] = []
    private(set) var outputOpen = true
    let keep: Int

    /// Started (nil: the shell could not be run).
    init?(_ command: String, input: [UInt8], deadline: UInt64, keep: Int) {
        guard let child = Platform.spawnShell(command) else { return nil }
        (self.child, self.input, self.deadline, self.keep) = (child, input, deadline, keep)
    }

    var reads: [FileDescriptor] { outputOpen ? [child.stdoutRead] : [] }
    var writes: [FileDescriptor] { stdinOpen ? [child.stdinWrite] : [] }

    /// Writes what the pipe takes now and reads what is there; the exit status once it has ended
    /// (what it wrote just before exiting read too).
    mutating func advance() -> Int32? {
        feed()
        read()
        guard let status = Platform.reap(child.pid) else { return nil }
        read()
        return status
    }

    /// Writes what the pipe takes now; closes stdin once all is written or the command stopped reading.
    private mutating func feed() {
        guard stdinOpen else { return }
        if written < input.count {
            guard let n = Platform.writeSome(child.stdinWrite, input[written...]) else {
                written = input.count // the reader is gone: nothing more to send
                closeInput()
                return
            }
            written += n
        }
        if written >= input.count { closeInput() }
    }

    private mutating func closeInput() {
        Platform.close(child.stdinWrite)
        stdinOpen = false
    }

    /// Reads what is there; at EOF stops watching the pipe (no spinning on a closed one).
    private mutating func read() {
        while outputOpen {
            guard let chunk = Platform.read(child.stdoutRead, max: 4096) else {
                Platform.close(child.stdoutRead)
                outputOpen = false
                return
            }
            if chunk.isEmpty { return }
            if output.count < keep { output += chunk }
        }
    }

    /// Ends the run and everything in its process group.
    mutating func stop() {
        Platform.killGroup(child.pid)
        _ = Platform.reap(child.pid, wait: true)
        if stdinOpen { closeInput() }
        if outputOpen {
            Platform.close(child.stdoutRead)
            outputOpen = false
        }
        wipe()
    }

    /// What it was given and said, zeroed (a secret's check).
    mutating func wipe() {
        input.resetBytes()
        output.resetBytes()
    }
}
