@testable import AlerttyKit
import XCTest

/// Calendar arithmetic without Foundation, and the date alert's keys, bounds and answers.
final class DateTests: XCTestCase {
    func date(_ s: String) -> CalendarDate { CalendarDate.parse(s)! }

    func testDayNumbersWeekdaysAndLeapYears() {
        XCTAssertEqual(date("1970-01-01").dayNumber, 0)
        XCTAssertEqual(date("2000-03-01").dayNumber, 11_017)
        XCTAssertEqual(CalendarDate(dayNumber: 20_418), date("2025-11-26"))
        XCTAssertEqual(date("2026-11-26").weekday, 4, "a Thursday")
        XCTAssertEqual(date("1970-01-01").weekday, 4)
        XCTAssertEqual(date("1969-12-29").weekday, 1, "before 1970 too")
        XCTAssertNotNil(CalendarDate(year: 2024, month: 2, day: 29))
        XCTAssertNil(CalendarDate(year: 2100, month: 2, day: 29), "1900 and 2100 are not leap years")
        XCTAssertNotNil(CalendarDate(year: 2000, month: 2, day: 29))
        for n in stride(from: -800_000, to: 2_900_000, by: 9_973) {
            XCTAssertEqual(CalendarDate(dayNumber: n).dayNumber, n)
        }
    }

    func testMovingByDaysAndMonths() {
        XCTAssertEqual(date("2026-12-31").adding(days: 1), date("2027-01-01"))
        XCTAssertEqual(date("2027-01-31").adding(months: 1), date("2027-02-28"), "the month's last day when it is shorter")
        XCTAssertEqual(date("2028-01-31").adding(months: 1), date("2028-02-29"))
        XCTAssertEqual(date("2026-01-15").adding(months: -1), date("2025-12-15"))
        XCTAssertEqual(date("2026-11-26").lastOfMonth, date("2026-11-30"))
    }

    func testParsingAndFormatting() {
        XCTAssertNil(CalendarDate.parse("2026-02-30"))
        XCTAssertNil(CalendarDate.parse("26-11-2026"))
        XCTAssertNil(CalendarDate.parse("tomorrow"))
        XCTAssertEqual(CalendarDate.parse(" 2026/11/26 "), date("2026-11-26"))
        let d = date("2026-03-05")
        XCTAssertEqual(d.format("%d/%m/%Y"), "05/03/2026")
        XCTAssertEqual(d.format("%A %e %B %y, day %j, %a %b %u %w %F %% %Q"), "Thursday  5 March 26, day 064, Thu Mar 4 4 2026-03-05 % %Q")
    }

    func testKeysMoveWithinTheBoundsAndTheAnswerIsFormatted() {
        var a = DateAlert(title: "", text: "", value: date("2026-11-26"), earliest: date("2026-11-20"), latest: date("2026-12-10"),
                          format: "%d.%m.%Y")
        _ = a.update(.action(.right))
        _ = a.update(.action(.down))
        XCTAssertEqual(a.cursor, date("2026-12-04"))
        _ = a.update(.action(.pageDown))
        XCTAssertEqual(a.cursor, date("2026-12-10"), "clamped to --max")
        _ = a.update(.action(.pageUp))
        _ = a.update(.action(.pageUp))
        XCTAssertEqual(a.cursor, date("2026-11-20"), "clamped to --min")
        for c in "2026-12-01".unicodeScalars { _ = a.update(.action(.insert(c))) }
        _ = a.update(.action(.submit))
        XCTAssertEqual(a.cursor, date("2026-12-01"))
        for c in "2027-01-01".unicodeScalars { _ = a.update(.action(.insert(c))) }
        _ = a.update(.action(.submit))
        XCTAssertEqual(a.reason, "the latest is 2026-12-10")
        XCTAssertEqual(a.cursor, date("2026-12-01"), "a date outside is not gone to")
        XCTAssertEqual(a.update(.action(.submit)), [.finish(Outcome(.ok, answer: Array("01.12.2026".utf8)))])
        XCTAssertEqual(a.update(.answer(.text("2026-11-01"))), [])
        XCTAssertEqual(a.reason, "the earliest is 2026-11-20")
        XCTAssertEqual(a.update(.answer(.text("2026-11-21"))), [.finish(Outcome(.ok, answer: Array("21.11.2026".utf8)))])
        XCTAssertEqual(a.update(.action(.cancel)), [.finish(Outcome(.cancel))])
    }
}
