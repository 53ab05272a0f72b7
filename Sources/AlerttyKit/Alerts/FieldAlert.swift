// `alertty input` and `alertty password`: one line of text behind a smart OK button. While the
// answer is invalid OK is disabled, not focusable, the reason shows under the field, and Enter
// does not submit. Password is an echo mode of the same alert (masked, hidden, or revealed).

public struct FieldAlert: Alert {
    public enum Focus: Equatable, Sendable {
        case field, button(ButtonRole)
        public static let ok = Focus.button(.ok), cancel = Focus.button(.cancel)
    }

    public var title: String
    public var body: TextBody
    public let configuration: FieldConfiguration
    /// The field widget; its editor holds the answer.
    public private(set) var field: TextField
    /// --suggest: what the field completes to (its offered word moves with Up and Down).
    private var suggestions: Suggestions
    public var editor: LineEditor { field.editor }
    public private(set) var focus: Focus = .field
    /// The answer's rules and --validate-cmd's verdict on it, and how its reason is shown.
    public private(set) var check: ValidatedText
    public var verdict: Verdict { check.verdict }
    public private(set) var revealed = false
    /// --strength: the answer's strength as last measured (negative: below the client's rules).
    public private(set) var strength: Int?
    /// What an Enter remembered while the check ran ends with (OK, or Extra).
    private var submitStatus: ExitStatus = .ok
    /// --confirm: the first entry, kept until the second one is compared with it.
    private var firstEntry: [UInt8]?
    public private(set) var notice: String?
    public var touched: Bool { check.touched }
    public var refused: Bool { check.refused }
    /// --on-timeout default: seconds left, shown on OK (what will be taken).
    private var defaultCountdown: String?
    public var showsCountdownOnDefault: Bool { true }
    public var buttonBar: ButtonBar? { configuration.buttonBar }
    private let maskCharacter: Character?

    public init(title: String, text: String, configuration: FieldConfiguration,
                environment: (String) -> String? = { _ in nil }) throws(UsageError) {
        self.title = title
        body = TextBody(text)
        self.configuration = configuration
        var editor = LineEditor(String(decoding: configuration.initialValue, as: UTF8.self), maxLength: configuration.rules.maxLength)
        editor.secret = configuration.secret
        if configuration.secret {
            let fallback: Character = Theme.localeIsUTF8(environment: environment) ? "•" : "*"
            maskCharacter = configuration.mask.map { $0.first } ?? fallback
        } else {
            maskCharacter = nil
        }
        field = TextField(editor, placeholder: configuration.placeholder)
        suggestions = configuration.suggestions
        check = ValidatedText(invalidMessage: configuration.rules.invalidMessage, hint: configuration.rules.hint)
        check.verdict.checkRules(rules: configuration.rules, on: editor)
        updateEchoMode()
        notice = configuration.initialError
    }

    public mutating func forget() {
        guard isSecret else { return }
        field.editor.wipe()
        firstEntry?.resetBytes()
        firstEntry = nil
    }

    /// The label over the field, if it has one (--label, or --confirm's two).
    var fieldLabel: String? {
        guard configuration.confirm else { return configuration.label }
        return firstEntry == nil ? configuration.label ?? tr("Enter it:") : configuration.repeatLabel
    }
    var labelRows: Int { configuration.confirm || configuration.label != nil ? 1 : 0 }
    var meterRows: Int { configuration.strengthLabel != nil ? 1 : 0 }

    var isSecret: Bool { configuration.secret }

    /// Echo modes: the text, a mask per character, or (--mask '') nothing at all, like sudo.
    private mutating func updateEchoMode() {
        field.mask = isSecret && !revealed ? maskCharacter : nil
        field.hidden = isSecret && maskCharacter == nil && !revealed
    }

    public var isValid: Bool { verdict.isValid }
    var isChecking: Bool { verdict.isChecking }

    /// The reason shown under the field, if any.
    public var reason: String? {
        if let notice { return notice }
        // The second entry of --confirm asks one thing: the first again.
        if let first = firstEntry { return first.starts(with: editor.bytes) ? (first == editor.bytes ? nil : tr("must match the first entry")) : tr("does not match the first entry") }
        return check.reason
    }

    /// The second entry differs from the first already: an error, not a hint.
    var retypeDiffers: Bool { firstEntry.map { !$0.starts(with: editor.bytes) } ?? false }

    public var meaning: AlertMeaning {
        let preset = configuration.initialValue.isEmpty || isSecret ? nil : String(decoding: configuration.initialValue, as: UTF8.self)
        return .field(.init(title: title, text: body.text, label: fieldLabel,
                            secret: isSecret, placeholder: configuration.placeholder, reason: isChecking ? nil : reason, checking: isChecking,
                            preset: preset, presetSecret: isSecret && !configuration.initialValue.isEmpty,
                            refused: notice != nil || retypeDiffers || (firstEntry == nil && check.touched),
                            hint: suggestionsHint))
    }

    /// Line mode says the suggestions (its terminal's own line editing has no Tab to take one).
    var suggestionsHint: String? {
        guard !suggestions.words.isEmpty else { return nil }
        let shown = suggestions.words.prefix(10).joined(separator: ", ")
        return tr("Suggestions:") + " " + shown + (suggestions.words.count > 10 ? ", …" : "")
    }

    var buttons: [Button] {
        configuration.buttonBar.buttons(enabled: { !$0.answers || isValid || isChecking },
                                        pending: isChecking ? .ok : nil, suffix: defaultCountdown.map { (.ok, " (\($0))") })
    }

    public var hints: [KeyHint] {
        var h = [KeyHint(.submit, configuration.okLabel), KeyHint(.cancel, configuration.cancelLabel)]
        if isSecret && configuration.allowReveal { h.append(KeyHint(.toggleReveal, revealed ? "hide" : "show")) }
        h.append(KeyHint(.focusNext, "move"))
        return h
    }

    public var minimumSize: (width: Int, height: Int) { (12, 3) }

    /// The reason wrapped to the field's width: as many lines as it needs (up to three), never cut to one.
    func reasonLines(width: Int) -> [String] {
        guard let reason else { return [] }
        return Array(Wrap.lines([Sanitize.line(reason)], width: max(1, width)).prefix(3))
    }

    /// Rows below the message: [label], field, the reason's rows (one at least, so the box does not
    /// jump), and a blank row over the buttons where the text keeps its rows and the blank under
    /// it besides (whiptail's input box has room for the text first).
    func controlRows(in area: Rect) -> Int {
        let needed = labelRows + meterRows + 2 + max(1, reasonLines(width: area.width).count)
        let text = body.lineCount(width: area.width)
        return area.height > needed + (text > 0 ? text + 1 : 0) ? needed + 1 : needed
    }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let width = body.preferredWidth(buttons, title: title, minimumWidth: 40, maxWidth: maxWidth)
        let lines = body.lineCount(width: width)
        // message, blank, [label], field, reason, blank, buttons
        return (width, (lines > 0 ? lines + 1 : 0) + 3 + max(1, reasonLines(width: width).count) + labelRows + meterRows)
    }

    public mutating func layout(_ area: Rect) {
        body.layout(width: area.width, rows: max(0, area.height - controlRows(in: area) - 1))
        field.layout(width: configuration.framed ? max(1, area.width - 2) : area.width)
    }

    /// Input's Ctrl-E: the end, and at the end the person's editor (never a secret's).
    public var keyOverrides: [KeyPress: Action] { isSecret ? [:] : Self.inputDescriptor.keyOverrides }

    // MARK: - Update

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        defer { field.ghost = focus == .field ? suggestions.ghost(for: field.editor.text) : nil }
        switch event {
        case .start:
            return revalidate()
        case .paste(let text):
            focus = .field
            return field.editor.paste(text) ? edited() : []
        case .strength(let measured):
            strength = editor.bytes.isEmpty ? nil : measured
            return []
        case .validated(let g, let validity):
            guard check.verdict.receive(g, validity) else { return [] }
            return check.verdict.takeRememberedSubmit() ? submit(as: submitStatus) : []
        case .action(let action):
            return handle(action)
        case .answer(let answer):
            return take(answer)
        case .countdown(let left):
            defaultCountdown = left
            return []
        case .edited(let bytes, let note):
            return takeEdited(bytes, note: note)
        case .suggested(let text, let words):
            // (Words for a text since changed are passed over: a run for the new one is coming.)
            if text == field.editor.text { suggestions = Suggestions(configuration.suggestions.words + words) }
            return []
        case .directoryMade, .saveTargetChecked, .folderResolved, .browsed, .openChecked, .documentChanged, .input, .inputEnded, .mouse, .childOutput, .childExited, .tick, .signal, .previewOutput, .previewEnded, .laidOut:
            return []
        }
    }

    /// The text as the person's editor left it (nil: as it was, `note` says why): one line, its
    /// final newline dropped (editors add one), typed in as a paste would be.
    private mutating func takeEdited(_ written: [UInt8]?, note: String?) -> [Effect] {
        focus = .field
        let (line, said) = ExternalEditor.oneLine(written, note: note)
        guard let bytes = line else {
            notice = said
            return []
        }
        field.editor.setText(bytes: bytes)
        let effects = edited()
        if let problem = TextField.untypeable(bytes: bytes, maxLength: configuration.rules.maxLength) { notice = problem }
        return effects
    }

    /// An answer from a front end without a box: the text as if typed whole (and refused if typing
    /// could not have produced it), then Enter.
    private mutating func take(_ answer: Answer) -> [Effect] {
        switch answer {
        case .text(let text):
            return enter(Array(text.utf8))
        case .secret(let typed):
            return typed.takenAsSecretText { enter($0) }
        case .initial:
            return enter(configuration.initialValue)
        case .current:
            return press()
        case .button(let role):
            focus = .button(role)
            return press()
        default:
            return []
        }
    }

    /// `text`: well-formed UTF-8.
    private mutating func enter(_ text: [UInt8]) -> [Effect] {
        focus = .field
        field.editor.setText(bytes: text)
        let effects = edited()
        if let problem = TextField.untypeable(bytes: text, maxLength: configuration.rules.maxLength) {
            notice = problem
            check.refuse()
            return effects
        }
        return effects + submit()
    }

    private mutating func handle(_ action: Action) -> [Effect] {
        if focus == .field, let offered = suggestions.offered(for: field.editor.text) {
            switch action {
            // Tab, or Right at the end of the text, takes the word offered: typed, as if by keys.
            case _ where action == .focusNext || action == .right && field.editor.cursor == field.editor.count:
                // (Its rest typed at the end, as keys would type it: the field's limits hold.)
                field.editor.apply(.end)
                return field.editor.paste(String(offered.dropFirst(field.editor.text.count))) ? edited() : []
            case .up, .down:
                if suggestions.move(action == .down ? 1 : -1, for: field.editor.text) { return [] }
            default:
                break
            }
        }
        switch action {
        case .cancel:
            return [.finish(Outcome(.cancel))]
        case .submit:
            return press()
        case .focusNext, .focusPrevious:
            moveFocus(forward: action == .focusNext)
            return []
        case .down where focus == .field, .up where focus != .field:
            // whiptail users move between the field and the buttons with the arrows
            if action == .down { moveFocus(forward: true) } else { focus = .field }
            return []
        case .openEditor where focus == .field:
            // At the end of the text, the person's editor (never a secret's); before it, the end.
            guard field.editor.cursor == field.editor.count, !isSecret else { return field.editor.apply(.end) ? edited() : [] }
            return [.editExternally(editor.bytes)]
        case .toggleReveal:
            if isSecret && configuration.allowReveal {
                revealed.toggle()
                updateEchoMode()
            }
            return []
        default:
            break
        }
        if focus != .field {
            switch action {
            case .left, .right:
                if case .button(let role) = focus,
                   let next = configuration.buttonBar.neighbour(of: role, step: action == .left ? -1 : 1, focusable: buttonFocusable) {
                    focus = .button(next)
                }
                return []
            case .activate:
                return press()
            case .insert, .deleteBackward:
                focus = .field // typing on a button goes back to the field
            default:
                return []
            }
        }
        guard field.editor.apply(action) else { return [] }
        return edited()
    }

    /// A button that answers takes the focus only while the answer is valid.
    private func buttonFocusable(_ role: ButtonRole) -> Bool { !role.answers || isValid }

    /// Enter or Space on the focused control: the field submits, a button does what it is for.
    private mutating func press() -> [Effect] {
        switch focus {
        case .field, .button(.ok): return submit()
        case .button(.cancel): return [.finish(Outcome(.cancel))]
        case .button(.extra): return submit(as: .extra)
        case .button(.help):
            // dialog prints the text on Help too (a script may save it while help is shown).
            let answer = editor.bytes
            field.editor.wipe()
            return [.finish(Outcome(.help, answer: answer))]
        }
    }

    private mutating func moveFocus(forward: Bool) {
        focus = ([.field] + configuration.buttonBar.focusable(buttonFocusable).map { .button($0) }).cycled(from: focus, by: forward ? 1 : -1)
    }

    private mutating func edited() -> [Effect] {
        suggestions.textChanged()
        notice = nil
        check.edited()
        let asked: [Effect] = configuration.dynamicSuggestions != nil && !isSecret ? [.suggest(text: field.editor.text)] : []
        return revalidate() + asked
    }

    private mutating func revalidate() -> [Effect] {
        var effects: [Effect] = []
        if configuration.strengthLabel != nil {
            if editor.bytes.isEmpty { strength = nil } else { effects.append(.measureStrength(editor.bytes)) }
        }
        return effects + check.verdict.check(editor, rules: configuration.rules)
    }

    private mutating func submit(as status: ExitStatus = .ok) -> [Effect] {
        switch check.verdict.submit() {
        case .later:
            submitStatus = status
            return []
        case .refused, .now:
            break
        }
        guard isValid else {
            // The bug the seed's author fixed: Enter never passes an invalid answer. It says why, visibly.
            check.refuse()
            return []
        }
        if configuration.confirm {
            guard let first = firstEntry else {
                firstEntry = editor.bytes
                field.editor.clear()
                focus = .field
                notice = nil
                return revalidate()
            }
            if first != editor.bytes {
                var stale = first
                stale.resetBytes()
                firstEntry = nil
                field.editor.clear()
                focus = .field
                let effects = revalidate()
                notice = configuration.mismatchMessage
                return effects
            }
            var stale = first
            stale.resetBytes()
            firstEntry = nil
        }
        let answer = editor.bytes
        field.editor.wipe()
        return [.finish(Outcome(status, answer: answer))]
    }

    // MARK: - Render

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        let controls = controlRows(in: area)
        let bodyRows = max(0, area.height - controls - 1)
        if bodyRows > 0 {
            body.render(into: &canvas, area: Rect(x: area.x, y: area.y, width: area.width, height: bodyRows), theme: theme)
        }
        var y = area.maxY - controls
        // dialog and whiptail put the field under the text (a row between), not over the buttons.
        if theme.laidOutAsDialog || theme.laidOutAsNewt { y = min(y, area.y + min(bodyRows, body.lineCount(width: area.width)) + 1) }
        if let label = fieldLabel {
            canvas.text(label, x: area.x, y: y, style: theme.muted)
            y += 1
        }
        var fieldRect = Rect(x: area.x, y: y, width: area.width, height: 1)
        if configuration.framed && area.width > 2 {
            // The frame takes the blank rows over and under the field, and a column each side.
            Chrome.frame(Rect(x: area.x, y: y - 1, width: area.width, height: 3), theme: theme, look: (theme.fieldFrame, theme.fieldFrame2),
                         into: &canvas)
            fieldRect = Rect(x: area.x + 1, y: y, width: area.width - 2, height: 1)
        }
        let cursor = field.render(into: &canvas, rect: fieldRect, theme: theme, focused: focus == .field)
        if let label = configuration.strengthLabel {
            y += 1
            StrengthMeter.render(label: label, strength: strength, x: area.x, y: y, width: area.width, theme: theme, into: &canvas)
        }
        let style = firstEntry != nil && !retypeDiffers && notice == nil ? theme.muted : check.reasonStyle(theme, insisting: notice != nil || retypeDiffers)
        for (i, line) in reasonLines(width: area.width).enumerated() where y + 1 + i < area.maxY - 1 {
            canvas.text(line, x: area.x, y: y + 1 + i, style: style)
        }
        let focusIndex: Int? = if case .button(let role) = focus { configuration.buttonBar.index(of: role) } else { nil }
        let button = ButtonRow.render(buttons, focused: focusIndex, y: area.maxY - 1, area: area, theme: theme, into: &canvas)
        return focus == .field ? cursor : button
    }
}

// MARK: - As a command

extension FieldAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let inputFlags: [FlagSpec] = [
        SharedFlags.styledText,
        SharedFlags.noCancel,
        SharedFlags.buttons,
        SharedFlags.textField,
        SharedFlags.textRules,
        SharedFlags.answerChecks,
        SharedFlags.framed,
        [
            FlagSpec("suggest", .text, "WORD", "A word the field completes to as you type: the first that starts with the text shows after the cursor in grey; Tab or Right takes it, Up and Down go through the others. Repeatable. A word taken is typed: the rules still decide.", repeatable: true),
            FlagSpec("suggest-from", .file, "FILE", "Suggestions one per line from FILE (`-`: stdin), up to 1 MiB and 10000 words."),
            FlagSpec("suggest-cmd", .command, "CMD", "Suggestions from `/bin/sh -c CMD` as the text changes: the text on its stdin, one word a line on its stdout (1 MiB, 10000 words; a run still going when the text changes again is stopped, one running past --validate-timeout too). The field never waits for it."),
            FlagSpec("complete", .text, "path|path:ROOT", "Complete file and folder names as they are typed (inside ROOT, never above it, with path:ROOT); a folder's name ends in /. Hidden ones only once a . is typed."),
        ],
    ].flatMap { $0 }

    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let passwordFlags: [FlagSpec] = [
        SharedFlags.styledText,
        SharedFlags.noCancel,
        SharedFlags.buttons,
        SharedFlags.textField,
        SharedFlags.secretInArguments,
        SharedFlags.textRules,
        SharedFlags.answerChecks,
        [
            FlagSpec("mask", .text, "CHAR", "Shown once per character typed (default • or *); '' shows nothing at all."),
            FlagSpec("allow-reveal", .flag, "", "Allow showing the typed text with Ctrl-R."),
            FlagSpec("confirm", .flag, "", "Ask twice; both entries must match."),
            FlagSpec("label", .text, "TEXT", "Label over the field (with --confirm, over the first entry; default \"Enter it:\")."),
            FlagSpec("repeat-label", .text, "TEXT", "Label over the second entry (default \"Retype to confirm:\"); implies --confirm."),
            FlagSpec("mismatch", .text, "TEXT", "Shown when the two entries differ (default \"the entries did not match; type it again\")."),
        ],
        SharedFlags.framed,
        [
            FlagSpec("strength", .flag, "", "A strength meter under the field (length and kinds of characters; gpg-agent's estimate as a pinentry)."),
            FlagSpec("strength-label", .text, "TEXT", "The meter's label (default \"Strength:\"); implies --strength."),
            FlagSpec("error", .text, "TEXT", "An error shown under the field from the start, until the first key (\"Wrong passphrase, try again\")."),
        ],
    ].flatMap { $0 }

    static let inputDescriptor = descriptor(
        .input, summary: "Ask for one line of text, validated as it is typed.",
        keys: [KeyUse([.openEditor], "the end of the line; there, the text to your own editor ($VISUAL, else $EDITOR) and back as it wrote it")],
        withoutAPerson: "the --value; without one there is none (exit 3)",
        examples: ["email=$(alertty input --title \"Your email\" --validate email)",
                   "port=$(alertty input --title Port --validate int --value 8080)",
                   "tag=$(alertty input --title Tag --regex 'v[0-9]+\\.[0-9]+')",
                   "user=$(alertty input --title User --validate-cmd 'read u; id \"$u\" >/dev/null 2>&1 || { echo no such user; exit 1; }')"])

    static let passwordDescriptor = descriptor(
        .password, summary: "Ask for a secret; it is never shown or leaked.",
        keys: [KeyUse([.toggleReveal], "show or hide the text (with --allow-reveal)")],
        withoutAPerson: "the secret read from stdin with --value -; without it there is none (exit 3)",
        examples: ["pw=$(alertty password --title \"Sign in\" --min-length 8)",
                   "pw=$(alertty password --title \"New password\" --confirm --mask '')"])

    private static func descriptor(_ kind: AlertKind, summary: String, keys: [KeyUse], withoutAPerson: String,
                                   examples: [String]) -> AlertDescriptor {
        AlertDescriptor(
            kind, flags: kind == .input ? inputFlags : passwordFlags, summary: summary, text: "an optional message shown above the field (`-` reads it from stdin)",
            positionals: [PositionalSpec("TEXT", required: false)],
            // Ctrl-E is still the end of the line (readline's); at the end, the person's editor.
            keyOverrides: kind == .input ? [.ctrl("e"): .openEditor] : [:],
            keys: [KeyUse([.focusNext, .focusPrevious], "move between the field and the buttons")] + AlertDescriptor.lineEditing + keys,
            withoutAPerson: withoutAPerson, hasDefault: { $0.has(.value) }, examples: examples,
            make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in
                let field = try FieldConfiguration(m.command, secret: kind == .password, reads: m.reads)
                let alert = AlertFactory.styled(try FieldAlert(title: m.title, text: m.text, configuration: field, environment: m.environment),
                                                m.command, m.text)
                var sources: [any EventSource] = []
                if let validator = field.rules.command {
                    sources.append(ValidationRunner(command: validator, timeoutSeconds: m.command.seconds(.validateTimeout) ?? 5,
                                                    secret: field.secret))
                }
                if field.strengthLabel != nil { sources.append(StrengthEstimator()) }
                if let source = field.dynamicSuggestions {
                    sources.append(SuggestionRunner(source, timeoutSeconds: m.command.seconds(.validateTimeout) ?? 5))
                }
                var built = BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: sources, printsAnswer: true, secret: field.secret)
                built.secretAtStart = field.secret && !field.initialValue.isEmpty
                built.asksOneLine = true
                return built
            })
    }
}
