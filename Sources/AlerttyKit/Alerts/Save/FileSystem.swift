// What the save browser needs from a file system, as a small protocol: the real one lives in
// the platform layer, a fake one in the tests. Paths and names are bytes, because a file name
// need not be valid UTF-8 and must come back byte-exact.

public typealias PathBytes = [UInt8]

public enum EntryKind: Equatable, Sendable {
    case directory
    case file
    /// A symbolic link; `target` is what it resolves to (nil: broken).
    case link(target: LinkTarget?)
    case other

    public enum LinkTarget: Equatable, Sendable { case directory, file }

    public var opensLikeDirectory: Bool {
        self == .directory || self == .link(target: .directory)
    }
}

public struct DirectoryEntry: Equatable, Sendable {
    public var name: PathBytes
    public var kind: EntryKind
    public init(name: PathBytes, kind: EntryKind) {
        self.name = name
        self.kind = kind
    }
    public var isHidden: Bool { name.first == UInt8(ascii: ".") }
}

/// A folder's entries packed for size: all names in one byte buffer with offsets, instead of an
/// array per name (at 100,000 entries that is the difference between 2 and 8 MB).
public struct Listing: Equatable, Sendable {
    public private(set) var bytes: [UInt8] = []
    private var starts: [UInt32] = [0]
    public private(set) var kinds: [EntryKind] = []

    public init() {}

    public init(_ entries: [DirectoryEntry]) {
        for e in entries { append(e.name, kind: e.kind) }
    }

    public var count: Int { kinds.count }

    public mutating func append<C: Collection>(_ name: C, kind: EntryKind) where C.Element == UInt8 {
        bytes.append(contentsOf: name)
        starts.append(UInt32(bytes.count))
        kinds.append(kind)
    }

    public func nameRange(_ i: Int) -> Range<Int> { Int(starts[i])..<Int(starts[i + 1]) }
    public func name(_ i: Int) -> PathBytes { Array(bytes[nameRange(i)]) }
    /// Entry `i` is named `name` (compared in place: no copy of the name).
    public func isNamed(_ i: Int, _ name: PathBytes) -> Bool { bytes[nameRange(i)].elementsEqual(name) }
    public func entry(_ i: Int) -> DirectoryEntry { DirectoryEntry(name: name(i), kind: kinds[i]) }
    public func isHidden(_ i: Int) -> Bool { starts[i] < starts[i + 1] && bytes[Int(starts[i])] == UInt8(ascii: ".") }
}

public struct FileSystemError: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

public protocol FileSystem {
    /// Entries of a folder (without `.` and `..`), in any order.
    func list(_ path: PathBytes) -> Result<Listing, FileSystemError>
    /// The kind of whatever `path` names, without following a final symlink; nil when nothing is there.
    func kind(_ path: PathBytes) -> EntryKind?
    /// The canonical absolute path (symlinks resolved), or nil when it does not exist.
    func realPath(_ path: PathBytes) -> PathBytes?
    /// Where a symlink points (its literal target), or nil when `path` is not one.
    func linkTarget(_ path: PathBytes) -> PathBytes?
    func makeDirectory(_ path: PathBytes) -> FileSystemError?
    var currentDirectory: PathBytes? { get }
    var home: PathBytes? { get }
}

/// Pure path arithmetic on absolute byte paths.
public enum Paths {
    static let slash = UInt8(ascii: "/")
    /// The kernel's limits (Linux): a name, a whole path, symlinks followed in one lookup.
    static let nameMax = 255
    static let pathMax = 4095
    static let linkMax = 40

    public static func components(_ path: PathBytes) -> [PathBytes] {
        path.split(separator: slash, omittingEmptySubsequences: true).map(Array.init)
    }

    public static func join(_ components: [PathBytes]) -> PathBytes {
        components.isEmpty ? [slash] : components.flatMap { [slash] + $0 }
    }

    public static func appending(_ path: PathBytes, _ name: PathBytes) -> PathBytes {
        join(components(path) + [name])
    }

    public static func parent(_ path: PathBytes) -> PathBytes {
        join(Array(components(path).dropLast()))
    }

    public static func lastName(_ path: PathBytes) -> PathBytes {
        components(path).last ?? [slash]
    }

    /// Lexical normalisation: `.` dropped, `..` climbs (never above /), relative paths taken from `base`.
    public static func normalize(_ path: PathBytes, base: PathBytes) -> PathBytes {
        var result: [PathBytes] = path.first == slash ? [] : components(base)
        for c in components(path) {
            if c == [UInt8(ascii: ".")] { continue }
            if c == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                _ = result.popLast()
                continue
            }
            result.append(c)
        }
        return join(result)
    }

    /// True when `path` is `root` or below it, comparing whole components (so /home/ann never admits /home/anna).
    static let dotDot: PathBytes = [UInt8(ascii: "."), UInt8(ascii: ".")]

    /// `folder` (inside `root`) is the root itself: going up would leave it.
    public static func isAtRoot(_ folder: PathBytes, root: PathBytes) -> Bool {
        components(folder).count <= components(root).count
    }

    public static func isInside(_ path: PathBytes, root: PathBytes) -> Bool {
        let p = components(path), r = components(root)
        return p.count >= r.count && Array(p.prefix(r.count)) == r
    }

    /// A name for a new file or folder: non-empty, no slash, no NUL, not `.` or `..`.
    public static func nameProblem(_ name: PathBytes) -> String? {
        if name.isEmpty { return "type a name" }
        if name.contains(slash) { return "a name cannot contain /" }
        if name.contains(0) { return "a name cannot contain NUL" }
        if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { return "'.' and '..' are not names" }
        return nil
    }
}

extension FileSystem {
    /// Where the kernel would land opening or creating `path` (absolute): every symlink on the way
    /// followed — chains, links to links, relative targets, `..` taken physically after a linked
    /// folder — as path resolution does. The last component need not exist; a missing folder on the
    /// way, a loop, or an over-long name is a failure with its reason.
    public func resolveForWriting(_ path: PathBytes) -> Resolution {
        var pending = Array(Paths.components(path).reversed()) // a stack: next component last
        var resolved: [PathBytes] = []
        var links = 0
        while let name = pending.popLast() {
            if name == [UInt8(ascii: ".")] { continue }
            if name == [UInt8(ascii: "."), UInt8(ascii: ".")] {
                _ = resolved.popLast()
                continue
            }
            if name.count > Paths.nameMax { return .failed("a name is longer than \(Paths.nameMax) bytes") }
            let here = Paths.join(resolved + [name])
            if here.count > Paths.pathMax { return .failed("the path is longer than \(Paths.pathMax) bytes") }
            switch kind(here) {
            case .link?:
                links += 1
                if links > Paths.linkMax { return .failed("too many levels of symbolic links (a loop)") }
                guard let target = linkTarget(here), !target.isEmpty else { return .failed("a link on the way cannot be read") }
                if target.first == Paths.slash { resolved = [] }
                pending += Paths.components(target).reversed()
            case nil:
                // Nothing there: fine for the last name (it will be created), not for a folder on the way.
                guard pending.isEmpty else {
                    // Nothing below a missing folder exists, so the rest is plain path arithmetic.
                    let rest = Paths.join(resolved + [name] + pending.reversed())
                    return .missing(Paths.normalize(rest, base: [Paths.slash]), name: name)
                }
                resolved.append(name)
            case .directory?:
                resolved.append(name)
            case .file?, .other?:
                guard pending.isEmpty else { return .failed("“\(Sanitize.bytes(name))” is not a folder") }
                resolved.append(name)
            }
        }
        return .path(Paths.join(resolved))
    }
}

/// Where a path leads, as `FileSystem.resolveForWriting` finds it.
public enum Resolution: Equatable, Sendable {
    case path(PathBytes)
    /// A folder on the way does not exist; `path` is where the rest would lead.
    case missing(PathBytes, name: PathBytes)
    case failed(String)
}
