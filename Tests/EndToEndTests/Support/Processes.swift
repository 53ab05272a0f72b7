// Which test-started processes are still alive: for the checks that nothing outlives alertty.
import Foundation

enum Processes {
    /// Live (not zombie) `sleep MARKER` processes; alertty's own command line may hold the marker too.
    static func sleeps(_ marker: String) -> [String] { live("sleep", marker) }

    /// Every process's id, as /proc names it.
    static var all: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }
    }

    /// Processes started with `variable` in their environment (whatever its value).
    static func started(withEnvironment variable: String) -> [pid_t] {
        all.compactMap { pid in
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  environ.split(separator: 0).contains(where: { $0.starts(with: Array((variable + "=").utf8)) }) else { return nil }
            return pid_t(pid)
        }
    }

    /// The value of `variable` in the environment process `pid` was started with.
    static func environment(_ pid: pid_t, _ variable: String) -> String? {
        guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
        let prefix = Array((variable + "=").utf8)
        return environ.split(separator: 0).first { $0.starts(with: prefix) }.map { String(decoding: $0.dropFirst(prefix.count), as: UTF8.self) }
    }

    /// Live `PROGRAM MARKER` processes.
    static func live(_ program: String, _ marker: String) -> [String] {
        all.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: data, as: UTF8.self).hasPrefix("\(program)\u{0}\(marker)"),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return !stat[stat.index(after: close)...].hasPrefix(" Z")
        }
    }

    /// Waits (bounded) until such a process runs; its pids.
    static func waitFor(_ marker: String) -> [String] {
        let deadline = Date().addingTimeInterval(5)
        while sleeps(marker).isEmpty && Date() < deadline { usleep(10_000) }
        return sleeps(marker)
    }

    /// A process's state letter (R, S, T, Z…), nil when it is gone.
    static func state(_ pid: String) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].dropFirst().first.map(String.init)
    }

    /// Waits (bounded) until no such process is left: a killed process takes a moment to go.
    static func waitUntilGone(_ marker: String, program: String = "sleep") -> [String] {
        let deadline = Date().addingTimeInterval(3)
        while !live(program, marker).isEmpty && Date() < deadline { usleep(10_000) }
        return live(program, marker)
    }
}
