// The verdict on a validated text — one state machine for every field that has rules: input,
// password, edit, and a form's text, number and password fields. The value's own rules are checked
// at once on each change; --validate-cmd, when there is one and the rules pass, runs through the
// loop (an effect) and its verdict comes back later, matched by generation so a stale run's is
// dropped. Enter pressed while the command runs is remembered and carried out when the verdict is
// in, wherever the field is.

public struct Verdict: Equatable, Sendable {
    public enum CommandState: Equatable, Sendable {
        case notNeeded
        case pending(generation: Int)
        case done(Validity)
    }

    public enum Submit: Equatable, Sendable {
        /// Valid: go on.
        case now
        /// The command is checking a value its rules pass: remembered, carried out when it says valid.
        case later
        /// Invalid: say why.
        case refused
    }

    /// The value's own rules.
    public private(set) var local: Validity = .valid
    /// --validate-cmd's run for the value, or its verdict.
    public private(set) var command: CommandState = .notNeeded
    /// Enter was pressed while the command ran.
    public private(set) var waitingToSubmit = false
    private var runs = 0
    /// A form's field: its runs are told apart from the other fields' by generation modulo `channels`.
    public let channel: Int?
    public static let channels = 256

    public init(channel: Int? = nil) { self.channel = channel }

    /// The value changed (or is checked for the first time): its rules now, and a run of the
    /// command asked for when there is one and they pass. A remembered Enter is forgotten.
    public mutating func check(_ editor: LineEditor, rules: Rules?) -> [Effect] {
        check(editor.withText { rules?.check($0) } ?? .valid, bytes: editor.bytes, runs: rules?.command != nil)
    }

    /// The same for text kept outside a line editor (edit's text area).
    public mutating func check(_ text: String, bytes: [UInt8], rules: Rules?) -> [Effect] {
        check(rules?.check(text) ?? .valid, bytes: bytes, runs: rules?.command != nil)
    }

    /// The rules alone, before anything runs (an alert as built, before its start).
    public mutating func checkRules(rules: Rules?, on editor: LineEditor) {
        local = editor.withText { rules?.check($0) } ?? .valid
    }

    /// The rules' verdict on `bytes` is `local`; the command runs next if there is one.
    mutating func check(_ local: Validity, bytes: [UInt8], runs hasCommand: Bool) -> [Effect] {
        waitingToSubmit = false
        self.local = local
        guard hasCommand else {
            command = .notNeeded
            return []
        }
        guard local == .valid else {
            command = .done(local)
            return []
        }
        runs += 1
        let generation = channel.map { runs * Self.channels + $0 } ?? runs
        command = .pending(generation: generation)
        return [.validate(text: bytes, generation: generation)]
    }

    /// Whether a run's generation is for this verdict's channel (a form routes by it).
    public static func channel(of generation: Int) -> Int { generation % channels }

    /// The command's verdict on a run: true when it was the current value's (a stale one is dropped).
    public mutating func receive(_ generation: Int, _ validity: Validity) -> Bool {
        guard case .pending(let current) = command, current == generation else { return false }
        command = .done(validity)
        return true
    }

    /// A value refused before any check could say so (a scripted answer typing could not give).
    public mutating func refuse(_ reason: String) {
        command = .done(.invalid(reason))
        waitingToSubmit = false
    }

    public var isChecking: Bool { if case .pending = command { return true } else { return false } }
    public var isValid: Bool {
        switch command {
        case .notNeeded: return local == .valid
        case .pending: return false
        case .done(let v): return local == .valid && v == .valid
        }
    }

    /// Why the value is refused (nil while valid or still being checked); `message` (the
    /// field's --invalid-message) says it instead of the rule when given.
    public func reason(message: String? = nil) -> String? {
        if case .invalid(let why) = local { return message ?? why }
        if case .done(.invalid(let why)) = command { return message ?? why }
        return nil
    }

    /// Enter.
    public mutating func submit() -> Submit {
        if isChecking && local == .valid {
            waitingToSubmit = true
            return .later
        }
        return isValid ? .now : .refused
    }

    /// After `receive`: true when an Enter remembered while the command ran is to be carried out
    /// now (its verdict is in; the field's own Enter then goes on or says why not).
    public mutating func takeRememberedSubmit() -> Bool {
        guard waitingToSubmit, !isChecking else { return false }
        waitingToSubmit = false
        return true
    }
}
