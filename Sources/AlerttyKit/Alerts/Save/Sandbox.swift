// The save, folder and open boxes' rules carried out on a file system: where a move leads (never
// out of the root: not by going up, not through a link, not by a typed name), what a folder
// holds, where a save would write, whether the paths open would print may be. The alert never
// calls it: it asks with effects (`.browse`, `.checkSaveTarget`, `.resolveFolder`,
// `.makeDirectory`, `.checkOpen`) and the runtime's FileSystemEffects answers through it.
// Tested on a fake tree.

public struct Sandbox {
    let fileSystem: any FileSystem
    /// The real path of the root; every folder reached lies inside it.
    let root: PathBytes

    public init(fileSystem: any FileSystem, root: PathBytes) {
        self.fileSystem = fileSystem
        self.root = root
    }

    // MARK: - Moving

    /// Where `request` leads, listed; or why it cannot be made (the browser stays).
    public func walk(_ request: Browse) -> Browsed {
        let from = request.from
        switch request.move {
        case .list:
            return list(from, selecting: request.keeping)
        case .up:
            return arrive(open(Paths.dotDot, from: from))
        case .open(let name):
            return arrive(open(name, from: from))
        case .path(let path):
            return arrive(openPath(path, from: from))
        case .home:
            guard let home = fileSystem.home else { return .refused("HOME is not set") }
            return arrive(go(to: home))
        }
    }

    private func arrive(_ reached: Reached) -> Browsed {
        switch reached {
        case .success(let place): return list(place.folder, selecting: place.selecting)
        case .failure(let refusal): return .refused(refusal.reason)
        }
    }

    /// `folder` listed (or why it could not be read).
    func list(_ folder: PathBytes, selecting: PathBytes?) -> Browsed {
        switch fileSystem.list(folder) {
        case .success(let listing): return .arrived(folder: folder, listing, problem: nil, selecting: selecting)
        case .failure(let error): return .arrived(folder: folder, Listing(), problem: "cannot read this folder: \(error.reason)", selecting: nil)
        }
    }

    struct Refusal: Error { var reason: String }
    typealias Reached = Result<(folder: PathBytes, selecting: PathBytes?), Refusal>

    /// The folder `name` in `folder` (`..` is its parent, the folder we came from selected).
    func open(_ name: PathBytes, from folder: PathBytes) -> Reached {
        let shownName = Sanitize.bytes(name)
        // Listings never contain these, but a name from elsewhere might.
        if name == Paths.dotDot {
            if Paths.isAtRoot(folder, root: root) { return .failure(Refusal(reason: "“..” leads outside \(Sanitize.bytes(root))")) }
            return .success((Paths.parent(folder), Paths.lastName(folder)))
        }
        if let problem = Paths.nameProblem(name) { return .failure(Refusal(reason: problem)) }
        guard let real = fileSystem.realPath(Paths.appending(folder, name)) else { return .failure(Refusal(reason: "“\(shownName)” is no longer there")) }
        guard Paths.isInside(real, root: root) else { return .failure(Refusal(reason: "“\(shownName)” leads outside \(Sanitize.bytes(root))")) }
        guard fileSystem.kind(real) == .directory else { return .failure(Refusal(reason: "“\(shownName)” is not a folder")) }
        return go(to: real)
    }

    /// A relative path (`docs/2024`, `../other`) opened one folder at a time, inside the root; the
    /// first step that cannot be taken says why. An absolute one is gone to.
    func openPath(_ path: PathBytes, from folder: PathBytes) -> Reached {
        if path.first == Paths.slash { return go(to: path) }
        var reached: (folder: PathBytes, selecting: PathBytes?) = (folder, nil)
        for name in Paths.components(path) where name != [UInt8(ascii: ".")] {
            switch open(name, from: reached.folder) {
            case .success(let next): reached = next
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(reached)
    }

    /// An absolute folder, if it lies inside the root.
    func go(to path: PathBytes) -> Reached {
        guard let real = fileSystem.realPath(path), Paths.isInside(real, root: root) else {
            return .failure(Refusal(reason: "\(Sanitize.bytes(path)) is outside \(Sanitize.bytes(root))"))
        }
        return .success((real, nil))
    }

    // MARK: - Checks

    /// Where saving `check.name` in `check.folder` would write, as of now.
    public static func target(of check: SaveCheck, fileSystem: any FileSystem) -> Browser.SaveTarget {
        let sandbox = Sandbox(fileSystem: fileSystem, root: check.root)
        if let problem = sandbox.problem(of: check.folder) { return .folderProblem(problem) }
        return sandbox.target(for: check.name, in: check.folder)
    }

    /// Why the folder `check.name` cannot be made in `check.folder` (the folder gone or replaced,
    /// the name leading outside the root), or nil.
    public static func problemMaking(_ check: SaveCheck, fileSystem: any FileSystem) -> String? {
        let sandbox = Sandbox(fileSystem: fileSystem, root: check.root)
        return sandbox.problem(of: check.folder) ?? sandbox.checkInsideRoot(Paths.appending(check.folder, check.name), shownAs: check.name)
    }

    /// The folder a folder box's Choose would take for `check` (the folder `name` in `folder`,
    /// or `folder` itself when `name` is empty), as of now: its real path inside the root.
    public static func resolveFolder(_ check: SaveCheck, fileSystem: any FileSystem) -> FolderResolution {
        let sandbox = Sandbox(fileSystem: fileSystem, root: check.root)
        if let problem = sandbox.problem(of: check.folder) { return .problem(problem) }
        guard !check.name.isEmpty else { return .folder(check.folder) }
        guard let real = fileSystem.realPath(Paths.appending(check.folder, check.name)), Paths.isInside(real, root: check.root) else {
            return .outside
        }
        return .folder(real)
    }

    /// Where saving `name` in `folder` would write, checked against the root: the whole path is
    /// resolved as the kernel would (the folder too, which may have been swapped for a link since
    /// it was opened), so no chain of links, however long, leads out.
    public func target(for name: PathBytes, in folder: PathBytes) -> Browser.SaveTarget {
        // A relative path (`conf.d/x.conf`) is fine when its folders exist inside the root.
        let parts = Paths.components(name)
        if name.contains(Paths.slash) {
            guard name.first != Paths.slash, !parts.isEmpty else { return .refused("type a name, or a path below this folder") }
            if parts.contains(where: { $0 == [UInt8(ascii: ".")] || $0 == [UInt8(ascii: "."), UInt8(ascii: ".")] }) {
                return .refused("a path below this folder, without . or ..")
            }
        }
        if let problem = Paths.nameProblem(parts.last ?? name) { return .refused(problem) }
        let candidate = Paths.join(Paths.components(folder) + parts)
        if let problem = checkInsideRoot(candidate, shownAs: name) { return .refused(problem) }
        let kind = fileSystem.kind(candidate)
        if kind?.opensLikeDirectory == true { return .folder(name) }
        return .path(candidate, exists: kind != nil)
    }

    /// Why writing at `path` would not stay inside the root, or nil when it would.
    public func checkInsideRoot(_ path: PathBytes, shownAs name: PathBytes) -> String? {
        let outside = "“\(Sanitize.bytes(name))” leads outside \(Sanitize.bytes(root))"
        switch fileSystem.resolveForWriting(path) {
        case .failed(let reason): return "“\(Sanitize.bytes(name))”: \(reason)"
        case .missing(let rest, let missing):
            return Paths.isInside(rest, root: root) ? "“\(Sanitize.bytes(name))”: “\(Sanitize.bytes(missing))” does not exist" : outside
        case .path(let real):
            return Paths.isInside(real, root: root) ? nil : outside
        }
    }

    /// Why `folder` cannot be chosen or written into now (gone, or replaced by a link that leads
    /// elsewhere since it was opened), or nil.
    public func problem(of folder: PathBytes) -> String? {
        guard let real = fileSystem.realPath(folder) else { return "this folder no longer exists; go back" }
        guard fileSystem.kind(folder) == .directory, real == folder, Paths.isInside(real, root: root) else {
            return "this folder was moved or replaced; go back"
        }
        return nil
    }
}

/// A move of a browser's, to be made on the file system: from the folder shown, inside the root.
public struct Browse: Equatable, Sendable {
    public enum Move: Equatable, Sendable {
        /// The folder shown, read (again).
        case list
        /// Its parent, the folder we came from selected.
        case up
        /// A folder in it, by name.
        case open(PathBytes)
        /// A relative path opened a folder at a time, or an absolute one.
        case path(PathBytes)
        /// The user's home, when it lies inside the root.
        case home
    }
    public var root: PathBytes
    public var from: PathBytes
    public var move: Move
    /// The entry to select once listed; a move refused with one reads the folder shown again,
    /// keeping it (a folder just made, then replaced before it could be opened).
    public var keeping: PathBytes?
}

/// What came of a move.
public enum Browsed: Equatable, Sendable {
    /// In `folder` now: its entries (none, and why, when it could not be read), and the entry to select.
    case arrived(folder: PathBytes, Listing, problem: String?, selecting: PathBytes?)
    /// The move could not be made: why. The browser stays where it was.
    case refused(String)
}

/// The paths `open` would answer, to be checked as of now: each absolute or below the folder
/// shown, as listed, typed or given by a script.
public struct OpenCheck: Equatable, Sendable {
    public var root: PathBytes
    public var folder: PathBytes
    public var paths: [PathBytes]
    public var filter: PathFilter
    /// One path typed in the box: a folder is gone into rather than refused.
    public var typed: Bool
}

public enum OpenChecked: Equatable, Sendable {
    /// Every path is fine: as printed (absolute, `.` and `..` taken away, links kept as named).
    case chosen([PathBytes])
    /// The typed path is a folder inside the root: go there.
    case folder(PathBytes)
    case refused(String)
}

extension Sandbox {
    /// Each path of `check`, as the kernel would find it now: inside the root as named and once
    /// every link is followed, there, of the kind asked for, named as the globs say, not hidden
    /// unless hidden entries are offered. The first that fails says why.
    public static func check(_ check: OpenCheck, fileSystem: any FileSystem) -> OpenChecked {
        let root = check.root
        var chosen: [PathBytes] = []
        for given in check.paths {
            let shown = "“" + Sanitize.bytes(given) + "”"
            guard !given.isEmpty else { return .refused("an empty path names nothing") }
            if given.contains(0) { return .refused("a path cannot contain NUL") }
            let path = Paths.normalize(given, base: check.folder)
            guard Paths.isInside(path, root: root) else { return .refused("\(shown) is outside the root") }
            guard let real = fileSystem.realPath(path) else { return .refused("\(shown) does not exist") }
            guard Paths.isInside(real, root: root) else { return .refused("\(shown) leads outside the root") }
            let kind = fileSystem.kind(real), isFolder = kind == .directory
            if check.typed && check.paths.count == 1 && isFolder && check.filter.kind == .file { return .folder(real) }
            switch (check.filter.kind, isFolder) {
            case (.file, true): return .refused("\(shown) is a folder, not a file")
            case (.dir, false): return .refused("\(shown) is not a folder")
            case (_, false) where kind != .file: return .refused("\(shown) is not a regular file")
            default: break
            }
            // Hidden below the folder shown (or the root, for a path elsewhere in it): a folder
            // shown that is itself hidden (--dir ~/.config) hides nothing in it.
            let base = Paths.isInside(path, root: check.folder) ? check.folder : root
            let below = Array(Paths.components(path).dropFirst(Paths.components(base).count))
            if !check.filter.showsHidden, below.contains(where: { PathFilter.isHidden($0) }) {
                return .refused("\(shown) is hidden (--all offers hidden entries)")
            }
            let relative = Paths.isInside(path, root: check.folder)
                ? Array(Paths.components(path).dropFirst(Paths.components(check.folder).count)) : [Paths.lastName(path)]
            let joined = Array(relative.joined(separator: [Glob.slash]))
            guard check.filter.admits(path: joined, isFolder: isFolder) else {
                return .refused("\(shown) does not match " + check.filter.globs.map { "--glob '\($0.text)'" }.joined(separator: " or "))
            }
            if !chosen.contains(path) { chosen.append(path) }
        }
        return .chosen(chosen)
    }
}
