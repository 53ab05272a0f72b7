// The folder walker behind `save` and `folder`: where we are, what is listed, what is selected.
// A pure value: a move is asked as an effect (`ask`), made by the runtime on the file system
// through the Sandbox (which never leaves the root), and its answer taken (`arrive`).

public struct Browser {
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
    /// The move asked and not yet answered (an answer to any other is stale).
    public private(set) var pending: Browse?
    /// A folder has been listed (until then the list says it is being read).
    public private(set) var listed = false
    public var selection: Int { list.selection }
    public var top: Int { list.top }
    public var visibleRows: Int { list.visibleRows }

    /// A browser at `start` that has read nothing yet: its first move is `.list`.
    public init(root: PathBytes, start: PathBytes, showHidden: Bool, offersHere: Bool = false) {
        self.root = root
        current = start
        self.showHidden = showHidden
        self.offersHere = offersHere
        refilter(keeping: nil)
    }

    public var atRoot: Bool { Paths.isAtRoot(current, root: root) }
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

    // MARK: - Moving between folders

    /// Asks for `move` from the folder shown: the effect the runtime carries out (answered by
    /// `.browsed`, taken by `arrive`).
    public mutating func ask(_ move: Browse.Move, keeping: PathBytes? = nil) -> Effect {
        let request = Browse(root: root, from: current, move: move, keeping: keeping)
        pending = request
        return .browse(request)
    }

    /// Up to the parent, the folder we came from selected; nothing at the root.
    public mutating func goUp() -> [Effect] {
        atRoot ? [] : [ask(.up)]
    }

    /// Takes what came of the move asked: nil when it was made (or is stale: another was asked
    /// since), else why not.
    public mutating func arrive(_ request: Browse, _ result: Browsed) -> String? {
        guard request == pending else { return nil }
        pending = nil
        switch result {
        case .refused(let why):
            return why
        case .arrived(let folder, let entries, let problem, let selecting):
            current = folder
            listing = entries
            order = Browser.sortedOrder(entries)
            listProblem = problem
            listed = true
            refilter(keeping: selecting)
            return nil
        }
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

    public enum SaveTarget: Equatable, Sendable {
        case path(PathBytes, exists: Bool)
        case folder(PathBytes)
        case refused(String)
        /// The folder itself can no longer be written into (gone, or replaced by a link).
        case folderProblem(String)
    }

    /// `name` in the folder shown, to be checked against the file system by the runtime.
    public func check(_ name: PathBytes) -> SaveCheck { SaveCheck(root: root, folder: current, name: name) }

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
