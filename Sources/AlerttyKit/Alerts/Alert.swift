// An alert is a value: state, `update(event) -> effects`, `render(into:)`. No I/O inside, so
// every alert is tested by calling `update` in a loop and reading the canvas.

/// Exit statuses are part of alertty's interface: documented in --help, the man page and the README.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case ok = 0
    case cancel = 1
    case usage = 2
    case noTerminal = 3
    case internalError = 4
    case extra = 5
    case help = 6
    case described = 7
    case timeout = 124
    case hangup = 129
    case interrupted = 130
    case quit = 131
    case terminated = 143

    public var meaning: String {
        switch self {
        case .ok: return "OK / Yes / Save; the answer, if any, is on stdout"
        case .cancel: return "Cancel / No / Esc (Esc on a message exits 0)"
        case .usage: return "usage error (bad flag, value or pattern); nothing was drawn"
        case .noTerminal: return "no terminal to ask on (use --tty PATH)"
        case .internalError: return "the answer could not be written (stdout closed or failing); closed from the start, nothing is asked"
        case .extra: return "the extra button (--extra-button); the answer, if any, is on stdout as for OK"
        case .help: return "the help button (--help-button); a list prints the focused item"
        case .described: return "described (--describe): the prompt was printed as JSON and nothing was asked or answered"
        case .timeout: return "timed out (--timeout)"
        case .hangup: return "the terminal hung up (SIGHUP)"
        case .interrupted: return "interrupted (Ctrl-C, SIGINT); the calling script is interrupted too (not from a job's popup or an agent: there Ctrl-C cancels, or stops the agent and gives the question back)"
        case .quit: return "quit (SIGQUIT)"
        case .terminated: return "terminated (SIGTERM)"
        }
    }
}

extension ExitStatus {
    /// The status of an ending by `signal` (SIGINT 130, SIGTERM 143, SIGHUP 129, SIGQUIT 131),
    /// or nil for a signal that does not end us.
    public init?(endingBy signal: Platform.Signal) {
        switch signal {
        case .interrupt: self = .interrupted
        case .terminate: self = .terminated
        case .hangup: self = .hangup
        case .quit: self = .quit
        default: return nil
        }
    }

    /// The signal an ending with this status is by, if it is one.
    public var signal: Platform.Signal? {
        Platform.Signal.allCases.first { ExitStatus(endingBy: $0) == self }
    }
}

public struct Outcome: Equatable, Sendable {
    public var status: ExitStatus
    /// Bytes for stdout (the runtime adds the terminator), or nil for nothing.
    public var answer: [UInt8]?
    /// Ended by the Esc key rather than a Cancel/No button (whiptail tells them apart: 255 vs 1);
    /// only the box, which reads keys, can tell.
    public var pressedEsc = false
    /// Ended by a signal, which the process then dies of (after restoring the terminal), so the
    /// calling shell sees it as it would for any command.
    public var signal: SignalEnding?
    /// Text the runtime writes on the terminal after the box is gone (inline progress's last line).
    public var farewell: String?
    /// Why it ended so, for whoever runs it to report (a refused scripted answer, a failed step
    /// in line mode): one line or a few, never drawn as controls.
    public var report: String?
    /// Exit with this status instead of `status`'s (progress exits with its command's).
    public var exitCode: Int32?
    /// The answer's items when it is a list of them (a list's choices, a form's values): the
    /// drop-in prints them its own way (quoted, with its separator) from these, never by
    /// splitting `answer`, so an item holding the separator stays whole.
    public var items: [[UInt8]]?
    /// Help: the items OK would have answered then (a check list's marks, a form's values), for
    /// dialog's --help-status.
    public var state: [[UInt8]]?
    /// The answer as a script would give it again (ALERTTY_RECORD), when that is not what was
    /// printed: a date in a --format as YYYY-MM-DD, a form's fields one by one. Nil: the printed
    /// answer is the one.
    public var replay: [ReplayAnswer]?
    public init(_ status: ExitStatus, answer: [UInt8]? = nil, signal: SignalEnding? = nil) {
        self.status = status
        self.answer = answer
        self.signal = signal
    }

    /// Outcomes are alike when they end alike and answer alike: how the answer would be given
    /// again (`replay`) is derived from it, and not compared.
    public static func == (a: Outcome, b: Outcome) -> Bool {
        a.status == b.status && a.answer == b.answer && a.pressedEsc == b.pressedEsc && a.signal == b.signal
            && a.farewell == b.farewell && a.report == b.report && a.exitCode == b.exitCode && a.items == b.items
            && a.state == b.state
    }

    /// An answer of several items, printed one after another with `separator` between them
    /// (none: no answer).
    public init(_ status: ExitStatus, items: [[UInt8]], separator: UInt8 = 0x0A) {
        self.init(status, answer: items.isEmpty ? nil : Array(items.joined(separator: [separator])))
        self.items = items.isEmpty ? nil : items
    }
}

/// One answer of a prompt as ALERTTY_ANSWER_<ID>[_<FIELD>] gives it: a secret's value is never kept.
public struct ReplayAnswer: Equatable, Sendable {
    public var field: String?
    public var value: [UInt8]
    public var secret: Bool
    /// No text gives this answer back exactly (an item that is not one line of text, whose
    /// position another item answers to): it is left out of a record rather than recorded as
    /// something else.
    public var unnameable: Bool
    public init(field: String? = nil, value: [UInt8], secret: Bool = false, unnameable: Bool = false) {
        self.field = field
        self.value = secret || unnameable ? [] : value
        self.secret = secret
        self.unnameable = unnameable
    }
}

public enum SignalEnding: Equatable, Sendable {
    /// A signal sent to this process: it dies of it alone.
    case process
    /// Ctrl-C read as a key while ours was the terminal's foreground job: the whole job gets SIGINT,
    /// as from the terminal driver, so a script calling us stops as it would at `read` or `sleep`.
    case job
}

public enum Validity: Equatable, Sendable {
    case valid
    case invalid(String)
}

public enum AlertEvent: Equatable, Sendable {
    /// Sent once when the box first appears (an alert may validate its initial value).
    case start
    case action(Action)
    case paste(String)
    /// Result of an external validation run started by a `.validate` effect.
    case validated(generation: Int, Validity)
    /// Result of a `.suggest` effect: the words that complete `text` (--suggest-cmd, --complete).
    case suggested(for: String, words: [String])
    /// Result of a `.makeDirectory` effect: nil error when the folder was made.
    case directoryMade(PathBytes, error: String?)
    /// A chunk of the alert's input stream (items for choose, lines for progress), and its end.
    case input([UInt8])
    case inputEnded
    /// A front end without a box (line mode, an answer from the environment, the default taken)
    /// answered: checked by the same rules as keys in the box.
    case answer(Answer)
    /// A click (count 2 for a double click) or a wheel step, at a cell of the canvas.
    case mouse(Mouse)
    /// `--on-timeout default`: the seconds left, to show on the button or item that will be taken.
    case countdown(String?)
    /// Output of the command run by the alert (stream 1: stdout, 2: stderr), and its end.
    case childOutput(stream: Int, [UInt8])
    case childExited(status: Int32)
    /// Time passing, for alerts that show it (seconds since the alert started).
    case tick(Double)
    /// A signal that would end us (or Ctrl-C), offered first to an alert that runs something:
    /// it may forward it and finish later. Alerts that return no effects get the usual ending.
    case signal(ExitStatus)
    /// The answer's strength, 0–100 (negative: below the client's rules), or nil when unknown.
    case strength(Int?)
    /// Output of preview run `id` (stream 1: stdout, 2: stderr), and its end (status nil: it was
    /// stopped, having given all a pane keeps).
    case previewOutput(id: Int, stream: Int, [UInt8])
    case previewEnded(id: Int, status: Int32?)
    /// Result of a `.resolveFolder` effect: the folder Choose would take for that check.
    case folderResolved(SaveCheck, choosing: Bool, FolderResolution)
    /// Result of a `.checkSaveTarget` effect: where that name in that folder would be written.
    case saveTargetChecked(SaveCheck, Browser.SaveTarget)
    /// Result of a `.browse` effect: the folder reached and its entries, or why not.
    case browsed(Browse, Browsed)
    /// Result of a `.checkOpen` effect.
    case openChecked(OpenCheck, OpenChecked)
    /// A followed file changed (grew, was truncated or replaced): DocumentFollower looked.
    case documentChanged
    /// Result of an `.editExternally` effect: the text as the editor left it, byte for byte, or
    /// nil and why (the editor failed, was killed, or could not be run: the text stays as it was).
    case edited([UInt8]?, note: String?)
    /// The box has laid the alert out anew (its first frame, a resize): what depends on its size
    /// (a preview pane's command, told its columns and lines) may start now.
    case laidOut
}

public struct Mouse: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case click(count: Int), wheel(Int) }
    public var kind: Kind
    public var x: Int
    public var y: Int
    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

public enum Effect: Equatable, Sendable {
    case finish(Outcome)
    /// Run the external validator on `text` (after a debounce); older runs are stale.
    case validate(text: [UInt8], generation: Int)
    /// Find the words that complete `text` (never a secret's); answered by `.suggested`.
    case suggest(text: String)
    /// Make the folder `name` in `folder` (the save browser's New Folder) once checked against the
    /// root as a save is; answered by `.directoryMade`.
    case makeDirectory(SaveCheck)
    /// Check where saving a name would write (the folder still there, inside the root, the file
    /// there or not); answered by `.saveTargetChecked`.
    case checkSaveTarget(SaveCheck)
    /// Resolve the folder a folder box's Choose would take (`choosing`: to take it now; else to
    /// show it); answered by `.folderResolved`.
    case resolveFolder(SaveCheck, choosing: Bool)
    /// Move a browser (open a folder, go up, read the one shown) inside its root; answered by
    /// `.browsed`.
    case browse(Browse)
    /// Stop reading the input stream and close it, so its producer sees a closed pipe.
    case closeInput
    /// Send a signal to the command the alert runs (its whole process group).
    case signalChild(Platform.Signal)
    /// Measure this answer's strength; answered by `.strength`.
    case measureStrength([UInt8])
    /// The alert took a signal itself and goes on (Ctrl-C stopped a search): nothing else to do.
    case consumed
    /// Run a preview command (`/bin/sh -c`), stopping any older one; answered by `.previewOutput`
    /// and `.previewEnded` with its id. `columns` and `lines`: the pane's size, told to the command.
    case runPreview(id: Int, command: [UInt8], columns: Int, lines: Int)
    /// Stop the preview command, if one runs (no item is focused, or the pane has all it keeps).
    case stopPreview
    /// Hand `text` to the person's editor on the terminal (never a secret); answered by `.edited`.
    case editExternally([UInt8])
    /// Walk the tree below a folder (`open --recursive`), dropping any walk under way; the entries
    /// come as `.input`, the end as `.inputEnded`.
    case walk(WalkRequest)
    /// Check the paths `open` would answer (inside the root, of the kind and names asked for);
    /// answered by `.openChecked`.
    case checkOpen(OpenCheck)

    /// Ends the alert.
    var ends: Bool { if case .finish = self { return true } else { return false } }
    /// Says what is shown (the preview pane, the folder Choose would take): of those from keys
    /// read together only the last counts.
    var replacesEarlier: Bool {
        switch self {
        case .runPreview, .stopPreview, .resolveFolder(_, choosing: false): return true
        default: return false
        }
    }
}

public protocol Alert {
    var title: String { get }
    /// Key hints for the bottom border, most important first.
    var hints: [KeyHint] { get }
    /// Keys this alert claims before the shared binding table.
    var keyOverrides: [KeyPress: Action] { get }
    /// The content size wanted (inside the border and padding) when `maxWidth` columns are available.
    func preferredSize(maxWidth: Int) -> (width: Int, height: Int)
    /// The smallest content that still works; below it the runtime shows "terminal too small".
    var minimumSize: (width: Int, height: Int) { get }
    /// Tells the alert the content area it will be drawn in (for paging and scrolling).
    mutating func layout(_ area: Rect)
    /// The same, with the theme it will be drawn in (where its look places things, as its
    /// buttons, that a click must find).
    mutating func layout(_ area: Rect, theme: Theme)
    /// Its content scrolls in whatever height it is given (a list): a box of a given height
    /// keeps it in dialog's layout, as dialog does, instead of growing to the content.
    var scrollsInAnyHeight: Bool { get }
    mutating func update(_ event: AlertEvent) -> [Effect]
    /// Draws the content; returns where the text cursor should be, if anywhere.
    func render(into canvas: inout Canvas, area: Rect, theme: Theme) -> (x: Int, y: Int)?
    /// What the alert asks, for front ends that do not draw a box.
    var meaning: AlertMeaning { get }
    /// The alert answers clicks and the wheel: mouse reporting is on while it is shown.
    var usesMouse: Bool { get }
    /// How often the alert wants `.tick` (it shows time or animates), or nil.
    var tickInterval: Double? { get }
    /// At most this many frames a second while nothing is typed (a gauge fed fast), or nil for no limit.
    var maxFramesPerSecond: Double? { get }
    /// The alert shows `--on-timeout default`'s countdown on what will be taken (else it is in the border).
    var showsCountdownOnDefault: Bool { get }
    /// Its buttons, for front ends that do not draw them (line mode offers the extra and help ones).
    var buttonBar: ButtonBar? { get }
    /// A form's fields as declared, each with its value now (nil: not a form), for what describes
    /// a prompt without asking it (--describe): each field is answered by a name of its own.
    var formFields: [(declaration: FieldDeclaration, value: String)]? { get }
    /// Told by a front end without a box, before `.start`, that its text is read a page of
    /// `lines` whole lines at a time (line mode prints a pager's text so; a box lays it out instead).
    mutating func readInPages(of lines: Int)
    /// The box takes the whole terminal but a margin (a pager), unless --width says otherwise.
    var prefersWholeScreen: Bool { get }
    /// Its text scrolls (▲/▼ and the arrows): a box given a --height shorter than the text keeps
    /// that height, as whiptail's --scrolltext does, rather than grow to show it all.
    var textScrolls: Bool { get }
    /// Wipes any secret it still holds; the runtime calls it on every way out (answer, cancel,
    /// timeout, signal), after the outcome is taken.
    mutating func forget()
}

extension Alert {
    public mutating func layout(_ area: Rect, theme: Theme) { layout(area) }
    public var scrollsInAnyHeight: Bool { false }

    public mutating func forget() {}
    public var keyOverrides: [KeyPress: Action] { [:] }
    /// A row for the buttons is the least a box can be (an empty message is just its button).
    public var minimumSize: (width: Int, height: Int) { (12, 1) }
    public var usesMouse: Bool { false }
    public var tickInterval: Double? { nil }
    public var maxFramesPerSecond: Double? { nil }
    public var showsCountdownOnDefault: Bool { false }
    public var buttonBar: ButtonBar? { nil }
    public var formFields: [(declaration: FieldDeclaration, value: String)]? { nil }
    public mutating func readInPages(of lines: Int) {}
    public var prefersWholeScreen: Bool { false }
    public var textScrolls: Bool { false }
}

/// Box geometry shared by all alerts: border, two columns of padding, one blank row under the title.
public enum BoxMetrics {
    public static let horizontalPadding = 3
    public static let top = 2
    public static let bottom = 1
    public static let defaultTextWidth = 56

    /// `padding`: columns from the box's edge to its content, border included (--margin + 1);
    /// `top`: rows from the top edge to the content, border included.
    /// `bottom`: rows from the content to the bottom edge, the border included.
    public static func box(forContent width: Int, _ height: Int, padding: Int = horizontalPadding, top: Int = top,
                           bottom: Int = bottom) -> (width: Int, height: Int) {
        (width + 2 * padding, height + top + bottom)
    }
    public static func content(of box: Rect, padding: Int = horizontalPadding, top: Int = top, bottom: Int = bottom) -> Rect {
        Rect(x: box.x + padding, y: box.y + top,
             width: max(0, box.width - 2 * padding), height: max(0, box.height - top - bottom))
    }
}
