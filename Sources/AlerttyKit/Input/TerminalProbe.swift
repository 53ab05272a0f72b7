// What the terminal says of itself, asked once as the box starts: the modes alertty touches
// (bracketed paste, synchronized output, grapheme clusters, colour-scheme reports), its
// background colour, whether it speaks the kitty keyboard protocol, and its name and version.
// Every question goes in one write, ended by DA1, which every terminal answers: its reply ends
// the wait. A pure reader of the replies — no terminal, no clock: the session bounds the wait.

public struct TerminalFacts: Equatable, Sendable {
    /// A DEC private mode as DECRQM reports it.
    public enum ModeState: UInt8, Equatable, Sendable {
        case unknown = 0, set = 1, reset = 2, alwaysSet = 3, alwaysReset = 4
        public var isSet: Bool { self == .set || self == .alwaysSet }
    }

    public struct Colour: Equatable, Sendable {
        public var red, green, blue: Int
    }

    /// The probed modes (`TerminalProbe.modes`), as the terminal reported them (nil: not said).
    public var modes: [ModeState?] = [nil, nil, nil, nil]
    /// The background colour, 0–255 each (OSC 11).
    public var background: Colour?
    /// The kitty keyboard protocol's flags in force (nil: the terminal does not speak it).
    public var keyboardFlags: Int?
    /// XTVERSION's answer: `kitty(0.38.1)`, `tmux 3.4`, `WezTerm 20240203`…
    public var version: String?
    /// DA1 came: every reply before it is in.
    public var answered = false

    public init() {}

    /// The state reported of `mode` (nil: not asked, or not said).
    public func state(of mode: Int) -> ModeState? {
        TerminalProbe.modes.firstIndex(of: mode).flatMap { modes[$0] }
    }

    /// Bracketed paste was on before alertty (leave it on).
    public var pasteWasOn: Bool { state(of: TerminalProbe.paste)?.isSet ?? false }

    /// The terminal shows a tab's progress (OSC 9;4): by the name it gave (kitty 0.38 and
    /// later — earlier kittys show it as a desktop notification —, WezTerm, Ghostty, iTerm2,
    /// tmux 3.7 and later, which passes it on), else by what its environment says (Windows
    /// Terminal, iTerm2, WezTerm, Ghostty, VTE 0.76 and later, ConEmu).
    public func showsProgress(environment: (String) -> String?) -> Bool {
        if let version {
            func atLeast(_ prefix: String, _ wanted: (Int, Int)) -> Bool {
                guard version.hasPrefix(prefix) else { return false }
                let numbers = version.dropFirst(prefix.count).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                return numbers.count >= 2 && (numbers[0], numbers[1]) >= wanted
            }
            if version.hasPrefix("kitty(") { return atLeast("kitty(", (0, 38)) }
            if version.hasPrefix("tmux ") { return atLeast("tmux ", (3, 7)) }
            if ["WezTerm", "ghostty", "iTerm2"].contains(where: { version.hasPrefix($0) }) { return true }
        }
        if !(environment("WT_SESSION") ?? "").isEmpty || environment("ConEmuANSI") == "ON" { return true }
        if ["iTerm.app", "WezTerm", "ghostty"].contains(environment("TERM_PROGRAM") ?? "") { return true }
        if let vte = environment("VTE_VERSION").flatMap({ Int($0) }), vte >= 7600 { return true }
        return false
    }

    // MARK: - ALERTTY_TERMINAL: the answers kept

    /// The answers as one line a script keeps in ALERTTY_TERMINAL (`alertty --print-terminal`), so
    /// the prompts of a wizard do not each ask again: `v1;modes=1,2,0,2;bg=1e1e1e;keys=0;name=…`
    /// (a mode's DECRQM state in TerminalProbe.modes' order, 0 for not said; an empty `bg` or
    /// `keys` for not said; the name without `;` or controls).
    public var cacheText: String {
        func hex(_ n: Int) -> String { (n < 16 ? "0" : "") + String(n, radix: 16) }
        let modes = self.modes.map { String(($0 ?? .unknown).rawValue) }.joined(separator: ",")
        let bg = background.map { hex($0.red) + hex($0.green) + hex($0.blue) } ?? ""
        let name = String((version ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != ";" }.prefix(64))
        return "v1;modes=\(modes);bg=\(bg);keys=\(keyboardFlags.map(String.init) ?? "");name=\(name)"
    }

    /// The answers read back from `cacheText` (nil: not that line — `off`, or another version).
    public init?(cache text: String) {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.first == "v1" else { return nil }
        var facts = TerminalFacts()
        for part in parts.dropFirst() {
            guard let eq = part.firstIndex(of: "=") else { return nil }
            let key = part[..<eq], value = part[part.index(after: eq)...]
            switch key {
            case "modes":
                let states = value.split(separator: ",", omittingEmptySubsequences: false).map { UInt8($0).flatMap(ModeState.init(rawValue:)) }
                guard states.count == TerminalProbe.modes.count, states.allSatisfy({ $0 != nil }) else { return nil }
                facts.modes = states.map { $0 == .unknown ? nil : $0 }
            case "bg":
                guard !value.isEmpty else { continue }
                let bytes = Array(value.utf8)
                guard bytes.count == 6, let n = Int(String(value), radix: 16) else { return nil }
                facts.background = Colour(red: n >> 16 & 0xFF, green: n >> 8 & 0xFF, blue: n & 0xFF)
            case "keys":
                guard !value.isEmpty else { continue }
                guard let flags = Int(value), flags >= 0 else { return nil }
                facts.keyboardFlags = flags
            case "name":
                facts.version = value.isEmpty ? nil : String(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(64).map(Character.init))
            default:
                continue // a later version's key: passed over
            }
        }
        facts.answered = true
        self = facts
    }

    /// The terminal shows OSC 8 hyperlinks: by the name it gave (kitty, WezTerm, Ghostty, iTerm2,
    /// foot, Contour, tmux 3.4 and later, which passes them on), else by its environment (VTE
    /// 0.50 and later, Windows Terminal, iTerm2, WezTerm, Ghostty). Elsewhere none is sent: the
    /// Linux console and old terminals would show the sequence.
    public func showsLinks(environment: (String) -> String?) -> Bool {
        if let version {
            if ["kitty", "WezTerm", "ghostty", "iTerm2", "foot", "contour"].contains(where: { version.lowercased().hasPrefix($0.lowercased()) }) { return true }
            if version.hasPrefix("tmux ") {
                let numbers = version.dropFirst(5).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                return numbers.count >= 2 && (numbers[0], numbers[1]) >= (3, 4)
            }
        }
        if !(environment("WT_SESSION") ?? "").isEmpty { return true }
        if ["iTerm.app", "WezTerm", "ghostty"].contains(environment("TERM_PROGRAM") ?? "") { return true }
        if let vte = environment("VTE_VERSION").flatMap({ Int($0) }), vte >= 5000 { return true }
        return false
    }

    /// Light or dark, by the background's luminance (nil: not said).
    public var lightBackground: Bool? {
        guard let c = background else { return nil }
        // Relative luminance (Rec. 709 weights) over 0–255: mid-grey and above is light.
        return 2126 * c.red + 7152 * c.green + 722 * c.blue > 1_275_000
    }
}

public enum TerminalProbe {
    /// Bracketed paste, synchronized output, grapheme clusters, colour-scheme updates.
    public static let paste = 2004, synchronized = 2026, graphemes = 2027, colourScheme = 2031
    public static let modes = [paste, synchronized, graphemes, colourScheme]

    /// The questions, in one write: each mode (DECRQM), the background (OSC 11), the keyboard
    /// protocol (kitty's `CSI ? u`), the name (XTVERSION), and DA1 last.
    public static let query: [UInt8] = {
        var text = ""
        for mode in modes { text += "\u{1B}[?\(mode)$p" }
        text += "\u{1B}]11;?\u{1B}\\"
        text += "\u{1B}[?u\u{1B}[>0q\u{1B}[c"
        return Array(text.utf8)
    }()

    /// The longest reply read (a version string is short; anything longer is not a reply).
    static let longestReply = 512

    /// Reads `bytes` (what came since the questions, anything typed among it) into `facts`:
    /// whether DA1's reply has come (the end). Bytes that are no reply are keys typed as the box
    /// starts: added to `typed`, in order, for the box to read. `carry` keeps a reply cut between
    /// two reads (the caller adds what is left of it to `typed` if the wait ends first).
    public static func read(_ bytes: [UInt8], into facts: inout TerminalFacts, carry: inout [UInt8]) -> Bool {
        var typed: [UInt8] = []
        defer { typed.resetBytes() }
        return read(bytes, into: &facts, carry: &carry, typed: &typed)
    }

    public static func read(_ bytes: [UInt8], into facts: inout TerminalFacts, carry: inout [UInt8], typed: inout [UInt8]) -> Bool {
        var buffer = carry + bytes
        carry.resetBytes()
        carry = []
        defer { buffer.resetBytes() }
        var i = 0
        while i < buffer.count {
            guard buffer[i] == 0x1B else { typed.append(buffer[i]); i += 1; continue }
            guard i + 1 < buffer.count else { carry = Array(buffer[i...]); break }
            let introducer = buffer[i + 1]
            if introducer == UInt8(ascii: "[") {
                // CSI: parameters and intermediates 0x20–0x3F, final 0x40–0x7E.
                var j = i + 2
                while j < buffer.count, (0x20...0x3F).contains(buffer[j]), j - i < longestReply { j += 1 }
                guard j < buffer.count else { if j - i < longestReply { carry = Array(buffer[i...]) }; break }
                let body = String(decoding: buffer[(i + 2)..<j], as: UTF8.self)
                switch csi(body, final: buffer[j], into: &facts) {
                case .end:
                    // (Typed after the end: the box reads it as it comes.)
                    typed += buffer[(j + 1)...]
                    return true
                case .reply: break
                case .notReply: typed += buffer[i...j]
                }
                i = j + 1
            } else if introducer == UInt8(ascii: "]") || introducer == UInt8(ascii: "P") {
                // OSC or DCS: up to BEL or ST (ESC \).
                var j = i + 2
                var end: (body: Int, next: Int)?
                while j < buffer.count, j - i < longestReply {
                    if buffer[j] == 0x07 { end = (j, j + 1); break }
                    if buffer[j] == 0x1B, j + 1 < buffer.count, buffer[j + 1] == UInt8(ascii: "\\") { end = (j, j + 2); break }
                    if buffer[j] == 0x1B, j + 1 == buffer.count { break }
                    j += 1
                }
                guard let end else {
                    if j - i < longestReply { carry = Array(buffer[i...]) } else { i = j; continue }
                    break
                }
                let body = String(decoding: buffer[(i + 2)..<end.body], as: UTF8.self)
                if introducer == UInt8(ascii: "]") { osc(body, into: &facts) } else { dcs(body, into: &facts) }
                i = end.next
            } else {
                typed += buffer[i...(i + 1)]
                i += 2
            }
        }
        return false
    }

    enum Read { case reply, end, notReply }

    /// A CSI reply (`.end` for DA1's), or a key's sequence.
    static func csi(_ body: String, final: UInt8, into facts: inout TerminalFacts) -> Read {
        switch final {
        case UInt8(ascii: "y") where body.hasPrefix("?") && body.hasSuffix("$"):
            // DECRPM: ? mode ; state $ y
            let fields = body.dropFirst().dropLast().split(separator: ";").map { Int($0) }
            if fields.count == 2, let mode = fields[0], let state = fields[1], let at = modes.firstIndex(of: mode) {
                facts.modes[at] = TerminalFacts.ModeState(rawValue: UInt8(clamping: state)) ?? .unknown
            }
            return .reply
        case UInt8(ascii: "u") where body.hasPrefix("?"):
            facts.keyboardFlags = Int(body.dropFirst()) ?? 0
            return .reply
        case UInt8(ascii: "c") where body.hasPrefix("?"):
            facts.answered = true
            return .end
        default:
            return .notReply
        }
    }

    /// OSC 11 ; rgb:RRRR/GGGG/BBBB (1 to 4 hex digits each).
    static func osc(_ body: String, into facts: inout TerminalFacts) {
        guard body.hasPrefix("11;rgb:") else { return }
        let parts = body.dropFirst(7).split(separator: "/")
        guard parts.count == 3 else { return }
        let values = parts.map { part -> Int? in
            guard (1...4).contains(part.count), let value = Int(part, radix: 16) else { return nil }
            let top = (1 << (4 * part.count)) - 1
            return (value * 255 + top / 2) / top
        }
        guard let r = values[0], let g = values[1], let b = values[2] else { return }
        facts.background = TerminalFacts.Colour(red: r, green: g, blue: b)
    }

    /// DCS > | name ST: XTVERSION.
    static func dcs(_ body: String, into facts: inout TerminalFacts) {
        guard body.hasPrefix(">|") else { return }
        facts.version = String(body.dropFirst(2).unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
    }
}
