// Waiting on the terminal without a loop: a pause that keeps keys typed meanwhile off the screen.

extension Platform {
    /// A pause with the box up (dialog's --sleep): keys typed meanwhile are not echoed over it
    /// (dialog sleeps with curses' noecho too); they stay typed ahead. A signal that ends the
    /// pause gives the terminal its echo back before it ends the program.
    static func pauseWithoutEcho(seconds: Double, tty: String) {
        guard let (fd, saved) = try? Platform.openTerminalWithMode(tty) else { return Platform.pause(seconds: seconds) }
        defer { Platform.close(fd) }
        let endings: [Platform.Signal] = [.interrupt, .terminate, .hangup, .quit]
        guard let signals = Platform.catchSignals(endings) else { return Platform.pause(seconds: seconds) }
        var quiet = saved
        Platform.disableEcho(&quiet)
        Platform.setTerminalMode(fd, quiet)
        defer {
            Platform.setTerminalMode(fd, saved)
            Platform.restoreDefaultSignals(endings)
        }
        let end = Platform.now() + UInt64(max(0, min(seconds, 1e6)) * 1e9)
        while case let now = Platform.now(), now < end {
            let left = Int32(min((end - now) / 1_000_000 + 1, 1_000_000))
            guard Platform.poll([signals], timeoutMs: left).contains(signals) else { continue }
            if let which = Platform.drainSignals().first {
                Platform.setTerminalMode(fd, saved)
                Platform.die(of: which, wholeGroup: false)
            }
        }
    }
}
