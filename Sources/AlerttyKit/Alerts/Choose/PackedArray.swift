// A list's bytes and offsets, each in one block that grows in place. A Swift array doubles by
// copying into a new block, so while a list is read through a pipe its bytes lay twice in memory
// at each growth (a 100 MB list peaked near 150 MB); this block grows by `realloc`, which moves a
// big block by remapping its pages, so the peak is about what the list holds. Copy-on-write, like
// an array: a copy of a store never sees the other's later items.

public struct PackedArray<Element: BitwiseCopyable>: RandomAccessCollection, Sendable {
    private final class Block: @unchecked Sendable {
        var base: UnsafeMutablePointer<Element>?
        var count = 0
        var capacity = 0
        deinit { Platform.freeBlock(base) }

        func copy() -> Block {
            let other = Block()
            other.reserve(count)
            if count > 0 { other.base!.update(from: base!, count: count) }
            other.count = count
            return other
        }

        func reserve(_ wanted: Int) {
            guard wanted > capacity else { return }
            // Grown by half again: a big block costs no copy, so small steps waste no memory.
            let size = Swift.max(wanted, capacity + capacity / 2, 4096 / MemoryLayout<Element>.stride)
            base = Platform.resizeBlock(base, to: size)
            capacity = size
        }
    }

    private var block = Block()

    public init() {}

    public init(_ elements: some Collection<Element>) {
        append(contentsOf: elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { block.count }
    public var count: Int { block.count }

    public subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < block.count, "index out of range")
            return block.base![i]
        }
        set {
            precondition(i >= 0 && i < block.count, "index out of range")
            unique()
            block.base![i] = newValue
        }
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }

    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: block.base, count: block.count))
    }

    /// Room for `n` elements in all, taken now.
    public mutating func reserveCapacity(_ n: Int) {
        unique()
        block.reserve(n)
    }

    public mutating func append(_ element: Element) {
        unique()
        if block.count == block.capacity { block.reserve(block.count + 1) }
        block.base![block.count] = element
        block.count += 1
    }

    public mutating func append<C: Collection>(contentsOf elements: C) where C.Element == Element {
        let n = elements.count
        guard n > 0 else { return }
        unique()
        block.reserve(block.count + n)
        let at = block.base! + block.count
        if elements.withContiguousStorageIfAvailable({ at.update(from: $0.baseAddress!, count: n) }) == nil {
            var i = 0
            for e in elements { at[i] = e; i += 1 }
        }
        block.count += n
    }

    public static func += <C: Collection>(lhs: inout PackedArray, rhs: C) where C.Element == Element {
        lhs.append(contentsOf: rhs)
    }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&block) { block = block.copy() }
    }
}
