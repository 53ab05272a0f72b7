// A job's question shown on the desktop as a notification with its answers on buttons, on a
// private session bus with a notification server the test drives (Desktop). Jobs run as cron
// runs them: no terminal, no locale, no TMUX; only the bus's address, or not even that.
import Foundation
import Glibc
import XCTest

final class DesktopNotificationEndToEndTests: XCTestCase {
    override func tearDown() { PopupReachEndToEndTests.clearQueue() }

    /// A cron job asking with --popup where no tmux server is, its user's bus at `desktop`.
    func job(_ arguments: [String], _ desktop: Desktop?, timeout: String = "60", environment: [String: String] = [:]) throws -> Job {
        let empty = try temporaryFolder()
        var env = ["TMUX_TMPDIR": empty].merging(environment) { $1 }
        if let desktop { env["DBUS_SESSION_BUS_ADDRESS"] = desktop.address }
        return try Job([arguments[0], "--popup", "--timeout", timeout] + arguments.dropFirst(), environment: env, cron: true)
    }

    func id(_ event: [String: Any]) -> Int { event["id"] as? Int ?? -1 }

    /// Yes and No on the notification are the box's Yes and No: 0 and 1; the words are the box's,
    /// who asks is in the summary, and the notification is closed once answered.
    func testAConfirmIsAnsweredByItsButtons() throws {
        let desktop = try Desktop()
        let yes = try job(["confirm", "--title", "Disk full", "Clean /var now?"], desktop)
        let shown = try desktop.next("notify")
        XCTAssertEqual(shown["actions"] as? [String], ["yes", "Yes", "no", "No"])
        XCTAssertEqual(shown["body"] as? String, "Clean /var now?")
        XCTAssertEqual(shown["app"] as? String, "alertty")
        XCTAssertEqual(shown["icon"] as? String, "dialog-question")
        let summary = shown["summary"] as? String ?? ""
        XCTAssertTrue(summary.hasPrefix("Disk full · asked by "), summary)
        XCTAssertTrue(summary.contains("(pid \(getpid()))") || summary.contains(" since "), summary)
        XCTAssertEqual((shown["hints"] as? [String: Any])?["urgency"] as? Int, 1)
        try desktop.person("action \(id(shown)) yes")
        XCTAssertEqual(try yes.waitForExit(), 0, yes.stderrText)
        XCTAssertEqual(id(try desktop.next("close")), id(shown), "closed once answered")

        let no = try job(["confirm", "--yes", "Clean", "--no", "Keep", "Clean /tmp now?"], desktop)
        let second = try desktop.next("notify")
        XCTAssertEqual(second["actions"] as? [String], ["yes", "Clean", "no", "Keep"], "the box's own words")
        try desktop.person("action \(id(second)) no")
        XCTAssertEqual(try no.waitForExit(), 1, no.stderrText)
        XCTAssertEqual(no.stdoutText, "")
    }

    /// A choose of up to three items has them as buttons; the one pressed is the answer.
    func testAChooseOfThreeItemsHasThemAsButtons() throws {
        let desktop = try Desktop()
        let asked = try job(["choose", "--title", "Restore", "Which backup?", "daily", "weekly", "monthly"], desktop)
        let shown = try desktop.next("notify")
        XCTAssertEqual(shown["actions"] as? [String], ["item-0", "daily", "item-1", "weekly", "item-2", "monthly"])
        try desktop.person("action \(id(shown)) default") // the body clicked: no answer
        try desktop.person("action \(id(shown)) item-1")
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, "weekly\n")
    }

    /// Dismissed is not No: the question keeps waiting (then --timeout's 124).
    func testADismissedNotificationIsNotNo() throws {
        let desktop = try Desktop()
        let asked = try job(["confirm", "Dismiss me?"], desktop, timeout: "3")
        let shown = try desktop.next("notify")
        try desktop.person("dismiss \(id(shown))")
        XCTAssertEqual(try asked.waitForExit(), 124, asked.stderrText)
        XCTAssertEqual(desktop.all("notify").count, 1, "not shown again once dismissed")
    }

    /// An input takes a typed reply where the server takes one, checked by the prompt's rules: a
    /// refused reply is shown again saying why.
    func testAnInputTakesATypedReplyCheckedByItsRule() throws {
        let desktop = try Desktop(caps: ["actions", "body", "inline-reply"])
        let asked = try job(["input", "--title", "Port", "--validate", "int", "--placeholder", "8080", "Port to open?"], desktop)
        let shown = try desktop.next("notify")
        XCTAssertEqual(shown["actions"] as? [String], ["inline-reply", "Reply"])
        XCTAssertEqual((shown["hints"] as? [String: Any])?["x-kde-reply-placeholder-text"] as? String, "8080")
        try desktop.person("reply \(id(shown)) eighty")
        let again = try desktop.next("notify")
        XCTAssertEqual(again["replaces"] as? Int, id(shown), "the same notification, replaced")
        XCTAssertTrue((again["body"] as? String ?? "").contains("Not taken: "), "\(again)")
        XCTAssertEqual(asked.hasExited(), false, "refused: still asking")
        try desktop.person("reply \(id(again)) 8443")
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, "8443\n")

        // Without inline replies the notification says where to answer, and takes none.
        let plain = try Desktop()
        let elsewhere = try job(["input", "Your name?"], plain, timeout: "2")
        let nudge = try plain.next("notify")
        XCTAssertEqual(nudge["actions"] as? [String], [])
        XCTAssertEqual(nudge["body"] as? String, "Your name?\nAnswer it in a terminal with: alertty agent")
        XCTAssertEqual(try elsewhere.waitForExit(), 124)
    }

    /// A password is never sent: its title, who asks and where to answer, critical; the job
    /// stopped (cron's timeout, kill) closes it.
    func testAPasswordSendsOnlyTheNudgeAndAStoppedJobClosesIt() throws {
        let desktop = try Desktop(caps: ["actions", "body", "inline-reply"])
        let asked = try job(["password", "--title", "Vault", "Key for vault-7f3a?"], desktop)
        let shown = try desktop.next("notify")
        XCTAssertEqual(shown["actions"] as? [String], [])
        XCTAssertEqual(shown["body"] as? String, "Answer it in a terminal with: alertty agent")
        XCTAssertFalse("\(shown)".contains("vault-7f3a"), "never a password's prompt text")
        XCTAssertTrue((shown["summary"] as? String ?? "").hasPrefix("Vault · asked by"))
        XCTAssertEqual((shown["hints"] as? [String: Any])?["urgency"] as? Int, 2)
        kill(asked.pid, SIGTERM)
        XCTAssertEqual(try asked.waitForExit(), 128 + SIGTERM)
        XCTAssertEqual(id(try desktop.next("close")), id(shown), "closed as the job went")
    }

    /// Answered in the tmux popup first: the notification is closed within a second.
    func testAnsweredInTheTmuxPopupFirstClosesTheNotification() throws {
        try Tmux.require()
        let desktop = try Desktop()
        let tmux = try Tmux(command: "echo pane-marker", asTmuxDoes: true)
        try tmux.waitFor("the pane's marker") { $0.contains("pane-marker\n$") }
        let client = try tmux.attach()
        try client.waitForText("pane-marker")
        let asked = try Job(["confirm", "--popup", "--timeout", "60", "Rotate the logs?"],
                            environment: ["TMUX_TMPDIR": tmux.folder, "DBUS_SESSION_BUS_ADDRESS": desktop.address], cron: true)
        try client.waitForPopup("Rotate the logs?")
        let shown = try desktop.next("notify")
        client.type(K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(id(try desktop.next("close", timeout: 1)), id(shown))
    }

    /// Text is text: markup and escapes reach a server that reads markup escaped and visible.
    func testMarkupAndEscapesAreSentAsText() throws {
        let desktop = try Desktop(caps: ["actions", "body", "body-markup"])
        let asked = try job(["message", "--title", "<b>x</b>\u{1B}[31m", "Free: <i>2%</i> & \u{1B}]0;pwned\u{07}falling"], desktop,
                            timeout: "2")
        let shown = try desktop.next("notify")
        let body = shown["body"] as? String ?? ""
        XCTAssertTrue(body.hasPrefix("Free: &lt;i&gt;2%&lt;/i&gt; &amp; "), body)
        XCTAssertFalse(body.contains("\u{1B}") || body.contains("\u{07}"), body)
        let summary = shown["summary"] as? String ?? ""
        XCTAssertTrue(summary.hasPrefix("<b>x</b>"), "the summary is plain text: \(summary)")
        XCTAssertFalse(summary.contains("\u{1B}"), summary)
        XCTAssertEqual(shown["actions"] as? [String], ["ok", "OK"])
        XCTAssertEqual(try asked.waitForExit(), 124)
    }

    /// A server that never answers is given up on, said in one line with --verbose; the job
    /// waits on as ever. Turned off, nothing is shown.
    func testAServerThatNeverAnswersIsGivenUpOnAndTheChannelTurnsOff() throws {
        let mute = try Desktop(mute: true)
        let asked = try job(["confirm", "--verbose", "Anyone?"], mute, timeout: "4")
        try mute.next("capabilities")
        XCTAssertEqual(try asked.waitForExit(), 124)
        XCTAssertEqual(asked.stderrText.components(separatedBy: "did not answer").count, 2, asked.stderrText)

        let desktop = try Desktop()
        let off = try job(["confirm", "Not on the desktop?"], desktop, timeout: "1", environment: ["ALERTTY_NOTIFY": "0"])
        let flag = try job(["confirm", "--no-notify", "Nor this?"], desktop, timeout: "1")
        XCTAssertEqual(try off.waitForExit(), 124)
        XCTAssertEqual(try flag.waitForExit(), 124)
        XCTAssertEqual(desktop.all("capabilities").count, 0)
    }

    /// A server that goes away and comes back (a desktop restarted) shows the question again.
    func testARestartedServerShowsTheQuestionAgain() throws {
        let desktop = try Desktop()
        let asked = try job(["confirm", "Still there?"], desktop)
        try desktop.next("notify")
        desktop.stopServer()
        try desktop.startServer()
        let again = try desktop.next("notify")
        try desktop.person("action \(id(again)) yes")
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
    }

    /// A job from cron has no DBUS_SESSION_BUS_ADDRESS: the user's bus at /run/user/UID/bus is found.
    func testACronJobFindsTheUsersBus() throws {
        try Needs.root("to make /run/user/0/bus for the test")
        let folder = "/run/user/0", path = folder + "/bus"
        guard !FileManager.default.fileExists(atPath: path) else { throw XCTSkip("a real session bus is at \(path)") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let desktop = try Desktop(listen: "unix:path=\(path)")
        addTeardownBlock { unlink(path) }
        let asked = try job(["confirm", "Found me?"], nil, environment: ["ALERTTY_NOTIFY": "1"])
        let shown = try desktop.next("notify")
        try desktop.person("action \(id(shown)) yes")
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
    }
}

/// One run against a real notification server: dunst on a virtual X display (Xvfb), its buttons
/// pressed through its context menu (`dunstctl context`, the menu program a script that picks).
final class DunstEndToEndTests: XCTestCase {
    var processes: [Process] = []

    override func tearDown() {
        for process in processes.reversed() where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        PopupReachEndToEndTests.clearQueue()
    }

    func start(_ path: String, _ arguments: [String], environment: [String: String], stdout: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes.append(process)
        return process
    }

    func dunstctl(_ arguments: [String], _ environment: [String: String]) throws -> (Int32, String) {
        let out = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dunstctl")
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Waits until dunst shows `count` notifications (it answers on the bus once it runs).
    func waitForShown(_ count: Int, _ environment: [String: String]) throws {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let (status, text) = try dunstctl(["count", "displayed"], environment)
            if status == 0 && text.trimmingCharacters(in: .whitespacesAndNewlines) == String(count) { return }
            guard Date() < deadline else { throw NSError(domain: "dunst never showed \(count): \(text)", code: 1) }
            usleep(50_000) // polling dunst's state, not a synchronisation sleep
        }
    }

    func testDunstShowsTheButtonsAndTheOnePressedAnswers() throws {
        try Needs.program("/usr/bin/Xvfb", package: "xvfb")
        try Needs.program("/usr/bin/dunst", package: "dunst")
        let desktop = try Desktop(server: false)
        let folder = try temporaryFolder()
        let out = Pipe()
        _ = try start("/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"], environment: [:], stdout: out)
        let display = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(display.isEmpty, "Xvfb said its display")
        // dunst's context menu runs this as its menu program: it picks the line of the label in `pick`.
        let menu = folder + "/menu", pick = folder + "/pick"
        try "#!/bin/sh\ngrep -m1 \"^#$(cat '\(pick)') \"\n".write(toFile: menu, atomically: true, encoding: .utf8)
        chmod(menu, 0o755)
        try "[global]\n    dmenu = \(menu)\n".write(toFile: folder + "/dunstrc", atomically: true, encoding: .utf8)
        let environment = ["DISPLAY": ":" + display, "DBUS_SESSION_BUS_ADDRESS": desktop.address, "PATH": "/usr/bin:/bin", "HOME": folder]
        _ = try start("/usr/bin/dunst", ["-config", folder + "/dunstrc"], environment: environment)
        try waitForShown(0, environment)

        for (label, status) in [("Clean", Int32(0)), ("Keep", 1)] {
            let asked = try Job(["confirm", "--popup", "--timeout", "60", "--yes", "Clean", "--no", "Keep", "Disk full. Clean now?"],
                                environment: ["TMUX_TMPDIR": folder, "DBUS_SESSION_BUS_ADDRESS": desktop.address], cron: true)
            try waitForShown(1, environment)
            try label.write(toFile: pick, atomically: true, encoding: .utf8)
            XCTAssertEqual(try dunstctl(["context"], environment).0, 0)
            XCTAssertEqual(try asked.waitForExit(), status, asked.stderrText)
            try waitForShown(0, environment)
        }
    }
}

extension DesktopNotificationEndToEndTests {
    /// Twenty jobs asking at once: one notification at a time (the user's queue, oldest first),
    /// each closed as it is answered, none left behind; each job gets its own answer.
    func testACrowdIsShownOneAtATimeAndLeavesNothing() throws {
        let desktop = try Desktop()
        let jobs = try (0..<20).map { try job(["confirm", "--title", "Job \($0)", "Go on?"], desktop) }
        var answered = 0
        while answered < jobs.count {
            let shown = try desktop.next("notify")
            XCTAssertEqual(shown["open"] as? Int, 1, "one notification open at a time: \(shown)")
            try desktop.person("action \(id(shown)) \(answered % 2 == 0 ? "yes" : "no")")
            answered += 1
        }
        var statuses: [Int32: Int] = [:]
        for job in jobs { statuses[try job.waitForExit(), default: 0] += 1 }
        XCTAssertEqual(statuses, [0: 10, 1: 10])
        let opened = Set(desktop.all("notify").map(id)), closed = Set(desktop.all("close").map(id))
        XCTAssertEqual(opened.count, 20)
        XCTAssertEqual(closed, opened, "every one closed")
    }

    /// A question with --timeout expires on the desktop when it would time out: a job killed
    /// with no chance to close it (SIGKILL) leaves nothing past its time.
    func testANotificationExpiresWithItsQuestion() throws {
        let desktop = try Desktop()
        let asked = try job(["confirm", "Expiring?"], desktop, timeout: "30")
        let shown = try desktop.next("notify")
        let expires = shown["timeout"] as? Int ?? 0
        XCTAssertTrue((25_000...30_000).contains(expires), "\(expires) ms")
        kill(asked.pid, SIGKILL)
        XCTAssertEqual(try asked.waitForExit(), 128 + SIGKILL)
    }

    /// A bus run by another user is never spoken to (--verbose says why once).
    func testABusThatIsNotTheUsersIsNeverUsed() throws {
        try Needs.root("to run a bus as another user")
        try Needs.program("/usr/bin/setpriv", package: "util-linux")
        let name = "/alertty-test-theirs-\(getpid())"
        let theirs = Process()
        theirs.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        theirs.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", "/usr/bin/dbus-daemon", "--session", "--nofork",
                            "--nopidfile", "--print-address", "--address=unix:abstract=\(name)"]
        let out = Pipe()
        theirs.standardOutput = out
        theirs.standardError = FileHandle.nullDevice
        try theirs.run()
        defer { theirs.terminate(); theirs.waitUntilExit() }
        let address = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(address.hasPrefix("unix:abstract="), address)
        let asked = try job(["confirm", "--verbose", "Theirs?"], nil, timeout: "1", environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        XCTAssertEqual(try asked.waitForExit(), 124)
        XCTAssertEqual(asked.stderrText.components(separatedBy: "not run by this user").count, 2, asked.stderrText)
    }
}

extension DesktopNotificationEndToEndTests {
    /// The other doors: whiptail's and dialog's --yesno and dialog's --menu (as old cron scripts
    /// run them, ALERTTY_POPUP=1) are answered on the desktop with their own statuses and output;
    /// --on-timeout default takes the default when nobody answers (the notification closed); a
    /// question answered without a person (--non-interactive, an answer in the environment)
    /// shows nothing.
    func testTheOtherDoors() throws {
        let desktop = try Desktop()
        let empty = try temporaryFolder()
        let environment = ["TMUX_TMPDIR": empty, "ALERTTY_POPUP": "1", "ALERTTY_OPTIONS": "--timeout 60",
                           "DBUS_SESSION_BUS_ADDRESS": desktop.address]
        for (program, arguments, key, status, stderr) in [
            ("whiptail", ["--yesno", "Clean now?", "8", "40"], "no", Int32(1), ""),
            ("dialog", ["--yesno", "Clean now?", "8", "40"], "yes", 0, ""),
            ("dialog", ["--menu", "Which?", "12", "40", "3", "a", "Alpha", "b", "Beta"], "item-1", 0, "b"),
        ] {
            let asked = try Job(arguments, environment: environment, executable: PTYProcess.binary(named: program), cron: true)
            let shown = try desktop.next("notify")
            XCTAssertEqual((shown["body"] as? String)?.hasPrefix(arguments[1]), true, "\(program): \(shown)")
            try desktop.person("action \(id(shown)) \(key)")
            XCTAssertEqual(try asked.waitForExit(), status, "\(program) \(arguments[0]): \(asked.stderrText)")
            XCTAssertEqual(asked.stderrText, stderr, "\(program) \(arguments[0]): a menu's answer on stderr, as dialog's")
            try desktop.next("close")
        }

        let defaulted = try job(["confirm", "--on-timeout", "default", "--default", "no", "Nobody there?"], desktop, timeout: "2")
        let shown = try desktop.next("notify")
        XCTAssertEqual(try defaulted.waitForExit(), 1, "the default taken: \(defaulted.stderrText)")
        XCTAssertEqual(id(try desktop.next("close")), id(shown), "closed as time ran out")

        let scripted = try job(["confirm", "--non-interactive", "--default", "yes", "Scripted?"], desktop)
        XCTAssertEqual(try scripted.waitForExit(), 0)
        let answered = try job(["input", "--id", "host", "Host?"], desktop, environment: ["ALERTTY_ANSWER_HOST": "db1"])
        XCTAssertEqual(try answered.waitForExit(), 0)
        XCTAssertEqual(answered.stdoutText, "db1\n")
        XCTAssertEqual(desktop.all("capabilities").count, 4, "none asked for the answers given without a person")
    }
}
