// Suggestions for a text field (input's --suggest, --suggest-from): the typed text completed to
// the first suggestion that starts with it (letter case aside), shown as grey ghost text after
// the cursor; Tab or Right takes it, Up and Down go through the others that match. Taking one
// only types it: the field's rules still decide. Pure: no terminal, no file.

public struct Suggestions: Equatable, Sendable {
    public let words: [String]
    /// Each word in lower case, made once (matched at every key).
    private let folded: [String]
    /// Which of the matches for the current text is offered (Up and Down move it).
    public private(set) var chosen = 0

    /// At most this many words are kept (a file of more is cut; they are offered in order).
    public static let limit = 10_000

    public init(_ words: [String]) {
        var seen: Set<String> = [], kept: [String] = []
        for word in words where kept.count < Self.limit {
            let shown = Sanitize.line(word)
            if !shown.isEmpty && seen.insert(shown).inserted { kept.append(shown) }
        }
        self.words = kept
        folded = kept.map { $0.lowercased() }
    }

    /// The words one per line of `bytes` (a file, stdin): blank lines passed over.
    public init(lines bytes: [UInt8]) {
        self.init(String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces() })
    }

    /// The suggestions that complete `text`: those that start with it, letter case aside, and
    /// are longer (an empty text matches none: nothing is offered before a key).
    public func matches(for text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        let typed = text.lowercased()
        return zip(words, folded).filter { $0.0.count > text.count && $0.1.hasPrefix(typed) }.map(\.0)
    }

    /// The one offered for `text`, if any.
    public func offered(for text: String) -> String? {
        let found = matches(for: text)
        return found.isEmpty ? nil : found[chosen % found.count]
    }

    /// What is shown after the cursor: the rest of the offered word (nil: none).
    public func ghost(for text: String) -> String? {
        offered(for: text).map { String($0.dropFirst(text.count)) }
    }

    /// The text changed: the first match is offered again.
    public mutating func textChanged() { chosen = 0 }

    /// Up (-1) or Down (+1) through the matches for `text`; false when there are none to move through.
    public mutating func move(_ step: Int, for text: String) -> Bool {
        let count = matches(for: text).count
        guard count > 1 else { return false }
        chosen = ((chosen + step) % count + count) % count
        return true
    }
}
