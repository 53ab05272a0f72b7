// The gauge's line protocol, as scripts speak it to dialog, whiptail and zenity:
//   42 / 42.5 / 42%           the percentage
//   # Unpacking…              the text (zenity)
//   XXX / 60 / text… / XXX    both at once (dialog and whiptail); `XXX` lines bracket the block
//   Download: done            a step's row (pending, running, done, failed, skipped, 40%)
// Values are clamped to 0–100; anything else is ignored, never an error that would stop the
// pipeline. A pure function over bytes: chunks may split lines anywhere, CRLF is a line end, a
// last line without a newline still counts at the end, and an endless line is dropped, not hoarded.

public struct GaugeParser: Sendable {
    public enum Update: Equatable, Sendable {
        case percent(Double)
        case text(String)
        /// `NAME: STATE`: a step's row.
        case step(Step)
    }

    /// A line longer than this is cut (the rest until its newline is dropped).
    static let maxLine = 4096

    private var line: [UInt8] = []
    private var overflowing = false
    /// Inside an XXX block: its lines so far (nil outside one), and their size.
    private var block: [String]? {
        didSet { if block?.isEmpty != false { blockBytes = 0 } }
    }
    private var blockBytes = 0
    /// The most of a block's text kept: far more than a box shows.
    static let maxBlock = 64 << 10

    public init() {}

    /// Parses a chunk. Consecutive percentages collapse into the last (only it could be seen), so
    /// a producer printing a million numbers costs a scan, not a million updates.
    public mutating func feed(_ chunk: [UInt8]) -> [Update] {
        var updates: [Update] = []
        func add(_ new: [Update]) {
            for u in new {
                if case .percent = u, case .percent? = updates.last { updates[updates.count - 1] = u } else { updates.append(u) }
            }
        }
        chunk.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                guard let newline = buffer[start...].firstIndex(of: 0x0A) else {
                    keep(buffer[start...])
                    return
                }
                if line.isEmpty, block == nil, let p = GaugeParser.fastPercent(buffer[start..<newline]) {
                    add([.percent(p)]) // the common line, without building a string
                } else {
                    keep(buffer[start..<newline])
                    add(take())
                }
                start = newline + 1
            }
        }
        return updates
    }

    private mutating func keep(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        let room = Self.maxLine - line.count
        if bytes.count > room {
            line += bytes.prefix(max(0, room))
            overflowing = true
        } else {
            line += bytes
        }
    }

    /// `42`, `42.5`, `42%` (and a CR) straight from bytes; nil for anything else (the slow path decides).
    static func fastPercent(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
        var value = 0.0, scale = 0.0, digits = 0
        var end = bytes.endIndex
        if end > bytes.startIndex && bytes[end - 1] == 0x0D { end -= 1 }
        if end > bytes.startIndex && bytes[end - 1] == UInt8(ascii: "%") { end -= 1 }
        guard end > bytes.startIndex, end - bytes.startIndex <= 12 else { return nil }
        for i in bytes.startIndex..<end {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                digits += 1
                if scale == 0 { value = value * 10 + Double(b - 0x30) } else { value += Double(b - 0x30) * scale; scale /= 10 }
            } else if b == UInt8(ascii: ".") && scale == 0 {
                scale = 0.1
            } else {
                return nil
            }
        }
        return digits > 0 ? min(100, value) : nil
    }

    /// The input ended: a last line without a newline counts; an unfinished XXX block shows what it had.
    public mutating func finish() -> [Update] {
        var updates = line.isEmpty ? [] : take()
        if let lines = block {
            block = nil
            updates += blockUpdates(lines)
        }
        return updates
    }

    private mutating func take() -> [Update] {
        var bytes = line
        line.removeAll(keepingCapacity: true)
        defer { overflowing = false }
        if overflowing { return [] } // an endless line is junk, whatever its start looked like
        if bytes.last == 0x0D { bytes.removeLast() }
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = text.trimmingSpaces()
        if trimmed == "XXX" {
            if let lines = block {
                block = nil
                return blockUpdates(lines)
            }
            block = []
            return []
        }
        if block != nil {
            // A block that never closes (`yes` after XXX) keeps its start, cut visibly.
            if blockBytes < Self.maxBlock {
                block!.append(text)
                blockBytes += bytes.count + 1
                if blockBytes >= Self.maxBlock { block!.append("…") }
            }
            return []
        }
        if trimmed.hasPrefix("#") {
            return [.text(String(trimmed.dropFirst()).trimmingSpaces())]
        }
        if let step = Step.parse(trimmed) { return [.step(step)] }
        return GaugeParser.percent(trimmed).map { [.percent($0)] } ?? []
    }

    /// dialog's block: the first line is the percentage, the rest the text.
    private func blockUpdates(_ lines: [String]) -> [Update] {
        guard let first = lines.first else { return [] }
        var updates: [Update] = []
        var textLines = Array(lines.dropFirst())
        if let p = GaugeParser.percent(first.trimmingSpaces()) {
            updates.append(.percent(p))
        } else {
            textLines = lines
        }
        updates.append(.text(textLines.joined(separator: "\n")))
        return updates
    }

    /// `42`, `42.5`, `42%`, clamped to 0–100; nil for anything else.
    public static func percent(_ s: String) -> Double? {
        var digits = Substring(s)
        if digits.hasSuffix("%") { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
              let value = Double(digits), value.isFinite else { return nil }
        return min(100, max(0, value))
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
