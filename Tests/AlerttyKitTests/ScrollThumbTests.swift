// dialog's scroll bar on a framed list (--scrollbar): the thumb's rows by arrows.c's arithmetic.
@testable import AlerttyKit
import XCTest

/// dialog's scroll bar (arrows.c): where its thumb goes for a window on a list.
final class ScrollThumbTests: XCTestCase {
    func testTheThumbIsWhereDialogPutsIt() {
        // 20 items, 5 rows: at the top one row, a page down the second and third, at the end the last two.
        XCTAssertEqual(ChooseAlert.scrollThumb(first: 0, next: 5, total: 20, rows: 5), 0..<1)
        XCTAssertEqual(ChooseAlert.scrollThumb(first: 5, next: 10, total: 20, rows: 5), 1..<3)
        XCTAssertEqual(ChooseAlert.scrollThumb(first: 15, next: 20, total: 20, rows: 5), 3..<5)
        // Everything shown: no bar.
        XCTAssertNil(ChooseAlert.scrollThumb(first: 0, next: 2, total: 2, rows: 10))
        XCTAssertNil(ChooseAlert.scrollThumb(first: 0, next: 0, total: 0, rows: 10))
        // 1000 items in 10 rows: no thumb on the first page (dialog draws one of no rows), then
        // a row, inside the track, moving down.
        XCTAssertEqual(ChooseAlert.scrollThumb(first: 0, next: 10, total: 1000, rows: 10)?.isEmpty, true)
        var last = -1
        for first in stride(from: 50, through: 990, by: 10) {
            guard let thumb = ChooseAlert.scrollThumb(first: first, next: first + 10, total: 1000, rows: 10) else { return XCTFail("\(first)") }
            XCTAssertGreaterThanOrEqual(thumb.count, 1, "\(first)")
            XCTAssertTrue(thumb.lowerBound >= 0 && thumb.upperBound <= 10, "\(first): \(thumb)")
            XCTAssertGreaterThanOrEqual(thumb.lowerBound, last)
            last = thumb.lowerBound
        }
    }
}
