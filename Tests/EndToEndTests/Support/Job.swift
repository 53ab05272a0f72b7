// alertty as cron runs it: a session of its own with no terminal at all (/dev/tty cannot be
// opened), stdin from /dev/null or given bytes, stdout and stderr read as they come.
import Foundation
import Glibc

final class Job {
    let pid: pid_t
    private let stdoutRead: Int32
    private let stderrRead: Int32
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []
    private(set) var exitStatus: Int32?

    /// With `cron`, the environment is only PATH, HOME and `environment`: no locale at all, as
    /// cron on a machine whose /etc/default/locale is empty (and `env -i`, and many units) gives it.
    init(_ arguments: [String], environment: [String: String] = [:], stdin: [UInt8]? = nil,
         executable: String = PTYProcess.binary, cron: Bool = false) throws {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0], input: [Int32] = [0, 0]
        pipe(&out)
        pipe(&err)
        pipe(&input)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin != nil {
            posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in out + err + input { posix_spawn_file_actions_addclose(&actions, fd) }
        // No TMUX, no TERM: what cron gives.
        var base = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()].merging(cron ? [:] : ["LANG": "C.UTF-8"]) { $1 }
        // A job's question is never shown on the desktop of whoever runs the tests: only on a
        // test's own bus (DesktopNotificationEndToEndTests).
        if environment["DBUS_SESSION_BUS_ADDRESS"] == nil { base["ALERTTY_NOTIFY"] = "0" }
        let env = base.merging(environment) { $1 }.map { "\($0)=\($1)" }
        defer {
            close(out[1])
            close(err[1])
            close(input[0])
        }
        pid = try Spawn.session(executable, arguments, environment: env, actions: &actions)
        stdoutRead = out[0]
        stderrRead = err[0]
        if let stdin { _ = stdin.withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) } }
        close(input[1])
        for fd in [stdoutRead, stderrRead] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(stdoutRead)
        close(stderrRead)
    }

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// Whether it has ended (its output read so far either way).
    func hasExited() -> Bool {
        pump()
        guard exitStatus == nil else { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        pump()
        return true
    }

    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while !hasExited() {
            if Date() > deadline { throw TimedOut(what: "the job's exit", screen: "stderr: " + stderrText) }
            var fds = [pollfd(fd: stdoutRead, events: Int16(POLLIN), revents: 0), pollfd(fd: stderrRead, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, 20)
        }
        return exitStatus!
    }

    private func pump() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        for (fd, isOut) in [(stdoutRead, true), (stderrRead, false)] {
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                if isOut { stdout += buffer[0..<n] } else { stderr += buffer[0..<n] }
            }
        }
    }
}
