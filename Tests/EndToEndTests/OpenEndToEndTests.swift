// open on real temporary trees, end to end: in a pseudo-terminal (the box and line mode), with no
// terminal (an answer from the environment, a replayed record), and never out of its root.
import Foundation
import Glibc
import XCTest

final class OpenEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys
    var base = ""
    var root = ""

    override func setUpWithError() throws {
        base = try temporaryFolder()
        let fm = FileManager.default
        for dir in ["root/conf.d", "root/conf.d/deep", "root/.git", "outside"] {
            try fm.createDirectory(atPath: base + "/" + dir, withIntermediateDirectories: true)
        }
        for file in ["root/a.conf", "root/b.txt", "root/conf.d/x.conf", "root/conf.d/deep/y.conf", "root/.git/config.conf",
                     "outside/secret.conf"] {
            try "text of \(file)\n".write(toFile: base + "/" + file, atomically: false, encoding: .utf8)
        }
        try fm.createSymbolicLink(atPath: base + "/root/escape.conf", withDestinationPath: "../outside/secret.conf")
        try fm.createSymbolicLink(atPath: base + "/root/away", withDestinationPath: "../outside")
        root = URL(fileURLWithPath: base + "/root").resolvingSymlinksInPath().path
    }

    func open(_ extra: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws -> PTYProcess {
        try PTYProcess(["open", "--no-animation", "--root", root] + extra, columns: columns, rows: rows, environment: environment)
    }

    /// The folder the box shows on its path row (its end after "…" where TMPDIR is long).
    func waitForFolder(_ p: PTYProcess, _ folder: String) throws {
        try p.waitFor("in \(folder)") { screen in
            screen.trimmedLines.contains { line in
                let shown = line.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")).components(separatedBy: "  ").first ?? ""
                return shown == folder || (shown.hasPrefix("…") && shown.count > 8 && folder.hasSuffix(shown.dropFirst()))
            }
        }
    }

    func testAGlobOffersOnlyWhatMatchesAndFoldersAreGoneInto() throws {
        let p = try open(["--glob", "*.conf", "Which configuration?"])
        try waitForFolder(p, root)
        try p.waitForText("a.conf")
        XCTAssertTrue(p.screen.contains("conf.d/"), "folders are shown, to go into")
        XCTAssertFalse(p.screen.contains("b.txt"), "no *.conf")
        XCTAssertFalse(p.screen.contains(".git"), "hidden entries are skipped without --all")
        p.type("conf.d")
        try p.waitForText("1 of")
        p.type(K.enter) // a folder, files asked for: gone into
        try waitForFolder(p, root + "/conf.d")
        try p.waitForText("x.conf")
        p.type(K.down + K.enter) // deep/ first, then x.conf
        try assertEnded(p, status: 0, stdout: root + "/conf.d/x.conf\n")
    }

    func testSeveralFilesAreMarkedInAnyFolder() throws {
        let p = try open(["--multi", "--print0"])
        try p.waitForText("a.conf")
        p.type("a.conf")
        try p.waitForText("2 of") // a.conf first, then escape.conf
        p.type(" ") // Space marks
        try p.waitForText("1 marked")
        p.type(K.escape) // clears the filter
        try p.waitForText("type to filter")
        p.type("conf.d" + K.enter)
        try waitForFolder(p, root + "/conf.d")
        p.type("x.conf")
        try p.waitForText("1 of")
        p.type(" ")
        try p.waitForText("2 marked")
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: root + "/a.conf\0" + root + "/conf.d/x.conf\0")
    }

    func testTheRootIsNeverLeftByALinkDotDotOrATypedPath() throws {
        let p = try open([])
        try p.waitForText("escape.conf")
        p.type("escape" + K.enter) // a link to a file outside
        try p.waitForText("“escape.conf” leads outside")
        p.type(K.ctrlU + "away" + K.right) // a link to a folder outside
        try p.waitForText("“away” leads outside")
        p.type(K.ctrlU) // a key: the refusal gives way to the folder, still the root
        try waitForFolder(p, root)
        p.type(K.ctrlU + "../outside/secret.conf" + K.enter) // matches nothing: a typed path
        try p.waitForText("is outside")
        p.type(K.ctrlU + base + "/outside/secret.conf" + K.enter)
        try p.waitForText("is outside")
        p.type(K.ctrlU + K.left) // Left at the root stays
        try p.waitForText("“..” leads outside the root")
        p.type("c")
        try waitForFolder(p, root)
        p.type(K.ctrlU)
        p.type("conf.d/deep/y.conf" + K.enter) // a typed path inside is taken
        try assertEnded(p, status: 0, stdout: root + "/conf.d/deep/y.conf\n")
    }

    func testRecursiveListsTheTreeBelowAndSkipsHidden() throws {
        let p = try open(["--recursive", "--glob", "*.conf"])
        try p.waitForText("conf.d/deep/y.conf")
        XCTAssertFalse(p.screen.contains("config.conf"), ".git is skipped")
        p.type("deepy")
        try p.waitForText("1 of")
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: root + "/conf.d/deep/y.conf\n")
        let all = try open(["--recursive", "--all", "--glob", "*.conf"])
        try all.waitForText(".git/config.conf")
        all.type(K.escape)
        try assertEnded(all, status: 1, stdout: "")
    }

    /// A start that is a file: its folder shown, the file focused; Enter takes it.
    func testAStartFileIsFocused() throws {
        let p = try open(["--dir", root + "/conf.d/x.conf"])
        try waitForFolder(p, root + "/conf.d")
        try p.waitForText("x.conf")
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: root + "/conf.d/x.conf\n")
        let outside = try PTYProcess(["open", "--root", root, "--dir", base + "/outside/secret.conf"])
        try assertEnded(outside, status: 2, stdout: "")
        XCTAssertTrue(outside.stderrText.contains("is outside --root"), outside.stderrText)
    }

    func testPeekShowsTheStartOfATextFile() throws {
        XCTAssertEqual(mkfifo(root + "/pipe", 0o600), 0)
        let p = try open(["--peek"], columns: 100)
        try p.waitForText("→ ../outside") // a link: where it points, not what is there
        XCTAssertFalse(p.screen.contains("secret.conf"), p.screen.text)
        p.type("a.conf")
        try p.waitForText("text of root/a.conf")
        p.type(K.ctrlU + "pipe") // a FIFO is never read: it could block
        try p.waitForText("not a regular file")
        p.type(K.escape) // clears the filter
        try p.waitForText("type to filter")
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
    }

    // MARK: - Every door gives the same answer

    let expected = { (root: String) in root + "/conf.d/x.conf\n" }

    func testTheBoxDoor() throws {
        let p = try open(["--id", "cfg", "--glob", "*.conf"])
        try p.waitForText("conf.d/")
        p.type("conf.d" + K.enter)
        try waitForFolder(p, root + "/conf.d")
        p.type("x" + K.enter)
        try assertEnded(p, status: 0, stdout: expected(root))
    }

    func testTheTimeoutDefaultDoor() throws {
        let p = try open(["--timeout", "1", "--on-timeout", "default", "--dir", root + "/conf.d/x.conf"])
        try p.waitForText("x.conf")
        try assertEnded(p, status: 0, stdout: expected(root))
        let line = try PTYProcess(["open", "--root", root, "--timeout", "1", "--on-timeout", "default", "--dir", root + "/conf.d/x.conf"],
                                  environment: ["TERM": "dumb"])
        try assertEnded(line, status: 0, stdout: expected(root))
    }

    func testTheLineModeDoor() throws {
        let p = try PTYProcess(["open", "--root", root, "--glob", "*.conf"], environment: ["TERM": "dumb"])
        try p.waitForText("Number or .. to open or choose")
        XCTAssertTrue(p.screen.contains("2) conf.d/"), p.screen.text)
        p.type("../outside/secret.conf\r")
        try p.waitForText("is outside")
        p.type("1\r") // away/: a link out
        try p.waitForText("leads outside")
        p.type("2\r")
        try p.waitForText("In: \(root)/conf.d")
        p.type("conf.d/x.conf\r") // relative to the folder shown: does not exist
        try p.waitForText("does not exist")
        p.type("x.conf\r")
        try assertEnded(p, status: 0, stdout: expected(root))
        XCTAssertFalse(p.screen.raw.contains(0x1B), "plain lines")
    }

    func testTheNoPersonDoor() throws {
        let answered = try Job(["open", "--id", "cfg", "--root", root, "--glob", "*.conf"], environment: ["ALERTTY_ANSWER_CFG": "conf.d/x.conf"])
        XCTAssertEqual(try answered.waitForExit(), 0, answered.stderrText)
        XCTAssertEqual(answered.stdoutText, expected(root))
        for (answer, said) in [("b.txt", "does not match --glob '*.conf'"), ("escape.conf", "leads outside"), ("../outside/secret.conf", "is outside")] {
            let refused = try Job(["open", "--id", "cfg", "--root", root, "--glob", "*.conf"], environment: ["ALERTTY_ANSWER_CFG": answer])
            XCTAssertEqual(try refused.waitForExit(), 2, answer)
            XCTAssertTrue(refused.stderrText.contains(said), refused.stderrText)
            XCTAssertEqual(refused.stdoutText, "")
        }
        let byDefault = try Job(["open", "--non-interactive", "--root", root, "--dir", root + "/conf.d/x.conf"])
        XCTAssertEqual(try byDefault.waitForExit(), 0, byDefault.stderrText)
        XCTAssertEqual(byDefault.stdoutText, expected(root))
        let none = try Job(["open", "--non-interactive", "--root", root])
        XCTAssertEqual(try none.waitForExit(), 3, none.stderrText)
    }

    /// A job with no terminal (as cron runs it): its open waits for the agent, which shows the
    /// same box and gives the job the same answer.
    func testTheAgentDoor() throws {
        defer { PopupReachEndToEndTests.clearQueue() }
        let asked = try job(["open", "--root", root, "--glob", "*.conf", "Which configuration?"])
        try waitForOffers([asked], count: 1)
        let agent = try PTYProcess(["agent"])
        try agent.waitFor("the box takes keys") { !$0.contains("keys in a moment") && $0.contains("conf.d/") }
        agent.type("conf.d" + K.enter)
        try agent.waitForText("x.conf")
        agent.type("x" + K.enter)
        XCTAssertEqual(try asked.waitForExit(), 0, asked.stderrText)
        XCTAssertEqual(asked.stdoutText, expected(root))
        XCTAssertEqual(try agent.waitForExit(), 0)
    }

    /// 100,000 files below the root: listed while they are read, filtered at the first key, and
    /// the one typed for chosen.
    func testRecursiveOverAHundredThousandFiles() throws {
        let big = try temporaryFolder()
        for d in 0..<100 {
            for sub in 0..<10 {
                let folder = big + "/proj\(d)/part\(sub)"
                XCTAssertEqual(mkdir(big + "/proj\(d)", 0o755) == 0 || errno == EEXIST, true)
                XCTAssertEqual(mkdir(folder, 0o755), 0)
                for f in 0..<100 { close(creat(folder + "/file\(f).txt", 0o644)) }
            }
        }
        let p = try PTYProcess(["open", "--no-animation", "--recursive", "--root", big, "Pick"])
        try p.waitFor("every file listed") { $0.contains("100,000") && !$0.contains("loading") }
        p.type("proj42/part7/file99.txt")
        try p.waitForText("1 of 100,000")
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: URL(fileURLWithPath: big).resolvingSymlinksInPath().path + "/proj42/part7/file99.txt\n")
    }

    func testTheReplayDoor() throws {
        let record = try temporaryFolder() + "/answers"
        let p = try open(["--id", "cfg", "--multi"], environment: ["ALERTTY_RECORD": record])
        try p.waitForText("a.conf")
        p.type("a.conf")
        try p.waitForText("2 of")
        p.type(" ")
        try p.waitForText("1 marked")
        p.type(K.escape)
        try p.waitForText("type to filter")
        p.type("conf.d" + K.enter)
        try waitForFolder(p, root + "/conf.d")
        p.type("x.conf")
        try p.waitForText("1 of")
        p.type(" " + K.enter)
        let both = root + "/a.conf\n" + root + "/conf.d/x.conf\n"
        try assertEnded(p, status: 0, stdout: both)
        let replayed = try Job(["open", "--id", "cfg", "--multi", "--root", root], environment: ["ALERTTY_ANSWERS": record])
        XCTAssertEqual(try replayed.waitForExit(), 0, replayed.stderrText)
        XCTAssertEqual(replayed.stdoutText, both)
    }
}
