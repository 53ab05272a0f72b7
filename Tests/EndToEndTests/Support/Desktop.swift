// A desktop for the tests: a private session bus (Debian's dbus-daemon) and a notification
// server on it (Tests/Desktop/notification-server.py, on libdbus), which says what it is asked
// as JSON lines and presses buttons, types replies and dismisses as a test tells it.
import Foundation
import Glibc
import XCTest

final class Desktop {
    static let serverScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Desktop/notification-server.py").path

    /// DBUS_SESSION_BUS_ADDRESS of the bus.
    let address: String
    private let daemon: pid_t
    private var server: pid_t = 0
    private var commands: Int32 = -1
    private var events: Int32 = -1
    private var pending = ""
    /// Every event the server said so far, in order.
    private(set) var seen: [[String: Any]] = []

    /// `listen`: the bus's address (default: a fresh name in the abstract namespace, so a long
    /// TMPDIR cannot make its path too long for a socket).
    /// `server`: with the test's notification server on it (else a real one is started by the test).
    init(caps: [String] = ["actions", "body"], mute: Bool = false, listen: String? = nil, server: Bool = true) throws {
        try Needs.program("/usr/bin/dbus-daemon", package: "dbus")
        if server {
            try Needs.pythonModule("dbus", package: "python3-dbus")
            try Needs.pythonModule("gi.repository.GLib", package: "python3-gi")
        }
        let listen = listen ?? "unix:abstract=/alertty-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let (pid, out, _) = try Self.spawn("/usr/bin/dbus-daemon",
                                           ["--session", "--nofork", "--nopidfile", "--print-address", "--address=\(listen)"])
        daemon = pid
        var line = ""
        let deadline = Date().addingTimeInterval(10)
        while !line.contains("\n") {
            guard Date() < deadline else { throw NSError(domain: "dbus-daemon said no address", code: 1) }
            var byte: UInt8 = 0
            if read(out, &byte, 1) == 1 { line.append(Character(UnicodeScalar(byte))) } else { usleep(5_000) } // reading its pipe
        }
        close(out)
        address = String(line.dropLast())
        if server { try startServer(caps: caps, mute: mute) }
    }

    deinit {
        stopServer()
        kill(daemon, SIGTERM)
        var status: Int32 = 0
        waitpid(daemon, &status, 0)
    }

    /// The server (again, after `stopServer`: a desktop whose server restarted).
    func startServer(caps: [String] = ["actions", "body"], mute: Bool = false) throws {
        var arguments = [Self.serverScript, address, "--caps", caps.joined(separator: ",")]
        if mute { arguments.append("--mute") }
        let (pid, out, input) = try Self.spawn("/usr/bin/python3", arguments, stdin: true)
        (server, events, commands) = (pid, out, input)
        _ = fcntl(events, F_SETFL, fcntl(events, F_GETFL) | O_NONBLOCK)
        _ = try next("ready")
    }

    func stopServer() {
        guard server > 0 else { return }
        kill(server, SIGTERM)
        var status: Int32 = 0
        waitpid(server, &status, 0)
        close(commands)
        close(events)
        server = 0
    }

    /// Tells the server what the person did: `action 1 yes`, `reply 1 42`, `dismiss 1`.
    func person(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
        _ = try next("did")
    }

    /// The next event named `name` the server says after the last one `next` returned.
    @discardableResult
    func next(_ name: String, timeout: Double = 10) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            pump()
            if let found = seen.indices.dropFirst(consumed).first(where: { seen[$0]["event"] as? String == name }) {
                consumed = found + 1
                return seen[found]
            }
            guard Date() < deadline else { throw NSError(domain: "the server never said \(name); it said \(seen)", code: 1) }
            var fd = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, 100)
        }
    }
    /// How far `next` has read.
    private var consumed = 0

    /// Events named `name` said so far.
    func all(_ name: String) -> [[String: Any]] {
        pump()
        return seen.filter { $0["event"] as? String == name }
    }

    private func pump() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(events, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            pending += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        while let newline = pending.firstIndex(of: "\n") {
            let text = String(pending[..<newline])
            pending = String(pending[pending.index(after: newline)...])
            if let event = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] { seen.append(event) }
        }
    }

    private static func spawn(_ path: String, _ arguments: [String], stdin: Bool = false) throws -> (pid_t, Int32, Int32) {
        var out: [Int32] = [0, 0], input: [Int32] = [0, 0]
        pipe(&out)
        pipe(&input)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdin { posix_spawn_file_actions_adddup2(&actions, input[0], 0) } else { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in out + input { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(out[1])
        close(input[0])
        guard rc == 0 else { throw NSError(domain: "cannot run \(path)", code: Int(rc)) }
        if !stdin { close(input[1]) }
        return (pid, out[0], stdin ? input[1] : -1)
    }
}
