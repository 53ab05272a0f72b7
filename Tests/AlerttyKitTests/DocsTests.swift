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

    func testGeneratedDocsStateWhatTheCodeDoes() throws {
        XCTAssertTrue(Help.alert(.message).contains("close (exit 0)"), "Esc on a message exits 0")
        XCTAssertFalse(Help.alert(.message).contains("cancel (exit 1)"))
        XCTAssertTrue(Help.alert(.confirm).contains("cancel (exit 1)"))
        for variable in ["ALERTTY_OPTIONS", "ALERTTY_NONINTERACTIVE", "ALERTTY_ANSWER_"] {
            XCTAssertTrue(Help.global().contains(variable), variable)
            XCTAssertTrue(Docs.generate("man").contains(variable), variable)
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

    func testCompletionScriptsParse() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-n", packageRoot.appendingPathComponent("completions/alertty.bash").path]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }

    func testFormHelpAndTheManPageListEveryFieldOption() {
        let help = Help.alert(.form), man = Docs.generate("man")
        XCTAssertTrue(help.contains("--field NAME KIND LABEL"))
        for name in FormSpec.options.keys.map(\.rawValue) {
            XCTAssertTrue(help.contains("    --" + name + " "), "form --help lists --\(name)")
            XCTAssertTrue(man.contains(".B \\-\\-" + name.replacingAll("-", with: "\\-")), "the man page lists --\(name)")
        }
        XCTAssertFalse(Help.alert(.message).contains("--field"))
    }


    func testBashCompletesAFlagByTheAlertItBelongsTo() {
        let bash = Docs.bash()
        XCTAssertTrue(bash.contains("form) COMPREPLY=($(compgen -W \"lines json shell\""), "form --output: form's values, not choose's")
        XCTAssertTrue(bash.contains("choose) COMPREPLY=($(compgen -W \"label tag index json\""))
        XCTAssertTrue(bash.contains("--fields-from --dialog-keys --output --field --confirm"), "form completes --field, then its options")
        for name in FormSpec.options.keys.map(\.rawValue) {
            XCTAssertTrue(bash.contains("--\(name) "), "bash completes the field option --\(name)")
            XCTAssertTrue(Docs.zsh().contains("'*--\(name)["), "zsh completes the field option --\(name)")
            XCTAssertTrue(Docs.fish().contains("__fish_seen_subcommand_from form' -l \(name)"), "fish completes the field option --\(name)")
        }
    }


    /// bash's completion, run: --theme offers the presets (and files), --print-theme the presets.
    func testBashCompletesThemeNames() throws {
        func complete(_ words: [String]) throws -> [String] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/bash")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            p.arguments = ["-c", "source \"$1\"; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _alertty; printf '%s\\n' \"${COMPREPLY[@]}\"",
                           "bash", packageRoot.appendingPathComponent("completions/alertty.bash").path]
            p.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return text.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["alertty", "confirm", "--theme", "hi"]), ["high-contrast"])
        XCTAssertEqual(try complete(["alertty", "--print-theme", "w"]), ["whiptail"])
        XCTAssertEqual(try complete(["alertty", "--generate", "z"]), ["zsh"])
        XCTAssertTrue(Docs.zsh().contains("--theme[") && Docs.zsh().contains("{compadd default light mono high-contrast whiptail dialog; _files}"))
        XCTAssertTrue(Docs.fish().contains("-l theme -r -F -a 'default light mono high-contrast whiptail dialog'"))
    }

    /// The Debian package's description names every alert and every program alertty is.
    func testThePackageDescriptionNamesEveryAlert() throws {
        let script = try checkedIn("scripts/package")
        let description = script.components(separatedBy: "Description:").last?.components(separatedBy: "CONTROL").first ?? ""
        for alert in AlertKind.allCases { XCTAssertTrue(description.contains(alert.rawValue), "the description lacks \(alert.rawValue)") }
        for program in ["whiptail", "dialog", "alertty-askpass", "pinentry-alertty"] { XCTAssertTrue(description.contains(program), program) }
    }

    /// Each alert's facts are one descriptor: every kind has exactly one row in the table.
    func testEveryAlertHasOneDescriptor() {
        for kind in AlertKind.allCases {
            XCTAssertEqual(AlertDescriptor.all.filter { $0.kind == kind }.count, 1, "\(kind)")
        }
        XCTAssertEqual(AlertDescriptor.all.count, AlertKind.allCases.count)
    }

    /// Every field option has its row in the one table the parser, help and completions read.
    func testEveryFieldOptionHasItsSpec() {
        XCTAssertEqual(Set(FormSpec.options.keys), Set(FieldOption.allCases))
        let help = CommandSpec.flags(for: .form).first { $0.flag == .fieldsFrom }?.help ?? ""
        for option in FieldOption.allCases { XCTAssertTrue(help.contains("--" + option.rawValue + " ") || help.contains("--" + option.rawValue + ")"), option.rawValue) }
    }

    /// What each alert takes with no person is said in its --help, the man page and the README.
    func testTheNoPersonRuleIsSaidForEveryAlert() throws {
        let readme = try checkedIn("README.md"), man = Docs.manPage()
        for d in AlertDescriptor.all {
            XCTAssertTrue(Help.alert(d.kind).contains(d.withoutAPerson), "\(d.kind) --help")
            XCTAssertTrue(readme.contains("| \(d.kind.rawValue) | \(d.withoutAPerson) |"), "README's row for \(d.kind)")
        }
        // (The man page folds its lines: each alert's entry says it once.)
        XCTAssertEqual(man.replacingOccurrences(of: "\n", with: " ").components(separatedBy: "With no person:").count - 1, AlertDescriptor.all.count)
    }

    /// The README's wizard is the one the end-to-end tests run through every front end.
    func testTheReadmesWizardIsTheTestedOne() throws {
        let script = try checkedIn("Tests/Wizard/install.sh")
        let body = String(script[script.range(of: "set -e\n")!.upperBound...])
        XCTAssertTrue(try checkedIn("README.md").contains("set -e\n" + body), "README's wizard differs from Tests/Wizard/install.sh")
    }
}
