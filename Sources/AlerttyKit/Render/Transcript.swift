// --keep (ALERTTY_KEEP=1): an answered prompt leaves one line on the terminal — the question and
// its answer — so an installer wizard leaves a readable transcript, as @clack/prompts and
// inquire do, where dialog, whiptail and gum erase everything. Written on the terminal, never on
// stdout; a secret is masked, a cancel said as such. A pure function of what the alert asked
// and what came of it: the box and line mode write the same words.

enum Transcript {
    /// The line's parts: the question, the answer, and whether the answer is the person's
    /// (false: cancelled, timed out — drawn muted).
    struct Line: Equatable {
        var question: String
        var answer: String
        var answered: Bool
    }

    /// Masks a secret whatever its length (its length is not shown either).
    static func mask(unicode: Bool) -> String { String(repeating: unicode ? "•" : "*", count: 8) }

    /// What `alert` asked and what came of it as one line (nil: nothing to keep — an alert that
    /// is not a prompt, such as progress, or an outcome no one chose).
    static func line(_ alert: any Alert, _ outcome: Outcome, unicode: Bool) -> Line? {
        let meaning = alert.meaning
        var question: String
        switch meaning {
        case .message(let m): question = heading(m.title, m.text)
        case .question(let q): question = heading(q.title, q.text)
        case .field(let f): question = heading(f.title, f.label ?? f.text)
        case .browser(let b): question = heading(b.title, b.text)
        case .list(let l): question = heading(l.title, l.text)
        case .document(let d): question = heading(d.title, "")
        case .progress: return nil
        }
        if question.isEmpty { question = "?" }
        let ended: String? = switch outcome.status {
        case .timeout: tr("timed out")
        case .interrupted, .hangup, .terminated, .quit: tr("interrupted")
        default: nil
        }
        if let ended { return Line(question: question, answer: ended, answered: false) }
        if let fields = alert.formFields, outcome.status == .ok {
            let shown = fields.map { field in
                Sanitize.line(field.declaration.label) + " " + (field.declaration.kind == .password ? mask(unicode: unicode) : Sanitize.line(field.value))
            }
            return Line(question: question, answer: shown.joined(separator: ", "), answered: true)
        }
        switch (meaning, outcome.status) {
        case (.question(let q), .ok): return Line(question: question, answer: Sanitize.line(q.yes), answered: true)
        case (.question(let q), .cancel) where !outcome.pressedEsc: return Line(question: question, answer: Sanitize.line(q.no), answered: true)
        case (.message(let m), .ok), (.message(let m), .cancel): return Line(question: question, answer: Sanitize.line(m.ok), answered: true)
        case (.document(let d), .ok): return Line(question: question, answer: Sanitize.line(d.ok), answered: true)
        case (.field(let f), .ok) where f.secret: return Line(question: question, answer: mask(unicode: unicode), answered: true)
        case (_, .ok), (_, .extra):
            let items = outcome.items ?? outcome.answer.map { [$0] } ?? []
            let answer = items.map { Sanitize.line(String(decoding: $0, as: UTF8.self)) }.joined(separator: ", ")
            return Line(question: question, answer: answer, answered: true)
        case (_, .cancel):
            return Line(question: question, answer: tr("cancelled"), answered: false)
        default:
            return nil
        }
    }

    /// The title, else the text's first line.
    static func heading(_ title: String, _ text: String) -> String {
        let title = Sanitize.line(title).trimmingSpaces()
        if !title.isEmpty { return title }
        return Sanitize.line(String(text.split(whereSeparator: \.isNewline).first ?? "")).trimmingSpaces()
    }

    /// The line as a person reads it, at most `width` columns: `◇ Question · answer`.
    static func text(_ line: Line, unicode: Bool, width: Int) -> String {
        let full = (unicode ? "◇ " : "* ") + line.question + (unicode ? " · " : " - ") + line.answer
        return Wrap.truncate(full, width: max(8, width))
    }

    /// The line in the theme's foreground colours on the terminal's own background (the mark
    /// and the question muted, the answer as text — muted when it is no one's answer), then a
    /// newline.
    static func styled(_ line: Line, theme: Theme, colors: ColorMode, unicode: Bool, width: Int) -> [UInt8] {
        let plain = text(line, unicode: unicode, width: width)
        guard colors != .none else { return Array(plain.utf8) + [0x0A] }
        let head = text(Line(question: line.question, answer: "", answered: true), unicode: unicode, width: width)
        func sgr(_ style: Style) -> String {
            style.foreground.map { "\u{1B}[0;" + colors.parameters($0, background: false) + "m" } ?? "\u{1B}[m"
        }
        // (Cut short, the answer may be gone: the whole line is then the question's.)
        guard plain.hasPrefix(head), plain.count > head.count else { return Array((sgr(theme.muted) + plain + "\u{1B}[m\n").utf8) }
        let answer = plain.dropFirst(head.count)
        return Array((sgr(theme.muted) + head + sgr(line.answered ? theme.text : theme.muted) + answer + "\u{1B}[m\n").utf8)
    }
}
