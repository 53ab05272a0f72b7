// A box asked over boxes that stay behind it (dialog's --tailboxbg before --and-widget): the
// front alert is asked as it would be alone — keys, answer, meaning, every front end — and the
// layers are only drawn, each in its own box at the size it was given, following its file.

public struct Layered: Alert {
    public struct Layer {
        public var view: TailView
        /// dialog's HEIGHT and WIDTH (nil: sized to the screen).
        public var width: Int?
        public var height: Int?
        public init(view: TailView, width: Int?, height: Int?) {
            self.view = view
            self.width = width
            self.height = height
        }
    }

    public var front: any Alert
    public let layers: [Layer]
    /// How often the layers look for new lines.
    static var followInterval: Double { 0.25 }

    public init(front: any Alert, layers: [Layer]) {
        self.front = front
        self.layers = layers
    }

    public var title: String { front.title }
    public var hints: [KeyHint] { front.hints }
    public var keyOverrides: [KeyPress: Action] { front.keyOverrides }
    public var minimumSize: (width: Int, height: Int) { front.minimumSize }
    public var meaning: AlertMeaning { front.meaning }
    public var usesMouse: Bool { front.usesMouse }
    public var tickInterval: Double? { min(front.tickInterval ?? Self.followInterval, Self.followInterval) }
    public var maxFramesPerSecond: Double? { front.maxFramesPerSecond }
    public var showsCountdownOnDefault: Bool { front.showsCountdownOnDefault }
    public var buttonBar: ButtonBar? { front.buttonBar }
    public var prefersWholeScreen: Bool { front.prefersWholeScreen }
    public var textScrolls: Bool { front.textScrolls }
    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) { front.preferredSize(maxWidth: maxWidth) }
    public mutating func layout(_ area: Rect) { front.layout(area) }
    public mutating func readInPages(of lines: Int) { front.readInPages(of: lines) }
    public mutating func forget() { front.forget() }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        guard case .tick = event else { return front.update(event) }
        for layer in layers { _ = layer.view.follow() }
        // Ticks the front did not ask for are not its to see.
        return front.tickInterval == nil ? [] : front.update(event)
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        front.render(into: &canvas, area: area, theme: theme)
    }

    public func drawBehind(into canvas: inout Canvas, screen: Rect, theme: Theme, padding: Int) {
        for layer in layers { Self.draw(layer, into: &canvas, screen: screen, theme: theme, padding: padding) }
    }

    /// One layer in its own box, centred on the screen as dialog places it.
    static func draw(_ layer: Layer, into canvas: inout Canvas, screen: Rect, theme: Theme, padding: Int) {
        var scene = Scene(columns: screen.width, rows: screen.height, modal: false, width: layer.width, height: layer.height, theme: theme)
        scene.padding = padding
        var view: any Alert = layer.view
        let box = scene.render(&view).canvas
        let at = Chrome.centered(width: box.width, height: box.height, in: screen)
        canvas.paste(box, x: at.x, y: at.y)
    }
}
