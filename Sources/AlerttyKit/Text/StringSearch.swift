// Finding text in text without _StringProcessing (which the product does not import: see
// Package.swift). Matching is by Characters, as String's own `contains` would match.

extension StringProtocol {
    /// The index where `target` first occurs at or after `from`, or nil.
    func firstIndex(of target: String, from: Index? = nil) -> Index? {
        guard let first = target.first else { return nil }
        var i = from ?? startIndex
        while i < endIndex {
            guard let hit = self[i...].firstIndex(of: first) else { return nil }
            if self[hit...].starts(with: target) { return hit }
            i = index(after: hit)
        }
        return nil
    }

    /// True when `target` occurs in the text (an empty target always does).
    func includes(_ target: String) -> Bool {
        target.isEmpty || firstIndex(of: target) != nil
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, includes(target) else { return self }
        return split(at: target).joined(separator: replacement)
    }

    /// The parts between occurrences of `separator` (empty ones kept); the whole text when it
    /// does not occur or is empty.
    func split(at separator: String) -> [String] {
        guard !separator.isEmpty else { return [self] }
        var parts: [String] = []
        var position = startIndex
        while let hit = firstIndex(of: separator, from: position) {
            parts.append(String(self[position..<hit]))
            position = index(hit, offsetBy: separator.count)
        }
        parts.append(String(self[position...]))
        return parts
    }
}
