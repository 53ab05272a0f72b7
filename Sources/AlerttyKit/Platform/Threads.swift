// Work split across the machine's processors (a list's search): the parts run on threads of
// their own, the last on the calling thread, and the call returns when every part is done. The
// parts share nothing mutable; each returns its own result.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// Processors online (at least 1).
    public static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `work(part)` for each part in `0..<parts`, at the same time where there are processors for
    /// it; the results in part order. A thread that cannot be made runs its part here instead.
    public static func concurrently<Result: Sendable>(_ parts: Int, _ work: @escaping @Sendable (Int) -> Result) -> [Result] {
        guard parts > 1 else { return parts == 1 ? [work(0)] : [] }
        let results = ThreadResults<Result>(count: parts)
        var threads: [pthread_t] = []
        for part in 0..<(parts - 1) {
            let job = ThreadJob { results.set(part, work(part)) }
            var thread = pthread_t()
            let context = Unmanaged.passRetained(job).toOpaque()
            let made = pthread_create(&thread, nil, { raw in
                Unmanaged<ThreadJob>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, context)
            if made == 0 {
                threads.append(thread)
            } else {
                Unmanaged<ThreadJob>.fromOpaque(context).release()
                job.run()
            }
        }
        results.set(parts - 1, work(parts - 1))
        for thread in threads { pthread_join(thread, nil) }
        return results.all
    }
}

/// A part's work, for a thread's start routine (which cannot be generic).
private final class ThreadJob: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Each part writes only its own slot, through a pointer (no shared array is mutated from two
/// threads), and the slots are read after every thread is joined.
private final class ThreadResults<Result>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Result?>
    private let count: Int
    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }
    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }
    func set(_ part: Int, _ value: Result) { slots[part] = value }
    var all: [Result] { (0..<count).map { slots[$0]! } }
}
