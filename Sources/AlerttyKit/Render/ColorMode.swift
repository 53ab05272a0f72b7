// How many colours the terminal gets, and turning our colours into SGR parameters for it.

public enum ColorMode: Int, Comparable, Sendable {
    case none, basic, indexed, truecolor
    public static func < (a: ColorMode, b: ColorMode) -> Bool { a.rawValue < b.rawValue }

    public enum Choice: String, CaseIterable, Sendable { case auto, always, never }

    /// `COLORTERM=truecolor|24bit` → 24-bit; `TERM=*256color*` → 256; `NO_COLOR` or `TERM=dumb` → none.
    public static func detect(choice: Choice, environment: (String) -> String?) -> ColorMode {
        if choice == .never { return .none }
        let term = environment("TERM") ?? ""
        let colorterm = environment("COLORTERM") ?? ""
        var depth: ColorMode = .basic
        if term == "linux" {
            depth = .basic // the Linux console has its 16 colours, whatever COLORTERM says
        } else if colorterm == "truecolor" || colorterm == "24bit" {
            depth = .truecolor
        } else if term.includes("256color") {
            depth = .indexed
        }
        if choice == .always { return depth }
        if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return .none }
        if term == "dumb" || term.isEmpty { return .none }
        return depth
    }

    /// SGR parameters selecting `color` as foreground (or background), downgraded to this mode.
    func parameters(_ color: Color, background: Bool) -> String {
        switch (self, color) {
        case (.none, _):
            return ""
        case (_, .basic(let n)):
            return ColorMode.basicParameter(n, background: background)
        case (.truecolor, .rgb(let r, let g, let b)):
            return (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
        case (.truecolor, .indexed(let n)), (.indexed, .indexed(let n)):
            return (background ? "48;5;" : "38;5;") + "\(n)"
        case (.indexed, .rgb(let r, let g, let b)):
            return (background ? "48;5;" : "38;5;") + "\(ColorMode.nearestIndexed(r, g, b))"
        case (.basic, .indexed(let n)):
            return ColorMode.basicParameter(ColorMode.basicFromIndexed(n), background: background)
        case (.basic, .rgb(let r, let g, let b)):
            return ColorMode.basicParameter(ColorMode.basicFromIndexed(ColorMode.nearestIndexed(r, g, b)), background: background)
        }
    }

    static func basicParameter(_ n: UInt8, background: Bool) -> String {
        let base = n < 8 ? 30 + Int(n) : 90 + Int(n) - 8
        return String(background ? base + 10 : base)
    }

    /// The 6×6×6 cube or the grey ramp, whichever is closer.
    static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let (cr, cg, cb) = (level(r), level(g), level(b))
        let steps = [0, 95, 135, 175, 215, 255]
        let cubeDistance = sq(steps[cr] - Int(r)) + sq(steps[cg] - Int(g)) + sq(steps[cb] - Int(b))
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grey = min(23, max(0, (average - 3) / 10))
        let greyValue = 8 + grey * 10
        let greyDistance = sq(greyValue - Int(r)) + sq(greyValue - Int(g)) + sq(greyValue - Int(b))
        if greyDistance < cubeDistance { return UInt8(232 + grey) }
        return UInt8(16 + 36 * cr + 6 * cg + cb)
    }

    static func basicFromIndexed(_ n: UInt8) -> UInt8 {
        if n < 16 { return n }
        if n >= 232 { return n < 238 ? 0 : n < 246 ? 8 : n < 252 ? 7 : 15 }
        let v = Int(n) - 16
        let (r, g, b) = (v / 36, (v / 6) % 6, v % 6)
        let bright = max(r, g, b) >= 4
        let bits = (r >= 2 ? 1 : 0) | (g >= 2 ? 2 : 0) | (b >= 2 ? 4 : 0)
        if bits == 0 { return bright ? 8 : 0 }
        return UInt8(bits + (bright ? 8 : 0))
    }

    private static func sq(_ v: Int) -> Int { v * v }
}
