// Reaching a person who is not at the job's terminal: the room's policy, in one place, and its
// two tables. A new way to reach a person is one file and one row here.
//
// - One question at a time per person: jobs take their turn in the user's queue
//   (QuestionQueue), oldest first; a job waits watching only the question before it.
// - The deadline: --timeout counts from the asking, wherever the question is shown; a
//   --countdown counts only where a person sees it (never shown, it times out as --timeout).
// - The first answer wins: every copy of a question — drawn by a host, offered elsewhere — is
//   serviced by the caller's one wait (CallerWait); the first person's answer ends it, and every
//   other copy is withdrawn at once.
// - Only a person's answer is an answer: a copy that fails where it is served, or goes without
//   an answer (killed, its terminal gone, Ctrl-C in an agent), is asked again while the time
//   lasts; then 124.
//
// Hosts draw the question over where the person is (one file each in `Hosts/`): a host finds a
// place (`HostPlace`: a tmux client, found by `Popup.place`) and shows the question there (a
// popup, through the popup's session and conversation). Elsewhere channels answer it from another place while it waits —
// beside a host's popup, or alone while no host has a client.

enum Reach {
    /// Hosts that draw a question over where the person is, asked in turn (`ReachTests` holds the table).
    static let hosts: [any Host] = [
        TmuxHost(),
    ]

    /// Where the question is shown now: the first host with a place for it (or that says it is
    /// asked inline); when none has one, nowhere, as the first said.
    static func place(_ command: ParsedCommand, terminal: Bool, environment: (String) -> String?) -> Popup.Place {
        var first: Popup.Place?
        for host in hosts {
            let place = host.place(command, terminal: terminal, environment: environment)
            if case .nowhere = place { first = first ?? place; continue }
            return place
        }
        return first ?? .nowhere("no host to show a question on")
    }

    /// What wakes a job waiting for a place (a client attaching to any host).
    static func arrivals(_ command: ParsedCommand, environment: (String) -> String?) -> [Platform.FolderWatch] {
        hosts.compactMap { $0.arrivals(command, environment: environment) }
    }

    /// Channels that answer a waiting question from another place, each offered in turn.
    static let elsewhere: [any Elsewhere] = [
        AgentsElsewhere(),
        SystemdAgentsElsewhere(),
        DesktopElsewhere(),
    ]

    /// A waiting question as a channel elsewhere is offered it.
    struct Waiting {
        let command: ParsedCommand
        let asking: Asking
        /// The alert as made: its rules check an answer typed elsewhere.
        let built: BuiltAlert
        let promptName: String
        let asker: Popup.Asker
        /// CLOCK_MONOTONIC nanoseconds when the caller stops waiting (nil: it does not).
        let deadline: UInt64?
        /// What was read of stdin so far, and whether the rest streams to whoever serves it.
        let stdinTaken: [UInt8]
        let forwardsStdin: Bool
        /// It holds a place in the user's queue (where agents find it).
        let queued: Bool
        /// The job's environment (where its user's session bus is; what the person turned off).
        let environment: (String) -> String?
        /// CLOCK_MONOTONIC nanoseconds when it was asked.
        let asked: UInt64

        init(_ prepared: Ask.Prepared, asker: Popup.Asker, asked: UInt64, deadline: UInt64?, stdinTaken: [UInt8], forwardsStdin: Bool,
             queued: Bool) {
            (command, asking, built, promptName) = (prepared.command, prepared.asking, prepared.built, prepared.answerer.promptName)
            (self.asker, self.deadline, self.stdinTaken, self.forwardsStdin, self.queued) = (asker, deadline, stdinTaken, forwardsStdin, queued)
            (environment, self.asked) = (prepared.environment, asked)
        }

        /// The rows of `Reach.elsewhere` that take it, by name.
        var takenBy: [String] { Reach.elsewhere.filter { $0.takes(self) }.map(\.name) }

        /// Seconds left before the deadline (nil: no deadline).
        var left: Double? { deadline.map { Double(Int64(bitPattern: $0 &- Platform.now())) / 1e9 } }
    }
}

/// A place that draws a question over where the person is: one row of `Reach.hosts`.
protocol Host: Sendable {
    /// Its name in the table.
    var name: String { get }
    /// Where it would show the question now: over the person's terminal, asked inline (a job's
    /// own terminal it does not serve), or nowhere yet (and why).
    func place(_ command: ParsedCommand, terminal: Bool, environment: (String) -> String?) -> Popup.Place
    /// What wakes a job waiting for it to have a place (a client attaching); nil: nothing to watch.
    func arrivals(_ command: ParsedCommand, environment: (String) -> String?) -> Platform.FolderWatch?
}

/// Where a host shows a question (a tmux client): its screen's size, and the showing.
protocol HostPlace {
    var columns: Int { get }
    var rows: Int { get }
    /// Shows the question there and waits for what comes of it.
    func show(_ showing: Popup.Showing) -> Popup.Shown
}

extension Popup {
    /// A question to show where a host placed it: the question as prepared (its command, what
    /// the asking program adds, the files read for it), its box's size there, what was read
    /// of stdin and whether the rest streams, the time left, the title a job's popup gets, and
    /// its copies elsewhere that the same wait services.
    struct Showing {
        let question: Ask.Prepared
        let size: (width: Int, height: Int)
        let stdinTaken: [UInt8]
        let forwardsStdin: Bool
        let timeout: Double?
        let title: String?
        let elsewhere: [any OtherChannel]
    }
}

/// A place that answers a waiting question: one row of `Reach.elsewhere`.
protocol Elsewhere: Sendable {
    /// Its name in the table.
    var name: String { get }
    /// Whether it can take this question at all, from the question's facts alone.
    func takes(_ question: Reach.Waiting) -> Bool
    /// Offers the question there (one it takes): the copy the caller's wait services (nil: it cannot take this
    /// question, or cannot be reached now — offered again at the next look).
    func offer(_ question: Reach.Waiting) -> (any OtherChannel)?
}

/// A copy of a waiting question offered elsewhere, serviced by the caller's wait: the first
/// answer wins, and the others are withdrawn.
protocol OtherChannel: AnyObject {
    /// What to wait on for it.
    var reads: [FileDescriptor] { get }
    var writes: [FileDescriptor] { get }
    /// Does what the wait found ready; what came of it (nil: nothing that counts yet).
    func service(_ polled: (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>)) -> Ran?
    /// Takes the question away there (answered elsewhere, or the asker is going).
    func withdraw()
    /// Seconds until it must be looked at again though nothing woke the wait (nil: never — what
    /// it waits for wakes the loop).
    var lookAgainIn: Double? { get }
    /// Whoever served it went without a person's answer: it is to be withdrawn and offered afresh.
    var lost: Bool { get }
    /// A person has it in front of them now: the box there keeps the time (a countdown starts
    /// there), so the caller waits for what comes of it past its deadline.
    var shown: Bool { get }
    /// What the queue's entry says of it, a `name=value` line (where agents find it), or "".
    var queueNote: String { get }
}

extension OtherChannel {
    var lookAgainIn: Double? { nil }
    var lost: Bool { false }
    var shown: Bool { false }
    var queueNote: String { "" }
}
