// choose --preview in a pseudo-terminal: the pane follows the focus and scrolls on its own;
// items that look like shell code run nothing; colours in the output show while every other
// escape stays off the terminal; an endless command is cut and stopped, memory bounded, whether
// it writes to stdout or stderr; no
// command outlives the list; and the doors without a pane (line mode, an answer from the
// environment, --non-interactive) never run the command.
import Foundation
import Glibc
import XCTest

final class PreviewEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    func choose(_ arguments: [String], environment: [String: String] = [:], columns: Int = 100) throws -> PTYProcess {
        try PTYProcess(["choose", "--no-animation"] + arguments, columns: columns, environment: environment)
    }

    /// A number no other test's process holds on its command line.
    func marker() -> String { "3600.\(Int.random(in: 100_000...999_999))" }

    func testThePaneFollowsTheFocusAndScrollsOnItsOwn() throws {
        let p = try choose(["--preview", "printf 'preview of %s\\n' {}; seq 1 {n}00", "Pick", "alpha", "beta", "gamma"])
        try p.waitForText("preview of alpha")
        p.type(K.down)
        try p.waitFor("the preview of the newer focus") { $0.contains("preview of beta") && !$0.contains("preview of alpha") }
        // The list did not move when the pane scrolled, nor the pane when the list moved.
        try p.waitForText("1/201")
        p.type("\u{1B}[1;2B") // Shift-Down
        try p.waitFor("the pane one line on") { $0.contains("2/201") && !$0.contains("preview of beta") }
        XCTAssertEqual(p.screen.atCursor.trimmingCharacters(in: .whitespaces).prefix(4), "beta", "the list's focus stayed")
        p.type("\u{1B}[6;2~") // Shift-PgDn
        try p.waitFor("the pane a page on") { !$0.contains("2/201") && $0.contains("/201") }
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: "beta\n")
    }

    func testItemsThatLookLikeShellCodeRunNothing() throws {
        let dir = try temporaryFolder()
        let items = ["it's", "$(touch \(dir)/a)", "`touch \(dir)/b`", "x; touch \(dir)/c", "\"quoted\" $HOME"]
        let p = try choose(["--preview", "printf '[%s]\\n' {} {label}", "Pick"] + items, columns: 240)
        for (i, item) in items.enumerated() {
            try p.waitForText("[\(item)]")
            if i + 1 < items.count { p.type(K.down) }
        }
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "nothing ran")
    }

    func testColoursShowAndEveryOtherEscapeStaysOffTheTerminal() throws {
        let hostile = "printf '\\033]52;c;cHduZWQ=\\007\\033]0;pwned-title\\007\\033[3J\\033[2J\\033[H\\033[31mred text\\033[0m plain\\n'"
        let p = try choose(["--preview", hostile, "Pick", "one", "two"])
        try p.waitForText("red text")
        XCTAssertEqual(p.screen.attributes(ofText: "red text")?.foreground, 31, "red stays red")
        XCTAssertNotEqual(p.screen.attributes(ofText: "plain")?.foreground, 31)
        XCTAssertTrue(p.screen.contains("one") && p.screen.contains("Pick"), "the box was not cleared:\n\(p.screen.text)")
        let raw = String(decoding: p.screen.raw, as: UTF8.self)
        for sequence in ["\u{1B}]52", "pwned-title", "\u{1B}]0;", "\u{1B}[3J"] {
            XCTAssertFalse(raw.contains(sequence), "\(sequence.debugDescription) reached the terminal")
        }
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
    }

    func testAnEndlessPreviewIsCutStoppedAndBounded() throws {
        let token = marker()
        let p = try choose(["--preview", "yes \(token)", "Pick", "one", "two"])
        try p.waitFor("the pane cut") { $0.contains("/20000+") }
        XCTAssertEqual(Processes.waitUntilGone(token, program: "yes"), [], "the command was stopped at the bound")
        let peak = try String(contentsOfFile: "/proc/\(p.pid)/status", encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        XCTAssertLessThan(try XCTUnwrap(peak), 64 * 1024, "peak memory in KiB")
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
    }

    /// stderr is bounded as stdout is: a command that writes there without end is stopped, so
    /// alertty is not kept reading it for as long as the box is open.
    func testAPreviewWritingEndlesslyToStderrIsStopped() throws {
        let token = marker()
        let p = try choose(["--preview", "yes \(token) >&2", "Pick", "one", "two"])
        try p.waitForText(token)
        XCTAssertEqual(Processes.waitUntilGone(token, program: "yes"), [], "the command was stopped at the bound")
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: "one\n")
    }

    func testOnlyTheNewestFocusIsShownAndNoCommandOutlivesTheList() throws {
        let token = marker()
        let p = try choose(["--preview", "sleep \(token); echo shown {}", "Pick", "one", "two", "three", "four"])
        XCTAssertEqual(Processes.waitFor(token).count, 1, "the first focus's command runs")
        p.type(K.down + K.down + K.down)
        try p.waitFor("the last focus") { $0.atCursor.trimmingCharacters(in: .whitespaces).hasPrefix("four") }
        // Each newer focus stopped the older command: one runs, for the last.
        let deadline = Date().addingTimeInterval(5)
        while Processes.sleeps(token).count != 1 && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(Processes.sleeps(token).count, 1)
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
        XCTAssertEqual(Processes.waitUntilGone(token), [], "no preview outlives the list")
    }

    func testAFailingCommandShowsItsErrorAndStatus() throws {
        let p = try choose(["--preview", "echo 'no such thing' >&2; exit 3", "Pick", "one"])
        try p.waitFor("the failure") { $0.contains("no such thing") && $0.contains("failed (exit 3)") }
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: "one\n")
    }

    /// The doors without a pane never run the command: line mode, an answer from the environment,
    /// --non-interactive and no terminal at all. The box with --on-timeout default shows it.
    func testNoPaneNoCommand() throws {
        let dir = try temporaryFolder()
        let preview = ["--preview", "touch \(dir)/ran-{n}"]
        let line = try PTYProcess(["choose", "--id", "shell"] + preview + ["Shell?", "bash", "zsh"], environment: ["TERM": "dumb"])
        try line.waitForText("Shell?")
        line.type("2\r")
        try assertEnded(line, status: 0, stdout: "zsh\n")
        let env = try PTYProcess(["choose", "--id", "shell"] + preview + ["Shell?", "bash", "zsh"], environment: ["ALERTTY_ANSWER_SHELL": "bash"])
        try assertEnded(env, status: 0, stdout: "bash\n")
        let none = try PTYProcess(["choose", "--non-interactive", "--selected", "zsh"] + preview + ["Shell?", "bash", "zsh"])
        try assertEnded(none, status: 0, stdout: "zsh\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "no door without a pane ran it")

        let timed = try PTYProcess(["choose", "--no-animation", "--timeout", "2", "--on-timeout", "default", "--selected", "zsh"]
                                   + ["--preview", "echo preview of {}", "Shell?", "bash", "zsh"])
        try timed.waitForText("preview of zsh")
        try assertEnded(timed, status: 0, stdout: "zsh\n")
    }
}
