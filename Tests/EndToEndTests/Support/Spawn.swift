// Starting a process under test: a session of its own (so a terminal opened after setsid becomes
// its controlling terminal, or none does), every signal at its default and none blocked,
// whatever the test runner had.
import Foundation
import Glibc

enum Spawn {
    /// Starts `executable` with `arguments` and `environment` ("NAME=value" each), its
    /// descriptors as `actions` arranges them.
    static func session(_ executable: String, _ arguments: [String], environment: [String],
                        actions: inout posix_spawn_file_actions_t) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(0x80 /* POSIX_SPAWN_SETSID */ | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw NSError(domain: "spawn", code: Int(rc)) }
        return child
    }
}
