// A question answered without a terminal of the job's own: systemd's credentials for a service,
// and the user's queue of waiting questions as `alertty agent --list` and `--check` see it.
import Foundation
import Glibc
import XCTest

final class AnsweredFromAnywhereEndToEndTests: XCTestCase {
    /// $CREDENTIALS_DIRECTORY/<id> (LoadCredential=, SetCredential=) answers a prompt with that
    /// --id, checked by its rules, before ALERTTY_ANSWER_<ID>; a form's field by <id>.<field>.
    func testACredentialAnswersAServicesPrompt() throws {
        let credentials = try temporaryFolder()
        try "hunter22\n".write(toFile: credentials + "/db-pw", atomically: true, encoding: .utf8)
        try "ann\n".write(toFile: credentials + "/acct.user", atomically: true, encoding: .utf8)
        let pw = try Job(["password", "--id", "db-pw", "--min-length", "8", "Database password?"],
                         environment: ["CREDENTIALS_DIRECTORY": credentials, "ALERTTY_ANSWER_DB_PW": "from-the-environment"])
        XCTAssertEqual(try pw.waitForExit(), 0, pw.stderrText)
        XCTAssertEqual(pw.stdoutText, "hunter22\n", "the credential, one trailing newline dropped, before the variable")
        let form = try Job(["form", "--id", "acct", "--output", "shell", "--field", "user", "text", "User", "--field", "admin", "switch", "Admin"],
                           environment: ["CREDENTIALS_DIRECTORY": credentials])
        XCTAssertEqual(try form.waitForExit(), 0, form.stderrText)
        XCTAssertEqual(form.stdoutText, "user='ann'\nadmin='off'\n")
        let refused = try Job(["password", "--id", "db-pw", "--min-length", "9", "Database password?"], environment: ["CREDENTIALS_DIRECTORY": credentials])
        XCTAssertEqual(try refused.waitForExit(), 2, "checked by the prompt's rules")
        let none = try Job(["password", "--id", "other", "Password?"], environment: ["CREDENTIALS_DIRECTORY": credentials])
        XCTAssertEqual(try none.waitForExit(), 3, "no credential of that name: no one to ask, as before")
    }

    /// Credentials are trusted as the answers file is: a file planted in a folder others may
    /// write never answers `confirm --id wipe`, and a credential that cannot be used (a FIFO, a
    /// link, over 16 MiB, not UTF-8) is an error that names it, never passed over in silence.
    func testCredentialsAreTrustedAsTheAnswersFileIs() throws {
        let open = try temporaryFolder()
        chmod(open, 0o1777)
        try "yes\n".write(toFile: open + "/wipe", atomically: true, encoding: .utf8)
        let planted = try Job(["confirm", "--id", "wipe", "Wipe the disk?"], environment: ["CREDENTIALS_DIRECTORY": open])
        XCTAssertEqual(try planted.waitForExit(), 2, planted.stderrText)
        XCTAssertEqual(planted.stdoutText, "")
        XCTAssertTrue(planted.stderrText.contains("may be written by other users"), planted.stderrText)

        let folder = try temporaryFolder()
        XCTAssertEqual(mkfifo(folder + "/fifo", 0o600), 0)
        XCTAssertEqual(symlink("/etc/hostname", folder + "/link"), 0)
        try Data(repeating: 0x61, count: 16 << 20 + 1).write(to: URL(fileURLWithPath: folder + "/big"))
        try Data([0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: folder + "/binary"))
        for (name, said) in [("fifo", "not a regular file"), ("link", "symbolic link"), ("big", "over 16 MiB"), ("binary", "not UTF-8")] {
            let job = try Job(["input", "--id", name, "Value?"], environment: ["CREDENTIALS_DIRECTORY": folder])
            XCTAssertEqual(try job.waitForExit(), 2, "\(name): \(job.stderrText)")
            XCTAssertTrue(job.stderrText.hasPrefix("alertty: CREDENTIALS_DIRECTORY: ") && job.stderrText.contains(said), job.stderrText)
            XCTAssertTrue(job.stderrText.contains(name), "the credential is named: \(job.stderrText)")
            XCTAssertEqual(job.stderrText.filter { $0 == "\n" }.count, 1)
        }
    }

    override func tearDown() { PopupReachEndToEndTests.clearQueue() }

    func testAJobWithNoTerminalAndNoTmuxIsAnsweredByTheAgent() throws {
        let confirm = try job(["confirm", "Disk is 95% full. Clean now?"])
        let input = try job(["input", "--value", "db1", "Host name?"])
        // One question at a time per person: the oldest is offered, the other waits its turn.
        try waitForOffers([confirm, input], count: 1)
        // (The two start together: the one not offered may not have entered the queue yet.)
        let deadline = Date().addingTimeInterval(10)
        while !(PopupReachEndToEndTests.queued(confirm.pid) && PopupReachEndToEndTests.queued(input.pid)) && Date() < deadline {
            usleep(20_000) // polling the queue's state, not a synchronisation sleep
        }
        let list = try Job(["agent", "--list"])
        XCTAssertEqual(try list.waitForExit(), 0)
        XCTAssertEqual(list.stdoutText.split(separator: "\n").count, 2, list.stdoutText)
        XCTAssertTrue(list.stdoutText.contains("\tconfirm\t") && list.stdoutText.contains("\tinput\t"), list.stdoutText)
        // Who asks, as the job's popup says it: the process that ran alertty, not alertty itself.
        XCTAssertTrue(list.stdoutText.split(separator: "\n").allSatisfy { $0.split(separator: "\t")[1] == "\(getpid())" }, list.stdoutText)
        let check = try Job(["agent", "--check"])
        XCTAssertEqual(try check.waitForExit(), 0)
        XCTAssertEqual(check.stderrText, "alertty: 2 questions are waiting — run alertty agent\n")

        let agent = try PTYProcess(["agent"])
        // In the order they asked (the two started together: either may be first).
        var left = ["Clean now?": PTYProcess.Keys.tab + PTYProcess.Keys.enter, "Host name?": "0" + PTYProcess.Keys.enter]
        while !left.isEmpty {
            let screen = try agent.waitFor("a question that takes keys") { s in !s.contains("keys in a moment") && left.keys.contains { s.contains($0) } }
            let question = try XCTUnwrap(left.keys.first { screen.contains($0) })
            agent.type(left.removeValue(forKey: question)!)
            try agent.waitFor("\(question) answered") { !$0.contains(question) }
        }
        XCTAssertEqual(try confirm.waitForExit(), 1, "the person's No, as inline: \(confirm.stderrText)")
        XCTAssertEqual(try input.waitForExit(), 0, input.stderrText)
        XCTAssertEqual(input.stdoutText, "db10\n")
        XCTAssertEqual(try agent.waitForExit(), 0, "none left: the agent ends")
        XCTAssertEqual(agent.modeNow, agent.modeBefore, "the terminal given back")
        let quiet = try Job(["agent", "--check"])
        XCTAssertEqual(try quiet.waitForExit(), 0)
        XCTAssertEqual(quiet.stderrText, "", "nothing waits: nothing said")
    }

    /// The agent in line mode (TERM=dumb, or --plain): the same question, rules and answer.
    func testTheAgentAsksInLineMode() throws {
        for (environment, arguments) in [(["TERM": "dumb"], ["agent"]), ([:], ["agent", "--plain"])] {
            let input = try job(["input", "--value", "db1", "--min-length", "3", "Host name?"])
            try waitForOffers([input], count: 1)
            let agent = try PTYProcess(arguments, environment: environment)
            try agent.waitForText("Answer [db1]:")
            XCTAssertTrue(agent.screen.trimmedLines.contains { $0.hasPrefix("asked by ") && $0.contains("(pid \(getpid()))") },
                          "who asks, as the box says it: \(agent.screen.text)")
            XCTAssertFalse(agent.screen.raw.contains(0x1B), "line mode writes no escape")
            agent.type("db\r")
            try agent.waitForText("at least 3 characters")
            try agent.waitFor("asked again") { $0.trimmedLines.filter { $0.hasPrefix("Answer [db1]:") }.count == 2 }
            agent.type("db2\r")
            XCTAssertEqual(try input.waitForExit(), 0, input.stderrText)
            XCTAssertEqual(input.stdoutText, "db2\n", "\(arguments) \(environment)")
            XCTAssertEqual(try agent.waitForExit(), 0)
            XCTAssertEqual(agent.modeNow, agent.modeBefore)
        }
    }

    /// The agent shows the question the job made: a form's fields and a field's suggestions from
    /// the files the job read, carried with it — though both files have gone by the time the
    /// person is there (nothing of the job's is read again where it is shown).
    func testTheAgentShowsWhatTheJobRead() throws {
        let folder = try temporaryFolder()
        let (fields, names) = (folder + "/fields", folder + "/names")
        try "host text Host --default db1\nport number Port --default 22\n".write(toFile: fields, atomically: true, encoding: .utf8)
        try "annabel\nbob\n".write(toFile: names, atomically: true, encoding: .utf8)
        let form = try job(["form", "--fields-from", fields, "New host"])
        try waitForOffers([form], count: 1)
        let input = try job(["input", "--suggest-from", names, "Who?"])
        // (In the queue, its turn after the form's: its file was read.)
        let deadline = Date().addingTimeInterval(10)
        while !PopupReachEndToEndTests.queued(input.pid) && Date() < deadline {
            usleep(20_000) // polling the queue's state, not a synchronisation sleep
        }
        try FileManager.default.removeItem(atPath: fields)
        try FileManager.default.removeItem(atPath: names)
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("the form as the job read it") { !$0.contains("keys in a moment") && $0.contains("Host") && $0.contains("Port") }
        agent.type(K.tab + K.tab + K.enter)
        XCTAssertEqual(try form.waitForExit(), 0, form.stderrText)
        XCTAssertEqual(form.stdoutText, "db1\n22\n")
        try waitForOffers([input], count: 1)
        try agent.waitFor("the input") { !$0.contains("keys in a moment") && $0.contains("Who?") }
        agent.type("ann")
        try agent.waitForText("annabel")
        agent.type(K.tab + K.enter)
        XCTAssertEqual(try input.waitForExit(), 0, input.stderrText)
        XCTAssertEqual(input.stdoutText, "annabel\n", "the suggestion taken, from the words the job read")
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// askpass (ssh-add from a job) and the dialog drop-in reach the agent too, each answered as
    /// its caller expects; the box says who asks, in the agent's own locale.
    func testAskpassAndTheDropInReachTheAgent() throws {
        let empty = try temporaryFolder()
        let popup = ["TMUX_TMPDIR": empty, "ALERTTY_POPUP": "1"]
        let askpass = try Job(["Enter passphrase for key '/root/.ssh/id_ed25519':"], environment: popup.merging(["ALERTTY_OPTIONS": "--timeout 60"]) { $1 },
                              executable: PTYProcess.binary(named: "alertty-askpass"), cron: true)
        try waitForOffers([askpass], count: 1)
        let agent = try PTYProcess(["agent", "--watch"])
        try agent.waitFor("askpass's question, keys taken") { $0.contains("id_ed25519") && !$0.contains("keys in a moment") }
        XCTAssertTrue(agent.screen.text.contains("asked by "), agent.screen.text)
        XCTAssertTrue(agent.screen.text.contains("╭"), "drawn in the agent's UTF-8 locale, though the job has none")
        agent.type("pass phrase" + PTYProcess.Keys.enter)
        XCTAssertEqual(try askpass.waitForExit(), 0, askpass.stderrText)
        XCTAssertEqual(askpass.stdoutText, "pass phrase\n")
        let dialog = try Job(["--timeout", "60", "--inputbox", "Mirror host?", "8", "40", "deb.debian.org"], environment: popup,
                             executable: PTYProcess.binary(named: "dialog"), cron: true)
        try agent.waitFor("dialog's question, keys taken") { $0.contains("Mirror host?") && !$0.contains("keys in a moment") }
        agent.type(PTYProcess.Keys.enter)
        XCTAssertEqual(try dialog.waitForExit(), 0, dialog.stderrText)
        XCTAssertEqual(dialog.stderrText, "deb.debian.org", "dialog's answer on stderr, as dialog gives it")
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }

    /// The private folder `job`'s question is offered in, once it is (its queue record names it).
    func offerFolder(_ job: Job) throws -> String {
        try waitForOffers([job], count: 1)
        let queue = PopupReachEndToEndTests.queue
        let entry = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: queue).first { $0.contains("-\(job.pid)-") })
        let record = try String(contentsOfFile: queue + "/" + entry, encoding: .utf8)
        return String(try XCTUnwrap(record.split(separator: "\n").first { $0.hasPrefix("folder=") }).dropFirst(7))
    }

    /// A job waiting its turn sleeps on the job before it — its entry and its process (a pidfd)
    /// — and looks at nothing meanwhile; that job killed with SIGKILL, which leaves its entry
    /// behind, wakes it, and its question is offered next.
    func testAJobWaitingItsTurnSleepsUntilTheOneBeforeItGoes() throws {
        let first = try job(["input", "First?"])
        try waitForOffers([first], count: 1)
        let second = try job(["input", "Second?"])
        let deadline = Date().addingTimeInterval(10)
        while !PopupReachEndToEndTests.queued(second.pid) && Date() < deadline {
            usleep(20_000) // polling the queue's state, not a synchronisation sleep
        }
        // (A look each second would be five; a stray wake or two is not a loop.)
        XCTAssertLessThanOrEqual(wakesWhileWaiting(second.pid, seconds: 5), 2, "a job waiting its turn looks again and again")
        kill(first.pid, SIGKILL)
        _ = try? first.waitForExit()
        try waitForOffers([second], count: 1)
        let list = try Job(["agent", "--list"])
        XCTAssertEqual(try list.waitForExit(), 0)
        XCTAssertFalse(list.stdoutText.contains("\(first.pid)"), "the killed job's question is cleared: \(list.stdoutText)")
        kill(second.pid, SIGTERM)
        _ = try? second.waitForExit()
    }

    /// The box an agent shows for a job sleeps while the question stands: the job going and its
    /// question being withdrawn wake it (the offer's folder watched, the job's process through a
    /// pidfd), with a look each second as a bound; it looked at both four times a second.
    func testTheAgentsBoxSleepsWhileTheQuestionStands() throws {
        let asked = try job(["input", "Stands?"])
        try waitForOffers([asked], count: 1)
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("the question, keys taken") { $0.contains("Stands?") && !$0.contains("keys in a moment") }
        // (The alertty serving it: the agent's child.)
        let children = try String(contentsOfFile: "/proc/\(agent.pid)/task/\(agent.pid)/children", encoding: .utf8)
        let box = try XCTUnwrap(children.split(separator: " ").first.flatMap { pid_t($0) })
        // (A look each second remains, a bound; each quarter second would be eight.)
        XCTAssertLessThanOrEqual(wakesWhileWaiting(box, seconds: 2), 4, "the box looks again and again")
        kill(asked.pid, SIGKILL)
        _ = try? asked.waitForExit()
        try agent.waitFor("the box gone with its job") { !$0.contains("Stands?") }
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// A job killed with SIGKILL while its question is offered: the next look at the queue
    /// takes its question and the offer's private folder away.
    func testAJobKilledWhileOfferedLeavesNothing() throws {
        let tmp = try temporaryFolder()
        let empty = try temporaryFolder()
        let job = try Job(["confirm", "--popup", "--timeout", "60", "Killed?"], environment: ["TMUX_TMPDIR": empty, "TMPDIR": tmp], cron: true)
        try waitForOffers([job], count: 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.hasPrefix("alertty-popup-") }.count, 1)
        kill(job.pid, SIGKILL)
        _ = try job.waitForExit()
        // Gone with the job, before anyone looks at the queue.
        let deadline = Date().addingTimeInterval(5)
        while (try FileManager.default.contentsOfDirectory(atPath: tmp)).contains(where: { $0.hasPrefix("alertty-popup-") }) && Date() < deadline {
            usleep(20_000) // polling the folder's state, not a synchronisation sleep
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "the offer's folder gone with its job, unlooked for")
        let list = try Job(["agent", "--list"])
        XCTAssertEqual(try list.waitForExit(), 1, list.stdoutText)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "the offer's folder gone with its job")
    }

    /// An agent that claimed a question and went away before taking it up (its claim names a
    /// process that is gone) does not keep it: the job gives it back, and the next agent answers.
    func testAClaimOfAnAgentThatWentAwayIsReleased() throws {
        // A claim naming a process that is gone; an empty one (an agent killed between making
        // and writing it), seconds old: each released, and the next agent answers.
        for (claim, age) in [("2147483646 1", 0), ("", 10)] {
            let job = try job(["input", "Host name?"])
            let folder = try offerFolder(job)
            try claim.write(toFile: folder + "/claimed", atomically: false, encoding: .utf8)
            if age > 0 {
                var times = [timeval(tv_sec: time(nil) - age, tv_usec: 0), timeval(tv_sec: time(nil) - age, tv_usec: 0)]
                XCTAssertEqual(utimes(folder + "/claimed", &times), 0)
            }
            let agent = try PTYProcess(["agent"])
            try agent.waitFor("the question, taken up after all") { $0.contains("Host name?") && !$0.contains("keys in a moment") }
            agent.type("db7" + PTYProcess.Keys.enter)
            XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
            XCTAssertEqual(job.stdoutText, "db7\n", "claim '\(claim)'")
            XCTAssertEqual(try agent.waitForExit(), 0)
        }
    }

    /// A claim naming a live process that has not taken the question up: the job sleeps on that
    /// process (a pidfd), not looking again and again; killed, its claim is released at once and
    /// the next agent answers.
    func testAJobSleepsOnTheAgentThatClaimedItsQuestion() throws {
        let job = try job(["input", "Host name?"])
        let folder = try offerFolder(job)
        let claimer = try Job(["600"], executable: "/bin/sleep")
        let stat = try String(contentsOfFile: "/proc/\(claimer.pid)/stat", encoding: .utf8)
        let start = try XCTUnwrap(stat.split(separator: ")").last?.split(separator: " ")[19])
        try "\(claimer.pid) \(start)".write(toFile: folder + "/claimed", atomically: false, encoding: .utf8)
        // (It looks each second for a tmux server to come, none having ever started here; a look
        // at the claim each quarter second would be eight more.)
        XCTAssertLessThanOrEqual(wakesWhileWaiting(job.pid, seconds: 2), 5, "a job with a pending claim looks again and again")
        kill(claimer.pid, SIGKILL)
        _ = try? claimer.waitForExit()
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("the question, taken up after all") { $0.contains("Host name?") && !$0.contains("keys in a moment") }
        agent.type("db8" + PTYProcess.Keys.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "db8\n")
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// pinentry (a gpg-agent started from a timer, ALERTTY_POPUP=1) reaches the agent: the
    /// passphrase comes back as its D line. gpg-agent's quality meter cannot be measured where
    /// the question is served: it is left out and said, never swapped for alertty's estimate.
    func testPinentryReachesTheAgent() throws {
        let empty = try temporaryFolder()
        let assuan = "SETTIMEOUT 60\nSETDESC Unlock the signing key\nSETQUALITYBAR Quality\nGETPIN\nBYE\n"
        let pinentry = try Job([], environment: ["TMUX_TMPDIR": empty, "ALERTTY_POPUP": "1"], stdin: Array(assuan.utf8),
                               executable: PTYProcess.binary(named: "pinentry-alertty"), cron: true)
        try waitForOffers([pinentry], count: 1)
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("pinentry's question, keys taken") { $0.contains("Unlock the signing key") && !$0.contains("keys in a moment") }
        agent.type("correct horse")
        try agent.waitFor("typed") { $0.contains("•••") || $0.contains("***") }
        XCTAssertFalse(agent.screen.text.contains("Quality"), "no meter of alertty's own in its place")
        agent.type(PTYProcess.Keys.enter)
        XCTAssertEqual(try pinentry.waitForExit(), 0, pinentry.stderrText)
        XCTAssertTrue(pinentry.stdoutText.contains("\nD correct horse\nOK"), pinentry.stdoutText)
        XCTAssertEqual(pinentry.stderrText.components(separatedBy: "quality meter is measured by the caller").count, 2, pinentry.stderrText)
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// The README's recipe for a gpg-agent started from a timer, as written: ALERTTY_POPUP=1 and
    /// ALERTTY_OPTIONS="--timeout 300" in its environment. pinentry takes --timeout from it (it
    /// used to fail at once with "pinentry error", no one to ask and no time to wait), and
    /// gpg-agent's own SETTIMEOUT still wins over it.
    func testPinentryTakesItsTimeFromAlerttyOptions() throws {
        let empty = try temporaryFolder()
        let environment = ["TMUX_TMPDIR": empty, "ALERTTY_POPUP": "1", "ALERTTY_OPTIONS": "--timeout 300"]
        let waiting = try Job([], environment: environment, stdin: Array("SETDESC Unlock the backup key\nGETPIN\nBYE\n".utf8),
                              executable: PTYProcess.binary(named: "pinentry-alertty"), cron: true)
        try waitForOffers([waiting], count: 1)
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("pinentry's question, keys taken") { $0.contains("Unlock the backup key") && !$0.contains("keys in a moment") }
        agent.type("pin-9" + PTYProcess.Keys.enter)
        XCTAssertEqual(try waiting.waitForExit(), 0, waiting.stderrText)
        XCTAssertTrue(waiting.stdoutText.contains("\nD pin-9\nOK"), waiting.stdoutText)
        XCTAssertEqual(try agent.waitForExit(), 0)

        let timed = try Job([], environment: environment, stdin: Array("SETTIMEOUT 1\nSETDESC Unlock it soon\nGETPIN\nBYE\n".utf8),
                            executable: PTYProcess.binary(named: "pinentry-alertty"), cron: true)
        XCTAssertEqual(try timed.waitForExit(), 0, timed.stderrText)
        XCTAssertTrue(timed.stdoutText.contains("Timeout"), "SETTIMEOUT 1 wins over ALERTTY_OPTIONS' 300 s: \(timed.stdoutText)")
    }

    /// A watching agent with nothing it can take (the one question waiting is shown by another
    /// agent) sleeps until something changes: it looked every 20 ms, reading the whole queue.
    func testAWatchingAgentWithNothingToTakeSleeps() throws {
        let job = try job(["input", "Shown by the first agent?"])
        try waitForOffers([job], count: 1)
        let first = try PTYProcess(["agent", "--watch"])
        try first.waitFor("the question, keys taken") { $0.contains("Shown by the first agent?") && !$0.contains("keys in a moment") }
        let second = try PTYProcess(["agent", "--watch"])
        // (Its first look made, and what it said of it.)
        try second.waitFor("the second agent started") { _ in second.stderrText.isEmpty && PopupReachEndToEndTests.wakes(second.pid) > 0 }
        let before = PopupReachEndToEndTests.wakes(second.pid)
        let window = Date().addingTimeInterval(2)
        while Date() < window { usleep(100_000) }
        XCTAssertLessThanOrEqual(PopupReachEndToEndTests.wakes(second.pid) - before, 6, "an agent with nothing to take wakes again and again")
        first.type("yes" + PTYProcess.Keys.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "yes\n")
        XCTAssertFalse(second.screen.text.contains("Shown by the first agent?"), "answered once, by the first")
        for agent in [first, second] { agent.type(PTYProcess.Keys.ctrlC) }
        for agent in [first, second] { _ = try agent.waitForExit() }
    }

    func testTenJobsAreAnsweredInTurnByOneWatchingAgent() throws {
        let agent = try PTYProcess(["agent", "--watch"])
        let jobs = try (0..<10).map { try job(["input", "Answer for job \($0)?"]) }
        var answered: [Int] = []
        var counts: [Bool] = []
        while answered.count < 10 {
            let screen = try agent.waitFor("a question", timeout: 20) { s in
                !s.contains("keys in a moment") && (0..<10).contains { !answered.contains($0) && s.contains("Answer for job \($0)?") }
            }
            counts.append(screen.contains("more waiting"))
            let shown = try XCTUnwrap((0..<10).first { !answered.contains($0) && screen.contains("Answer for job \($0)?") })
            answered.append(shown)
            agent.type("answer-\(shown)" + PTYProcess.Keys.enter)
            try agent.waitFor("question \(shown) gone") { !$0.contains("Answer for job \(shown)?") }
        }
        for (i, job) in jobs.enumerated() {
            XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
            XCTAssertEqual(job.stdoutText, "answer-\(i)\n", "each its own answer")
        }
        // The agent says how many more wait, as a job's popup does; none behind the last.
        XCTAssertTrue(counts.dropLast().contains(true), "\(counts)")
        XCTAssertEqual(counts.last, false)
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }

    /// A job whose --timeout runs out withdraws its question: gone from --list, and from the
    /// screen of an agent showing it; the box counts the job's time left, not a fresh --timeout.
    func testATimedOutJobWithdrawsItsQuestion() throws {
        let empty = try temporaryFolder()
        let timed = try Job(["confirm", "--popup", "--timeout", "1", "Soon gone?"], environment: ["TMUX_TMPDIR": empty], cron: true)
        try waitForOffers([timed], count: 1)
        XCTAssertEqual(try timed.waitForExit(), 124)
        let list = try Job(["agent", "--list"])
        XCTAssertEqual(try list.waitForExit(), 1, "none waits: \(list.stdoutText)")

        let shown = try Job(["confirm", "--popup", "--timeout", "3", "Gone while shown?"], environment: ["TMUX_TMPDIR": empty], cron: true)
        try waitForOffers([shown], count: 1)
        let agent = try PTYProcess(["agent", "--watch"])
        try agent.waitForText("Gone while shown?")
        XCTAssertEqual(try shown.waitForExit(), 124, "the job's own deadline, though the agent showed it late")
        try agent.waitFor("the question gone within a second", timeout: 1.5) { !$0.contains("Gone while shown?") }
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }
}

/// `alertty agent --popup --watch` in a tmux pane: a question that comes opens a popup over it,
/// answered there, and the popup closes.
final class AgentPopupEndToEndTests: XCTestCase {
    override func setUpWithError() throws { try Tmux.require() }
    override func tearDown() { PopupReachEndToEndTests.clearQueue() }

    func testAQuestionOpensAPopupOverTheAgentsPane() throws {
        let tmux = try Tmux(command: "echo ready")
        try tmux.waitFor("the shell") { $0.contains("ready\n$") }
        // (The test's shell starts with `env -i`, which drops the TMUX a pane's shell has.)
        tmux.send(literal: "TMUX=\(tmux.socket),1,0 \(PTYProcess.binary) agent --popup --watch")
        tmux.send(keys: ["Enter"])
        let client = try tmux.attach()
        // Jobs with no tmux server of theirs: the question waits in the queue for an agent.
        let empty = try temporaryFolder()
        let job = try Job(["input", "--popup", "--timeout", "60", "--value", "db1", "Host name?"], environment: ["TMUX_TMPDIR": empty], cron: true)
        try client.waitForPopup("Host name?")
        client.type("0" + PTYProcess.Keys.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "db10\n")
        try client.waitFor("the popup closed") { !$0.contains("Host name?") }
        let outside = try Job(["agent", "--popup"], environment: ["TERM": "xterm"])
        XCTAssertEqual(try outside.waitForExit(), 3, "not in tmux: said, exit 3")
        XCTAssertTrue(outside.stderrText.contains("not tmux's"), outside.stderrText)
    }
}
