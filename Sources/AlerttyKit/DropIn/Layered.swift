// A box asked over boxes that stay behind it (dialog's --tailboxbg before --and-widget): the
// front alert is asked as it would be alone — keys, answer, meaning, every front end — and the
// layers are drawn, each in its own box at the size it was given, following its file.
//
// dialog calls the boxes that follow a file its callbacks, and Tab hands the keys from the box to
// them in turn, newest first, and back to the box (Shift-Tab the other way round); the follower
// that has the keys is raised over the box. Enter or Esc there closes a background follower; once
// none follows anything, dialog's wait for a key fails and the box ends with dialog's error (255).
// A --tailbox is itself a follower: a key that ends it while it holds the keys that way ends it
// with 254, dialog's "unknown" (its own box was freed under it). Both are dialog's behaviour as
// scripts see it, so the drop-in keeps them; nothing else builds a Layered.

/// What only dialog draws around a box: the boxes that stay behind it and the one raised over
/// it. Not every alert's business, so not the Alert protocol's: the scene draws it for an alert
/// that has it (a Layered, the drop-in's).
public protocol DrawsAroundTheBox {
    /// Draws what stays on the screen behind the box, over the backdrop.
    func drawBehind(into canvas: inout Canvas, screen: Rect, theme: Theme, padding: Int)
    /// Draws what is raised over the box (a background box that has the keys), after the box.
    func drawOver(into canvas: inout Canvas, screen: Rect, theme: Theme, padding: Int)
}

public struct Layered: Alert, DrawsAroundTheBox {
    public struct Layer {
        public var view: TailView
        /// dialog's HEIGHT and WIDTH (nil: sized to the screen).
        public var width: Int?
        public var height: Int?
        /// Its top-left corner on the screen (dialog's --begin), else centred.
        public var begin: ScreenPosition?
        /// Closed by a person (Tab to it, then Enter or Esc): the boxes after it in the chain, and
        /// --no-kill, no longer show it.
        public let closed = Closed()
        public init(view: TailView, width: Int?, height: Int?, begin: ScreenPosition? = nil) {
            self.view = view
            self.width = width
            self.height = height
            self.begin = begin
        }
    }

    /// Shared by a layer's copies (the chain's list and the alert's), so a layer closed in one box
    /// stays closed for the boxes after it.
    public final class Closed {
        public fileprivate(set) var value = false
    }

    /// Who has the keys: the box, the box as a follower (dialog's --tailbox), or a layer.
    enum Keys: Equatable { case box, frontAsFollower, layer(Int) }

    public var front: any Alert
    public private(set) var layers: [Layer]
    /// The front box follows a file too (dialog's --tailbox).
    public let frontFollows: Bool
    private(set) var keys = Keys.box
    /// dialog's statuses for a wait that failed (no follower left) and for a --tailbox ended
    /// while it held the keys as a follower.
    static let noFollowerLeft: Int32 = 255
    static let endedAsFollower: Int32 = 254

    public init(front: any Alert, layers: [Layer], frontFollows: Bool = false) {
        self.front = front
        self.layers = layers.filter { !$0.closed.value }
        self.frontFollows = frontFollows
    }

    public var title: String { front.title }
    public var hints: [KeyHint] { front.hints }
    public var keyOverrides: [KeyPress: Action] {
        var keys = front.keyOverrides
        // dialog takes Tab before any box sees it while something follows a file.
        if !followers.isEmpty {
            keys[KeyPress(.tab)] = .focusNext
            keys[KeyPress(.tab, .shift)] = .focusPrevious
        }
        return keys
    }
    public var minimumSize: (width: Int, height: Int) { front.minimumSize }
    public var meaning: AlertMeaning { front.meaning }
    public var usesMouse: Bool { front.usesMouse }
    public var tickInterval: Double? { front.tickInterval }
    public var maxFramesPerSecond: Double? { front.maxFramesPerSecond }
    public var showsCountdownOnDefault: Bool { front.showsCountdownOnDefault }
    public var buttonBar: ButtonBar? { front.buttonBar }
    public var prefersWholeScreen: Bool { front.prefersWholeScreen }
    public var textScrolls: Bool { front.textScrolls }
    public func preferredSize(maxWidth: Int) -> (width: Int, height: Int) { front.preferredSize(maxWidth: maxWidth) }
    public mutating func layout(_ area: Rect) { front.layout(area) }
    public mutating func layout(_ area: Rect, theme: Theme) { front.layout(area, theme: theme) }
    public var scrollsInAnyHeight: Bool { front.scrollsInAnyHeight }
    public mutating func readInPages(of lines: Int) { front.readInPages(of: lines) }
    public mutating func forget() { front.forget() }

    /// dialog's callbacks in its order: the newest first (the front box, when it follows, was made last).
    private var followers: [Keys] {
        (frontFollows ? [.frontAsFollower] : []) + layers.indices.reversed().map { .layer($0) }
    }

    public mutating func update(_ event: AlertEvent) -> [Effect] {
        switch event {
        case .action(.focusNext) where !followers.isEmpty:
            let order = followers
            if let at = order.firstIndex(of: keys) { keys = at + 1 < order.count ? order[at + 1] : .box } else { keys = order[0] }
            return []
        case .action(.focusPrevious) where !followers.isEmpty:
            let order = followers
            if let at = order.firstIndex(of: keys) { keys = at == 0 ? order[order.count - 1] : order[at - 1] } else { keys = order[0] }
            return []
        case .action(let action):
            switch keys {
            case .box:
                return front.update(event)
            case .frontAsFollower:
                return front.update(event).map { effect in
                    guard case .finish = effect else { return effect }
                    var outcome = Outcome(.cancel)
                    outcome.exitCode = Self.endedAsFollower
                    return .finish(outcome)
                }
            case .layer(let at):
                guard action == .submit || action == .cancel else { return layers[at].view.update(event) }
                layers[at].closed.value = true
                layers.remove(at: at)
                keys = .box
                guard layers.isEmpty, !frontFollows else { return [] }
                var outcome = Outcome(.cancel)
                outcome.exitCode = Self.noFollowerLeft
                return [.finish(outcome)]
            }
        case .mouse, .paste:
            return keys == .box ? front.update(event) : []
        default:
            return front.update(event)
        }
    }

    public func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)? {
        front.render(into: &canvas, area: area, theme: theme)
    }

    public func drawBehind(into canvas: inout Canvas, screen: Rect, theme: Theme, padding: Int) {
        for (at, layer) in layers.enumerated() where keys != .layer(at) {
            Self.draw(layer, into: &canvas, screen: screen, theme: theme, padding: padding)
        }
    }

    /// The layer that has the keys, raised over the box as dialog raises it.
    public func drawOver(into canvas: inout Canvas, screen: Rect, theme: Theme, padding: Int) {
        guard case .layer(let at) = keys else { return }
        Self.draw(layers[at], into: &canvas, screen: screen, theme: theme, padding: padding)
    }

    /// One layer in its own box, where dialog places it: at its --begin, else centred.
    static func draw(_ layer: Layer, into canvas: inout Canvas, screen: Rect, theme: Theme, padding: Int) {
        var scene = Scene(columns: screen.width, rows: screen.height, modal: false, width: layer.width, height: layer.height, theme: theme)
        scene.padding = padding
        var view: any Alert = layer.view
        let box = scene.render(&view).canvas
        let at = theme.place(width: box.width, height: box.height, in: screen, at: layer.begin)
        canvas.paste(box, x: at.x, y: at.y)
    }
}
