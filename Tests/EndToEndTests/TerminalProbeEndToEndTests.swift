// alertty asks the terminal what it is once, as the box starts, and gives everything back as it
// found it: a scripted terminal answers the probe (or says nothing at all), and what alertty
// leaves behind is checked after every way out.
import Foundation
import Glibc
import XCTest

final class TerminalProbeEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    /// Bracketed paste left on when the shell's line editor had it on (a pasted two-line command
    /// must not run its first line after alertty returns), off when it was off; in the modal box
    /// and inline.
    func testBracketedPasteIsLeftAsItWas() throws {
        for pasteOn in [true, false] {
            for inline in [false, true] {
                var answers = Screen.Answers()
                answers.pasteOn = pasteOn
                let p = try PTYProcess(["confirm", "--no-animation"] + (inline ? ["--inline"] : []) + ["Go on?"], answers: answers)
                try p.waitForText("Go on?")
                XCTAssertTrue(p.screen.bracketedPaste, "on while the box is up")
                XCTAssertGreaterThan(p.screen.probesAnswered, 0, "the terminal was asked")
                p.type(K.enter)
                try assertEnded(p, status: 0)
            }
        }
    }

    /// A terminal that answers nothing (a serial line, FreeBSD's console): the box comes all the
    /// same, nothing of the probe shows, and alertty turns off what it turned on, as before.
    func testASilentTerminalCostsABoundedWaitAndLeavesNoTrace() throws {
        var answers = Screen.Answers()
        answers.device = false
        let started = Date()
        let p = try PTYProcess(["input", "--no-animation", "Name?"], answers: answers)
        try p.waitForText("Name?")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "never a hang")
        p.type("ann" + K.enter)
        try assertEnded(p, status: 0, stdout: "ann\n")
        XCTAssertFalse(p.screen.text.contains("2004") || p.screen.text.contains("rgb"), "no reply shown: \(p.screen.text)")
    }

    /// Keys typed while the terminal is being asked are the box's, in order.
    func testKeysTypedDuringTheProbeAreKept() throws {
        var answers = Screen.Answers()
        answers.device = false
        let p = try PTYProcess(["input", "--no-animation", "Name?"], answers: answers)
        try p.waitUntilRaw()
        p.type("bob" + K.enter)
        try assertEnded(p, status: 0, stdout: "bob\n")
    }

    /// The kitty keyboard protocol is pushed while the box is up and popped on every way out:
    /// Enter, Esc (taken at once: no Esc delay), Ctrl-C, SIGTERM, and Ctrl-Z (popped while
    /// stopped, pushed again on return). Shift+Enter does what Enter does.
    func testTheKittyKeyboardProtocolIsPushedAndPoppedOnEveryWayOut() throws {
        var answers = Screen.Answers()
        answers.kittyKeyboard = true
        let ways: [(String, Int32)] = [("\u{1B}[13;2u", 0), ("\u{1B}[27u", 1), ("\u{1B}[99;5u", 130)]
        for (key, status) in ways {
            let p = try PTYProcess(["confirm", "--no-animation", "Go on?"], answers: answers)
            try p.waitFor("the box, the protocol pushed") { _ in p.screen.keyboardStack == [1] && p.screen.text.contains("Go on?") }
            p.type(key)
            try assertEnded(p, status: status)
        }
        let term = try PTYProcess(["confirm", "--no-animation", "Go on?"], answers: answers)
        try term.waitFor("pushed") { _ in term.screen.keyboardStack == [1] && term.screen.text.contains("Go on?") }
        term.signal(SIGTERM)
        try assertEnded(term, status: 143)

        // Ctrl-Z in a job-control shell: popped while stopped, pushed again by fg.
        let shell = try PTYProcess(["--norc", "--noprofile", "-i"], environment: ["PS1": "$ "], executable: "/bin/bash",
                                   stdioOnTerminal: true, answers: answers)
        try shell.waitForText("$")
        shell.type("\(PTYProcess.binary) confirm --no-animation 'Go on?'\r")
        try shell.waitFor("pushed") { _ in shell.screen.keyboardStack == [1] && shell.screen.text.contains("Go on?") }
        shell.type("\u{1B}[122;5u") // Ctrl-Z as the protocol sends it
        try shell.waitFor("popped while stopped") { $0.contains("Stopped") && shell.screen.keyboardStack == [] }
        shell.type("fg\r")
        try shell.waitFor("pushed again") { _ in shell.screen.keyboardStack == [1] && shell.screen.text.contains("Go on?") }
        shell.type("\u{1B}[13u")
        try shell.waitFor("answered, popped") { _ in !shell.screen.text.contains("< Yes >") && shell.screen.keyboardStack == [] }
        shell.type("echo status=$?\r")
        try shell.waitForText("status=0")
        shell.type("exit\r")
        _ = try shell.waitForExit()
    }

    /// No theme set: a light background reported gets the light palette, a dark one the default.
    func testThePaletteFollowsTheBackgroundTheTerminalReports() throws {
        for (background, light) in [("ffff/ffff/ffff", true), ("0000/0000/0000", false)] {
            var answers = Screen.Answers()
            answers.background = background
            let p = try PTYProcess(["confirm", "--no-animation", "Go on?"], environment: ["COLORTERM": "truecolor"], answers: answers)
            try p.waitForText("Go on?")
            let raw = String(decoding: p.screen.raw, as: UTF8.self)
            XCTAssertEqual(raw.contains("48;2;247;248;250"), light, "the light box for \(background)")
            XCTAssertEqual(raw.contains("48;2;38;41;48"), !light, "the dark box for \(background)")
            p.type(K.enter)
            try assertEnded(p, status: 0)
        }
        // A theme set wins over the background.
        var answers = Screen.Answers()
        answers.background = "ffff/ffff/ffff"
        let themed = try PTYProcess(["confirm", "--no-animation", "--theme", "default", "Go on?"], environment: ["COLORTERM": "truecolor"],
                                    answers: answers)
        try themed.waitForText("Go on?")
        XCTAssertTrue(String(decoding: themed.screen.raw, as: UTF8.self).contains("48;2;38;41;48"), "--theme default is dark")
        themed.type(K.enter)
        try assertEnded(themed, status: 0)
        // COLORFGBG where the terminal says nothing; ALERTTY_TERMINAL=off asks nothing.
        let colorfgbg = try PTYProcess(["confirm", "--no-animation", "Go on?"], environment: ["COLORTERM": "truecolor", "COLORFGBG": "0;15"])
        try colorfgbg.waitForText("Go on?")
        XCTAssertTrue(String(decoding: colorfgbg.screen.raw, as: UTF8.self).contains("48;2;247;248;250"), "COLORFGBG 0;15 is light")
        colorfgbg.type(K.enter)
        try assertEnded(colorfgbg, status: 0)
        let off = try PTYProcess(["confirm", "--no-animation", "Go on?"], environment: ["ALERTTY_TERMINAL": "off"], answers: answers)
        try off.waitForText("Go on?")
        XCTAssertEqual(off.screen.probesAnswered, 0, "ALERTTY_TERMINAL=off: not asked")
        off.type(K.enter)
        try assertEnded(off, status: 0)
    }
}

extension TerminalProbeEndToEndTests {
    /// A terminal that reports colour-scheme changes (mode 2031): asked for while the box is up,
    /// the palette switched live on a report, the mode turned off again on the way out.
    func testThePaletteSwitchesLiveWhenTheTerminalSaysSo() throws {
        var answers = Screen.Answers()
        answers.background = "0000/0000/0000"
        answers.colourSchemeReports = true
        let p = try PTYProcess(["confirm", "--no-animation", "Go on?"], environment: ["COLORTERM": "truecolor"], answers: answers)
        try p.waitFor("the dark box, reports on") { _ in p.screen.text.contains("Go on?") && p.screen.colourSchemeReports }
        let before = p.screen.raw.count
        p.type("\u{1B}[?997;2n") // the terminal's report: light now
        try p.waitFor("the light box") { _ in String(decoding: p.screen.raw[before...], as: UTF8.self).contains("48;2;247;248;250") }
        p.type("\u{1B}[?997;1n\r")
        try assertEnded(p, status: 0)
        XCTAssertFalse(p.screen.colourSchemeReports, "mode 2031 off again")
    }
}

/// OSC 9;4, a tab's progress, for terminals that show it.
final class TabProgressEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    func raw(_ p: PTYProcess) -> String { String(decoding: p.screen.raw, as: UTF8.self) }

    /// The gauge's percentage on the tab, cleared when it ends; a spinner indeterminate; a failed
    /// command the tab's error while its errors show, then cleared; SIGTERM clears it too.
    func testProgressOnTheTabForATerminalThatShowsIt() throws {
        var answers = Screen.Answers()
        answers.version = "WezTerm 20240203-110809-5046fc22"
        let gaugeFed = try PTYProcess(["-c", "(echo 10; echo 50; sleep 30) | \(PTYProcess.binary) progress --no-animation Copying"],
                                      executable: "/bin/sh", answers: answers)
        try gaugeFed.waitFor("50% on the tab") { _ in self.raw(gaugeFed).contains("\u{1B}]9;4;1;50\u{1B}\\") }
        gaugeFed.type(K.ctrlC)
        _ = try gaugeFed.waitForExit()
        XCTAssertTrue(raw(gaugeFed).hasSuffix("\u{1B}]9;4;0;0\u{1B}\\") || raw(gaugeFed).contains("\u{1B}]9;4;0;0\u{1B}\\"), "cleared")

        let spinner = try PTYProcess(["progress", "--no-animation", "Waiting", "--", "sleep", "30"], answers: answers)
        try spinner.waitFor("indeterminate") { _ in self.raw(spinner).contains("\u{1B}]9;4;3;0\u{1B}\\") }
        spinner.signal(SIGTERM)
        _ = try spinner.waitForExit()
        XCTAssertTrue(raw(spinner).contains("\u{1B}]9;4;0;0\u{1B}\\"), "cleared on SIGTERM")

        let failing = try PTYProcess(["progress", "--no-animation", "Building", "--", "sh", "-c", "echo broken >&2; exit 3"], answers: answers)
        try failing.waitFor("the error on the tab") { _ in self.raw(failing).contains("\u{1B}]9;4;2;100\u{1B}\\") }
        failing.type(K.enter)
        XCTAssertEqual(try failing.waitForExit(), 3)
        XCTAssertTrue(raw(failing).contains("\u{1B}]9;4;0;0\u{1B}\\"), "cleared")
    }

    /// None for a terminal that does not say it shows it: kitty before 0.38 (it would pop a
    /// desktop notification), a terminal that names nothing, line mode.
    func testNoProgressForOthers() throws {
        for version in ["kitty(0.26.5)", nil] {
            var answers = Screen.Answers()
            answers.version = version
            let p = try PTYProcess(["progress", "--no-animation", "Waiting", "--", "sh", "-c", "sleep 0.3"], answers: answers)
            XCTAssertEqual(try p.waitForExit(), 0)
            XCTAssertFalse(raw(p).contains("]9;4"), "\(version ?? "none")")
        }
        let dumb = try PTYProcess(["progress", "Waiting", "--", "sh", "-c", "sleep 0.3"], environment: ["TERM": "dumb", "WT_SESSION": "x"])
        XCTAssertEqual(try dumb.waitForExit(), 0)
        XCTAssertFalse(raw(dumb).contains("]9;4"), "line mode")
    }
}

/// The live bug of issue 61, in a real shell: alertty run from a zsh widget (zle -N, bindkey)
/// turned bracketed paste off as it left, so a two-line paste afterwards ran its first line. On a
/// terminal that reports the mode (the harness answers DECRQM as xterm, kitty, foot and WezTerm
/// do; tmux 3.3 answers DA1 alone, and there alertty still turns it off, as before).
final class ZshWidgetEndToEndTests: XCTestCase {
    func testAPasteAfterAWidgetRanAlerttyDoesNotRun() throws {
        try Needs.program("/usr/bin/zsh", package: "zsh")
        let dir = try temporaryFolder()
        try """
            PS1='zsh%% '
            ask() { \(PTYProcess.binary) confirm --no-animation 'Go on?'; zle reset-prompt }
            zle -N ask
            bindkey '^G' ask

            """.write(toFile: dir + "/.zshrc", atomically: true, encoding: .utf8)
        let zsh = try PTYProcess(["-i"], environment: ["ZDOTDIR": dir], executable: "/usr/bin/zsh", stdioOnTerminal: true)
        try zsh.waitFor("zsh's prompt, paste on") { $0.text.contains("zsh%") && zsh.screen.bracketedPaste }
        zsh.type("\u{07}") // Ctrl-G: the widget
        try zsh.waitForText("Go on?")
        zsh.type("\r")
        try zsh.waitFor("back in zsh's line editor") { !$0.text.contains("Go on?") && $0.text.contains("zsh%") }
        // Pasted as a terminal pastes: bracketed while the mode is on.
        let pasted = "echo FIRST-RAN\necho SECOND-RAN\n"
        zsh.type(zsh.screen.bracketedPaste ? "\u{1B}[200~" + pasted + "\u{1B}[201~" : pasted)
        try zsh.waitForText("echo SECOND-RAN")
        XCTAssertFalse(zsh.screen.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "FIRST-RAN" },
                       "the pasted first line ran:\n\(zsh.screen.text)")
        XCTAssertTrue(zsh.screen.bracketedPaste, "paste left on for zsh")
        zsh.signal(SIGKILL)
        _ = try zsh.waitForExit()
    }
}

extension TerminalProbeEndToEndTests {
    /// An address in a message or a text is an OSC 8 hyperlink on a terminal that shows them
    /// (by its name), drawn as text all the same; a terminal that did not say sends none.
    func testAddressesAreLinksWhereTheTerminalShowsThem() throws {
        let open = Array("\u{1B}]8;;https://example.com/docs\u{1B}\\".utf8)
        for (version, links) in [("kitty(0.39.1)", true), (nil, false)] {
            var answers = Screen.Answers()
            answers.version = version
            let p = try PTYProcess(["message", "--no-animation", "Read https://example.com/docs first."], answers: answers)
            try p.waitForText("https://example.com/docs first.")
            XCTAssertEqual(Self.holds(p.screen.raw, open), links, "\(version ?? "a terminal that said nothing")")
            p.type(K.enter)
            try assertEnded(p, status: 0)
        }
        let file = try temporaryFolder() + "/notes"
        try "docs: https://example.com/docs\n".write(toFile: file, atomically: false, encoding: .utf8)
        var answers = Screen.Answers()
        answers.version = "WezTerm 20240203"
        let text = try PTYProcess(["text", "--no-animation", file], answers: answers)
        try text.waitForText("docs: https://example.com/docs")
        XCTAssertTrue(Self.holds(text.screen.raw, open), "a text's addresses too")
        text.type("q")
        try assertEnded(text, status: 0)
    }

    /// Mode 2027 on while the box is up where the terminal knows it (and off again after, as it
    /// was), untouched where it does not.
    func testGraphemeClustersAreMeasuredWholeWhereTheTerminalCan() throws {
        for known in [true, false] {
            var answers = Screen.Answers()
            answers.graphemes = known
            let p = try PTYProcess(["input", "--no-animation", "Reaction? 👍🏽"], answers: answers)
            try p.waitForText("Reaction?")
            XCTAssertEqual(p.screen.graphemeClusters, known)
            p.type("ok" + K.enter)
            try assertEnded(p, status: 0, stdout: "ok\n")
            XCTAssertFalse(p.screen.graphemeClusters, "as it was")
            XCTAssertEqual(Self.holds(p.screen.raw, Array("\u{1B}[?2027h".utf8)), known)
        }
    }

    static func holds(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// `alertty --print-terminal` keeps what the terminal says in one line; a prompt given it in
    /// ALERTTY_TERMINAL asks nothing and acts on it (paste left on, the light look, the keyboard
    /// protocol pushed and popped); no terminal: exit 3.
    func testTheAnswersKeptInALERTTY_TERMINALSpareTheQuestion() throws {
        var answers = Screen.Answers(background: "ffff/ffff/ffff")
        answers.pasteOn = true
        answers.kittyKeyboard = true
        answers.version = "kitty(0.39.1)"
        let printed = try PTYProcess(["--print-terminal"], answers: answers)
        XCTAssertEqual(try printed.waitForExit(), 0, printed.stderrText)
        let kept = printed.stdoutText.trimmingCharacters(in: .newlines)
        XCTAssertEqual(kept, "v1;modes=1,2,0,0;bg=ffffff;keys=0;name=kitty(0.39.1)", "paste on, sync off, 2027 and 2031 not said")
        XCTAssertEqual(printed.modeNow, printed.modeBefore)

        let p = try PTYProcess(["confirm", "--no-animation", "Go on?"], environment: ["ALERTTY_TERMINAL": kept], answers: answers)
        try p.waitForText("Go on?")
        XCTAssertEqual(p.screen.probesAnswered, 0, "nothing asked: the answers were kept")
        XCTAssertEqual(p.screen.keyboardStack.count, 1, "the keyboard protocol pushed, as kitty speaks it")
        p.type(K.enter)
        try assertEnded(p, status: 0)
        XCTAssertTrue(p.screen.bracketedPaste, "paste left on, as it was")
        XCTAssertEqual(p.screen.keyboardStack.count, 0, "and popped")

        let look = try PTYProcess(["--print-theme"], environment: ["ALERTTY_TERMINAL": kept], answers: Screen.Answers(device: false))
        XCTAssertEqual(try look.waitForExit(), 0)
        XCTAssertTrue(look.stdoutText.hasPrefix("# alertty's look here: light, because the terminal says its background is #ffffff"), look.stdoutText)

        let none = try Job(["--print-terminal"])
        XCTAssertEqual(try none.waitForExit(), 3)
        XCTAssertEqual(none.stderrText, "alertty: --print-terminal: no terminal to ask (/dev/tty)\n")
    }

    /// `alertty --print-theme` with no name says which look this terminal gets and why: the
    /// background the terminal reports, else COLORFGBG, else a theme set; the terminal's mode
    /// as it was after.
    func testPrintThemeSaysWhichLookAndWhy() throws {
        let white = try PTYProcess(["--print-theme"], answers: Screen.Answers(background: "ffff/ffff/ffff"))
        XCTAssertEqual(try white.waitForExit(), 0)
        XCTAssertTrue(white.stdoutText.hasPrefix("# alertty's look here: light, because the terminal says its background is #ffffff (OSC 11).\n"), white.stdoutText)
        XCTAssertEqual(white.modeNow, white.modeBefore)
        let black = try PTYProcess(["--print-theme"], answers: Screen.Answers(background: "0000/0000/0000"))
        XCTAssertEqual(try black.waitForExit(), 0)
        XCTAssertTrue(black.stdoutText.hasPrefix("# alertty's look here: default, because the terminal says its background is #000000"), black.stdoutText)
        let silent = try PTYProcess(["--print-theme"], environment: ["COLORFGBG": "0;15"], answers: Screen.Answers(device: false))
        XCTAssertEqual(try silent.waitForExit(), 0)
        XCTAssertTrue(silent.stdoutText.hasPrefix("# alertty's look here: light, because COLORFGBG=0;15 says the background is light."), silent.stdoutText)
        let set = try PTYProcess(["--print-theme"], environment: ["ALERTTY_THEME": "mono"])
        XCTAssertEqual(try set.waitForExit(), 0)
        XCTAssertTrue(set.stdoutText.hasPrefix("# alertty's look here: mono, because ALERTTY_THEME is set."), set.stdoutText)
    }
}
