// `alertty number [TEXT]`: a whole number in --min..--max (dialog's rangebox). Left/Right (and
// Up/Down) move by --step, PgUp/PgDn by ten steps, Home/End to the ends; digits (and a leading
// -) type a value, which OK takes only while it is in range and on a step. A bar shows where the
// value stands between the ends. With --dialog-keys (the drop-in's --rangebox) the keys are
// dialog's: the value is edited a digit at a time.

public struct NumberAlert: Alert {
    public enum Focus: Equatable, Sendable { case value, button(ButtonRole) }

    public var title: String
    public var body: TextBody
    public let minimum: Int
    public let maximum: Int
    public let step: Int
    public private(set) var value: Int
    /// Digits being typed over the value (nil: the value as moved to).
    public private(set) var typed: String?
    let bar: ButtonBar
    public private(set) var focus: Focus = .value
    /// dialog's rangebox keys: the focus starts on OK; Left/Right (Tab, Backspace) go through the
    /// value's digit columns and the buttons; Up/- and Down/+ step the focused digit (1 from a
    /// button); a digit sets the focused one; PgUp/PgDn move the bar a cell; Home/End the ends.
    public var dialogKeys = false {
        didSet { if dialogKeys { focus = .button(.ok); column = valueWidth - 1 } }
    }
    /// With dialogKeys, the digit column focused while the focus is on the value (0: leftmost).
    private var column = 0
    /// The bar's width at the last layout: PgUp/PgDn move the value by what one of its cells stands for.
    private var barCells = 30
    static let focusRing: [Focus] = [.value, .button(.ok), .button(.cancel)]
    static let buttonRing: [Focus] = [.button(.ok), .button(.cancel)]

    public init(title: String, text: String, minimum: Int, maximum: Int, step: Int = 1, value: Int? = nil,
                okLabel: String = tr("OK"), cancelLabel: String = tr("Cancel")) {
        self.title = title
        body = TextBody(text)
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.step = max(1, step)
        self.value = Swift.min(self.maximum, Swift.max(minimum, value ?? minimum))
        bar = ButtonBar(ok: okLabel, cancel: cancelLabel)
    }

    public var buttonBar: ButtonBar? { bar }

    /// Why a value cannot be taken, or nil.
    public func problem(_ n: Int?) -> String? {
        guard let n else { return "type a whole number" }
        if n < minimum || n > maximum { return "from \(minimum) to \(maximum)" }
        if (n - minimum) % step != 0 { return "in steps of \(step) from \(minimum)" }
        return nil
    }

    /// What OK would take: the typed digits, or the value.
    var candidate: Int? { typed.map { Int($0) } ?? value }
    public var reason: String? { typed == nil ? nil : problem(candidate) }

    public var meaning: AlertMeaning {
        .field(.init(title: title, text: body.text, label: nil, secret: false, placeholder: "\(minimum)-\(maximum)",
                     reason: answeredReason, checking: false, preset: String(value), refused: answeredReason != nil))
    }
    private var answeredReason: String?

    public var hints: [KeyHint] {
        [KeyHint(.submit, bar.label(.ok) ?? tr("OK")), KeyHint(.cancel, bar.label(.cancel) ?? tr("Cancel")),
         KeyHint(literal: "←/→", "±\(step)"), KeyHint(literal: "0-9", "type")]
    }

    var buttons: [Button] { bar.buttons(enabled: { $0 != .ok || problem(candidate) == nil }) }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let width = Swift.min(maxWidth, Swift.max(body.naturalWidth, 30, ButtonRow.width(buttons), TextWidth.columns(title) + 2))
        let text = body.isEmpty ? 0 : Swift.min(body.lineCount(width: width), 6) + 1
        return (width, text + 3 + 2)
    }

    public mutating func layout(_ area: Rect) {
        body.layout(width: area.width, rows: Swift.max(0, area.height - 6))
        barCells = Swift.max(1, area.width - TextWidth.columns(String(minimum)) - TextWidth.columns(String(maximum)) - 2)
    }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .answer(.current): return take(value)
        case .answer(.text(let text)):
            let n = Int(text.trimmingSpaces())
            if let why = problem(n) {
                answeredReason = why
                return []
            }
            return take(n!)
        case .action(let action): return dialogKeys ? actAsDialog(action) : act(action)
        default: return []
        }
    }

    private func take(_ n: Int) -> [Effect] {
        problem(n) == nil ? [.finish(Outcome(.ok, answer: Array(String(n).utf8)))] : []
    }

    private mutating func act(_ action: Action) -> [Effect] {
        switch action {
        case .cancel: return [.finish(Outcome(.cancel))]
        case .submit:
            if focus == .button(.cancel) { return [.finish(Outcome(.cancel))] }
            guard let n = candidate else { return [] }
            return take(n)
        case .focusNext, .focusPrevious:
            focus = Self.focusRing.cycled(from: focus, by: action == .focusNext ? 1 : -1)
        case .insert(let c) where focus == .value && (("0"..."9").contains(c) || (c == "-" && (typed ?? "").isEmpty)):
            if (typed ?? "").count < 12 { typed = (typed ?? "") + String(Character(c)) }
        case .deleteBackward where typed != nil:
            typed = String(typed!.dropLast())
            if typed!.isEmpty { typed = nil }
        default:
            guard focus == .value else {
                if action == .left || action == .right { focus = Self.buttonRing.cycled(from: focus, by: action == .right ? 1 : -1) }
                return []
            }
            move(action)
        }
        return []
    }

    /// Columns the value is drawn in with dialog's keys: the wider of the ends (as dialog's `%*d`).
    var valueWidth: Int { Swift.max(String(minimum).count, String(maximum).count) }

    /// A value as dialog's keys draw and edit it: right-aligned in `valueWidth` columns.
    func padded(_ shown: String) -> String { String(repeating: " ", count: Swift.max(0, valueWidth - shown.count)) + shown }

    private mutating func actAsDialog(_ action: Action) -> [Effect] {
        let last = valueWidth - 1
        switch action {
        case .cancel:
            return [.finish(Outcome(.cancel))]
        case .submit, .activate:
            return focus == .button(.cancel) ? [.finish(Outcome(.cancel))] : take(value)
        case .right, .focusNext:
            switch focus {
            case .value: if column < last { column += 1 } else { focus = .button(.ok) }
            case .button(.ok): focus = .button(.cancel)
            default: focus = .value; column = 0
            }
        case .left, .focusPrevious, .deleteBackward:
            switch focus {
            case .value: if column > 0 { column -= 1 } else { focus = .button(.cancel) }
            case .button(.cancel): focus = .button(.ok)
            default: focus = .value; column = last
            }
        case .up, .insert("-"), .down, .insert("+"):
            var unit = 1
            if focus == .value { for _ in 0..<(last - column) { unit *= 10 } }
            let down = action == .up || action == .insert("-")
            value = Swift.min(maximum, Swift.max(minimum, value + (down ? -unit : unit)))
        case .pageUp, .pageDown:
            let ranges = maximum - minimum + 1
            let cell = ranges > barCells ? (ranges + barCells - 1) / barCells : Swift.max(1, barCells / Swift.max(1, ranges))
            value = Swift.min(maximum, Swift.max(minimum, value + (action == .pageUp ? -cell : cell)))
        case .home:
            value = minimum
        case .end:
            value = maximum
        case .insert(let c) where focus == .value && ("0"..."9").contains(c):
            // The focused column of the value as drawn takes the digit, if that stays in range.
            var shown = Array(padded(String(value)))
            shown[column] = Character(c)
            if let n = Int(String(shown).trimmingSpaces()), n >= minimum, n <= maximum { value = n }
        default:
            break
        }
        return []
    }

    private mutating func move(_ action: Action) {
        if let t = typed, let n = Int(t), problem(n) == nil { value = n }
        let delta: Int
        switch action {
        case .left, .down: delta = -step
        case .right, .up: delta = step
        case .pageDown: delta = -10 * step
        case .pageUp: delta = 10 * step
        case .home: value = minimum; typed = nil; return
        case .end: value = maximum - (maximum - minimum) % step; typed = nil; return
        default: return
        }
        typed = nil
        let last = maximum - (maximum - minimum) % step
        value = Swift.min(last, Swift.max(minimum, value + delta))
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        var y = area.y
        if !body.isEmpty {
            let rows = Swift.max(0, area.height - 6)
            body.render(into: &canvas, area: Rect(x: area.x, y: y, width: area.width, height: rows), theme: theme)
            y += rows + 1
        }
        // The value, then the bar between the ends.
        var shown = typed ?? String(value)
        if dialogKeys { shown = padded(shown) }
        let valueX = area.x + Swift.max(0, (area.width - TextWidth.columns(shown)) / 2)
        let end = canvas.text(shown, x: valueX, y: y, style: focus == .value ? theme.selection : theme.title)
        let low = String(minimum), high = String(maximum)
        let barX = area.x + TextWidth.columns(low) + 1
        let barWidth = Swift.max(1, area.width - TextWidth.columns(low) - TextWidth.columns(high) - 2)
        canvas.text(low, x: area.x, y: y + 1, style: theme.muted)
        canvas.text(high, x: barX + barWidth + 1, y: y + 1, style: theme.muted)
        let span = Double(Swift.max(1, maximum - minimum))
        let filled = Int((Double(barWidth) * Double(value - minimum) / span).rounded())
        let g = theme.glyphs
        for i in 0..<barWidth {
            _ = canvas.put(i < filled ? g.barFull : g.barEmpty, x: barX + i, y: y + 1, style: i < filled ? theme.barFull : theme.barEmpty)
        }
        if let why = reason {
            canvas.text(Wrap.truncate(why, width: area.width), x: area.x, y: y + 2, style: theme.error)
        }
        let focused: Int? = if case .button(let role) = focus { bar.index(of: role) } else { nil }
        let button = ButtonRow.render(buttons, focused: focused, y: area.maxY - 1, area: area, theme: theme, into: &canvas)
        if dialogKeys { return focus == .value ? (valueX + column, y) : button }
        // On the value (after what is being typed), or on the focused button.
        return focus == .value ? (typed != nil ? (end, y) : (valueX, y)) : button
    }
}

// MARK: - As a command

extension NumberAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.okLabel,
        SharedFlags.cancelLabel,
        SharedFlags.dialogKeys,
        [
            FlagSpec("min", .integer(-1_000_000_000...1_000_000_000), "N", "The lowest value (default 0)."),
            FlagSpec("max", .integer(-1_000_000_000...1_000_000_000), "N", "The highest value (default 100)."),
            FlagSpec("step", .integer(1...1_000_000_000), "N", "Values go from --min in steps of N (default 1)."),
            FlagSpec("value", .text, "N", "The value shown first (default --min)."),
        ],
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .number, flags: flags, summary: "Ask for a whole number in --min..--max by --step, with a bar showing where it stands.",
        text: "an optional message shown above the field (`-` reads it from stdin)",
        positionals: [PositionalSpec("TEXT", required: false)],
        keys: [KeyUse([.left, .right, .up, .down], "one --step down or up"), KeyUse([.pageUp, .pageDown], "ten steps"),
               KeyUse([.home, .end], "the lowest or highest"), KeyUse(literal: "0-9 -", "type a value (OK takes it when it is allowed)"),
               KeyUse([.focusNext, .focusPrevious], "move between the value and the buttons")],
        withoutAPerson: "the --value, or --min", hasDefault: { _ in true },
        examples: ["volume=$(alertty number --title Volume --min 0 --max 100 --step 5 --value 40)"],
        answerSchema: { command in
            Describe.schema(["type": "\"integer\"", "minimum": command.string(.min) ?? "0", "maximum": command.string(.max) ?? "null",
                             "multipleOf": command.string(.step) ?? "null"], "a whole number in range, on a step from the minimum")
        },
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in
            let command = m.command
            let low = command.int(.min) ?? 0, high = command.int(.max) ?? 100
            guard low <= high else { throw UsageError("--min \(low) is above --max \(high)") }
            var start: Int?
            if let given = command.string(.value) {
                guard let n = Int(given) else { throw UsageError("--value \(given) is not a whole number") }
                start = n
            }
            var alert = NumberAlert(title: m.title, text: m.text, minimum: low, maximum: high, step: command.int(.step) ?? 1, value: start,
                                    okLabel: command.string(.ok) ?? tr("OK"), cancelLabel: command.string(.cancel) ?? tr("Cancel"))
            alert.dialogKeys = command.has(.dialogKeys)
            if let start, let why = alert.problem(start) { throw UsageError("--value \(start): \(why)") }
            return BuiltAlert(makeAlert: { alert }, options: RunOptions(), printsAnswer: true)
        })
}
