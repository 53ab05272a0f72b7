// `alertty edit [FILE|-]`: a text to edit in the box (dialog's --editbox). The text area takes
// the keys, Enter breaking lines; Tab goes to OK and Cancel, Ctrl-S is OK from anywhere, Ctrl-E
// hands the text to the person's own editor and takes it back. OK prints
// the text as it stands; Cancel or Esc prints nothing and exits 1. --min-length, --max-length and
// --validate-cmd check the text as `input` checks its line: OK waits, the reason shows over the
// buttons.

public struct EditAlert: Alert {
    public enum Focus: Equatable, Sendable { case text, button(ButtonRole) }

    public var title: String
    public private(set) var area: TextArea
    public let bar: ButtonBar
    public var buttonBar: ButtonBar? { bar }
    public private(set) var focus: Focus = .text
    private let okLabel: String
    private let cancelLabel: String
    /// --min-length, --max-length, --validate-cmd, --invalid-message (nil: none).
    public let rules: Rules?
    /// The text's rules and --validate-cmd's verdict on it, shown as `input` shows them (an error
    /// from the start: the text was opened to be changed).
    public private(set) var check: ValidatedText
    public var verdict: Verdict { check.verdict }
    public var refused: Bool { check.refused }
    private var checkedRevision = -1

    public init(title: String, text: String, okLabel: String = tr("OK"), cancelLabel: String = tr("Cancel"),
                rules: Rules? = nil) {
        self.init(title: title, bytes: Array(text.utf8), okLabel: okLabel, cancelLabel: cancelLabel, rules: rules)
    }

    /// The text as the file holds it, byte for byte: what OK prints when nothing was typed.
    public init(title: String, bytes: [UInt8], okLabel: String = tr("OK"), cancelLabel: String = tr("Cancel"),
                rules: Rules? = nil) {
        self.title = title
        area = TextArea(bytes: bytes)
        self.okLabel = okLabel
        self.cancelLabel = cancelLabel
        bar = ButtonBar(ok: okLabel, cancel: cancelLabel)
        self.rules = rules
        check = ValidatedText(invalidMessage: rules?.invalidMessage, touched: true)
    }

    var isChecking: Bool { check.isChecking }
    public var isValid: Bool { check.isValid }

    /// Why OK waits, if it does.
    public var reason: String? { check.reason }
    /// What came of handing the text to the editor, when it did not come back (shown until the
    /// next key).
    public private(set) var editorNote: String?

    /// The checks for the text as it now stands (after an edit, and at the start).
    private mutating func recheck() -> [Effect] {
        guard let rules, area.revision != checkedRevision else { return [] }
        checkedRevision = area.revision
        check.edited()
        return check.verdict.check(area.text, bytes: area.bytes, rules: rules)
    }

    private mutating func submit() -> [Effect] {
        switch check.verdict.submit() {
        case .later: return [] // carried out when the check is done
        case .refused: check.refuse(); return []
        case .now: break
        }
        return [.finish(Outcome(.ok, answer: area.bytes))]
    }

    public var meaning: AlertMeaning {
        .field(.init(title: title, text: "", label: nil, secret: false, placeholder: "", reason: check.settledReason, checking: isChecking,
                     preset: area.shownLines.joined(separator: "\n"), presetSecret: false, name: nil, multiline: true, refused: true))
    }

    public var keyOverrides: [KeyPress: Action] { Self.descriptor.keyOverrides }

    public var hints: [KeyHint] {
        // Ctrl-S, the edit's own key for OK (Ctrl-O, the table's, works too).
        [KeyHint(literal: "Ctrl-S", okLabel, ends: true), KeyHint(.cancel, cancelLabel), KeyHint(.focusNext, "buttons")]
    }

    public var minimumSize: (width: Int, height: Int) { (16, 4) }
    public var prefersWholeScreen: Bool { true }

    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) {
        let widest = area.widest(lines: 200, limit: maxWidth)
        return (min(maxWidth, max(40, widest + 2)), min(area.lines.count, 200) + 3)
    }

    public mutating func layout(_ rect: Rect) {
        area.layout(rows: rect.height - 2, columns: rect.width)
    }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        if case .action = event { editorNote = nil }
        switch event {
        case .start:
            return recheck()
        case .edited(let bytes, let note):
            editorNote = note
            guard let bytes else { return [] }
            area = TextArea(bytes: bytes)
            return recheck()
        case .validated(let g, let verdict):
            guard check.verdict.receive(g, verdict) else { return [] }
            return check.verdict.takeRememberedSubmit() ? submit() : []
        case .answer(let answer):
            // A script's text and the default meet the same checks as a person's OK.
            switch answer {
            case .text(let text):
                area = TextArea(text)
                checkedRevision = -1 // a new text: checked afresh
                return recheck() + submit()
            case .current: return submit()
            case .button(let role): return role == .ok ? submit() : [.finish(Outcome(role.status))]
            default: return []
            }
        case .paste(let text):
            focus = .text
            area.insert(text)
            return recheck()
        case .action(let action):
            return handle(action)
        default:
            return []
        }
    }

    private mutating func handle(_ action: Action) -> [Effect] {
        switch action {
        case .cancel: return [.finish(Outcome(.cancel))]
        case .choose: return submit()
        case .openEditor: return [.editExternally(area.bytes)]
        case .focusNext, .focusPrevious:
            let ring: [Focus] = [.text, .button(.ok), .button(.cancel)]
            focus = ring.cycled(from: focus, by: action == .focusNext ? 1 : -1)
            return []
        default: break
        }
        if case .button(let role) = focus {
            switch action {
            case .submit, .activate:
                return role == .ok ? submit() : [.finish(Outcome(role.status))]
            case .left, .right:
                focus = .button(role == .ok ? .cancel : .ok)
            default: break
            }
            return []
        }
        _ = area.apply(action == .activate ? .insert(" ") : action)
        return recheck()
    }

    public func render(into canvas: inout Canvas, area rect: Rect, theme: Theme) -> (x: Int, y: Int)? {
        let textRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: max(1, rect.height - 2))
        let cursor = area.render(into: &canvas, rect: textRect, theme: theme, focused: focus == .text)
        if let reason {
            let style = check.reasonStyle(theme)
            canvas.text(Wrap.truncate(Sanitize.line(reason), width: rect.width), x: rect.x, y: rect.maxY - 2, style: style)
        } else if let editorNote {
            canvas.text(Wrap.truncate(Sanitize.line(editorNote), width: rect.width), x: rect.x, y: rect.maxY - 2, style: theme.error)
        }
        let focused: Int? = if case .button(let role) = focus { bar.index(of: role) } else { nil }
        let buttons = bar.buttons(enabled: { !$0.answers || isValid || isChecking }, pending: isChecking ? .ok : nil)
        let button = ButtonRow.render(buttons, focused: focused, y: rect.maxY - 1, area: rect, theme: theme, into: &canvas)
        return focus == .text ? cursor : button
    }
}


// MARK: - As a command

extension EditAlert {
    /// The flags it takes besides every alert's (CommandSpec.common), in the order help lists
    /// them: shared groups (SharedFlags) and its own.
    static let flags: [FlagSpec] = [
        SharedFlags.okLabel,
        SharedFlags.cancelLabel,
        SharedFlags.answerChecks,
        [
            FlagSpec("value", .text, "TEXT", "The text to start from when no FILE is given (`-` reads it from stdin)."),
        ],
    ].flatMap { $0 }

    static let descriptor = AlertDescriptor(
        .edit, flags: flags, summary: "Edit a text (a file, stdin, or --value) in the box; OK prints it as it stands.",
        text: "the file to edit (`-`: stdin; none: start from --value or empty); the file itself is not changed",
        positionals: [PositionalSpec("FILE", required: false)], keyOverrides: [.ctrl("s"): .choose, .ctrl("e"): .openEditor],
        keys: [KeyUse([.submit], "break the line (on a button: press it)"), KeyUse([.choose], "OK, from anywhere"),
               KeyUse([.openEditor], "the text to your own editor ($VISUAL, else $EDITOR) and back as it wrote it"),
               KeyUse([.up, .down, .left, .right, .pageUp, .pageDown, .home, .end], "move in the text"),
               KeyUse([.deleteBackward, .deleteForward, .killToStart, .killToEnd], "delete"),
               KeyUse([.focusNext, .focusPrevious], "move between the text and the buttons")],
        withoutAPerson: "the text as given", hasDefault: { _ in true },
        examples: ["alertty edit /etc/motd > /tmp/motd.new && sudo cp /tmp/motd.new /etc/motd"],
        make: { (m: AlertMaking) throws(UsageError) -> BuiltAlert in try make(m) })

    /// The most `edit` takes: the text is held whole, to be edited.
    static let editLimit = Limits.stdin

    static func make(_ m: AlertMaking) throws(UsageError) -> BuiltAlert {
        let command = m.command, title = m.title
        var bytes: [UInt8] = []
        var shownTitle = title
        if let path = command.text {
            guard command.string(.value) == nil else { throw UsageError("edit starts from FILE or --value, not both") }
            if path == "-" {
                bytes = try m.reads.stdin()
            } else {
                do throws(PlatformError) { bytes = try m.reads.file(path, limit: editLimit, streams: true) } catch {
                    throw UsageError(error.isTooBig ? "\(path) is over \(editLimit >> 20) MiB: edit holds the whole text (show it with `alertty text`)"
                                                    : error.message)
                }
                if title.isEmpty { shownTitle = path }
            }
        } else if let value = command.string(.value) {
            bytes = command.readsStdin(value) ? try m.reads.stdin() : Array(value.utf8)
        }
        // Kept as the bytes it is, shown visibly (EditUnits): OK gives it back as it came, but for what was typed.
        let checked = command.has(.minLength) || command.has(.maxLength) || command.has(.validateCmd) || command.has(.invalidMessage)
        let rules: Rules? = checked ? try Rules(minLength: command.int(.minLength), maxLength: command.int(.maxLength),
                                                command: command.string(.validateCmd), invalidMessage: command.string(.invalidMessage)) : nil
        let alert = EditAlert(title: shownTitle, bytes: bytes, okLabel: command.string(.ok) ?? tr("OK"),
                              cancelLabel: command.string(.cancel) ?? tr("Cancel"), rules: rules)
        var sources: [any EventSource] = []
        if let validator = rules?.command {
            sources.append(ValidationRunner(command: validator, timeoutSeconds: command.seconds(.validateTimeout) ?? 5, secret: false))
        }
        // The text is printed as it stands, its last line ending as it ends.
        return BuiltAlert(makeAlert: { alert }, options: RunOptions(), sources: sources, terminator: nil, printsAnswer: true)
    }

}
