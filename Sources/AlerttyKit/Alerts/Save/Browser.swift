// The folder walker behind `save` and `folder`: where we are, what is listed, what is selected.
// A value over a FileSystem, so it is tested on a fake tree. It never leaves its root: not by
// going up, not through a symlink, not by a typed name.

public struct Browser {
    public let fileSystem: any FileSystem
    /// The real path of the root; every folder shown lies inside it.
    public let root: PathBytes
    public private(set) var current: PathBytes
    /// All entries of the current folder, packed.
    public private(set) var listing = Listing()
    /// Indices into `listing`, folders first, then by name.
    private var order: [UInt32] = []
    /// The part of `order` that is shown (hidden entries filtered out unless `showHidden`).
    private var shown: [UInt32] = []
    public private(set) var showHidden: Bool
    /// Why the folder could not be read, shown inside the list.
    public private(set) var listProblem: String?
    /// The rows: "this folder" first when the folder shown may be chosen (the folder box), the
    /// back control when not at the root, then the shown entries.
    public private(set) var list = ListState()
    /// A row for the folder shown itself: the folder box can always choose it, its root too.
    public let offersHere: Bool
    public var selection: Int { list.selection }
    public var top: Int { list.top }
    public var visibleRows: Int { list.visibleRows }

    public init(fileSystem: any FileSystem, root: PathBytes, start: PathBytes, showHidden: Bool, offersHere: Bool = false) {
        self.fileSystem = fileSystem
        self.root = root
        current = start
        self.showHidden = showHidden
        self.offersHere = offersHere
        reload()
    }

    public var atRoot: Bool { Paths.components(current).count <= Paths.components(root).count }
    var hereRows: Int { offersHere ? 1 : 0 }
    /// Rows before the entries: "this folder", the back control.
    public var leadingRows: Int { hereRows + (atRoot ? 0 : 1) }
    public var rowCount: Int { leadingRows + shown.count }
    public var isHereSelected: Bool { offersHere && selection == 0 }
    public var isBackSelected: Bool { !atRoot && selection == hereRows }

    /// The entry on `row`, or nil for "this folder" and the back control.
    public func entry(atRow row: Int) -> DirectoryEntry? {
        let i = row - leadingRows
        return i >= 0 && i < shown.count ? listing.entry(Int(shown[i])) : nil
    }

    /// Entries in the folder, hidden ones included.
    public var totalCount: Int { listing.count }

    public var selectedEntry: DirectoryEntry? { entry(atRow: selection) }
    public var parentName: PathBytes { Paths.lastName(Paths.parent(current)) }

    // MARK: - Reading

    public mutating func reload(keeping name: PathBytes? = nil) {
        switch fileSystem.list(current) {
        case .success(let list):
            listing = list
            order = Browser.sortedOrder(list)
            listProblem = nil
        case .failure(let error):
            listing = Listing()
            order = []
            listProblem = "cannot read this folder: \(error.reason)"
        }
        refilter(keeping: name)
    }

    /// Folders first, then by name with ASCII case folded. Compares bytes in place: no string per
    /// entry, which matters at 100,000 entries.
    static func sortedOrder(_ list: Listing) -> [UInt32] {
        var order = (0..<UInt32(list.count)).map { $0 }
        list.bytes.withUnsafeBufferPointer { bytes in
            order.sort { a, b in
                let ad = list.kinds[Int(a)].opensLikeDirectory, bd = list.kinds[Int(b)].opensLikeDirectory
                if ad != bd { return ad }
                return namePrecedes(bytes[list.nameRange(Int(a))], bytes[list.nameRange(Int(b))])
            }
        }
        return order
    }

    @inline(__always) static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }

    static func namePrecedes<C: RandomAccessCollection>(_ a: C, _ b: C) -> Bool where C.Element == UInt8, C.Index == Int {
        let n = min(a.count, b.count)
        var i = 0
        while i < n {
            let x = fold(a[a.startIndex + i]), y = fold(b[b.startIndex + i])
            if x != y { return x < y }
            i += 1
        }
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }

    static func hasFoldedPrefix(_ listing: Listing, _ index: UInt32, _ prefix: [UInt8]) -> Bool {
        let range = listing.nameRange(Int(index))
        guard range.count >= prefix.count else { return false }
        for i in prefix.indices where Browser.fold(listing.bytes[range.lowerBound + i]) != Browser.fold(prefix[i]) { return false }
        return true
    }

    private mutating func refilter(keeping name: PathBytes?) {
        // Share `order`'s storage when nothing is hidden (the usual case in a big folder).
        let anyHidden = !showHidden && (0..<listing.count).contains { listing.isHidden($0) }
        shown = anyHidden ? order.filter { !listing.isHidden(Int($0)) } : order
        let rows = list.visibleRows
        list = ListState(itemCount: leadingRows + shown.count)
        list.setVisibleRows(rows)
        if let name, let i = shown.firstIndex(where: { listing.isNamed(Int($0), name) }) {
            select(row: i + leadingRows)
        } else if offersHere {
            select(row: 0) // the folder shown: what Enter takes
        } else if !atRoot && !shown.isEmpty {
            select(row: 1) // the first entry rather than the back control
        }
    }

    public mutating func toggleHidden() {
        let keep = selectedEntry?.name
        showHidden.toggle()
        refilter(keeping: keep)
    }

    // MARK: - Moving

    public mutating func setVisibleRows(_ rows: Int) { list.setVisibleRows(rows) }

    public mutating func select(row: Int) { list.select(row: row) }

    public mutating func move(_ action: Action) { list.move(action) }

    public mutating func scroll(by rows: Int) { list.scroll(by: rows) }

    /// Type-ahead: jumps to the first entry whose name starts with what was typed (case-insensitive).
    public mutating func typeAhead(_ scalar: Unicode.Scalar) {
        let entries = shown, back = leadingRows, listing = listing
        list.typeAhead(scalar, firstRow: back) { row, prefix in Browser.hasFoldedPrefix(listing, entries[row - back], prefix) }
    }

    // MARK: - Going places

    /// Opens the folder named `name` in the current one. Returns why not, if it cannot.
    public mutating func open(_ name: PathBytes) -> String? {
        let shownName = Sanitize.bytes(name)
        // Listings never contain these, but a name from elsewhere might.
        if name == [UInt8(ascii: "."), UInt8(ascii: ".")] {
            if atRoot { return "“..” leads outside \(Sanitize.bytes(root))" }
            goUp()
            return nil
        }
        if let problem = Paths.nameProblem(name) { return problem }
        let candidate = Paths.appending(current, name)
        guard let real = fileSystem.realPath(candidate) else { return "“\(shownName)” is no longer there" }
        guard Paths.isInside(real, root: root) else { return "“\(shownName)” leads outside \(Sanitize.bytes(root))" }
        guard fileSystem.kind(real) == .directory else { return "“\(shownName)” is not a folder" }
        return go(to: real)
    }

    /// Opens a relative path (`docs/2024`, `../other`) one folder at a time, inside the root;
    /// stops at the first step that cannot be taken and says why.
    public mutating func openPath(_ path: PathBytes) -> String? {
        if path.first == Paths.slash { return go(to: path) }
        let start = current
        for name in Paths.components(path) where name != [UInt8(ascii: ".")] {
            if let problem = open(name) {
                if current != start { _ = go(to: start) }
                return problem
            }
        }
        return nil
    }

    /// Goes to the parent folder, selecting the folder we came from. Does nothing at the root.
    public mutating func goUp() {
        guard !atRoot else { return }
        let came = Paths.lastName(current)
        current = Paths.parent(current)
        reload(keeping: came)
    }

    /// Goes to an absolute folder if it lies inside the root.
    public mutating func go(to path: PathBytes) -> String? {
        guard let real = fileSystem.realPath(path), Paths.isInside(real, root: root) else {
            return "\(Sanitize.bytes(path)) is outside \(Sanitize.bytes(root))"
        }
        current = real
        reload()
        return nil
    }

    public enum SaveTarget: Equatable, Sendable {
        case path(PathBytes, exists: Bool)
        case folder(PathBytes)
        case refused(String)
        /// The folder itself can no longer be written into (gone, or replaced by a link).
        case folderProblem(String)
    }

    /// `name` in the folder shown, to be checked against the file system by the runtime.
    public func check(_ name: PathBytes) -> SaveCheck { SaveCheck(root: root, folder: current, name: name) }

    /// Where saving `check.name` in `check.folder` would write, as of now: the check a save
    /// browser asks for as an effect (`.checkSaveTarget`), carried out where the file system is.
    public static func target(of check: SaveCheck, fileSystem: any FileSystem) -> SaveTarget {
        let browser = Browser(fileSystem: fileSystem, root: check.root, current: check.folder)
        if let problem = browser.currentProblem() { return .folderProblem(problem) }
        return browser.target(for: check.name)
    }

    /// Why the folder `check.name` cannot be made in `check.folder` (the folder gone or replaced,
    /// the name leading outside the root), or nil.
    public static func problemMaking(_ check: SaveCheck, fileSystem: any FileSystem) -> String? {
        let browser = Browser(fileSystem: fileSystem, root: check.root, current: check.folder)
        return browser.currentProblem() ?? browser.checkInsideRoot(Paths.appending(check.folder, check.name), shownAs: check.name)
    }

    /// The folder a folder box's Choose would take for `check` (the folder `name` in `folder`,
    /// or `folder` itself when `name` is empty), as of now: its real path inside the root.
    public static func resolveFolder(_ check: SaveCheck, fileSystem: any FileSystem) -> FolderResolution {
        let browser = Browser(fileSystem: fileSystem, root: check.root, current: check.folder)
        if let problem = browser.currentProblem() { return .problem(problem) }
        guard !check.name.isEmpty else { return .folder(check.folder) }
        guard let real = fileSystem.realPath(Paths.appending(check.folder, check.name)), Paths.isInside(real, root: check.root) else {
            return .outside
        }
        return .folder(real)
    }

    /// A browser at `current` that lists nothing: for checks alone.
    private init(fileSystem: any FileSystem, root: PathBytes, current: PathBytes) {
        self.fileSystem = fileSystem
        self.root = root
        self.current = current
        showHidden = false
        offersHere = false
    }

    /// Where saving `name` here would write, checked against the root: the whole path is resolved
    /// as the kernel would (the current folder too, which may have been swapped for a link since
    /// it was opened), so no chain of links, however long, leads out.
    public func target(for name: PathBytes) -> SaveTarget {
        // A relative path (`conf.d/x.conf`) is fine when its folders exist inside the root.
        let parts = Paths.components(name)
        if name.contains(Paths.slash) {
            guard name.first != Paths.slash, !parts.isEmpty else { return .refused("type a name, or a path below this folder") }
            if parts.contains(where: { $0 == [UInt8(ascii: ".")] || $0 == [UInt8(ascii: "."), UInt8(ascii: ".")] }) {
                return .refused("a path below this folder, without . or ..")
            }
        }
        if let problem = Paths.nameProblem(parts.last ?? name) { return .refused(problem) }
        let candidate = Paths.join(Paths.components(current) + parts)
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

    /// Why the current folder cannot be chosen or written into now (gone, or replaced by a link
    /// that leads elsewhere since it was opened), or nil.
    public func currentProblem() -> String? {
        guard let real = fileSystem.realPath(current) else { return "this folder no longer exists; go back" }
        guard fileSystem.kind(current) == .directory, real == current, Paths.isInside(real, root: root) else {
            return "this folder was moved or replaced; go back"
        }
        return nil
    }

    /// Whether the folder, as it was listed, holds an entry of this name (hidden ones too).
    public func lists(_ name: PathBytes) -> Bool {
        (0..<listing.count).contains { listing.isNamed($0, name) }
    }

    /// The shown entry with this exact name, if any.
    public func entry(named name: PathBytes) -> DirectoryEntry? {
        guard !name.isEmpty, let index = shown.first(where: { listing.isNamed(Int($0), name) }) else { return nil }
        return listing.entry(Int(index))
    }

    /// Longest common prefix of the shown entries starting with `typed` (for Tab completion).
    public func completion(of typed: PathBytes) -> PathBytes? {
        let matches = shown.lazy.map { self.listing.name(Int($0)) }.filter { $0.starts(with: typed) }
        guard var prefix = matches.first(where: { _ in true }) else { return nil }
        for m in matches.dropFirst() {
            prefix = Array(zip(prefix, m).prefix(while: { $0 == $1 }).map(\.0))
        }
        // Do not cut a UTF-8 sequence in half.
        while let last = prefix.last, last & 0xC0 == 0x80 || last >= 0xC0 {
            if String(validating: prefix, as: UTF8.self) != nil { break }
            prefix.removeLast()
        }
        return prefix.count > typed.count ? prefix : nil
    }
}

/// A name to save in a folder of a browser's, to be checked against the file system now.
public struct SaveCheck: Equatable, Sendable {
    public var root: PathBytes
    public var folder: PathBytes
    public var name: PathBytes
}

/// What a folder box's Choose would take.
public enum FolderResolution: Equatable, Sendable {
    /// This folder (its real path, inside the root).
    case folder(PathBytes)
    /// The highlighted folder leads outside the root.
    case outside
    /// The folder shown can no longer be chosen (gone, or replaced): why.
    case problem(String)
}
