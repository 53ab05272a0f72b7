// `password --strength`: a meter under the field. The estimate is the field's own (length and
// the kinds of characters, repeats counted once or twice), or the client's when alertty is a
// pinentry (gpg-agent answers INQUIRE QUALITY); either way an EventSource answers the alert's
// `.measureStrength` effect with a `.strength` event, so the alert never knows which.

public enum Strength {
    /// 0–100: bits of a brute-force search over the character kinds used, 100 at 80 bits.
    public static func estimate(_ text: [UInt8]) -> Int {
        var pool = 0
        var kinds = Set<Int>()
        var seen: [UInt8: Int] = [:]
        var length = 0.0
        for byte in text {
            let kind: Int
            switch byte {
            case 0x61...0x7A: kind = 0
            case 0x41...0x5A: kind = 1
            case 0x30...0x39: kind = 2
            case 0x80...0xFF: kind = 4
            default: kind = 3
            }
            if kinds.insert(kind).inserted { pool += [26, 26, 10, 33, 64][kind] }
            // A character repeated adds less each time: aaaaaaaa is not eight characters' worth.
            let count = seen[byte, default: 0]
            seen[byte] = count + 1
            length += 1.0 / Double(1 + count)
        }
        guard pool > 0 else { return 0 }
        let bits = length * log2(Double(pool))
        return min(100, Int(bits * 100 / 80))
    }

    static func log2(_ x: Double) -> Double {
        // No Foundation: by halving, then the series for ln(1+y) is not needed at this precision.
        var x = x, whole = 0.0
        while x >= 2 { x /= 2; whole += 1 }
        // x in [1, 2): log2(x) ≈ (x - 1) * (1.4427 - 0.4427 * (x - 1)), within 1% — enough for a meter.
        let y = x - 1
        return whole + y * (1.4427 - 0.4427 * y)
    }
}

/// The field's own estimate, as an event source (first in line after a client's).
public final class StrengthEstimator: EventSource {
    private var pending: [UInt8]?
    public init() {}
    public var readDescriptors: [FileDescriptor] { [] }
    public var writeDescriptors: [FileDescriptor] { [] }
    public var nextDeadline: UInt64? { pending == nil ? nil : 0 }
    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        guard case .measureStrength(let text) = effect else { return false }
        pending?.resetBytes()
        pending = text
        return true
    }
    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        guard var text = pending else { return [] }
        pending = nil
        defer { text.resetBytes() }
        return [.strength(Strength.estimate(text))]
    }
    public func shutdown() { pending?.resetBytes() }
}
