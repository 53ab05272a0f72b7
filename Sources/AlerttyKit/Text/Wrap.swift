// Word wrapping and truncation by display width (grapheme clusters, wide characters).

public enum Wrap {
    /// Wraps sanitised lines to `width` columns: breaks at spaces, splits words longer than a line.
    public static func lines(_ paragraphs: [String], width: Int) -> [String] {
        guard width > 0 else { return [] }
        var out: [String] = []
        for paragraph in paragraphs {
            var line = ""
            var lineWidth = 0
            var word = ""
            var wordWidth = 0
            func flushWord() {
                guard !word.isEmpty else { return }
                if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
                    out.append(line)
                    line = ""
                    lineWidth = 0
                }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                // A word wider than the line is split wherever it must be.
                for c in word {
                    let w = TextWidth.columns(c)
                    if lineWidth + w > width && lineWidth > 0 {
                        out.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(c)
                    lineWidth += w
                }
                word = ""
                wordWidth = 0
            }
            for c in paragraph {
                if c == " " {
                    flushWord()
                } else {
                    word.append(c)
                    wordWidth += TextWidth.columns(c)
                }
            }
            flushWord()
            out.append(line)
        }
        return out
    }

    /// Fits text into `width` columns, ending with `…` when it had to be cut.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.columns(text) <= width { return text }
        var out = ""
        var used = 0
        for c in text {
            let w = TextWidth.columns(c)
            if used + w > width - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…"
    }

    /// Keeps the end of a text visible (paths): `…/some/deep/folder`.
    public static func truncateHead(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.columns(text) <= width { return text }
        var kept: [Character] = []
        var used = 0
        for c in text.reversed() {
            let w = TextWidth.columns(c)
            if used + w > width - 1 { break }
            kept.append(c)
            used += w
        }
        return "…" + String(kept.reversed())
    }
}
