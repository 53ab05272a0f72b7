// `alertty progress [TEXT]`: a gauge fed on stdin (percentages, `# text` lines, dialog's XXX
// blocks), with the elapsed time and an estimate of the time left; it closes at the end of input.
// `alertty progress [TEXT] -- COMMAND…`: a spinner around a command, its latest output line
// shown, its exit status passed on; percent lines from it can drive the bar. Signals that would
// end us are forwarded to the command, which is waited for.

public struct ProgressConfiguration: Sendable {
    public var pulsate = false
    /// --framed: the bar in a frame at the bottom with its percentage in the middle (dialog's gauge).
    public var framed = false
    /// Shown until the first number arrives (whiptail's `--gauge TEXT H W PERCENT`).
    public var initialPercent: Double?
    /// A Cancel button (Esc too): exit 1 at once, the input closed so the producer sees a closed pipe.
    public var cancellable = false
    public var cancelLabel = tr("Cancel")
    /// The command, when one is run.
    public var command: [String]?
    /// Which of the command's streams carries percent lines (1 stdout, 2 stderr), if any.
    public var percentStream: Int?
    public var showOutput = false
    public var errorBox = true
    /// Inline: erase the box at the end instead of leaving a last line.
    public var erase = false
    public var inline = false
    /// --tail N: the command's last N output lines (stdout and stderr as they come) in a pane.
    public var tail = 0
    /// --step: rows declared before their first state arrives (pending until then).
    public var steps: [Step] = []
    public init() {}
}

public struct ProgressAlert: Alert {
    public var title: String
    public private(set) var text: String
    public let configuration: ProgressConfiguration
    public private(set) var percent: Double?
    public private(set) var elapsed: Double = 0
    /// When the current percentage arrived, and the first one, for the estimate.
    private var firstPercent: (value: Double, at: Double)?
    private var parser = GaugeParser()
    private var percentParser = GaugeParser()
    /// The command's latest output line, its stdout (for --show-output), the tail of its stderr.
    public private(set) var lastLine = ""
    private var partialLine: [UInt8] = []
    /// --tail: the last lines, oldest first, and each stream's unfinished line.
    public private(set) var tailLines: [String] = []
    private var partialTail: [Int: [UInt8]] = [:]
    private var captured: [UInt8] = []
    private var errorTail: [String] = []
    private var partialError: [UInt8] = []
    /// A signal was forwarded to the command: end like this once it has gone.
    private var ending: ExitStatus?
    /// The command failed and its error is shown, as a message to acknowledge (a box, a line-mode
    /// prompt; a script acknowledges it at once); it ends with the command's status, the error
    /// as its report (for a script's log).
    private var failure: (box: MessageAlert, status: Int32)?

    public init(title: String, text: String, configuration: ProgressConfiguration) {
        self.title = title
        self.text = text
        self.configuration = configuration
        percent = configuration.initialPercent
        steps = configuration.steps
    }

    /// One row per step, in the order first named.
    public private(set) var steps: [Step] = []
    /// At most this many rows are shown (the latest when there are more).
    static let stepRows = 12
    var stepRowCount: Int { min(steps.count, Self.stepRows) }

    var runsCommand: Bool { configuration.command != nil }
    var indeterminate: Bool { configuration.pulsate || percent == nil }

    public var tickInterval: Double? { 0.1 }
    public var maxFramesPerSecond: Double? { 30 }

    public var hints: [KeyHint] {
        if let failure { return failure.box.hints }
        return configuration.cancellable ? [KeyHint(.cancel, configuration.cancelLabel)] : []
    }

    public var minimumSize: (width: Int, height: Int) { (16, 2) }

    var buttons: [Button] { configuration.cancellable ? [Button(configuration.cancelLabel)] : [] }

    var textLines: [String] { Sanitize.lines(text) }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        if let failure { return failure.box.preferredSize(maxWidth: maxWidth) }
        // A pane of output wants the room a log line needs.
        let width = configuration.tail > 0 ? maxWidth : maxWidth >= 40 ? min(maxWidth, 60) : maxWidth
        let lines = min(Wrap.lines(textLines, width: width).count, 4)
        return (width, lines + 2 + stepRowCount + outputRows + (buttons.isEmpty ? 0 : 2))
    }

    /// Rows under the text for the command's output: its latest line, or the --tail pane.
    var outputRows: Int { runsCommand ? max(1, configuration.tail) : 0 }

    public mutating func layout(_ area: Rect) {
        if var f = failure {
            f.box.layout(area)
            failure = f
        }
    }

    public var meaning: AlertMeaning {
        if let failure, case .message(var m) = failure.box.meaning {
            m.reported = true
            return .message(m)
        }
        return .progress(.init(title: title, text: text, percent: indeterminate ? nil : percent, lastLine: lastLine,
                        steps: steps.map { $0.name + ": " + $0.label }))
    }

    // MARK: - Update

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        if var f = failure {
            let effects = f.box.update(event)
            failure = f
            guard effects.contains(where: { if case .finish = $0 { return true } else { return false } }) else { return [] }
            return finish(exitCode: f.status, report: f.box.body.text)
        }
        switch event {
        case .tick(let seconds):
            elapsed = seconds
        case .input(let bytes):
            apply(parser.feed(bytes))
        case .inputEnded:
            apply(parser.finish())
            return finish(exitCode: 0)
        case .childOutput(let stream, let bytes):
            if stream == configuration.percentStream { apply(percentParser.feed(bytes)) }
            if stream == 1 && configuration.showOutput { captured += bytes }
            if stream == 2 { collectErrors(bytes) }
            if stream != configuration.percentStream {
                collectLastLine(bytes)
                if configuration.tail > 0 { collectTail(stream, bytes) }
            }
        case .childExited(let status):
            if let ending {
                guard ending != .cancel else { return [.finish(Outcome(.cancel))] }
                return [.finish(Outcome(ending, signal: ending == .interrupted ? .job : .process))]
            }
            if !partialError.isEmpty {
                // A last line with no newline ("disk full" then exit) is part of the error too.
                errorTail.append(Sanitize.bytes(Array(partialError.prefix(300)).filter { $0 != 0x0D }))
                partialError = []
            }
            if status != 0 && configuration.errorBox {
                let tail = errorTail.suffix(8).joined(separator: "\n")
                let message = "\(commandName) failed (exit \(status))" + (tail.isEmpty ? "." : ":\n" + tail)
                failure = (MessageAlert(title: title.isEmpty ? "Failed" : title, text: message), status)
                return []
            }
            return finish(exitCode: status)
        case .signal(let status):
            guard runsCommand, ending == nil else { return [] }
            ending = status
            return [.signalChild(status.signal ?? .interrupt)]
        case .action(let action):
            guard configuration.cancellable, action == .cancel || action == .submit || action == .activate else { return [] }
            if runsCommand {
                ending = .cancel
                return [.signalChild(.terminate)]
            }
            return [.closeInput, .finish(Outcome(.cancel))]
        default:
            break
        }
        return []
    }

    var commandName: String { configuration.command?.first.map { Sanitize.line($0) } ?? "the command" }

    private mutating func apply(_ updates: [GaugeParser.Update]) {
        for update in updates {
            switch update {
            case .percent(let p):
                percent = p
                if firstPercent == nil || p < (firstPercent?.value ?? 0) { firstPercent = (p, elapsed) }
            case .text(let t):
                text = t
            case .step(let step):
                if let i = steps.firstIndex(where: { $0.name == step.name }) { steps[i] = step } else { steps.append(step) }
            }
        }
    }

    private mutating func collectLastLine(_ bytes: [UInt8]) {
        partialLine += bytes
        let lines = partialLine.split(separator: 0x0A, omittingEmptySubsequences: false)
        if let complete = lines.dropLast().last(where: { !$0.allSatisfy { $0 == 0x0D || $0 == 0x20 } }) {
            lastLine = Sanitize.bytes(Array(complete.prefix(512)).filter { $0 != 0x0D })
        }
        partialLine = Array((lines.last ?? []).suffix(4096))
    }

    /// Complete lines into the pane, each stream's own partial line kept apart (so a line is never
    /// made of two streams' halves); bounded by the pane's height and 512 bytes a line.
    private mutating func collectTail(_ stream: Int, _ bytes: [UInt8]) {
        let pending = (partialTail[stream] ?? []) + bytes
        let lines = pending.split(separator: 0x0A, omittingEmptySubsequences: false)
        for line in lines.dropLast().suffix(configuration.tail) {
            tailLines.append(Sanitize.bytes(Array(line.prefix(512)).filter { $0 != 0x0D }))
        }
        if tailLines.count > configuration.tail { tailLines.removeFirst(tailLines.count - configuration.tail) }
        partialTail[stream] = Array((lines.last ?? []).suffix(4096))
    }

    private mutating func collectErrors(_ bytes: [UInt8]) {
        partialError += bytes
        let lines = partialError.split(separator: 0x0A, omittingEmptySubsequences: false)
        for line in lines.dropLast() where !line.isEmpty {
            errorTail.append(Sanitize.bytes(Array(line.prefix(300)).filter { $0 != 0x0D }))
        }
        if errorTail.count > 20 { errorTail.removeFirst(errorTail.count - 20) }
        partialError = Array((lines.last ?? []).suffix(4096))
    }

    private func finish(exitCode: Int32, report: String? = nil) -> [Effect] {
        var outcome = Outcome(exitCode == 0 ? .ok : .cancel, answer: configuration.showOutput && !captured.isEmpty ? captured : nil)
        outcome.exitCode = exitCode
        outcome.report = report
        if configuration.inline && !configuration.erase { outcome.farewell = farewell(exitCode: exitCode) }
        return [.finish(outcome)]
    }

    /// Inline's last line: what was done, how far, how long.
    func farewell(exitCode: Int32) -> String {
        let what = textLines.first ?? (runsCommand ? commandName : "")
        let result = runsCommand ? (exitCode == 0 ? "done" : "failed (exit \(exitCode))")
                                 : (percent.map { ProgressAlert.percentText($0) } ?? "done")
        return [what, result, "(" + ProgressAlert.clock(elapsed) + ")"].filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: - Time

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        let (h, m, r) = (s / 3600, (s / 60) % 60, s % 60)
        let mm = m < 10 && h > 0 ? "0\(m)" : "\(m)"
        let ss = r < 10 ? "0\(r)" : "\(r)"
        return h > 0 ? "\(h):\(mm):\(ss)" : "\(mm):\(ss)"
    }

    static func percentText(_ p: Double) -> String { "\(Int(p.rounded(.down)))%" }

    /// Seconds left, once it can tell: some progress made, and for more than a second.
    var remaining: Double? {
        guard !indeterminate, let p = percent, let first = firstPercent, p > first.value, p < 100, elapsed - first.at >= 1 else { return nil }
        let rate = (p - first.value) / (elapsed - first.at)
        return (100 - p) / rate
    }

    // MARK: - Render

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        if let failure { return failure.box.render(into: &canvas, area: area, theme: theme) }
        if configuration.framed && !runsCommand && steps.isEmpty && buttons.isEmpty && area.height >= 3 && area.width > 4 {
            renderFramed(into: &canvas, area: area, theme: theme)
            return nil
        }
        var y = area.y
        let fixed = 2 + stepRowCount + outputRows + (buttons.isEmpty ? 0 : 2)
        let lines = Wrap.lines(textLines, width: max(1, area.width - (runsCommand ? 2 : 0)))
        let shown = min(lines.count, max(0, area.height - fixed))
        for (i, line) in lines.prefix(shown).enumerated() {
            var x = area.x
            if runsCommand && i == 0 {
                let frames = theme.glyphs.spinner
                x = canvas.text(String(frames[Int(elapsed * 10) % frames.count]) + " ", x: x, y: y, style: theme.title)
            }
            canvas.text(line, x: x, y: y, style: theme.text)
            y += 1
        }
        // The steps: each name with its state at the right edge.
        for step in steps.suffix(Self.stepRows) where y < area.maxY {
            let style = switch step.state {
            case .failed: theme.error
            case .running, .percent: theme.title
            case .pending, .skipped: theme.muted
            case .done: theme.text
            }
            let label = Wrap.truncate(step.label, width: max(1, area.width / 3))
            let labelWidth = TextWidth.columns(label)
            canvas.text(Wrap.truncate(step.name, width: max(1, area.width - labelWidth - 1)), x: area.x, y: y, style: theme.text)
            canvas.text(label, x: area.maxX - labelWidth, y: y, style: style)
            y += 1
        }
        if runsCommand && configuration.tail > 0 {
            let rows = min(configuration.tail, max(0, area.maxY - y - 2 - (buttons.isEmpty ? 0 : 2)))
            for (i, line) in tailLines.suffix(rows).enumerated() {
                canvas.text(Wrap.truncate(line, width: area.width), x: area.x, y: y + i, style: theme.muted)
            }
            y += rows
        } else if runsCommand {
            canvas.text(Wrap.truncate(lastLine, width: area.width), x: area.x, y: y, style: theme.muted)
            y += 1
        }
        renderBar(into: &canvas, x: area.x, y: y, width: area.width, theme: theme)
        y += 1
        var info = "elapsed " + ProgressAlert.clock(elapsed)
        if let left = remaining { info += " · about " + ProgressAlert.clock(left + 0.5) + " left" }
        canvas.text(Wrap.truncate(info, width: area.width), x: area.x, y: y, style: theme.muted)
        if !buttons.isEmpty {
            return ButtonRow.render(buttons, focused: 0, y: area.maxY - 1, area: area, theme: theme, into: &canvas)
        }
        return nil
    }

    /// The programs' gauge: the text from the top and the bar at the bottom, `NN%` in its
    /// middle. dialog's bar is in a frame on the last three rows, its done part reversed; whiptail's
    /// (newt's scale) sits on the row over the bottom margin, its done part in fullscale's colour.
    private func renderFramed(into canvas: inout Canvas, area: Rect, theme: Theme) {
        let newt = theme.laidOutAsNewt
        let bar = newt ? Rect(x: area.x + 1, y: area.maxY - 1, width: area.width - 2, height: 1)
                       : Rect(x: area.x + 2, y: area.maxY - 2, width: area.width - 4, height: 1)
        for (i, line) in Wrap.lines(textLines, width: area.width).prefix(max(0, bar.y - area.y - 1)).enumerated() {
            canvas.text(line, x: area.x, y: area.y + i, style: theme.text)
        }
        if !newt { Chrome.frame(bar.inset(-1, -1), theme: theme, into: &canvas) }
        // (the drop-in's scale colours are blocks' foregrounds: newt's cells take them as backgrounds,
        // under its white)
        var done = theme.barFull, rest = theme.barFull
        if newt {
            done = Style(foreground: .basic(15), background: theme.barFull.foreground)
            rest = Style(foreground: .basic(15), background: theme.barEmpty.foreground)
        } else {
            done.reverse.toggle()
        }
        canvas.fill(bar, style: rest)
        let percent = Int(indeterminate ? 0 : self.percent ?? 0)
        let text = String(repeating: " ", count: max(0, 3 - String(percent).count)) + String(percent) + "%" // (printf's %3d%%)
        // (dialog puts it two columns left of the box's middle, the box being the area and its margins)
        canvas.text(text, x: newt ? bar.x + (bar.width - 4) / 2 : area.x - 2 + (area.width + 4) / 2 - 2, y: bar.y, style: rest)
        for x in bar.x..<bar.x + min(bar.width, percent * bar.width / 100) { canvas.setStyle(done, x: x, y: bar.y) }
    }

    private func renderBar(into canvas: inout Canvas, x: Int, y: Int, width: Int, theme: Theme) {
        let suffix = indeterminate ? "" : " " + ProgressAlert.percentText(percent ?? 0)
        Gauge.render(indeterminate ? .sliding(elapsed: elapsed) : .fraction((percent ?? 0) / 100), suffix: suffix,
                     x: x, y: y, width: width, theme: theme, into: &canvas)
    }
}
