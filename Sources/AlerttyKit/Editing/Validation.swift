// The rules behind the smart OK button. Local rules are checked on every edit; the external
// command (--validate-cmd) is run by the runtime and reported back as an event.

public enum Preset: String, CaseIterable, Sendable {
    case none, nonempty, int, number, email

    func check(_ text: String) -> Validity {
        switch self {
        case .none: return .valid
        case .nonempty:
            return text.contains(where: { !$0.isWhitespace }) ? .valid : .invalid(tr("must not be empty"))
        case .int:
            var digits = Substring(text)
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            return !digits.isEmpty && digits.allSatisfy({ $0.isASCII && $0.isNumber }) ? .valid : .invalid(tr("must be a whole number"))
        case .number:
            let isNumeric = text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
            if isNumeric, let value = Double(text), value.isFinite { return .valid }
            return .invalid(tr("must be a number"))
        case .email:
            return Preset.isEmail(text) ? .valid : .invalid(tr("not an email address (name@example.com)"))
        }
    }

    /// A practical check, not RFC 5322: one @, a local part, a dotted domain, no spaces.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: { $0.isWhitespace || $0.isNewline }) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else { return false }
        return !parts[0].hasPrefix(".") && !parts[0].hasSuffix(".") && !parts[0].includes("..")
    }
}

public struct Rules {
    public var preset: Preset = .none
    public var pattern: String?
    var regex: Pattern?
    public var minLength: Int?
    public var maxLength: Int?
    public var command: String?
    public var invalidMessage: String?
    /// An extra local rule (e.g. the save browser's "no such folder yet"): returns a reason or nil.
    public var custom: ((String) -> String?)?

    public init(preset: Preset = .none, pattern: String? = nil, minLength: Int? = nil, maxLength: Int? = nil,
                command: String? = nil, invalidMessage: String? = nil) throws(UsageError) {
        self.preset = preset
        self.minLength = minLength
        self.maxLength = maxLength
        self.command = command
        self.invalidMessage = invalidMessage
        if let minLength, let maxLength, minLength > maxLength {
            throw UsageError("--min-length \(minLength) is more than --max-length \(maxLength): no answer could pass")
        }
        if let pattern {
            self.pattern = pattern
            do {
                regex = try Pattern(pattern)
            } catch {
                throw UsageError("--regex '\(pattern)' is not a valid pattern: \(error.reason)")
            }
        }
    }

    /// What the rules ask for, said before the text is first edited: a hint, where a reason
    /// would read as a refusal of what nobody typed yet ("not an email address" under an empty
    /// field). --invalid-message says it instead, as it says a refusal.
    public var hint: String? {
        if let invalidMessage { return invalidMessage }
        var asked: [String] = []
        if let minLength, minLength > 1 { asked.append(tr("at least %d characters", minLength)) }
        switch preset {
        case .nonempty: asked.append(tr("required"))
        case .int: asked.append(tr("a whole number"))
        case .number: asked.append(tr("a number"))
        case .email: asked.append(tr("an email address (name@example.com)"))
        case .none: if minLength == 1 { asked.append(tr("required")) }
        }
        if let pattern { asked.append(tr("matching %s", Sanitize.line(pattern))) }
        return asked.isEmpty ? nil : asked.joined(separator: ", ")
    }

    /// Checks every local rule (all must pass); the first failure's reason is reported.
    public func check(_ text: String) -> Validity {
        let length = text.count
        if let minLength, length < minLength {
            return .invalid(minLength == 1 ? tr("must not be empty") : tr("needs at least %d characters (%d so far)", minLength, length))
        }
        if let maxLength, length > maxLength { return .invalid(tr("has more than %d characters", maxLength)) }
        if case .invalid(let reason) = preset.check(text) { return .invalid(reason) }
        if let regex, !regex.wholeMatch(text) {
            return .invalid(tr("must match %s", Sanitize.line(pattern ?? "")))
        }
        if let custom, let reason = custom(text) { return .invalid(reason) }
        return .valid
    }
}

/// Flags of `input` and `password`, checked before the terminal is touched.
public struct FieldConfiguration {
    public var secret: Bool
    public var placeholder: String
    public var initialValue: [UInt8]
    public var okLabel: String
    public var cancelLabel: String
    public var rules: Rules
    public var mask: String?
    public var allowReveal: Bool
    public var confirm: Bool
    /// Labels over the field, and over the second entry with --confirm.
    public var label: String?
    public var repeatLabel = tr("Retype to confirm:")
    public var mismatchMessage = tr("the entries did not match; type it again")
    /// Shown under the field from the start (pinentry's SETERROR).
    public var initialError: String?
    /// --strength: the meter's label.
    public var strengthLabel: String?
    /// No Cancel button (Esc still cancels), as whiptail's --nocancel.
    public var noCancel = false
    /// --extra-button and --help-button labels.
    public var extraLabel: String?
    public var helpLabel: String?
    /// --framed: the field inside a frame (dialog's input box).
    public var framed = false
    /// --suggest, --suggest-from: words the field completes to (never for a secret).
    public var suggestions = Suggestions([])
    /// --suggest-cmd and --complete: where words come from as the text changes (nil: nowhere).
    public var dynamicSuggestions: SuggestionRunner.Source?

    /// The buttons under the field.
    public var buttonBar: ButtonBar {
        ButtonBar(ok: okLabel, cancel: noCancel ? nil : cancelLabel, extra: extraLabel, help: helpLabel)
    }

    /// A plain text field (used for prompts nested in other alerts).
    public init(rules: Rules, placeholder: String = "", okLabel: String = tr("OK"), cancelLabel: String = tr("Cancel")) {
        secret = false
        self.placeholder = placeholder
        initialValue = []
        self.okLabel = okLabel
        self.cancelLabel = cancelLabel
        self.rules = rules
        mask = nil
        allowReveal = false
        confirm = false
    }

    /// From a command line: `secret`, the alert asks for a secret (password's).
    init(_ command: ParsedCommand, secret: Bool, reads: AlertReads) throws(UsageError) {
        self.secret = secret
        placeholder = command.string(.placeholder) ?? ""
        okLabel = command.string(.ok) ?? tr("OK")
        cancelLabel = command.string(.cancel) ?? tr("Cancel")
        allowReveal = command.has(.allowReveal)
        confirm = command.has(.confirm) || command.has(.repeatLabel)
        label = command.string(.label)
        if let text = command.string(.repeatLabel) { repeatLabel = text }
        if let text = command.string(.mismatch) { mismatchMessage = text }
        initialError = command.string(.error)
        if command.has(.strength) || command.has(.strengthLabel) { strengthLabel = command.string(.strengthLabel) ?? tr("Strength:") }
        noCancel = command.has(.noCancel)
        extraLabel = command.string(.extraButton)
        helpLabel = command.string(.helpButton)
        framed = command.has(.framed)
        if !secret {
            var words = command.strings(.suggest)
            if let path = command.string(.suggestFrom) {
                let bytes: [UInt8]
                if path == "-" { bytes = try reads.stdin() } else {
                    do { bytes = try reads.file(path, limit: Limits.fieldsFile, streams: true) } catch {
                        throw UsageError("--suggest-from: " + error.message)
                    }
                }
                words += Suggestions(lines: bytes).words
            }
            suggestions = Suggestions(words)
            if let command = command.string(.suggestCmd) { dynamicSuggestions = .command(command) }
            if let kind = command.string(.complete) {
                guard kind == "path" || kind.hasPrefix("path:") else { throw UsageError("--complete takes path or path:ROOT, not \(Sanitize.excerpt(kind))") }
                let root = kind == "path" ? nil : String(kind.dropFirst(5))
                if let root, reads.fileSystem.kind(Array(root.utf8)) != .directory { throw UsageError("--complete: \(Sanitize.excerpt(root)) is not a folder") }
                dynamicSuggestions = .paths(root: root)
            }
        }
        mask = command.string(.mask)
        if let m = mask, m.count > 1 { throw UsageError("--mask takes one character or '' (nothing shown), not '\(Sanitize.line(m))'") }
        if let m = mask, let c = m.unicodeScalars.first, Sanitize.visible(c) != nil {
            throw UsageError("--mask cannot be a control character")
        }
        initialValue = []
        if let value = command.string(.value) {
            if command.readsStdin(value) {
                var bytes = try reads.stdin()
                while bytes.last == 0x0A || bytes.last == 0x0D { bytes.removeLast() }
                initialValue = bytes
            } else if secret && !command.has(.secretInArguments) {
                throw UsageError("--value would put the secret in the process list (ps); use --value - to read it from stdin")
            } else {
                initialValue = Array(value.utf8)
            }
        }
        let preset = command.string(.validate).flatMap(Preset.init(rawValue:)) ?? .none
        rules = try Rules(preset: preset, pattern: command.string(.regex), minLength: command.int(.minLength),
                          maxLength: command.int(.maxLength), command: command.string(.validateCmd),
                          invalidMessage: command.string(.invalidMessage))
    }
}
