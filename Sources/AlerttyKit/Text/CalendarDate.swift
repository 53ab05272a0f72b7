// A day of the proleptic Gregorian calendar, as plain numbers: no time zone, no Foundation. Day
// arithmetic goes through a day count (days since 1970-01-01, by Howard Hinnant's civil-date
// algorithms), so moving by days, weeks and months never meets a hole or a leap-year slip.

public struct CalendarDate: Comparable, Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...CalendarDate.days(inMonth: month, year: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = dayOfYear - (153 * mp + 2) / 5 + 1
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { a.dayNumber < b.dayNumber }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// 1 Monday … 7 Sunday (ISO 8601); 1970-01-01 was a Thursday.
    public var weekday: Int { ((dayNumber % 7 + 7 + 3) % 7) + 1 }

    public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

    /// The same day so many months on, or the month's last day when it is shorter (31 Jan + 1 month: 28 or 29 Feb).
    public func adding(months: Int) -> CalendarDate {
        let index = year * 12 + (month - 1) + months
        let y = max(1, min(9999, index / 12)), m = index % 12 + 1
        return CalendarDate(year: y, month: m, day: min(day, CalendarDate.days(inMonth: m, year: y))) ?? self
    }

    public var firstOfMonth: CalendarDate { CalendarDate(year: year, month: month, day: 1)! }
    public var lastOfMonth: CalendarDate { CalendarDate(year: year, month: month, day: CalendarDate.days(inMonth: month, year: year))! }

    /// ISO 8601: 2026-11-26.
    public var iso: String { format("%Y-%m-%d") }

    /// `YYYY-MM-DD` (also with `/` or `.` between), or nil.
    public static func parse(_ text: String) -> CalendarDate? {
        let parts = text.trimmingSpaces().split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.count == 3, parts[0].count == 4, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        return CalendarDate(year: y, month: m, day: d)
    }

    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]
    public static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// strftime's date conversions: %Y %y %m %d %e %j %B %b %h %A %a %u %w %F %D %%; anything
    /// else is kept as written.
    public func format(_ pattern: String) -> String {
        let two = Strftime.twoDigits
        return Strftime.render(pattern) { c in
            switch c {
            case "Y": return String(year)
            case "y": return two(year % 100)
            case "m": return two(month)
            case "d": return two(day)
            case "e": return day < 10 ? " \(day)" : "\(day)"
            case "j":
                let n = dayNumber - CalendarDate(year: year, month: 1, day: 1)!.dayNumber + 1
                return n < 10 ? "00\(n)" : n < 100 ? "0\(n)" : "\(n)"
            case "B": return Self.monthNames[month - 1]
            case "b", "h": return String(Self.monthNames[month - 1].prefix(3))
            case "A": return Self.weekdayNames[weekday - 1]
            case "a": return String(Self.weekdayNames[weekday - 1].prefix(3))
            case "u": return String(weekday)
            case "w": return String(weekday % 7)
            case "F": return format("%Y-%m-%d")
            case "D": return format("%m/%d/%y")
            default: return nil
            }
        }
    }
}
