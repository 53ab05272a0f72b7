// The real file system behind the save browser. Listing reads directory entries without a
// stat per entry: the entry type from readdir suffices, except for links and unknown types.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public struct RealFileSystem: FileSystem {
    public init() {}

    private func withPath<T>(_ path: PathBytes, _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }

    public func list(_ path: PathBytes) -> Result<Listing, FileSystemError> {
        guard let stream = DirectoryStream(path) else {
            return .failure(FileSystemError(Platform.describe(errno: errno)))
        }
        var listing = Listing()
        while stream.next({ name, kind in listing.append(name, kind: kind) }) {}
        return .success(listing)
    }

    /// What an entry is, from readdir's type where it says (no stat), else looked up: a link's
    /// target with one stat, an unknown type with lstat.
    func entryKind(type: Int32, at path: @autoclosure () -> PathBytes) -> EntryKind {
        switch type {
        case Int32(DT_DIR): return .directory
        case Int32(DT_REG): return .file
        case Int32(DT_LNK): return linkKind(path())
        case Int32(DT_UNKNOWN): return kind(path()) ?? .other
        default: return .other
        }
    }

    func linkKind(_ path: PathBytes) -> EntryKind {
        var s = stat()
        guard withPath(path, { stat($0, &s) }) == 0 else { return .link(target: nil) }
        return .link(target: (s.st_mode & S_IFMT) == S_IFDIR ? .directory : .file)
    }

    public func kind(_ path: PathBytes) -> EntryKind? {
        var s = stat()
        guard withPath(path, { lstat($0, &s) }) == 0 else { return nil }
        switch s.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        case S_IFLNK: return linkKind(path)
        default: return .other
        }
    }

    public func realPath(_ path: PathBytes) -> PathBytes? {
        guard let resolved = withPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    public func linkTarget(_ path: PathBytes) -> PathBytes? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = withPath(path) { p in
            buffer.withUnsafeMutableBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { readlink(p, $0, b.count) }
            }
        }
        return n > 0 ? Array(buffer[0..<n]) : nil
    }

    public func makeDirectory(_ path: PathBytes) -> FileSystemError? {
        // 0777: the umask takes away what the user wants taken away.
        withPath(path, { mkdir($0, 0o777) }) == 0 ? nil : FileSystemError(Platform.describe(errno: errno))
    }

    public var currentDirectory: PathBytes? {
        guard let cwd = getcwd(nil, 0) else { return nil }
        defer { free(cwd) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(cwd).assumingMemoryBound(to: UInt8.self), count: strlen(cwd)))
    }

    public var home: PathBytes? {
        Platform.environment("HOME").map { Array($0.utf8) }
    }
}

/// One folder's entries read a few at a time (the tree walker reads a tree in slices between
/// keys): the name and what the entry is, a link's target looked up with one stat.
public final class DirectoryStream {
    private var dir: OpaquePointer?
    public let path: PathBytes

    /// nil when the folder cannot be opened (gone, not readable).
    public init?(_ path: PathBytes) {
        let opened = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { opendir($0) }
        }
        guard let opened else { return nil }
        dir = opened
        self.path = path
    }

    /// Calls `body` with the next entry's name (without `.` and `..`) and kind; false at the end.
    public func next(_ body: (UnsafeRawBufferPointer, EntryKind) -> Void) -> Bool {
        guard let dir else { return false }
        while let entry = readdir(dir) {
            let type = Int32(entry.pointee.d_type)
            let taken: Bool = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let name = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.count)])
                if name.count == 1 && name[0] == 46 || name.count == 2 && name[0] == 46 && name[1] == 46 { return false }
                body(name, RealFileSystem().entryKind(type: type, at: Paths.appending(path, Array(name))))
                return true
            }
            if taken { return true }
        }
        close()
        return false
    }

    public func close() {
        if let dir { closedir(dir) }
        dir = nil
    }

    deinit { close() }
}
