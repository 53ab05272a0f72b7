// A few flows in tmux, a real terminal emulator: typed with send-keys, read with capture-pane.
// Suspend/resume needs a job-control shell around alertty, so these run it under bash.
import Foundation
import Glibc
import XCTest

final class Tmux {
    /// A folder of this server's own for its socket, removed with it: tmux leaves its socket
    /// behind after kill-server, and a test run must leave nothing in /tmp.
    let folder: String
    let socket: String
    let session = "alertty"

    /// `asTmuxDoes`: the socket where tmux puts a user's default server, under this folder as
    /// TMUX_TMPDIR (`tmux-UID/default`, its folder 0700), for alertty to find it.
    init(command: String, columns: Int = 80, rows: Int = 24, asTmuxDoes: Bool = false) throws {
        var template = Array("/tmp/alertty-tmux-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw NSError(domain: "mkdtemp", code: Int(errno)) }
        folder = String(cString: made)
        if asTmuxDoes {
            let own = folder + "/tmux-\(getuid())"
            guard mkdir(own, 0o700) == 0 else { throw NSError(domain: "mkdir", code: Int(errno)) }
            socket = own + "/default"
        } else {
            socket = folder + "/socket"
        }
        try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", session,
                 "env -i PATH=/usr/bin:/bin HOME=\(folder) LANG=C.UTF-8 TERM=tmux-256color PS1='$ ' bash --norc --noprofile -i"])
        try waitFor("prompt") { $0.contains("$") }
        send(literal: command)
        send(keys: ["Enter"])
    }

    deinit {
        _ = try? run(["kill-server"])
        // kill-server returns before the server has gone and removed its socket: a folder
        // removed meanwhile fails (not empty), and the socket's removal leaves it behind empty.
        let deadline = Date().addingTimeInterval(5)
        while FileManager.default.fileExists(atPath: folder) && Date() < deadline {
            try? FileManager.default.removeItem(atPath: folder)
            if FileManager.default.fileExists(atPath: folder) { usleep(10_000) }
        }
    }

    static func require() throws { try Needs.program("/usr/bin/tmux", package: "tmux") }

    /// A client attached to the session through a pseudo-terminal: the screen a person sees,
    /// popups included (capture-pane shows the pane alone).
    func attach(columns: Int = 100, rows: Int = 30) throws -> PTYProcess {
        try PTYProcess(["-S", socket, "-f", "/dev/null", "attach", "-t", session], columns: columns, rows: rows,
                       executable: "/usr/bin/tmux", stdioOnTerminal: true)
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let capture = ["capture-pane", "display-message", "list-clients", "list-buffers"].contains(arguments.first ?? "")
        return Subprocess.run("/usr/bin/tmux", ["-S", socket, "-f", "/dev/null"] + arguments, capture: capture).output
    }

    func send(literal: String) { _ = try? run(["send-keys", "-t", session, "-l", literal]) }
    func send(keys: [String]) { _ = try? run(["send-keys", "-t", session] + keys) }

    /// The visible pane, or with `history` the scrollback too.
    func capture(history: Bool = false) -> String {
        (try? run(["capture-pane", "-p", "-t", session] + (history ? ["-S", "-"] : []))) ?? ""
    }

    /// Waits until alertty has the pane's terminal in its raw mode (no ICANON, no ISIG; readline's
    /// mode, while the shell reads the command, keeps ISIG). Only then are keys sent its keys:
    /// sent before, the kernel echoes them and takes Backspace as its erase — and a box's title
    /// is on the screen already, in the command line as typed.
    func waitUntilAlerttyHasTheTerminal(timeout: Double = 10) throws {
        let tty = (try run(["display-message", "-p", "-t", session, "#{pane_tty}"])).trimmingCharacters(in: .whitespacesAndNewlines)
        let fd = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw TimedOut(what: "the pane's terminal '\(tty)'", screen: capture()) }
        defer { close(fd) }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var mode = termios()
            if tcgetattr(fd, &mode) == 0, mode.c_lflag & tcflag_t(ICANON | ISIG) == 0 { return }
            if Date() > deadline { throw TimedOut(what: "alertty's raw mode on \(tty)", screen: capture()) }
            usleep(20_000) // polling interval for the terminal's state, not a synchronisation sleep
        }
    }

    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let screen = capture()
            if condition(screen) { return screen }
            if Date() > deadline { throw TimedOut(what: what, screen: screen) }
            usleep(20_000) // polling interval for the screen state, not a synchronisation sleep
        }
    }
}

final class TmuxTests: XCTestCase {
    override func setUpWithError() throws {
        try Tmux.require()
    }

    var bin: String { PTYProcess.binary }

    func testConfirmInRealTerminal() throws {
        let t = try Tmux(command: "\(bin) confirm --no-animation 'Disk is 95% full. Clean now?'; echo \"rc=$?\"")
        try t.waitFor("box") { $0.contains("< Yes >") && $0.contains("Disk is 95% full") }
        t.send(keys: ["Tab"])
        try t.waitFor("no focused") { $0.contains("< No >") }
        t.send(keys: ["Enter"])
        try t.waitFor("exit") { $0.contains("rc=1") }
    }

    func testInputCaptureOnlyGetsTheAnswer() throws {
        let t = try Tmux(command: "x=$(\(bin) input --title 'Your email' --validate email); echo \"got=[$x] rc=$?\"")
        try t.waitUntilAlerttyHasTheTerminal() // the command line shows the box's text too
        try t.waitFor("box") { $0.contains("Your email") }
        t.send(literal: "ann@example")
        t.send(keys: ["Enter"])
        try t.waitFor("still asking") { $0.contains("ann@example") && $0.contains("not an email") }
        t.send(literal: ".com")
        t.send(keys: ["Enter"])
        try t.waitFor("answer") { $0.contains("got=[ann@example.com] rc=0") }
    }

    func testSuspendAndResumeUnderJobControl() throws {
        let t = try Tmux(command: "\(bin) confirm --no-animation 'Proceed?'; echo \"rc=$?\"")
        try t.waitFor("box") { $0.contains("< Yes >") }
        t.send(keys: ["C-z"])
        let stopped = try t.waitFor("stopped") { $0.contains("Stopped") }
        XCTAssertFalse(stopped.contains("< Yes >"), "the terminal is given back while suspended")
        t.send(literal: "stty -a | grep -o ' icanon' | tr a-z A-Z")
        t.send(keys: ["Enter"])
        try t.waitFor("the shell has its cooked terminal back") { $0.contains(" ICANON") }
        t.send(literal: "fg")
        t.send(keys: ["Enter"])
        try t.waitFor("resumed and redrawn") { $0.contains("< Yes >") }
        t.send(literal: "n")
        try t.waitFor("exit") { $0.contains("rc=1") }
    }

    func testPasswordLeavesNothingInScrollback() throws {
        let secret = "Zq9xW7vK"
        let t = try Tmux(command: "pw=$(\(bin) password --title 'Sign in' --inline); echo \"len=${#pw}\"")
        try t.waitUntilAlerttyHasTheTerminal() // the command line shows the box's text too
        try t.waitFor("box") { $0.contains("Sign in") }
        t.send(literal: secret)
        try t.waitFor("masked") { $0.contains("••••••••") }
        _ = try t.run(["resize-window", "-t", t.session, "-x", "60", "-y", "20"])
        try t.waitFor("masked after resize") { $0.contains("••••••••") }
        t.send(keys: ["Enter"])
        try t.waitFor("done") { $0.contains("len=8") }
        let everything = t.capture(history: true)
        for n in 2...secret.count {
            XCTAssertFalse(everything.contains(String(secret.prefix(n))), "scrollback holds '\(secret.prefix(n))'")
        }
    }

    func testWhiptailInvocationRunsUnchanged() throws {
        let t = try Tmux(command: "\(bin) --title Hi --inputbox 'Your name?' 8 40 Ann 3>&1 1>&2 2>&3 | sed 's/^/out=/'; echo \"rc=${PIPESTATUS[0]}\"")
        try t.waitUntilAlerttyHasTheTerminal() // the command line shows the box's text too
        try t.waitFor("box") { $0.contains("Your name?") && $0.contains("Ann") }
        t.send(keys: ["Enter"])
        try t.waitFor("answer") { $0.contains("out=Ann") && $0.contains("rc=0") }
    }

    func testDialogColorsAreDrawnAsStylesInARealTerminal() throws {
        let t = try Tmux(command: "\(bin) dialog --colors --msgbox 'Disk is \\Z1\\Zbfull\\Zn, \\ZuBackup\\ZU first' 8 50; echo \"rc=$?\"")
        try t.waitFor("box") { $0.contains("Disk is full, Backup first") }
        // The cells as tmux holds them, with their attributes: bold red "full", underlined "Backup",
        // and no code left in the text.
        let styled = try t.run(["capture-pane", "-p", "-e", "-t", t.session])
        XCTAssertTrue(styled.contains("\u{1B}[1m\u{1B}[31mfull\u{1B}[0m"), styled)
        XCTAssertTrue(styled.contains("\u{1B}[4mBackup\u{1B}[0m"), styled)
        XCTAssertFalse(styled.contains("\\Z"))
        t.send(keys: ["Enter"])
        try t.waitFor("exit") { $0.contains("rc=0") }
    }

    /// A wizard script run by `sh` from an interactive bash: alertty is one process of the job.
    func wizard(_ body: String) throws -> String {
        let path = NSTemporaryDirectory() + "alertty-wizard-\(UUID().uuidString).sh"
        try body.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// debconf's menus as whiptail lays them out: the question wrapped where whiptail wraps it
    /// (one blank column inside the border), all of it above the list, and the list LIST-HEIGHT
    /// rows tall with the rest of the box left blank.
    func testAMenuIsLaidOutAsWhiptailLaysItOut() throws {
try Needs.program("/usr/bin/whiptail", package: "whiptail")
        let areas = ["Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific", "Etc"]
        let call = "--title 'Configuring tzdata' --menu 'Please select the geographic area in which you live. Subsequent "
            + "configuration questions will narrow this down by presenting a list of cities, representing the time zones in "
            + "which they are located.\n\nGeographic area:' 20 70 7 " + areas.map { "\($0) ''" }.joined(separator: " ")
        /// The box's rows as text, each inside its side borders, trimmed; empty ones dropped.
        func rows(_ program: String) throws -> [String] {
            let t = try Tmux(command: program + " " + call)
            let screen = try t.waitFor("the menu") { $0.contains("Africa") && $0.contains("Cancel") }
            return screen.split(separator: "\n").compactMap { line -> String? in
                guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { return nil }
                let inside = line[line.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
                return inside.isEmpty ? nil : inside
            }
        }
        let real = try rows("whiptail"), ours = try rows(PTYProcess.binary(named: "whiptail"))
        // An item's row: its name first (whiptail draws its scroll bar beside it).
        func item(_ row: String) -> String? { row.split(separator: " ").first.map(String.init).flatMap { areas.contains($0) ? $0 : nil } }
        func question(_ rows: [String]) -> [String] { Array(rows.prefix { item($0) == nil }) }
        XCTAssertEqual(question(ours), question(real), "the question, wrapped as whiptail wraps it and shown whole")
        XCTAssertEqual(question(real).last, "Geographic area:")
        XCTAssertEqual(ours.compactMap(item), Array(areas.prefix(7)), "LIST-HEIGHT rows of the list")
        XCTAssertEqual(real.compactMap(item), ours.compactMap(item))
    }

    /// dialog shows a long question whole (more than five lines) and gives the list what is left.
    func testALongQuestionIsShownWholeAsDialogShowsIt() throws {
try Needs.program("/usr/bin/dialog", package: "dialog")
        let call = "--title Setup --menu 'Please select the geographic area in which you live. Subsequent configuration "
            + "questions will narrow this down by presenting a list of cities, representing the time zones in which they "
            + "are located. This question is long on purpose so that it takes more than five lines in the box.\n\n"
            + "Geographic area:' 20 70 7 Africa '' America '' Antarctica '' Arctic '' Asia '' Atlantic '' Australia '' Europe ''"
        /// The question's rows: inside the side borders, down to the list (dialog's inner box, or the first item).
        func question(_ program: String) throws -> [String] {
            let t = try Tmux(command: program + " " + call)
            let screen = try t.waitFor("the menu") { $0.contains("Africa") && $0.contains("Cancel") }
            var rows: [String] = []
            for line in screen.split(separator: "\n") {
                guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { continue }
                let inside = line[line.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
                if inside.hasPrefix("┌") || inside.hasPrefix("Africa") { break }
                if !inside.isEmpty { rows.append(inside) }
            }
            return rows
        }
        let real = try question("dialog"), ours = try question(PTYProcess.binary(named: "dialog"))
        XCTAssertEqual(ours, real)
        XCTAssertEqual(real.last, "Geographic area:")
        XCTAssertGreaterThan(real.count, 5, "a question longer than five lines")
    }

    /// Tags and items in two columns, the items lined up after the widest tag: one space after it
    /// in whiptail, two in dialog.
    func testMenuItemsLineUpAsInWhiptailAndDialog() throws {
        for program in ["whiptail", "dialog"] {
            try Needs.program("/usr/bin/\(program)", package: program)
            func rows(_ command: String) throws -> [String] {
                let t = try Tmux(command: command + " --menu Pick 14 50 4 a Alpha bbbb Beta cc Gamma")
                let screen = try t.waitFor("the menu") { $0.contains("Cancel") }
                return screen.split(separator: "\n").map { $0.filter { $0 != "│" }.trimmingCharacters(in: .whitespaces) }
                    .filter { row in ["a ", "bbbb ", "cc "].contains { row.hasPrefix($0) } }
            }
            let real = try rows(program), ours = try rows(PTYProcess.binary(named: program))
            XCTAssertEqual(ours, real, program)
            XCTAssertEqual(real.count, 3, program)
        }
    }

    /// The list in the middle of the box, as wide as its widest item, as both programs draw it:
    /// its items start within two columns of where theirs start (measured from the box's border).
    func testListsAreCentredAsWhiptailAndDialogCentreThem() throws {
        for program in ["whiptail", "dialog"] {
            try Needs.program("/usr/bin/\(program)", package: program)
            func column(_ command: String) throws -> Int {
                let t = try Tmux(command: command + " --menu 'Geographic area:' 16 70 5 Africa '' America '' Antarctica '' Europe '' Etc ''")
                let screen = try t.waitFor("the menu") { $0.contains("Antarctica") && $0.contains("Cancel") }
                let row = try XCTUnwrap(screen.split(separator: "\n").first { $0.contains("Antarctica") })
                let border = try XCTUnwrap(row.firstIndex(of: "│"))
                return row.distance(from: border, to: try XCTUnwrap(row.range(of: "Antarctica")).lowerBound)
            }
            let real = try column(program), ours = try column(PTYProcess.binary(named: program))
            XCTAssertGreaterThan(real, 20, program)
            XCTAssertLessThanOrEqual(abs(ours - real), 2, "\(program): items at \(real) columns from the border, ours at \(ours)")
        }
    }

    func testCtrlZInsideAScriptStopsTheWholeJobAndFgResumesIt() throws {
        let script = try wizard("\(bin) confirm --no-animation 'Proceed?'\necho \"went on rc=$?\"\n")
        let t = try Tmux(command: "sh \(script)")
        try t.waitFor("box") { $0.contains("< Yes >") }
        t.send(keys: ["C-z"])
        let stopped = try t.waitFor("the job stopped") { $0.contains("Stopped") && $0.contains("sh \(script)") }
        XCTAssertFalse(stopped.contains("< Yes >"), "the terminal is given back while stopped")
        t.send(literal: "stty -a | grep -o ' icanon' | tr a-z A-Z")
        t.send(keys: ["Enter"])
        try t.waitFor("the shell has its cooked terminal back") { $0.contains(" ICANON") }
        t.send(literal: "fg")
        t.send(keys: ["Enter"])
        try t.waitFor("resumed and redrawn") { $0.contains("< Yes >") }
        t.send(literal: "y")
        try t.waitFor("the script went on") { $0.contains("went on rc=0") }
    }

    /// Ctrl-Z on `progress -- CMD` stops the command with the box; `fg` continues both.
    func testCtrlZStopsTheCommandUnderProgressAndFgContinuesIt() throws {
        let marker = "73.3141"
        let t = try Tmux(command: "\(bin) progress --no-animation Working -- sh -c 'sleep \(marker); echo slept'")
        try t.waitUntilAlerttyHasTheTerminal() // the command line shows the box's text too
        try t.waitFor("box") { $0.contains("Working") }
        let sleeper = try XCTUnwrap(Processes.waitFor(marker).first, "the command runs")
        t.send(keys: ["C-z"])
        try t.waitFor("the job stopped") { $0.contains("Stopped") }
        try waitUntil("the command stopped too") { Processes.state(sleeper) == "T" }
        t.send(literal: "fg")
        t.send(keys: ["Enter"])
        try t.waitFor("resumed and redrawn") { $0.contains("│  ") && $0.contains("Working") && !$0.contains("Stopped") }
        try waitUntil("the command continued") { Processes.state(sleeper) != "T" }
        t.send(keys: ["C-c"])
        try t.waitFor("the box gone") { !$0.contains("│  ") }
        t.send(literal: "echo \"rc=$?\"")
        t.send(keys: ["Enter"])
        try t.waitFor("ended by the Ctrl-C") { $0.contains("rc=130") }
    }

    func testCtrlCInsideAScriptInterruptsTheScript() throws {
        let script = try wizard("\(bin) confirm --no-animation 'Proceed?'\necho \"went on rc=$?\"\n")
        let t = try Tmux(command: "sh \(script)")
        try t.waitFor("box") { $0.contains("< Yes >") }
        t.send(keys: ["C-c"])
        try t.waitFor("the prompt is back") { !$0.contains("< Yes >") && $0.split(separator: "\n").last?.hasPrefix("$") == true }
        t.send(literal: "echo \"script rc=$?\"")
        t.send(keys: ["Enter"])
        let after = try t.waitFor("the script ended") { $0.contains("script rc=1") }
        XCTAssertTrue(after.contains("script rc=130"), after)
        XCTAssertFalse(after.contains("went on"), "the script's next line never runs")
        t.send(literal: "stty -a | grep -o ' icanon' | tr a-z A-Z")
        t.send(keys: ["Enter"])
        try t.waitFor("the terminal is cooked again") { $0.contains(" ICANON") }
    }

    func testAScriptThatTrapsIntStillHandlesIt() throws {
        let script = try wizard("trap 'echo trapped' INT\n\(bin) confirm --no-animation 'Proceed?'\necho \"went on rc=$?\"\n")
        let t = try Tmux(command: "sh \(script)")
        try t.waitFor("box") { $0.contains("< Yes >") }
        t.send(keys: ["C-c"])
        let after = try t.waitFor("the trap ran") { $0.contains("went on rc=130") }
        XCTAssertTrue(after.contains("trapped"), after)
    }

    /// Deleting an emoji with a skin-tone modifier leaves no ghost glyph: alertty's widths agree with tmux's.
    /// dialog's --no-kill --tailboxbg: the box stays on the screen after dialog returned, drawn by
    /// a process whose pid is on stderr; it keeps following its file until that pid is killed.
    func testDialogTailboxbgWithNoKillKeepsFollowingItsFileUntilKilled() throws {
        let dir = NSTemporaryDirectory() + "alertty-tail-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let log = dir + "/log.txt", pidFile = dir + "/pid"
        try "first line\nsecond line\n".write(toFile: log, atomically: true, encoding: .utf8)
        let t = try Tmux(command: "\(bin) dialog --no-kill --title Log --tailboxbg \(log) 10 40 2>\(pidFile); echo \"rc=$?\"")
        try t.waitFor("box") { $0.contains("Log") && $0.contains("second line") }
        var pid: pid_t = 0
        try waitUntil("the pid of the process that keeps the box, printed on stderr") {
            pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            return pid > 0
        }
        func running() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            return !stat.contains(") Z ")
        }
        XCTAssertTrue(running())
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: log))
        handle.seekToEndOfFile()
        handle.write("third line\n".data(using: .utf8)!)
        try handle.close()
        try t.waitFor("the line added after dialog returned") { $0.contains("third line") }
        kill(pid, SIGTERM)
        try waitUntil("killed by the pid it printed") { !running() }
    }

    func testEmojiWithModifierDeletesCleanly() throws {
        let t = try Tmux(command: "\(bin) input --no-animation --title Emoji; echo \"rc=$?\"")
        try t.waitUntilAlerttyHasTheTerminal() // the command line shows the box's text too
        try t.waitFor("box") { $0.contains("Emoji") }
        t.send(literal: "ab👍🏽")
        try t.waitFor("typed") { $0.contains("ab👍🏽") }
        t.send(keys: ["BSpace"])
        // By scalar: "👍🏽" is one Character, so a String search for "👍" would not see it.
        let after = try t.waitFor("deleted") { !$0.unicodeScalars.contains("\u{1F44D}") }
        let fieldLine = after.split(separator: "\n").first { $0.contains("ab") } ?? ""
        XCTAssertFalse(fieldLine.unicodeScalars.contains("\u{1F3FD}"), "no ghost of the modifier: \(fieldLine)")
        t.send(literal: "c")
        try t.waitFor("typed on") { $0.contains("abc") }
        t.send(keys: ["Escape"])
        try t.waitFor("exit") { $0.contains("rc=1") }
    }
}
