// The seed alert's pop-in: scale 0.6 → 1.1 → 0.9 → 1.0 at times 0, 0.6, 0.8, 1.0 of about a
// quarter second, with the backdrop fading in. (There is no scale-out: the answer is not held back.)

public struct Animation: Sendable {
    public struct Keyframe: Sendable {
        public var time: Double
        public var scale: Double
    }

    public var duration: Double
    public var keyframes: [Keyframe]
    public var fadesIn: Bool

    public static let popIn = Animation(duration: 0.25, keyframes: [
        Keyframe(time: 0, scale: 0.6), Keyframe(time: 0.6, scale: 1.1),
        Keyframe(time: 0.8, scale: 0.9), Keyframe(time: 1.0, scale: 1.0),
    ], fadesIn: true)


    /// Scale at `elapsed` seconds (linear between keyframes; the last value once finished).
    public func scale(at elapsed: Double) -> Double {
        let t = min(max(elapsed / duration, 0), 1)
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where t <= b.time {
            let span = b.time - a.time
            let f = span > 0 ? (t - a.time) / span : 1
            return a.scale + (b.scale - a.scale) * f
        }
        return keyframes.last?.scale ?? 1
    }

    /// Backdrop opacity at `elapsed` seconds: fades in with the pop-in.
    public func opacity(at elapsed: Double) -> Double {
        let t = min(max(elapsed / duration, 0), 1)
        return fadesIn ? t : 1 - t
    }

    public func isFinished(at elapsed: Double) -> Bool { elapsed >= duration }
}
