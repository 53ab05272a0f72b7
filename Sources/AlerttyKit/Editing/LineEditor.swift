// The one line editor, shared by input, password and the save browser's name field.
// Text is kept as UTF-8 bytes (so a secret can be zeroed) and edited by grapheme cluster:
// one Backspace removes a whole emoji, flag or accented letter.

public struct LineEditor: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Cursor position in graphemes (0...count).
    public private(set) var cursor = 0
    /// First grapheme shown when the text is wider than the field.
    public private(set) var scroll = 0
    public var maxLength: Int?
    private var killBuffer: [UInt8] = []
    /// A secret's editor: no kill buffer (Ctrl-U and Ctrl-W delete, Ctrl-Y has nothing), and
    /// its bytes are never left behind in storage it lets go of (see `replaceStorage`).
    public var secret = false {
        didSet { if secret { killBuffer.resetBytes(); killBuffer.removeAll(); replaceStorage(bytes[...]) } }
    }
    static let secretCapacity = 1024
    /// Byte offset where each grapheme starts, plus the end.
    private var bounds: [Int] = [0]

    public init(_ text: String = "", maxLength: Int? = nil) {
        self.maxLength = maxLength
        bytes = Array(text.utf8)
        reindex()
        if let maxLength, count > maxLength {
            bytes.removeSubrange(bounds[maxLength]...)
            reindex()
        }
        cursor = count
    }

    public var count: Int { bounds.count - 1 }
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `body` given the text, for a check that needs a String (the rules) and keeps none of it: a
    /// secret's String is zeroed after, where `text` would let go of it unwiped.
    public func withText<R>(_ body: (String) -> R) -> R { transientText(bytes[...], body) }
    public var isEmpty: Bool { bytes.isEmpty }

    private mutating func reindex() {
        bounds = transientText(bytes[...]) { text in
            var bounds = [0]
            var offset = 0
            for c in text {
                offset += c.utf8.count
                bounds.append(offset)
            }
            return bounds
        }
    }

    /// `body` given the bytes as a String, for what only a String can tell (grapheme breaks);
    /// a secret's String is zeroed after, so no copy of it is let go of unwiped.
    private func transientText<R>(_ bytes: ArraySlice<UInt8>, _ body: (String) -> R) -> R {
        var text = String(decoding: bytes, as: UTF8.self)
        defer { if secret { text.zeroStorage() } }
        return body(text)
    }

    /// Applies an editing action. Returns true when the text changed.
    @discardableResult
    public mutating func apply(_ action: Action) -> Bool {
        switch action {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = count
        case .wordLeft: cursor = wordStart(before: cursor)
        case .wordRight: cursor = wordEnd(after: cursor)
        case .deleteBackward:
            guard cursor > 0 else { return false }
            remove(cursor - 1..<cursor, keep: false)
        case .deleteForward:
            guard cursor < count else { return false }
            remove(cursor..<cursor + 1, keep: false)
        case .deleteWordBackward:
            let start = wordStart(before: cursor)
            guard start < cursor else { return false }
            remove(start..<cursor, keep: true)
        case .deleteWordForward:
            let end = wordEnd(after: cursor)
            guard end > cursor else { return false }
            remove(cursor..<end, keep: true)
        case .killToStart:
            guard cursor > 0 else { return false }
            remove(0..<cursor, keep: true)
        case .killToEnd:
            guard cursor < count else { return false }
            remove(cursor..<count, keep: true)
        case .yank:
            return insert(bytes: killBuffer)
        case .insert(let scalar):
            return insert(bytes: Array(String(scalar).utf8))
        case .activate:
            return insert(bytes: [0x20])
        default:
            return false
        }
        return action.isDeletion
    }

    /// Inserts pasted text: line breaks become spaces, other control characters are dropped,
    /// so a paste never submits or runs a key.
    @discardableResult
    public mutating func paste(_ text: String) -> Bool {
        var clean: [UInt8] = []
        var previousWasBreak = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" || scalar == "\n" {
                if !previousWasBreak { clean.append(0x20) }
                previousWasBreak = true
                continue
            }
            previousWasBreak = false
            if Sanitize.visible(scalar) != nil { continue }
            clean += Array(String(scalar).utf8)
        }
        return insert(bytes: clean)
    }

    public mutating func setText(_ text: String) { setText(bytes: Array(text.utf8)) }

    /// The text replaced by `bytes` (well-formed UTF-8), the cursor at its end.
    public mutating func setText(bytes: [UInt8]) {
        clear()
        _ = insert(bytes: bytes)
    }

    /// A secret's new text, made of `parts`, in new storage with room to grow; the old storage
    /// is zeroed where it is (growing or shrinking in place would leave the secret's bytes in
    /// memory the array lets go of, or keeps past its end). A check or a meter still holding the
    /// old text is a stale one: the edit that made this text asks for a new one.
    private mutating func replaceStorage(_ parts: ArraySlice<UInt8>...) {
        var fresh: [UInt8] = []
        fresh.reserveCapacity(Swift.max(Self.secretCapacity, parts.reduce(0) { $0 + $1.count } * 2))
        for part in parts { fresh.append(contentsOf: part) }
        let old = bytes
        bytes = fresh
        old.wipeStorage()
    }

    /// Empties the field, zeroing the old bytes.
    public mutating func clear() {
        bytes.resetBytes()
        bytes.removeAll()
        cursor = 0
        scroll = 0
        reindex()
    }

    /// Zeroes everything this editor held (for secrets).
    public mutating func wipe() {
        clear()
        killBuffer.resetBytes()
        killBuffer.removeAll()
    }

    private mutating func insert(bytes new: [UInt8]) -> Bool {
        guard !new.isEmpty else { return false }
        var new = new
        if let maxLength {
            // Keep whole graphemes only, up to the limit.
            let room = maxLength - count
            guard room > 0 else { return false }
            let end = transientText(new[...]) { text in
                var kept = 0
                var end = 0
                for c in text {
                    if kept == room { break }
                    end += c.utf8.count
                    kept += 1
                }
                return end
            }
            if secret && end < new.count { new.resetBytes(from: end) }
            new.removeSubrange(end...)
        }
        let at = bounds[cursor]
        if secret {
            replaceStorage(bytes[..<at], new[...], bytes[at...])
            new.resetBytes()
        } else {
            bytes.insert(contentsOf: new, at: at)
        }
        let insertedEnd = at + new.count
        reindex()
        if let maxLength, count > maxLength {
            // A combining mark can merge; the limit is in graphemes, so trim anything beyond it.
            if secret { bytes.resetBytes(from: bounds[maxLength]) }
            bytes.removeSubrange(bounds[maxLength]...)
            reindex()
        }
        cursor = bounds.firstIndex { $0 >= insertedEnd } ?? count
        cursor = min(cursor, count)
        return true
    }

    private mutating func remove(_ range: Range<Int>, keep: Bool) {
        let start = bounds[range.lowerBound], end = bounds[range.upperBound]
        if keep && !secret {
            killBuffer.resetBytes()
            killBuffer = Array(bytes[start..<end])
        }
        if secret {
            replaceStorage(bytes[..<start], bytes[end...])
        } else {
            for i in start..<end { bytes[i] = 0 }
            bytes.removeSubrange(start..<end)
        }
        reindex()
        cursor = range.lowerBound
    }

    private func isSpace(_ index: Int) -> Bool {
        bounds[index + 1] - bounds[index] == 1 && bytes[bounds[index]] == 0x20
    }

    private func wordStart(before position: Int) -> Int {
        var i = position
        while i > 0 && isSpace(i - 1) { i -= 1 }
        while i > 0 && !isSpace(i - 1) { i -= 1 }
        return i
    }

    private func wordEnd(after position: Int) -> Int {
        var i = position
        while i < count && isSpace(i) { i += 1 }
        while i < count && !isSpace(i) { i += 1 }
        return i
    }

    // MARK: - Display
    // Drawing looks only at the graphemes near the cursor (through `bounds`), so a frame costs
    // the field's width, not the text's length: a 300,000-character value redraws as fast as a word.

    /// Grapheme `i` as shown: itself (controls in visible form), or the mask.
    func shown(_ i: Int, mask: Character?) -> String {
        if let mask { return String(mask) }
        return Sanitize.line(String(decoding: bytes[bounds[i]..<bounds[i + 1]], as: UTF8.self))
    }

    func columns(_ i: Int, mask: Character?) -> Int { TextWidth.columns(shown(i, mask: mask)) }

    /// Scrolls horizontally so the cursor stays visible in `width` columns without splitting wide characters.
    public mutating func keepCursorVisible(width: Int, mask: Character? = nil) {
        guard width > 1 else {
            scroll = cursor
            return
        }
        if cursor < scroll { scroll = cursor }
        // Columns from scroll to the cursor, plus one for the cursor itself, must fit: walk back
        // from the cursor while they do.
        var span = 1
        var first = cursor
        while first > scroll {
            let w = columns(first - 1, mask: mask)
            if span + w > width { break }
            span += w
            first -= 1
        }
        scroll = first
        // Scroll back if text was deleted and there is room on the left: only while everything
        // from the new start to the end fits.
        var rest = 0
        var i = scroll
        while i < count && rest <= width { rest += columns(i, mask: mask); i += 1 }
        while scroll > 0 {
            let w = columns(scroll - 1, mask: mask)
            guard span + w <= width && rest + w <= width - 1 else { break }
            scroll -= 1
            span += w
            rest += w
        }
    }

    /// What is visible in `width` columns, and the cursor's column in it.
    public func window(width: Int, mask: Character? = nil) -> (text: String, cursorColumn: Int) {
        var out = ""
        var used = 0
        var cursorColumn = 0
        for i in min(scroll, count)..<count {
            if i == cursor { cursorColumn = used }
            let visible = shown(i, mask: mask)
            let w = TextWidth.columns(visible)
            if used + w > width { break }
            out += visible
            used += w
        }
        if cursor >= count { cursorColumn = used }
        return (out, min(cursorColumn, max(width - 1, 0)))
    }
}

extension Action {
    var isDeletion: Bool {
        switch self {
        case .deleteBackward, .deleteForward, .deleteWordBackward, .deleteWordForward, .killToStart, .killToEnd: return true
        default: return false
        }
    }
}
