// What a pager shows, read a piece at a time: a view never needs more than what is on screen, so
// memory and time do not grow with the file. A regular file is read where the view is (pread);
// a stream (stdin, a FIFO) is kept as it arrives, up to a bound.

public protocol TextDocument: AnyObject {
    /// Bytes known so far.
    var size: Int { get }
    /// Up to `count` bytes at `offset` (fewer at the end).
    func read(at offset: Int, count: Int) -> [UInt8]
    /// Looks again for bytes added at the end (`--follow`); true when the size changed.
    func refresh() -> Bool
}

/// A regular file, read where the view is. Followed (`refresh`, called by the runtime's
/// DocumentFollower, never by the alert), as `tail -F` follows: a file
/// that grows shows its new lines, one that shrinks (truncated) is shown from its new end, and
/// when its path names a new file (a log rotated: renamed away and made anew) that file is read.
public final class FileDocument: TextDocument {
    private(set) var fd: FileDescriptor
    public private(set) var size: Int
    /// The path it was opened by, when it is to be followed across rotations.
    let path: String?

    /// Takes ownership of `fd`, an open regular file.
    public init(fd: FileDescriptor, size: Int, path: String? = nil) {
        self.fd = fd
        self.size = size
        self.path = path
    }

    deinit { Platform.close(fd) }

    public func read(at offset: Int, count: Int) -> [UInt8] {
        Platform.read(fd, at: offset, count: min(count, max(0, size - offset)))
    }

    public func refresh() -> Bool {
        if let path, let named = Platform.identity(of: path), named != Platform.identity(of: fd),
           let new = try? Platform.openForReadingAtOnce(path), case .regular(let now)? = Platform.kind(of: new) {
            Platform.close(fd)
            fd = new
            size = now
            return true
        }
        guard case .regular(let now)? = Platform.kind(of: fd), now != size else { return false }
        size = now
        return true
    }
}

/// Bytes that arrive as a stream, kept in memory up to `limit` (beyond it the rest is not kept
/// and the pager says so).
public final class BufferDocument: TextDocument {
    public private(set) var bytes: [UInt8] = []
    public let limit: Int
    public private(set) var truncated = false

    public init(_ bytes: [UInt8] = [], limit: Int = Limits.textStream) {
        self.limit = limit
        append(bytes)
    }

    public var size: Int { bytes.count }

    public func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }

    public func refresh() -> Bool { false }

    /// Adds a chunk; false once the bound is reached (what is over it is dropped).
    @discardableResult
    public func append(_ chunk: [UInt8]) -> Bool {
        let room = limit - bytes.count
        if chunk.count > room {
            bytes += chunk.prefix(max(0, room))
            truncated = true
            return false
        }
        bytes += chunk
        return true
    }
}
