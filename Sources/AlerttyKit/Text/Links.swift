// URLs in text a box shows, for OSC 8 hyperlinks (message and text, where the terminal supports
// them). Only `http://` and `https://` addresses of ASCII URL characters are found, so a link's
// target can never hold an escape or a control: what the OSC carries is checked by construction.

public enum Links {
    /// The characters a link's address may hold (RFC 3986's, `%` escapes included).
    static func isURLByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("-._~:/?#[]@!$&'()*+,;=%".utf8).contains(b)
        }
    }

    static let longest = 2048

    /// The addresses seen, numbered from 1 in the order first seen (a cell holds the number): a
    /// number stays the same address for the whole run, so frames compare by it. At most 4,096.
    nonisolated(unsafe) private static var numbered: [String] = []
    nonisolated(unsafe) private static var numbers: [String: UInt16] = [:]

    /// The number of `url` (0, no link, once 4,096 others were seen).
    static func number(of url: String) -> UInt16 {
        if let n = numbers[url] { return n }
        guard numbered.count < 4096 else { return 0 }
        numbered.append(url)
        numbers[url] = UInt16(numbered.count)
        return UInt16(numbered.count)
    }

    /// The address numbered `n` ("" for 0: the link closed).
    static func address(_ n: UInt16) -> String { n == 0 || Int(n) > numbered.count ? "" : numbered[Int(n) - 1] }

    /// A quick look before the search: "://" is somewhere in it (most lines have none).
    @inline(__always) static func mayHoldAddress(_ line: String) -> Bool {
        var run = 0
        for b in line.utf8 {
            switch (run, b) {
            case (0, UInt8(ascii: ":")), (1, UInt8(ascii: "/")): run += 1
            case (2, UInt8(ascii: "/")): return true
            default: run = b == UInt8(ascii: ":") ? 1 : 0
            }
        }
        return false
    }

    /// Each address in `line` (one line of text as shown): the column it starts at, its columns,
    /// and the address. Punctuation that ends a sentence is not part of it, nor an unmatched `)`.
    public static func find(_ line: String) -> [(column: Int, width: Int, url: String)] {
        var found: [(Int, Int, String)] = []
        let characters = Array(line)
        var i = 0, column = 0
        while i < characters.count {
            let c = characters[i]
            if c == "h", let length = addressLength(characters, from: i) {
                found.append((column, length, String(characters[i..<(i + length)])))
                column += length
                i += length
                continue
            }
            column += TextWidth.columns(c)
            i += 1
        }
        return found
    }

    /// The length of the address starting at `start`, if one does (its scheme and something after).
    static func addressLength(_ characters: [Character], from start: Int) -> Int? {
        let rest = characters[start...].prefix(8)
        let scheme = rest.starts(with: "https://") ? 8 : rest.starts(with: "http://") ? 7 : 0
        guard scheme > 0, start == 0 || !isWordCharacter(characters[start - 1]) else { return nil }
        var end = start + scheme
        while end < characters.count, end - start < longest, let b = characters[end].asciiValue, isURLByte(b) { end += 1 }
        // Sentence punctuation after an address is the sentence's; a ) is the address's only if it opened one.
        while end > start + scheme {
            let last = characters[end - 1]
            if ".,;:!?'\"".contains(last) { end -= 1; continue }
            if last == ")" || last == "]" {
                let open: Character = last == ")" ? "(" : "["
                let inside = characters[(start + scheme)..<(end - 1)]
                if inside.filter({ $0 == open }).count < inside.filter({ $0 == last }).count + 1 { end -= 1; continue }
            }
            break
        }
        return end - start > scheme ? end - start : nil
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }
}
