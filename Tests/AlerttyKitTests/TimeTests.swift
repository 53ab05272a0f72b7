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
        guard case .field(let f) = a.meaning else { return XCTFail("the alert's meaning is not the one expected") }
        XCTAssertEqual(f.reason, "not a time: type it as HH:MM or HH:MM:SS")
    }

    /// The default (now) may fall outside --min..--max: it starts at the nearer bound, as a
    /// date's today does, so Enter, --non-interactive and --on-timeout default take a valid time.
    func testTheValueStartsWithinTheBounds() {
        let early = TimeAlert(title: "", text: "", value: ClockTime.parse("00:26")!, earliest: ClockTime.parse("09:00"), latest: ClockTime.parse("17:00"))
        XCTAssertEqual(early.time.iso, "09:00:00")
        XCTAssertNil(early.reason)
        let late = TimeAlert(title: "", text: "", value: ClockTime.parse("18:00")!, earliest: ClockTime.parse("09:00"), latest: ClockTime.parse("17:00"))
        XCTAssertEqual(late.time.iso, "17:00:00")
    }

    /// A --value given outside the bounds is a usage error naming the bound, for a time and a
    /// date alike (number says it the same way).
    func testAValueGivenOutsideTheBoundsIsAUsageError() throws {
        for (args, message) in [(["time", "--min", "09:00", "--max", "17:00", "--value", "18:00"], "--value 18:00:00: the latest is 17:00:00"),
                                (["time", "--min", "09:00", "--value", "8:30"], "--value 08:30:00: the earliest is 09:00:00"),
                                (["date", "--min", "2025-01-01", "--max", "2025-12-31", "--value", "2026-05-05"], "--value 2026-05-05: the latest is 2025-12-31"),
                                (["number", "--min", "5", "--max", "10", "--value", "12"], "--value 12: from 5 to 10")] {
            guard case .run(let c) = try ArgumentParser.parse(args) else { return XCTFail("the command line did not parse as an alert to run") }
            XCTAssertThrowsError(try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads()), "\(args)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message)
            }
        }
    }
}
