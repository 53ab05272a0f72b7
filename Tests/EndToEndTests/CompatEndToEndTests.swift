// The drop-in, proven differentially: every script in Tests/Compat/scripts was run against the
// real whiptail and dialog (scripts/record-compat), and their exit status and the files they left
// are in Tests/Compat/expected. Here the same scripts run against alertty called as `whiptail` and
// `dialog` (symlinks on PATH), with the same keys, and must leave the same.
import Foundation
import Glibc
import XCTest

final class CompatEndToEndTests: XCTestCase {
    static let compat = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Compat")

    func header(_ script: String) -> [String: String] {
        var meta: [String: String] = [:]
        for line in script.split(separator: "\n") where line.hasPrefix("# ") {
            let parts = line.dropFirst(2).split(separator: ":", maxSplits: 1)
            if parts.count == 2 { meta[String(parts[0])] = String(parts[1]).trimmingCharacters(in: .whitespaces) }
        }
        return meta
    }

    /// Runs one script as `program` with alertty standing in; returns what record-compat records.
    func run(_ scriptPath: String, program: String, keys: [String], shims: String) throws -> String {
        let work = NSTemporaryDirectory() + "alertty-compat-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let p = try PTYProcess(["-c", "cd '\(work)' && exec /bin/sh '\(scriptPath)'"],
                               environment: ["PATH": shims + ":/usr/bin:/bin", "D": program, "HOME": work],
                               executable: "/bin/sh")
        let named: [String: String] = ["enter": "\r", "esc": "\u{1B}", "tab": "\t", "space": " ",
                                       "down": program == "dialog" ? "\u{1B}OB" : "\u{1B}[B",
                                       "up": program == "dialog" ? "\u{1B}OA" : "\u{1B}[A",
                                       "right": program == "dialog" ? "\u{1B}OC" : "\u{1B}[C",
                                       "left": program == "dialog" ? "\u{1B}OD" : "\u{1B}[D"]
        for key in keys {
            if key.hasPrefix("wait:") {
                // A box the program has and alertty refuses ends the script early: nothing to wait for.
                let text = String(key.dropFirst(5))
                try p.waitFor("'\(text)'") { $0.contains(text) || p.hasExited() }
            } else if key.hasPrefix("type:") {
                p.type(String(key.dropFirst(5)))
            } else if let bytes = named[key] {
                p.type(bytes)
            }
        }
        let status = try p.waitForExit(timeout: 20)
        var out = ["status: \(status)"]
        for name in try FileManager.default.contentsOfDirectory(atPath: work).sorted() {
            let data = FileManager.default.contents(atPath: work + "/" + name) ?? Data()
            out.append("--- \(name)")
            out.append(String(decoding: data, as: UTF8.self))
        }
        return out.joined(separator: "\n") + "\n"
    }

    func testScriptsBehaveAsWithTheRealWhiptailAndDialog() throws {
        let shims = NSTemporaryDirectory() + "alertty-shims-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: shims, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: shims) }
        // Hard links, as scripts/install.sh lays the drop-in out: a client that resolves the
        // program's path (pythondialog's realpath) still runs it under the name `dialog`.
        for program in ["whiptail", "dialog"] {
            do {
                try FileManager.default.linkItem(atPath: PTYProcess.binary, toPath: shims + "/" + program)
            } catch {
                try FileManager.default.copyItem(atPath: PTYProcess.binary, toPath: shims + "/" + program)
            }
        }
        let scripts = Self.compat.appendingPathComponent("scripts")
        // ALERTTY_COMPAT_ONLY=147,152: only the scripts with those prefixes (while working on them).
        let only = ProcessInfo.processInfo.environment["ALERTTY_COMPAT_ONLY"].map { $0.split(separator: ",").map(String.init) }
        let names = try FileManager.default.contentsOfDirectory(atPath: scripts.path)
            .filter { name in name.hasSuffix(".sh") && (only == nil || only!.contains { name.hasPrefix($0) }) }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, only == nil ? 60 : 1)
        var compared = 0
        for name in names {
            let path = scripts.appendingPathComponent(name).path
            let meta = header(try String(contentsOfFile: path, encoding: .utf8))
            let keys = (meta["keys"] ?? "").split(separator: " ").map(String.init)
            for program in ["whiptail", "dialog"] where meta["programs"] == "both" || meta["programs"] == program {
                let expectedURL = Self.compat.appendingPathComponent("expected/\(name.dropLast(3)).\(program)")
                guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
                    XCTFail("\(name) \(program): nothing recorded; run scripts/record-compat")
                    continue
                }
                let got: String
                do {
                    got = try run(path, program: program, keys: keys, shims: shims)
                } catch {
                    XCTFail("\(name) as \(program): \(String(describing: error).prefix(1500))")
                    continue
                }
                compared += 1
                let status = meta["compare"] == "status"
                let want = status ? String(expected.split(separator: "\n").first ?? "") : expected
                let have = status ? String(got.split(separator: "\n").first ?? "") : got
                XCTAssertEqual(have, want, "\(name) as \(program)")
            }
        }
        XCTAssertGreaterThanOrEqual(compared, only == nil ? 100 : 1, "scripts run against both programs")
    }
}
