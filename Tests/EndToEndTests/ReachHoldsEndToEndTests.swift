// Only a person's answer is an answer. A job asks as cron runs it (no terminal, no locale, no
// TMUX, no XDG_RUNTIME_DIR); whatever goes wrong where its question is served and is not the
// person's doing — an agent whose terminal is gone, an agent stopped with Ctrl-C, a countdown
// nobody saw — leaves the question waiting for the person, and the job gets their answer.
import Foundation
import Glibc
import XCTest

final class ReachHoldsEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    override func tearDown() { PopupReachEndToEndTests.clearQueue() }

    /// A question that takes keys in `agent`.
    func waitForQuestion(_ agent: PTYProcess, _ text: String) throws {
        try agent.waitFor("\(text), keys taken") { $0.contains(text) && !$0.contains("keys in a moment") }
    }

    /// Ctrl-C in `alertty agent --watch` stops the agent and gives the question back: the job that
    /// asked is never interrupted, keeps waiting, and the next agent's answer is its answer.
    func testCtrlCInTheAgentStopsItAndGivesTheQuestionBack() throws {
        let asked = try job(["confirm", "Reboot now?"])
        try waitForOffers([asked], count: 1)
        let agent = try PTYProcess(["agent", "--watch"])
        try waitForQuestion(agent, "Reboot now?")
        agent.type(K.ctrlC)
        XCTAssertEqual(try agent.waitForExit(), 130, "the agent stops")
        XCTAssertTrue(agent.stderrText.contains("given back"), agent.stderrText)
        XCTAssertEqual(agent.modeNow, agent.modeBefore, "the terminal given back as it was")
        XCTAssertFalse(asked.hasExited(), "the job is not interrupted: \(asked.stderrText)")

        try waitForOffers([asked], count: 1)
        let next = try PTYProcess(["agent"])
        try waitForQuestion(next, "Reboot now?")
        next.type(K.tab + K.enter)
        XCTAssertEqual(try asked.waitForExit(), 1, "the person's No, given in the next agent: \(asked.stderrText)")
        XCTAssertEqual(try next.waitForExit(), 0)
    }

    /// A watching agent under nohup whose terminal is closed survives without one: it claims
    /// nothing more (it says so once, and stops), and no job gets "no terminal" for an answer.
    func testAnAgentWhoseTerminalIsGoneAnswersNothingForThePerson() throws {
        let asked = try job(["input", "Host name?"])
        try waitForOffers([asked], count: 1)
        let agent = try PTYProcess(["-c", "trap '' HUP; exec \"$0\" agent --watch", PTYProcess.binary], executable: "/bin/sh")
        try waitForQuestion(agent, "Host name?")
        try agent.hangUp()
        XCTAssertEqual(try agent.waitForExit(), 3, "no terminal: it stops")
        XCTAssertEqual(agent.stderrText.components(separatedBy: "terminal is gone").count, 2, "said once: \(agent.stderrText)")
        XCTAssertFalse(asked.hasExited(), "no terminal where it was served is no answer: \(asked.stderrText)")

        try waitForOffers([asked], count: 1)
        let next = try PTYProcess(["agent"])
        try waitForQuestion(next, "Host name?")
        next.type("db1" + K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, "db1\n")
    }

    /// An agent started where there is no terminal at all never claims a question.
    func testAnAgentWithNoTerminalClaimsNothing() throws {
        let asked = try job(["confirm", "Clean now?"])
        try waitForOffers([asked], count: 1)
        let agent = try Job(["agent", "--watch"], cron: true)
        XCTAssertEqual(try agent.waitForExit(), 3)
        XCTAssertEqual(agent.stderrText, "alertty: the agent answers on a terminal, and this process has none\n")
        XCTAssertFalse(asked.hasExited(), asked.stderrText)
        kill(asked.pid, SIGTERM)
        XCTAssertEqual(try asked.waitForExit(), 143)
    }

    /// `confirm --popup --countdown 1 "Reboot now?" && reboot` from cron with no one to ask, or
    /// queued behind another question: never shown, so never Yes — it times out (124), and
    /// nothing is recorded.
    func testACountdownNobodySawIsATimeoutNotItsDefault() throws {
        let empty = try temporaryFolder()
        let record = try temporaryFolder() + "/answers"
        let alone = try Job(["confirm", "--popup", "--countdown", "1", "--id", "reboot", "Reboot now?"],
                            environment: ["TMUX_TMPDIR": empty, "ALERTTY_RECORD": record], cron: true)
        XCTAssertEqual(try alone.waitForExit(), 124, alone.stderrText)
        XCTAssertEqual(alone.stdoutText, "")
        XCTAssertEqual((try? String(contentsOfFile: record, encoding: .utf8)) ?? "", "", "nothing recorded for a question no one saw")

        let first = try job(["input", "First?"])
        try waitForOffers([first], count: 1)
        let queued = try Job(["confirm", "--popup", "--countdown", "1", "Reboot now?"], environment: ["TMUX_TMPDIR": empty], cron: true)
        XCTAssertEqual(try queued.waitForExit(), 124, "queued behind another question, never shown: \(queued.stderrText)")
        kill(first.pid, SIGTERM)
        _ = try first.waitForExit()
    }

    /// A countdown an agent shows starts there: the person sees it run, and its default is taken
    /// when it runs out, however long the question waited before.
    func testACountdownShownByAnAgentCountsThere() throws {
        let empty = try temporaryFolder()
        let asked = try Job(["confirm", "--popup", "--countdown", "3", "Reboot now?"], environment: ["TMUX_TMPDIR": empty], cron: true)
        try waitForOffers([asked], count: 1)
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("the countdown counting") { $0.contains("Reboot now?") && ($0.contains("2s") || $0.contains("1s")) }
        XCTAssertEqual(try asked.waitForExit(), 0, "the default, taken where it was seen counting: \(asked.stderrText)")
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// `agent --list` names a question with no --title by its text; without a UTF-8 locale (as
    /// cron gives) it writes ASCII only — "Û" is C3 9B in UTF-8, and 0x9B is CSI to an 8-bit
    /// terminal. `alertty agent` with nothing waiting says so.
    func testTheListIsReadableAndSafeInAnyLocale() throws {
        let asked = try job(["confirm", "DÛMP the cache?\nIt is 9 GB."])
        try waitForOffers([asked], count: 1)
        let plain = try Job(["agent", "--list"], cron: true)
        XCTAssertEqual(try plain.waitForExit(), 0)
        XCTAssertFalse(plain.stdout.contains { $0 >= 0x80 }, "ASCII only: \(plain.stdout)")
        XCTAssertTrue(plain.stdoutText.contains("\tconfirm\tD?MP the cache? It is 9 GB.\t"), plain.stdoutText)
        let utf8 = try Job(["agent", "--list"])
        XCTAssertEqual(try utf8.waitForExit(), 0)
        XCTAssertTrue(utf8.stdoutText.contains("\tconfirm\tDÛMP the cache? It is 9 GB.\t"), utf8.stdoutText)
        kill(asked.pid, SIGTERM)
        _ = try asked.waitForExit()

        let nothing = try PTYProcess(["agent"])
        XCTAssertEqual(try nothing.waitForExit(), 0)
        XCTAssertEqual(nothing.stderrText, "alertty: no question is waiting\n")
    }

    /// A TMPDIR where no folder can be made (full, or not a folder) keeps a question from being
    /// offered to agents: said once, not every quarter second while it waits.
    func testAnUnusableTmpdirIsSaidOnce() throws {
        let empty = try temporaryFolder()
        let asked = try Job(["confirm", "--popup", "--timeout", "1.5", "Clean now?"],
                            environment: ["TMUX_TMPDIR": empty, "TMPDIR": "/etc/hostname"], cron: true)
        XCTAssertEqual(try asked.waitForExit(), 124, asked.stderrText)
        XCTAssertEqual(asked.stderrText.components(separatedBy: "cannot make a private folder").count, 2, asked.stderrText)
        XCTAssertEqual(asked.stderrText.filter { $0 == "\n" }.count, 1, asked.stderrText)
    }

    /// The README's user crontab, run as cron runs a line: PATH=/usr/bin:/bin unless the crontab
    /// sets it, `\%` read as `%`, `sh -c`, no terminal, no locale. With its PATH line alertty is
    /// found and the question reaches the person's agent; without it, `alertty: not found`, which
    /// is what the README warns of.
    func testTheReadmesUserCrontabRunsAsWritten() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "A user's crontab (`crontab -e`)"))
        let block = readme[section.upperBound...].components(separatedBy: "```sh\n")[1].components(separatedBy: "```")[0]
        let lines = block.split(separator: "\n").map(String.init)
        let pathLine = try XCTUnwrap(lines.first { $0.hasPrefix("PATH=") })
        let cronLine = try XCTUnwrap(lines.first { $0.hasPrefix("*/30 ") })
        // The five time fields, then the command, with cron's `\%` → `%`; installed here, not in /usr/local.
        let folder = URL(fileURLWithPath: PTYProcess.binary).deletingLastPathComponent().path
        let command = cronLine.split(separator: " ", maxSplits: 5).last.map(String.init)!
            .replacingOccurrences(of: "\\%", with: "%").replacingOccurrences(of: "apt-get clean", with: "echo cleaned")
        let path = String(pathLine.dropFirst(5)).replacingOccurrences(of: "/usr/local/bin", with: folder)
        let empty = try temporaryFolder()
        let notFound = try Job(["-c", command], environment: ["TMUX_TMPDIR": empty, "SHELL": "/bin/sh"], executable: "/bin/sh", cron: true)
        XCTAssertEqual(try notFound.waitForExit(), 127, "cron's own PATH: \(notFound.stderrText)")
        XCTAssertTrue(notFound.stderrText.contains("alertty: not found"), notFound.stderrText)

        let asked = try Job(["-c", command], environment: ["TMUX_TMPDIR": empty, "SHELL": "/bin/sh", "PATH": path], executable: "/bin/sh", cron: true)
        let agent = try PTYProcess(["agent", "--watch"])
        try waitForQuestion(agent, "Disk is 95% full. Clean now?")
        agent.type(K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, "cleaned\n")
        agent.signal(SIGTERM)
        _ = try? agent.waitForExit()
    }

    /// A job stopped while it waits its turn (cron's timeout, systemd stopping its unit) leaves
    /// the queue as it goes, and dies of the signal as it would have: no entry is left for
    /// someone else to clear.
    func testAJobStoppedWhileQueuedLeavesTheQueue() throws {
        let first = try job(["input", "First?"])
        try waitForOffers([first], count: 1)
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGHUP, 129)] {
            let queued = try job(["confirm", "Queued?"])
            let deadline = Date().addingTimeInterval(10)
            while !PopupReachEndToEndTests.queued(queued.pid) && Date() < deadline { usleep(20_000) } // polling the queue's state
            XCTAssertTrue(PopupReachEndToEndTests.queued(queued.pid))
            kill(queued.pid, signal)
            XCTAssertEqual(try queued.waitForExit(), status)
            XCTAssertFalse(PopupReachEndToEndTests.queued(queued.pid), "its entry went with it")
        }
        kill(first.pid, SIGTERM)
        XCTAssertEqual(try first.waitForExit(), 143)
    }
}
