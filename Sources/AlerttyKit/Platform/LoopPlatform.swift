// What a wait needs of the system — the clock, the poll, the signals — as one injected value,
// so the runtime's loop and every other wait (the popup's caller, pinentry's last inquiry) are
// driven by a test the same way, and polls happen here, behind Platform, nowhere else.

/// The loop's window on the system, so its timing can be driven by a test: the clock, the wait,
/// and the signals.
public struct LoopPlatform {
    public var now: () -> UInt64
    public var poll: (_ read: [FileDescriptor], _ write: [FileDescriptor], _ timeoutMs: Int32) -> (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>)
    public var catchSignals: ([Platform.Signal]) -> FileDescriptor?
    public var drainSignals: () -> [Platform.Signal]
    public var restoreSignals: ([Platform.Signal]) -> Void

    public init(now: @escaping () -> UInt64,
                poll: @escaping ([FileDescriptor], [FileDescriptor], Int32) -> (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>),
                catchSignals: @escaping ([Platform.Signal]) -> FileDescriptor?, drainSignals: @escaping () -> [Platform.Signal],
                restoreSignals: @escaping ([Platform.Signal]) -> Void) {
        self.now = now
        self.poll = poll
        self.catchSignals = catchSignals
        self.drainSignals = drainSignals
        self.restoreSignals = restoreSignals
    }

    public static var system: LoopPlatform {
        LoopPlatform(now: Platform.now, poll: { Platform.poll(read: $0, write: $1, timeoutMs: $2) },
                     catchSignals: Platform.catchSignals, drainSignals: Platform.drainSignals,
                     restoreSignals: Platform.restoreDefaultSignals)
    }
}
