// What a newcomer reads in the first hour, checked as they would meet it: help that fits two
// screens with the rest by topic, usage lines that name their arguments, errors that say what is
// true in one clean line, and advice a whiptail or dialog call can follow.
import Foundation
import Glibc
import XCTest

final class FirstImpressionsEndToEndTests: XCTestCase {
    func run(_ arguments: [String], executable: String = PTYProcess.binary) throws -> Job {
        let job = try Job(arguments, executable: executable)
        _ = try job.waitForExit()
        return job
    }

    func testHelpFitsTwoScreensAndTheRestIsByTopic() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.exitStatus, 0)
        let lines = help.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertLessThanOrEqual(lines.count, 48, "two screens")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 100 }, lines.filter { $0.count > 100 }.joined(separator: "\n"))
        for topic in ["flags", "environment", "limits", "themes", "languages", "askpass", "pinentry", "dropin"] {
            XCTAssertTrue(help.stdoutText.contains(topic), "the topic \(topic) is named")
            let text = try run(["--help", topic])
            XCTAssertEqual(text.exitStatus, 0, topic)
            XCTAssertFalse(text.stdoutText.isEmpty, topic)
        }
        XCTAssertTrue(try run(["--help", "dropin"]).stdoutText.contains("DIALOGOPTS"), "the drop-in's details are a topic of their own")
        let wrong = try run(["--help", "nope"])
        XCTAssertEqual(wrong.exitStatus, 2)
        XCTAssertEqual(wrong.stderrText.filter { $0 == "\n" }.count, 1)
    }

    func testUsageLinesNameTheirArguments() throws {
        XCTAssertTrue(try run(["choose", "--help"]).stdoutText.hasPrefix("usage: alertty choose [flags] [TEXT] [ITEM]...\n"))
        XCTAssertTrue(try run(["text", "--help"]).stdoutText.hasPrefix("usage: alertty text [flags] [FILE]\n"))
        XCTAssertTrue(try run(["confirm", "--help"]).stdoutText.hasPrefix("usage: alertty confirm [flags] TEXT\n"))
    }

    /// One line, ending where the sentence ends: a suggestion is not followed by the whole usage.
    func testErrorsSayWhatIsTrueInOneCleanLine() throws {
        let typo = try run(["confrim", "Q"])
        XCTAssertEqual(typo.exitStatus, 2)
        XCTAssertEqual(typo.stderrText, "alertty: unknown alert 'confrim'; did you mean confirm?\n")
        let missing = try run(["save", "--dir", "/nonexistent-\(getpid())/reports", "Q"])
        XCTAssertEqual(missing.exitStatus, 2)
        XCTAssertEqual(missing.stderrText, "alertty: --dir /nonexistent-\(getpid())/reports does not exist\n")
        let file = try run(["folder", "--root", "/etc/hostname"])
        XCTAssertEqual(file.stderrText, "alertty: --root /etc/hostname is not a folder\n")
    }

    /// A whiptail call can have no --id: its advice with no one to ask is the environment's default.
    func testTheDropInsAdviceWithNoOneToAskIsOneItCanFollow() throws {
        let dir = try temporaryFolder()
        symlink(PTYProcess.binary, dir + "/whiptail")
        let job = try run(["--yesno", "Go on?", "8", "40"], executable: dir + "/whiptail")
        XCTAssertEqual(job.exitStatus, 255)
        XCTAssertTrue(job.stderrText.contains("set ALERTTY_NONINTERACTIVE=1 to take its default"), job.stderrText)
        XCTAssertFalse(job.stderrText.contains("--id"), job.stderrText)
        XCTAssertFalse(job.stderrText.contains("--tty"), job.stderrText)
        let taken = try Job(["--yesno", "Go on?", "8", "40"], environment: ["ALERTTY_NONINTERACTIVE": "1"], executable: dir + "/whiptail")
        XCTAssertEqual(try taken.waitForExit(), 0, "the advice works")
    }

    /// Completion as bash does it, in a real readline: a FILE argument and a FILE option complete
    /// file names, a folder completes with its slash.
    func testCompletionCompletesFilesAndFoldersWithTheirSlash() throws {
        try Tmux.require()
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/reports-2026", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir + "/motd-file", contents: Data())
        let completion = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("completions/alertty.bash").path
        let tmux = try Tmux(command: "source \(completion); cd \(dir); echo ready")
        try tmux.waitFor("the completion loaded") { $0.contains("ready") }
        // (capture-pane drops the space a completed file name is followed by.)
        for (typed, completed) in [("alertty text mot", "alertty text motd-file"), ("alertty edit mot", "alertty edit motd-file"),
                                   ("alertty folder --root repo", "alertty folder --root reports-2026/"),
                                   ("alertty choose --items-from mot", "alertty choose --items-from motd-file")] {
            tmux.send(literal: typed)
            tmux.send(keys: ["Tab"])
            try tmux.waitFor("'\(completed)'") { $0.contains(completed) }
            tmux.send(keys: ["C-u"])
        }
    }
}

/// The README's examples run as written: every `alertty` call in its shell blocks is run (as
/// `sh` would run the line, with ALERTTY_OPTIONS=--describe so nothing waits for a person) and
/// none is refused as a usage error.
final class ReadmeExamplesEndToEndTests: XCTestCase {
    func testEveryExampleRunsAsWritten() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let dir = try temporaryFolder()
        // `alertty` on PATH notes each call's status, then gives it back.
        let log = dir + "/statuses"
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try "#!/bin/sh\n\(PTYProcess.binary) \"$@\"; s=$?; printf '%s %s\\n' \"$s\" \"$1\" >> \(log); exit $s\n"
            .write(toFile: dir + "/bin/alertty", atomically: true, encoding: .utf8)
        chmod(dir + "/bin/alertty", 0o755)
        try FileManager.default.createDirectory(atPath: dir + "/opt", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/reports", withIntermediateDirectories: true)
        try "licence text\n".write(toFile: dir + "/LICENSE", atomically: true, encoding: .utf8)
        try "step 1\n".write(toFile: dir + "/install.log", atomically: true, encoding: .utf8)
        var lines: [String] = []
        for block in readme.components(separatedBy: "```sh\n").dropFirst() {
            let code = block.components(separatedBy: "```").first ?? ""
            // A line continued with `\` is one command.
            for line in code.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").map(String.init)
            where line.contains("alertty ") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                lines.append(line)
            }
        }
        XCTAssertGreaterThan(lines.count, 30)
        for line in lines {
            try? FileManager.default.removeItem(atPath: log)
            // What an example writes to /tmp goes to the test's own folder.
            let job = try Job(["-c", "cd \(dir) && " + line.replacingOccurrences(of: "/tmp/", with: dir + "/")], environment: ["PATH": dir + "/bin:/usr/bin:/bin", "HOME": dir, "ROOT": dir + "/opt",
                                                         "ALERTTY_OPTIONS": "--describe"], executable: "/bin/sh")
            _ = try job.waitForExit(timeout: 20)
            let statuses = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            XCTAssertFalse(statuses.split(separator: "\n").contains { $0.hasPrefix("2 ") }, "\(line)\n\(job.stderrText)")
        }
    }
}
