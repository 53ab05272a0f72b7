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
    /// When the lent group was first seen stopped.
    private var stoppedSince: UInt64?

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
            // Stopped while it has the terminal (Ctrl-Z typed to it) — seen twice, an interval
            // apart: just after the SIGCONT that lent it the terminal it may still look stopped.
            if state.stopped {
                if let since = stoppedSince, now >= since + interval { return giveBack(.stopped) }
                if stoppedSince == nil { stoppedSince = now }
                nextLook = min(nextLook, (stoppedSince ?? now) + interval)
                return nil
            }
            stoppedSince = nil
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
        stoppedSince = nil
        return step
    }
}

/// What the loop needs of the terminal it lends (a protocol, so the loop's side of lending is
/// tested without a terminal).
public protocol TerminalLending: AnyObject {
    /// We are the terminal's foreground job (a job in the background has no terminal to lend).
    var isOurs: Bool { get }
    func lend(to group: Int32)
    func takeBack()
    /// Sets TOSTOP (again: a front end setting its modes may have cleared it).
    func stopBackgroundWriters()
    /// A group's members: stopped, reading this terminal.
    func groupState(_ group: Int32) -> Platform.GroupState
}

/// The controlling terminal as the loop lends it: opened to hand it over and take it back, with
/// TOSTOP set while commands run (a command's write to the terminal stops it until it is lent the
/// terminal, so its prompt is shown where a person reads it, not drawn over the box or, in line
/// mode, answered into alertty). Made before a command is started, so even its first write waits;
/// TOSTOP is cleared again at the end if it was clear before.
public final class TerminalLoan: TerminalLending {
    public let terminal: FileDescriptor
    private var tostopBefore: Bool?

    /// Nil without a controlling terminal.
    public init?() {
        guard let fd = try? Platform.openTerminal("/dev/tty") else { return nil }
        terminal = fd
        stopBackgroundWriters()
    }

    deinit {
        if tostopBefore == false { Platform.stopBackgroundWriters(terminal, false) }
        Platform.close(terminal)
    }

    public var isOurs: Bool { Platform.foregroundGroup(terminal) == Platform.ownGroup() }

    public func stopBackgroundWriters() {
        guard isOurs else { return }
        let was = Platform.stopBackgroundWriters(terminal, true)
        if tostopBefore == nil { tostopBefore = was }
    }

    public func groupState(_ group: Int32) -> Platform.GroupState { Platform.groupState(group, terminal: terminal) }

    public func lend(to group: Int32) {
        Platform.setForegroundGroup(terminal, group)
        Platform.signalGroup(group, .resume)
    }

    /// (The front end then sets its modes again, and the loop sets TOSTOP again after it.)
    public func takeBack() {
        Platform.setForegroundGroup(terminal, Platform.ownGroup())
    }
}
