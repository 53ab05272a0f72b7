@testable import AlerttyKit
import XCTest

/// dialog's size arithmetic on its own (the compat scripts 260 and 261 compare it with the real
/// dialog's --print-size; DropInGeometryEndToEndTests the boxes drawn).
final class DialogSizeTests: XCTestCase {
    func size(_ prompt: String, _ height: Int = 0, _ width: Int = 0, boxLines: Int = 2, least: Int = 12,
              screen: DialogSize.Screen = .init()) -> [Int] {
        let s = DialogSize.of(title: "", prompt: prompt, height: height, width: width,
                              rules: .init(boxLines: boxLines, minimumColumns: least), on: screen)
        return [s.height, s.width]
    }

    func testAWordLongerThanTheLineIsCutAtTheMargin() {
        let line = DialogSize.line(Array("abcdefghij klm"), from: 0, left: 2, right: 8)
        XCTAssertEqual(line.next, 6, "cut after six characters")
        XCTAssertEqual(line.x, 8)
        XCTAssertEqual(DialogSize.justify(Array("abcdefghij klm"), limitY: 20, limitX: 8), DialogSize(height: 3, width: 8))
    }

    func testBlanksEndALineAndAreNotCarried() {
        let line = DialogSize.line(Array("one two   three"), from: 0, left: 2, right: 12)
        XCTAssertEqual(line.x, 9, "'one two' ends at column 9")
        XCTAssertEqual(line.next, 10, "the next line starts at 'three'")
    }

    func testGivenSizesAreKeptAndTheScreenBoundsTheRest() {
        XCTAssertEqual(size("Hello", 10, 40), [10, 40])
        XCTAssertEqual(size("Hello", -1, -1), [23, 78])
        var small = DialogSize.Screen()
        (small.lines, small.columns, small.shadow) = (10, 20, false)
        XCTAssertEqual(size(String(repeating: "word ", count: 200), screen: small), [10, 20], "never more than the screen")
    }

    /// About 1 MB of short lines: as high as the screen, as wide as a line (dialog widens towards
    /// its aspect only while the text gets wider). Each pass reads a line up to the margin, so
    /// this is linear in the text (a quadratic pass would not finish).
    func testAHugeTextIsBoundedByTheScreen() {
        let text = String(repeating: "lorem ipsum dolor sit amet\n", count: 40_000)
        XCTAssertEqual(size(text), [23, 32])
    }
}
