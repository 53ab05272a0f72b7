// One verdict for every validated text: the rules at once, --validate-cmd's run matched by
// generation, Enter during a run carried out when it is done — and input, edit and a form's field
// behaving the same through it.
@testable import AlerttyKit
import XCTest

final class VerdictTests: XCTestCase {
    func rules(command: String? = nil, minLength: Int? = nil) throws -> Rules {
        try Rules(minLength: minLength, command: command)
    }

    func generation(_ effects: [Effect]) -> Int? {
        for case .validate(_, let g) in effects { return g }
        return nil
    }

    func testRulesFirstThenTheCommandsRun() throws {
        var v = Verdict()
        let r = try rules(command: "true", minLength: 3)
        XCTAssertNil(generation(v.check("ab", bytes: Array("ab".utf8), rules: r)), "no run while the rules refuse")
        XCTAssertEqual(v.reason(), "needs at least 3 characters (2 so far)")
        XCTAssertEqual(v.reason(message: "too short"), "too short", "--invalid-message says it instead")
        let g = try XCTUnwrap(generation(v.check("abc", bytes: Array("abc".utf8), rules: r)))
        XCTAssertTrue(v.isChecking)
        XCTAssertFalse(v.isValid)
        XCTAssertNil(v.reason(), "nothing is wrong yet: it is being checked")
        XCTAssertTrue(v.receive(g, .valid))
        XCTAssertTrue(v.isValid)
    }

    func testAStaleRunsVerdictIsDropped() throws {
        var v = Verdict()
        let r = try rules(command: "true")
        let old = try XCTUnwrap(generation(v.check("a", bytes: [0x61], rules: r)))
        let new = try XCTUnwrap(generation(v.check("ab", bytes: [0x61, 0x62], rules: r)))
        XCTAssertFalse(v.receive(old, .invalid("no")), "the value it judged is gone")
        XCTAssertTrue(v.isChecking)
        XCTAssertTrue(v.receive(new, .invalid("taken")))
        XCTAssertEqual(v.reason(), "taken")
    }

    func testEnterDuringARunIsRememberedUntilTheVerdictAndForgottenOnAnEdit() throws {
        var v = Verdict()
        let r = try rules(command: "true")
        var g = try XCTUnwrap(generation(v.check("a", bytes: [0x61], rules: r)))
        XCTAssertEqual(v.submit(), .later)
        XCTAssertFalse(v.takeRememberedSubmit(), "not while it still runs")
        XCTAssertTrue(v.receive(g, .valid))
        XCTAssertTrue(v.takeRememberedSubmit())
        XCTAssertFalse(v.takeRememberedSubmit(), "used up")
        g = try XCTUnwrap(generation(v.check("b", bytes: [0x62], rules: r)))
        XCTAssertEqual(v.submit(), .later)
        _ = v.check("bc", bytes: [0x62, 0x63], rules: r)
        XCTAssertFalse(v.waitingToSubmit, "an edit forgets the Enter")
        var fresh = Verdict()
        XCTAssertEqual(fresh.submit(), .now, "nothing to check: at once")
    }

    func testAFormsChannelsKeepItsFieldsRunsApart() throws {
        var first = Verdict(channel: 0), second = Verdict(channel: 1)
        let r = try rules(command: "true")
        let g0 = try XCTUnwrap(generation(first.check("a", bytes: [0x61], rules: r)))
        let g1 = try XCTUnwrap(generation(second.check("a", bytes: [0x61], rules: r)))
        XCTAssertEqual(Verdict.channel(of: g0), 0)
        XCTAssertEqual(Verdict.channel(of: g1), 1)
        XCTAssertFalse(first.receive(g1, .valid))
    }

    // MARK: - The same in every alert that has a validated text

    /// Enter while --validate-cmd runs: nothing yet; the valid verdict carries it out.
    func testEnterDuringACheckIsCarriedOutByInputEditAndAForm() throws {
        func start(_ alert: inout any Alert) throws -> Int {
            try XCTUnwrap(generation(alert.update(.start)), "\(type(of: alert)) runs its check at the start")
        }
        let input: any Alert = try FieldAlert(title: "", text: "", configuration: {
            var c = FieldConfiguration(rules: try! rules(command: "true"))
            c.initialValue = Array("ann".utf8)
            return c
        }())
        let edit: any Alert = EditAlert(title: "", text: "ann", rules: try rules(command: "true"))
        guard case .run(let c) = try ArgumentParser.parse(["form", "--field", "user", "text", "User", "--default", "ann",
                                                           "--validate-cmd", "true"]) else { return XCTFail("the command line did not parse as an alert to run") }
        let form = try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads()).makeAlert()
        for alert in [input, edit, form] {
            var a = alert
            let g = try start(&a)
            let enter: Action = a is EditAlert ? .choose : .submit
            XCTAssertTrue(a.update(.action(enter)).isEmpty, "\(type(of: a)): waits for the check")
            let done = a.update(.validated(generation: g, .valid))
            guard case .finish(let outcome)? = done.first else { return XCTFail("\(type(of: a)): no answer") }
            XCTAssertEqual(outcome.status, .ok, "\(type(of: a))")
            XCTAssertEqual(outcome.answer, Array("ann".utf8), "\(type(of: a))")
        }
    }

    /// With dialog's keys, Enter submits a form from any field — as a key in the box. An answer
    /// typed in line mode while its field's check runs moves on to the next field once the check
    /// passes, as every other answer there does, instead of submitting the form half asked.
    func testARememberedEnterWithDialogKeysSubmitsOnlyFromTheBox() throws {
        guard case .run(let c) = try ArgumentParser.parse(["form", "--dialog-keys", "--field", "user", "text", "User",
                                                           "--validate-cmd", "true", "--field", "host", "text", "Host"]) else { return XCTFail("the command line did not parse as an alert to run") }
        for keys in [false, true] {
            var form = try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads()).makeAlert()
            _ = form.update(.start)
            let typed = keys
                ? "ann".unicodeScalars.flatMap { form.update(.action(.insert($0))) } + form.update(.action(.submit))
                : form.update(.answer(.text("ann")))
            let g = try XCTUnwrap(typed.compactMap { if case .validate(_, let g) = $0 { g } else { nil } }.last)
            let done = form.update(.validated(generation: g, .valid))
            if keys {
                guard case .finish(let outcome)? = done.first else { return XCTFail("the box: dialog's Enter submits: \(done)") }
                XCTAssertEqual(outcome.answer, Array("ann\n".utf8), "both fields' lines, the host's empty")
            } else {
                XCTAssertEqual(done, [], "line mode: not submitted")
                guard case .field(let f) = form.meaning else { return XCTFail("the form's meaning is not its field") }
                XCTAssertEqual(f.name, "host", "line mode: the next field is asked")
            }
        }
    }

    /// Enter on the form's last field while an earlier field's check still runs: the form is
    /// submitted once the check passes (before, the focus jumped to the field being checked and
    /// the Enter was lost); a refusal shows that field; an edit meanwhile forgets the Enter.
    func testASubmitWhileAnotherFieldIsCheckedWaitsForItsVerdict() throws {
        guard case .run(let c) = try ArgumentParser.parse(["form", "--field", "user", "text", "User", "--validate-cmd", "true",
                                                           "--field", "host", "text", "Host"]) else { return XCTFail("the command line did not parse as an alert to run") }
        for (verdict, edit) in [(Validity.valid, false), (.invalid("no such user"), false), (.valid, true)] {
            var form = try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads()).makeAlert()
            _ = form.update(.start)
            let typed = "ann".unicodeScalars.flatMap { form.update(.action(.insert($0))) }
            let g = try XCTUnwrap(typed.compactMap { if case .validate(_, let g) = $0 { g } else { nil } }.last)
            _ = form.update(.action(.focusNext))
            _ = form.update(.action(.insert("h")))
            XCTAssertEqual(form.update(.action(.submit)), [], "waits for the user's check")
            if edit { _ = form.update(.action(.insert("2"))) }
            let done = form.update(.validated(generation: g, verdict))
            switch (verdict, edit) {
            case (.valid, false):
                guard case .finish(let outcome)? = done.first else { return XCTFail("submitted once the check passed: \(done)") }
                XCTAssertEqual(outcome.answer, Array("ann\nh".utf8))
            case (.valid, true):
                XCTAssertEqual(done, [], "an edit after the Enter forgets it")
            default:
                XCTAssertEqual(done, [], "refused: not submitted")
                guard case .field(let f) = form.meaning else { return XCTFail("the form's meaning is not its field") }
                XCTAssertEqual(f.name, "user", "the refused field is shown")
            }
        }
    }

    /// A form whose --confirm password comes before a field with --validate-cmd: the field's
    /// runs reach its runner (its channel is its place among the form's fields, second entries
    /// included).
    func testAFormFieldsCheckReachesItsRunnerPastAConfirmedPassword() throws {
        guard case .run(let c) = try ArgumentParser.parse(["form", "--field", "pw", "password", "Password", "--confirm",
                                                           "--field", "user", "text", "User", "--default", "ann",
                                                           "--validate-cmd", "true"]) else { return XCTFail("the command line did not parse as an alert to run") }
        let built = try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads())
        var alert = built.makeAlert()
        let g = try XCTUnwrap(generation(alert.update(.start)))
        let runners = built.sources.compactMap { $0 as? ValidationRunner }
        XCTAssertEqual(runners.map(\.channel), [Verdict.channel(of: g)])
    }
}
