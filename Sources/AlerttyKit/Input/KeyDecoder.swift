// Bytes from the terminal → input events. A pure function over a byte buffer: no terminal,
// no clock. The runtime decides when a pending lone ESC has waited long enough and calls `flush`.

public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let alt = Modifiers(rawValue: 2)
    public static let ctrl = Modifiers(rawValue: 4)
}

public enum Key: Hashable, Sendable {
    /// A printable character (one Unicode scalar; graphemes form when appended to text).
    case char(Unicode.Scalar)
    case enter, tab, backspace, escape
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    case function(Int)
}

public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    public var key: Key
    public var modifiers: Modifiers
    public init(_ key: Key, _ modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }
    public static func ctrl(_ c: Unicode.Scalar) -> KeyPress { KeyPress(.char(c), .ctrl) }
    public static func alt(_ key: Key) -> KeyPress { KeyPress(key, .alt) }

    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.ctrl) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        switch key {
        case .char(let c): parts.append(modifiers.isEmpty ? String(c) : String(c).uppercased())
        case .function(let n): parts.append("F\(n)")
        default: parts.append("\(key)".prefix(1).uppercased() + "\(key)".dropFirst())
        }
        return parts.joined(separator: "-")
    }
}

/// A mouse report (SGR encoding, 0-based cells).
public struct MouseReport: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press(button: Int), release, motion, wheelUp, wheelDown }
    public var kind: Kind
    public var x: Int
    public var y: Int
    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    case paste(String)
    case mouse(MouseReport)
    /// Reply to a cursor position request (CSI 6n): 1-based row and column.
    case cursorPosition(row: Int, column: Int)
    /// The terminal's colour scheme changed (mode 2031's report, CSI ? 997 ; 1|2 n): light or dark.
    case colourScheme(light: Bool)
    /// Bytes that form no known event; reported so they are visibly ignored, never misread.
    case unknown([UInt8])
}

public struct KeyDecoder: Sendable {
    private var buffer: [UInt8] = []
    public init() {}

    /// True when bytes wait for more input (a lone ESC, a partial sequence, a split UTF-8 character).
    public var hasPending: Bool { !buffer.isEmpty }

    /// How long, in milliseconds of quiet, what waits may wait for the rest of it before
    /// `flush`. Nil when nothing waits, or when it is a character whose UTF-8 was cut between
    /// two reads (a slow line, ssh): its bytes always follow, however slowly. A paste whose end
    /// has not come waits a second (a big paste over a slow link arrives in pieces, and its
    /// newlines must never become Enter). An ESC or a cut escape sequence waits the Esc delay,
    /// then it is the Esc key.
    public func patienceMs(escapeDelayMs: Int) -> Int? {
        guard buffer.first == 0x1B else { return nil }
        // A string the terminal is sending (a late reply) is as patient as a paste: cut short,
        // its text would be typed into the field.
        let terminalString = buffer.count >= 2 && Self.stringIntroducers.contains(buffer[1])
        return buffer.starts(with: Self.pasteStart) || terminalString ? max(escapeDelayMs, Self.pastePatienceMs) : escapeDelayMs
    }

    static let pastePatienceMs = 1000

    public mutating func feed(_ bytes: [UInt8]) -> [InputEvent] {
        buffer += bytes
        var events: [InputEvent] = []
        var start = 0
        while start < buffer.count {
            switch KeyDecoder.parse(buffer[start...]) {
            case .event(let e, let length):
                events.append(e)
                start += length
            case .needMore:
                // What was decoded is zeroed, not just dropped: typed keys may spell a secret.
                let rest = Array(buffer[start...])
                buffer.resetBytes()
                buffer.removeAll(keepingCapacity: true)
                buffer += rest
                return events
            }
        }
        buffer.resetBytes()
        buffer.removeAll(keepingCapacity: true)
        return events
    }

    /// Called when no more bytes arrived in time: a lone ESC is the Esc key, a cut-off
    /// sequence is reported as Esc plus whatever followed it.
    public mutating func flush() -> [InputEvent] {
        guard !buffer.isEmpty else { return [] }
        let pending = buffer
        buffer.removeAll()
        if pending.first == 0x1B {
            if pending.count == 1 { return [.key(KeyPress(.escape))] }
            // ESC [ 200 ~ without its end: deliver what was pasted rather than lose it.
            if pending.starts(with: KeyDecoder.pasteStart) {
                return [.paste(String(decoding: pending.dropFirst(KeyDecoder.pasteStart.count), as: UTF8.self))]
            }
            var rest = KeyDecoder()
            // Alt+] (or Alt+P, Alt+_) and what followed: no terminal string after all.
            if let second = pending.dropFirst().first, Self.stringIntroducers.contains(second) {
                return [.key(KeyPress(.char(Unicode.Scalar(second)), .alt))] + rest.feed(Array(pending.dropFirst(2))) + rest.flush()
            }
            return [.key(KeyPress(.escape))] + rest.feed(Array(pending.dropFirst())) + rest.flush()
        }
        return [.unknown(pending)]
    }

    enum ParseResult: Equatable {
        case event(InputEvent, length: Int)
        case needMore
    }

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Parses one event at the start of `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>) -> ParseResult {
        let b = bytes[bytes.startIndex]
        switch b {
        case 0x1B:
            return parseEscape(bytes)
        case 0x0D, 0x0A:
            return .event(.key(KeyPress(.enter)), length: 1)
        case 0x09:
            return .event(.key(KeyPress(.tab)), length: 1)
        case 0x7F, 0x08:
            return .event(.key(KeyPress(.backspace)), length: 1)
        case 0x00:
            return .event(.key(KeyPress(.char(" "), .ctrl)), length: 1)
        case 0x01...0x1A:
            return .event(.key(.ctrl(Unicode.Scalar(b + 0x60))), length: 1)
        case 0x1C...0x1F:
            return .event(.key(.ctrl(Unicode.Scalar(b + 0x40))), length: 1)
        default:
            return parseUTF8(bytes)
        }
    }

    static func parseUTF8(_ bytes: ArraySlice<UInt8>) -> ParseResult {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0x20..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(.unknown([first]), length: 1)
        }
        let available = min(length, bytes.count)
        for i in 1..<max(available, 1) where bytes[bytes.startIndex + i] & 0xC0 != 0x80 {
            return .event(.unknown(Array(bytes.prefix(i))), length: i)
        }
        if available < length { return .needMore }
        var decoder = UTF8()
        var iterator = bytes.prefix(length).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return .event(.key(KeyPress(.char(scalar))), length: length)
        }
        return .event(.unknown(Array(bytes.prefix(length))), length: length)
    }

    static func parseEscape(_ bytes: ArraySlice<UInt8>) -> ParseResult {
        guard bytes.count >= 2 else { return .needMore }
        let s = bytes.startIndex
        switch bytes[s + 1] {
        case UInt8(ascii: "["):
            return parseCSI(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return .needMore }
            let key: Key?
            switch bytes[s + 2] {
            case UInt8(ascii: "A"): key = .up
            case UInt8(ascii: "B"): key = .down
            case UInt8(ascii: "C"): key = .right
            case UInt8(ascii: "D"): key = .left
            case UInt8(ascii: "H"): key = .home
            case UInt8(ascii: "F"): key = .end
            case UInt8(ascii: "M"): key = .enter
            case UInt8(ascii: "P"): key = .function(1)
            case UInt8(ascii: "Q"): key = .function(2)
            case UInt8(ascii: "R"): key = .function(3)
            case UInt8(ascii: "S"): key = .function(4)
            default: key = nil
            }
            guard let key else { return .event(.unknown(Array(bytes.prefix(3))), length: 3) }
            return .event(.key(KeyPress(key)), length: 3)
        case 0x1B:
            // ESC ESC: the first is a plain Esc key.
            return .event(.key(KeyPress(.escape)), length: 1)
        case let introducer where stringIntroducers.contains(introducer):
            // A string the terminal sends (OSC, DCS, APC: a reply to the start-up probe that came
            // late), up to BEL or ST: never keys, never text in a field.
            return terminalString(bytes)
        default:
            // ESC + key = Alt + key.
            switch parse(bytes.dropFirst()) {
            case .needMore: return .needMore
            case .event(.key(var press), let length):
                press.modifiers.insert(.alt)
                return .event(.key(press), length: length + 1)
            case .event(let other, let length):
                return .event(other, length: length + 1)
            }
        }
    }

    /// After ESC, what starts a string the terminal sends: OSC `]`, DCS `P`, APC `_`.
    static let stringIntroducers: Set<UInt8> = [UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_")]

    /// The longest string from the terminal taken whole; longer is no reply, reported as it is.
    static let longestTerminalString = 4096

    static func terminalString(_ bytes: ArraySlice<UInt8>) -> ParseResult {
        var i = bytes.startIndex + 2
        while i < bytes.endIndex {
            if bytes[i] == 0x07 { return .event(.unknown(Array(bytes[...i])), length: i - bytes.startIndex + 1) }
            if bytes[i] == 0x1B {
                guard i + 1 < bytes.endIndex else { return .needMore }
                if bytes[i + 1] == UInt8(ascii: "\\") { return .event(.unknown(Array(bytes[...(i + 1)])), length: i - bytes.startIndex + 2) }
            }
            i += 1
            if i - bytes.startIndex > longestTerminalString { return .event(.unknown(Array(bytes[..<i])), length: i - bytes.startIndex) }
        }
        return .needMore
    }

    static func parseCSI(_ bytes: ArraySlice<UInt8>) -> ParseResult {
        let s = bytes.startIndex
        if bytes.starts(with: pasteStart) {
            let body = bytes.dropFirst(pasteStart.count)
            guard let end = firstRange(of: pasteEnd, in: body) else { return .needMore }
            let text = String(decoding: body[body.startIndex..<end], as: UTF8.self)
            return .event(.paste(text), length: end - s + pasteEnd.count)
        }
        // Parameters and intermediates are 0x20–0x3F; the final byte is 0x40–0x7E.
        var i = s + 2
        while i < bytes.endIndex, (0x20...0x3F).contains(bytes[i]) { i += 1 }
        guard i < bytes.endIndex else {
            return bytes.count > 32 ? .event(.unknown(Array(bytes)), length: bytes.count) : .needMore
        }
        let final = bytes[i]
        let length = i - s + 1
        guard (0x40...0x7E).contains(final) else {
            return .event(.unknown(Array(bytes.prefix(length))), length: length)
        }
        let parameterText = String(decoding: bytes[(s + 2)..<i], as: UTF8.self)
        if parameterText.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return mouse(parameterText.dropFirst(), pressed: final == UInt8(ascii: "M"), length: length)
        }
        let params = parameterText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let modifiers = params.count >= 2 ? decodeModifiers(params[1] ?? 1) : []
        let unknown = ParseResult.event(.unknown(Array(bytes.prefix(length))), length: length)
        func key(_ k: Key) -> ParseResult { .event(.key(KeyPress(k, modifiers)), length: length) }
        switch final {
        case UInt8(ascii: "A"): return key(.up)
        case UInt8(ascii: "B"): return key(.down)
        case UInt8(ascii: "C"): return key(.right)
        case UInt8(ascii: "D"): return key(.left)
        case UInt8(ascii: "H"): return key(.home)
        case UInt8(ascii: "F"): return key(.end)
        case UInt8(ascii: "P"): return key(.function(1))
        case UInt8(ascii: "Q"): return key(.function(2))
        case UInt8(ascii: "S"): return key(.function(4))
        case UInt8(ascii: "Z"): return .event(.key(KeyPress(.tab, .shift)), length: length)
        case UInt8(ascii: "n") where parameterText == "?997;1" || parameterText == "?997;2":
            return .event(.colourScheme(light: parameterText.hasSuffix("2")), length: length)
        case UInt8(ascii: "u") where !parameterText.hasPrefix("?"):
            return kittyKey(parameterText, length: length) ?? unknown
        case UInt8(ascii: "R"):
            if params.count == 2, let row = params[0], let column = params[1] {
                return .event(.cursorPosition(row: row, column: column), length: length)
            }
            return key(.function(3))
        case UInt8(ascii: "~"):
            switch params.first ?? nil {
            case 1, 7: return key(.home)
            case 2: return key(.insert)
            case 3: return key(.delete)
            case 4, 8: return key(.end)
            case 5: return key(.pageUp)
            case 6: return key(.pageDown)
            case 11: return key(.function(1))
            case 12: return key(.function(2))
            case 13: return key(.function(3))
            case 14: return key(.function(4))
            case 15: return key(.function(5))
            case 17, 18, 19, 20, 21: return key(.function((params[0] ?? 0) - 11))
            case 23, 24: return key(.function((params[0] ?? 0) - 12))
            default: return unknown
            }
        default:
            return unknown
        }
    }

    /// The kitty keyboard protocol's `CSI code ; modifiers[:event] u` (with "disambiguate",
    /// pushed where the terminal speaks it): Esc, Enter, Tab and Backspace by their codes, any
    /// other key by its Unicode code point; a key's release (event 3) and the protocol's own
    /// codes for keys alertty does not read (keypad, media, modifiers alone) are nil.
    static func kittyKey(_ parameters: String, length: Int) -> ParseResult? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard let codeField = fields.first?.split(separator: ":").first, let code = Int(codeField) else { return nil }
        let modifierFields = fields.count > 1 ? fields[1].split(separator: ":", omittingEmptySubsequences: false) : []
        let modifiers = decodeModifiers(modifierFields.first.flatMap { Int($0) } ?? 1)
        if modifierFields.count > 1, modifierFields[1] == "3" { return .event(.unknown([]), length: length) }
        let key: Key
        switch code {
        case 27: key = .escape
        case 13: key = .enter
        case 9: key = .tab
        case 127, 8: key = .backspace
        case 57344...63743: return nil
        default:
            guard let scalar = Unicode.Scalar(UInt32(clamping: code)), scalar.value >= 0x20 else { return nil }
            key = .char(scalar)
        }
        return .event(.key(KeyPress(key, modifiers)), length: length)
    }

    /// `ESC [ < b ; x ; y M|m`: b's low bits are the button, +32 motion, +64 the wheel; M press, m release.
    static func mouse(_ text: Substring, pressed: Bool, length: Int) -> ParseResult {
        let fields = text.split(separator: ";").map { Int($0) }
        guard fields.count == 3, let b = fields[0], let x = fields[1], let y = fields[2], x >= 1, y >= 1 else {
            return .event(.unknown(Array("\u{1B}[\(text)".utf8)), length: length)
        }
        let kind: MouseReport.Kind
        if b & 64 != 0 {
            kind = b & 1 == 0 ? .wheelUp : .wheelDown
        } else if b & 32 != 0 {
            kind = .motion
        } else {
            kind = pressed ? .press(button: b & 3) : .release
        }
        return .event(.mouse(MouseReport(kind, x: x - 1, y: y - 1)), length: length)
    }

    /// xterm encodes modifiers as 1 + (shift 1 | alt 2 | ctrl 4).
    static func decodeModifiers(_ value: Int) -> Modifiers {
        let bits = max(value - 1, 0)
        return Modifiers(rawValue: UInt8(bits & 0x7))
    }

    static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var i = haystack.startIndex
        while i + needle.count <= haystack.endIndex {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
