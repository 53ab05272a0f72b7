// A step of the work progress shows (dialog's mixedgauge rows): a name and its state, given as
// `NAME: STATE` on the gauge's input (or --step). States: pending, running, done, failed,
// skipped, or a percentage; dialog's words (Succeeded, Completed, In Progress, N/A …) are read as
// those, and shown as given.

public struct Step: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        case pending, running, done, failed, skipped
        case percent(Int)
    }

    public var name: String
    public var state: State
    /// The state as it is shown (the word it was given as, or a percentage).
    public var label: String

    public init(name: String, state: State, label: String? = nil) {
        self.name = name
        self.state = state
        self.label = label ?? Step.word(state)
    }

    static func word(_ state: State) -> String {
        switch state {
        case .pending: return "pending"
        case .running: return "running"
        case .done: return "done"
        case .failed: return "failed"
        case .skipped: return "skipped"
        case .percent(let p): return "\(p)%"
        }
    }

    /// `NAME: STATE` with a state it knows; nil for any other line (it stays the gauge's).
    public static func parse(_ line: String) -> Step? {
        guard let colon = line.lastIndex(of: ":") else { return nil }
        let name = String(line[..<colon]).trimmingSpaces()
        let given = String(line[line.index(after: colon)...]).trimmingSpaces()
        guard !name.isEmpty, let state = state(given) else { return nil }
        return Step(name: name, state: state, label: given == Step.word(state) ? nil : given)
    }

    static func state(_ word: String) -> State? {
        switch word.lowercased() {
        case "pending", "waiting", "": return word.isEmpty ? nil : .pending
        case "running", "in progress", "working": return .running
        case "done", "ok", "succeeded", "completed", "passed", "checked": return .done
        case "failed", "error": return .failed
        case "skipped", "n/a": return .skipped
        default:
            guard word.hasSuffix("%"), let p = Int(word.dropLast()), (0...100).contains(p) else { return nil }
            return .percent(p)
        }
    }
}
