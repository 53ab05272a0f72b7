// What a test needs from the machine beyond the toolchain. `swift test` passes on a machine of
// this kind as it comes: a test whose program is missing is skipped, and its message names the
// program and the Debian package that has it. .ci/run installs every one of them and fails on any
// skip that carries `Needs.marker`, so CI runs every test and a fresh clone never shows red.
import Foundation
import Glibc
import XCTest

enum Needs {
    /// In every skip for something missing; .ci/run looks for it in the test log.
    static let marker = "Debian package: "

    static func missing(_ what: String, package: String) -> XCTSkip {
        XCTSkip("needs \(what), which this machine lacks (\(marker)\(package))")
    }

    /// An executable at `path`.
    static func program(_ path: String, package: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw missing(path, package: package) }
    }

    /// A module the system's python3 imports (pythondialog: python3-dialog).
    static func pythonModule(_ module: String, package: String) throws {
        try program("/usr/bin/python3", package: "python3")
        guard Subprocess.run("/usr/bin/python3", ["-c", "import \(module)"]).status == 0 else {
            throw missing("the python3 module \(module)", package: package)
        }
    }

    /// A terminal description (`xterm-16color`, in ncurses-term).
    static func terminfo(_ name: String, package: String) throws {
        let paths = ["/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"].map { "\($0)/\(name.prefix(1))/\(name)" }
        guard paths.contains(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw missing("the terminal description \(name)", package: package)
        }
    }

    /// A locale generated on this machine (`de_DE.UTF-8`).
    static func locale(_ name: String) throws {
        let wanted = name.lowercased().replacingOccurrences(of: "-", with: "")
        let have = Subprocess.run("/usr/bin/locale", ["-a"], capture: true).output.split(separator: "\n")
            .map { $0.lowercased().replacingOccurrences(of: "-", with: "") }
        guard have.contains(wanted) else {
            throw missing("the locale \(name) (enable it in /etc/locale.gen, then locale-gen)", package: "locales")
        }
    }

    /// Root: the tests that add a user or read another process's memory.
    static func root(_ why: String) throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to \(why)") }
    }
}

extension XCTestCase {
    /// A copy of the built binary in a folder of its own, open to every user: a test that runs
    /// alertty as another user (nobody, a user made for sudo) must not depend on that user being
    /// able to reach the build folder — a clone under /root or a mode-0700 folder is not reachable.
    func binaryForOtherUsers(named name: String = "alertty") throws -> String {
        let dir = "/tmp/alertty-shared-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        chmod(dir, 0o755) // not narrowed by the umask
        let path = dir + "/" + name
        try FileManager.default.copyItem(atPath: PTYProcess.binary, toPath: path)
        chmod(path, 0o755)
        return path
    }
}
