// `--regex` patterns, matched in time linear in the answer's length: the pattern is compiled to
// a small program run as a Pike VM (the technique of RE2 and Rust's regex), which follows every
// alternative at once instead of backtracking. `(a+)+` on forty thousand `a`s costs what `a+`
// costs; no pattern can freeze the box. What only backtracking can do — back-references,
// look-around, atomic groups, possessive quantifiers — is refused as a usage error up front.
//
// The syntax is the common part of Swift Regex and PCRE: literals and escapes, `.`, classes
// (`[a-z]`, `[^…]`, `\d \w \s \h` and their negations, `[:alpha:]`, `\p{L}`), groups (capturing,
// `(?:…)`, named), alternation, `* + ? {n} {n,} {n,m} {,m}` (lazy forms too: for a whole match
// they accept the same answers), anchors `^ $ \A \z \Z \b \B`, and `(?i)` / `(?i:…)`.
// Like Swift Regex, it matches by grapheme cluster.

public struct PatternError: Error, Equatable, Sendable {
    public var reason: String
    init(_ reason: String) { self.reason = reason }
}

public struct Pattern: Sendable {
    /// Upper bound on the compiled program (a `{1000}` repeat of a big group would be huge).
    static let maxInstructions = 20_000

    private let program: [Instruction]

    public init(_ source: String) throws(PatternError) {
        var parser = PatternParser(Array(source))
        let tree = try parser.parseWhole()
        var compiler = PatternCompiler()
        try compiler.emit(tree)
        compiler.append(.match)
        program = compiler.program
    }

    /// True when the whole of `text` matches. O(text length × program size), never more.
    public func wholeMatch(_ text: String) -> Bool {
        // Printable text is mostly ASCII: then bytes are the graphemes and classes are bitmaps.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let bytes = Array(text.utf8)
            return run(count: bytes.count, characters: nil, bytes: bytes)
        }
        let characters = Array(text)
        return run(count: characters.count, characters: characters, bytes: [])
    }

    private func run(count n: Int, characters: [Character]?, bytes: [UInt8]) -> Bool {
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        let context = AssertionContext(characters: characters, bytes: bytes)
        addThread(0, at: 0, context, into: &current)
        for i in 0...n {
            if current.isEmpty { return false }
            next.clear()
            for pc in current.pcs {
                let consumed: Bool
                switch program[pc] {
                case .match:
                    if i == n { return true }
                    continue
                case .character(let c, let ascii, let foldCase):
                    guard i < n else { continue }
                    if let characters {
                        consumed = PatternClass.same(characters[i], c, foldCase: foldCase)
                    } else if let ascii {
                        consumed = bytes[i] == ascii || (foldCase && PatternClass.foldASCII(bytes[i]) == PatternClass.foldASCII(ascii))
                    } else {
                        consumed = false
                    }
                case .set(let set):
                    guard i < n else { continue }
                    consumed = characters.map { set.contains($0[i]) } ?? set.containsASCII(bytes[i])
                case .split, .jump, .assert:
                    continue // followed when the thread was added
                }
                if consumed { addThread(pc + 1, at: i + 1, context, into: &next) }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds `pc` and everything reachable from it without consuming a character.
    private func addThread(_ start: Int, at i: Int, _ text: AssertionContext, into list: inout ThreadList) {
        var stack = [start]
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .jump(let to): stack.append(to)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if assertion.holds(at: i, in: text) { stack.append(pc + 1) }
            default: break
            }
        }
    }
}

enum Instruction: Sendable {
    /// `ascii`: the character's byte when it is ASCII, for matching ASCII text byte by byte.
    case character(Character, ascii: UInt8?, foldCase: Bool)
    case set(PatternClass)
    case split(Int, Int)
    case jump(Int)
    case assert(Assertion)
    case match
}

enum Assertion: Sendable {
    case start, end, endBeforeNewline, wordBoundary, notWordBoundary

    func holds(at i: Int, in text: AssertionContext) -> Bool {
        switch self {
        case .start: return i == 0
        case .end: return i == text.count
        case .endBeforeNewline: return i == text.count || (i == text.count - 1 && text.isNewline(i))
        case .wordBoundary, .notWordBoundary:
            let before = i > 0 && text.isWord(i - 1)
            let after = i < text.count && text.isWord(i)
            return (before != after) == (self == .wordBoundary)
        }
    }
}

/// The text as the assertions see it: graphemes, or ASCII bytes.
struct AssertionContext {
    let characters: [Character]?
    let bytes: [UInt8]
    var count: Int { characters?.count ?? bytes.count }
    func isNewline(_ i: Int) -> Bool { characters.map { $0[i].isNewline } ?? (bytes[i] == 0x0A || bytes[i] == 0x0D) }
    func isWord(_ i: Int) -> Bool {
        if let characters { return PatternClass.isWord(characters[i]) }
        let b = bytes[i]
        return (b >= 0x30 && b <= 0x39) || (PatternClass.foldASCII(b) >= 0x61 && PatternClass.foldASCII(b) <= 0x7A) || b == 0x5F
    }
}

/// A sparse set of program counters in insertion order (the VM's thread list).
struct ThreadList {
    private(set) var pcs: [Int] = []
    private var member: [Bool]
    init(capacity: Int) { member = Array(repeating: false, count: capacity) }
    var isEmpty: Bool { pcs.isEmpty }
    mutating func insert(_ pc: Int) -> Bool {
        if member[pc] { return false }
        member[pc] = true
        pcs.append(pc)
        return true
    }
    mutating func clear() {
        for pc in pcs { member[pc] = false }
        pcs.removeAll(keepingCapacity: true)
    }
}

// MARK: - Character classes

struct PatternClass: Sendable {
    enum Item: Sendable {
        case range(UInt32, UInt32)
        case property(Property, negated: Bool)
    }
    enum Property: String, Sendable, CaseIterable {
        case digit, word, space, horizontalSpace, verticalSpace, any, notNewline
        case alpha, alnum, upper, lower, punct, xdigit, cntrl, graph, print, blank
        case letter, number, symbol, mark
    }

    var items: [Item]
    var negated: Bool
    var foldCase: Bool
    /// Membership of the 128 ASCII characters, computed once when compiled.
    private(set) var ascii: (UInt64, UInt64) = (0, 0)

    init(items: [Item], negated: Bool, foldCase: Bool) {
        self.items = items
        self.negated = negated
        self.foldCase = foldCase
    }

    mutating func computeASCII() {
        ascii = (0, 0)
        for b in 0..<128 where contains(Character(Unicode.Scalar(UInt8(b)))) {
            if b < 64 { ascii.0 |= 1 << UInt64(b) } else { ascii.1 |= 1 << UInt64(b - 64) }
        }
    }

    @inline(__always)
    func containsASCII(_ b: UInt8) -> Bool {
        b < 64 ? ascii.0 & (1 << UInt64(b)) != 0 : ascii.1 & (1 << UInt64(b - 64)) != 0
    }

    @inline(__always)
    static func foldASCII(_ b: UInt8) -> UInt8 { b &- 65 < 26 ? b | 0x20 : b }

    func contains(_ c: Character) -> Bool {
        let hit = matches(c) || (foldCase && (matches(Character(c.lowercased())) || matches(Character(c.uppercased()))))
        return hit != negated
    }

    private func matches(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        for item in items {
            switch item {
            case .range(let low, let high):
                if c.unicodeScalars.count == 1 || c.unicodeScalars.dropFirst().allSatisfy({ TextWidth.isZeroWidth($0) }),
                   scalar.value >= low, scalar.value <= high { return true }
            case .property(let p, let negated):
                if PatternClass.has(p, c, scalar) != negated { return true }
            }
        }
        return false
    }

    static func has(_ p: Property, _ c: Character, _ s: Unicode.Scalar) -> Bool {
        switch p {
        case .digit: return c.isNumber && s.properties.numericType == .decimal
        case .word: return isWord(c)
        case .space: return c.isWhitespace
        case .horizontalSpace: return c.isWhitespace && !c.isNewline
        case .verticalSpace: return c.isNewline
        case .any: return true
        case .notNewline: return !c.isNewline
        case .alpha, .letter: return c.isLetter
        case .alnum: return c.isLetter || c.isNumber
        case .upper: return c.isUppercase
        case .lower: return c.isLowercase
        case .punct: return c.isPunctuation || (c.isASCII && c.isSymbol)
        case .xdigit: return c.isHexDigit
        case .cntrl: return s.properties.generalCategory == .control
        case .graph: return !c.isWhitespace && s.properties.generalCategory != .control
        case .print: return s.properties.generalCategory != .control
        case .blank: return c == " " || c == "\t"
        case .number: return c.isNumber
        case .symbol: return c.isSymbol
        case .mark:
            let g = s.properties.generalCategory
            return g == .nonspacingMark || g == .spacingMark || g == .enclosingMark
        }
    }

    static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || (c.unicodeScalars.first.map { $0.properties.generalCategory == .connectorPunctuation } ?? false) }

    static func same(_ a: Character, _ b: Character, foldCase: Bool) -> Bool {
        a == b || (foldCase && a.lowercased() == b.lowercased())
    }
}

// MARK: - Parsing

indirect enum PatternNode {
    case empty
    case character(Character, foldCase: Bool)
    case set(PatternClass)
    case sequence([PatternNode])
    case alternation([PatternNode])
    case repetition(PatternNode, min: Int, max: Int?)
    case assert(Assertion)
}

struct PatternParser {
    let source: [Character]
    var i = 0
    var foldCase = false
    var dotMatchesNewline = false

    init(_ source: [Character]) { self.source = source }

    static let notSupported = "is not supported (patterns are checked in linear time)"

    mutating func parseWhole() throws(PatternError) -> PatternNode {
        let node = try parseAlternation()
        if i < source.count {
            throw PatternError(source[i] == ")" ? "unbalanced ')' at position \(i + 1)" : "unexpected '\(source[i])' at position \(i + 1)")
        }
        return node
    }

    var atEnd: Bool { i >= source.count }
    func peek(_ offset: Int = 0) -> Character? { i + offset < source.count ? source[i + offset] : nil }

    mutating func parseAlternation() throws(PatternError) -> PatternNode {
        var branches = [try parseSequence()]
        while peek() == "|" {
            i += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseSequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        // Inline flags like (?i) last to the end of the enclosing group.
        let savedFold = foldCase, savedDot = dotMatchesNewline
        defer { foldCase = savedFold; dotMatchesNewline = savedDot }
        while let c = peek(), c != "|", c != ")" {
            guard let atom = try parseAtom() else { continue }
            items.append(try parseQuantifier(atom))
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    mutating func parseQuantifier(_ atom: PatternNode) throws(PatternError) -> PatternNode {
        var node = atom
        while let c = peek() {
            var bounds: (Int, Int?)
            switch c {
            case "*": bounds = (0, nil); i += 1
            case "+": bounds = (1, nil); i += 1
            case "?": bounds = (0, 1); i += 1
            case "{":
                guard let b = try parseBraces() else { return node }
                bounds = b
            default: return node
            }
            if case .assert = node { throw PatternError("nothing to repeat before '\(c)' at position \(i)") }
            if peek() == "?" { i += 1 } // lazy: the same answers pass a whole match
            else if peek() == "+" { throw PatternError("possessive quantifiers " + Self.notSupported) }
            node = .repetition(node, min: bounds.0, max: bounds.1)
        }
        return node
    }

    /// `{n}`, `{n,}`, `{n,m}`, `{,m}`; nil (and nothing consumed) when the brace is a literal.
    mutating func parseBraces() throws(PatternError) -> (Int, Int?)? {
        var j = i + 1
        func number() -> Int? {
            var digits = ""
            while j < source.count, source[j].isASCII, source[j].isNumber {
                digits.append(source[j])
                j += 1
            }
            return digits.isEmpty ? nil : Int(digits.prefix(7))
        }
        let low = number()
        var high: Int?
        var open = false
        if j < source.count, source[j] == "," {
            j += 1
            high = number()
            open = high == nil
        } else {
            high = low
        }
        guard j < source.count, source[j] == "}", low != nil || high != nil else { return nil }
        i = j + 1
        let min = low ?? 0
        if let high, high < min { throw PatternError("{\(min),\(high)} repeats fewer times than it must") }
        if min > 1000 || (high ?? 0) > 1000 { throw PatternError("a repeat count above 1000 is too large") }
        return (min, open ? nil : high)
    }

    mutating func parseAtom() throws(PatternError) -> PatternNode? {
        let c = source[i]
        i += 1
        switch c {
        case "(": return try parseGroup()
        case "[": return .set(try parseClass())
        case ".":
            return .set(PatternClass(items: [.property(dotMatchesNewline ? .any : .notNewline, negated: false)], negated: false, foldCase: false))
        case "^": return .assert(.start)
        case "$": return .assert(.endBeforeNewline)
        case "\\": return try parseEscape()
        case "*", "+", "?":
            throw PatternError("nothing to repeat before '\(c)' at position \(i)")
        default:
            return .character(c, foldCase: foldCase)
        }
    }

    mutating func parseGroup() throws(PatternError) -> PatternNode? {
        if peek() == "?" {
            i += 1
            switch peek() {
            case ":": i += 1
            case "=", "!": throw PatternError("look-ahead " + Self.notSupported)
            case ">": throw PatternError("atomic groups " + Self.notSupported)
            case "<" where peek(1) == "=" || peek(1) == "!": throw PatternError("look-behind " + Self.notSupported)
            case "<", "'", "P":
                if peek() == "P" { i += 1 }
                let close: Character = peek() == "'" ? "'" : ">"
                i += 1
                while let c = peek(), c != close { i += 1 }
                guard peek() == close else { throw PatternError("unterminated group name") }
                i += 1
            default:
                // Inline flags: (?i) for the rest of the group, or (?i:…) for a group of their own.
                var on = true
                var fold = foldCase, dot = dotMatchesNewline
                while let c = peek(), c != ")", c != ":" {
                    switch c {
                    case "-": on = false
                    case "i": fold = on
                    case "s": dot = on
                    case "m", "n", "u", "w": break // no effect on a one-line answer
                    default: throw PatternError("the flag '\(c)' " + Self.notSupported)
                    }
                    i += 1
                }
                guard let end = peek() else { throw PatternError("missing ')'") }
                i += 1
                if end == ")" {
                    foldCase = fold
                    dotMatchesNewline = dot
                    return nil
                }
                let savedFold = foldCase, savedDot = dotMatchesNewline
                foldCase = fold
                dotMatchesNewline = dot
                defer { foldCase = savedFold; dotMatchesNewline = savedDot }
                return try closeGroup()
            }
        }
        return try closeGroup()
    }

    mutating func closeGroup() throws(PatternError) -> PatternNode {
        let inner = try parseAlternation()
        guard peek() == ")" else { throw PatternError("missing ')'") }
        i += 1
        return inner
    }

    mutating func parseEscape() throws(PatternError) -> PatternNode {
        guard let c = peek() else { throw PatternError("the pattern ends with a lone '\\'") }
        i += 1
        func cls(_ p: PatternClass.Property, _ negated: Bool = false) -> PatternNode {
            .set(PatternClass(items: [.property(p, negated: negated)], negated: false, foldCase: false))
        }
        switch c {
        case "d": return cls(.digit)
        case "D": return cls(.digit, true)
        case "w": return cls(.word)
        case "W": return cls(.word, true)
        case "s": return cls(.space)
        case "S": return cls(.space, true)
        case "h": return cls(.horizontalSpace)
        case "H": return cls(.horizontalSpace, true)
        case "v": return cls(.verticalSpace)
        case "V": return cls(.verticalSpace, true)
        case "N": return cls(.notNewline)
        case "X", "O": return cls(.any)
        case "p", "P": return .set(PatternClass(items: [try parseProperty(negated: c == "P")], negated: false, foldCase: foldCase))
        case "A": return .assert(.start)
        case "z": return .assert(.end)
        case "Z": return .assert(.endBeforeNewline)
        case "b": return .assert(.wordBoundary)
        case "B": return .assert(.notWordBoundary)
        case "1"..."9", "k", "g": throw PatternError("back-references " + Self.notSupported)
        case "G", "K": throw PatternError("\\\(c) " + Self.notSupported)
        default:
            return .character(try literalEscape(c), foldCase: foldCase)
        }
    }

    /// The character an escape stands for, in or out of a class (`\t`, `\x41`, `\u{1F600}`, `\.` …).
    mutating func literalEscape(_ c: Character) throws(PatternError) -> Character {
        switch c {
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "a": return "\u{07}"
        case "e": return "\u{1B}"
        case "0": return "\u{0}"
        case "x", "u", "U":
            var hex = ""
            if peek() == "{" {
                i += 1
                while let h = peek(), h != "}" { hex.append(h); i += 1 }
                guard peek() == "}" else { throw PatternError("unterminated \\\(c){…}") }
                i += 1
            } else {
                let wanted = c == "x" ? 2 : c == "u" ? 4 : 8
                while hex.count < wanted, let h = peek(), h.isHexDigit { hex.append(h); i += 1 }
            }
            guard let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                throw PatternError("\\\(c) needs a hexadecimal code point")
            }
            return Character(scalar)
        default:
            guard !(c.isLetter && c.isASCII) && !(c.isNumber && c.isASCII) else {
                throw PatternError("unknown escape \\\(c)")
            }
            return c
        }
    }

    mutating func parseProperty(negated: Bool) throws(PatternError) -> PatternClass.Item {
        var name = ""
        if peek() == "{" {
            i += 1
            while let c = peek(), c != "}" { name.append(c); i += 1 }
            guard peek() == "}" else { throw PatternError("unterminated \\p{…}") }
            i += 1
        } else if let c = peek() {
            name = String(c)
            i += 1
        }
        var negated = negated
        if name.hasPrefix("^") { negated.toggle(); name.removeFirst() }
        let key = name.lowercased().replacingAll("_", with: "").replacingAll(" ", with: "").replacingAll("-", with: "")
        let table: [String: PatternClass.Property] = [
            "l": .letter, "letter": .letter, "alpha": .alpha, "alphabetic": .alpha, "lu": .upper, "uppercase": .upper,
            "uppercaseletter": .upper, "upper": .upper, "ll": .lower, "lowercase": .lower, "lowercaseletter": .lower, "lower": .lower,
            "n": .number, "number": .number, "nd": .digit, "digit": .digit, "decimalnumber": .digit,
            "p": .punct, "punct": .punct, "punctuation": .punct, "s": .symbol, "symbol": .symbol,
            "m": .mark, "mark": .mark, "alnum": .alnum, "space": .space, "whitespace": .space, "any": .any,
            "xdigit": .xdigit, "cntrl": .cntrl, "cc": .cntrl, "word": .word,
        ]
        guard let property = table[key] else { throw PatternError("the property \\p{\(name)} " + Self.notSupported) }
        return .property(property, negated: negated)
    }

    mutating func parseClass() throws(PatternError) -> PatternClass {
        var set = PatternClass(items: [], negated: false, foldCase: foldCase)
        if peek() == "^" {
            set.negated = true
            i += 1
        }
        var first = true
        while true {
            guard let c = peek() else { throw PatternError("missing ']'") }
            if c == "]" && !first {
                i += 1
                return set
            }
            first = false
            if c == "[" {
                guard peek(1) == ":" else { throw PatternError("nested classes " + Self.notSupported) }
                i += 2
                var name = ""
                while let n = peek(), n != ":" { name.append(n); i += 1 }
                guard peek() == ":", peek(1) == "]" else { throw PatternError("unterminated [:class:]") }
                i += 2
                var negated = false
                if name.hasPrefix("^") { negated = true; name.removeFirst() }
                guard let p = PatternClass.Property(rawValue: name) else {
                    throw PatternError("unknown class [:\(name):]")
                }
                set.items.append(.property(p, negated: negated))
                continue
            }
            if (c == "&" && peek(1) == "&") || (c == "-" && peek(1) == "-") || (c == "~" && peek(1) == "~") {
                throw PatternError("class set operations " + Self.notSupported)
            }
            i += 1
            var low: Character = c
            if c == "\\" {
                guard let e = peek() else { throw PatternError("missing ']'") }
                i += 1
                let shorthand: [Character: (PatternClass.Property, Bool)] = [
                    "d": (.digit, false), "D": (.digit, true), "w": (.word, false), "W": (.word, true),
                    "s": (.space, false), "S": (.space, true), "h": (.horizontalSpace, false), "H": (.horizontalSpace, true),
                    "v": (.verticalSpace, false), "V": (.verticalSpace, true),
                ]
                if let (p, negated) = shorthand[e] {
                    set.items.append(.property(p, negated: negated))
                    continue
                }
                if e == "p" || e == "P" {
                    set.items.append(try parseProperty(negated: e == "P"))
                    continue
                }
                low = e == "b" ? "\u{08}" : try literalEscape(e)
            }
            // A range `a-z`, unless the `-` is last.
            if peek() == "-", let after = peek(1), after != "]" {
                i += 1
                var high = after
                i += 1
                if after == "\\" {
                    guard let e = peek() else { throw PatternError("missing ']'") }
                    i += 1
                    high = try literalEscape(e)
                }
                guard let l = low.unicodeScalars.first?.value, let h = high.unicodeScalars.first?.value, l <= h else {
                    throw PatternError("the range \(low)-\(high) is out of order")
                }
                set.items.append(.range(l, h))
                continue
            }
            guard let v = low.unicodeScalars.first?.value else { continue }
            if low.unicodeScalars.count == 1 {
                set.items.append(.range(v, v))
            } else {
                // A multi-scalar character in a class: compare it whole.
                set.items.append(contentsOf: low.unicodeScalars.prefix(1).map { .range($0.value, $0.value) })
            }
        }
    }
}

// MARK: - Compiling

struct PatternCompiler {
    var program: [Instruction] = []

    mutating func append(_ instruction: Instruction) {
        program.append(instruction)
    }

    mutating func emit(_ node: PatternNode) throws(PatternError) {
        if program.count > Pattern.maxInstructions { throw PatternError("the pattern is too large") }
        switch node {
        case .empty: break
        case .character(let c, let fold):
            append(.character(c, ascii: c.isASCII && c.unicodeScalars.count == 1 ? c.asciiValue : nil, foldCase: fold))
        case .set(var s):
            s.computeASCII()
            append(.set(s))
        case .assert(let a): append(.assert(a))
        case .sequence(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            // split L1, next; L1: a; jump end; next: split L2, … ; last: z; end:
            var jumps: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k < branches.count - 1 {
                    let split = program.count
                    append(.split(split + 1, -1))
                    try emit(branch)
                    jumps.append(program.count)
                    append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for j in jumps { program[j] = .jump(program.count) }
        case .repetition(let inner, let min, let max):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy: split into it or past all the rest.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    append(.split(program.count + 1, -1))
                    try emit(inner)
                }
                for s in splits { program[s] = .split(s + 1, program.count) }
            } else {
                // loop: split body, end; body; jump loop
                let loop = program.count
                append(.split(loop + 1, -1))
                try emit(inner)
                append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
        if program.count > Pattern.maxInstructions { throw PatternError("the pattern is too large") }
    }
}
