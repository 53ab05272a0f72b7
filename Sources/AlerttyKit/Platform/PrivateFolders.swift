// Folders and sockets only the user may use: a popup's private folder of FIFOs (made 0700,
// removed afterwards), and the checks tmux itself makes before it trusts a server's socket
// (its folder owned by us and closed to others, the socket ours), on what lstat says of a path
// (a link is never followed). Also running a short program for its output, with a deadline
// (asking tmux what it knows).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    public static var userID: UInt32 { UInt32(getuid()) }

    /// A user's name and home folder as /etc/passwd has them (not $HOME: cron and a login shell
    /// agree on it), or nil. The file itself, not getpwuid_r: in a static binary that call brings
    /// glibc's whole NSS and DNS resolver (about 120 KB) for one lookup; a user known only to a
    /// directory service is nil, and whoever asks falls back as for no account.
    public static func account(_ uid: UInt32) -> (name: String, home: String)? {
        guard let bytes = try? readFile("/etc/passwd", limit: 16 << 20) else { return nil }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            // (Read as Int, as every number here is: one parser in the binary.)
            guard fields.count >= 7, let id = Int(String(decoding: fields[2], as: UTF8.self)), id == Int(uid) else { continue }
            return (String(decoding: fields[0], as: UTF8.self), String(decoding: fields[5], as: UTF8.self))
        }
        return nil
    }

    /// A new folder only we can enter (0700), under $TMPDIR or /tmp.
    public static func makePrivateFolder(prefix: String) throws(PlatformError) -> String {
        let base = environment("TMPDIR").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/" + prefix + "XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw PlatformError(operation: "cannot make a private folder in \(base)", code: errno)
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A FIFO only we can open (0600).
    public static func makeFIFO(_ path: String) throws(PlatformError) {
        guard mkfifo(path, 0o600) == 0 else { throw PlatformError(operation: "cannot make \(path)", code: errno) }
    }

    /// Removes a private folder and what is in it (FIFOs and files, no subfolders).
    public static func removePrivateFolder(_ path: String) {
        for name in names(in: path) { unlink(path + "/" + name) }
        rmdir(path)
    }

    /// Opens one end of a FIFO without waiting for the other: the read end non-blocking; the
    /// write end read-write (Linux never blocks opening a FIFO so), so a peer that never comes
    /// cannot hang us. Close-on-exec.
    public static func openFIFO(_ path: String, forWriting: Bool) throws(PlatformError) -> FileDescriptor {
        let fd = open(path, (forWriting ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 { throw PlatformError(operation: "cannot open \(path)", code: errno) }
        return fd
    }

    /// Opens a FIFO as a peer does (the popup's side), then blocking. The caller's ends are open
    /// before anyone may open these, so there is nothing to wait for: one whose caller has gone
    /// (a question withdrawn as an agent took it up) fails at once, where a blocking open would
    /// wait for a partner that never comes, a blank screen forever.
    public static func openFIFOWaiting(_ path: String, forWriting: Bool) throws(PlatformError) -> FileDescriptor {
        var fd: Int32
        repeat { fd = open(path, (forWriting ? O_WRONLY : O_RDONLY) | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) } while fd < 0 && errno == EINTR
        if fd < 0 { throw PlatformError(operation: "cannot open \(path)", code: errno) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Puts `fd` on `target` (stdin, stdout, stderr) for what runs from now on.
    public static func duplicate(_ fd: FileDescriptor, onto target: FileDescriptor) {
        if fd != target { dup2(fd, target) }
    }

    /// A file as lstat describes it (a link is a link, never what it points to).
    public struct LinkStatus: Equatable, Sendable {
        public enum Kind: Sendable { case file, folder, socket, link, other }
        public var kind: Kind
        public var owner: UInt32
        /// Permission bits.
        public var mode: UInt32
        public var size: Int
        /// Seconds since the epoch it was last changed.
        public var modified: Int
    }

    public static func linkStatus(_ path: String) -> LinkStatus? {
        var s = stat()
        guard lstat(path, &s) == 0 else { return nil }
        let kind: LinkStatus.Kind
        switch s.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        case S_IFSOCK: kind = .socket
        case S_IFLNK: kind = .link
        default: kind = .other
        }
        return LinkStatus(kind: kind, owner: UInt32(s.st_uid), mode: UInt32(s.st_mode & 0o7777), size: Int(s.st_size),
                          modified: Int(s.st_mtim.tv_sec))
    }

    /// Why `path` is not a folder only we may use (nil when it is): not there, a link, not ours,
    /// or open to others — as tmux refuses its socket folder.
    public static func privateFolderProblem(_ path: String) -> String? {
        guard let status = linkStatus(path) else { return "\(path) is not there" }
        guard status.kind == .folder else { return "\(path) is not a folder" }
        guard status.owner == userID else { return "\(path) belongs to another user" }
        guard status.mode & 0o077 == 0 else { return "\(path) is open to other users" }
        return nil
    }

    /// A folder only we may use at `path`: made (0700) if it is not there, then checked as
    /// `privateFolderProblem` checks it; why it cannot be used, or nil.
    public static func ownFolder(_ path: String) -> String? {
        if mkdir(path, 0o700) != 0 && errno != EEXIST { return "cannot make \(path): \(describe(errno: errno))" }
        return privateFolderProblem(path)
    }

    /// The names in a folder (not `.` and `..`), in no order; empty when it cannot be read.
    public static func names(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// A new file at `path` holding `bytes`, made whole before it is seen: written under a
    /// temporary name (`temporary`, else PATH.new), then renamed into place (0600, never over a link).
    public static func writeNewFile(_ path: String, _ bytes: [UInt8], temporary: String? = nil) throws(PlatformError) {
        let temporary = temporary ?? path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0 { throw PlatformError(operation: "cannot write \(temporary)", code: errno) }
        let written = writeAll(fd, bytes)
        close(fd)
        guard written, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw PlatformError(operation: "cannot write \(path)", code: code)
        }
    }

    public static func removeFile(_ path: String) { unlink(path) }

    /// Makes `path` if no one has, holding `bytes`: true for the one that made it (a claim, as
    /// O_EXCL decides).
    public static func claim(_ path: String, holding bytes: [UInt8] = []) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        _ = writeAll(fd, bytes)
        close(fd)
        return true
    }

    /// When process `pid` started (clock ticks since boot, /proc/PID/stat's 22nd field): with
    /// its pid it names one process for good (a pid is reused, the pair is not). nil when it is
    /// not running.
    public static func processStart(_ pid: Int32) -> UInt64? {
        guard let stat = try? readFile("/proc/\(pid)/stat", limit: 4096),
              let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // After the command's name in parentheses: state is field 3, start time field 22.
        let fields = stat[(close + 1)...].split(separator: 0x20)
        guard fields.count > 19, fields[0] != Array("Z".utf8)[...] else { return nil }
        return Int(String(decoding: fields[19], as: UTF8.self)).map { UInt64(max(0, $0)) }
    }

    /// A process's command line words (/proc/PID/cmdline), empty when it cannot be read.
    public static func commandLine(_ pid: Int32) -> [String] {
        guard let bytes = try? readFile("/proc/\(pid)/cmdline", limit: 65536) else { return [] }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    public static var parentProcessID: Int32 { getppid() }

    /// Why `path` is not a socket of ours (nil when it is).
    public static func ownSocketProblem(_ path: String) -> String? {
        guard let status = linkStatus(path) else { return "\(path) is not there" }
        guard status.kind == .socket else { return "\(path) is not a socket" }
        guard status.owner == userID else { return "\(path) belongs to another user" }
        return nil
    }

    public static func currentDirectory() -> String? {
        guard let raw = getcwd(nil, 0) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    @discardableResult
    public static func changeDirectory(_ path: String) -> Bool { chdir(path) == 0 }

    public static func removeEnvironment(_ name: String) { unsetenv(name) }

    /// Opens the file at `path` to append to, as a careful program does: made 0600 if it is not
    /// there; if it is, only a regular file of ours that no one else may write. A link is not
    /// followed, and a FIFO or a device is refused without waiting for a peer. Close-on-exec.
    public static func openOwnFileForAppending(_ path: String) throws(PlatformError) -> FileDescriptor {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0o600)
        if fd < 0 {
            let code = errno
            if code == ELOOP { throw PlatformError(explaining: "\(path) is a symbolic link, not a file", code: code) }
            if code == ENXIO { throw PlatformError(explaining: "\(path) is a FIFO, not a file", code: code) }
            throw PlatformError(operation: "cannot write \(path)", code: code)
        }
        var s = stat()
        let problem: String? = if fstat(fd, &s) != 0 { "cannot look at \(path)" }
            else if s.st_mode & S_IFMT == S_IFIFO { "\(path) is a FIFO, not a file" }
            else if s.st_mode & S_IFMT != S_IFREG { "\(path) is not a regular file" }
            else if s.st_uid != geteuid() { "\(path) belongs to another user" }
            else if s.st_mode & 0o022 != 0 { "\(path) may be written by other users (chmod go-w)" }
            else { nil }
        if let problem {
            close(fd)
            throw PlatformError(explaining: problem, code: EPERM)
        }
        _ = fcntl(fd, F_SETFL, O_APPEND)
        return fd
    }

    /// Whether `path` opens as a terminal (a popup goes elsewhere only when none does).
    public static func canOpenTerminal(_ path: String) -> Bool {
        guard let opened = try? openTerminalWithMode(path) else { return false }
        close(opened.fd)
        return true
    }

    public static func openNullDevice() -> FileDescriptor? {
        let fd = open("/dev/null", O_RDWR | O_CLOEXEC)
        return fd < 0 ? nil : fd
    }

    /// Runs `argv` (found on PATH, stdin /dev/null) and returns its status and stdout, or nil
    /// when it cannot run or takes longer than `timeoutMs` (it is then killed).
    public static func output(of argv: [String], timeoutMs: Int) -> (status: Int32, stdout: [UInt8], stderr: [UInt8])? {
        guard let command = try? spawnCommand(argv, passStdin: false) else { return nil }
        var out: [UInt8] = [], err: [UInt8] = []
        var open: [FileDescriptor] = [command.stdoutRead, command.stderrRead]
        let deadline = now() + UInt64(timeoutMs) * 1_000_000
        while !open.isEmpty {
            let left = deadline > now() ? Int32((deadline - now()) / 1_000_000) : 0
            let ready = poll(open, timeoutMs: max(left, 0))
            if ready.isEmpty && now() >= deadline { break }
            for fd in ready {
                guard let bytes = read(fd, max: 65536) else {
                    close(fd)
                    open.removeAll { $0 == fd }
                    continue
                }
                if fd == command.stdoutRead { if out.count < 1 << 20 { out += bytes } } else if err.count < 65536 { err += bytes }
            }
        }
        for fd in open { close(fd) }
        guard open.isEmpty, let status = reap(command.pid, wait: false) ?? waitBriefly(command.pid, until: deadline) else {
            killGroup(command.pid)
            _ = reap(command.pid, wait: true)
            return nil
        }
        return (status, out, err)
    }

    /// The child's status once it ends, waiting until `deadline` at most.
    private static func waitBriefly(_ pid: pid_t, until deadline: UInt64) -> Int32? {
        while now() < deadline {
            if let status = reap(pid) { return status }
            pause(seconds: 0.002)
        }
        return reap(pid)
    }
}
