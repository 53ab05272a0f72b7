// `alertty date [TEXT]`: a month calendar (dialog's calendar, the date picker gum users ask for).
// Arrows move by day and week, PgUp/PgDn by month, Home/End to the month's ends; digits start a
// typed date (YYYY-MM-DD), Enter jumps there. --min/--max bound it: days outside are dimmed, the
// cursor cannot go there, and a typed or scripted date outside is refused with the reason. The
// answer is printed with --format (strftime's date conversions; ISO 8601 by default).

public struct DateAlert: Alert {
    /// The day grid, a button, or (with dialog's keys) the month or the year heading.
    public enum Focus: Equatable, Sendable { case calendar, month, year, button(ButtonRole) }

    public var title: String
    public var body: TextBody
    public private(set) var cursor: CalendarDate
    public let earliest: CalendarDate?
    public let latest: CalendarDate?
    public let format: String
    let bar: ButtonBar
    public private(set) var focus: Focus = .calendar
    /// The Tab ring: the calendar, OK, Cancel; with dialog's keys the focus starts on OK and goes
    /// round OK, Cancel, the calendar (as dialog's calendar does).
    let focusRing: [Focus]
    /// The buttons, left to right (OK, an extra one, Cancel, Help).
    let buttonRing: [Focus]
    /// A date being typed, and why the last one was not taken.
    public private(set) var typed: TextField?
    public private(set) var reason: String?

    public init(title: String, text: String, value: CalendarDate, earliest: CalendarDate? = nil, latest: CalendarDate? = nil,
                format: String = "%Y-%m-%d", okLabel: String = tr("OK"), cancelLabel: String = tr("Cancel"),
                extraLabel: String? = nil, helpLabel: String? = nil, startsOnOK: Bool = false) {
        self.title = title
        let bar = ButtonBar(ok: okLabel, cancel: cancelLabel, extra: extraLabel, help: helpLabel)
        buttonRing = bar.roles.map { .button($0) }
        // dialog's calendar goes from its buttons to the month, the year, then the days.
        focusRing = startsOnOK ? buttonRing + [.month, .year, .calendar] : [.calendar] + buttonRing
        focus = focusRing[0]
        body = TextBody(text)
        self.earliest = earliest
        self.latest = latest
        self.format = format
        self.bar = bar
        cursor = value
        cursor = clamped(value)
    }

    public var buttonBar: ButtonBar? { bar }

    func clamped(_ d: CalendarDate) -> CalendarDate { Bounds.clamp(d, earliest, latest) }

    func outOfRange(_ d: CalendarDate) -> String? { Bounds.problem(d, earliest, latest, shown: \.iso) }

    public var hints: [KeyHint] {
        if typed != nil { return [KeyHint(.submit, "go to it"), KeyHint(.cancel, "back")] }
        return [KeyHint(.submit, bar.label(.ok) ?? tr("OK")), KeyHint(.cancel, bar.label(.cancel) ?? tr("Cancel")),
                KeyHint(literal: "arrows", "day/week"), KeyHint(.pageDown, "month"), KeyHint(literal: "0-9", "type")]
    }

    public var meaning: AlertMeaning {
        .field(.init(title: title, text: body.text, label: nil, secret: false, placeholder: "YYYY-MM-DD", reason: reason,
                     checking: false, preset: cursor.iso, refused: reason != nil))
    }

    // MARK: - Size

    static let gridWidth = 20 // 7 columns of 2, a space between
    static let gridHeight = 8 // month, weekdays, six weeks

    var buttons: [Button] { bar.buttons() }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let width = min(maxWidth, max(body.naturalWidth, Self.gridWidth + 4, ButtonRow.width(buttons), TextWidth.columns(title) + 2, 28))
        let text = body.isEmpty ? 0 : min(body.lineCount(width: width), 6) + 1
        return (width, text + Self.gridHeight + 1 + 2)
    }

    public var minimumSize: (width: Int, height: Int) { (Self.gridWidth, Self.gridHeight + 3) }

    public mutating func layout(_ area: Rect) {
        let rows = max(0, area.height - Self.gridHeight - 3)
        body.layout(width: area.width, rows: rows == 0 ? 0 : rows - 1)
    }

    // MARK: - Update

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .answer(.current): return choose(cursor)
        case .answer(.button(let role)): return role == .cancel ? [.finish(Outcome(.cancel))] : choose(cursor, as: role.status)
        case .answer(.text(let text)):
            guard let d = CalendarDate.parse(text) else {
                reason = "not a date: type it as YYYY-MM-DD"
                return []
            }
            return choose(d)
        case .action(let action):
            return typed == nil ? act(action) : type(action)
        default:
            return []
        }
    }

    private mutating func choose(_ d: CalendarDate, as status: ExitStatus = .ok) -> [Effect] {
        if let problem = outOfRange(d) {
            reason = problem
            return []
        }
        var outcome = Outcome(status, answer: Array(d.format(format).utf8))
        outcome.replay = [ReplayAnswer(value: Array(d.iso.utf8))]
        return [.finish(outcome)]
    }

    private mutating func act(_ action: Action) -> [Effect] {
        reason = nil
        switch action {
        case .cancel: return [.finish(Outcome(.cancel))]
        case .submit, .activate:
            // Extra and Help answer the date too (dialog prints it for both).
            if case .button(let role) = focus { return role == .cancel ? [.finish(Outcome(.cancel))] : choose(cursor, as: role.status) }
            if action == .activate { return [] }
            return choose(cursor)
        case .focusNext, .focusPrevious:
            focus = focusRing.cycled(from: focus, by: action == .focusNext ? 1 : -1)
        case .insert(let c) where focus == .calendar && ("0"..."9").contains(c):
            typed = TextField(LineEditor(String(Character(c))))
        default:
            if focus == .month || focus == .year {
                // The arrows step the month or the year, as in dialog's month and year boxes.
                guard let step: Int = [.left: -1, .up: -1, .right: 1, .down: 1][action] else { return [] }
                cursor = clamped(cursor.adding(months: focus == .month ? step : 12 * step))
                return []
            }
            guard focus == .calendar else {
                if action == .left || action == .right { focus = buttonRing.cycled(from: focus, by: action == .right ? 1 : -1) }
                return []
            }
            move(action)
        }
        return []
    }

    private mutating func move(_ action: Action) {
        let next: CalendarDate
        switch action {
        case .left: next = cursor.adding(days: -1)
        case .right: next = cursor.adding(days: 1)
        case .up: next = cursor.adding(days: -7)
        case .down: next = cursor.adding(days: 7)
        case .pageUp: next = cursor.adding(months: -1)
        case .pageDown: next = cursor.adding(months: 1)
        case .home: next = cursor.firstOfMonth
        case .end: next = cursor.lastOfMonth
        default: return
        }
        cursor = clamped(next)
    }

    private mutating func type(_ action: Action) -> [Effect] {
        switch action {
        case .cancel:
            typed = nil
        case .submit:
            let text = typed?.editor.text ?? ""
            typed = nil
            guard let d = CalendarDate.parse(text) else {
                reason = "not a date: type it as YYYY-MM-DD"
                return []
            }
            if let problem = outOfRange(d) { reason = problem } else { cursor = d }
        case .insert(let c) where !(("0"..."9").contains(c) || c == "-" || c == "/" || c == "."):
            break
        case .insert where (typed?.editor.text.count ?? 0) >= 10:
            break
        default:
            _ = typed?.editor.apply(action)
        }
        return []
    }

    // MARK: - Drawing

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        var y = area.y
        let textRows = max(0, area.height - Self.gridHeight - 3)
        if textRows > 0 && !body.isEmpty {
            body.render(into: &canvas, area: Rect(x: area.x, y: y, width: area.width, height: textRows - 1), theme: theme)
            y += textRows
        }
        let x = area.x + max(0, (area.width - Self.gridWidth) / 2)
        let month = CalendarDate.monthNames[cursor.month - 1], year = String(cursor.year)
        let headingX = area.x + max(0, (area.width - TextWidth.columns(month + " " + year)) / 2)
        let yearX = canvas.text(month + " ", x: headingX, y: y, style: theme.title)
        canvas.text(year, x: yearX, y: y, style: theme.title)
        var headingCursor: (x: Int, y: Int)?
        if focus == .month || focus == .year {
            let at = focus == .month ? headingX : yearX
            canvas.text(focus == .month ? month : year, x: at, y: y, style: theme.selection)
            headingCursor = (at, y)
        }
        canvas.text("Mo Tu We Th Fr Sa Su", x: x, y: y + 1, style: theme.muted)
        let first = cursor.firstOfMonth
        var focusedDay: (x: Int, y: Int)?
        for day in 1...CalendarDate.days(inMonth: cursor.month, year: cursor.year) {
            let d = first.adding(days: day - 1)
            let cell = day - 1 + first.weekday - 1
            let cx = x + (cell % 7) * 3, cy = y + 2 + cell / 7
            let label = day < 10 ? " \(day)" : "\(day)"
            let style = d == cursor ? (focus == .calendar ? theme.selection : theme.buttonFocused)
                      : outOfRange(d) != nil ? theme.muted : theme.text
            canvas.text(label, x: cx, y: cy, style: style)
            if d == cursor && focus == .calendar { focusedDay = (cx, cy) }
        }
        let statusY = area.maxY - 3
        var cursorAt: (x: Int, y: Int)?
        if let typed {
            let start = canvas.text("Go to: ", x: area.x, y: statusY, style: theme.text)
            var field = typed
            field.layout(width: max(1, min(12, area.maxX - start)))
            cursorAt = field.render(into: &canvas, rect: Rect(x: start, y: statusY, width: max(1, min(12, area.maxX - start)), height: 1), theme: theme)
        } else if let reason {
            canvas.text(Wrap.truncate(reason, width: area.width), x: area.x, y: statusY, style: theme.error)
        } else {
            let shown = cursor.format("%A, %e %B %Y")
            canvas.text(Wrap.truncate(shown, width: area.width), x: area.x + max(0, (area.width - TextWidth.columns(shown)) / 2), y: statusY, style: theme.muted)
        }
        let focused: Int? = if case .button(let role) = focus { bar.index(of: role) } else { nil }
        let button = ButtonRow.render(buttons, focused: focused, y: area.maxY - 1, area: area, theme: theme, into: &canvas)
        return cursorAt ?? focusedDay ?? headingCursor ?? button
    }
}

// MARK: - As a command

extension DateAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.buttons,
        SharedFlags.dialogKeys,
        [
            FlagSpec("value", .text, "DATE", "The date shown first, YYYY-MM-DD, within --min and --max (default: today, or the nearer of them)."),
            FlagSpec("min", .text, "DATE", "The earliest date that can be chosen (YYYY-MM-DD)."),
            FlagSpec("max", .text, "DATE", "The latest date that can be chosen (YYYY-MM-DD)."),
            FlagSpec("format", .text, "FORMAT", "How the date is printed: strftime's %Y %m %d %e %j %B %b %A %a %u %F … (default %Y-%m-%d)."),
        ],
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .date, flags: flags, summary: "Ask for a date on a month calendar, within --min and --max.",
        text: "an optional message shown above the field (`-` reads it from stdin)",
        positionals: [PositionalSpec("TEXT", required: false)],
        keys: [KeyUse([.left, .right], "a day back or on"), KeyUse([.up, .down], "a week back or on"),
               KeyUse([.pageUp, .pageDown], "a month back or on"), KeyUse([.home, .end], "the month's first or last day"),
               KeyUse(literal: "0-9", "type a date (YYYY-MM-DD); Enter goes to it"),
               KeyUse([.focusNext, .focusPrevious], "move between the calendar and the buttons")],
        withoutAPerson: "the --value, or today (brought within --min and --max)", hasDefault: { _ in true },
        examples: ["day=$(alertty date --title \"Maintenance window\" --min 2026-12-01 --max 2026-12-31)",
                   "alertty date --format '%d/%m/%Y' --value 2026-11-26"],
        answerSchema: { Describe.boundedSchema(format: "date", $0, "a date, YYYY-MM-DD") },
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in
            let command = m.command
            let given = try AlertFactory.bounded(command, CalendarDate.parse, what: "a date (YYYY-MM-DD)", shown: \.iso)
            let now = m.reads.now
            let value = given.value ?? CalendarDate(year: now.year, month: now.month, day: now.day) ?? CalendarDate(dayNumber: 0)
            let alert = DateAlert(title: m.title, text: m.text, value: value, earliest: given.earliest, latest: given.latest,
                                  format: command.string(.format) ?? "%Y-%m-%d", okLabel: command.string(.ok) ?? tr("OK"),
                                  cancelLabel: command.string(.cancel) ?? tr("Cancel"), extraLabel: command.string(.extraButton),
                                  helpLabel: command.string(.helpButton), startsOnOK: command.has(.dialogKeys))
            return BuiltAlert(makeAlert: { alert }, options: RunOptions(), printsAnswer: true)
        })
}
