// A time of day as seconds since midnight, parsed from HH:MM[:SS] and printed with strftime's
// time conversions. No time zone: it is the time the person picks.

public struct ClockTime: Comparable, Hashable, Sendable {
    public let seconds: Int

    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        seconds = hour * 3600 + minute * 60 + second
    }

    /// Wraps around midnight.
    public init(wrapping seconds: Int) { self.seconds = ((seconds % 86_400) + 86_400) % 86_400 }

    public var hour: Int { seconds / 3600 }
    public var minute: Int { seconds / 60 % 60 }
    public var second: Int { seconds % 60 }

    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.seconds < b.seconds }

    /// `HH:MM` or `HH:MM:SS` (also with `.` between), or nil.
    public static func parse(_ text: String) -> ClockTime? {
        let parts = text.trimmingSpaces().split(whereSeparator: { $0 == ":" || $0 == "." })
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) : 0
        guard let s else { return nil }
        return ClockTime(hour: h, minute: m, second: s)
    }

    public var iso: String { format("%H:%M:%S") }

    /// strftime's %H %I %M %S %p %T %R %%; anything else as written.
    public func format(_ pattern: String) -> String {
        let two = Strftime.twoDigits
        return Strftime.render(pattern) { c in
            switch c {
            case "H": return two(hour)
            case "I": return two(hour % 12 == 0 ? 12 : hour % 12)
            case "M": return two(minute)
            case "S": return two(second)
            case "p": return hour < 12 ? "AM" : "PM"
            case "T": return format("%H:%M:%S")
            case "R": return format("%H:%M")
            default: return nil
            }
        }
    }
}
