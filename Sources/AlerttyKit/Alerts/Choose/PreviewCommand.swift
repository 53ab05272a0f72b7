// choose --preview CMD (and open's): the command run for the focused item, and where its pane
// goes. In CMD, {} is the item as the list prints it, {tag}, {label} and {n} (its 1-based index)
// the item's parts, {q} the filter's text — each quoted for the shell, so an item holding quotes,
// $(…) or backticks is one word to the command and runs nothing. Any other {…} stays as written.

public struct PreviewCommand: Equatable, Sendable {
    public var template: String
    public var position: PreviewPane.Position = .right
    /// The pane's share of the box: columns (right) or rows (bottom), or a percentage.
    public var size: Size = .percent(50)
    /// Shell text run before the command, as written (no placeholders read in it): `open` goes to
    /// the folder shown first, whatever bytes its name holds.
    public var prefix: [UInt8] = []

    public enum Size: Equatable, Sendable {
        case cells(Int)
        case percent(Int)

        /// `N` or `N%`; nil when it is neither (or 0, or over 100%).
        public init?(_ text: String) {
            if text.hasSuffix("%"), let n = Int(text.dropLast()), (1...100).contains(n) { self = .percent(n); return }
            if let n = Int(text), n > 0 { self = .cells(n); return }
            return nil
        }

        /// Of `whole` cells, leaving at least `keep` to the list.
        func of(_ whole: Int, keep: Int) -> Int {
            let wanted = switch self {
            case .cells(let n): n
            case .percent(let p): whole * p / 100
            }
            return max(0, min(wanted, whole - keep))
        }
    }

    public init(template: String) { self.template = template }

    /// The command shows the filter's text ({q}): it runs again as the query changes.
    public var usesQuery: Bool {
        let bytes = Array(template.utf8), q = Array("{q}".utf8)
        return bytes.count >= 3 && (0...(bytes.count - 3)).contains { bytes[$0..<($0 + 3)].elementsEqual(q) }
    }

    /// What the placeholders stand for.
    public struct Item {
        public var printed: [UInt8]
        public var tag: [UInt8]
        public var label: [UInt8]
        public var index: Int
        public var query: String
    }

    /// The command line for `item`: the template with its placeholders replaced, quoted.
    public func command(for item: Item) -> [UInt8] {
        let bytes = Array(template.utf8)
        var out: [UInt8] = prefix
        out.reserveCapacity(prefix.count + bytes.count + item.printed.count + 16)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "{"), let close = bytes[i...].firstIndex(of: UInt8(ascii: "}")) {
                let value: [UInt8]? = switch String(decoding: bytes[(i + 1)..<close], as: UTF8.self) {
                case "": item.printed
                case "tag": item.tag
                case "label": item.label
                case "n": Array(String(item.index + 1).utf8)
                case "q": Array(item.query.utf8)
                default: nil
                }
                if let value {
                    out += Shell.quoted(value)
                    i = close + 1
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// `area` split into the list's part and the pane's (nil when the pane would have no room).
    func split(_ area: Rect) -> (list: Rect, pane: Rect?) {
        switch position {
        case .right:
            let width = size.of(area.width, keep: 17)
            guard width >= 4 else { return (area, nil) }
            // A blank column between the list (its count, its ▲▼) and the pane's line.
            return (Rect(x: area.x, y: area.y, width: area.width - width - 1, height: area.height),
                    Rect(x: area.maxX - width, y: area.y, width: width, height: area.height))
        case .bottom:
            let height = size.of(area.height, keep: 4)
            guard height >= 2 else { return (area, nil) }
            return (Rect(x: area.x, y: area.y, width: area.width, height: area.height - height),
                    Rect(x: area.x, y: area.maxY - height, width: area.width, height: height))
        }
    }
}

extension PreviewCommand {
    /// The pane a command line asks for (choose's and open's): `template` placed by
    /// --preview-position and sized by --preview-size; nil without a template, when those two are
    /// a usage error saying they need `needs`.
    static func from(_ command: ParsedCommand, template: String?, needs: String) throws(UsageError) -> PreviewCommand? {
        guard let template else {
            if command.has(.previewPosition) || command.has(.previewSize) { throw UsageError("--preview-position and --preview-size need \(needs)") }
            return nil
        }
        var preview = PreviewCommand(template: template)
        preview.position = command.string(.previewPosition).flatMap(PreviewPane.Position.init(rawValue:)) ?? .right
        if let text = command.string(.previewSize) {
            guard let size = Size(text) else { throw UsageError("--preview-size takes N (columns or rows) or N% (1–100), not '\(text)'") }
            preview.size = size
        }
        return preview
    }
}
