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

#if os(Linux)
// prctl is variadic in C, which Swift does not import; every argument it reads here is an integer.
@_silgen_name("prctl") private func linuxPrctl(_ option: Int32, _ a: UInt, _ b: UInt, _ c: UInt, _ d: UInt) -> Int32
#endif

public struct PlatformError: Error, Equatable {
    public var operation: String
    public var code: Int32
    /// `operation` says the whole of it ("x is a FIFO, not a file"): no errno text after it.
    public var explained = false
    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }
    public init(explaining operation: String, code: Int32) {
        self.init(operation: operation, code: code)
        explained = true
    }
    public var message: String { explained ? operation : "\(operation): \(Platform.describe(errno: code))" }
    /// Input over a read's limit (Platform.readToEnd).
    public var isTooBig: Bool { code == EFBIG }
}

public enum Platform {
    // MARK: - Errors and environment

    public static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// errno's symbolic name, for the codes a terminal can fail to open with (pinentry reports
    /// them by libgpg-error's number for the name).
    public static func errnoName(_ code: Int32) -> String? {
        let names: [Int32: String] = [
            EPERM: "EPERM", ENOENT: "ENOENT", EIO: "EIO", ENXIO: "ENXIO", EACCES: "EACCES", EBUSY: "EBUSY",
            ENODEV: "ENODEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", ENOTTY: "ENOTTY", EROFS: "EROFS",
            ELOOP: "ELOOP", ENAMETOOLONG: "ENAMETOOLONG", EMFILE: "EMFILE", ENFILE: "ENFILE", ENOMEM: "ENOMEM",
            EINTR: "EINTR", EAGAIN: "EAGAIN", EINVAL: "EINVAL",
        ]
        return names[code]
    }

    public static var processID: Int { Int(getpid()) }

    /// This program's path as the kernel ran it (/proc/self/exe), or nil.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` with every link resolved (realpath(3)); nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let raw = realpath(path, nil) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    public static var effectiveIDs: (user: UInt32, group: UInt32) { (UInt32(geteuid()), UInt32(getegid())) }

    /// `mode/uid/gid` of a file (mode in octal), or "?" when it cannot be read.
    public static func statSummary(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "?" }
        return "\(String(UInt(info.st_mode), radix: 8))/\(info.st_uid)/\(info.st_gid)"
    }

    public static func setEnvironment(_ name: String, _ value: String) { setenv(name, value, 1) }

    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The names of the environment's variables that start with `prefix`.
    public static func environmentNames(startingWith prefix: String) -> [String] {
        var names: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let line = String(cString: pointer)
            if line.hasPrefix(prefix), let equals = line.firstIndex(of: "=") { names.append(String(line[..<equals])) }
            entry += 1
        }
        return names
    }

    public static func exit(_ status: Int32) -> Never {
        libcExit(status)
    }

    /// A copy of this process (dialog's --no-kill keeps drawing in one): the child's pid in the
    /// parent, 0 in the child, nil when none could be made. Only safe while no thread runs.
    public static func forkProcess() -> Int32? {
        let pid = fork()
        return pid < 0 ? nil : pid
    }

    /// A process that removes the private folder `folder` once this one has ended in any way —
    /// SIGKILL too, where nothing of ours runs — unless stopped first (`stopJanitor`): a job
    /// killed while its question waits leaves nothing in /tmp, whether anyone looks or not.
    /// Linux (PR_SET_PDEATHSIG); nil elsewhere, or when it cannot be started.
    public static func janitor(removing folder: String) -> Int32? {
        #if os(Linux)
        let parent = getpid()
        var terminate = sigset_t()
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        let pid = fork()
        if pid != 0 { return pid > 0 ? pid : nil }
        // The child holds nothing of ours open: the FIFOs' ends must close when we do.
        let most = Int32(min(max(sysconf(Int32(_SC_OPEN_MAX)), 256), 65536))
        for fd in 0..<most { libcClose(fd) }
        sigprocmask(SIG_BLOCK, &terminate, nil)
        _ = linuxPrctl(1 /* PR_SET_PDEATHSIG */, UInt(SIGTERM), 0, 0, 0)
        // (Gone already, between the fork and the prctl: no signal will come.)
        if getppid() == parent {
            var which: Int32 = 0
            sigwait(&terminate, &which)
        }
        removePrivateFolder(folder)
        _exit(0)
        #else
        return nil
        #endif
    }

    /// Stops a janitor: the folder is ours to remove again.
    public static func stopJanitor(_ pid: Int32) {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    // MARK: - Time

    /// Does nothing for `seconds` (dialog's --sleep); a sleep cut short by a handled signal goes on.
    public static func pause(seconds: Double) {
        let end = now() + UInt64(max(0, min(seconds, 1e6)) * 1e9)
        while true {
            let t = now()
            guard t < end else { return }
            let left = end - t
            var ts = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
            _ = nanosleep(&ts, nil)
        }
    }

    /// Monotonic clock in nanoseconds.
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    // MARK: - File descriptors

    /// Opens the terminal on a descriptor above 2: were it to take a closed stdout, the answer
    /// (a password!) would be written onto the screen.
    public static func openTerminal(_ path: String) throws(PlatformError) -> FileDescriptor {
        try openTerminal(bytes: Array(path.utf8))
    }

    /// `openTerminal` for a path given as bytes, which need not be UTF-8 (a terminal's name
    /// passed on by another program).
    public static func openTerminal(bytes: [UInt8]) throws(PlatformError) -> FileDescriptor {
        let path = String(decoding: bytes, as: UTF8.self) // for messages only
        let fd = (bytes + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDWR | O_CLOEXEC | O_NOCTTY) }
        }
        if fd < 0 { throw PlatformError(operation: "cannot open \(path)", code: errno) }
        guard fd < 3 else { return fd }
        let high = fcntl(fd, F_DUPFD_CLOEXEC, Int32(3))
        let code = errno
        libcClose(fd)
        if high < 0 { throw PlatformError(operation: "cannot open \(path)", code: code) }
        return high
    }

    /// True when `fd` is an open descriptor.
    /// Opens `path` as the terminal to ask on, with its mode as found (to restore exactly);
    /// fails, closing it, when it is not a terminal.
    public static func openTerminalWithMode(_ path: String) throws(PlatformError) -> (fd: FileDescriptor, mode: TerminalMode) {
        let fd = try openTerminal(path)
        guard isTerminal(fd), let mode = terminalMode(fd) else {
            close(fd)
            throw PlatformError(operation: "\(path) is not a terminal", code: 25 /* ENOTTY */)
        }
        return (fd, mode)
    }

    public static func isOpen(_ fd: FileDescriptor) -> Bool { fcntl(fd, F_GETFD) != -1 }

    /// Open, and not read-only (a descriptor an answer can be written to).
    public static func isOpenForWriting(_ fd: FileDescriptor) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags != -1 && flags & O_ACCMODE != O_RDONLY
    }

    /// Fills any closed descriptor among 0–2 with /dev/null, so nothing opened later can land there.
    /// Returns the ones that were closed.
    public static func reserveStandardDescriptors() -> Set<FileDescriptor> {
        var closed = Set<FileDescriptor>()
        for fd: FileDescriptor in 0...2 where !isOpen(fd) {
            closed.insert(fd)
            let null = open("/dev/null", O_RDWR)
            if null >= 0 && null != fd {
                dup2(null, fd)
                libcClose(null)
            }
        }
        return closed
    }

    public static func isTerminal(_ fd: FileDescriptor) -> Bool { isatty(fd) == 1 }

    /// Closes `fd`; one of 0–2 is pointed at /dev/null instead, so its number is never reused
    /// by something opened later (the other end of a pipe still sees it closed).
    public static func release(_ fd: FileDescriptor) {
        guard fd < 3 else { return libcClose(fd) }
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            dup2(null, fd)
            libcClose(null)
        } else {
            libcClose(fd)
        }
    }

    /// A file's bytes; nil when it cannot be read or holds more than `limit` bytes.
    /// A whole file (a theme, a catalogue, /proc's files), opened without waiting: a folder, or
    /// unless `streams` a FIFO or a device, is an error saying so, never an open that waits for a
    /// writer. `streams` (a form's fields, an options file: `<(…)` is a pipe) reads a pipe or a
    /// device to its end. At most `limit` bytes (more: an error, isTooBig).
    public static func readFile(_ path: String, limit: Int = .max, streams: Bool = false) throws(PlatformError) -> [UInt8] {
        let fd = try openForReadingAtOnce(path)
        defer { libcClose(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw PlatformError(operation: "cannot read \(path)", code: errno) }
        switch info.st_mode & S_IFMT {
        // A file's size is known: one over the limit is not read first.
        case S_IFREG: if Int(info.st_size) > limit { throw PlatformError(explaining: "\(path) is over \(Limits.size(limit))", code: EFBIG) }
        case _ where streams && info.st_mode & S_IFMT != S_IFDIR: break
        case S_IFDIR: throw PlatformError(explaining: "\(path) is a folder, not a file", code: EISDIR)
        case S_IFIFO: throw PlatformError(explaining: "\(path) is a FIFO, not a file", code: EINVAL)
        default: throw PlatformError(explaining: "\(path) is a device, not a file", code: EINVAL)
        }
        do throws(PlatformError) {
            return try readToEnd(fd, limit: limit)
        } catch {
            throw error.isTooBig ? PlatformError(explaining: "\(path) is over \(Limits.size(limit))", code: EFBIG)
                                 : PlatformError(operation: "cannot read \(path)", code: error.code)
        }
    }

    /// Up to `count` bytes at `offset`, without moving the file position (a pager's view of a
    /// file: only what is on screen is read). Fewer at the end of the file or on an error.
    public static func read(_ fd: FileDescriptor, at offset: Int, count: Int) -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, count - got, off_t(offset + got)) }
            if n > 0 {
                got += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        buffer.removeSubrange(got...)
        return buffer
    }

    /// The first index of `byte` in `bytes` at or after `from`, by memchr: a pager scans
    /// megabytes for newlines, and a byte loop is many times slower.
    public static func firstIndex(of byte: UInt8, in bytes: [UInt8], from: Int = 0) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = memchr(base + from, Int32(byte), raw.count - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
    }

    /// The same in a buffer.
    public static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        guard from < buffer.count, let base = buffer.baseAddress,
              let hit = memchr(base + from, Int32(byte), buffer.count - from) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
    }

    /// The last index of `byte` in `bytes`. (memrchr is a GNU extension Swift's Glibc module
    /// does not import: a pointer loop.)
    public static func lastIndex(of byte: UInt8, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var i = buffer.count - 1
            while i >= 0 {
                if buffer[i] == byte { return i }
                i -= 1
            }
            return nil
        }
    }

    /// Now in the local time zone: the date, and the time of day in seconds since midnight (the
    /// date and time alerts' defaults).
    public static func localNow() -> (year: Int, month: Int, day: Int, secondsSinceMidnight: Int) {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec))
    }

    /// What read(2) says of a folder (EISDIR), for callers that find one before reading it.
    public static var folderErrorText: String { describe(errno: EISDIR) }

    /// What an open descriptor is: a regular file (and its size), a folder, or something else
    /// (a pipe, a FIFO, a device), which can only be read as a stream.
    public enum DescriptorKind: Equatable, Sendable { case regular(size: Int), directory, stream }

    public static func kind(of fd: FileDescriptor) -> DescriptorKind? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .directory
        default: return .stream
        }
    }

    /// Which file a descriptor or a path is (device and inode): a path that now names another
    /// file was rotated (renamed away and made anew), as `tail -F` notices.
    public struct FileIdentity: Hashable, Sendable { let device: UInt64, inode: UInt64 }

    public static func identity(of fd: FileDescriptor) -> FileIdentity? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    public static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Opens a file to read without waiting for a FIFO's writer (open(2) would block until one
    /// comes); the descriptor is blocking again once open, and read only when poll says so.
    public static func openForReadingAtOnce(_ path: String) throws(PlatformError) -> FileDescriptor {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 { throw PlatformError(operation: "cannot open \(path)", code: errno) }
        setNonBlocking(fd, false)
        return fd
    }

    /// Opens a file to read (`--items-from FILE`).
    public static func openForReading(_ path: String) throws(PlatformError) -> FileDescriptor {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw PlatformError(operation: "cannot open \(path)", code: errno) }
        return fd
    }

    public static func close(_ fd: FileDescriptor) { libcClose(fd) }

    /// Creates or replaces a file (mode 0644 before the umask) with `bytes`; false on any failure.
    public static func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o644)
        guard fd >= 0 else { return false }
        defer { libcClose(fd) }
        return writeAll(fd, bytes)
    }

    /// Writes all bytes, retrying on EINTR and short writes. Returns false when the descriptor is gone.
    @discardableResult
    public static func writeAll(_ fd: FileDescriptor, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                libcWrite(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A non-blocking descriptor that is full: wait until it drains, do not spin.
                    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = libcPoll(&entry, 1, 1000)
                    continue
                }
                return false
            }
            offset += n
        }
        return true
    }

    /// Writes what fits into a non-blocking descriptor now. Returns how many bytes went, or nil when
    /// the reader is gone (EPIPE) or another error ended it.
    public static func writeSome(_ fd: FileDescriptor, _ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return 0 }
        while true {
            let n = bytes.withUnsafeBytes { libcWrite(fd, $0.baseAddress, $0.count) }
            if n >= 0 { return n }
            if errno == EINTR { continue }
            return errno == EAGAIN ? 0 : nil
        }
    }

    public static func writeError(_ text: String) {
        writeAll(STDERR_FILENO, Array(text.utf8))
    }

    /// Reads what is available (up to `max` bytes). Returns nil at end of file or on a hard error.
    public static func read(_ fd: FileDescriptor, max: Int = 4096) -> [UInt8]? {
        var n = 0
        // Uninitialised: a big read buffer is not zeroed first only to be overwritten.
        let buffer = [UInt8](unsafeUninitializedCapacity: max) { raw, count in
            n = libcRead(fd, raw.baseAddress, max)
            count = Swift.max(0, n)
        }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        return n <= 0 ? nil : buffer
    }

    /// A block of `count` elements holding what `base` held (a new one when `base` is nil). glibc
    /// moves a big block by remapping its pages rather than copying them.
    public static func resizeBlock<T: BitwiseCopyable>(_ base: UnsafeMutablePointer<T>?, to count: Int) -> UnsafeMutablePointer<T> {
        let size = count * MemoryLayout<T>.stride
        guard let raw = realloc(base, size) else { fatalError("out of memory (\(size) bytes)") }
        return raw.assumingMemoryBound(to: T.self)
    }

    public static func freeBlock<T>(_ base: UnsafeMutablePointer<T>?) { free(base) }

    /// Asks for a pipe's buffer to hold `bytes` (Linux; up to the system's pipe-max-size, 1 MiB
    /// by default): a producer then writes, and alertty reads, in far fewer turns. Anything but
    /// a pipe, or a refusal, leaves it as it was.
    public static func enlargePipe(_ fd: FileDescriptor, to bytes: Int) {
        #if os(Linux)
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        let setPipeSize: Int32 = 1031 // F_SETPIPE_SZ
        _ = fcntl(fd, setPipeSize, Int32(bytes))
        #endif
    }

    /// Reads a descriptor to its end (used for `-` arguments on stdin). A read error is an error,
    /// not an empty text (`message - < /` must not show an empty box and succeed), and more than
    /// `limit` bytes is one too (EFBIG), so endless input cannot take unbounded memory.
    public static func readToEnd(_ fd: FileDescriptor, limit: Int = .max) throws(PlatformError) -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { libcRead(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                guard all.count + n <= limit else { throw PlatformError(operation: "more than \(limit) bytes", code: EFBIG) }
                all += buffer[0..<n]
            } else if n == 0 {
                return all
            } else if errno == EAGAIN {
                var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = libcPoll(&entry, 1, -1)
            } else if errno != EINTR {
                throw PlatformError(operation: "cannot read stdin", code: errno)
            }
        }
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

    /// What `fd` holds within `waitMs` (up to `limit` bytes), and whether it ended meanwhile: a
    /// short list piped in is known whole before anything is sized for it.
    public static func readWhileArriving(_ fd: FileDescriptor, limit: Int, waitMs: Int) -> (bytes: [UInt8], ended: Bool) {
        var bytes: [UInt8] = []
        guard limit > 0 else { return (bytes, false) }
        let ended = readArriving(fd, waitMs: waitMs, most: { min(65536, limit - bytes.count) }) { chunk in
            bytes += chunk
            return bytes.count >= limit
        }
        return (bytes, ended)
    }

    /// Reads what arrives on `fd` for at most `waitMs`, each piece (at most `most()` bytes, then
    /// zeroed) handed to `take` until it says it has all it wanted (true); whether `fd` ended
    /// first. A hard bound: a terminal that answers nothing costs `waitMs`, never a hang.
    @discardableResult
    public static func readArriving(_ fd: FileDescriptor, waitMs: Int, most: () -> Int = { 4096 }, _ take: ([UInt8]) -> Bool) -> Bool {
        let deadline = now() + UInt64(waitMs) * 1_000_000
        while case let left = Int64(bitPattern: deadline &- now()), left > 0 {
            guard poll([fd], timeoutMs: Int32(max(1, left / 1_000_000))).contains(fd) else { continue }
            guard var chunk = read(fd, max: most()) else { return true }
            defer { chunk.resetBytes() }
            if take(chunk) { return false }
        }
        return false
    }

    /// Waits until one of `fds` is readable or `timeoutMs` passes (-1: forever). Returns the readable ones.
    public static func poll(_ fds: [FileDescriptor], timeoutMs: Int32) -> Set<FileDescriptor> {
        poll(read: fds, write: [], timeoutMs: timeoutMs).readable
    }

    /// Whether any of `fds` has something to read (or its end) right now, without waiting: an
    /// event source asks before reading more than its loop's poll said.
    public static func hasInput(_ fds: [FileDescriptor]) -> Bool {
        !poll(read: fds, write: [], timeoutMs: 0).readable.isEmpty
    }

    /// Waits for any of `read` to be readable or any of `write` to be writable. A descriptor whose
    /// other end closed (POLLHUP, POLLERR) counts as ready, so its owner reads the EOF or the error.
    public static func poll(read: [FileDescriptor], write: [FileDescriptor], timeoutMs: Int32)
        -> (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) {
        var entries = read.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            + write.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        let n = libcPoll(&entries, nfds_t(entries.count), timeoutMs)
        guard n > 0 else { return ([], []) }
        var readable = Set<FileDescriptor>(), writable = Set<FileDescriptor>()
        for (k, e) in entries.enumerated() where e.revents != 0 {
            if k < read.count { readable.insert(e.fd) } else { writable.insert(e.fd) }
        }
        return (readable, writable)
    }

    // MARK: - Terminal modes

    public typealias TerminalMode = termios

    public static func terminalMode(_ fd: FileDescriptor) -> TerminalMode? {
        var mode = termios()
        return tcgetattr(fd, &mode) == 0 ? mode : nil
    }

    /// `discardingInput`: what was typed and not yet read is thrown away as the mode takes effect
    /// (TCSAFLUSH), so keys pressed before a prompt was shown never answer it.
    @discardableResult
    public static func setTerminalMode(_ fd: FileDescriptor, _ mode: TerminalMode, discardingInput: Bool = false) -> Bool {
        var copy = mode
        while tcsetattr(fd, discardingInput ? TCSAFLUSH : TCSADRAIN, &copy) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Throws away what was typed on the terminal and not yet read.
    public static func discardInput(_ fd: FileDescriptor) { _ = tcflush(fd, TCIFLUSH) }

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

    /// The mode with echo off (a password typed in line mode); canonical editing stays on.
    public static func disableEcho(_ mode: inout TerminalMode) {
        mode.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
    }

    public static func terminalSize(_ fd: FileDescriptor) -> (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    // MARK: - Signals

    public enum Signal: Int32, CaseIterable, Sendable {
        case interrupt, terminate, hangup, resize, stop, resume, quit, child
        public var number: Int32 {
            switch self {
            case .interrupt: return SIGINT
            case .terminate: return SIGTERM
            case .hangup: return SIGHUP
            case .resize: return SIGWINCH
            case .stop: return SIGTSTP
            case .resume: return SIGCONT
            case .quit: return SIGQUIT
            case .child: return SIGCHLD
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
        // (SA_SIGINFO: a SIGTERM's sender is kept, so a popup can tell tmux closing it from a kill.)
        let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { number, info, _ in
            var byte = UInt8(truncatingIfNeeded: number)
            let saved = errno
            #if canImport(Darwin)
            if number == SIGTERM { SignalPipe.terminatedBy = info?.pointee.si_pid ?? 0 }
            #else
            if number == SIGTERM { SignalPipe.terminatedBy = info?.pointee._sifields._kill.si_pid ?? 0 }
            #endif
            _ = libcWrite(SignalPipe.writeEnd, &byte, 1)
            errno = saved
        }
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = handler
        #else
        action.__sigaction_handler.sa_sigaction = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART | SA_SIGINFO
        sigaction(number, &action, nil)
    }

    /// The process that sent the last SIGTERM caught (0: none, or not known).
    public static var terminatedBy: Int32 { SignalPipe.terminatedBy }

    public static func drainSignals() -> [Signal] {
        guard SignalPipe.readEnd >= 0, let bytes = read(SignalPipe.readEnd, max: 64) else { return [] }
        return bytes.compactMap { Signal.from(number: Int32($0)) }
    }

    public static func restoreDefaultSignals(_ signals: [Signal]) {
        for s in signals { signal(s.number, SIG_DFL) }
    }

    /// True when our process group is the terminal's foreground group: we run as (part of) the
    /// shell's foreground job, and Ctrl-Z or Ctrl-C read in raw mode stand for the whole job.
    public static func isForegroundJob(_ terminal: FileDescriptor) -> Bool {
        let group = tcgetpgrp(terminal)
        return group > 0 && group == getpgrp()
    }

    /// Ctrl-Z: stops the whole foreground job, as the terminal driver would (so `sh script.sh`
    /// around us stops too and the shell sees its job stop), or only us. Returns after SIGCONT.
    public static func stopJob(wholeGroup: Bool) {
        signal(SIGTSTP, SIG_DFL)
        if wholeGroup { kill(0, SIGTSTP) } else { raise(SIGTSTP) }
        installHandler(SIGTSTP)
    }

    /// Ends the process by `signal`'s default action, so the caller's shell sees how it ended
    /// (a script stops at a Ctrl-C as it does at `read` or `sleep`). With `wholeGroup` the
    /// foreground job gets it too, as from the terminal driver. Falls back to exit 128+N.
    public static func die(of which: Signal, wholeGroup: Bool) -> Never {
        signal(which.number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, which.number)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        if wholeGroup { kill(0, which.number) } else { raise(which.number) }
        libcExit(128 + which.number)
    }

    /// While a secret is held (password, pinentry, askpass): no core file, the process not
    /// dumpable (no core even with a raised limit, its /proc files owned by root, and no
    /// ptrace by other processes of the same user), and its memory locked so no page of it is
    /// swapped. Locking is as far as RLIMIT_MEMLOCK allows: every page from now on when the
    /// limit is unlimited or generous (or for root); else the heap and the stack, where a
    /// field's text and its copies live, kept out of any dump as well.
    /// Called again for each of pinentry's prompts: where only the heap and stack can be
    /// locked, that locks the heap as it has grown since.
    public static func protectSecrets() {
        disableCoreDumps()
        crashAtOnce()
        #if os(Linux)
        _ = linuxPrctl(4 /* PR_SET_DUMPABLE */, 0, 0, 0, 0)
        var limit = rlimit()
        _ = getrlimit(__rlimit_resource_t(__RLIMIT_MEMLOCK.rawValue), &limit)
        let generous = limit.rlim_cur == rlim_t.max || limit.rlim_cur >= 256 << 20 || geteuid() == 0
        let onFault: Int32 = 4 // MCL_ONFAULT: lock pages as they are used, not the whole binary up front
        if generous && mlockall(MCL_CURRENT | MCL_FUTURE | onFault) == 0 { return }
        for region in mappedRegions(named: ["[heap]", "[stack]"]) {
            _ = mlock(region.start, region.count)
            _ = madvise(region.start, region.count, 16 /* MADV_DONTDUMP */)
        }
        #endif
    }

    #if os(Linux)
    /// The address ranges of the named mappings in /proc/self/maps.
    static func mappedRegions(named names: Set<String>) -> [(start: UnsafeMutableRawPointer, count: Int)] {
        guard let maps = try? readFile("/proc/self/maps", limit: 1 << 20) else { return [] }
        var regions: [(start: UnsafeMutableRawPointer, count: Int)] = []
        for line in maps.split(separator: 0x0A) {
            let words = line.split(separator: 0x20)
            guard let name = words.last, names.contains(String(decoding: name, as: UTF8.self)),
                  let range = words.first?.split(separator: 0x2D), range.count == 2,
                  let low = UInt(String(decoding: range[0], as: UTF8.self), radix: 16),
                  let high = UInt(String(decoding: range[1], as: UTF8.self), radix: 16), high > low,
                  let start = UnsafeMutableRawPointer(bitPattern: low) else { continue }
            regions.append((start, Int(high - low)))
        }
        return regions
    }
    #endif

    /// Zeroes memory with a write that is never optimised away (explicit_bzero).
    public static func wipe(_ pointer: UnsafeMutableRawPointer, count: Int) {
        explicit_bzero(pointer, count)
    }

    /// Zeroes the stack below the caller (64 KiB of it), where finished calls left their locals:
    /// short strings live inline there, so a secret's pieces would outlast the prompt that held
    /// it. Called by a long-lived process (pinentry) between prompts.
    @inline(never)
    public static func scrubStack(depth: Int = 32) {
        var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var blocks = (block, block, block, block, block, block, block, block, block, block, block, block, block, block, block, block)
        withUnsafeMutableBytes(of: &blocks) { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } }
        if depth > 1 { scrubStack(depth: depth - 1) }
        withUnsafeMutableBytes(of: &block) { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } }
    }

    /// A crash ends the process at once: Swift's backtracer, which would stop to offer a look at
    /// the crashed process's memory on the terminal ("Press space to interact"), is not for a
    /// process that may show a secret's prompt — one served for a job or an agent is, from its
    /// first instruction, before the prompt is even built.
    public static func crashAtOnce() {
        for crash in [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGSYS] { signal(crash, SIG_DFL) }
    }

    /// No core file from now on: one could hold a typed secret.
    public static func disableCoreDumps() {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        #if canImport(Glibc)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
        #else
        _ = setrlimit(RLIMIT_CORE, &limit)
        #endif
    }

    // MARK: - Child processes

    /// A shell command run by a validator (`--validate`): its input on a pipe, its output read.
    public struct Child {
        public var pid: pid_t
        public var stdinWrite: FileDescriptor
        public var stdoutRead: FileDescriptor
    }

    /// Runs `/bin/sh -c command` with pipes for stdin and stdout; stderr goes to /dev/null.
    /// The child gets its own process group so a kill reaches anything it started.
    public static func spawnShell(_ command: String) -> Child? {
        // The input goes on stdin only: the environment passed on is ours, untouched.
        guard let spawned = try? spawn(["/bin/sh", "-c", command].map { Array($0.utf8) }, stdin: .pipe, stdout: .pipe, stderr: .null)
        else { return nil }
        return Child(pid: spawned.pid, stdinWrite: spawned.stdin, stdoutRead: spawned.stdout)
    }

    /// A command run by `progress -- COMMAND`: found on PATH, in its own process group (so a
    /// signal reaches everything it starts), stdout and stderr on pipes we read, stdin from
    /// /dev/null or ours.
    public struct Command {
        public var pid: pid_t
        public var stdoutRead: FileDescriptor
        public var stderrRead: FileDescriptor
    }

    /// `captureOutput` false: the command writes to our stdout and stderr itself (no one to show
    /// it to: a script's log gets it all); its descriptors are then -1.
    public static func spawnCommand(_ argv: [String], passStdin: Bool, captureOutput: Bool = true) throws(PlatformError) -> Command {
        let output: ChildStream = captureOutput ? .pipe : .ours
        let spawned = try spawn(argv.map { Array($0.utf8) }, searchingPath: true, stdin: passStdin ? .ours : .null,
                                stdout: output, stderr: output)
        return Command(pid: spawned.pid, stdoutRead: spawned.stdout, stderrRead: spawned.stderr)
    }

    /// `argv` (found on PATH) with its stdin, stdout and stderr on pipes we hold: a program
    /// spoken to both ways (ssh carrying a relay's protocol).
    /// `newSession`: with no controlling terminal (it asks where the person is, not here).
    public static func spawnPiped(_ argv: [String], newSession: Bool = false) throws(PlatformError)
        -> (pid: pid_t, stdin: FileDescriptor, stdout: FileDescriptor, stderr: FileDescriptor) {
        let spawned = try spawn(argv.map { Array($0.utf8) }, searchingPath: true, stdin: .pipe, stdout: .pipe, stderr: .pipe,
                                newSession: newSession)
        return (spawned.pid, spawned.stdin, spawned.stdout, spawned.stderr)
    }

    /// `/bin/sh -c command` (bytes: a preview's command holds an item's bytes, quoted) in a session
    /// of its own: no controlling terminal (opening /dev/tty fails, so it cannot draw over the box
    /// or read a key), a process group of its own (one kill reaches everything it starts); stdin
    /// from /dev/null, stdout and stderr on pipes we read; `environment` added to ours.
    public static func spawnInSession(_ command: [UInt8], environment: [(String, String)]) throws(PlatformError) -> Command {
        let spawned = try spawn([Array("/bin/sh".utf8), Array("-c".utf8), command], stdin: .null, stdout: .pipe, stderr: .pipe,
                                newSession: true, environment: environment)
        return Command(pid: spawned.pid, stdoutRead: spawned.stdout, stderrRead: spawned.stderr)
    }

    /// Runs `argv` on `terminal` (its stdin, stdout and stderr), made the terminal's foreground
    /// job while it runs (its Ctrl-C is its own), and waits for it: its exit status (128+N: died
    /// of signal N; nil: it could not be started). A stop (Ctrl-Z typed to it) continues it: no
    /// shell is there to bring it back.
    public static func runOnTerminal(_ argv: [String], terminal: FileDescriptor) -> Int32? {
        guard let spawned = try? spawn(argv.map { Array($0.utf8) }, stdin: .descriptor(terminal), stdout: .descriptor(terminal),
                                       stderr: .descriptor(terminal)) else { return nil }
        let ours = foregroundGroup(terminal) == ownGroup()
        if ours { _ = setForegroundGroup(terminal, spawned.pid) }
        defer { if ours { _ = setForegroundGroup(terminal, ownGroup()) } }
        var status: Int32 = 0
        while true {
            let r = waitpid(spawned.pid, &status, WUNTRACED)
            if r < 0 && errno == EINTR { continue }
            guard r == spawned.pid else { return nil }
            if status & 0xff == 0x7f {
                kill(spawned.pid, SIGCONT)
                continue
            }
            return exitStatus(waitStatus: status)
        }
    }

    /// Where a child's stdin, stdout or stderr is: ours (inherited), /dev/null, a pipe whose
    /// other end we keep (non-blocking; the child's end blocks, as ordinary ones do), or a
    /// descriptor of ours (a terminal).
    private enum ChildStream { case ours, null, pipe, descriptor(FileDescriptor) }

    /// The one way alertty starts a program: `argv[0]` as a path (or found on PATH), each stream
    /// where it is asked to be, leading a process group of its own (or a session: no controlling
    /// terminal) with the signals we catch back at their defaults, and `environment` over ours.
    /// Returns the ends we keep (-1 where there is no pipe); on failure nothing is left open.
    private static func spawn(_ argv: [[UInt8]], searchingPath: Bool = false, stdin: ChildStream, stdout: ChildStream,
                              stderr: ChildStream, newSession: Bool = false, environment: [(String, String)] = [])
        throws(PlatformError) -> (pid: pid_t, stdin: FileDescriptor, stdout: FileDescriptor, stderr: FileDescriptor) {
        guard let program = argv.first, !argv.contains(where: { $0.contains(0) }) else {
            throw PlatformError(operation: "a command cannot hold a NUL byte", code: EINVAL)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Per stream: (ours, the child's) ends of its pipe.
        var pipes: [(ours: FileDescriptor, child: FileDescriptor)] = []
        func closeAll(keepingOurs: Bool) {
            for ends in pipes {
                libcClose(ends.child)
                if !keepingOurs { libcClose(ends.ours) }
            }
        }
        var kept: [FileDescriptor] = [-1, -1, -1]
        for (fd, stream) in [stdin, stdout, stderr].enumerated() {
            switch stream {
            case .ours: break
            case .descriptor(let given): posix_spawn_file_actions_adddup2(&actions, given, Int32(fd))
            case .null: posix_spawn_file_actions_addopen(&actions, Int32(fd), "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .pipe:
                guard let made = makePipe() else {
                    let code = errno
                    closeAll(keepingOurs: false)
                    throw PlatformError(operation: "cannot make a pipe", code: code)
                }
                let ends = fd == 0 ? (ours: made.write, child: made.read) : (ours: made.read, child: made.write)
                setNonBlocking(ends.child, false)
                posix_spawn_file_actions_adddup2(&actions, ends.child, Int32(fd))
                pipes.append(ends)
                kept[fd] = ends.ours
            }
        }
        var attributes = posix_spawnattr_t()
        groupLeader(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession {
            #if os(Linux)
            let setsid: Int32 = 0x80 // POSIX_SPAWN_SETSID (glibc 2.26, musl)
            #else
            let setsid: Int32 = 0x400 // POSIX_SPAWN_SETSID (Darwin)
            #endif
            posix_spawnattr_setflags(&attributes, Int16(setsid | Int32(POSIX_SPAWN_SETSIGDEF)))
        }
        func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
            p[bytes.count] = 0
            return p
        }
        let owned = argv.map(cString)
        let added = environment.map { cString(Array(($0.0 + "=" + $0.1).utf8)) }
        defer { for p in owned + added { p.deallocate() } }
        // Ours, but for the names given, which come first with their new values.
        var env: [UnsafeMutablePointer<CChar>?] = added
        if !environment.isEmpty {
            let names = environment.map { Array(($0.0 + "=").utf8) }
            var entry = environ
            while let e = entry.pointee {
                let text = Array(String(cString: e).utf8)
                if !names.contains(where: { text.starts(with: $0) }) { env.append(e) }
                entry += 1
            }
            env.append(nil)
        }
        var pid: pid_t = 0
        let args = owned.map { Optional($0) } + [nil]
        let rc = env.withUnsafeMutableBufferPointer { given in
            let envp = environment.isEmpty ? environ : given.baseAddress
            return searchingPath ? posix_spawnp(&pid, owned[0], &actions, &attributes, args, envp)
                : posix_spawn(&pid, owned[0], &actions, &attributes, args, envp)
        }
        closeAll(keepingOurs: rc == 0)
        guard rc == 0 else {
            throw PlatformError(operation: "cannot run \(String(decoding: program, as: UTF8.self))", code: rc)
        }
        return (pid, kept[0], kept[1], kept[2])
    }

    /// Sends `signal` to the process group `pid` leads.
    public static func signalGroup(_ pid: pid_t, _ which: Signal) { kill(-pid, which.number) }

    /// Sends this process `which`, to be handled as if it came from outside.
    public static func send(ourselves which: Signal) { kill(getpid(), which.number) }

    /// Spawn attributes for a child that leads a process group of its own (so a signal to the group
    /// reaches everything it starts) with the signals we catch back at their defaults.
    private static func groupLeader(_ attributes: inout posix_spawnattr_t) {
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in Signal.allCases { sigaddset(&defaults, s.number) }
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    }

    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Exit status of a finished child, or nil while it runs.
    public static func reap(_ pid: pid_t, wait: Bool = false) -> Int32? {
        var status: Int32 = 0
        var r = waitpid(pid, &status, wait ? 0 : WNOHANG)
        while r < 0 && errno == EINTR { r = waitpid(pid, &status, wait ? 0 : WNOHANG) }
        guard r == pid else { return r < 0 ? -1 : nil }
        return exitStatus(waitStatus: status)
    }

    /// A finished child's exit status as a shell gives it (128+N: died of signal N).
    private static func exitStatus(waitStatus status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Kills the process group `pid` leads (spawnShell puts each child in its own): the child and
    /// whatever it started. Safe after the leader was reaped: the group id stays taken while the
    /// group has members, and an empty group gets nothing.
    public static func killGroup(_ pid: pid_t) {
        kill(-pid, SIGKILL)
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
    /// Who sent the last SIGTERM (0: none, or not known).
    nonisolated(unsafe) static var terminatedBy: Int32 = 0
}
