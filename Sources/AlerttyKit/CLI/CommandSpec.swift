// The alerts and their flags. Each alert's descriptor lists the flags it takes — the ones every
// alert takes (CommandSpec.common), groups several share (SharedFlags) and its own — and the
// flag table is read from them: parsing, --help, the man page's option list and the bash/zsh/fish
// completions are all generated from it, so they cannot disagree.

/// The alerts, by name. Each one's facts are its descriptor (AlertDescriptor, in its own file).
public enum AlertKind: String, CaseIterable, Sendable {
    case message, confirm, input, password, save, folder, open, choose, progress, form, text, date, number, time, edit
}

/// Every flag, by name. The table below gives each its spec; a test checks each has exactly one,
/// so code reads flags through these cases (`command.string(.title)`), never through strings.
public enum Flag: String, CaseIterable, Sendable {
    case title
    case timeout
    case inline
    case noAnimation = "no-animation"
    case keep
    case color
    case tty
    case width
    case margin
    case begin
    case listHeight = "list-height"
    case height
    case plain
    case noCancel = "no-cancel"
    case backtitle
    case id
    case nonInteractive = "non-interactive"
    case onTimeout = "on-timeout"
    case ok
    case cancel
    case yes
    case no
    case `default`
    case placeholder
    case value
    case validate
    case regex
    case minLength = "min-length"
    case maxLength = "max-length"
    case validateCmd = "validate-cmd"
    case validateTimeout = "validate-timeout"
    case invalidMessage = "invalid-message"
    case mask
    case allowReveal = "allow-reveal"
    case confirm
    case label
    case repeatLabel = "repeat-label"
    case mismatch
    case error
    case strength
    case tree
    case order
    case twoLists = "two-lists"
    case framed
    case suggest
    case suggestFrom = "suggest-from"
    case suggestCmd = "suggest-cmd"
    case complete
    case listGap = "list-gap"
    case scrollbar
    case tagsLead = "tags-lead"
    case editable
    case strengthLabel = "strength-label"
    case dir
    case root
    case name
    case overwrite
    case print0
    case showHidden = "show-hidden"
    case itemsFrom = "items-from"
    case read0
    case tagged
    case delimiter
    case output
    case multi
    case radio
    case min
    case max
    case selected
    case selectIfOne = "select-if-one"
    case marked
    case focus
    case fieldsFrom = "fields-from"
    case dialogKeys = "dialog-keys"
    case lenientMarks = "lenient-marks"
    case marksByTag = "marks-by-tag"
    case enterTakesMarked = "enter-takes-marked"
    case typedPath = "typed-path"
    case secretInArguments = "secret-in-arguments"
    case extraButton = "extra-button"
    case helpButton = "help-button"
    case colors
    case letters
    case centerList = "center-list"
    case visitItems = "visit-items"
    case preview
    case popup
    case tmuxSocket = "tmux-socket"
    case noNotify = "no-notify"
    case verbose
    case describe
    case previewPosition = "preview-position"
    case previewSize = "preview-size"
    case pulsate
    case percent
    case erase
    case stdin
    case percentFrom = "percent-from"
    case showOutput = "show-output"
    case noErrorBox = "no-error-box"
    case follow
    case heading
    case exitAtEnd = "exit-at-end"
    case countdown
    case tail
    case format
    case step
    case run
    case task
    case theme
    case type
    case glob
    case recursive
    case all
    case peek
}

/// A positional argument of an alert, in order.
public struct PositionalSpec: Sendable {
    public var name: String
    public var required: Bool
    /// Takes every remaining argument (`ITEM...`).
    public var variadic: Bool
    public init(_ name: String, required: Bool, variadic: Bool = false) {
        self.name = name
        self.required = required
        self.variadic = variadic
    }
    public var usage: String { (required ? name : "[" + name + "]") + (variadic ? "..." : "") }
}

public enum ValueKind: Equatable, Sendable {
    case flag                     // no value
    case text
    case integer(ClosedRange<Int>)
    case seconds                  // a positive number, fractions allowed
    case choice([String])
    case file                     // completes to files
    case directory                // completes to directories
    case command                  // a shell command
    case theme                    // a preset's name or a theme file
}

public struct FlagSpec: Sendable {
    public var flag: Flag
    public var value: ValueKind
    public var valueName: String
    public var help: String
    /// The alerts that take it (read from their descriptors: CommandSpec.flags).
    public internal(set) var alerts: [AlertKind] = []
    /// May be given more than once, each value kept (`--selected A --selected B`).
    public var repeatable: Bool

    init(_ name: String, _ value: ValueKind, _ valueName: String = "", _ help: String, repeatable: Bool = false) {
        flag = Flag(rawValue: name)!
        self.value = value
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
    }

    /// What tells its row apart (one flag can have a row per alert, each saying what it means there).
    var rowKey: [UInt8] { Array(name.utf8) + [0] + Array(valueName.utf8) + [0] + Array(help.utf8) }

    public var name: String { flag.rawValue }

    public var takesValue: Bool { value != .flag }
    public var usage: String { takesValue ? "--\(name) \(valueName)" : "--\(name)" }
}

public enum CommandSpec {

    /// The flags every alert takes; each alert's descriptor lists the rest (AlertDescriptor.flags).
    public static let common: [FlagSpec] = [
        FlagSpec("title", .text, "TEXT", "Title shown in the box's top border."),
        FlagSpec("timeout", .seconds, "SECONDS", "Give up after SECONDS without a key (exit 124); a countdown shows for the last 10 s."),
        FlagSpec("inline", .flag, "", "Draw below the cursor in the normal screen instead of a modal screen; erased on exit."),
        FlagSpec("no-animation", .flag, "", "Show the box at once (no pop-in). progress never pops in: scripts show it many times."),
        FlagSpec("color", .choice(ColorMode.Choice.allCases.map(\.rawValue)), "WHEN", "Colour: auto (default; honours NO_COLOR and TERM), always or never."),
        FlagSpec("theme", .theme, "NAME|FILE", "The look: a preset (\(ThemePresets.names.joined(separator: ", "))) or a theme file (alertty --print-theme NAME writes one to start from). Also ALERTTY_THEME."),
        FlagSpec("tty", .file, "PATH", "Draw on and read keys from this terminal instead of /dev/tty."),
        FlagSpec("width", .integer(16...1000), "N", "Width of the box in columns (shrunk to fit the terminal)."),
        FlagSpec("begin", .text, "ROW,COL", "Put the box's top-left corner at ROW,COL of the screen (counted from 0, as dialog's --begin Y X) instead of centring it."),
        FlagSpec("margin", .integer(0...8), "N", "Blank columns between the box's border and its content (default 2; the drop-in uses 1, as whiptail and dialog do, so text they wrapped fits)."),
        FlagSpec("height", .integer(3...1000), "N", "Make the box at least N rows high (shrunk to fit the terminal; never less than its content wants)."),
        FlagSpec("id", .text, "NAME", "Name this prompt: ALERTTY_ANSWER_NAME in the environment answers it without a person (checked by the same rules)."),
        FlagSpec("popup", .flag, "", "Ask in a tmux popup (as ALERTTY_POPUP=1): over the pane when run in tmux (3.2 or later); with no terminal (cron, a timer, a background job), on your own tmux server's most recently used client of yours, in any locale. Not in tmux, with a terminal: asked inline. One question at a time per person, oldest first; a popup takes no key until the keyboard has been quiet half a second; a job's popup says who asks. The answer, the status and stderr are what the alert gives inline (Ctrl-C in a job's popup cancels); only the person's answer counts: a popup that could not be shown, was lost (the client detached, the server went away) or was killed is asked again while --timeout lasts (then 124), and a --countdown counts only once shown."),
        FlagSpec("tmux-socket", .file, "PATH", "With --popup and no terminal: the tmux server socket to use (default $TMUX_TMPDIR or /tmp, then tmux-UID/default); it must be yours."),
        FlagSpec("no-notify", .flag, "", "A question waiting for a person elsewhere (a job's, with no terminal) is not also shown as a desktop notification (also ALERTTY_NOTIFY=0)."),
        FlagSpec("verbose", .flag, "", "Say on stderr, once each, where a question waiting elsewhere could not be shown and why (no session bus, no notification server that shows buttons)."),
        FlagSpec("describe", .flag, "", "Ask nothing: print the prompt as one JSON object (id, variable, alert, title, text, what an answer is, the default taken without a person, its items or fields and their rules, every flag given; never a secret's value) and exit 7, never 0: a description is not an answer. For writing an ALERTTY_ANSWERS file."),
        FlagSpec("non-interactive", .flag, "", "Ask no one (as ALERTTY_NONINTERACTIVE=1): take the prompt's default, checked by its rules, or exit 3 (each alert's help says what its default is)."),
        FlagSpec("on-timeout", .choice(["exit", "default"]), "WHAT", "When --timeout runs out: exit 124 (default), or take the default answer (a prompt with none still exits 124)."),
        FlagSpec("backtitle", .text, "TEXT", "A line at the top of the screen behind the box (as dialog's and whiptail's)."),
        FlagSpec("plain", .flag, "", "Line mode: plain lines, no escape sequences, the terminal's own line editing (also ALERTTY_PLAIN=1, ACCESSIBLE=1, TERM=dumb or unset)."),
        FlagSpec("keep", .flag, "", "Once answered, leave one line on the terminal — the question and its answer (a secret masked, a cancel said as such) — so a wizard leaves a transcript (also ALERTTY_KEEP=1). Never on stdout."),
    ]

    /// Every flag row, each with the alerts that take it, read from the descriptors: every
    /// alert's, then each alert's own in the table's order (a row shared by several, once).
    public static var flags: [FlagSpec] { table }

    /// The flags `alert` takes: every alert's, then its own in its descriptor's order (read from
    /// its descriptor alone: asking one alert never makes the others' flags).
    public static func flags(for alert: AlertKind) -> [FlagSpec] { common + alert.descriptor.flags }

    /// `alert`'s row for `flag`, if it takes it (the row that says what it means there), found
    /// without making the list flags(for:) makes.
    public static func spec(_ flag: Flag, for alert: AlertKind) -> FlagSpec? {
        common.first { $0.flag == flag } ?? alert.descriptor.flags.first { $0.flag == flag }
    }

    /// The rows, each with its alerts: one pass over the descriptors, a row told apart by its
    /// bytes (comparing Strings would normalise them).
    private static let table: [FlagSpec] = {
        var rows: [FlagSpec] = []
        var index: [[UInt8]: Int] = [:]
        for descriptor in AlertDescriptor.all {
            for spec in common + descriptor.flags {
                let key = spec.rowKey
                let i = index[key] ?? rows.count
                if i == rows.count {
                    index[key] = i
                    rows.append(spec)
                }
                rows[i].alerts.append(descriptor.kind)
            }
        }
        return rows
    }()

    /// The spec of `flag` (for a flag whose meaning differs between alerts, like progress's
    /// `--cancel`, the first one in the table — every alert's rows, then each descriptor's in
    /// `AlertDescriptor.all`'s order: input's text `--value` before date's, choose's numeric
    /// `--min` before date's; accessors only check the kind of value).
    public static func spec(_ flag: Flag) -> FlagSpec {
        specsByFlag[flag]!
    }

    private static let specsByFlag: [Flag: FlagSpec] = Dictionary(flags.map { ($0.flag, $0) }, uniquingKeysWith: { a, _ in a })

    public static let version = "0.1.0"
}
