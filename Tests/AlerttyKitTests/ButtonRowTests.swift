@testable import AlerttyKit
import XCTest

/// The button row in each look: a click finds each button where its look drew it (alertty's
/// centred row, dialog's `<  OK  >` at its margin and step, whiptail's `<Ok>` at its sums).
final class ButtonRowTests: XCTestCase {
    func theme(_ program: Compat.Program?) -> Theme {
        guard let program, let file = CompatTheme.theme(for: program, environment: { _ in nil }) else {
            return Theme(colors: .none, unicode: true)
        }
        return Theme(colors: .none, unicode: true, file: file)
    }

    func testAClickFindsEachButtonWhereItsLookDrewIt() {
        let buttons = [Button("OK"), Button("Cancel")]
        let row = Rect(x: 5, y: 3, width: 36, height: 1)
        for program in [nil, Compat.Program.dialog, .whiptail] {
            let theme = theme(program)
            var canvas = Canvas(width: 60, height: 6)
            ButtonRow.render(buttons, focused: 0, y: row.y, area: row, theme: theme, into: &canvas)
            let drawn = (0..<60).map { canvas[$0, row.y].symbol }.joined()
            for (i, label) in ["OK", "Cancel"].enumerated() {
                guard let found = drawn.range(of: label) else { return XCTFail("\(String(describing: program)): \(label) not drawn in '\(drawn)'") }
                let x = drawn.distance(from: drawn.startIndex, to: found.lowerBound)
                XCTAssertEqual(ButtonRow.hit(buttons, row: row, x: x, y: row.y, placement: ButtonRow.Placement(theme)), i,
                               "\(String(describing: program)) \(label) at \(x) in '\(drawn)'")
            }
            XCTAssertNil(ButtonRow.hit(buttons, row: row, x: row.x, y: row.y, placement: ButtonRow.Placement(theme)), "the row's edge is no button")
        }
    }
}
