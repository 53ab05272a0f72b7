// `alertty time [TEXT]`: a time of day in hours, minutes and seconds fields (dialog's timebox).
// Left/Right (and Tab) move between the fields, Up/Down change the focused one (wrapping, as a
// clock does), digits type it; --min/--max bound it: OK is disabled outside, with the reason.
// Printed with --format (strftime's %H %M %S %I %p %T %R; %H:%M:%S by default).

public struct TimeAlert: Alert {
    public enum Focus: Equatable, Sendable { case field(Int), button(ButtonRole) }

    public var title: String
    public var body: TextBody
    public private(set) var time: ClockTime
    public let earliest: ClockTime?
    public let latest: ClockTime?
    public let format: String
    let bar: ButtonBar
    public private(set) var focus: Focus = .field(0)
    /// The fields and the buttons in Tab order; with dialog's keys the focus starts on OK and goes
    /// round OK, Cancel, the fields (as dialog's timebox does).
    let order: [Focus]
    /// A digit typed into the focused field, waiting for its second one.
    private var firstDigit: Int?
    private var answeredReason: String?

    public init(title: String, text: String, value: ClockTime, earliest: ClockTime? = nil, latest: ClockTime? = nil,
                format: String = "%H:%M:%S", okLabel: String = tr("OK"), cancelLabel: String = tr("Cancel"),
                extraLabel: String? = nil, helpLabel: String? = nil, startsOnOK: Bool = false) {
        self.title = title
        let bar = ButtonBar(ok: okLabel, cancel: cancelLabel, extra: extraLabel, help: helpLabel)
        let fields: [Focus] = [.field(0), .field(1), .field(2)], buttons: [Focus] = bar.roles.map { .button($0) }
        order = startsOnOK ? buttons + fields : fields + buttons
        focus = order[0]
        body = TextBody(text)
        // Within the bounds from the start (the default, now, may be outside them), as a date is.
        time = Bounds.clamp(value, earliest, latest)
        self.earliest = earliest
        self.latest = latest
        self.format = format
        self.bar = bar
    }

    public var buttonBar: ButtonBar? { bar }

    public func problem(_ t: ClockTime) -> String? { Bounds.problem(t, earliest, latest, shown: \.iso) }

    public var reason: String? { problem(time) }

    public var meaning: AlertMeaning {
        .field(.init(title: title, text: body.text, label: nil, secret: false, placeholder: "HH:MM:SS",
                     reason: answeredReason ?? reason, checking: false, preset: time.iso, refused: answeredReason != nil))
    }

    public var hints: [KeyHint] {
        [KeyHint(.submit, bar.label(.ok) ?? tr("OK")), KeyHint(.cancel, bar.label(.cancel) ?? tr("Cancel")),
         KeyHint(literal: "↑/↓", "change"), KeyHint(literal: "←/→", "field")]
    }

    var buttons: [Button] { bar.buttons(enabled: { $0 != .ok || reason == nil }) }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let width = min(maxWidth, max(body.naturalWidth, 24, ButtonRow.width(buttons), TextWidth.columns(title) + 2))
        let text = body.isEmpty ? 0 : min(body.lineCount(width: width), 6) + 1
        return (width, text + 2 + 2)
    }

    public mutating func layout(_ area: Rect) {
        body.layout(width: area.width, rows: max(0, area.height - 5))
    }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .answer(.current): return take(time)
        case .answer(.button(let role)): return role == .cancel ? [.finish(Outcome(.cancel))] : take(time, as: role.status)
        case .answer(.text(let text)):
            guard let t = ClockTime.parse(text) else {
                answeredReason = "not a time: type it as HH:MM or HH:MM:SS"
                return []
            }
            answeredReason = problem(t)
            return take(t)
        case .action(let action): return act(action)
        default: return []
        }
    }

    private func take(_ t: ClockTime, as status: ExitStatus = .ok) -> [Effect] {
        guard problem(t) == nil else { return [] }
        var outcome = Outcome(status, answer: Array(t.format(format).utf8))
        outcome.replay = [ReplayAnswer(value: Array(t.iso.utf8))]
        return [.finish(outcome)]
    }

    private mutating func act(_ action: Action) -> [Effect] {
        switch action {
        case .cancel: return [.finish(Outcome(.cancel))]
        case .submit:
            // Extra and Help answer the time too (dialog prints it for both).
            if case .button(let role) = focus { return role == .cancel ? [.finish(Outcome(.cancel))] : take(time, as: role.status) }
            return take(time)
        case .focusNext, .focusPrevious:
            firstDigit = nil
            focus = order.cycled(from: focus, by: action == .focusNext ? 1 : -1)
        case .left, .right:
            firstDigit = nil
            focus = order.cycled(from: focus, by: action == .right ? 1 : -1)
        case .up, .down:
            guard case .field(let f) = focus else { return [] }
            firstDigit = nil
            let unit = [3600, 60, 1][f]
            // Each field wraps on its own, as a clock's hands do.
            let (value, span) = [(time.hour, 24), (time.minute, 60), (time.second, 60)][f]
            let next = ((value + (action == .up ? 1 : -1)) % span + span) % span
            time = ClockTime(wrapping: time.seconds + (next - value) * unit)
        case .insert(let c) where ("0"..."9").contains(c):
            guard case .field(let f) = focus, let digit = Int(String(Character(c))) else { return [] }
            let typed = firstDigit.map { $0 * 10 + digit } ?? digit
            let span = [24, 60, 60][f]
            guard typed < span else {
                firstDigit = nil
                return []
            }
            let parts = [time.hour, time.minute, time.second]
            var set = parts
            set[f] = typed
            time = ClockTime(hour: set[0], minute: set[1], second: set[2]) ?? time
            if firstDigit == nil && digit * 10 < span {
                firstDigit = digit
            } else {
                firstDigit = nil
                if f < 2 { focus = .field(f + 1) }
            }
        default:
            break
        }
        return []
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        var y = area.y
        if !body.isEmpty {
            let rows = max(0, area.height - 5)
            body.render(into: &canvas, area: Rect(x: area.x, y: y, width: area.width, height: rows), theme: theme)
            y += rows + 1
        }
        let parts = [time.hour, time.minute, time.second].map { $0 < 10 ? "0\($0)" : "\($0)" }
        var x = area.x + max(0, (area.width - 8) / 2)
        var cursor: (x: Int, y: Int)?
        for (f, part) in parts.enumerated() {
            if focus == .field(f) { cursor = (x, y) } // the focused field, for the terminal's cursor
            x = canvas.text(part, x: x, y: y, style: focus == .field(f) ? theme.selection : theme.field)
            if f < 2 { x = canvas.text(":", x: x, y: y, style: theme.text) }
        }
        if let why = reason {
            canvas.text(Wrap.truncate(why, width: area.width), x: area.x, y: y + 1, style: theme.error)
        }
        let focused: Int? = if case .button(let role) = focus { bar.index(of: role) } else { nil }
        let button = ButtonRow.render(buttons, focused: focused, y: area.maxY - 1, area: area, theme: theme, into: &canvas)
        return cursor ?? button
    }
}

// MARK: - As a command

extension TimeAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.buttons,
        SharedFlags.dialogKeys,
        [
            FlagSpec("value", .text, "TIME", "The time shown first, HH:MM[:SS], within --min and --max (default: now, or the nearer of them)."),
            FlagSpec("min", .text, "TIME", "The earliest time that can be chosen (HH:MM[:SS])."),
            FlagSpec("max", .text, "TIME", "The latest time that can be chosen (HH:MM[:SS])."),
            FlagSpec("format", .text, "FORMAT", "How the time is printed: strftime's %H %M %S %I %p %T %R (default %H:%M:%S)."),
        ],
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .time, flags: flags, summary: "Ask for a time of day in hours, minutes and seconds, within --min and --max.",
        text: "an optional message shown above the field (`-` reads it from stdin)",
        positionals: [PositionalSpec("TEXT", required: false)],
        keys: [KeyUse([.left, .right, .focusNext, .focusPrevious], "move between the fields and the buttons"),
               KeyUse([.up, .down], "change the focused field (it wraps)"), KeyUse(literal: "0-9", "type the focused field")],
        withoutAPerson: "the --value, or now (brought within --min and --max)", hasDefault: { _ in true },
        examples: ["at=$(alertty time --title \"Start the backup at\" --value 02:30 --format %R)"],
        answerSchema: { Describe.boundedSchema(format: "time", $0, "a time of day, HH:MM[:SS]") },
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in
            let command = m.command
            let given = try AlertFactory.bounded(command, ClockTime.parse, what: "a time (HH:MM[:SS])", shown: \.iso)
            let value = given.value ?? ClockTime(wrapping: m.reads.now.secondsSinceMidnight)
            let alert = TimeAlert(title: m.title, text: m.text, value: value, earliest: given.earliest, latest: given.latest,
                                  format: command.string(.format) ?? "%H:%M:%S", okLabel: command.string(.ok) ?? tr("OK"),
                                  cancelLabel: command.string(.cancel) ?? tr("Cancel"), extraLabel: command.string(.extraButton),
                                  helpLabel: command.string(.helpButton), startsOnOK: command.has(.dialogKeys))
            return BuiltAlert(makeAlert: { alert }, options: RunOptions(), printsAnswer: true)
        })
}
