@testable import AlerttyKit
import Foundation
import XCTest

/// The drop-in's translation of whiptail and dialog command lines, box by box, and its help.
final class DropInTests: XCTestCase {
    func translate(_ args: [String], _ program: Compat.Program = .lenient) -> Compat.Translated? {
        if case .success(let t) = Compat.translate(program, args) { return t }
        return nil
    }

    func failure(_ args: [String], _ program: Compat.Program) -> Compat.Failure? {
        if case .failure(let f) = Compat.translate(program, args) { return f }
        return nil
    }

    func testBoxesTranslateToAlerttysAlerts() {
        XCTAssertEqual(translate(["--title", "T", "--yesno", "Sure?", "8", "40"])?.arguments,
                       ["confirm", "--no-animation", "--margin", "1", "--title", "T", "--yes", "Yes", "--no", "No", "--width", "40", "--height", "8", "--", "Sure?"],
                       "the program's own labels, so a translated catalogue can give them in the user's language")
        XCTAssertEqual(translate(["--defaultno", "--yes-button", "Go", "--yesno", "a\\nb", "0", "0"])?.arguments,
                       ["confirm", "--no-animation", "--margin", "1", "--yes", "Go", "--no", "No", "--default", "no", "--", "a\nb"])
        XCTAssertEqual(translate(["--inputbox", "Name", "8", "40", "Ann"])?.arguments,
                       ["input", "--no-animation", "--margin", "1", "--ok", "OK", "--cancel", "Cancel", "--width", "40", "--height", "8", "--value", "Ann", "--", "Name"])
        XCTAssertEqual(translate(["--stdout", "--passwordbox", "Pw", "8", "40"])?.output.descriptor, 1)
        XCTAssertEqual(translate(["--output-fd", "3", "--msgbox", "Hi", "8", "40"])?.output.descriptor, 3)
        XCTAssertEqual(translate(["--msgbox", "Hi", "8", "40"])?.output.descriptor, 2)
        XCTAssertEqual(translate(["--fselect", "/tmp/x.txt", "10", "60"])?.arguments,
                       ["save", "--no-animation", "--margin", "1", "--ok", "OK", "--cancel", "Cancel", "--width", "60", "--height", "10", "--dir", "/tmp", "--overwrite", "allow", "--dialog-keys", "--typed-path", "--name", "x.txt"])
        XCTAssertEqual(translate(["--checklist", "P", "12", "40", "4", "a", "A", "ON", "b", "B", "off"], .whiptail)?.arguments,
                       ["choose", "--no-animation", "--margin", "1", "--lenient-marks", "--marks-by-tag", "--enter-takes-marked",
                        "--ok", "Ok", "--cancel", "Cancel", "--width", "40", "--height", "12", "--tagged", "--output", "tag", "--list-height", "4", "--list-gap", "--letters", "none", "--multi", "--min", "0",
                        "--marked", "a", "--", "P", "a", "a  A", "b", "b  B"])
        var none: [String] = ["input", "--title", "x"]
        XCTAssertNil(Compat.program(calledAs: "alertty", &none), "alertty's own syntax is not translated")
        XCTAssertNotNil(failure(["--yesno", "x"], .lenient), "missing sizes is an error")
        XCTAssertNotNil(failure(["--menu", "x", "--yesno", "a", "1", "1"], .lenient), "one box at a time")
    }

    func testDefaultButtonFocusesOneOfTheBoxsButtons() {
        XCTAssertEqual(translate(["--defaultno", "--default-button", "extra", "--extra-button", "--yesno", "x", "8", "40"], .dialog)?
            .arguments.suffix(4), ["--default", "extra", "--", "x"], "one --default, the last word")
        XCTAssertEqual(translate(["--default-button", "help", "--yesno", "x", "8", "40"], .dialog)?.arguments.contains("help"), false,
                       "no help button, nothing to focus")
    }

    func testColumnSeparatorLinesItemsUpInColumns() {
        XCTAssertEqual(Compat.columns(["a|bb|c", "ccc|d|e", "x"], separator: "|"), ["a   bb c", "ccc d  e", "x"])
        let items = translate(["--column-separator", "|", "--menu", "P", "12", "40", "2", "1", "a|bb", "2", "ccc|d"], .dialog)?.arguments.suffix(4)
        XCTAssertEqual(items.map(Array.init), ["1", "1  a   bb", "2", "2  ccc d"])
        XCTAssertEqual(Compat.format([Array("a".utf8), Array("b c".utf8)], .dialogList(alwaysQuote: false, singleQuoted: false), separator: Array(",".utf8)),
                       Array(",a,\"b c\"".utf8), "dialog puts --output-separator before every tag")
    }

    func testTheSupportListsNameEveryBoxOnce() throws {
        XCTAssertEqual(Set(Compat.BoxName.allCases), Set(Compat.boxes.keys), "every box has its entry, with its adapter")
        // Every box `dialog --help` (1.3) lists, and --help names each.
        let dialogs = ["buildlist", "calendar", "checklist", "dselect", "editbox", "form", "fselect", "gauge", "infobox", "inputbox",
                       "inputmenu", "menu", "mixedform", "mixedgauge", "msgbox", "passwordbox", "passwordform", "pause", "prgbox",
                       "programbox", "progressbox", "radiolist", "rangebox", "tailbox", "tailboxbg", "textbox", "timebox", "treeview", "yesno"]
        XCTAssertEqual(Set(dialogs), Set(Compat.boxes.keys.map(\.rawValue)))
        let help = try XCTUnwrap(Help.topic("dropin"))
        for box in dialogs { XCTAssertTrue(help.contains(box), "--help dropin names \(box)") }
    }

    /// The options before the first box are its own but for dialog's state (the separator, the
    /// backtitle still drawn, …): the title does not carry, as dialog clears it for each box.
    func testAndWidgetChainsBoxesWithTheLeadingStateForEach() throws {
        guard case .success(let chain) = Compat.translateChain(.dialog, ["--separate-widget", "|", "--title", "T", "--backtitle", "B",
                                                                          "--msgbox", "a", "8", "40", "--and-widget", "--inputbox", "b", "8", "40", "x"]) else {
            return XCTFail("not read")
        }
        XCTAssertEqual(chain.boxes.map { $0.arguments.first }, ["message", "input"])
        XCTAssertTrue(chain.boxes[0].arguments.contains("T"))
        XCTAssertFalse(chain.boxes[1].arguments.contains("T"))
        XCTAssertTrue(chain.boxes[1].arguments.contains("B"))
        XCTAssertEqual(chain.separator, Array("|".utf8))
        guard case .failure(let f) = Compat.translateChain(.whiptail, ["--msgbox", "a", "8", "40", "--and-widget", "--msgbox", "b", "8", "40"]) else {
            return XCTFail("whiptail has no --and-widget")
        }
        XCTAssertEqual(f.status, 1)
    }

    func testEachProgramsGrammar() {
        XCTAssertNotNil(translate(["--msgbox", "--title", "T", "text", "8", "40"], .whiptail), "whiptail: options anywhere")
        XCTAssertEqual(failure(["--msgbox", "--title", "T", "text", "8", "40"], .dialog)?.status, 255, "dialog: not between box and text")
        XCTAssertNotNil(translate(["--dselect", "/tmp/", "20", "50", "--stdout"], .dialog), "dialog: options after the arguments")
        XCTAssertEqual(failure(["--stdout", "--msgbox", "x", "8", "40"], .whiptail), Compat.Failure(message: "--stdout: unknown option\n", status: 1))
        XCTAssertEqual(failure(["--fooo", "--msgbox", "x", "8", "40"], .dialog),
                       Compat.Failure(message: "\nUnknown option --fooo.\nUse --help to list options.\n\n\n", status: 255))
        XCTAssertEqual(failure(["--tailboxbg", "/nonexistent", "8", "40"], .dialog),
                       Compat.Failure(message: "\nCan't open input file in dialog_tailbox().\n", status: 255))
        XCTAssertEqual(translate(["--no-kill", "--tailboxbg", "/dev/null", "8", "40"], .dialog)?.background,
                       Compat.Background(path: "/dev/null", title: "", width: 40, height: 8, keep: true))
        XCTAssertEqual(translate(["--yesno", "a    b", "8", "40"], .dialog)?.arguments.last, "a b", "dialog collapses spaces")
        XCTAssertEqual(translate(["--no-collapse", "--yesno", "a    b", "8", "40"], .dialog)?.arguments.last, "a    b")
        // As dialog 1.3 draws them (checked on its screen).
        XCTAssertEqual(Compat.dialogText("x\na   b  c", collapse: true, crWrap: false), "x\na b c", "newlines kept, spaces collapsed")
        XCTAssertEqual(Compat.dialogText("first line\nsecond   line\\nthird", collapse: true, crWrap: false),
                       "first line second   line\nthird", "with a \\n: other newlines are spaces, spaces kept")
        XCTAssertEqual(Compat.dialogText("a\\n  \nb  c", collapse: true, crWrap: false), "a\nb  c", "a newline right after \\n is dropped")
        XCTAssertEqual(Compat.dialogText("a\\nb\nc", collapse: true, crWrap: true), "a\nb\nc")
        XCTAssertEqual(Compat.dialogText("   lead  x\ty", collapse: true, crWrap: false), " lead x y")
        XCTAssertEqual(translate(["--msgbox", "a\\nb\nc", "8", "40"], .whiptail)?.arguments.last, "a\nb\nc", "whiptail keeps everything")
        XCTAssertEqual(translate(["--yesno", "a    b", "8", "40"], .whiptail)?.arguments.last, "a    b")
    }

    func testCheckListOutputAsEachProgramPrintsIt() {
        let tags = ["a", "c d", "x\"y"].map { Array($0.utf8) }
        XCTAssertEqual(String(decoding: Compat.format(tags, .whiptailList), as: UTF8.self), "\"a\" \"c d\" \"x\"y\"")
        XCTAssertEqual(String(decoding: Compat.format(tags, .dialogList(alwaysQuote: false, singleQuoted: false)), as: UTF8.self), "a \"c d\" \"x\\\"y\"")
        // Shell characters are quoted and escaped so that `eval set -- $out` runs nothing.
        let hostile = ["$(touch x)", "`id`", "semi;c"].map { Array($0.utf8) }
        XCTAssertEqual(String(decoding: Compat.format(hostile, .dialogList(alwaysQuote: false, singleQuoted: false)), as: UTF8.self),
                       "\"\\$\\(touch x\\)\" \"\\`id\\`\" \"semi\\;c\"")
        XCTAssertEqual(String(decoding: Compat.format(tags, .lines), as: UTF8.self), "a\nc d\nx\"y\n")
        XCTAssertEqual(Compat.format([], .whiptailList), [])
        // A tag holding a newline or a tab stays one tag (the items are never split out of printed bytes).
        XCTAssertEqual(String(decoding: Compat.format([Array("a\nb".utf8), Array("c\td".utf8)], .dialogList(alwaysQuote: false, singleQuoted: false)), as: UTF8.self),
                       "\"a\\\nb\" \"c\td\"")
    }

    func testDropInHelpListsTheBoxesOfEachProgram() throws {
        let dialog = try XCTUnwrap(Compat.probe(.dialog, ["--help"], terminalSize: { nil }))
        XCTAssertEqual(dialog.map(\.fd), [1])
        XCTAssertTrue(dialog[0].text.contains("--mixedform <text>"))
        XCTAssertTrue(dialog[0].text.contains("--no-nl-expand"))
        let whiptail = try XCTUnwrap(Compat.probe(.whiptail, ["--msgbox", "x", "5", "5", "--help"], terminalSize: { nil }))
        XCTAssertTrue(whiptail[0].text.contains("--checklist <text> <height> <width> <list height>"))
        XCTAssertFalse(whiptail[0].text.contains("--form"), "whiptail has no forms")
        let options = try XCTUnwrap(whiptail[0].text.components(separatedBy: "Options:").last?.components(separatedBy: "\n\n").first)
        XCTAssertTrue(options.contains("--output-fd"))
        XCTAssertFalse(options.contains("--stdout"), "whiptail has no --stdout")
    }

    func testOptionFilesSplitAsDialogSplitsThem() {
        let text = #"--title "A \"quoted\" title" --msgbox  "two  spaces" "" 5 \\x \y "back\\slash" \"# + "\ncontinued\\\n line"
        XCTAssertEqual(Compat.fileArguments(Array(text.utf8)),
                       ["--title", #"A "quoted" title"#, "--msgbox", "two  spaces", "", "5", #"\x"#, #"\y"#, #"back\slash"#, "continued", "line"])
        // What pythondialog writes: every argument in double quotes, `"` and `\` escaped.
        let args = ["--checklist", "Pick $(x)", "0", "0", "0", #"a\b"#, #"say "hi""#, "on", "two\nlines"]
        let written = args.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        XCTAssertEqual(Compat.fileArguments(Array(written.joined(separator: " ").utf8)), args)
    }
}

/// The drop-in takes every option the real programs take, with as many values: their own option
/// tables (dialog.c's options[], newt's whiptail.c optionsTable), checked in as Tests/Compat/*-options.txt.
final class DropInOptionTableTests: XCTestCase {
    static func table(_ name: String) throws -> [(name: String, values: String)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Compat/\(name)-options.txt")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            let parts = $0.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        }
    }

    func check(_ program: Compat.Program, _ file: String) throws {
        let table = try Self.table(file)
        XCTAssertGreaterThan(table.count, 25)
        // Handled before a box is read: the chain's separator, the probes and help.
        let beforeBoxes: Set<String> = ["and-widget", "help", "version", "create-rc"]
        for (name, values) in table where !beforeBoxes.contains(name) {
            if values == "box" {
                XCTAssertNotNil(Compat.box(named: name, program), "--\(name) is a box of \(program)")
            } else {
                XCTAssertTrue(Compat.knows(name, program), "--\(name) is an option of \(program)")
                XCTAssertEqual(Compat.options[name].map(String.init), values, "--\(name) takes \(values) values")
            }
        }
    }

    /// DIALOGOPTS is read as dialog reads it: up to the first word that is not its option (or a
    /// box, or an option short of its values), without where the answer goes.
    func testDialogoptsStopAtTheFirstWordThatIsNoOption() {
        XCTAssertEqual(Compat.environmentOptions("--no-shadow --title \"A B\" --stdout --aspect 9 oops --cr-wrap"),
                       ["--no-shadow", "--title", "A B", "--aspect", "9"])
        XCTAssertEqual(Compat.environmentOptions("--cr-wrap --msgbox hi 0 0 --no-shadow"), ["--cr-wrap"])
        XCTAssertEqual(Compat.environmentOptions("--no-shadow --title"), ["--no-shadow"])
        XCTAssertEqual(Compat.environmentOptions("--not-dialogs --no-shadow"), [])
        XCTAssertEqual(Compat.environmentOptions(nil), [])
    }

    /// Of the options before the first box, only dialog's state holds for the boxes after it.
    func testOnlyDialogsStateOptionsCarryOnToLaterBoxes() {
        XCTAssertEqual(Compat.persisting(["--defaultno", "--title", "T", "--no-shadow", "--backtitle", "B", "--aspect", "9",
                                          "stray", "--separate-widget", "|", "--tab-len"]),
                       ["--no-shadow", "--backtitle", "B", "--aspect", "9", "--separate-widget", "|", "--tab-len"])
    }

    /// dialog's answer and key descriptors and --keep-tite hold for every box wherever they are
    /// given, the last of each winning.
    func testDialogsOutputOptionsAreTakenFromAnywhereTheLastWinning() {
        XCTAssertEqual(Compat.hoistingDialogsState(["--inputbox", "A", "0", "0", "--and-widget", "--stdout", "--keep-tite",
                                                    "--inputbox", "B", "0", "0", "--output-fd", "3", "--input-fd", "4"]),
                       ["--output-fd", "3", "--input-fd", "4", "--keep-tite", "--inputbox", "A", "0", "0", "--and-widget",
                        "--inputbox", "B", "0", "0"])
        XCTAssertEqual(Compat.hoistingDialogsState(["--msgbox", "--stderr", "0", "0", "--output-fd"]),
                       ["--output-fd", "--msgbox", "0", "0"], "a box's word too, as dialog takes it; a missing value stays missing")
        guard case .success(let chain) = Compat.translateChain(.dialog, ["--inputbox", "A", "0", "0", "--and-widget", "--stdout",
                                                                         "--inputbox", "B", "0", "0"]) else { return XCTFail("the call was not read as boxes to run") }
        XCTAssertEqual(chain.boxes.map(\.output.descriptor), [1, 1])
    }

    func testEveryDialogOptionIsTaken() throws { try check(.dialog, "dialog") }
    func testEveryWhiptailOptionIsTaken() throws { try check(.whiptail, "whiptail") }
}

/// Run by its own name with dialog's arguments (a client resolved the `dialog` link), the
/// drop-in is the program the first `dialog` on PATH leads to.
final class InstalledAsTests: XCTestCase {
    func testTheFirstDialogOnPathThatLeadsHereMakesItDialog() throws {
        let root = NSTemporaryDirectory() + "alertty-installed-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["bin", "etc/alternatives", "other"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        let me = root + "/alertty"
        _ = FileManager.default.createFile(atPath: me, contents: Data())
        _ = FileManager.default.createFile(atPath: root + "/other/dialog", contents: Data())
        try FileManager.default.createSymbolicLink(atPath: root + "/etc/alternatives/dialog", withDestinationPath: me)
        try FileManager.default.createSymbolicLink(atPath: root + "/bin/dialog", withDestinationPath: root + "/etc/alternatives/dialog")
        XCTAssertEqual(Compat.installedAs(path: root + "/bin:/usr/bin", me: me), .dialog, "through the alternatives chain")
        XCTAssertNil(Compat.installedAs(path: root + "/other:" + root + "/bin", me: me), "another dialog is found first")
        XCTAssertNil(Compat.installedAs(path: "", me: me))
        try FileManager.default.createSymbolicLink(atPath: root + "/other/whiptail", withDestinationPath: me)
        XCTAssertEqual(Compat.installedAs(path: root + "/other", me: me), .whiptail)
    }
}
