// strftime's pattern walk, shared by dates and times: `%X` is replaced by what `conversion`
// gives for X (nil: kept as written), `%%` is a percent sign, a lone `%` at the end is kept.

enum Strftime {
    static func render(_ pattern: String, _ conversion: (Character) -> String?) -> String {
        var out = ""
        var percent = false
        for c in pattern {
            guard percent else {
                if c == "%" { percent = true } else { out.append(c) }
                continue
            }
            percent = false
            out += c == "%" ? "%" : conversion(c) ?? "%" + String(c)
        }
        if percent { out += "%" }
        return out
    }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
