// A tmux pane captured with its attributes (`capture-pane -p -e`), read back into cells: each
// character with the colours and boldness tmux holds for it, so two programs' screens can be
// compared part by part.
import Foundation

struct StyledCapture {
    struct Look: Equatable, CustomStringConvertible {
        var foreground: String?
        var background: String?
        var bold = false
        var dim = false, underline = false, reverse = false
        var description: String {
            "fg \(foreground ?? "default") bg \(background ?? "default")\(bold ? " bold" : "")\(dim ? " dim" : "")"
                + "\(underline ? " underline" : "")\(reverse ? " reverse" : "")"
        }
    }

    private(set) var rows: [[(character: Character, look: Look)]] = []

    init(_ captured: String) {
        // tmux writes an attribute when it changes, not again at each line: the look carries over.
        var look = Look()
        // Line drawing in the DEC special graphics set (ESC ( 0 … ESC ( B, or SO … SI), as curses draws it
        // where the terminal's description says so: read back as the characters shown.
        var lineDrawing = false
        for line in captured.split(separator: "\n", omittingEmptySubsequences: false) {
            var row: [(Character, Look)] = []
            var characters = Array(line)[...]
            while let c = characters.first {
                characters = characters.dropFirst()
                // Shift Out and Shift In: the G1 set (line drawing, as curses sets it up) and back.
                if c == "\u{0E}" || c == "\u{0F}" {
                    lineDrawing = c == "\u{0E}"
                    continue
                }
                guard c == "\u{1B}" else { row.append(((lineDrawing ? Self.decGraphics[c] : nil) ?? c, look)); continue }
                if characters.first == "(" {
                    lineDrawing = characters.dropFirst().first == "0"
                    characters = characters.dropFirst(2)
                    continue
                }
                guard characters.first == "[" else { continue }
                characters = characters.dropFirst()
                let body = characters.prefix { $0 != "m" }
                characters = characters.dropFirst(body.count + 1)
                Self.apply(String(body), to: &look)
            }
            rows.append(row)
        }
    }

    static let decGraphics: [Character: Character] = [
        "j": "┘", "k": "┐", "l": "┌", "m": "└", "n": "┼", "q": "─", "t": "├", "u": "┤", "v": "┴", "w": "┬", "x": "│",
    ]

    static func apply(_ sgr: String, to look: inout Look) {
        var ps = sgr.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if ps.isEmpty { ps = [0] }
        while let p = ps.first {
            ps = ps.dropFirst()
            switch p {
            case 0: look = Look()
            case 1: look.bold = true
            case 2: look.dim = true
            case 4: look.underline = true
            case 7: look.reverse = true
            case 22: look.bold = false; look.dim = false
            case 24: look.underline = false
            case 27: look.reverse = false
            case 30...37: look.foreground = "\(p - 30)"
            case 90...97: look.foreground = "\(p - 90 + 8)"
            case 39: look.foreground = nil
            case 40...47: look.background = "\(p - 40)"
            case 100...107: look.background = "\(p - 100 + 8)"
            case 49: look.background = nil
            case 38, 48:
                let value: String
                if ps.first == 5 { value = "\(ps.dropFirst().first ?? 0)"; ps = ps.dropFirst(2) }
                else { value = "#" + ps.dropFirst().prefix(3).map { String($0) }.joined(separator: ","); ps = ps.dropFirst(4) }
                if p == 38 { look.foreground = value } else { look.background = value }
            default: break
            }
        }
    }

    /// Where `text` first appears (row, column), case-insensitively if asked.
    func find(_ text: String, ignoringCase: Bool = false) -> (row: Int, column: Int)? {
        for (y, row) in rows.enumerated() {
            var line = String(row.map(\.character))
            if ignoringCase { line = line.lowercased() }
            let target = ignoringCase ? text.lowercased() : text
            if let range = line.range(of: target) { return (y, line.distance(from: line.startIndex, to: range.lowerBound)) }
        }
        return nil
    }

    func look(_ row: Int, _ column: Int) -> Look? {
        guard rows.indices.contains(row), rows[row].indices.contains(column) else { return nil }
        return rows[row][column].look
    }
}
