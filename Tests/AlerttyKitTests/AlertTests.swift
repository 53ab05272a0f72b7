@testable import AlerttyKit
import XCTest

/// Alerts as values: driven by calling `update`, read through their canvas. No terminal.
final class AlertTests: XCTestCase {
    let theme = Theme(colors: .none, unicode: true)

    func draw(_ alert: inout some Alert, width: Int = 40, height: Int = 12) -> (lines: [String], cursor: (x: Int, y: Int)?) {
        var canvas = Canvas(width: width, height: height)
        let content = Rect(x: 1, y: 1, width: width - 2, height: height - 2)
        alert.layout(content)
        let cursor = alert.render(into: &canvas, area: content, theme: theme)
        return (canvas.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }, cursor)
    }

    func field(_ args: [String]) throws -> FieldAlert {
        guard case .run(let c) = try ArgumentParser.parse(["input"] + args) else { throw UsageError("") }
        return try FieldAlert(title: "", text: c.text ?? "", configuration: FieldConfiguration(c, secret: c.alert == .password, reads: AlertReads()))
    }

    func type(_ s: String, _ a: inout FieldAlert) -> [Effect] {
        var effects: [Effect] = []
        for scalar in s.unicodeScalars { effects += a.update(.action(.insert(scalar))) }
        return effects
    }

    func testMessage() {
        var m = MessageAlert(title: "T", text: "hello")
        XCTAssertEqual(m.update(.action(.down)), [])
        XCTAssertEqual(m.update(.action(.activate)), [.finish(Outcome(.ok))])
        XCTAssertEqual(m.update(.action(.cancel)), [.finish(Outcome(.ok))], "Esc closes a message with 0 (issue 14)")
        XCTAssertTrue(draw(&m).lines.contains("                 < OK >"))
    }

    func testConfirmFocusAndShortcuts() {
        var c = ConfirmAlert(title: "", text: "Sure?", yesLabel: "Delete", noLabel: "Keep", defaultYes: false)
        XCTAssertEqual(c.focus, .cancel)
        XCTAssertEqual(c.update(.action(.submit)), [.finish(Outcome(.cancel))])
        _ = c.update(.action(.left))
        XCTAssertEqual(c.focus, .ok)
        XCTAssertEqual(c.update(.action(.submit)), [.finish(Outcome(.ok))])
        XCTAssertEqual(c.update(.action(.insert("d"))), [.finish(Outcome(.ok))])
        XCTAssertEqual(c.update(.action(.insert("K"))), [.finish(Outcome(.cancel))])
        XCTAssertEqual(c.update(.action(.insert("y"))), [.finish(Outcome(.ok))])
        XCTAssertEqual(c.update(.action(.insert("q"))), [])
    }

    func testEnterDoesNotSubmitWhileInvalid() throws {
        var a = try field(["--validate", "email"])
        XCTAssertFalse(a.isValid, "the initial empty value is validated too")
        XCTAssertEqual(a.update(.action(.submit)), [], "Enter with an invalid answer does nothing")
        _ = type("ann@example", &a)
        XCTAssertEqual(a.update(.action(.submit)), [])
        XCTAssertEqual(a.reason, "not an email address (name@example.com)")
        _ = type(".com", &a)
        XCTAssertNil(a.reason)
        XCTAssertEqual(a.update(.action(.submit)), [.finish(Outcome(.ok, answer: Array("ann@example.com".utf8)))])
    }

    func testTakingTheDefaultPressesTheFocusedButton() {
        let later = ConfirmAlert(title: "", text: "Update?", extraLabel: "Later", defaultButton: .extra)
        XCTAssertEqual(Scripted.run(later, .defaults), Outcome(.extra),
                       "--non-interactive and --on-timeout default take the button the countdown is drawn on")
        let no = ConfirmAlert(title: "", text: "Delete?", defaultYes: false)
        XCTAssertEqual(Scripted.run(no, .defaults), Outcome(.cancel))
    }

    /// whiptail's --scrolltext: a text longer than the box asked for scrolls in a box of that
    /// height, and a box under a backtitle leaves its row free.
    func testATextThatScrollsTakesTheHeightGivenAndLeavesTheBacktitle() {
        let long = MessageAlert(title: "", text: (0..<60).map { "line \($0)" }.joined(separator: "\n"))
        XCTAssertEqual(Scene(columns: 80, rows: 24, height: 20, theme: theme).boxSize(for: long).height, 20)
        XCTAssertEqual(Scene(columns: 80, rows: 24, theme: theme).boxSize(for: long).height, 24, "without a backtitle, the whole terminal")
        XCTAssertEqual(Scene(columns: 80, rows: 24, theme: theme, backtitle: "Setup").boxSize(for: long).height, 22)
        let question = ConfirmAlert(title: "", text: (0..<60).map { "line \($0)" }.joined(separator: "\n"))
        XCTAssertEqual(Scene(columns: 80, rows: 24, height: 12, theme: theme).boxSize(for: question).height, 12)
    }

    func testHeightMakesTheBoxTallerNeverShorter() {
        let m = MessageAlert(title: "", text: "Backup finished")
        let natural = Scene(columns: 80, rows: 24, theme: theme).boxSize(for: m).height
        XCTAssertEqual(Scene(columns: 80, rows: 24, height: 12, theme: theme).boxSize(for: m).height, 12)
        XCTAssertEqual(Scene(columns: 80, rows: 24, height: 3, theme: theme).boxSize(for: m).height, natural, "nothing is cut")
        XCTAssertEqual(Scene(columns: 80, rows: 10, height: 40, theme: theme).boxSize(for: m).height, 10, "the terminal's rows at most")
    }

    func testButtonBarKeepsDialogsOrderAndSkipsWhatCannotTakeTheFocus() {
        let bar = ButtonBar(ok: "OK", cancel: "Cancel", extra: "Edit", help: "Help")
        XCTAssertEqual(bar.roles, [.ok, .extra, .cancel, .help])
        XCTAssertEqual(bar.cycling(from: .help, step: 1), .ok)
        XCTAssertEqual(bar.cycling(from: .cancel, step: 1, focusable: { $0 == .cancel }), .cancel, "alone, it stays")
        XCTAssertEqual(bar.neighbour(of: .cancel, step: -1, focusable: { $0 != .extra }), .ok)
        XCTAssertNil(bar.neighbour(of: .help, step: 1))
        XCTAssertEqual(ButtonBar(ok: "OK", cancel: nil, help: "?").roles, [.ok, .help])
    }

    func testExtraAndHelpButtonsEndWithTheirOwnStatuses() throws {
        var m = MessageAlert(title: "", text: "Read", helpLabel: "Help")
        _ = m.update(.action(.focusNext))
        XCTAssertEqual(m.update(.action(.submit)), [.finish(Outcome(.help))])
        XCTAssertEqual(m.update(.action(.insert("H"))), [.finish(Outcome(.help))], "a button's first letter presses it")
        var e = ConfirmAlert(title: "", text: "Sure?", extraLabel: "Edit")
        XCTAssertEqual(e.update(.action(.insert("e"))), [.finish(Outcome(.extra))])
        var c = ConfirmAlert(title: "", text: "Sure?", extraLabel: "Later", helpLabel: "Help")
        _ = c.update(.action(.right))
        XCTAssertEqual(c.update(.action(.submit)), [.finish(Outcome(.extra))], "Yes, Later, No, Help")
        let drawn = draw(&c).lines.joined(separator: "\n")
        XCTAssertTrue(drawn.contains("Yes    < Later >    No      Help"), drawn)

        var a = try field(["--validate", "nonempty", "--extra-button", "Draft", "--help-button", "Help"])
        _ = a.update(.action(.focusNext))
        XCTAssertEqual(a.focus, .cancel, "Extra answers like OK: not focusable while invalid")
        _ = a.update(.action(.focusNext))
        XCTAssertEqual(a.update(.action(.submit)), [.finish(Outcome(.help, answer: []))], "Help needs no valid answer")
        _ = a.update(.action(.focusNext))
        _ = type("x", &a)
        _ = a.update(.action(.focusNext))
        _ = a.update(.action(.right))
        XCTAssertEqual(a.focus, .button(.extra))
        XCTAssertEqual(a.update(.action(.activate)), [.finish(Outcome(.extra, answer: Array("x".utf8)))])
    }

    func testDisabledOkIsNotFocusable() throws {
        var a = try field(["--validate", "nonempty"])
        _ = a.update(.action(.focusNext))
        XCTAssertEqual(a.focus, .cancel, "Tab skips the disabled OK")
        _ = a.update(.action(.focusNext))
        XCTAssertEqual(a.focus, .field)
        _ = type("x", &a)
        _ = a.update(.action(.focusNext))
        XCTAssertEqual(a.focus, .ok)
        let drawn = draw(&a).lines.joined(separator: "\n")
        XCTAssertTrue(drawn.contains("< OK >"), drawn)
    }

    func testInvalidMessageOverridesReason() throws {
        var a = try field(["--validate", "int", "--invalid-message", "digits please"])
        _ = type("x", &a)
        XCTAssertEqual(a.reason, "digits please")
        XCTAssertTrue(draw(&a).lines.contains { $0.contains("digits please") })
    }

    func testValidateCommandStateMachine() throws {
        var a = try field(["--validate-cmd", "check"])
        XCTAssertEqual(a.update(.start), [.validate(text: [], generation: 1)])
        XCTAssertEqual(type("a", &a), [.validate(text: Array("a".utf8), generation: 2)])
        XCTAssertEqual(a.buttons.first?.pending, true, "OK shows a pending state while the check runs")
        // A stale answer (generation 1) is ignored.
        XCTAssertEqual(a.update(.validated(generation: 1, .valid)), [])
        XCTAssertFalse(a.isValid)
        // Enter while pending submits only once the run says valid.
        XCTAssertEqual(a.update(.action(.submit)), [])
        XCTAssertEqual(a.update(.validated(generation: 2, .valid)), [.finish(Outcome(.ok, answer: Array("a".utf8)))])
    }

    func testValidateCommandRejectsWithItsReason() throws {
        var a = try field(["--validate-cmd", "check"])
        _ = a.update(.start)
        _ = type("bob", &a)
        _ = a.update(.action(.submit))
        XCTAssertEqual(a.update(.validated(generation: 4, .invalid("no such user"))), [])
        XCTAssertEqual(a.reason, "no such user")
        XCTAssertEqual(a.update(.action(.submit)), [])
    }

    func testPasteNeverSubmits() throws {
        var a = try field([])
        XCTAssertEqual(a.update(.paste("x\ry\n")), [])
        XCTAssertEqual(a.editor.text, "x y ")
    }

    func testPasswordMasksAndConfirms() throws {
        guard case .run(let c) = try ArgumentParser.parse(["password", "--confirm", "--min-length", "3"]) else { return XCTFail("the command line did not parse as an alert to run") }
        var p = try FieldAlert(title: "", text: "", configuration: FieldConfiguration(c, secret: c.alert == .password, reads: AlertReads()), environment: { $0 == "LANG" ? "C.UTF-8" : nil })
        var f = p
        _ = type2("abc", &f)
        p = f
        let drawn = draw(&p).lines.joined(separator: "\n")
        XCTAssertTrue(drawn.contains("•••"), drawn)
        XCTAssertFalse(drawn.contains("abc"))
        XCTAssertEqual(p.update(.action(.submit)), [], "first entry asks for a second")
        XCTAssertTrue(draw(&p).lines.joined().contains("Retype to confirm:"))
        _ = type2("abd", &p)
        _ = p.update(.action(.submit))
        XCTAssertEqual(p.reason, "the entries did not match; type it again")
        XCTAssertTrue(p.editor.isEmpty)
        _ = type2("abc", &p)
        _ = p.update(.action(.submit))
        _ = type2("abc", &p)
        XCTAssertEqual(p.update(.action(.submit)), [.finish(Outcome(.ok, answer: Array("abc".utf8)))])
    }

    func type2(_ s: String, _ a: inout FieldAlert) -> [Effect] { type(s, &a) }

    func testRevealOnlyWithAllowReveal() throws {
        for allow in [false, true] {
            guard case .run(let c) = try ArgumentParser.parse(["password"] + (allow ? ["--allow-reveal"] : [])) else { return XCTFail("the command line did not parse as an alert to run") }
            var p = try FieldAlert(title: "", text: "", configuration: FieldConfiguration(c, secret: c.alert == .password, reads: AlertReads()))
            _ = type("pw", &p)
            _ = p.update(.action(.toggleReveal))
            XCTAssertEqual(draw(&p).lines.joined().contains("pw"), allow)
            XCTAssertEqual(p.hints.contains { $0.action == .toggleReveal }, allow, "the reveal key is hinted only when allowed")
        }
    }

    func testPasswordRefusesValueInArgv() throws {
        guard case .run(let c) = try ArgumentParser.parse(["password", "--value", "hunter2"]) else { return XCTFail("the command line did not parse as an alert to run") }
        XCTAssertThrowsError(try FieldConfiguration(c, secret: true, reads: AlertReads())) { error in
            XCTAssertTrue((error as? UsageError)?.message.contains("process list") == true)
        }
    }

    /// Line mode hands a secret over as bytes; the field takes them, and as their last holder
    /// zeroes them where they lie (every array sharing the storage).
    func testASecretAnswerIsTakenAsBytesAndZeroedWhereItLay() throws {
        guard case .run(let c) = try ArgumentParser.parse(["password", "--min-length", "3"]) else { return XCTFail("the command line did not parse as an alert to run") }
        var p = try FieldAlert(title: "", text: "", configuration: FieldConfiguration(c, secret: c.alert == .password, reads: AlertReads()))
        let typed: [UInt8] = Array("s3cr😀t".utf8)
        let sameStorage = typed
        let effects = p.update(.answer(.secret(typed)))
        XCTAssertEqual(effects, [.finish(Outcome(.ok, answer: Array("s3cr😀t".utf8)))])
        XCTAssertEqual(sameStorage, [UInt8](repeating: 0, count: typed.count), "zeroed where it lay")
        var short = try FieldAlert(title: "", text: "", configuration: FieldConfiguration(c, secret: c.alert == .password, reads: AlertReads()))
        XCTAssertEqual(short.update(.answer(.secret(Array("ab".utf8)))), [], "refused by the same rules")
        guard case .field(let f) = short.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertNotNil(f.reason)
    }

    func testHiddenMaskShowsNothingAndCursorStays() throws {
        guard case .run(let c) = try ArgumentParser.parse(["password", "--mask", ""]) else { return XCTFail("the command line did not parse as an alert to run") }
        var p = try FieldAlert(title: "", text: "", configuration: FieldConfiguration(c, secret: c.alert == .password, reads: AlertReads()))
        let before = draw(&p)
        _ = type("secret", &p)
        let after = draw(&p)
        XCTAssertEqual(before.lines, after.lines)
        XCTAssertEqual(before.cursor?.x, after.cursor?.x)
    }

    /// `--mask ''`: typing changes nothing on screen, so each key writes exactly nothing to the terminal.
    func testHiddenMaskWritesNoBytePerKey() throws {
        guard case .run(let c) = try ArgumentParser.parse(["password", "--mask", ""]) else { return XCTFail("the command line did not parse as an alert to run") }
        var alert: any Alert = try FieldAlert(title: "Sign in", text: "", configuration: FieldConfiguration(c, secret: c.alert == .password, reads: AlertReads()))
        let scene = Scene(columns: 80, rows: 24, theme: Theme(colors: .truecolor, unicode: true))
        var writer = FrameWriter(colors: .truecolor)
        let first = scene.render(&alert)
        XCTAssertFalse(writer.frame(first.canvas, cursorAt: first.cursor).isEmpty)
        for scalar in "s3cr3t!".unicodeScalars {
            _ = alert.update(.action(.insert(scalar)))
            let next = scene.render(&alert)
            XCTAssertEqual(writer.frame(next.canvas, cursorAt: next.cursor), [], "typing '\(scalar)' wrote bytes")
        }
    }

    func testMeaningDescribesWhatIsAsked() throws {
        var a = try field(["--validate", "email", "--placeholder", "you@host"])
        guard case .field(let f) = a.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertEqual(f.placeholder, "you@host")
        XCTAssertFalse(f.secret)
        XCTAssertEqual(f.reason, "an email address (name@example.com)", "what the rule asks, before anything is typed")
        XCTAssertFalse(f.refused)
        _ = type("a@b", &a)
        guard case .field(let e) = a.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertEqual(e.reason, "not an email address (name@example.com)", "why it is refused, once typed")
        _ = type(".c", &a)
        guard case .field(let g) = a.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertNil(g.reason)
        let c = ConfirmAlert(title: "T", text: "Sure?", yesLabel: "Go", noLabel: "Stop", defaultYes: false)
        XCTAssertEqual(c.meaning, .question(.init(title: "T", text: "Sure?", yes: "Go", no: "Stop", defaultYes: false)))
    }

    /// Issue 14: the reason is a neutral hint before the first edit, an error after, and stands out after a refused Enter.
    func testReasonIsAHintThenAnErrorThenStandsOut() throws {
        let theme = Theme(colors: .truecolor, unicode: true)
        var a = try field(["--regex", "[a-z0-9.-]+", "--invalid-message", "lowercase letters, digits, dots and dashes, at least one of them"])
        func reasonStyle() -> Style {
            var canvas = Canvas(width: 40, height: 12)
            let area = Rect(x: 1, y: 1, width: 30, height: 10)
            a.layout(area)
            _ = a.render(into: &canvas, area: area, theme: theme)
            let row = (0..<canvas.height).first { canvas.lines[$0].contains("lowercase") }!
            XCTAssertTrue(canvas.lines[row + 1].contains("dashes"), "the reason wraps instead of being cut")
            return canvas[1, row].style
        }
        XCTAssertEqual(reasonStyle(), theme.muted)
        _ = type("A", &a)
        XCTAssertEqual(reasonStyle(), theme.error)
        _ = a.update(.action(.submit))
        XCTAssertTrue(reasonStyle().reverse, "a refused Enter is visible")
        _ = type("x", &a)
        XCTAssertFalse(reasonStyle().reverse)
    }

    /// The layers' files are followed by a source the question is given (DocumentFollower), not
    /// on ticks: the boxes look at no file themselves, and the keys are the front's.
    func testLayeredLooksAtNoFileAndLeavesTheFrontsKeysToIt() throws {
        final class Growing: TextDocument {
            var size = 0
            var refreshes = 0
            func read(at offset: Int, count: Int) -> [UInt8] { [] }
            func refresh() -> Bool { refreshes += 1; return false }
        }
        let file = Growing()
        let layer = Layered.Layer(view: TailView(title: "", document: file), width: nil, height: nil)
        var layered = Layered(front: ConfirmAlert(title: "", text: "Go on?"), layers: [layer])
        XCTAssertNil(layered.tickInterval, "no ticks: the front asks for none")
        XCTAssertEqual(layered.update(.tick(0.25)), [])
        XCTAssertEqual(layered.update(.documentChanged), [])
        XCTAssertEqual(file.refreshes, 0, "no box looks at a file")
        XCTAssertEqual(layered.update(.action(.insert("y"))).count, 1, "keys are the front's")
        XCTAssertEqual(layered.meaning, ConfirmAlert(title: "", text: "Go on?").meaning)

        var command = ParsedCommand(alert: .confirm)
        command.positionals = ["Go on?"]
        let question = try Ask.prepare(command, Asking(behind: [layer]))
        XCTAssertNil(Ask.makeDeliverable(question))
        let followers = question.built.sources.compactMap { $0 as? DocumentFollower }
        XCTAssertEqual(followers.count, 1, "the question asked over the layers follows their files")
        XCTAssertTrue(followers.first?.documents.first === file)
    }

    /// dialog's Tab between the box and the boxes that follow files: newest first, then back to the
    /// box; Enter there closes that box; once none is left the box ends with dialog's 255.
    func testTabHandsTheKeysToEachBackgroundBoxAndEnterClosesIt() {
        func layer() -> Layered.Layer { Layered.Layer(view: TailView(title: "", document: BufferDocument()), width: nil, height: nil) }
        let older = layer(), newer = layer()
        var layered = Layered(front: MessageAlert(title: "", text: "Next"), layers: [older, newer])
        XCTAssertEqual(layered.keyOverrides[KeyPress(.tab)], .focusNext, "Tab is dialog's before the box sees it")
        _ = layered.update(.action(.focusNext))
        XCTAssertEqual(layered.keys, .layer(1), "the newest first")
        _ = layered.update(.action(.focusNext))
        XCTAssertEqual(layered.keys, .layer(0))
        _ = layered.update(.action(.focusNext))
        XCTAssertEqual(layered.keys, .box, "and back to the box")
        _ = layered.update(.action(.focusPrevious))
        XCTAssertEqual(layered.keys, .layer(1))
        _ = layered.update(.action(.focusPrevious))
        XCTAssertEqual(layered.keys, .layer(0), "Shift-Tab from the first goes round to the last")
        XCTAssertEqual(layered.update(.action(.insert("x"))), [], "a background box takes no other key")
        XCTAssertEqual(layered.update(.action(.submit)), [], "Enter closes it; the box goes on")
        XCTAssertTrue(older.closed.value)
        XCTAssertFalse(newer.closed.value)
        XCTAssertEqual(layered.keys, .box)
        XCTAssertEqual(Layered(front: MessageAlert(title: "", text: "Next"), layers: [older, newer]).layers.count, 1,
                       "a closed box is not shown by the boxes after it")
        _ = layered.update(.action(.focusNext))
        guard case .finish(let outcome)? = layered.update(.action(.cancel)).first else { return XCTFail("the last one closed ends the box") }
        XCTAssertEqual(outcome.status, .cancel)
        XCTAssertEqual(outcome.exitCode, 255)
    }

    /// A raised background box scrolls its long lines sideways (Right/l, Left/h, Home/0), as
    /// dialog's tailbox does, and stays at the file's end.
    func testARaisedBackgroundBoxScrollsSideways() {
        let long = (1...3).map { "line \($0) " + String(repeating: "x", count: 30) + " tail-\($0)" }.joined(separator: "\n") + "\n"
        var view = TailView(title: "", document: BufferDocument(Array(long.utf8)))
        func shown(_ tail: TailView? = nil) -> [String] {
            var drawn = tail ?? view
            var canvas = Canvas(width: 20, height: 2)
            drawn.layout(Rect(x: 0, y: 0, width: 20, height: 2))
            _ = drawn.render(into: &canvas, area: Rect(x: 0, y: 0, width: 20, height: 2), theme: theme)
            return canvas.lines
        }
        XCTAssertTrue(shown()[1].hasPrefix("line 3"), "\(shown())")
        _ = view.update(.action(.insert("l")))
        _ = view.update(.action(.right))
        _ = view.update(.action(.right))
        XCTAssertTrue(shown()[1].contains("tail-3"), "\(shown())")
        _ = view.update(.action(.insert("h")))
        XCTAssertFalse(shown()[1].hasPrefix("line 3"))
        _ = view.update(.action(.insert("0")))
        XCTAssertTrue(shown()[1].hasPrefix("line 3"), "back to the lines' start, still at the end: \(shown())")

        var layered = Layered(front: MessageAlert(title: "", text: "Next"),
                              layers: [Layered.Layer(view: TailView(title: "", document: BufferDocument(Array(long.utf8))), width: nil, height: nil)])
        _ = layered.update(.action(.focusNext))
        XCTAssertEqual(layered.update(.action(.right)), [], "a raised box's own key")
        XCTAssertEqual(layered.keys, .layer(0))
        XCTAssertFalse(shown(layered.layers[0].view)[1].hasPrefix("line 3"), "scrolled: \(shown(layered.layers[0].view))")
    }

    /// A --tailbox is itself one of dialog's followers: ended while it holds the keys that way, 254.
    func testATailboxEndedAsAFollowerAnswers254() {
        var layered = Layered(front: MessageAlert(title: "", text: "log"), layers: [], frontFollows: true)
        guard case .finish(let plain)? = layered.update(.action(.submit)).first else { return XCTFail("Enter ends it") }
        XCTAssertEqual(plain.exitCode, nil)
        layered = Layered(front: MessageAlert(title: "", text: "log"), layers: [], frontFollows: true)
        _ = layered.update(.action(.focusNext))
        XCTAssertEqual(layered.keys, .frontAsFollower)
        guard case .finish(let outcome)? = layered.update(.action(.submit)).first else { return XCTFail("Enter still ends it") }
        XCTAssertEqual(outcome.exitCode, 254)
        layered = Layered(front: MessageAlert(title: "", text: "log"), layers: [], frontFollows: true)
        _ = layered.update(.action(.focusNext))
        _ = layered.update(.action(.focusNext))
        XCTAssertEqual(layered.keys, .box, "a second Tab gives the box its keys back")
    }
}
