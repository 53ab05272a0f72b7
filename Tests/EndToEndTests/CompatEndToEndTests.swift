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

    /// The option tables the drop-in is checked against (Tests/Compat/*-options.txt) are the
    /// installed programs' own: every name ends a string in the program's binary.
    func testTheOptionTablesAreTheRealProgramsOwn() throws {
        for (program, package) in [("dialog", "dialog"), ("whiptail", "whiptail")] {
            try Needs.program("/usr/bin/" + program, package: package)
            let binary = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/bin/" + program)))
            let strings = Set(binary.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
            let table = try String(contentsOf: Self.compat.appendingPathComponent("\(program)-options.txt"), encoding: .utf8)
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: " ")[0]) }
            XCTAssertGreaterThan(table.count, 25)
            // (A linker keeps one copy of a string that ends another: "form" ends "mixedform".)
            for name in table { XCTAssertTrue(strings.contains { $0.hasSuffix(name) }, "\(program) has no option --\(name)") }
        }
    }

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
                                       "left": program == "dialog" ? "\u{1B}OD" : "\u{1B}[D",
                                       "pgdn": "\u{1B}[6~", "pgup": "\u{1B}[5~"]
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

    /// The drop-in's programs as scripts/install.sh lays them out: hard links (a client that
    /// resolves the program's path, as pythondialog's realpath does, still runs it as `dialog`).
    static let shims: String = {
        let shims = NSTemporaryDirectory() + "alertty-shims-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: shims, withIntermediateDirectories: true)
        for program in ["whiptail", "dialog"] {
            if (try? FileManager.default.linkItem(atPath: PTYProcess.binary, toPath: shims + "/" + program)) == nil {
                try? FileManager.default.copyItem(atPath: PTYProcess.binary, toPath: shims + "/" + program)
            }
        }
        return shims
    }()

    /// The drop-in as Debian's alternatives install it: bin/dialog → etc/alternatives/dialog →
    /// alertty. pythondialog resolves the link and runs alertty by its own name, with dialog's
    /// arguments: the drop-in knows it is dialog all the same.
    static let alternatives: String = {
        let root = NSTemporaryDirectory() + "alertty-alternatives-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: root + "/etc/alternatives", withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: root + "/etc/alternatives/dialog", withDestinationPath: PTYProcess.binary)
        try? FileManager.default.createSymbolicLink(atPath: root + "/bin/dialog", withDestinationPath: root + "/etc/alternatives/dialog")
        return root
    }()

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: alternatives)
        try? FileManager.default.removeItem(atPath: shims)
        super.tearDown()
    }

    /// Every script, by the group its name starts with (`12-msgbox-….sh`: msgbox).
    static let scripts: [(name: String, group: String)] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: compat.appendingPathComponent("scripts").path)) ?? []
        return names.filter { $0.hasSuffix(".sh") }.sorted().map { name in
            (name, String(name.drop { $0 != "-" }.dropFirst().prefix { $0 != "-" && $0 != "." }))
        }
    }()

    /// Box families whose scripts run in one test each (a script's group is the word after its number).
    static let families: [String: [String]] = [
        "pagers": ["textbox", "tailbox", "tailboxbg", "editbox", "progressbox", "programbox", "prgbox"],
        "dates": ["calendar", "timebox"],
        "browsers": ["fselect", "dselect"],
        "shownOnce": ["gauge", "infobox", "pause", "mixedgauge"],
    ]

    /// The groups with a test of their own; every other script runs in testOtherBoxesAndOptions.
    static let namedGroups = ["msgbox", "yesno", "inputbox", "passwordbox", "menu", "checklist", "radiolist", "buildlist", "form",
                              "mixedform", "rangebox", "and", "pythondialog"] + families.values.flatMap { $0 }

    /// Runs each script of `names` as each program it was recorded with; one failure is reported
    /// with the script's name and the rest still run. ALERTTY_COMPAT_ONLY=147,152 runs only the
    /// scripts with those prefixes (while working on them).
    func runScripts(_ names: [String], shims: String = CompatEndToEndTests.shims) throws {
        let only = ProcessInfo.processInfo.environment["ALERTTY_COMPAT_ONLY"].map { $0.split(separator: ",").map(String.init) }
        let chosen = names.filter { name in only == nil || only!.contains { name.hasPrefix($0) } }
        let scripts = Self.compat.appendingPathComponent("scripts")
        let headers = try chosen.map { header(try String(contentsOfFile: scripts.appendingPathComponent($0).path, encoding: .utf8)) }
        // `# needs: python3-dialog`: a client the script drives, checked before any script runs.
        for needs in Set(headers.compactMap { $0["needs"] }) {
            guard needs == "python3-dialog" else { XCTFail("unknown need '\(needs)'"); continue }
            try Needs.pythonModule("dialog", package: needs)
        }
        for (name, meta) in zip(chosen, headers) {
            let path = scripts.appendingPathComponent(name).path
            let keys = (meta["keys"] ?? "").split(separator: " ").map(String.init)
            var compared = 0
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
            XCTAssertGreaterThan(compared, 0, "\(name): its header names no program it was recorded with")
        }
    }

    func scripts(in group: String) throws -> [String] {
        let names = Self.scripts.filter { $0.group == group }.map(\.name)
        XCTAssertFalse(names.isEmpty, "no script in group \(group)")
        return names
    }

    func testMsgbox() throws { try runScripts(scripts(in: "msgbox")) }
    func testYesno() throws { try runScripts(scripts(in: "yesno")) }
    func testInputbox() throws { try runScripts(scripts(in: "inputbox")) }
    func testPasswordbox() throws { try runScripts(scripts(in: "passwordbox")) }
    func testMenu() throws { try runScripts(scripts(in: "menu")) }
    func testChecklist() throws { try runScripts(scripts(in: "checklist")) }
    func testRadiolist() throws { try runScripts(scripts(in: "radiolist")) }
    func testBuildlist() throws { try runScripts(scripts(in: "buildlist")) }
    func testForm() throws { try runScripts(scripts(in: "form")) }
    func testMixedform() throws { try runScripts(scripts(in: "mixedform")) }
    func testRangebox() throws { try runScripts(scripts(in: "rangebox")) }
    /// dialog's --and-widget chains.
    func testAndWidget() throws { try runScripts(scripts(in: "and")) }
    /// pythondialog (Debian's python3-dialog) driving the drop-in.
    func testPythondialog() throws { try runScripts(scripts(in: "pythondialog")) }
    /// The same, with dialog installed as an alternative (a symlink chain pythondialog resolves).
    func testPythondialogThroughTheAlternativesSymlink() throws {
        try runScripts(scripts(in: "pythondialog"), shims: Self.alternatives + "/bin")
    }

    /// The pager's boxes: textbox, tailbox, tailboxbg, editbox, progressbox, programbox, prgbox.
    func testPagers() throws { try runScripts(family("pagers")) }
    func testCalendarAndTimebox() throws { try runScripts(family("dates")) }
    func testFselectAndDselect() throws { try runScripts(family("browsers")) }
    /// Boxes drawn and left, or timed: gauge, infobox, pause, mixedgauge.
    func testBoxesShownOnce() throws { try runScripts(family("shownOnce")) }

    /// The scripts of a family's groups.
    func family(_ name: String) -> [String] {
        Self.families[name]!.flatMap { group in Self.scripts.filter { $0.group == group }.map(\.name) }
    }

    /// Options and probes across boxes (--print-*, --output-fd, --help, --version, chains, …).
    func testOtherBoxesAndOptions() throws {
        try runScripts(Self.scripts.filter { !Self.namedGroups.contains($0.group) }.map(\.name))
    }

    func testEveryScriptRunsInOneTest() throws {
        XCTAssertGreaterThanOrEqual(Self.scripts.count, 190)
        let named = Self.namedGroups.map { group in Self.scripts.filter { $0.group == group }.count }
        XCTAssertFalse(named.contains(0), "a named group with no script: \(zip(Self.namedGroups, named).filter { $0.1 == 0 })")
    }
}
