// How an alert is put to someone. The loop (Runner) owns what every way of asking shares —
// signals, event sources, effects, ticks, the idle timeout and --on-timeout default — and a
// front end owns only how the alert is shown and answered: the box (keys, frames), line mode
// (plain prompts read as lines) or a script (answers from the environment, the defaults).

public enum FrontEndRequest: Equatable, Sendable {
    /// Hand this to the alert (a key's action, a paste, a click, a typed answer).
    case event(AlertEvent)
    /// Ctrl-C read as a key in raw mode: offered to the alert as SIGINT is. `job`: we were the
    /// terminal's foreground job, so the whole job is interrupted, as the driver would have done.
    case interrupt(job: Bool)
    /// Ctrl-Z read as a key in raw mode.
    case suspend(wholeJob: Bool)
    /// The front end ends it: the end of input, a terminal gone, a refused scripted answer.
    case finish(Outcome)
}

/// What the loop tells a front end when it is to show the alert.
public struct PresentContext: Sendable {
    /// Something may have changed since the last time (an event, a tick, a source's output).
    public var changed: Bool
    /// No event source has anything under way (a check running, a folder being made, items
    /// still arriving): what the alert means now is what it will mean until the next input.
    public var settled: Bool
    /// The idle timeout's countdown in its last ten seconds ("7s"), for the border; nil when
    /// there is none or the alert shows it itself, on what will be taken (--on-timeout default).
    public var countdown: String?
    /// What a source says for the border besides (a popup's "2 more waiting"), or nil.
    public var caption: String?

    public init(changed: Bool, settled: Bool, countdown: String? = nil, caption: String? = nil) {
        self.changed = changed
        self.settled = settled
        self.countdown = countdown
        self.caption = caption
    }

    /// What the bottom border says besides the hints: the caption, then the countdown.
    public var footer: String? {
        let parts = [caption, countdown].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

public protocol FrontEnd: AnyObject {
    /// A person answers (a key or a line resets the idle timeout); false for a script.
    var asksAPerson: Bool { get }
    /// Ctrl-C and Ctrl-Z read as keys stop the whole job, as the terminal driver would (the box,
    /// in raw mode); elsewhere the driver does it itself.
    var readsJobKeys: Bool { get }
    /// Descriptors it waits on (the terminal); none for a script.
    var readDescriptors: [FileDescriptor] { get }
    /// Takes the terminal, before the alert's `.start` (and tells the alert how it is read).
    func begin(_ alert: inout any Alert)
    /// Shows the alert as it is now: a frame, the next prompt or line, or (a script) its answer.
    func present(_ alert: inout any Alert, now: UInt64, context: PresentContext) -> [FrontEndRequest]
    /// Reads what is ready on its descriptors (called every turn: a lone ESC times out here).
    func service(_ alert: any Alert, readable: Set<FileDescriptor>, now: UInt64) -> [FrontEndRequest]
    /// When it must be woken though nothing arrives (an animation frame, a lone ESC, a frame held back).
    func nextDeadline(now: UInt64) -> UInt64?
    /// Gives the terminal back exactly as it was and stops (Ctrl-Z, SIGTSTP); takes it again on `fg`.
    func suspend(wholeJob: Bool)
    /// Continued after someone else stopped us (SIGSTOP): our modes may have changed under us.
    func resumed()
    func resized()
    /// A command alertty runs takes the terminal for a while (sudo's password prompt): the
    /// terminal back in its own modes, nothing read from it until `stepBack`.
    func stepAside()
    /// The command's output while it has the terminal.
    func showAside(_ output: [UInt8])
    /// The terminal is ours again: take it as `begin` did and show the alert anew.
    func stepBack()
    /// The way out, every way out: the outcome as this front end ends it (Esc noted, a last line
    /// or report written), with the terminal restored.
    func end(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome
    /// Lends its terminal to `use` (a program the person runs on it, their editor), in the
    /// terminal's own modes, and takes it back and shows the alert anew; false where it has no
    /// terminal to lend (line mode, no person).
    func lendTerminal(_ use: (FileDescriptor) -> Void) -> Bool
}

extension FrontEnd {
    public func lendTerminal(_ use: (FileDescriptor) -> Void) -> Bool { false }
    public func resumed() {}
    public func resized() {}
    public func stepAside() {}
    public func showAside(_ output: [UInt8]) {}
    public func stepBack() {}
}
