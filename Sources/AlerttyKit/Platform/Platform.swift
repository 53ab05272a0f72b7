// The one place alertty talks to libc. Everything above this file is plain Swift values, so a
// Darwin or musl build is a change of the import below, not a rewrite.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public typealias FileDescriptor = Int32

public struct PlatformError: Error, Equatable {
    public var operation: String
    public var code: Int32
    public var message: String { "\(operation): \(Platform.describe(errno: code))" }
}

public enum Platform {
    // MARK: - Errors and environment

    public static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    public static func exit(_ status: Int32) -> Never {
        libcExit(status)
    }

    // MARK: - Time

    /// Monotonic clock in nanoseconds.
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    // MARK: - File descriptors

    public static func openTerminal(_ path: String) throws(PlatformError) -> FileDescriptor {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        if fd < 0 { throw PlatformError(operation: "cannot open \(path)", code: errno) }
        return fd
    }

    public static func isTerminal(_ fd: FileDescriptor) -> Bool { isatty(fd) == 1 }

    public static func close(_ fd: FileDescriptor) { libcClose(fd) }

    /// Writes all bytes, retrying on EINTR and short writes. Returns false when the descriptor is gone.
    @discardableResult
    public static func writeAll(_ fd: FileDescriptor, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                libcWrite(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += n
        }
        return true
    }

    public static func writeError(_ text: String) {
        writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Reads what is available (up to `max` bytes). Returns nil at end of file or on a hard error.
    public static func read(_ fd: FileDescriptor, max: Int = 4096) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max)
        while true {
            let n = buffer.withUnsafeMutableBytes { libcRead(fd, $0.baseAddress, max) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
            if n <= 0 { return nil }
            buffer.removeSubrange(n...)
            return buffer
        }
    }

    /// Reads a descriptor to its end (used for `-` arguments on stdin).
    public static func readToEnd(_ fd: FileDescriptor) -> [UInt8] {
        var all: [UInt8] = []
        while let chunk = read(fd, max: 65536) {
            if chunk.isEmpty { continue }
            all += chunk
        }
        return all
    }

    public static func makePipe() -> (read: FileDescriptor, write: FileDescriptor)? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            setNonBlocking(fd, true)
        }
        return (fds[0], fds[1])
    }

    public static func setNonBlocking(_ fd: FileDescriptor, _ on: Bool) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    // MARK: - Polling

    /// Waits until one of `fds` is readable or `timeoutMs` passes (-1: forever). Returns the readable ones.
    public static func poll(_ fds: [FileDescriptor], timeoutMs: Int32) -> Set<FileDescriptor> {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let n = libcPoll(&entries, nfds_t(entries.count), timeoutMs)
        guard n > 0 else { return [] }
        var ready = Set<FileDescriptor>()
        for e in entries where e.revents != 0 { ready.insert(e.fd) }
        return ready
    }

    // MARK: - Terminal modes

    public typealias TerminalMode = termios

    public static func terminalMode(_ fd: FileDescriptor) -> TerminalMode? {
        var mode = termios()
        return tcgetattr(fd, &mode) == 0 ? mode : nil
    }

    @discardableResult
    public static func setTerminalMode(_ fd: FileDescriptor, _ mode: TerminalMode) -> Bool {
        var copy = mode
        while tcsetattr(fd, TCSADRAIN, &copy) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Raw mode as cfmakeraw, but output post-processing stays off too, so "\n" never means "\r\n" behind our back.
    public static func rawMode(from mode: TerminalMode) -> TerminalMode {
        var raw = mode
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    public static func terminalSize(_ fd: FileDescriptor) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    // MARK: - Signals

    public enum Signal: Int32, CaseIterable, Sendable {
        case interrupt, terminate, hangup, resize, stop, resume, quit
        public var number: Int32 {
            switch self {
            case .interrupt: return SIGINT
            case .terminate: return SIGTERM
            case .hangup: return SIGHUP
            case .resize: return SIGWINCH
            case .stop: return SIGTSTP
            case .resume: return SIGCONT
            case .quit: return SIGQUIT
            }
        }
        static func from(number: Int32) -> Signal? { allCases.first { $0.number == number } }
    }

    /// Routes the given signals into a self-pipe; `drainSignals` reads them back in the event loop.
    public static func catchSignals(_ signals: [Signal]) -> FileDescriptor? {
        if SignalPipe.readEnd < 0 {
            guard let p = makePipe() else { return nil }
            SignalPipe.readEnd = p.read
            SignalPipe.writeEnd = p.write
        }
        for s in signals { installHandler(s.number) }
        return SignalPipe.readEnd
    }

    private static func installHandler(_ number: Int32) {
        var action = sigaction()
        let handler: @convention(c) (Int32) -> Void = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            let saved = errno
            _ = libcWrite(SignalPipe.writeEnd, &byte, 1)
            errno = saved
        }
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    public static func drainSignals() -> [Signal] {
        guard SignalPipe.readEnd >= 0, let bytes = read(SignalPipe.readEnd, max: 64) else { return [] }
        return bytes.compactMap { Signal.from(number: Int32($0)) }
    }

    public static func restoreDefaultSignals(_ signals: [Signal]) {
        for s in signals { signal(s.number, SIG_DFL) }
    }

    /// Stops this process the way the shell expects (default SIGTSTP action); returns after SIGCONT.
    public static func suspendSelf() {
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        installHandler(SIGTSTP)
    }

    // MARK: - Child processes (validation commands)

    public struct Child {
        public var pid: pid_t
        public var stdinWrite: FileDescriptor
        public var stdoutRead: FileDescriptor
    }

    /// Runs `/bin/sh -c command` with pipes for stdin and stdout; stderr goes to /dev/null.
    /// The child gets its own process group so a kill reaches anything it started.
    public static func spawnShell(_ command: String) -> Child? {
        guard let input = makePipe(), let output = makePipe() else { return nil }
        // The child's ends must block as ordinary stdin/stdout do; ours stay non-blocking.
        setNonBlocking(input.read, false)
        setNonBlocking(output.write, false)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in Signal.allCases { sigaddset(&defaults, s.number) }
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { for p in argv { free(p) } }
        // The input goes on stdin only: the environment passed on is ours, untouched.
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        libcClose(input.read)
        libcClose(output.write)
        guard rc == 0 else {
            libcClose(input.write)
            libcClose(output.read)
            return nil
        }
        return Child(pid: pid, stdinWrite: input.write, stdoutRead: output.read)
    }

    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Exit status of a finished child, or nil while it runs.
    public static func reap(_ pid: pid_t, wait: Bool = false) -> Int32? {
        var status: Int32 = 0
        let r = waitpid(pid, &status, wait ? 0 : WNOHANG)
        guard r == pid else { return r < 0 ? -1 : nil }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    public static func killGroup(_ pid: pid_t) {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
    }
}

// libc under names that Platform's own methods (read, write, close, poll, exit) do not shadow,
// so the calls above need no module qualifier and compile against Glibc, Musl or Darwin alike.
@inline(__always) private func libcWrite(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int) -> Int { write(fd, p, n) }
@inline(__always) private func libcRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { read(fd, p, n) }
@inline(__always) private func libcClose(_ fd: Int32) { _ = close(fd) }
@inline(__always) private func libcPoll(_ fds: UnsafeMutablePointer<pollfd>, _ n: nfds_t, _ timeout: Int32) -> Int32 { poll(fds, n, timeout) }
@inline(__always) private func libcExit(_ status: Int32) -> Never { exit(status) }

/// The self-pipe shared with the C signal handler. A signal handler cannot capture context,
/// so these two numbers are the only global state alertty has.
enum SignalPipe {
    nonisolated(unsafe) static var readEnd: Int32 = -1
    nonisolated(unsafe) static var writeEnd: Int32 = -1
}
