// Walks the tree below a folder for `open --recursive`, a slice per turn of the loop so keys are
// read between slices, and hands the entries the filter admits to the alert as its input stream
// (each path below the folder, a folder's with a `/`, NUL-ended), as `choose --items-from` gets
// lines. Depth first, one folder open at a time; a linked folder is listed, never entered (a
// link cannot lead the walk out of the root or round a loop); hidden entries (`.git` too) are
// skipped unless asked for. A new walk (another folder entered) drops the one under way; the
// alert's `.closeInput` (its item limit reached) stops it.

public struct WalkRequest: Equatable, Sendable {
    /// The folder walked (a real path inside the root).
    public var folder: PathBytes
    public var filter: PathFilter
}

public final class TreeWalker: EventSource {
    /// Folders still to read, as paths below the walked folder (empty: the folder itself): a
    /// stack, so the walk goes deep first and files show as soon as the first folder holding
    /// some is read (breadth first read every folder of a level before the first file below it).
    private var queue: [PathBytes] = []
    private var reading: (stream: DirectoryStream, below: PathBytes)?
    private var request: WalkRequest?
    private var walking = false
    /// Entries looked at per slice: a few milliseconds of readdir.
    static let sliceEntries = 4096

    public init() {}

    public var readDescriptors: [FileDescriptor] { [] }
    public var writeDescriptors: [FileDescriptor] { [] }
    public var nextDeadline: UInt64? { walking ? 0 : nil }

    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        switch effect {
        case .walk(let request):
            stop()
            self.request = request
            queue = [[]]
            walking = true
            return true
        case .closeInput:
            guard walking else { return false }
            stop()
            return true
        default:
            return false
        }
    }

    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        guard walking, let request else { return [] }
        var out: [UInt8] = []
        var looked = 0
        while looked < Self.sliceEntries {
            if reading == nil {
                guard let below = queue.popLast() else {
                    walking = false
                    return (out.isEmpty ? [] : [.input(out)]) + [.inputEnded]
                }
                let path = below.isEmpty ? request.folder : Paths.appending(request.folder, below)
                if let stream = DirectoryStream(path) { reading = (stream, below) }
                continue
            }
            let (stream, below) = reading!
            let more = stream.next { name, kind in
                looked += 1
                if !request.filter.showsHidden && PathFilter.isHidden(name) { return }
                var path = below
                if !path.isEmpty { path.append(Glob.slash) }
                path.append(contentsOf: name)
                let isFolder = kind.opensLikeDirectory
                if kind == .directory { queue.append(path) }
                if request.filter.admits(path: path, isFolder: isFolder) {
                    out.append(contentsOf: path)
                    if isFolder { out.append(Glob.slash) }
                    out.append(0)
                }
            }
            if !more { reading = nil }
        }
        return out.isEmpty ? [] : [.input(out)]
    }

    private func stop() {
        reading?.stream.close()
        reading = nil
        queue = []
        walking = false
    }

    public func shutdown() { stop() }
}
