// Anything besides the terminal and signals that the loop waits on — a validator command today,
// stdin lines or a child process tomorrow. The runtime knows sources only through this protocol:
// it polls their descriptors, wakes at their deadlines, offers them the alert's effects, and
// hands the events they produce to the alert.

public protocol EventSource: AnyObject {
    /// Descriptors to wait on until readable (or closed at the other end).
    var readDescriptors: [FileDescriptor] { get }
    /// Descriptors to wait on until writable.
    var writeDescriptors: [FileDescriptor] { get }
    /// The latest time (monotonic nanoseconds) the loop must wake for this source, if any.
    var nextDeadline: UInt64? { get }
    /// Takes an effect this source carries out; false when the effect is not for it.
    func accept(_ effect: Effect, now: UInt64) -> Bool
    /// Does whatever is due after a wake-up (every turn of the loop); returns events for the alert.
    func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent]
    /// Ends everything the source started. Called on every way out.
    func shutdown()
    /// The process group this source has running (a command, a validator's run), if any: it is
    /// stopped and continued with alertty (Ctrl-Z, `fg`) and lent the terminal when it needs it.
    var processGroup: Int32? { get }
    /// It runs commands (now or later): the loop watches for one wanting the terminal.
    var runsCommands: Bool { get }
    /// Nothing it does is pending for the alert (a check's verdict, items to come): an answer
    /// from a script or a timeout's default may be given now. By default, while it has no deadline.
    var settled: Bool { get }
    /// Events are ready to be handed over now (a file-system answer): the loop takes them before
    /// it shows the alert, so no frame shows the moment between a key and its answer.
    var readyNow: Bool { get }
    /// A few words for the box's bottom border about what the source watches ("2 more
    /// waiting"), kept current by it; nil for none.
    var caption: String? { get }
}

extension EventSource {
    public var processGroup: Int32? { nil }
    public var runsCommands: Bool { false }
    public var settled: Bool { nextDeadline == nil }
    public var readyNow: Bool { false }
    public var caption: String? { nil }
}
