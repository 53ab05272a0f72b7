// Starting a process under test: a session of its own (so a terminal opened after setsid becomes
// its controlling terminal, or none does), every signal at its default and none blocked,
// whatever the test runner had.
import Foundation
import Glibc

enum Spawn {
    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34), which Swift's Glibc module does
    /// not show: looked up by name.
    static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

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
        // Only what `actions` arranges reaches the child: a descriptor this process holds for
        // another child at that moment (a pty's master, another job's pipe) would otherwise leak
        // into it, and a script that names a closed descriptor would find it open.
        if let closeFrom = closeFrom { _ = closeFrom(&actions, 3) }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw NSError(domain: "spawn", code: Int(rc)) }
        return child
    }
}
