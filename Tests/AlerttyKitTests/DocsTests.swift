@testable import AlerttyKit
import Foundation
import XCTest

/// The man page and completions are generated from the flag table; the checked-in copies must match.
final class DocsTests: XCTestCase {
    var packageRoot: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    func checkedIn(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    func testCheckedInDocsMatchTheFlagTable() throws {
        let pairs = [("man/alertty.1", "man"), ("completions/alertty.bash", "bash"),
                     ("completions/_alertty", "zsh"), ("completions/alertty.fish", "fish")]
        for (path, kind) in pairs {
            XCTAssertEqual(try checkedIn(path), Docs.generate(kind), "\(path) is stale: run scripts/generate-docs")
        }
    }

    func testEveryFlagAppearsInHelpManAndCompletions() throws {
        for alert in AlertKind.allCases {
            let help = Help.alert(alert)
            for flag in CommandSpec.flags(for: alert) {
                XCTAssertTrue(help.contains("--\(flag.name)"), "help of \(alert) lacks --\(flag.name)")
                XCTAssertTrue(Docs.bash().contains("--\(flag.name)"))
                XCTAssertTrue(Docs.zsh().contains("'--\(flag.name)["))
                XCTAssertTrue(Docs.fish().contains("-l \(flag.name) "))
                XCTAssertTrue(Docs.manPage().contains("\\-\\-\(flag.name.replacingOccurrences(of: "-", with: "\\-"))"))
            }
        }
        for status in ExitStatus.allCases {
            XCTAssertTrue(Help.global().contains("    \(status.rawValue) "))
            XCTAssertTrue(Docs.manPage().contains("\(status.rawValue)\t"))
            XCTAssertTrue(try checkedIn("README.md").contains("| \(status.rawValue) |"), "README lacks exit status \(status.rawValue)")
        }
    }

    func testManPageLintsCleanly() throws {
        let mandoc = "/usr/bin/mandoc"
        guard FileManager.default.isExecutableFile(atPath: mandoc) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("mandoc is required in CI") }
            throw XCTSkip("mandoc not installed")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: mandoc)
        p.arguments = ["-T", "lint", "-W", "warning", packageRoot.appendingPathComponent("man/alertty.1").path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, text)
        XCTAssertEqual(text, "")
    }

    func testCompletionScriptsParse() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-n", packageRoot.appendingPathComponent("completions/alertty.bash").path]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }
}

final class CompatTests: XCTestCase {
    func translate(_ args: [String]) -> Compat.Translated? {
        if case .success(let t)? = Compat.translate(args) { return t }
        return nil
    }

    func testWhiptailBoxesTranslate() {
        XCTAssertEqual(translate(["--title", "T", "--yesno", "Sure?", "8", "40"])?.arguments,
                       ["confirm", "--title", "T", "--width", "40", "--no-animation", "--", "Sure?"])
        XCTAssertEqual(translate(["--defaultno", "--yes-button", "Go", "--yesno", "a\\nb", "0", "0"])?.arguments,
                       ["confirm", "--yes", "Go", "--default", "no", "--no-animation", "--", "a\nb"])
        XCTAssertEqual(translate(["--inputbox", "Name", "8", "40", "Ann"])?.arguments,
                       ["input", "--width", "40", "--no-animation", "--value", "Ann", "--", "Name"])
        XCTAssertEqual(translate(["--stdout", "--passwordbox", "Pw", "8", "40"])?.output.descriptor, 1)
        XCTAssertEqual(translate(["--output-fd", "3", "--msgbox", "Hi", "8", "40"])?.output.descriptor, 3)
        XCTAssertEqual(translate(["--msgbox", "Hi", "8", "40"])?.output.descriptor, 2)
        XCTAssertEqual(translate(["--fselect", "/tmp/x.txt", "10", "60"])?.arguments,
                       ["save", "--width", "60", "--no-animation", "--dir", "/tmp", "--name", "x.txt"])
        XCTAssertNil(Compat.translate(["input", "--title", "x"]), "alertty's own syntax is not translated")
        guard case .failure? = Compat.translate(["--yesno", "x"]) else { return XCTFail("missing sizes is an error") }
        guard case .failure? = Compat.translate(["--menu", "x", "--yesno", "a", "1", "1"]) else { return XCTFail("unsupported option") }
    }
}
