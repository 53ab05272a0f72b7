// Keys typed before a prompt exists never answer it: an Enter pressed while the previous step of
// a script ran must not confirm "Delete everything?" unseen, nor type a PIN for gpg-agent. The
// keys are typed while a shell holds the terminal without reading it (waiting on a gate), then
// the gate opens and alertty starts with them queued; the prompt must wait for new keys. Beside
// it, the peers alertty stands in for do the same (pinentry-curses, dialog).
import Foundation
import Glibc
import XCTest

final class TypeAheadEndToEndTests: XCTestCase {
    /// A process that waits at a gate before it execs `program`: keys typed meanwhile wait in the
    /// terminal, as they would while a script's previous command ran.
    struct Gated {
        let process: PTYProcess
        let gate: String

        /// Lets the program start.
        func open() {
            let fd = Glibc.open(gate, O_WRONLY) // waits for the shell to open its end
            _ = "go\n".withCString { write(fd, $0, 3) }
            close(fd)
        }
    }

    /// `onTheTerminal`: stdin and stdout on the terminal too, as curses programs (the real dialog) want them.
    func gated(_ program: String, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
               onTheTerminal: Bool = false) throws -> Gated {
        let gate = NSTemporaryDirectory() + "alertty-gate-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        XCTAssertEqual(mkfifo(gate, 0o600), 0)
        addTeardownBlock { unlink(gate) }
        let exec = onTheTerminal ? "exec \"$@\" </dev/tty >/dev/tty" : "exec \"$@\""
        let p = try PTYProcess(["-c", "read go < \"$0\"; " + exec, gate, program] + arguments,
                               environment: environment, stdin: stdin.map { Array($0.utf8) }, executable: "/bin/sh")
        return Gated(process: p, gate: gate)
    }

    /// Types `keys` ahead, waits until the terminal shows their echo (so they are queued), opens the gate.
    func typeAhead(_ g: Gated, _ keys: String, echo: String) throws {
        g.process.type(keys)
        try g.process.waitForText(echo)
        g.open()
    }

    func testAnEnterTypedBeforeConfirmIsShownDoesNotAnswerIt() throws {
        let g = try gated(PTYProcess.binary, ["confirm", "--no-animation", "Delete everything?"])
        try typeAhead(g, "yy\r", echo: "yy")
        try g.process.waitForText("< Yes >")
        g.process.type("n")
        try assertEnded(g.process, status: 1)
    }

    func testKeysTypedBeforeInputIsShownAreNotTyped() throws {
        let g = try gated(PTYProcess.binary, ["input", "--no-animation", "--value", "8080", "Port?"])
        try typeAhead(g, "99\r", echo: "99")
        try g.process.waitForText("Port?")
        XCTAssertFalse(g.process.screen.contains("808099"), g.process.screen.text)
        g.process.type("1\r")
        try assertEnded(g.process, status: 0, stdout: "80801\n")
    }

    func testKeysTypedOnceTheBoxIsShownAreKept() throws {
        // A fast typist's keys are not lost once the box is visible: typed in one burst after the
        // first frame, all of them count.
        let p = try PTYProcess(["input", "--no-animation", "Name?"])
        try p.waitForText("Name?")
        p.type("Ada Lovelace\r")
        try assertEnded(p, status: 0, stdout: "Ada Lovelace\n")
    }

    func testLineModeDoesNotTakeATypedAheadYesOrSecret() throws {
        let g = try gated(PTYProcess.binary, ["confirm", "--plain", "Delete everything?"])
        try typeAhead(g, "yes\r", echo: "yes")
        try g.process.waitForText("[Y/n]")
        g.process.type("n\r")
        try assertEnded(g.process, status: 1)

        let s = try gated(PTYProcess.binary, ["password", "--plain", "Sign in"])
        try typeAhead(s, "early\r", echo: "early")
        try s.process.waitForText("Password:")
        s.process.type("later\r")
        try assertEnded(s.process, status: 0, stdout: "later\n")
    }

    /// gpg-agent's CONFIRM ("allow use of this key?") and GETPIN, with keys queued on the
    /// terminal before pinentry starts: nothing is confirmed or entered unseen.
    func pinentrySession(_ program: [String], confirmKeys: String) throws -> [String] {
        let session = "OPTION ttyname=/dev/tty\nOPTION ttytype=xterm-256color\n"
            + "SETDESC Allow use of this key?\nCONFIRM\nSETDESC Unlock the key\nGETPIN\nBYE\n"
        let g = try gated(program[0], Array(program.dropFirst()), stdin: session)
        try typeAhead(g, "yes\r1234\r", echo: "1234")
        try g.process.waitForText("Allow use of this key?")
        g.process.type(confirmKeys)
        try g.process.waitForText("Unlock the key")
        g.process.type("real\r")
        XCTAssertEqual(try g.process.waitForExit(timeout: 20), 0, g.process.stderrText)
        return g.process.stdoutText.split(separator: "\n").map(String.init)
    }

    func testPinentryNeverConfirmsOrTakesAPinTypedAhead() throws {
        let replies = try pinentrySession([PTYProcess.binary, "pinentry"], confirmKeys: PTYProcess.Keys.escape)
        XCTAssertEqual(replies, ["OK Pleased to meet you", "OK", "OK", "OK", "ERR 83886179 Operation cancelled <Pinentry>", "OK",
                                 "D real", "OK", "OK closing connection"])
    }

    func testPinentryCursesDiscardsTypeAheadToo() throws {
        try Needs.program("/usr/bin/pinentry-curses", package: "pinentry-curses")
        let replies = try pinentrySession(["/usr/bin/pinentry-curses"], confirmKeys: "\u{05}") // its Cancel: Ctrl-E
        XCTAssertEqual(replies, ["OK Pleased to meet you", "OK", "OK", "OK", "ERR 83886179 Operation cancelled <Pinentry>", "OK",
                                 "D real", "OK", "OK closing connection"])
    }

    func testDialogDiscardsTypeAheadAsTheDropInDoes() throws {
        try Needs.program("/usr/bin/dialog", package: "dialog")
        for program in ["/usr/bin/dialog", PTYProcess.binary(named: "dialog")] {
            let g = try gated(program, ["--yesno", "Delete everything?", "8", "40"], onTheTerminal: true)
            try typeAhead(g, "yy\r", echo: "yy")
            try g.process.waitForText("Delete everything?")
            g.process.type("n")
            XCTAssertEqual(try g.process.waitForExit(), 1, program)
        }
    }
    /// dialog's --sleep keeps an infobox up for a while: keys typed meanwhile are not echoed over
    /// it (dialog sleeps with curses' noecho), and a Ctrl-C then ends it with the echo given back.
    func testKeysTypedWhileAnInfoboxSleepsAreNotEchoedOverIt() throws {
        let dialog = PTYProcess.binary(named: "dialog")
        let p = try PTYProcess(["--sleep", "3", "--infobox", "Working", "5", "30"], executable: dialog)
        try p.waitForText("Working")
        // An infobox has no button to press and no key to say (as in dialog and whiptail).
        XCTAssertFalse(p.screen.contains("<  >") || p.screen.contains("Esc"), p.screen.text)
        p.type("xyz")
        try assertEnded(p, status: 0)
        XCTAssertFalse(p.screen.contains("xyz"), p.screen.text)

        // Left on the screen with the cursor where it was, as dialog and whiptail leave it: the
        // script's next line is printed there.
        let after = try PTYProcess(["-c", "printf 'a\\nb\\nc\\n'; \"$0\" --infobox Working 5 30; echo next", dialog],
                                   executable: "/bin/sh", stdioOnTerminal: true)
        try after.waitForText("next")
        XCTAssertEqual(try after.waitForExit(), 0)
        XCTAssertTrue(after.screen.lines[3].hasPrefix("next"), after.screen.text)
        XCTAssertTrue(after.screen.contains("Working"), after.screen.text)

        let interrupted = try PTYProcess(["--sleep", "30", "--infobox", "Working", "5", "30"], executable: dialog)
        try interrupted.waitForText("Working")
        interrupted.type(PTYProcess.Keys.ctrlC)
        try assertEnded(interrupted, status: 128 + SIGINT)
    }
}
