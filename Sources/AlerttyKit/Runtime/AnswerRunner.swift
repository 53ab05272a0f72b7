// Answers without a person: ALERTTY_ANSWER_<ID> answers the prompt named `--id ID`, and under
// ALERTTY_NONINTERACTIVE=1 (or --non-interactive, or --on-timeout default when time runs out) a
// prompt takes its default. The answer goes to the same alert value a typed one would, so the
// same rules decide: a valid answer is printed, an invalid one refused with the alert's reason.

public enum AnswerRunner {
    public enum Result: Equatable {
        case outcome(Outcome)
        case refused(String)
    }

    /// Answers `alert` with `text`, as a person would have typed or chosen it.
    public static func answer(_ text: String, alert: any Alert, sources: [any EventSource]) -> Result {
        var alert = alert
        func send(_ events: AlertEvent...) -> Outcome? {
            for event in events {
                if let outcome = SourceDriver.send(event, to: &alert, sources: sources) { return outcome }
            }
            return nil
        }
        defer { for source in sources { source.shutdown() } }
        if let outcome = SourceDriver.accept(alert.update(.start), sources: sources) { return .outcome(outcome) }
        _ = SourceDriver.settle(&alert, sources: sources)
        switch alert.meaning {
        case .message, .progress:
            return send(.action(.submit)).map(Result.outcome) ?? .refused("the message could not be acknowledged")
        case .question(let q):
            let a = text.trimmingSpaces().lowercased()
            let yes = ["y", "yes", "true", "1", q.yes.lowercased()].contains(a)
            let no = ["n", "no", "false", "0", q.no.lowercased()].contains(a)
            guard yes || no else { return .refused("answer yes or no, not '\(text)'") }
            return send(.action(.insert(yes ? "y" : "n"))).map(Result.outcome) ?? .refused("not accepted")
        case .field:
            // A secret asked twice (--confirm) gets the same answer twice.
            for _ in 0..<2 {
                if let outcome = send(.text(text), .action(.submit)) { return .outcome(outcome) }
                guard case .field(let f) = alert.meaning else { break }
                if let reason = f.reason { return .refused(reason) }
            }
            return .refused("not accepted")
        case .list(let c):
            let wanted = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            var picks: [Int] = []
            for w in wanted {
                guard let i = c.index(of: w) else { return .refused("no item '\(w)'") }
                picks.append(i)
            }
            if let outcome = send(.answer(picks)) { return .outcome(outcome) }
            if case .list(let now) = alert.meaning, let reason = now.reason { return .refused(reason) }
            return .refused("choose one item")
        case .browser(let b):
            if let outcome = send(.text(text), .answer([])) { return .outcome(outcome) }
            if case .browser(let now) = alert.meaning, let notice = now.notice { return .refused(notice) }
            if case .question = alert.meaning { return .refused("“\(text)” already exists (nobody to ask whether to replace it)") }
            return .refused(b.choosesFolder ? "not a folder inside the root" : "not a file name inside the root")
        }
    }

    /// The prompt's default (the focused button, the initial value, the preselected item, the
    /// initial name or folder), checked like an answer; nil when taking it was not possible.
    public static func takeDefault(_ alert: inout any Alert, sources: [any EventSource]) -> Result {
        switch alert.meaning {
        case .question(let q):
            // Yes or No by their letter; a default that is the extra or help button (the one the
            // countdown is drawn on) by pressing the focused button.
            let take: AlertEvent = q.defaultButton != nil ? .action(.submit) : .action(.insert(q.defaultYes ? "y" : "n"))
            return SourceDriver.send(take, to: &alert, sources: sources).map(Result.outcome) ?? .refused("not accepted")
        case .field:
            if let outcome = SourceDriver.send(.action(.submit), to: &alert, sources: sources) { return .outcome(outcome) }
            if case .field(let f) = alert.meaning, let reason = f.reason { return .refused(reason) }
            return .refused("the default is not a valid answer")
        case .list(let c):
            let picks = c.multi ? c.marked : [c.focused].compactMap { $0 }
            if let outcome = SourceDriver.send(.answer(picks), to: &alert, sources: sources) { return .outcome(outcome) }
            if case .list(let now) = alert.meaning, let reason = now.reason { return .refused(reason) }
            return .refused("no item to take")
        case .browser:
            if let outcome = SourceDriver.send(.answer([]), to: &alert, sources: sources) { return .outcome(outcome) }
            if case .browser(let now) = alert.meaning, let notice = now.notice { return .refused(notice) }
            return .refused("the default is not a valid answer")
        case .message, .progress:
            return SourceDriver.send(.action(.submit), to: &alert, sources: sources).map(Result.outcome) ?? .outcome(Outcome(.ok))
        }
    }
}

extension AlertMeaning.Choice {
    /// The item a script names: a tag, a label, or a 1-based index.
    func index(of name: String) -> Int? {
        if let i = tags.firstIndex(of: name) ?? labels.firstIndex(of: name) { return i }
        if let n = Int(name), n >= 1, n <= labels.count { return n - 1 }
        return nil
    }
}
