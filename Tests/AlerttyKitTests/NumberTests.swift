@testable import AlerttyKit
import XCTest

/// The number alert: steps and ends, typed values checked by range and step, answers from front
/// ends without a box checked by the same rules.
final class NumberTests: XCTestCase {
    func testStepsStayInRangeAndOnTheSteps() {
        var a = NumberAlert(title: "", text: "", minimum: 0, maximum: 98, step: 5, value: 40)
        _ = a.update(.action(.right))
        XCTAssertEqual(a.value, 45)
        _ = a.update(.action(.pageUp))
        XCTAssertEqual(a.value, 95, "the last step below --max")
        _ = a.update(.action(.end))
        XCTAssertEqual(a.value, 95)
        _ = a.update(.action(.home))
        _ = a.update(.action(.left))
        XCTAssertEqual(a.value, 0)
    }

    /// dialog's rangebox keys (the drop-in): a digit at a time, as recorded from dialog in the
    /// compat scripts 180-183.
    func testDialogKeysEditTheValueADigitAtATime() {
        func run(_ actions: [Action], _ low: Int = 0, _ high: Int = 100, _ start: Int = 40) -> [Effect] {
            var a = NumberAlert(title: "", text: "", minimum: low, maximum: high, value: start)
            a.dialogKeys = true
            XCTAssertEqual(a.focus, .button(.ok), "the focus starts on OK")
            return actions.flatMap { a.update(.action($0)) }
        }
        func answer(_ n: Int) -> [Effect] { [.finish(Outcome(.ok, answer: Array(String(n).utf8)))] }
        XCTAssertEqual(run([.left, .up, .up, .submit]), answer(38), "Left to the units; Up takes one off")
        XCTAssertEqual(run([.left, .left, .insert("7"), .submit]), answer(70), "a digit sets the tens")
        XCTAssertEqual(run([.down, .down, .down, .insert("-"), .submit]), answer(42), "from a button, steps of one")
        XCTAssertEqual(run([.focusNext, .focusNext, .down, .right, .right, .right, .insert("9"), .focusNext, .focusNext, .submit], -50, 250, 120),
                       answer(220), "round the ring: Cancel, the hundreds, back to OK; a digit on OK does nothing")
        XCTAssertEqual(run([.left, .left, .left, .insert("9"), .submit]), answer(40), "900 is out of range: the digit is refused")
        XCTAssertEqual(run([.focusNext, .submit]), [.finish(Outcome(.cancel))])
    }

    func testATypedValueIsTakenOnlyWhenAllowed() {
        var a = NumberAlert(title: "", text: "", minimum: -10, maximum: 10, step: 2, value: 0)
        for c in "-7".unicodeScalars { _ = a.update(.action(.insert(c))) }
        XCTAssertEqual(a.reason, "in steps of 2 from -10")
        XCTAssertEqual(a.update(.action(.submit)), [], "OK refuses it")
        _ = a.update(.action(.deleteBackward))
        for c in "8".unicodeScalars { _ = a.update(.action(.insert(c))) }
        XCTAssertNil(a.reason)
        XCTAssertEqual(a.update(.action(.submit)), [.finish(Outcome(.ok, answer: Array("-8".utf8)))])
        XCTAssertEqual(a.update(.answer(.text("12"))), [])
        guard case .field(let f) = a.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertEqual(f.reason, "from -10 to 10")
        XCTAssertEqual(a.update(.answer(.text(" 4 "))), [.finish(Outcome(.ok, answer: Array("4".utf8)))])
        XCTAssertEqual(a.update(.answer(.current)), [.finish(Outcome(.ok, answer: Array("0".utf8)))])
    }
}
