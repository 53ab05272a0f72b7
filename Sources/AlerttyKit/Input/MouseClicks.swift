// Mouse reports → what alerts act on: a left-button press is a click, a second press on the same
// cell soon after is a double click, the wheel scrolls. Releases and motion mean nothing here.

public struct MouseClicks: Sendable {
    static let doubleClickNanos: UInt64 = 400_000_000
    private var last: (x: Int, y: Int, at: UInt64)?

    public init() {}

    public mutating func convert(_ report: MouseReport, now: UInt64) -> Mouse? {
        switch report.kind {
        case .wheelUp: return Mouse(.wheel(-3), x: report.x, y: report.y)
        case .wheelDown: return Mouse(.wheel(3), x: report.x, y: report.y)
        case .press(button: 0):
            if let l = last, l.x == report.x, l.y == report.y, now - l.at < Self.doubleClickNanos {
                last = nil
                return Mouse(.click(count: 2), x: report.x, y: report.y)
            }
            last = (report.x, report.y, now)
            return Mouse(.click(count: 1), x: report.x, y: report.y)
        default:
            return nil
        }
    }
}
