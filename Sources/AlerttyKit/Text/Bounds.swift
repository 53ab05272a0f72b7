// A date's or a time's place against --min and --max: brought within them, and why it is
// outside — said the same way by the alert and by the usage error for a --value outside them.

enum Bounds {
    static func clamp<T: Comparable>(_ value: T, _ earliest: T?, _ latest: T?) -> T {
        min(max(value, earliest ?? value), latest ?? value)
    }

    static func problem<T: Comparable>(_ value: T, _ earliest: T?, _ latest: T?, shown: (T) -> String) -> String? {
        if let earliest, value < earliest { return "the earliest is \(shown(earliest))" }
        if let latest, value > latest { return "the latest is \(shown(latest))" }
        return nil
    }
}
