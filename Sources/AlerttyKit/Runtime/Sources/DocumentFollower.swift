// Follows files as `tail -F` does, for the pager's --follow and dialog's tailboxes: every quarter
// second it asks each document to look again (grown, truncated, or its path naming a new file)
// and tells the alert when one changed. The looking is I/O, so it is a source's, not the
// alert's. A watch, not work: an answer from a script never waits for it.

public final class DocumentFollower: EventSource {
    let documents: [any TextDocument]
    /// When it looks next; nil until the loop's first turn.
    private var nextLook: UInt64?
    static let interval: UInt64 = 250_000_000

    public init(_ documents: [any TextDocument]) {
        self.documents = documents
    }

    public var readDescriptors: [FileDescriptor] { [] }
    public var writeDescriptors: [FileDescriptor] { [] }
    public var nextDeadline: UInt64? { documents.isEmpty ? nil : nextLook ?? 0 }
    public var settled: Bool { true }
    public func accept(_ effect: Effect, now: UInt64) -> Bool { false }

    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        guard let due = nextLook, now >= due else {
            if nextLook == nil { nextLook = now + Self.interval }
            return []
        }
        nextLook = now + Self.interval
        // Every one looks (no short cut): each keeps its own size.
        let changed = documents.map { $0.refresh() }
        return changed.contains(true) ? [.documentChanged] : []
    }

    public func shutdown() {}
}
