// A command alertty runs (`progress -- sudo apt-get …`, a validator) lives in a process group of
// its own, in the terminal's background, so the keys typed into the box never reach it. When it
// wants the terminal itself — sudo's password prompt, ssh's host-key question, `read </dev/tty` —
// the kernel stops it (SIGTTIN, SIGTTOU). The lender sees that, and the loop steps aside: the
// terminal back in its own modes, the group made the foreground job and continued, its output
// shown as plain lines. The terminal is taken back when the command shows progress again (new
// output) while none of it is reading the terminal, or when it ends. Where that cannot be seen
// (a member run as another user), the command keeps the terminal until it ends: taking it back
// while something still reads it would hand that reader the keys meant for the box.

public final class TerminalLender {
    public enum Step: Equatable, Sendable {
        /// Step aside and give the terminal to this group.
        case lend(Int32)
        /// Take the terminal back and show the alert again.
        case takeBack
        /// The group was stopped while it had the terminal (Ctrl-Z typed to it): the whole job
        /// stops, as it would in a shell.
        case stopped
    }

    /// Looks at a group: its members' state. Injected, so the policy is tested without processes.
    let inspect: (_ group: Int32) -> Platform.GroupState
    /// How often a running group is looked at (a stop of the group's leader is seen at once, by SIGCHLD).
    let interval: UInt64

    public private(set) var lentTo: Int32?
    /// Output arrived since the terminal was lent.
    private var progressed = false
    private var nextLook: UInt64 = 0

    public init(interval: UInt64 = 100_000_000, inspect: @escaping (_ group: Int32) -> Platform.GroupState) {
        self.interval = interval
        self.inspect = inspect
    }

    /// When the loop must wake to look again: while a group runs.
    public func nextDeadline(groups: [Int32]) -> UInt64? { groups.isEmpty ? nil : nextLook }

    /// The lent group wrote something: it may be done with the terminal.
    public func noteOutput() {
        if lentTo != nil { progressed = true }
    }

    /// What to do now. `groups`: the groups running; `urgent`: a child changed state (SIGCHLD).
    public func step(groups: [Int32], now: UInt64, urgent: Bool) -> Step? {
        if let lent = lentTo {
            guard groups.contains(lent) else { return giveBack() }
            guard urgent || now >= nextLook else { return nil }
            nextLook = now + interval
            let state = inspect(lent)
            if state.stopped { return giveBack(.stopped) }
            if progressed && !state.readingTerminal && !state.unknown { return giveBack() }
            return nil
        }
        guard !groups.isEmpty, urgent || now >= nextLook else { return nil }
        nextLook = now + interval
        for group in groups where inspect(group).stopped {
            lentTo = group
            progressed = false
            return .lend(group)
        }
        return nil
    }

    private func giveBack(_ step: Step = .takeBack) -> Step {
        lentTo = nil
        progressed = false
        return step
    }
}
