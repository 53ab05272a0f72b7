// A horizontal bar: filled to a fraction, or (indeterminate) a block sliding back and forth,
// with a text after it. Progress's gauge and password's strength meter.

public enum Gauge {
    public enum Fill: Equatable { case fraction(Double), sliding(elapsed: Double) }

    /// Draws the bar in `width` cells, `suffix` at its end; `fillStyle` overrides the theme's.
    public static func render(_ fill: Fill, suffix: String, x: Int, y: Int, width: Int, theme: Theme,
                              fillStyle: Style? = nil, into canvas: inout Canvas) {
        let barWidth = max(1, width - TextWidth.columns(suffix))
        let g = theme.glyphs
        let on: (Int) -> Bool
        switch fill {
        case .sliding(let elapsed):
            let block = max(1, barWidth / 5)
            let span = max(1, barWidth - block)
            let step = Int(elapsed * 20) % (2 * span)
            let start = step < span ? step : 2 * span - step
            on = { $0 >= start && $0 < start + block }
        case .fraction(let fraction):
            let filled = Int((Double(barWidth) * min(1, max(0, fraction))).rounded(.down))
            on = { $0 < filled }
        }
        for i in 0..<barWidth {
            _ = canvas.put(on(i) ? g.barFull : g.barEmpty, x: x + i, y: y, style: on(i) ? fillStyle ?? theme.barFull : theme.barEmpty)
        }
        canvas.text(suffix, x: x + barWidth, y: y, style: theme.text)
    }
}

/// password --strength: "Strength: ▰▰▰▱▱▱ 45%"; below the client's rules (negative) in the error style.
enum StrengthMeter {
    static func render(label: String, strength: Int?, x: Int, y: Int, width: Int, theme: Theme, into canvas: inout Canvas) {
        let barStart = canvas.text(label + " ", x: x, y: y, style: theme.muted)
        let value = strength.map { abs($0) }
        let suffix = value.map { " \($0)%" } ?? "     "
        Gauge.render(.fraction(Double(value ?? 0) / 100), suffix: suffix, x: barStart, y: y,
                     width: max(1, x + width - barStart), theme: theme,
                     fillStyle: (strength ?? 0) < 0 ? theme.error : nil, into: &canvas)
    }
}
