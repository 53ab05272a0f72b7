// The box's look and timing, read from the command, the asking program and the environment.

extension Ask {
    /// The box's look and timing from the command and the environment: colour, theme, glyphs,
    /// placement, animation, the idle timeout and the countdown. A wrong theme is a usage error,
    /// found before anything is drawn.
    static func look(_ command: ParsedCommand, _ asking: Asking, _ environment: (String) -> String?,
                     _ options: inout RunOptions) throws(UsageError) {
        let choice = ColorMode.Choice(rawValue: command.string(.color) ?? "auto") ?? .auto
        options.colors = ColorMode.detect(choice: choice, environment: environment)
        // --theme, else ALERTTY_THEME, else the drop-in's program's colours.
        options.theme = asking.theme
        if let theme = command.string(.theme) ?? environment("ALERTTY_THEME").flatMap({ $0.isEmpty ? nil : $0 }) {
            do { options.theme = try ThemeFile.load(theme) } catch {
                throw command.string(.theme) == nil ? UsageError("ALERTTY_THEME: " + error.message) : error
            }
        }
        // No theme set: the default palette follows the terminal's background, light or dark.
        if options.theme == nil {
            options.followsBackground = true
            options.lightBackground = Theme.lightBackground(colorfgbg: environment("COLORFGBG"))
        }
        options.keep = command.has(.keep) || switchedOn("ALERTTY_KEEP", environment)
        let probe = environment("ALERTTY_TERMINAL") ?? ""
        options.knownTerminal = TerminalFacts(cache: probe)
        options.probeTerminal = probe != "off" && probe != "0" && options.knownTerminal == nil
        options.unicode = Theme.localeIsUTF8(environment: environment)
        options.squareCorners = environment("TERM") == "linux"
        options.backtitle = command.string(.backtitle)
        options.inline = command.has(.inline)
        // Animation needs the modal screen and colour to mean anything.
        // A progress box is shown many times by a script: it appears at once.
        options.animate = !command.has(.noAnimation) && !options.inline && options.colors != .none && !command.alert.runsCommand
        options.timeout = command.seconds(.timeout)
        // (A prompt with no default has none to take: it times out, as without the flag.)
        options.takeDefaultOnTimeout = command.string(.onTimeout) == "default" && hasDefault(command)
        if let seconds = command.seconds(.countdown) {
            // dialog's pause: the default is taken when the seconds shown run out.
            options.timeout = seconds
            options.takeDefaultOnTimeout = true
            options.countdownFrom = Int(seconds.rounded(.up))
        }
        options.width = command.int(.width)
        if let begin = command.string(.begin) {
            let parts = begin.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let row = Int(parts[0]), let column = Int(parts[1]), row >= 0, column >= 0 else {
                throw UsageError("--begin takes ROW,COL (two numbers from 0, as 2,10), not '\(Sanitize.excerpt(begin))'")
            }
            options.begin = ScreenPosition(row: row, column: column)
        }
        if let margin = command.int(.margin) { options.margin = margin }
        options.height = command.int(.height)
        if asking.servedFor != nil {
            // The person did not open it: what they were typing elsewhere must not answer it.
            options.quietKeyboardFirst = Popup.quietKeyboard
            // In tmux, a popup is given tmux's prefix key too: it and its command are tmux's.
            if let tmux = environment("TMUX"), !tmux.isEmpty { options.tmuxPrefixes = Popup.prefixKeys() }
        }
        if case .agent(let asker) = asking.servedFor { options.backtitle = asker }
        if case .popup = asking.servedFor {
            // The popup was sized to the box: the box fills it, and the popup itself is the pop-in.
            options.fillsTerminal = true
            options.animate = false
            options.inline = false
            options.backtitle = nil
        }
    }
}
