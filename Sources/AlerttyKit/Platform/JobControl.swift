// Job control for the commands alertty runs (`progress -- CMD`, a validator). Each runs in a
// process group of its own, in the terminal's background; when one of them reads from the
// terminal or changes its modes (sudo's password prompt, ssh's host-key question), the kernel
// stops it with SIGTTIN or SIGTTOU. These calls let the loop see that, lend it the terminal and
// take the terminal back. What a process is doing is read from /proc (Linux); elsewhere nothing
// is seen and nothing is lent.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// What is known of a process group's members.
    public struct GroupState: Equatable, Sendable {
        /// A member is stopped (by SIGTTIN/SIGTTOU when it is in the background, or Ctrl-Z).
        public var stopped = false
        /// A member is in a read (or a wait) on the terminal: taking the terminal back now would
        /// hand it the keys meant for alertty.
        public var readingTerminal = false
        /// A member whose state cannot be read (another user's process): whether it reads the
        /// terminal is not known.
        public var unknown = false
        public init(stopped: Bool = false, readingTerminal: Bool = false, unknown: Bool = false) {
            self.stopped = stopped
            self.readingTerminal = readingTerminal
            self.unknown = unknown
        }
    }

    /// The state of the group `leader` leads: the leader and its descendants still in that group.
    public static func groupState(_ leader: pid_t, terminal: FileDescriptor) -> GroupState {
        var state = GroupState()
        #if os(Linux)
        var terminalDevices: Set<UInt64> = [makeDevice(5, 0)] // /dev/tty
        var st = stat()
        if fstat(terminal, &st) == 0 { terminalDevices.insert(UInt64(st.st_rdev)) }
        var pending = [leader]
        var seen = 0
        while let pid = pending.popLast(), seen < 4096 {
            seen += 1
            guard let stat = readProcFile(pid, "stat"), let close = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = stat[(close + 2)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 2, Int32(String(decoding: fields[2], as: UTF8.self)) == leader else { continue }
            if fields[0].first == UInt8(ascii: "T") { state.stopped = true }
            switch readsTerminal(pid, devices: terminalDevices) {
            case true?: state.readingTerminal = true
            case false?: break
            case nil: state.unknown = true
            }
            pending += children(pid)
        }
        #endif
        return state
    }

    /// Makes `group` the terminal's foreground process group (our own, to take it back). Done
    /// with SIGTTOU blocked: from the background, tcsetpgrp would stop us.
    @discardableResult
    public static func setForegroundGroup(_ terminal: FileDescriptor, _ group: pid_t) -> Bool {
        var block = sigset_t(), old = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTTOU)
        sigprocmask(SIG_BLOCK, &block, &old)
        defer { sigprocmask(SIG_SETMASK, &old, nil) }
        return tcsetpgrp(terminal, group) == 0
    }

    /// Sets TOSTOP (a background process that writes to the terminal is stopped, so a command's
    /// prompt is shown only once it has the terminal); returns whether it was set before.
    @discardableResult
    public static func stopBackgroundWriters(_ terminal: FileDescriptor, _ on: Bool) -> Bool {
        guard var mode = terminalMode(terminal) else { return on }
        let was = mode.c_lflag & tcflag_t(TOSTOP) != 0
        if was != on {
            if on { mode.c_lflag |= tcflag_t(TOSTOP) } else { mode.c_lflag &= ~tcflag_t(TOSTOP) }
            _ = setTerminalMode(terminal, mode)
        }
        return was
    }

    /// Copies TOSTOP from one mode to another.
    public static func keepStopOnBackgroundWrites(from mode: TerminalMode, in other: inout TerminalMode) {
        other.c_lflag = (other.c_lflag & ~tcflag_t(TOSTOP)) | (mode.c_lflag & tcflag_t(TOSTOP))
    }

    public static func foregroundGroup(_ terminal: FileDescriptor) -> pid_t { tcgetpgrp(terminal) }
    public static func ownGroup() -> pid_t { getpgrp() }

    #if os(Linux)
    private static func makeDevice(_ major: UInt64, _ minor: UInt64) -> UInt64 {
        ((major & 0xfffff000) << 32) | ((major & 0xfff) << 8) | ((minor & 0xffffff00) << 12) | (minor & 0xff)
    }

    /// A /proc file of `pid` whole (nil when it is gone or not ours to read).
    private static func readProcFile(_ pid: pid_t, _ name: String) -> [UInt8]? {
        guard let bytes = try? Platform.readFile("/proc/\(pid)/\(name)", limit: 1 << 20), !bytes.isEmpty else { return nil }
        return bytes
    }

    /// The numbered entries of a /proc folder (tasks, descriptors).
    private static func numberedEntries(_ path: String) -> [Int] { Platform.names(in: path).compactMap { Int($0) } }

    /// The children of every thread of `pid`.
    private static func children(_ pid: pid_t) -> [pid_t] {
        numberedEntries("/proc/\(pid)/task").flatMap { tid -> [pid_t] in
            guard let list = readProcFile(pid, "task/\(tid)/children") else { return [] }
            return list.split(separator: UInt8(ascii: " ")).compactMap { Int32(String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// Whether `pid` is blocked reading one of `devices` (read, readv, pread; or a poll or select
    /// while it has one open); nil when its system call cannot be read.
    private static func readsTerminal(_ pid: pid_t, devices: Set<UInt64>) -> Bool? {
        guard let text = readProcFile(pid, "syscall") else { return nil }
        let fields = text.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A }).map { String(decoding: $0, as: UTF8.self) }
        guard let number = fields.first.flatMap({ Int($0) }) else { return false } // "running"
        func isTerminal(_ fd: Int) -> Bool {
            var st = stat()
            return stat("/proc/\(pid)/fd/\(fd)", &st) == 0 && devices.contains(UInt64(st.st_rdev))
                && (st.st_mode & S_IFMT) == S_IFCHR
        }
        if readCalls.contains(number) {
            guard fields.count > 1, let fd = Int(fields[1].dropFirst(2), radix: 16) else { return false }
            return isTerminal(fd)
        }
        guard waitCalls.contains(number) else { return false }
        return numberedEntries("/proc/\(pid)/fd").contains(where: isTerminal)
    }

    #if arch(x86_64)
    private static let readCalls: Set<Int> = [0, 17, 19] // read, pread64, readv
    private static let waitCalls: Set<Int> = [7, 23, 232, 270, 271, 281, 441] // poll, select, epoll_wait, pselect6, ppoll, epoll_pwait, epoll_pwait2
    #elseif arch(arm64)
    private static let readCalls: Set<Int> = [63, 65, 67] // read, readv, pread64
    private static let waitCalls: Set<Int> = [22, 72, 73, 441] // epoll_pwait, pselect6, ppoll, epoll_pwait2
    #else
    private static let readCalls: Set<Int> = []
    private static let waitCalls: Set<Int> = []
    #endif
    #endif
}
