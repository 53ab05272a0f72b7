// Tab order: the parts of a box that take the focus, in order, going round at the ends. Every
// alert moves its focus through one.

extension Array where Element: Equatable {
    /// The element `step` places on from `current` (wrapping); from the first when `current` is
    /// not in the ring.
    func cycled(from current: Element, by step: Int) -> Element {
        let at = firstIndex(of: current) ?? 0
        return self[((at + step) % count + count) % count]
    }
}
