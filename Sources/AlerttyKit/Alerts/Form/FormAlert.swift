// `alertty form`: several fields in one box — text, password, number, date, time, a switch, a
// choice, several choices (multi) — each
// with the rules `input` has, behind one smart OK button: OK stays disabled until every field is
// valid, the focused field's reason shows under the box's fields, and Enter on the last field (or
// OK) submits only when all are valid, otherwise it jumps to the first invalid field.
// Answers print as lines, JSON, or shell assignments safe to `eval`.

public struct FormField {
    public var declaration: FieldDeclaration
    public var text: TextField
    public var rules: Rules?
    public var on = false
    public var choice = 0
    public var choices: [String] = []
    /// A multi's marked options (by index), and how many it takes.
    public var marks: Set<Int> = []
    var fewest = 0
    var most: Int?
    /// --validate-cmd (also in `rules`, which run it).
    public var command: String?
    /// The value's rules and the command's verdict, shown as `input` shows them; the verdict's
    /// channel is the field's place in the form.
    var check = ValidatedText()
    var verdict: Verdict {
        get { check.verdict }
        set { check.verdict = newValue }
    }
    /// A --confirm field's second entry: the index of the field it must match, and that field's
    /// text as it stands (kept in step by the form, wiped with it).
    var confirms: Int?
    var expected: [UInt8] = []

    var kind: FieldDeclaration.Kind { declaration.kind }
    /// --readonly: shown and printed, never focused or edited.
    var readonly: Bool { declaration.options[.readonly] != nil }

    init(_ d: FieldDeclaration, mask: Character) throws(UsageError) {
        declaration = d
        var editor = LineEditor(d.options[.default] ?? "")
        editor.secret = d.kind == .password
        text = TextField(editor, placeholder: d.options[.placeholder] ?? "", mask: d.kind == .password ? mask : nil)
        func int(_ key: FieldOption) throws(UsageError) -> Int? {
            guard let v = d.options[key] else { return nil }
            guard let n = Int(v) else { throw UsageError("--field \(d.name): --\(key.rawValue) needs a whole number, not '\(v)'") }
            return n
        }
        switch d.kind {
        case .text, .password:
            let preset = d.options[.validate].flatMap(Preset.init(rawValue:))
            if let v = d.options[.validate], preset == nil {
                throw UsageError("--field \(d.name): --validate must be one of \(Preset.allCases.map(\.rawValue).joined(separator: ", ")), not '\(v)'")
            }
            command = d.options[.validateCmd]
            do {
                rules = try Rules(preset: preset ?? .none, pattern: d.options[.regex], minLength: try int(.minLength),
                                  maxLength: try int(.maxLength), command: command)
            } catch {
                throw UsageError("--field \(d.name): " + error.message)
            }
        case .number:
            rules = try Rules(preset: .number)
            let low = try int(.min), high = try int(.max)
            rules?.custom = { text in
                guard let v = Double(text) else { return nil }
                if let low, v < Double(low) { return "at least \(low)" }
                if let high, v > Double(high) { return "at most \(high)" }
                return nil
            }
        case .switch:
            let d0 = (d.options[.default] ?? "off").lowercased()
            guard ["on", "off", "yes", "no", "true", "false", "1", "0"].contains(d0) else {
                throw UsageError("--field \(d.name): a switch's --default is on or off, not '\(d0)'")
            }
            on = ["on", "yes", "true", "1"].contains(d0)
        case .date:
            rules = try Self.boundedRule(d, { CalendarDate.parse($0)?.dayNumber }, kind: "date", shape: "YYYY-MM-DD",
                                         shown: { CalendarDate(dayNumber: $0).iso })
            if d.options[.placeholder] == nil { text.placeholder = "YYYY-MM-DD" }
        case .time:
            rules = try Self.boundedRule(d, { ClockTime.parse($0)?.seconds }, kind: "time", shape: "HH:MM or HH:MM:SS",
                                         shown: { ClockTime(wrapping: $0).iso })
            if d.options[.placeholder] == nil { text.placeholder = "HH:MM" }
        case .multi:
            choices = (d.options[.options] ?? "").split(separator: ",", omittingEmptySubsequences: true).map(String.init)
            guard !choices.isEmpty else { throw UsageError("--field \(d.name): a multi needs --options A,B,C") }
            for v in (d.options[.default] ?? "").split(separator: ",", omittingEmptySubsequences: true) {
                guard let i = choices.firstIndex(of: String(v)) else { throw UsageError("--field \(d.name): --default '\(v)' is not one of the --options") }
                marks.insert(i)
            }
            fewest = try int(.min) ?? 0
            most = try int(.max)
            if let most, most < fewest { throw UsageError("--field \(d.name): --min \(fewest) is more than --max \(most)") }
        case .choice:
            choices = (d.options[.options] ?? "").split(separator: ",", omittingEmptySubsequences: true).map(String.init)
            guard !choices.isEmpty else { throw UsageError("--field \(d.name): a choice needs --options A,B,C") }
            if let v = d.options[.default] {
                guard let i = choices.firstIndex(of: v) else { throw UsageError("--field \(d.name): --default '\(v)' is not one of the --options") }
                choice = i
            }
        }
    }

    /// A date or time field's rule, as the date and time alerts check theirs: a value of its
    /// kind, within --min and --max, said as they say it (Bounds). Its options are checked now.
    /// (Values as their day or second numbers: one function for both kinds, not a copy each.)
    static func boundedRule(_ d: FieldDeclaration, _ parse: @escaping (String) -> Int?, kind: String, shape: String,
                            shown: @escaping (Int) -> String) throws(UsageError) -> Rules {
        func read(_ key: FieldOption) throws(UsageError) -> Int? {
            guard let given = d.options[key] else { return nil }
            guard let value = parse(given) else { throw UsageError("--field \(d.name): --\(key.rawValue) needs a \(kind) (\(shape)), not '\(given)'") }
            return value
        }
        let earliest = try read(.min), latest = try read(.max)
        _ = try read(.default)
        if let earliest, let latest, earliest > latest {
            throw UsageError("--field \(d.name): --min \(shown(earliest)) is after --max \(shown(latest))")
        }
        var rules = try Rules()
        rules.custom = { text in
            guard let value = parse(text) else { return text.isEmpty ? "type a \(kind)" : "not a \(kind): type it as \(shape)" }
            return Bounds.problem(value, earliest, latest, shown: shown)
        }
        return rules
    }

    /// Why the value is refused, if it is (a running check counts as not yet valid); the
    /// field's --invalid-message, when it has one, says it instead of the rule.
    var reason: String? {
        // The second entry asks one thing: the first again; a refusal once it differs.
        if kind == .multi {
            if marks.count < fewest { return tr("choose at least %d", fewest) }
            if let most, marks.count > most { return tr("choose at most %d", most) }
            return nil
        }
        if confirms != nil {
            let typed = text.editor.bytes
            return typed == expected ? nil : expected.starts(with: typed) ? tr("must match the first entry") : tr("the entries did not match; type it again")
        }
        return check.reason
    }

    var isChecking: Bool { verdict.isChecking }

    /// A multi's marked options, in the order of its --options.
    var marked: [String] { marks.sorted().map { choices[$0] } }

    /// Edited as a line of text (not toggled or chosen).
    var isTextual: Bool { ![.switch, .choice, .multi].contains(kind) }

    /// The value as text (a switch: on/off).
    var value: String {
        switch kind {
        case .switch: return on ? "on" : "off"
        case .choice: return choices[choice]
        case .multi: return marked.joined(separator: ",")
        // A date or a time as the alerts print it: 2026-12-05, 09:30 (seconds when given).
        case .date: return CalendarDate.parse(text.editor.text)?.iso ?? text.editor.text
        case .time: return ClockTime.parse(text.editor.text).map { $0.format($0.second == 0 ? "%H:%M" : "%H:%M:%S") } ?? text.editor.text
        default: return text.editor.text
        }
    }
}

public struct FormAlert: Alert {
    public enum Output: String, CaseIterable, Sendable { case lines, json, shell }
    public enum Focus: Equatable, Sendable {
        case field(Int), button(ButtonRole)
        public static let ok = Focus.button(.ok), cancel = Focus.button(.cancel)
    }

    public var title: String
    public var body: TextBody
    public private(set) var fields: [FormField]

    /// Its fields as declared, with their values (a retype field is its field's second half).
    public var formFields: [(declaration: FieldDeclaration, value: String)]? {
        fields.filter { $0.confirms == nil }.map { ($0.declaration, $0.value) }
    }
    public private(set) var focus: Focus = .field(0) {
        didSet { if case .field(let i) = focus { lastField = i } }
    }
    public let output: Output
    public let okLabel: String
    public let cancelLabel: String
    public var bar: ButtonBar
    public var buttonBar: ButtonBar? { bar }
    /// The field last focused (Help names it; dialog's Tab comes back to it from the buttons).
    private var lastField = 0
    /// The form was submitted while only running checks stood in the way: submitted (with this
    /// status) once they are done. An edit forgets it.
    private var submitWhenChecked: ExitStatus?
    /// dialog's form keys: Enter submits from any field, a field is entered at its start, and Tab
    /// goes between the fields (as one) and the buttons; Up and Down move between fields.
    /// Ctrl-E: the end, and at the end of a text field the person's editor.
    public var keyOverrides: [KeyPress: Action] { Self.descriptor.keyOverrides }

    /// What the person's editor left to say (it failed, or wrote several lines), until the next key.
    private var editorNote: String?
    public var dialogKeys = false {
        didSet { if dialogKeys, case .field(let j) = focus { fields[j].text.editor.apply(.home) } }
    }
    private var top = 0
    private var visibleFields = 10

    public init(title: String, text: String, fields: [FieldDeclaration], output: Output, okLabel: String = tr("OK"),
                cancelLabel: String = tr("Cancel"), extraLabel: String? = nil, helpLabel: String? = nil,
                unicode: Bool = true) throws(UsageError) {
        self.title = title
        body = TextBody(text)
        var built: [FormField] = []
        for d in fields {
            built.append(try FormField(d, mask: unicode ? "•" : "*"))
            if d.kind == .password, d.options[.confirm] != nil {
                // Its second entry, right after it; checked against it, never printed.
                var again = FieldDeclaration(name: d.name + "_confirm", kind: .password, label: tr("Retype to confirm:"))
                again.options[.placeholder] = d.options[.placeholder]
                var field = try FormField(again, mask: unicode ? "•" : "*")
                field.confirms = built.count - 1
                built.append(field)
            }
        }
        guard !built.isEmpty else { throw UsageError("form needs at least one --field NAME KIND LABEL") }
        for i in built.indices {
            built[i].check = ValidatedText(verdict: Verdict(channel: i), invalidMessage: built[i].declaration.options[.invalidMessage],
                                           hint: built[i].rules?.hint)
            built[i].verdict.checkRules(rules: built[i].rules, on: built[i].text.editor)
        }
        self.fields = built
        if let first = built.firstIndex(where: { !$0.readonly }) {
            focus = .field(first)
            lastField = first
        } else {
            focus = .ok
        }
        self.output = output
        self.okLabel = okLabel
        self.cancelLabel = cancelLabel
        bar = ButtonBar(ok: okLabel, cancel: cancelLabel, extra: extraLabel, help: helpLabel)
    }

    public var firstInvalid: Int? { fields.firstIndex { !$0.readonly && $0.reason != nil } }
    public var isValid: Bool { firstInvalid == nil }

    var buttons: [Button] { bar.buttons(enabled: buttonFocusable) }

    /// A button that answers is usable only while every field is valid.
    private func buttonFocusable(_ role: ButtonRole) -> Bool { !role.answers || isValid }

    public var hints: [KeyHint] {
        var h = [KeyHint(.submit, isValid ? okLabel : "next"), KeyHint(.cancel, cancelLabel), KeyHint(.focusNext, "next field")]
        if case .field(let i) = focus, !fields[i].isTextual { h.insert(KeyHint(.activate, fields[i].kind == .multi ? "mark" : "change"), at: 2) }
        return h
    }

    public var minimumSize: (width: Int, height: Int) { (20, 4) }

    var labelWidth: Int { min(24, fields.map { TextWidth.shownColumns($0.declaration.label) }.max() ?? 0) }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let width = min(maxWidth, max(50, body.naturalWidth, labelWidth + 30))
        let lines = body.lineCount(width: width)
        // text, blank, fields, reason, blank, buttons
        return (width, (lines > 0 ? lines + 1 : 0) + fields.count + 3)
    }

    func textRows(in area: Rect) -> Int { min(body.lineCount(width: area.width), max(0, area.height - 4 - min(fields.count, 3))) }

    public mutating func layout(_ area: Rect) {
        let rows = textRows(in: area)
        body.layout(width: area.width, rows: rows)
        visibleFields = max(1, area.height - (rows > 0 ? rows + 1 : 0) - 3)
        if case .field(let i) = focus {
            if i < top { top = i }
            if i >= top + visibleFields { top = i - visibleFields + 1 }
        }
        top = max(0, min(top, fields.count - visibleFields))
        let fieldWidth = max(1, area.width - labelWidth - 2)
        for i in fields.indices where fields[i].isTextual {
            fields[i].text.layout(width: fieldWidth)
        }
    }

    public var meaning: AlertMeaning {
        guard case .field(let i) = focus else { return .question(.init(title: title, text: "Submit?", yes: okLabel, no: cancelLabel, defaultYes: true)) }
        let f = fields[i]
        let label = Sanitize.line(f.declaration.label)
        let name = f.declaration.name
        switch f.kind {
        case .switch:
            return .question(.init(title: title, text: body.text.isEmpty ? label + "?" : body.text + "\n" + label + "?", yes: tr("yes"), no: tr("no"),
                                   defaultYes: f.on, name: name, hint: f.declaration.options[.hint]))
        case .choice:
            return .list(.init(title: title, text: label, labels: ItemTexts(f.choices), tags: ItemTexts(f.choices), names: ItemTexts(f.choices), focused: f.choice, multi: false, minimum: 1, maximum: 1,
                               marked: [], reason: nil, defaultItem: f.choice, name: name, hint: f.declaration.options[.hint]))
        case .multi:
            return .list(.init(title: title, text: label, labels: ItemTexts(f.choices), tags: ItemTexts(f.choices), names: ItemTexts(f.choices), focused: f.choice, multi: true,
                               minimum: f.fewest, maximum: f.most, marked: f.marks.sorted(), reason: f.reason, name: name, hint: f.declaration.options[.hint]))
        default:
            let pending = f.isChecking
            let preset = f.declaration.options[.default].flatMap { $0.isEmpty || f.kind == .password ? nil : $0 }
            return .field(.init(title: title, text: body.text, label: label + ":", secret: f.kind == .password,
                                placeholder: f.text.placeholder, reason: pending ? nil : f.reason, checking: pending,
                                preset: preset, presetSecret: f.kind == .password && !(f.declaration.options[.default] ?? "").isEmpty,
                                name: name, confirms: f.confirms.map { fields[$0].declaration.name }, refused: f.check.touched,
                                hint: f.declaration.options[.hint]))
        }
    }

    // MARK: - Update

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        // A second entry is checked against its first as that stands after every event.
        syncConfirmations()
        let effects = apply(event)
        syncConfirmations()
        return effects
    }

    private mutating func apply(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .start:
            return fields.indices.flatMap { recheck($0) }
        case .action(let action):
            return handle(action)
        case .paste(let text):
            guard case .field(let i) = focus, fields[i].isTextual else { return [] }
            if fields[i].text.editor.paste(text) { fields[i].check.edited() }
            return recheck(i)
        case .answer(let answer):
            return take(answer)
        case .edited(let written, let note):
            // (Keys wait while the editor runs: the focus is the field it was opened from.)
            guard case .field(let i) = focus else { return [] }
            let (line, said) = ExternalEditor.oneLine(written, note: note)
            guard let bytes = line else {
                editorNote = said
                return []
            }
            fields[i].text.editor.setText(bytes: bytes)
            fields[i].check.edited()
            return recheck(i)
        case .validated(let generation, let validity):
            let i = Verdict.channel(of: generation)
            guard i < fields.count, fields[i].verdict.receive(generation, validity) else { return [] }
            // Enter was pressed on the field while its check ran: carried out now, if it is still
            // there — as it was given: dialog's keys submit at once only from the box's keys; an
            // answer typed in line mode moves on to the next field.
            if fields[i].verdict.takeRememberedSubmit(), case .field(i) = focus {
                return enterPressed(at: i, submitsAtOnce: rememberedSubmitsAtOnce)
            }
            if let status = submitWhenChecked, !fields.contains(where: \.isChecking) {
                submitWhenChecked = nil
                return submit(as: status)
            }
            return []
        default:
            return []
        }
    }

    /// An answer from a front end without a box: the focused field's value (checked as if typed
    /// whole), then Enter; at the end, Submit's Yes or No.
    private mutating func take(_ answer: Answer) -> [Effect] {
        guard case .field(let i) = focus else {
            switch answer {
            case .yes, .current: return submit()
            case .no: return [.finish(Outcome(.cancel))]
            case .button(let role): return press(role)
            default: return []
            }
        }
        switch (answer, fields[i].kind) {
        case (.button(let role), _):
            return press(role)
        case (.current, _):
            return enterPressed(at: i, submitsAtOnce: false)
        case (.yes, .switch), (.no, .switch):
            fields[i].on = answer == .yes
            return advance(from: i)
        case (.items(let picks), .choice):
            guard let pick = picks.first, pick >= 0, pick < fields[i].choices.count else { return [] }
            fields[i].choice = pick
            return advance(from: i)
        case (.items(let picks), .multi):
            // Line mode's numbers, a script's names: the marks as given, then checked by --min/--max.
            guard picks.allSatisfy({ $0 >= 0 && $0 < fields[i].choices.count }) else { return [] }
            fields[i].marks = Set(picks)
            fields[i].check.edited()
            return fields[i].reason == nil ? advance(from: i) : []
        case (.text(let text), _) where fields[i].isTextual:
            return enter(Array(text.utf8), at: i)
        case (.secret(let typed), .password):
            return typed.takenAsSecretText { enter($0, at: i) }
        case (.initial, _) where fields[i].isTextual:
            return enter(Array((fields[i].declaration.options[.default] ?? "").utf8), at: i)
        default:
            return []
        }
    }

    /// `text`: well-formed UTF-8.
    private mutating func enter(_ text: [UInt8], at i: Int) -> [Effect] {
        fields[i].text.editor.setText(bytes: text)
        fields[i].check.edited()
        let effects = recheck(i)
        if let problem = TextField.untypeable(bytes: text, maxLength: fields[i].rules?.maxLength) {
            fields[i].verdict.refuse(problem)
            return effects
        }
        return effects + enterPressed(at: i, submitsAtOnce: false)
    }

    /// Field i's value changed: its rules now, and its --validate-cmd run once they pass.
    mutating func recheck(_ i: Int) -> [Effect] {
        submitWhenChecked = nil
        return fields[i].verdict.check(fields[i].text.editor, rules: fields[i].rules)
    }

    /// Enter in a field moves on from a valid field, stays on an invalid one (its reason now an
    /// error), and submits from the last — where an invalid form jumps to its first invalid
    /// field. dialog's keys submit from any field; a front end without a box always goes field
    /// by field, so each is asked.
    private mutating func enterPressed(at i: Int, submitsAtOnce: Bool) -> [Effect] {
        fields[i].check.edited()
        // Carried out when the field's check is done (dialog's keys too: the Enter is not lost),
        // as it was given.
        if fields[i].verdict.submit() == .later {
            rememberedSubmitsAtOnce = submitsAtOnce
            return []
        }
        if submitsAtOnce { return submit() }
        guard fields[i].reason == nil else { return [] }
        return advance(from: i)
    }

    /// After a valid answer, the next field, or the form's answer after the last.
    private mutating func advance(from i: Int) -> [Effect] {
        if let next = fields.indices.first(where: { $0 > i && !fields[$0].readonly }) {
            focus = .field(next)
            return []
        }
        return submit()
    }

    private mutating func handle(_ action: Action) -> [Effect] {
        editorNote = nil
        switch action {
        case .cancel: return [.finish(Outcome(.cancel))]
        case .focusNext, .focusPrevious:
            let step = action == .focusNext ? 1 : -1
            if dialogKeys { tab(step) } else { move(step) }
            return []
        case .down: move(1); return []
        case .up: move(-1); return []
        case .submit:
            switch focus {
            case .button(let role): return press(role)
            case .field(let i):
                return enterPressed(at: i, submitsAtOnce: dialogKeys)
            }
        default: break
        }
        switch focus {
        case .button(let role):
            if action == .activate { return press(role) }
            if action == .left || action == .right,
               let next = bar.neighbour(of: role, step: action == .left ? -1 : 1, focusable: buttonFocusable) {
                focus = .button(next)
            }
            return []
        case .field(let i):
            switch fields[i].kind {
            case .switch:
                if action == .activate || action == .left || action == .right { fields[i].on.toggle() }
                if case .insert(let c) = action { if c == "y" { fields[i].on = true } else if c == "n" { fields[i].on = false } }
            case .choice:
                let n = fields[i].choices.count
                if action == .right || action == .activate { fields[i].choice = (fields[i].choice + 1) % n }
                if action == .left { fields[i].choice = (fields[i].choice + n - 1) % n }
            case .multi:
                // Left and Right go through the options, Space marks the one under the cursor.
                let n = fields[i].choices.count
                if action == .right { fields[i].choice = min(n - 1, fields[i].choice + 1) }
                if action == .left { fields[i].choice = max(0, fields[i].choice - 1) }
                if action == .activate {
                    let c = fields[i].choice
                    if fields[i].marks.contains(c) { fields[i].marks.remove(c) } else { fields[i].marks.insert(c) }
                    fields[i].check.edited()
                }
            default:
                // Ctrl-E at the end of a text field: its text to the person's editor (never a
                // password's); before the end, the end, as readline has it.
                if action == .openEditor {
                    let editor = fields[i].text.editor
                    guard editor.cursor == editor.count, fields[i].kind != .password else { return handle(.end) }
                    return [.editExternally(editor.bytes)]
                }
                // An edit re-runs the field's --validate-cmd (it checks the new value).
                if fields[i].text.editor.apply(action) {
                    fields[i].check.edited()
                    return recheck(i)
                }
            }
            return []
        }
    }

    /// A button's press. Help answers the focused field's name (dialog: its label), so a script
    /// can show help for it.
    private mutating func press(_ role: ButtonRole) -> [Effect] {
        switch role {
        case .ok: return submit()
        case .extra: return submit(as: .extra)
        case .cancel: return [.finish(Outcome(.cancel))]
        case .help:
            // The values go along as the state (dialog's --help-status); a secret never does.
            var outcome = Outcome(.help, answer: Array(fields[lastField].declaration.name.utf8))
            if !fields.contains(where: { $0.kind == .password }) { outcome.state = output == .lines ? valueLines : [values()] }
            return [.finish(outcome)]
        }
    }

    /// Tab, Up and Down: through the fields that can be edited, then the buttons.
    private mutating func move(_ step: Int) {
        let order: [Focus] = fields.indices.filter { !fields[$0].readonly }.map { .field($0) } + bar.focusable(buttonFocusable).map { .button($0) }
        cycle(order, step)
    }

    /// dialog's Tab: between the fields (as one, at the field last used) and each button.
    private mutating func tab(_ step: Int) {
        cycle([.field(lastField)] + bar.focusable(buttonFocusable).map { .button($0) }, step)
    }

    private mutating func cycle(_ order: [Focus], _ step: Int) {
        focus = order.cycled(from: focus, by: step)
        if dialogKeys, case .field(let j) = focus { fields[j].text.editor.apply(.home) }
    }

    /// Enter never passes an invalid form: it jumps to the first invalid field instead.
    private mutating func submit(as status: ExitStatus = .ok) -> [Effect] {
        let standing = fields.indices.filter { !fields[$0].readonly && fields[$0].reason != nil }
        if !standing.isEmpty, standing.allSatisfy({ fields[$0].isChecking }) {
            // Only checks still running stand in the way (Enter on the last field, or dialog's
            // Enter anywhere, just after an edit): carried out when they are done, as a field's
            // own Enter during its check is.
            submitWhenChecked = status
            return []
        }
        if let bad = firstInvalid {
            focus = .field(bad)
            fields[bad].check.edited()
            return []
        }
        // Lines: each value an item of its own (the drop-in prints them with its separator).
        var outcome = output == .lines ? Outcome(status, items: valueLines) : Outcome(status, answer: values())
        // Each field as a script answers it (a switch on or off, a choice by name); a secret never.
        outcome.replay = printed.filter { !$0.readonly }.map { field in
            ReplayAnswer(field: field.declaration.name, value: field.kind == .password ? [] : Array(field.value.utf8),
                         secret: field.kind == .password)
        }
        forget()
        return [.finish(outcome)]
    }

    public mutating func forget() {
        for i in fields.indices where fields[i].kind == .password {
            fields[i].text.editor.wipe()
            fields[i].expected.resetBytes()
        }
    }

    /// Each second entry learns its first entry's text as it now stands. (Without a person, the
    /// second entry is answered as the first: its meaning names the field it confirms.)
    mutating func syncConfirmations() {
        for j in fields.indices {
            guard let i = fields[j].confirms else { continue }
            let current = fields[i].text.editor.bytes
            guard fields[j].expected != current else { continue }
            fields[j].expected.resetBytes()
            fields[j].expected = current
        }
    }

    /// Enter was remembered while a check ran: whether it submits at once (dialog's keys in the
    /// box) or moves on to the next field (an answer, field by field).
    private var rememberedSubmitsAtOnce = false

    /// The fields printed: a second entry is only a check.
    var printed: [FormField] { fields.filter { $0.confirms == nil } }

    /// --output lines: each printed value, a line of its own.
    private var valueLines: [[UInt8]] { printed.map { Array($0.value.utf8) } }

    /// The values as --output prints them.
    private func values() -> [UInt8] {
        var out: [UInt8] = []
        switch output {
        case .lines:
            out = Array(valueLines.joined(separator: [0x0A]))
        case .json:
            let members = printed.map { f -> String in
                let value: String
                switch f.kind {
                case .switch: value = f.on ? "true" : "false"
                case .multi: value = "[" + f.marked.map { String(decoding: JSON.string(Array($0.utf8)), as: UTF8.self) }.joined(separator: ",") + "]"
                case .number: value = Double(f.value).map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) } ?? "null"
                default: value = String(decoding: JSON.string(Array(f.value.utf8)), as: UTF8.self)
                }
                return String(decoding: JSON.string(Array(f.declaration.name.utf8)), as: UTF8.self) + ":" + value
            }
            out = Array(("{" + members.joined(separator: ",") + "}").utf8)
        case .shell:
            out = Array(printed.map { $0.declaration.name + "=" + Shell.quoted($0.value) }.joined(separator: "\n").utf8)
        }
        return out
    }

    // MARK: - Render

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        var y = area.y
        let rows = textRows(in: area)
        if rows > 0 {
            body.render(into: &canvas, area: Rect(x: area.x, y: y, width: area.width, height: rows), theme: theme)
            y += rows + 1
        }
        var cursor: (x: Int, y: Int)?
        let fieldX = area.x + labelWidth + 2
        let fieldWidth = max(1, area.maxX - fieldX)
        for i in top..<min(fields.count, top + visibleFields) {
            let f = fields[i]
            let focused = focus == .field(i)
            let label = Wrap.truncate(Sanitize.line(f.declaration.label), width: labelWidth)
            canvas.text(label, x: area.x + labelWidth - TextWidth.columns(label), y: y, style: focused ? theme.title : theme.text)
            switch f.kind {
            case .switch:
                // A toggle, like the seed's switch: on is filled and bright, off hollow and dim.
                let shown = f.on ? "[\(theme.glyphs.radioOn)  on ]" : "[ off  ]"
                var style = f.on ? theme.selection : theme.muted
                if focused { style.underline = true }
                canvas.text(shown, x: fieldX, y: y, style: style)
                if focused { cursor = (fieldX + 1, y) }
            case .choice:
                let shown = "‹ " + Sanitize.line(f.choices[f.choice]) + " ›"
                canvas.text(Wrap.truncate(shown, width: fieldWidth), x: fieldX, y: y, style: focused ? theme.selection : theme.text)
                if focused { cursor = (fieldX + 2, y) }
            case .multi:
                // Every option with its mark, in a row; the one under the cursor highlighted.
                var x = fieldX
                for (k, option) in f.choices.enumerated() where x < area.maxX {
                    let shown = (f.marks.contains(k) ? "[x] " : "[ ] ") + Sanitize.line(option)
                    let style = focused && k == f.choice ? theme.selection : f.marks.contains(k) ? theme.text : theme.muted
                    canvas.text(Wrap.truncate(shown, width: max(1, area.maxX - x)), x: x, y: y, style: style)
                    if focused && k == f.choice { cursor = (x + 1, y) }
                    x += TextWidth.columns(shown) + 2
                }
            case _ where f.readonly:
                canvas.text(Wrap.truncate(Sanitize.line(f.value), width: fieldWidth), x: fieldX, y: y, style: theme.text)
            default:
                let at = f.text.render(into: &canvas, rect: Rect(x: fieldX, y: y, width: fieldWidth, height: 1), theme: theme)
                if focused { cursor = at }
                if f.reason != nil && f.check.touched && !focused {
                    _ = canvas.put("!", x: fieldX - 1, y: y, style: theme.error)
                }
            }
            y += 1
        }
        Chrome.scrollIndicators(up: top > 0, down: top + visibleFields < fields.count,
                                area: Rect(x: area.x, y: y - min(visibleFields, fields.count), width: area.width, height: min(visibleFields, fields.count)),
                                theme: theme, into: &canvas)
        // What the person's editor left to say, else the focused field's reason (an error once
        // touched) or hint.
        if let editorNote {
            canvas.text(Wrap.truncate(editorNote, width: area.width), x: area.x, y: y, style: theme.muted)
        } else if case .field(let i) = focus {
            let f = fields[i]
            if let reason = f.reason {
                let hintOnly = f.confirms != nil && f.expected.starts(with: f.text.editor.bytes)
                canvas.text(Wrap.truncate(reason, width: area.width), x: area.x, y: y, style: hintOnly ? theme.muted : f.check.reasonStyle(theme))
            } else if let hint = f.declaration.options[.hint] {
                canvas.text(Wrap.truncate(Sanitize.line(hint), width: area.width), x: area.x, y: y, style: theme.muted)
            }
        }
        let focusIndex: Int? = if case .button(let role) = focus { bar.index(of: role) } else { nil }
        let button = ButtonRow.render(buttons, focused: focusIndex, y: area.maxY - 1, area: area, theme: theme, into: &canvas)
        return cursor ?? button
    }
}
