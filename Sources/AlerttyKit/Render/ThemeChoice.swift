// `alertty --print-theme` with no name: the look a box gets on this terminal, and why — a theme
// set (ALERTTY_THEME), else the background the terminal reports when asked (OSC 11, the same
// question a box asks as it starts, 50 ms at most), else COLORFGBG, else the dark default.

enum ThemeChoice {
    /// The preset's name (or the theme set) and why, as one line.
    static func here(environment: (String) -> String?, terminal: String = "/dev/tty") -> (name: String, why: String) {
        if let set = environment("ALERTTY_THEME"), !set.isEmpty { return (set, "ALERTTY_THEME is set") }
        let probe = environment("ALERTTY_TERMINAL") ?? ""
        let facts = TerminalFacts(cache: probe) ?? (probe != "off" && probe != "0" ? ask(terminal) : nil)
        if let facts, let light = facts.lightBackground, let c = facts.background {
            let hex = "#" + [c.red, c.green, c.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            return (light ? "light" : "default", "the terminal says its background is \(hex) (OSC 11)")
        }
        if let light = Theme.lightBackground(colorfgbg: environment("COLORFGBG")) {
            return (light ? "light" : "default", "COLORFGBG=\(Sanitize.line(environment("COLORFGBG") ?? "")) says the background is \(light ? "light" : "dark")")
        }
        return ("default", "no theme is set and nothing says the background is light")
    }

    /// The terminal's answers to the probe, in raw mode for the moment it takes (nil: no terminal).
    static func ask(_ path: String) -> TerminalFacts? {
        guard let (fd, mode) = try? Platform.openTerminalWithMode(path) else { return nil }
        defer {
            _ = Platform.setTerminalMode(fd, mode)
            Platform.close(fd)
        }
        guard Platform.setTerminalMode(fd, Platform.rawMode(from: mode)), Platform.writeAll(fd, TerminalProbe.query) else { return nil }
        var facts = TerminalFacts(), carry: [UInt8] = [], typed: [UInt8] = []
        Platform.readArriving(fd, waitMs: TerminalSession.probeWaitMs) { TerminalProbe.read($0, into: &facts, carry: &carry, typed: &typed) }
        return facts
    }

    /// What `--print-theme` prints with no name: the line saying which and why, then the theme.
    static func text(environment: (String) -> String?) -> String {
        let (name, why) = here(environment: environment)
        let body = ThemePresets.text(name) ?? "# (\(Sanitize.line(name)) is a theme file: alertty --print-theme NAME prints a preset)\n"
        return "# alertty's look here: \(Sanitize.line(name)), because \(why).\n" + body
    }
}
