// A job's question reaching the person as cron runs it — no terminal, no locale variables at
// all, no TMUX, no XDG_RUNTIME_DIR — with a private tmux server and a client attached through a
// pseudo-terminal: found in any locale, only on the user's own clients.
import Foundation
import Glibc
import XCTest

final class PopupReachEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    override func setUpWithError() throws { try Tmux.require() }
    override func tearDown() { Self.clearQueue() }
    /// The client's screen as each question was answered.
    var screens: [String] = []

    /// The user's queue of questions, as alertty finds it.
    static var queue: String {
        var s = stat()
        let run = "/run/user/\(getuid())"
        return stat(run, &s) == 0 && s.st_uid == getuid() && s.st_mode & 0o077 == 0 ? run + "/alertty" : "/tmp/alertty-\(getuid())"
    }

    /// Whether process `pid` has a question in the queue.
    static func queued(_ pid: pid_t) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: queue)) ?? []).contains { $0.contains("-\(pid)-") }
    }

    /// How often a process has slept and been woken (voluntary context switches).
    static func wakes(_ pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// Questions of jobs a test killed are cleared by whoever looks next; a test leaves none.
    static func clearQueue() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: queue)) ?? [] {
            let pid = name.split(separator: "-").dropFirst(2).first.flatMap { Int32($0) } ?? 0
            if pid <= 0 || kill(pid, 0) != 0 { unlink(queue + "/" + name) }
        }
        SystemdAgentsEndToEndTests.clearStaleRequests()
    }

    /// Each question showing in a popup that takes keys, answered as `answer` says, until `count`
    /// were answered: the questions a client showed, in the order shown.
    func answerEach(_ client: PTYProcess, count: Int, question: (Int) -> String, answer: (Int) -> String) throws -> [Int] {
        screens = []
        var order: [Int] = []
        while order.count < count {
            let screen = try client.waitFor("a question in a popup", timeout: 20) { screen in
                !screen.contains("keys in a moment") && (0..<count).contains { !order.contains($0) && screen.contains(question($0)) }
            }
            screens.append(screen.text)
            let shown = try XCTUnwrap((0..<count).first { !order.contains($0) && screen.contains(question($0)) })
            order.append(shown)
            client.type(answer(shown))
            try client.waitFor("question \(shown) answered") { !$0.contains(question(shown)) }
        }
        return order
    }

    func server() throws -> (Tmux, PTYProcess) {
        let tmux = try Tmux(command: "echo pane-marker", asTmuxDoes: true)
        try tmux.waitFor("the pane's marker") { $0.contains("pane-marker\n$") }
        let client = try tmux.attach()
        try client.waitForText("pane-marker")
        return (tmux, client)
    }

    /// A job as cron gives it: PATH and HOME, nothing else (tmux prints a tab as `_` without a
    /// UTF-8 locale, which hid every client).
    func cronJob(_ arguments: [String], _ tmux: Tmux, environment: [String: String] = [:]) throws -> Job {
        try Job(arguments, environment: ["TMUX_TMPDIR": tmux.folder].merging(environment) { $1 }, cron: true)
    }

    /// A job's question shown in a tmux popup is offered to agents too: `alertty agent` in a
    /// terminal outside tmux answers first (the same box and rules), and the popup goes within
    /// a second; the other way round, the popup answers first and the agent's box goes.
    func testAnAgentElsewhereAnswersFirstAndThePopupGoes() throws {
        let (tmux, client) = try server()
        let job = try cronJob(["input", "--popup", "--timeout", "60", "--min-length", "4", "--title", "Vault key"], tmux)
        try client.waitForPopup("Vault key")
        let agent = try PTYProcess(["agent", "--watch"])
        try agent.waitFor("the same question, keys taken") { $0.contains("Vault key") && !$0.contains("keys in a moment") }
        agent.type("abc" + K.enter)
        try agent.waitForText("at least 4")
        agent.type("d" + K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "abcd\n")
        try client.waitFor("the popup gone", timeout: 1.5) { !$0.contains("Vault key") }

        let second = try cronJob(["confirm", "--popup", "--timeout", "60", "Answered in the popup?"], tmux)
        try agent.waitFor("the agent's box, keys taken") { $0.contains("Answered in the popup?") && !$0.contains("keys in a moment") }
        try client.waitForPopup("Answered in the popup?")
        client.type(K.enter)
        XCTAssertEqual(try second.waitForExit(), 0, second.stderrText)
        try agent.waitFor("the agent's box gone", timeout: 1.5) { !$0.contains("Answered in the popup?") }
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }

    /// A job's password in a popup is posted for systemd's agents too: systemd's own answers first.
    func testSystemdsAgentAnswersAPopupsPasswordFirst() throws {
        guard getuid() == 0 else { throw XCTSkip("posting for systemd's agents here needs the system's folder (root)") }
        try Needs.program("/usr/bin/systemd-tty-ask-password-agent", package: "systemd")
        let (tmux, client) = try server()
        let job = try cronJob(["password", "--popup", "--timeout", "60", "--title", "Vault key"], tmux)
        try client.waitForPopup("Vault key")
        let systemd = try PTYProcess(["--query"], executable: "/usr/bin/systemd-tty-ask-password-agent")
        try systemd.waitFor("systemd's prompt") { $0.contains("Vault key") }
        systemd.type("open sesame" + K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "open sesame\n")
        try client.waitFor("the popup gone", timeout: 1.5) { !$0.contains("Vault key") }
    }

    /// tmux gives a popup every key, its prefix too: `C-b n` (next window) must not move to No and
    /// answer it. The prefix and the key after it are tmux's, never an answer.
    func testTheTmuxPrefixAndItsCommandNeverAnswer() throws {
        let (tmux, client) = try server()
        let job = try cronJob(["confirm", "--popup", "Reboot now?"], tmux)
        try client.waitForPopup("Reboot now?")
        client.type("\u{02}n")
        client.type("\u{02}" + K.left)
        XCTAssertTrue(try tmux.run(["list-clients"]).contains("/dev/pts"))
        client.type(K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, "the focused Yes, untouched by C-b n and C-b Left: \(job.stderrText)")
    }

    /// A job's popup speaks the person's language: their tmux server's locale, not the job's
    /// (cron gives it none, and it came out in English in a German session).
    func testAJobsPopupSpeaksThePersonsLanguage() throws {
        let (tmux, client) = try server()
        try tmux.run(["set-environment", "-g", "LANG", "de_DE.UTF-8"])
        let job = try cronJob(["confirm", "--popup", "Neu starten?"], tmux, environment: ["ALERTTY_LOCALEDIR": TranslationEndToEndTests.compiled])
        // (Its footer speaks German too: "Tasten gleich bereit…" until it takes keys.)
        try client.waitFor("the popup in German, taking keys") { $0.contains("Neu starten?") && $0.contains("Nein") && !$0.contains("Tasten gleich") }
        XCTAssertTrue(client.screen.contains("< Ja >"), client.screen.text)
        client.type(K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
    }

    func testAJobWithNoLocaleFindsTheClient() throws {
        let (tmux, client) = try server()
        for (program, arguments) in [(PTYProcess.binary, ["confirm", "--popup", "Clean now?"]),
                                     (PTYProcess.binary(named: "whiptail"), ["--yesno", "Clean now?", "8", "40"])] {
            let job = try Job(arguments, environment: ["TMUX_TMPDIR": tmux.folder, "ALERTTY_POPUP": "1"], executable: program, cron: true)
            try client.waitForPopup("Clean now?")
            // Drawn in the client's character set (UTF-8), not the job's (none): no ASCII box
            // inside tmux's Unicode border.
            if program == PTYProcess.binary {
                XCTAssertTrue(client.screen.text.contains("╭") || client.screen.text.contains("┌"), client.screen.text)
                XCTAssertFalse(client.screen.text.contains("+--"), client.screen.text)
            }
            client.type(K.enter)
            XCTAssertEqual(try job.waitForExit(), 0, "\(program): \(job.stderrText)")
            try client.waitFor("the popup closed") { !$0.contains("Clean now?") }
        }
    }

    /// A server shared with another user (`server-access -a`): their client is never asked — with
    /// only theirs attached there is no one to ask; with ours too, the popup is on ours alone.
    func testAnotherUsersClientOnASharedServerIsNeverAsked() throws {
        try Needs.root("to attach a client as another user")
        try Needs.program("/usr/bin/setpriv", package: "util-linux")
        let dir = try temporaryFolder()
        chmod(dir, 0o777)
        let socket = dir + "/shared"
        let tmux = ["-S", socket, "-f", "/dev/null"]
        XCTAssertEqual(try Job(tmux + ["new-session", "-d", "-s", "shared", "echo shared-pane; exec sleep 600"],
                               environment: ["SHELL": "/bin/sh"], executable: "/usr/bin/tmux").waitForExit(), 0)
        defer { _ = try? Job(tmux + ["kill-server"], executable: "/usr/bin/tmux").waitForExit() }
        chmod(socket, 0o777)
        XCTAssertEqual(try Job(tmux + ["server-access", "-a", "nobody"], executable: "/usr/bin/tmux").waitForExit(), 0)
        let theirs = try PTYProcess(["--reuid=65534", "--regid=65534", "--clear-groups", "--", "/usr/bin/tmux"] + tmux + ["attach", "-t", "shared"],
                                    environment: ["HOME": dir, "SHELL": "/bin/sh"], executable: "/usr/bin/setpriv", stdioOnTerminal: true)
        try theirs.waitForText("shared-pane")
        let alone = try Job(["confirm", "--popup", "--tmux-socket", socket, "Yours?"], cron: true)
        XCTAssertEqual(try alone.waitForExit(), 3)
        XCTAssertTrue(alone.stderrText.contains("no client of yours is attached"), alone.stderrText)
        XCTAssertFalse(theirs.screen.contains("Yours?"))

        let ours = try PTYProcess(tmux + ["attach", "-t", "shared"], executable: "/usr/bin/tmux", stdioOnTerminal: true)
        try ours.waitForText("shared-pane")
        let asked = try Job(["input", "--popup", "--tmux-socket", socket, "Secret place?"], cron: true)
        try ours.waitForPopup("Secret place?")
        XCTAssertFalse(theirs.screen.contains("Secret place?"), "never on their client")
        ours.type("here" + K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, "here\n")
    }

    /// A client of one cell: nothing can be answered there, and nothing hangs: with --timeout the
    /// job times out (124) with its question gone from the queue.
    func testAOneCellClientEndsAsATimeout() throws {
        let tmux = try Tmux(command: "echo pane-marker", asTmuxDoes: true)
        let client = try tmux.attach(columns: 1, rows: 1)
        defer { client.signal(SIGKILL) }
        try tmux.waitFor("the client attached") { _ in (try? tmux.run(["list-clients"]))?.contains("/dev/pts") == true }
        let job = try cronJob(["confirm", "--popup", "--timeout", "2", "Tiny?"], tmux)
        XCTAssertEqual(try job.waitForExit(), 124, job.stderrText)
        XCTAssertLessThanOrEqual(job.stderrText.filter { $0 == "\n" }.count, 1)
        XCTAssertFalse(Self.queued(job.pid))
    }

    /// A job killed (SIGKILL) while it waits its turn blocks no one: the next is asked, and its
    /// question is cleared from the queue.
    func testAJobKilledWhileWaitingItsTurnBlocksNoOne() throws {
        let (tmux, client) = try server()
        let first = try cronJob(["confirm", "--popup", "First?"], tmux)
        try client.waitForPopup("First?")
        let killed = try cronJob(["confirm", "--popup", "Killed?"], tmux)
        try client.waitFor("the second waiting in the queue") { _ in
            Self.queued(killed.pid)
        }
        kill(killed.pid, SIGKILL)
        _ = try? killed.waitForExit()
        client.type(K.enter)
        XCTAssertEqual(try first.waitForExit(), 0, first.stderrText)
        let next = try cronJob(["confirm", "--popup", "Next?"], tmux)
        try client.waitForPopup("Next?")
        XCTAssertFalse(client.screen.contains("Killed?"))
        client.type(K.enter)
        XCTAssertEqual(try next.waitForExit(), 0, next.stderrText)
        XCTAssertFalse(Self.queued(killed.pid),
                       "the killed job's question is cleared")
    }

    /// Root in a user's pane (TMUX kept across `su` or `sudo -E`) has a terminal: asked there,
    /// never on that user's client, never answered No unasked.
    func testRootWithAnotherUsersTmuxIsAskedWhereItIs() throws {
        try Needs.root("to run a tmux server as another user")
        try Needs.program("/usr/bin/setpriv", package: "util-linux")
        let dir = try temporaryFolder()
        chmod(dir, 0o777)
        let socket = dir + "/theirs"
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", "/usr/bin/tmux", "-S", socket, "-f", "/dev/null"]
        let started = try Job(asNobody + ["new-session", "-d", "-s", "theirs", "echo their-pane; exec sleep 600"],
                              environment: ["HOME": dir, "SHELL": "/bin/sh"], executable: "/usr/bin/setpriv")
        XCTAssertEqual(try started.waitForExit(), 0, started.stderrText)
        defer { _ = try? Job(["-S", socket, "kill-server"], executable: "/usr/bin/tmux").waitForExit() }
        let theirClient = try PTYProcess(asNobody + ["attach", "-t", "theirs"], environment: ["HOME": dir, "SHELL": "/bin/sh"],
                                         executable: "/usr/bin/setpriv", stdioOnTerminal: true)
        try theirClient.waitForText("their-pane")
        let p = try PTYProcess(["confirm", "--popup", "--no-animation", "Asked here?"], environment: ["TMUX": socket + ",1,0", "TMUX_PANE": "%0"])
        try p.waitForText("Asked here?")
        XCTAssertFalse(theirClient.screen.contains("Asked here?"), "never on their client")
        p.type(K.enter)
        XCTAssertEqual(try p.waitForExit(), 0, p.stderrText)
    }

    /// Keys typed into the shell as a popup appears never answer it: typed until the popup shows
    /// and a while after, they are held; once the keyboard is quiet a deliberate answer is taken.
    func testKeysTypedForTheShellNeverAnswerAPopup() throws {
        let (tmux, client) = try server()
        for (key, answer, expected) in [("y", "n", Int32(1)), ("\r", K.escape, 1)] {
            let job = try cronJob(["confirm", "--popup", "--default", "no", "Delete old backups?"], tmux)
            try typeWhile(client, key) { $0.contains("Delete old backups?") }
            try client.waitForPopup("Delete old backups?")
            XCTAssertFalse(job.hasExited(), "answered by keys meant for the shell: \(job.stdoutText)")
            client.type(answer)
            XCTAssertEqual(try job.waitForExit(), expected, job.stderrText)
            try client.waitFor("the popup closed") { !$0.contains("Delete old backups?") }
        }
        // pinentry's CONFIRM ("allow use of this key?") alike: Enter typed ahead is not OK.
        let pinentry = try Job([], environment: ["ALERTTY_POPUP": "1", "TMUX_TMPDIR": tmux.folder],
                               stdin: Array("SETDESC Allow use of this key?\nCONFIRM\nBYE\n".utf8),
                               executable: PinentryEndToEndTests.pinentry, cron: true)
        try typeWhile(client, "\r") { $0.contains("Allow use of this key?") }
        try client.waitForPopup("Allow use of this key?")
        XCTAssertFalse(pinentry.hasExited(), pinentry.stdoutText)
        client.type(K.escape)
        XCTAssertEqual(try pinentry.waitForExit(), 0, pinentry.stderrText)
        XCTAssertTrue(pinentry.stdoutText.contains("ERR 83886179 Operation cancelled"), "cancelled, not OK: \(pinentry.stdoutText)")
    }

    /// One process asking twice (pinentry's two GETPINs, as gpg asks for a new passphrase and
    /// its repetition): the first answered in the tmux popup, the agent's copy of it goes within
    /// a second though the asking process runs on, and the agent shows the second question.
    func testACopyGoesWhenItsQuestionIsAnsweredNotWhenItsProcessEnds() throws {
        let (tmux, client) = try server()
        let assuan = "SETTIMEOUT 60\nSETDESC First passphrase\nGETPIN\nSETDESC Second passphrase\nGETPIN\nBYE\n"
        let pinentry = try Job([], environment: ["ALERTTY_POPUP": "1", "TMUX_TMPDIR": tmux.folder], stdin: Array(assuan.utf8),
                               executable: PinentryEndToEndTests.pinentry, cron: true)
        try client.waitForPopup("First passphrase")
        let agent = try PTYProcess(["agent", "--watch"])
        try agent.waitFor("the agent's copy, keys taken") { $0.contains("First passphrase") && !$0.contains("keys in a moment") }
        client.type("one" + K.enter)
        try agent.waitFor("the first copy gone, the second shown", timeout: 5) {
            !$0.contains("First passphrase") && $0.contains("Second passphrase") && !$0.contains("keys in a moment")
        }
        agent.type("two" + K.enter)
        XCTAssertEqual(try pinentry.waitForExit(), 0, pinentry.stderrText)
        XCTAssertTrue(pinentry.stdoutText.contains("\nD one\nOK"), pinentry.stdoutText)
        XCTAssertTrue(pinentry.stdoutText.contains("\nD two\nOK"), pinentry.stdoutText)
        try client.waitFor("no popup left") { !$0.contains("passphrase") }
        agent.type(K.ctrlC)
        _ = try agent.waitForExit()
    }

    /// The same for dialog's --and-widget chain run by a job: the first box answered in the
    /// popup, the agent's copy goes and the agent shows the second box; its answer ends the chain.
    func testADialogChainsNextBoxReplacesTheAgentsCopy() throws {
        let (tmux, client) = try server()
        let chain = try Job(["--timeout", "60", "--msgbox", "First box", "6", "30", "--and-widget",
                             "--timeout", "60", "--yesno", "Second box", "6", "30"],
                            environment: ["ALERTTY_POPUP": "1", "TMUX_TMPDIR": tmux.folder],
                            executable: PTYProcess.binary(named: "dialog"), cron: true)
        try client.waitForPopup("First box")
        let agent = try PTYProcess(["agent", "--watch"])
        try agent.waitFor("the agent's copy, keys taken") { $0.contains("First box") && !$0.contains("keys in a moment") }
        client.type(K.enter)
        try agent.waitFor("the first copy gone, the second shown", timeout: 5) {
            !$0.contains("First box") && $0.contains("Second box") && !$0.contains("keys in a moment")
        }
        agent.type(K.enter)
        XCTAssertEqual(try chain.waitForExit(), 0, chain.stderrText)
        try client.waitFor("no popup left") { !$0.contains("Second box") }
        agent.type(K.ctrlC)
        _ = try agent.waitForExit()
    }

    /// Types `key` again and again, as a person typing into their shell, until `shown` holds and
    /// for a third of a second after.
    func typeWhile(_ client: PTYProcess, _ key: String, _ shown: @escaping (Screen) -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        // (Each look at the screen reads what the client drew for 20 ms: the typing's pace.)
        while (try? client.waitFor("the popup", timeout: 0, shown)) == nil {
            guard Date() < deadline else { throw NSError(domain: "the popup never showed", code: 1) }
            client.type(key)
        }
        let after = Date().addingTimeInterval(0.33)
        while Date() < after {
            client.type(key)
            _ = try? client.waitFor("nothing", timeout: 0) { _ in false }
        }
    }

    /// Ten jobs asking at once (as cron starts them): each is asked in turn, never over another's
    /// popup, and gets its own answer; the popup says how many more wait; the server lives on.
    /// How many more wait is on the box's border and kept current: questions asked while a
    /// popup shows are counted on it at once (tmux's own border title is set only when it opens).
    func testTheWaitingCountOnAPopupStaysCurrent() throws {
        let (tmux, client) = try server()
        let first = try cronJob(["confirm", "--popup", "First?"], tmux)
        try client.waitForPopup("First?")
        XCTAssertFalse(client.screen.contains("more waiting"), client.screen.text)
        let later = try (0..<2).map { try cronJob(["confirm", "--popup", "Later \($0)?"], tmux) }
        try client.waitFor("the count on the popup already shown") { $0.contains("First?") && $0.contains("2 more waiting") }
        client.type(K.enter)
        XCTAssertEqual(try first.waitForExit(), 0, first.stderrText)
        let order = try answerEach(client, count: 2, question: { "Later \($0)?" }) { _ in K.enter }
        XCTAssertTrue(screens[0].contains("1 more waiting") && !screens[1].contains("more waiting"), screens.joined(separator: "\n"))
        for job in later { XCTAssertEqual(try job.waitForExit(), 0, job.stderrText) }
        XCTAssertEqual(Set(order).count, 2)
    }

    func testTenJobsAskingAtOnceAreEachAskedAndAnswered() throws {
        let (tmux, client) = try server()
        let question = { (i: Int) in "Host for job \(i)?" }
        let jobs = try (0..<10).map { i in try cronJob(["input", "--popup", question(i)], tmux) }
        let order = try answerEach(client, count: 10, question: question) { "answer-\($0)" + K.enter }
        XCTAssertTrue(screens.contains { $0.contains("more waiting") && $0.contains("asked by") }, screens.joined(separator: "\n"))
        for (i, job) in jobs.enumerated() {
            XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
            XCTAssertEqual(job.stdoutText, "answer-\(i)\n", "job \(i) gets its own answer")
        }
        XCTAssertEqual(Set(order).count, 10)
        XCTAssertTrue(try tmux.run(["list-clients"]).contains("/dev/pts"), "the server and its client live on")
    }

    /// A popup over the person's own popup is never shown: the job waits until theirs closes.
    func testAClientBusyWithItsOwnPopupIsAskedOnceFree() throws {
        let (tmux, client) = try server()
        let name = try tmux.run(["list-clients", "-F", "#{client_name}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let mine = try Job(["-S", tmux.socket, "display-popup", "-c", name, "-E", "echo my-own-popup; sleep 600"], executable: "/usr/bin/tmux")
        try client.waitForText("my-own-popup")
        let job = try cronJob(["confirm", "--popup", "Clean now?"], tmux)
        // Asked for all the while the person's popup shows: never shown, never answered.
        try client.waitFor("the job in the queue") { _ in
            Self.queued(job.pid)
        }
        XCTAssertFalse(client.screen.contains("Clean now?"))
        XCTAssertFalse(job.hasExited(), job.stderrText)
        try tmux.run(["display-popup", "-C", "-c", name])
        _ = try? mine.waitForExit()
        try client.waitForPopup("Clean now?")
        client.type(K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
    }

    /// A client that detaches mid-question is no No: the question waits and is asked again on the
    /// client that attaches next.
    func testDetachAndReattachMidQuestionAsksAgain() throws {
        let (tmux, client) = try server()
        let record = try temporaryFolder() + "/answers"
        let job = try cronJob(["input", "--popup", "--id", "host", "Host name?"], tmux, environment: ["ALERTTY_RECORD": record])
        try client.waitForPopup("Host name?")
        try tmux.run(["detach-client", "-a"])
        try tmux.run(["detach-client"])
        _ = try client.waitForExit()
        XCTAssertFalse(job.hasExited(), "a detached client is not a No: \(job.stderrText)")
        let again = try tmux.attach()
        try again.waitForPopup("Host name?")
        again.type("db1" + K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "db1\n")
        XCTAssertEqual(job.stderrText, "")
        XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), "ALERTTY_ANSWER_HOST='db1'\n")
    }

    /// A server that dies mid-question, and no client at all, are no No either: with --timeout
    /// the question waits for someone, then times out (124), and nothing is recorded.
    /// A job waiting for a client of the person's tmux server runs no tmux while none is
    /// attached: the socket's execute bit (tmux's own sign of an attached client) is all it
    /// looks at. It used to run `tmux -V` and `list-clients` four times a second.
    func testAJobWaitingForAClientRunsNoTmux() throws {
        let tmux = try Tmux(command: "echo pane-marker", asTmuxDoes: true)
        try tmux.waitFor("the pane's marker") { $0.contains("pane-marker\n$") }
        let dir = try temporaryFolder()
        let log = dir + "/tmux.log"
        try "#!/bin/sh\necho \"$*\" >> \(log)\nexec /usr/bin/tmux \"$@\"\n".write(toFile: dir + "/tmux", atomically: true, encoding: .utf8)
        chmod(dir + "/tmux", 0o755)
        let job = try cronJob(["confirm", "--popup", "--timeout", "60", "Attach to answer?"], tmux, environment: ["PATH": dir + ":/usr/bin:/bin"])
        let queued = Date().addingTimeInterval(10)
        while !Self.queued(job.pid) && Date() < queued { usleep(20_000) } // polling the queue's state
        // The measured window: three seconds of waiting for a client.
        let wakesBefore = Self.wakes(job.pid)
        let window = Date().addingTimeInterval(3)
        while Date() < window { usleep(100_000) }
        let ran = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        XCTAssertLessThanOrEqual(ran.count, 2, "tmux runs while no client is attached: \(ran)")
        // Nor does it look again and again: the server's folder is watched (it woke 12 times a
        // second, 36 in this window).
        XCTAssertLessThanOrEqual(Self.wakes(job.pid) - wakesBefore, 6, "the waiting job wakes while nothing changes")
        let client = try tmux.attach()
        try client.waitForPopup("Attach to answer?")
        client.type(K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
    }

    /// A job whose question a tmux popup shows sleeps until something comes of it: the popup's
    /// tmux process ending wakes it (a pidfd), as its FIFOs and pipes do; it looked ten times a
    /// second for that process to end.
    func testAJobWhosePopupIsShownSleeps() throws {
        let (tmux, client) = try server()
        let job = try cronJob(["confirm", "--popup", "--timeout", "60", "Sleeping?"], tmux)
        try client.waitForPopup("Sleeping?")
        XCTAssertLessThanOrEqual(wakesWhileWaiting(job.pid, seconds: 2), 4, "the job looks again and again while its popup is shown")
        client.type(K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
    }

    /// The popup shows the question the job made: a form from the file the job read, though the
    /// file has gone by the time a client attaches (the popup's alertty reads none of it again).
    func testAPopupShowsWhatTheJobRead() throws {
        let tmux = try Tmux(command: "echo pane-marker", asTmuxDoes: true)
        try tmux.waitFor("the pane's marker") { $0.contains("pane-marker\n$") }
        let fields = try temporaryFolder() + "/fields"
        try "host text Host --default db1\nport number Port --default 22\n".write(toFile: fields, atomically: true, encoding: .utf8)
        let job = try cronJob(["form", "--popup", "--timeout", "60", "--fields-from", fields, "New host"], tmux)
        let queued = Date().addingTimeInterval(10)
        while !Self.queued(job.pid) && Date() < queued { usleep(20_000) } // polling the queue's state
        try FileManager.default.removeItem(atPath: fields)
        let client = try tmux.attach()
        try client.waitForPopup("Port")
        client.type(K.tab + K.tab + K.enter)
        XCTAssertEqual(try job.waitForExit(), 0, job.stderrText)
        XCTAssertEqual(job.stdoutText, "db1\n22\n")
    }

    func testNoOneToAskWaitsForTheTimeoutAndRecordsNothing() throws {
        let (tmux, client) = try server()
        let record = try temporaryFolder() + "/answers"
        let job = try cronJob(["confirm", "--popup", "--timeout", "2", "--id", "go", "Go on?"], tmux, environment: ["ALERTTY_RECORD": record])
        try client.waitForPopup("Go on?")
        try tmux.run(["kill-server"])
        XCTAssertEqual(try job.waitForExit(), 124, job.stderrText)
        XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), "", "nothing recorded")

        // No server at first, one attached later: the person attaching is asked.
        let later = try Tmux(command: "echo pane-marker", asTmuxDoes: true)
        let waiting = try cronJob(["confirm", "--popup", "--timeout", "30", "Asked once you attach?"], later)
        let attached = try later.attach()
        try attached.waitForPopup("Asked once you attach?")
        attached.type(K.enter)
        XCTAssertEqual(try waiting.waitForExit(), 0, waiting.stderrText)
    }

    /// The caller killed (SIGKILL): its popup goes within a second, and its folder with it; its
    /// offer to agents (made beside the popup) goes once anyone looks at the queue.
    func testTheCallerKilledTakesItsPopupAway() throws {
        let (tmux, client) = try server()
        let temporary = try temporaryFolder()
        let job = try cronJob(["password", "--popup", "Passphrase?"], tmux, environment: ["TMPDIR": temporary])
        try client.waitForPopup("Passphrase?")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary).count, 2, "the popup's folder and the offer's")
        kill(job.pid, SIGKILL)
        let killed = Date()
        try client.waitFor("the popup gone", timeout: 5) { !$0.contains("Passphrase?") }
        XCTAssertLessThan(Date().timeIntervalSince(killed), 1.5)
        let look = try Job(["agent", "--list"])
        XCTAssertEqual(try look.waitForExit(), 1, look.stdoutText)
        let deadline = Date().addingTimeInterval(5)
        while (try FileManager.default.contentsOfDirectory(atPath: temporary)).count > 0 && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "its folder gone")
    }
}
