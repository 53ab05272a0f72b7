@testable import AlerttyKit
import XCTest

/// Times of day: parsing, formatting, the fields' keys and the bounds.
final class TimeTests: XCTestCase {
    func testParsingAndFormatting() {
        XCTAssertEqual(ClockTime.parse("7:05")?.iso, "07:05:00")
        XCTAssertEqual(ClockTime.parse(" 23:59:59 ")?.iso, "23:59:59")
        XCTAssertNil(ClockTime.parse("24:00"))
        XCTAssertNil(ClockTime.parse("12:60"))
        XCTAssertNil(ClockTime.parse("noon"))
        XCTAssertEqual(ClockTime.parse("00:30")?.format("%I:%M %p"), "12:30 AM")
        XCTAssertEqual(ClockTime.parse("13:05:09")?.format("%R|%T|%I%p|%%|%x"), "13:05|13:05:09|01PM|%|%x")
    }

    func testFieldsWrapTypeAndStayWithinTheBounds() {
        var a = TimeAlert(title: "", text: "", value: ClockTime.parse("23:59:30")!, latest: ClockTime.parse("23:59:50"))
        _ = a.update(.action(.up))
        XCTAssertEqual(a.time.iso, "00:59:30", "the hours wrap alone, as a clock's")
        _ = a.update(.action(.right))
        _ = a.update(.action(.down))
        XCTAssertEqual(a.time.iso, "00:58:30")
        _ = a.update(.action(.left))
        for c in "2359".unicodeScalars { _ = a.update(.action(.insert(c))) }
        XCTAssertEqual(a.time.iso, "23:59:30", "two digits fill a field and move to the next")
        for c in "55".unicodeScalars { _ = a.update(.action(.insert(c))) }
        XCTAssertEqual(a.reason, "the latest is 23:59:50")
        XCTAssertEqual(a.update(.action(.submit)), [], "OK is disabled outside the bounds")
        XCTAssertEqual(a.update(.answer(.text("12:00"))), [.finish(Outcome(.ok, answer: Array("12:00:00".utf8)))])
        XCTAssertEqual(a.update(.answer(.text("1200"))), [])
        guard case .field(let f) = a.meaning else { return XCTFail() }
        XCTAssertEqual(f.reason, "not a time: type it as HH:MM or HH:MM:SS")
    }
}
