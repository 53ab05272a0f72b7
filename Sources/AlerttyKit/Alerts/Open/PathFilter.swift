// Which entries `open` offers: by kind (--type), by name (--glob, several allowed) and whether
// hidden ones count (--all). Pure: the browser's listing and the tree walker both ask it, and so
// does the last check of a typed or scripted path, so the three can never disagree.

public struct PathFilter: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable { case file, dir, any }

    public var kind: Kind = .file
    public var globs: [Glob] = []
    /// Hidden entries (a name starting with a dot, `.git` among them) are offered and walked.
    public var showsHidden = false

    public init() {}

    /// A folder that opens is always shown by the browser (to go into it); this says whether an
    /// entry may be *chosen*: its kind is the one asked for and, with globs, one of them matches.
    /// `path` is the entry's path below the folder the walk started in (its name when listed).
    public func admits(path: ArraySlice<UInt8>, isFolder: Bool) -> Bool {
        switch kind {
        case .file where isFolder, .dir where !isFolder: return false
        default: break
        }
        guard !globs.isEmpty else { return true }
        let name = path.lastIndex(of: Glob.slash).map { path[($0 + 1)...] } ?? path
        return globs.contains { $0.matches(path: path, name: name) }
    }

    public func admits(path: [UInt8], isFolder: Bool) -> Bool { admits(path: path[...], isFolder: isFolder) }

    /// Hidden: its name starts with a dot.
    @inline(__always) static func isHidden<C: Collection>(_ name: C) -> Bool where C.Element == UInt8 {
        name.first == UInt8(ascii: ".")
    }
}

/// A shell pattern as `fnmatch` reads one: `*` (any run of characters but `/`), `?` (one), `[a-z]`
/// and `[!…]` (one of or none of a set), `{a,b}` (either, expanded when made), `**/` (any number
/// of folders). A pattern without `/` is matched against an entry's name; with one, against its
/// path below the folder shown (`src/**/*.swift`). A leading dot must be matched by a dot.
public struct Glob: Equatable, Sendable {
    static let slash = UInt8(ascii: "/")
    public let text: String
    /// The pattern with its braces expanded: one alternative each.
    private let alternatives: [[UInt8]]
    private let matchesPaths: Bool

    /// nil, and why, for a pattern that cannot be read (an unclosed `[` or `{`).
    public init(_ text: String) throws(UsageError) {
        self.text = text
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw UsageError("--glob needs a pattern, not an empty one") }
        let expanded = try Glob.expandBraces(bytes[...], depth: 0)
        guard expanded.count <= 256 else { throw UsageError("--glob '\(text)' expands to more than 256 patterns") }
        for alternative in expanded where Glob.unclosedBracket(alternative) {
            throw UsageError("--glob '\(text)': a [ is not closed by ]")
        }
        alternatives = expanded
        matchesPaths = bytes.contains(Glob.slash)
    }

    public func matches(path: ArraySlice<UInt8>, name: ArraySlice<UInt8>) -> Bool {
        let subject = matchesPaths ? path : name
        return alternatives.contains { Glob.match($0[...], subject) }
    }

    public func matches(_ name: String) -> Bool {
        let bytes = Array(name.utf8)[...]
        let last = bytes.lastIndex(of: Glob.slash).map { bytes[($0 + 1)...] } ?? bytes
        return matches(path: bytes, name: last)
    }

    private static func expandBraces(_ p: ArraySlice<UInt8>, depth: Int) throws(UsageError) -> [[UInt8]] {
        guard depth < 8 else { throw UsageError("--glob: braces nest too deep") }
        guard let open = p.firstIndex(of: UInt8(ascii: "{")) else { return [Array(p)] }
        var level = 0, close: Int?
        var commas: [Int] = []
        for i in open..<p.endIndex {
            switch p[i] {
            case UInt8(ascii: "{"): level += 1
            case UInt8(ascii: "}"):
                level -= 1
                if level == 0 { close = i }
            case UInt8(ascii: ","): if level == 1 { commas.append(i) }
            default: break
            }
            if close != nil { break }
        }
        guard let close else { throw UsageError("--glob: a { is not closed by }") }
        let head = p[p.startIndex..<open], tail = try expandBraces(p[(close + 1)...], depth: depth)
        var bounds = [open] + commas + [close]
        if commas.isEmpty { bounds = [open, close] }
        var out: [[UInt8]] = []
        for k in 0..<(bounds.count - 1) {
            for middle in try expandBraces(p[(bounds[k] + 1)..<bounds[k + 1]], depth: depth + 1) {
                for rest in tail { out.append(Array(head) + middle + rest) }
                if out.count > 256 { return out }
            }
        }
        return out
    }

    private static func unclosedBracket(_ p: [UInt8]) -> Bool {
        var i = 0
        while i < p.count {
            if p[i] == UInt8(ascii: "\\") { i += 2; continue }
            if p[i] == UInt8(ascii: "[") {
                guard let end = bracketEnd(p[...], from: i) else { return true }
                i = end
            }
            i += 1
        }
        return false
    }

    /// Where the set opened at `start` closes: a `]` right after `[` or `[!` belongs to the set.
    private static func bracketEnd(_ p: ArraySlice<UInt8>, from start: Int) -> Int? {
        var i = start + 1
        if i < p.endIndex, p[i] == UInt8(ascii: "!") || p[i] == UInt8(ascii: "^") { i += 1 }
        if i < p.endIndex, p[i] == UInt8(ascii: "]") { i += 1 }
        while i < p.endIndex, p[i] != UInt8(ascii: "]") { i += 1 }
        return i < p.endIndex ? i : nil
    }

    /// Backtracking match with one saved star (linear in the name for patterns without `**`).
    static func match(_ pattern: ArraySlice<UInt8>, _ subject: ArraySlice<UInt8>) -> Bool {
        var p = pattern.startIndex, s = subject.startIndex
        var starP = -1, starS = -1
        while s < subject.endIndex {
            if p < pattern.endIndex {
                let c = pattern[p]
                if c == UInt8(ascii: "*") {
                    var q = p + 1
                    if q < pattern.endIndex && pattern[q] == UInt8(ascii: "*") {
                        // `**` crosses folders: `**/` stands for any number of them (none too),
                        // a bare `**` for anything. Tried at each place the rest could start.
                        q += 1
                        if q < pattern.endIndex, pattern[q] == slash {
                            let rest = pattern[(q + 1)...]
                            if match(rest, subject[s...]) { return true }
                            var k = s
                            while k < subject.endIndex {
                                if subject[k] == slash, match(rest, subject[(k + 1)...]) { return true }
                                k += 1
                            }
                            return false
                        }
                        var k = s
                        while k <= subject.endIndex {
                            if match(pattern[q...], subject[k...]) { return true }
                            k += 1
                        }
                        return false
                    }
                    // A leading dot of a name is matched by a dot only.
                    if subject[s] == UInt8(ascii: "."), s == subject.startIndex || subject[s - 1] == slash { return false }
                    starP = p; starS = s
                    p = q
                    continue
                }
                if c == UInt8(ascii: "?"), subject[s] != slash {
                    p += 1; s += 1; continue
                }
                if c == UInt8(ascii: "["), let end = bracketEnd(pattern, from: p) {
                    if subject[s] != slash, setContains(pattern[(p + 1)..<end], subject[s]) {
                        p = end + 1; s += 1; continue
                    }
                } else if c == UInt8(ascii: "\\"), p + 1 < pattern.endIndex {
                    if pattern[p + 1] == subject[s] { p += 2; s += 1; continue }
                } else if c == subject[s] {
                    p += 1; s += 1; continue
                }
            }
            // Mismatch: let the last star take one more character (never a `/`).
            guard starP >= 0, subject[starS] != slash else { return false }
            starS += 1
            s = starS
            p = starP + 1
        }
        while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.endIndex
    }

    private static func setContains(_ set: ArraySlice<UInt8>, _ byte: UInt8) -> Bool {
        var i = set.startIndex
        var negated = false
        if i < set.endIndex, set[i] == UInt8(ascii: "!") || set[i] == UInt8(ascii: "^") { negated = true; i += 1 }
        var found = false
        var first = true
        while i < set.endIndex {
            let lo = set[i]
            if lo == UInt8(ascii: "]") && !first { break }
            first = false
            if i + 2 < set.endIndex, set[i + 1] == UInt8(ascii: "-") {
                if lo <= byte && byte <= set[i + 2] { found = true }
                i += 3
            } else {
                if lo == byte { found = true }
                i += 1
            }
        }
        return found != negated
    }
}
