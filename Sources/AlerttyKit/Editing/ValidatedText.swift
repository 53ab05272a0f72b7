// How a validated text's verdict is shown, the same in every alert that has one (input, password,
// edit, a form's fields): why it is refused (its --invalid-message instead of the rule's words),
// "checking…" while --validate-cmd runs, what the rules ask for as a muted hint until the text
// is first edited and why it is refused, as an error, after, standing out (reversed) after a refused Enter until the next edit.

public struct ValidatedText: Equatable, Sendable {
    /// The rules' and --validate-cmd's verdict (Editing/Verdict.swift).
    public var verdict: Verdict
    /// --invalid-message: said instead of the rule's reason.
    public let invalidMessage: String?
    /// What the rules ask for (Rules.hint), said instead of the reason until the text is touched.
    public var hint: String?
    /// Edited (or submitted) at least once: a reason is an error from then on, a hint before.
    public private(set) var touched: Bool
    /// Enter was refused: the reason stands out until the next edit.
    public private(set) var refused = false

    /// `touched`: a text whose reason is an error from the start (edit's, which a person opened to change).
    public init(verdict: Verdict = Verdict(), invalidMessage: String? = nil, hint: String? = nil, touched: Bool = false) {
        self.verdict = verdict
        self.invalidMessage = invalidMessage
        self.hint = hint
        self.touched = touched
    }

    public var isChecking: Bool { verdict.isChecking }
    public var isValid: Bool { verdict.isValid }

    /// Why the text is refused, or that it is being checked; nil while it is valid.
    public var reason: String? {
        if let why = verdict.reason(message: invalidMessage) { return touched ? why : hint ?? why }
        return isChecking ? tr("checking…") : nil
    }

    /// The reason a front end without a box says: none while a check runs (its verdict will say).
    public var settledReason: String? { isChecking ? nil : reason }

    public mutating func edited() {
        touched = true
        refused = false
    }

    /// Enter was refused: the reason is an error, and stands out.
    public mutating func refuse() {
        touched = true
        refused = true
    }

    /// The reason's style: muted as a hint (or while checking), an error once touched (or when
    /// `insisting`, a notice that is an error from the start), reversed after a refused Enter.
    public func reasonStyle(_ theme: Theme, insisting: Bool = false) -> Style {
        var style = insisting || (touched && !isChecking) ? theme.error : theme.muted
        if refused { style.reverse = true }
        return style
    }
}
