// The README's nine-step installer wizard (Tests/Wizard/install.sh), answered through every
// door: a person in the box, a person in line mode, and no one (answers from the environment,
// the rest by default). The answers must be the same, and line mode must say every word the box
// shows: each step's title, its labels, and the reason a refused answer was refused.
import Foundation
import Glibc
import XCTest

final class WizardEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Wizard/install.sh").path
    static let titles = ["Setup", "Your name", "Your email", "Admin password", "Edition", "Components", "Install where?", "Port", "Ready"]
    static let emailRefused = "not an email address"

    func expected(_ root: String) -> String { "Ann\nann@example.com\n8\nStandard\ncore\ndocs\n\(root)\n9000\n" }

    /// A root with folders in it, as /opt has: the folder step answers the root itself in every door.
    func installRoot() throws -> String {
        let root = try temporaryFolder()
        for name in ["acme-old", "skills"] { try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true) }
        return root
    }

    func wizard(_ root: String, environment: [String: String] = [:]) throws -> PTYProcess {
        let bin = URL(fileURLWithPath: PTYProcess.binary).deletingLastPathComponent().path
        return try PTYProcess([Self.script], columns: 100, rows: 30,
                              environment: ["PATH": bin + ":/usr/bin:/bin", "ROOT": root].merging(environment) { $1 },
                              executable: "/bin/sh")
    }

    /// Every step as a person at the box answers it, one screen at a time.
    func testTheBoxAnswersTheWizard() throws {
        let root = try installRoot()
        try answerInTheBox(try wizard(root), root: root)
    }

    func answerInTheBox(_ p: PTYProcess, root: String) throws {
        let steps: [(ready: String, keys: [String])] = [
            ("This installs Acme", [K.enter]), ("Your name", ["Ann", K.enter]), ("Your email", ["ann@", K.enter]),
            (Self.emailRefused, ["example.com", K.enter]), ("Admin password", ["s3cretpw", K.enter]), ("Retype", ["s3cretpw", K.enter]),
            ("Which edition?", [K.enter]), ("Install which?", [K.down, K.space, K.enter]), ("this folder", [K.enter]),
            ("Listen on which port?", ["9000", K.enter]), ("Install the Standard edition now?", ["y"]),
        ]
        for (ready, keys) in steps {
            try p.waitForText(ready)
            for key in keys { p.type(key) }
        }
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
        XCTAssertEqual(p.stdoutText, expected(root))
    }

    /// With ALERTTY_KEEP=1 the wizard leaves its transcript: one line per step, the question and
    /// its answer, the password masked — on the terminal, never on stdout. The same lines in line mode.
    func testKeepLeavesOneLinePerStep() throws {
        let root = try installRoot()
        func transcript(_ answers: [String]) -> [String] {
            zip(["Setup", "Your name", "Your email", "Admin password", "Edition", "Components", "Install where?", "Port", "Ready"], answers)
                .map { "◇ \($0) · \($1)" }
        }
        let expected = transcript(["OK", "Ann", "ann@example.com", "••••••••", "Standard", "core, docs", root, "9000", "Yes"])
        let box = try wizard(root, environment: ["ALERTTY_KEEP": "1"])
        try answerInTheBox(box, root: root)
        let lines = box.screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(lines, expected, "one line per step, in order")

        let plain = try wizard(root, environment: ["TERM": "dumb", "ALERTTY_KEEP": "1"])
        for (prompt, line) in [("Press Enter", ""), ("Your name:", "Ann"), ("Your email:", "ann@example.com"), ("Enter it:", "s3cretpw"),
                               ("Retype to confirm:", "s3cretpw"), ("Choose 1-3", ""), ("Choose several", "1 2"), ("Enter chooses this folder", ""),
                               ("Listen on which port?", "9000"), ("[Y/n]", "y")] {
            try plain.waitFor("'\(prompt)'") { _ in String(decoding: plain.screen.raw, as: UTF8.self).contains(prompt) }
            plain.type(line + "\r")
        }
        XCTAssertEqual(try plain.waitForExit(), 0, plain.stderrText)
        XCTAssertEqual(plain.stdoutText, self.expected(root), "nothing of it on stdout")
        let said = String(decoding: plain.screen.raw, as: UTF8.self)
        for line in expected { XCTAssertTrue(said.contains(line + "\r\n") || said.contains(line + "\n"), "line mode keeps '\(line)':\n\(said)") }
    }

    /// The same in line mode, and what it says: every title and label the box shows, and why an
    /// answer was refused, in the box's words.
    func testLineModeAnswersTheWizardAndSaysEverything() throws {
        let root = try installRoot()
        let p = try wizard(root, environment: ["TERM": "dumb"])
        let steps: [(prompt: String, line: String)] = [
            ("Press Enter", ""), ("Your name:", "Ann"), ("Your email:", "ann@"), (Self.emailRefused, "ann@example.com"),
            ("Enter it:", "s3cretpw"), ("Retype to confirm:", "s3cretpw"), ("Choose 1-3", ""), ("Choose several", "1 2"),
            ("Enter chooses this folder", ""), ("Listen on which port?", "9000"), ("[Y/n]", "y"),
        ]
        // Everything written to the terminal, as it scrolls by.
        func said(_ s: Screen) -> String { String(decoding: s.raw, as: UTF8.self) }
        var before = ""
        for (prompt, line) in steps {
            try p.waitFor("'\(prompt)'") { said($0).components(separatedBy: prompt).count > before.components(separatedBy: prompt).count }
            before = said(p.screen)
            p.type(line + "\r")
        }
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
        XCTAssertEqual(p.stdoutText, expected(root))
        let said = said(p.screen)
        for title in Self.titles { XCTAssertTrue(said.contains(title), "line mode says the title '\(title)':\n\(said)") }
        XCTAssertTrue(said.contains("not an email address (name@example.com)"), "and why the answer was refused")
        XCTAssertFalse(p.screen.raw.contains(0x1B), "no escape sequence in line mode")
    }

    /// Answered once in the box with ALERTTY_RECORD, then by no one from that file
    /// (ALERTTY_ANSWERS) and the one secret it left out: the same answers, nothing asked.
    func testTheBoxRecordsTheAnswersAndNoOneReplaysThem() throws {
        let root = try installRoot()
        let record = try temporaryFolder() + "/answers"
        try answerInTheBox(try wizard(root, environment: ["ALERTTY_RECORD": record]), root: root)
        let text = try String(contentsOfFile: record, encoding: .utf8)
        XCTAssertEqual(text, """
            ALERTTY_ANSWER_WELCOME='ok'
            ALERTTY_ANSWER_NAME='Ann'
            ALERTTY_ANSWER_EMAIL='ann@example.com'
            # ALERTTY_ANSWER_PW: a secret, not recorded
            ALERTTY_ANSWER_EDITION='Standard'
            ALERTTY_ANSWER_PARTS='core
            docs'
            ALERTTY_ANSWER_DIR='\(root)'
            ALERTTY_ANSWER_PORT='9000'
            ALERTTY_ANSWER_GO='yes'

            """)
        XCTAssertFalse(text.contains("s3cretpw"))
        let mode = (try FileManager.default.attributesOfItem(atPath: record)[.posixPermissions] as? NSNumber)?.intValue
        XCTAssertEqual(mode, 0o600)

        let bin = URL(fileURLWithPath: PTYProcess.binary).deletingLastPathComponent().path
        let replay = try Job([Self.script], environment: ["PATH": bin + ":/usr/bin:/bin", "ROOT": root, "ALERTTY_ANSWERS": record,
                                                          "ALERTTY_ANSWER_PW": "s3cretpw"], executable: "/bin/sh")
        XCTAssertEqual(try replay.waitForExit(), 0, replay.stderrText)
        XCTAssertEqual(replay.stdoutText, expected(root))
        // The environment wins over the file.
        let changed = try Job([Self.script], environment: ["PATH": bin + ":/usr/bin:/bin", "ROOT": root, "ALERTTY_ANSWERS": record,
                                                           "ALERTTY_ANSWER_PW": "s3cretpw", "ALERTTY_ANSWER_PORT": "9100"], executable: "/bin/sh")
        XCTAssertEqual(try changed.waitForExit(), 0, changed.stderrText)
        XCTAssertEqual(changed.stdoutText, expected(root).replacingOccurrences(of: "9000", with: "9100"))
    }

    /// No one there: named answers from the environment, the defaults for the rest.
    func testNoOneAnswersTheWizard() throws {
        let root = try installRoot()
        let p = try wizard(root, environment: ["ALERTTY_NONINTERACTIVE": "1", "ALERTTY_ANSWER_NAME": "Ann",
                                               "ALERTTY_ANSWER_EMAIL": "ann@example.com", "ALERTTY_ANSWER_PW": "s3cretpw",
                                               "ALERTTY_ANSWER_PARTS": "core\ndocs", "ALERTTY_ANSWER_PORT": "9000"])
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
        XCTAssertEqual(p.stdoutText, expected(root))
        XCTAssertFalse(p.screen.raw.contains(0x1B), "nothing drawn")
    }
}
