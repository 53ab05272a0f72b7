// save and folder on real temporary trees, end to end in a pseudo-terminal.
import Foundation
import Glibc
import XCTest

final class SaveEndToEndTests: XCTestCase {
    var base = ""
    var root = ""

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "alertty-save-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        root = base + "/root"
        let fm = FileManager.default
        for dir in ["root/docs/old", "root/music", "outside"] {
            try fm.createDirectory(atPath: base + "/" + dir, withIntermediateDirectories: true)
        }
        for file in ["root/a.txt", "root/docs/report.txt", "root/.hidden", "outside/secret"] {
            createFile(base + "/" + file)
        }
        try fm.createSymbolicLink(atPath: root + "/escape", withDestinationPath: "../outside")
        try fm.createSymbolicLink(atPath: root + "/broken", withDestinationPath: "nowhere")
        try fm.createSymbolicLink(atPath: root + "/badfile", withDestinationPath: "../outside/secret")
        root = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: base)
    }

    func save(_ extra: [String], columns: Int = 80, rows: Int = 24) throws -> PTYProcess {
        try PTYProcess(["save", "--no-animation", "--root", root] + extra, columns: columns, rows: rows)
    }

    func testNavigateBackTypeAheadAndSave() throws {
        let p = try save(["--name", "out.txt"])
        try waitForFolder(p, root)
        XCTAssertTrue(p.screen.contains(" docs/"))
        XCTAssertFalse(p.screen.contains(".hidden"))
        p.type(K.tab)           // to the list
        p.type("d")             // type-ahead → docs
        p.type(K.enter)         // open it
        try waitForFolder(p, root + "/docs")
        XCTAssertTrue(p.screen.contains("‹ root"), "the back control names the parent")
        XCTAssertTrue(p.screen.contains("report.txt"))
        p.type(K.left)
        try p.waitFor("back at the root") { !$0.contains("‹ root") && $0.contains(" music/") }
        p.type("\u{1B}.")       // Alt-. shows hidden entries
        try p.waitForText(".hidden")
        p.type(K.shiftTab + K.enter) // back to the name field, save
        try assertEnded(p, status: 0, stdout: root + "/out.txt\n")
    }

    func testOverwriteAskDenyAllow() throws {
        let ask = try save(["--name", "a.txt"])
        try ask.waitForText("Name: a.txt")
        ask.type(K.enter)
        try ask.waitForText("already exists. Replace it?")
        ask.type(K.enter) // defaults to Cancel
        try ask.waitFor("confirm closed") { !$0.contains("Replace it?") }
        ask.type(K.enter)
        try ask.waitForText("Replace it?")
        ask.type("r")
        try assertEnded(ask, status: 0, stdout: root + "/a.txt\n")

        let deny = try save(["--name", "a.txt", "--overwrite", "deny"])
        try deny.waitForText("Name: a.txt")
        deny.type(K.enter)
        try deny.waitForText("already exists; choose another name")
        deny.type(K.escape)
        try assertEnded(deny, status: 1, stdout: "")

        let allow = try save(["--name", "a.txt", "--overwrite", "allow"])
        try allow.waitForText("Name: a.txt")
        allow.type(K.enter)
        try assertEnded(allow, status: 0, stdout: root + "/a.txt\n")
    }

    func testSandboxEscapesFail() throws {
        let p = try save([])
        try p.waitForText("escape@/")
        p.type(K.tab + "e" + K.enter) // the symlink pointing outside
        try p.waitForText("leads outside")
        XCTAssertTrue(Self.shows(p.screen, folder: root), p.screen.text)
        p.type(K.shiftTab + "../outside/x" + K.enter)
        try p.waitForText("a path below this folder, without . or ..") // relative paths are fine, `..` is not (issue 14)
        p.type(K.ctrlU + "badfile" + K.enter) // a file link pointing outside: refused, not offered for overwrite
        try p.waitForText("“badfile” leads outside")
        p.type(K.ctrlU + "escape" + K.enter) // a folder link typed as a name: opening it is refused too
        try p.waitForText("“escape” leads outside")
        XCTAssertTrue(Self.shows(p.screen, folder: root), p.screen.text)
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
    }

    func testDirOutsideRootIsUsageError() throws {
        let p = try PTYProcess(["save", "--root", root, "--dir", base + "/outside"])
        try assertEnded(p, status: 2, stdout: "")
        XCTAssertTrue(p.stderrText.contains("is outside --root"), p.stderrText)
        XCTAssertTrue(p.screen.raw.isEmpty)
    }

    func testCreateFolderAndEnterIt() throws {
        let p = try save([])
        try p.waitForText("In: ")
        p.type(K.ctrlN)
        try p.waitForText("New Folder")
        p.type("docs")
        try p.waitForText("already exists")
        p.type(K.ctrlU + "fresh" + K.enter)
        try waitForFolder(p, root + "/fresh")
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/fresh", isDirectory: &isDirectory) && isDirectory.boolValue)
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
    }

    func testCreateFolderFailureIsShownAndNothingChanges() throws {
        // /proc refuses mkdir even for root.
        let p = try PTYProcess(["save", "--no-animation", "--root", "/proc/self", "--dir", "/proc/self"])
        try p.waitForText("In: /proc/")
        p.type(K.ctrlN + "nope" + K.enter)
        try p.waitForText("Could not create")
        p.type(K.enter)
        try p.waitFor("message closed") { !$0.contains("Could not create") }
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
    }

    func testStrangeNamesAreDrawnEscapedAndReturnedExact() throws {
        let name = "line\nbreak\u{1B}[31mred"
        createFile(root + "/" + name)
        let p = try save(["--print0", "--overwrite", "allow"])
        try p.waitForText("line^Jbreak^[[31mred")
        p.type(K.tab + "l" + K.enter) // type-ahead to it; Enter copies its name
        try p.waitFor("name copied") { $0.lines.contains { $0.contains("Name: line^Jbreak") } }
        p.type(K.enter)
        try assertEnded(p, status: 0, stdout: root + "/" + name + "\0")
        XCTAssertFalse(String(decoding: p.screen.raw, as: UTF8.self).contains("\u{1B}[31mred"))
    }

    func testResizeWhileBrowsingAndFolderMode() throws {
        let p = try PTYProcess(["folder", "--no-animation", "--root", root], columns: 80, rows: 24)
        try p.waitForText("Choose")
        p.type("m" + K.enter)
        try waitForFolder(p, root + "/music")
        p.resize(columns: 50, rows: 14)
        try p.waitFor("redrawn small") { $0.contains("Choose") && $0.lines.allSatisfy { $0.count <= 50 } }
        p.type(K.tab + K.tab + K.tab + K.enter) // New Folder → Cancel → Choose
        try assertEnded(p, status: 0, stdout: root + "/music\n")
    }

    func testLargeFolderStaysResponsive() throws {
        let big = base + "/big"
        try FileManager.default.createDirectory(atPath: big, withIntermediateDirectories: true)
        for i in 0..<3000 { createFile(big + "/file\(i)") }
        let p = try PTYProcess(["save", "--no-animation", "--root", big])
        try p.waitForText("file0")
        p.type(K.tab + K.end)
        try p.waitForText("file999")
        p.type(K.escape)
        try assertEnded(p, status: 1, stdout: "")
    }

    /// The folder the box says it is in: the whole path, or — where it is longer than the box is
    /// wide (a long TMPDIR) — its end after "…", as the box cuts it.
    static func shows(_ screen: Screen, folder: String) -> Bool {
        screen.text.split(separator: "\n").contains { line in
            guard let start = line.range(of: "In: ") else { return false }
            let shown = line[start.upperBound...].prefix { $0 != "│" }.trimmingCharacters(in: .whitespaces)
            return shown == folder || (shown.hasPrefix("…") && shown.count > 8 && folder.hasSuffix(shown.dropFirst()))
        }
    }

    func waitForFolder(_ p: PTYProcess, _ folder: String) throws {
        try p.waitFor("In: \(folder)") { Self.shows($0, folder: folder) }
    }
}
