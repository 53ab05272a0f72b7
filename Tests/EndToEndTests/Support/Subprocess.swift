// Runs a helper program (tmux) and waits for it with waitpid. Foundation's Process is not used
// here: a tmux client whose server daemonizes was seen never to be reaped through it.
import Glibc

enum Subprocess {
    /// Runs `path` with `arguments`; returns stdout when `capture` is set (read to its end).
    @discardableResult
    static func run(_ path: String, _ arguments: [String], capture: Bool = false) -> (status: Int32, output: String) {
        var out: [Int32] = [0, 0]
        pipe(&out)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, out[0])
        posix_spawn_file_actions_addclose(&actions, out[1])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(out[1])
        var output: [UInt8] = []
        if rc == 0 && capture {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(out[0], $0.baseAddress, $0.count) }
                if n <= 0 { break }
                output += buffer[0..<n]
            }
        }
        close(out[0])
        guard rc == 0 else { return (-1, "") }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return ((status >> 8) & 0xff, String(decoding: output, as: UTF8.self))
    }
}
