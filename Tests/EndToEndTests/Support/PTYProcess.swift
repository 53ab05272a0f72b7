// Runs the built alertty in a fresh pseudo-terminal that is its controlling terminal (so it
// opens /dev/tty like it would for a person), with stdin, stdout and stderr on pipes.
// Tests type bytes, wait for screen states (never sleep for them), and read the results.
import Foundation
import Glibc
import XCTest

struct TimedOut: Error, CustomStringConvertible {
    var what: String
    var screen: String
    var description: String { "timed out waiting for \(what); screen was:\n\(screen)" }
}

final class PTYProcess {
    let master: Int32
    let slave: Int32
    let pid: pid_t
    let screen: Screen
    private let stdoutRead: Int32
    private let stderrRead: Int32
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []
    private(set) var exitStatus: Int32?
    let modeBefore: [UInt8]

    static var binary: String {
        // The test bundle sits beside the product in the build folder.
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = me.deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("alertty").path
    }

    /// The binary under another name (a hard link, else a copy, in a folder of this run's own),
    /// as scripts/install.sh lays out alertty-askpass and pinentry-alertty: the name decides.
    static func binary(named name: String) -> String {
        let dir = URL(fileURLWithPath: binary).deletingLastPathComponent().path + "/\(name)-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        if (try? FileManager.default.linkItem(atPath: binary, toPath: path)) == nil {
            try? FileManager.default.copyItem(atPath: binary, toPath: path)
        }
        return path
    }

    static let baseEnvironment: [String: String] = [
        "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TERM": "xterm-256color",
    ]

    /// Starts alertty with `arguments` in a `columns`×`rows` terminal.
    init(_ arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
         stdin: [UInt8]? = nil, stdinPath: String? = nil, closeStdout: Bool = false,
         executable: String = PTYProcess.binary, viaTTYFlag: Bool = false, stdioOnTerminal: Bool = false,
         answers: Screen.Answers = Screen.Answers()) throws {
        // posix_openpt/unlockpt/ptsname are not imported into Swift; the Linux ioctls do the same.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            throw NSError(domain: "pty", code: Int(errno))
        }
        let slavePath = "/dev/pts/\(number)"
        slave = open(slavePath, O_RDWR | O_NOCTTY)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        modeBefore = PTYProcess.mode(of: slave)
        screen = Screen(columns: columns, rows: rows)

        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0], inPipe: [Int32] = [0, 0]
        pipe(&outPipe)
        pipe(&errPipe)
        pipe(&inPipe)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin != nil {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else if let stdinPath {
            posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if closeStdout {
            posix_spawn_file_actions_addclose(&actions, 1)
        } else {
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        }
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        // Opened after setsid (which posix_spawn does first): the pty becomes the controlling terminal.
        // With `viaTTYFlag` it does not: alertty has no /dev/tty and must use --tty.
        if stdioOnTerminal {
            // A program that wants its stdin and stdout to be the terminal (a tmux client).
            posix_spawn_file_actions_addopen(&actions, 3, slavePath, O_RDWR, 0)
            for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, 3, fd) }
            posix_spawn_file_actions_addclose(&actions, 3)
        } else if !viaTTYFlag {
            posix_spawn_file_actions_addopen(&actions, 3, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_addclose(&actions, 3)
        }
        let arguments = viaTTYFlag ? [arguments[0], "--tty", slavePath] + arguments.dropFirst() : arguments
        for fd in [outPipe[0], errPipe[0], inPipe[1], master, slave] { posix_spawn_file_actions_addclose(&actions, fd) }

        // TEST_TTY: the terminal's name, for a child that must name it to a daemon (GPG_TTY).
        let env = PTYProcess.baseEnvironment.merging(environment) { $1 }.merging(["TEST_TTY": slavePath]) { $1 }.map { "\($0)=\($1)" }
        defer {
            close(outPipe[1])
            close(errPipe[1])
            close(inPipe[0])
        }
        pid = try Spawn.session(executable, arguments, environment: env, actions: &actions)
        stdoutRead = outPipe[0]
        stderrRead = errPipe[0]
        if let stdin {
            _ = stdin.withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count) }
        }
        close(inPipe[1])
        for fd in [master, stdoutRead, stderrRead] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        screen.reply = { [master] bytes in _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
        screen.answers = answers
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
        close(slave)
        close(stdoutRead)
        close(stderrRead)
    }

    static func mode(of fd: Int32) -> [UInt8] {
        var t = termios()
        tcgetattr(fd, &t)
        return withUnsafeBytes(of: &t) { Array($0) }
    }

    /// The terminal echoes what is typed (its ECHO flag).
    var echoing: Bool {
        var t = termios()
        tcgetattr(slave, &t)
        return t.c_lflag & tcflag_t(ECHO) != 0
    }

    /// The termios now, byte for byte.
    var modeNow: [UInt8] { PTYProcess.mode(of: slave) }

    // MARK: - Driving

    func type(_ text: String) { send(Array(text.utf8)) }

    /// Sends all of `bytes`; when the terminal's input queue is full (a big paste), lets alertty
    /// read some (pumping its output meanwhile) and goes on.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        let deadline = Date().addingTimeInterval(10)
        while offset < bytes.count && Date() < deadline {
            let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EAGAIN {
                pump(waitMs: 5)
            } else {
                break
            }
        }
    }

    /// A program that draws with curses on its stdout and reads keys on its stdin (the real
    /// dialog, whiptail, pinentry-curses), started with both on the terminal; stderr stays a pipe.
    static func onTheTerminal(_ program: String, _ arguments: [String], columns: Int = 80, rows: Int = 24) throws -> PTYProcess {
        try PTYProcess(["-c", "exec \"$0\" \"$@\" </dev/tty >/dev/tty", program] + arguments, columns: columns, rows: rows,
                       executable: "/bin/sh")
    }

    /// Named keys as a terminal sends them.
    enum Keys {
        static let enter = "\r", escape = "\u{1B}", tab = "\t", shiftTab = "\u{1B}[Z", backspace = "\u{7F}"
        static let up = "\u{1B}[A", down = "\u{1B}[B", right = "\u{1B}[C", left = "\u{1B}[D"
        static let pageDown = "\u{1B}[6~", pageUp = "\u{1B}[5~", home = "\u{1B}[H", end = "\u{1B}[F"
        static let ctrlC = "\u{03}", ctrlZ = "\u{1A}", ctrlU = "\u{15}", ctrlW = "\u{17}", ctrlN = "\u{0E}"
        static func paste(_ s: String) -> String { "\u{1B}[200~" + s + "\u{1B}[201~" }
        static let space = " ", ctrlA = "\u{01}"
        /// An SGR mouse report for a left click (press and release) at 0-based cell (x, y).
        static func click(_ x: Int, _ y: Int) -> String { "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m" }
        static func wheelDown(_ x: Int, _ y: Int) -> String { "\u{1B}[<65;\(x + 1);\(y + 1)M" }
    }

    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        screen.resize(columns: columns, rows: rows)
        kill(pid, SIGWINCH)
    }

    func signal(_ number: Int32) { kill(pid, number) }

    /// Hangs the terminal up as a closed window does (TIOCVHANGUP, root's): its session loses
    /// it, SIGHUP goes to its processes, and /dev/tty cannot be opened there any more.
    func hangUp() throws {
        guard ioctl(slave, 0x5437 /* TIOCVHANGUP */) == 0 else { throw XCTSkip("hanging a terminal up is root's (CI runs as root)") }
    }

    // MARK: - Waiting

    /// Pumps output until `condition` holds. The deadline only bounds a failure; it never paces the test.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, _ condition: (Screen) -> Bool) throws -> Screen {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            pump(waitMs: 20)
            if condition(screen) { return screen }
            if Date() > deadline { throw TimedOut(what: what, screen: screen.text) }
        }
    }

    /// Waits until alertty has put the terminal in raw mode: keys typed from then on are read
    /// (typed earlier, they are discarded as type-ahead).
    func waitUntilRaw(timeout: Double = 10) throws {
        try waitFor("raw mode", timeout: timeout) { _ in !self.echoing }
    }

    func waitForText(_ text: String, timeout: Double = 10) throws {
        try waitFor("'\(text)'", timeout: timeout) { $0.contains(text) }
    }

    /// True once the process has ended (its status is kept for `waitForExit`).
    func hasExited() -> Bool {
        if exitStatus != nil { return true }
        return reap()
    }

    private func reap() -> Bool {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return true
    }

    /// Waits for the process to end, draining everything it wrote. Returns its exit status.
    @discardableResult
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while exitStatus == nil {
            pump(waitMs: 20)
            if !reap() && Date() > deadline {
                throw TimedOut(what: "exit", screen: screen.text)
            }
        }
        pump(waitMs: 0)
        drain(stdoutRead, into: &stdout, final: true)
        drain(stderrRead, into: &stderr, final: true)
        return exitStatus!
    }

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// Reads whatever is available from the terminal and the pipes.
    func pump(waitMs: Int32) {
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stdoutRead, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stderrRead, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 3, waitMs)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            screen.feed(Array(buffer[0..<n]))
        }
        drain(stdoutRead, into: &stdout, final: false)
        drain(stderrRead, into: &stderr, final: false)
    }

    private func drain(_ fd: Int32, into out: inout [UInt8], final: Bool) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
    }
}
