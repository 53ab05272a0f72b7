// The one table of alerts and flags. Parsing, --help, the man page's option list and the
// bash/zsh/fish completions are all generated from it, so they cannot disagree.

/// The alerts, by name. Each one's facts are its descriptor (AlertDescriptor, in its own file).
public enum AlertKind: String, CaseIterable, Sendable {
    case message, confirm, input, password, save, folder, choose, progress, form, text, date, number, time, edit
}

/// Every flag, by name. The table below gives each its spec; a test checks each has exactly one,
/// so code reads flags through these cases (`command.string(.title)`), never through strings.
public enum Flag: String, CaseIterable, Sendable {
    case title
    case timeout
    case inline
    case noAnimation = "no-animation"
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
    public var alerts: [AlertKind]
    /// May be given more than once, each value kept (`--selected A --selected B`).
    public var repeatable: Bool

    init(_ name: String, _ value: ValueKind, _ valueName: String = "", _ help: String, _ alerts: [AlertKind],
         repeatable: Bool = false) {
        flag = Flag(rawValue: name)!
        self.value = value
        self.valueName = valueName
        self.help = help
        self.alerts = alerts
        self.repeatable = repeatable
    }

    public var name: String { flag.rawValue }

    public var takesValue: Bool { value != .flag }
    public var usage: String { takesValue ? "--\(name) \(valueName)" : "--\(name)" }
}

public enum CommandSpec {
    static let all = AlertKind.allCases
    static let fields: [AlertKind] = [.input, .password]
    static let browsers: [AlertKind] = [.save, .folder]
    static let withText: [AlertKind] = [.message, .confirm, .input, .password, .save, .folder, .choose, .form]
    static let withExtraButtons: [AlertKind] = [.message, .confirm, .input, .password, .choose, .form, .date, .time]

    public static let flags: [FlagSpec] = [
        // Common to every alert
        FlagSpec("title", .text, "TEXT", "Title shown in the box's top border.", all),
        FlagSpec("timeout", .seconds, "SECONDS", "Give up after SECONDS without a key (exit 124); a countdown shows for the last 10 s.", all),
        FlagSpec("inline", .flag, "", "Draw below the cursor in the normal screen instead of a modal screen; erased on exit.", all),
        FlagSpec("no-animation", .flag, "", "Show the box at once (no pop-in). progress never pops in: scripts show it many times.", all),
        FlagSpec("color", .choice(ColorMode.Choice.allCases.map(\.rawValue)), "WHEN", "Colour: auto (default; honours NO_COLOR and TERM), always or never.", all),
        FlagSpec("theme", .theme, "NAME|FILE", "The look: a preset (\(ThemePresets.names.joined(separator: ", "))) or a theme file (alertty --print-theme NAME writes one to start from). Also ALERTTY_THEME.", all),
        FlagSpec("tty", .file, "PATH", "Draw on and read keys from this terminal instead of /dev/tty.", all),
        FlagSpec("width", .integer(16...1000), "N", "Width of the box in columns (shrunk to fit the terminal).", all),
        FlagSpec("begin", .text, "ROW,COL", "Put the box's top-left corner at ROW,COL of the screen (counted from 0, as dialog's --begin Y X) instead of centring it.", all),
        FlagSpec("margin", .integer(0...8), "N", "Blank columns between the box's border and its content (default 2; the drop-in uses 1, as whiptail and dialog do, so text they wrapped fits).", all),
        FlagSpec("height", .integer(3...1000), "N", "Make the box at least N rows high (shrunk to fit the terminal; never less than its content wants).", all),
        FlagSpec("id", .text, "NAME", "Name this prompt: ALERTTY_ANSWER_NAME in the environment answers it without a person (checked by the same rules).", all),
        FlagSpec("popup", .flag, "", "Ask in a tmux popup (as ALERTTY_POPUP=1): over the pane when run in tmux (3.2 or later); with no terminal (cron, a timer, a background job), on your own tmux server's most recently used client of yours, in any locale. Not in tmux, with a terminal: asked inline. One question at a time per person, oldest first; a popup takes no key until the keyboard has been quiet half a second; a job's popup says who asks. The answer, the status and stderr are what the alert gives inline; only the person's No, Cancel, Esc or closing the popup exits 1: a popup that could not be shown or was lost (the client detached, the server went away) is asked again while --timeout lasts (then 124).", all),
        FlagSpec("tmux-socket", .file, "PATH", "With --popup and no terminal: the tmux server socket to use (default $TMUX_TMPDIR or /tmp, then tmux-UID/default); it must be yours.", all),
        FlagSpec("describe", .flag, "", "Ask nothing: print the prompt as one JSON object (id, variable, alert, title, text, what an answer is, the default taken without a person, its items or fields and their rules, every flag given; never a secret's value) and exit 7, never 0: a description is not an answer. For writing an ALERTTY_ANSWERS file.", all),
        FlagSpec("non-interactive", .flag, "", "Ask no one (as ALERTTY_NONINTERACTIVE=1): take the prompt's default, checked by its rules, or exit 3 (each alert's help says what its default is).", all),
        FlagSpec("on-timeout", .choice(["exit", "default"]), "WHAT", "When --timeout runs out: exit 124 (default), or take the default answer (a prompt with none still exits 124).", all),
        FlagSpec("backtitle", .text, "TEXT", "A line at the top of the screen behind the box (as dialog's and whiptail's).", all),
        FlagSpec("colors", .flag, "", "TEXT holds dialog's style codes: \\Z0-\\Z7 colours (black red green yellow blue magenta cyan white), \\Zb bold, \\Zu underline, \\Zr reverse (\\ZB \\ZU \\ZR off), \\Zn normal.", withText),
        FlagSpec("no-cancel", .flag, "", "No Cancel button (Esc still cancels).", [.input, .password, .choose]),
        FlagSpec("plain", .flag, "", "Line mode: plain lines, no escape sequences, the terminal's own line editing (also ALERTTY_PLAIN=1, ACCESSIBLE=1, TERM=dumb or unset).", all),
        // Buttons
        FlagSpec("ok", .text, "LABEL", "Label of the OK button.", [.message, .input, .password, .save, .folder, .choose, .form, .text, .date, .number, .time, .edit]),
        FlagSpec("cancel", .text, "LABEL", "Label of the Cancel button (text: adds one, as for a licence to agree to; Esc and q then exit 1).", [.input, .password, .save, .folder, .choose, .form, .text, .date, .number, .time, .edit]),
        FlagSpec("yes", .text, "LABEL", "Label of the Yes button.", [.confirm]),
        FlagSpec("no", .text, "LABEL", "Label of the No button.", [.confirm]),
        FlagSpec("extra-button", .text, "LABEL", "An extra button after OK (dialog's Extra): it answers as OK does, and exits 5.", CommandSpec.withExtraButtons + [.text]),
        FlagSpec("help-button", .text, "LABEL", "A help button after Cancel: it exits 6; a list prints the focused item, a form the focused field's name, date and time their value.", CommandSpec.withExtraButtons),
        FlagSpec("countdown", .seconds, "SECONDS", "Take the default (OK, or confirm's focused button: asking for a countdown chooses it) after SECONDS, counting down on it all along; a key starts it again (dialog's pause).", [.message, .confirm]),
        FlagSpec("default", .choice(["yes", "no", "extra", "help"]), "BUTTON", "Button focused at first: yes unless given, no, or the extra or help button. It is also the answer taken with no person (--non-interactive, --on-timeout default): without --default a confirm has none and is never answered yes for you (exit 3, or 124 on a timeout).", [.confirm]),
        // Text fields
        FlagSpec("placeholder", .text, "TEXT", "Dim hint shown while the field is empty.", fields),
        FlagSpec("value", .text, "TEXT", "Initial text of the field (`-` reads it from stdin). For password only `-` is accepted.", fields),
        FlagSpec("secret-in-arguments", .flag, "", "A password's --value, or a form's password field's --default, may be given in the arguments, where anyone on the machine can read it (ps): the drop-in's, whose script already put it there.", [.password, .form]),
        FlagSpec("validate", .choice(["none", "nonempty", "int", "number", "email"]), "RULE", "A preset rule the answer must pass: nonempty, int (a whole number), number, email.", fields),
        FlagSpec("regex", .text, "PATTERN", "The whole answer must match PATTERN (classes, groups, |, quantifiers, anchors, (?i); checked in linear time, so back-references and look-around are refused).", fields),
        FlagSpec("min-length", .integer(0...1_000_000), "N", "The answer needs at least N characters.", fields + [.edit]),
        FlagSpec("max-length", .integer(1...1_000_000), "N", "The answer has at most N characters; typing stops there (edit: OK waits until it is cut to N).", fields + [.edit]),
        FlagSpec("validate-cmd", .command, "CMD", "Run `/bin/sh -c CMD` with the answer on stdin; exit 0 means valid, its first output line is the reason.", fields + [.edit]),
        FlagSpec("validate-timeout", .seconds, "SECONDS", "Kill a --validate-cmd run after SECONDS (default 5); it counts as invalid.", fields + [.edit]),
        FlagSpec("invalid-message", .text, "TEXT", "Shown under the field while the answer is invalid, instead of the rule's reason.", fields + [.edit]),
        // Password
        FlagSpec("mask", .text, "CHAR", "Shown once per character typed (default • or *); '' shows nothing at all.", [.password]),
        FlagSpec("allow-reveal", .flag, "", "Allow showing the typed text with Ctrl-R.", [.password]),
        FlagSpec("confirm", .flag, "", "Ask twice; both entries must match.", [.password]),
        FlagSpec("label", .text, "TEXT", "Label over the field (with --confirm, over the first entry; default \"Enter it:\").", [.password]),
        FlagSpec("repeat-label", .text, "TEXT", "Label over the second entry (default \"Retype to confirm:\"); implies --confirm.", [.password]),
        FlagSpec("mismatch", .text, "TEXT", "Shown when the two entries differ (default \"the entries did not match; type it again\").", [.password]),
        FlagSpec("editable", .flag, "", "A menu whose items can be renamed: the extra button (Rename, or --extra-button LABEL) edits the focused label in place; Enter then exits 5 printing ITEM, a tab and the new label (dialog's inputmenu).", [.choose]),
        FlagSpec("order", .flag, "", "With --multi: the marked items are printed in the order they were marked (shown as [1] [2] …), not in list order (dialog's buildlist --reorder).", [.choose]),
        FlagSpec("framed", .flag, "", "The list, the field or the gauge drawn inside a frame of its own, as dialog draws them (a gauge: its percentage in the middle of the bar, no time line; in whiptail's look, the bar without a frame).", [.choose, .input, .password, .progress]),
        FlagSpec("tags-lead", .flag, "", "With --tagged: each label starts with its tag (as the drop-in shows dialog's lists), drawn in the theme's tag colours.", [.choose]),
        FlagSpec("scrollbar", .flag, "", "With --framed: a scroll bar inside the list's frame, and the share of the list read down to its last row shown (100% when all of it fits), as dialog's --scrollbar draws them.", [.choose]),
        FlagSpec("list-gap", .flag, "", "A blank row between the question and the list, as whiptail leaves one.", [.choose]),
        FlagSpec("two-lists", .flag, "", "With --multi: two lists side by side, the items not chosen on the left and the chosen on the right; Space sends the focused item across, Left and Right (or ^ and $) go to the other side, letters jump (dialog's buildlist). The answer is the check list's.", [.choose]),
        FlagSpec("tree", .flag, "", "Items indented by two spaces per level are a tree, drawn with guides (dialog's treeview); an item is chosen and printed without its indentation.", [.choose]),
        FlagSpec("strength", .flag, "", "A strength meter under the field (length and kinds of characters; gpg-agent's estimate as a pinentry).", [.password]),
        FlagSpec("strength-label", .text, "TEXT", "The meter's label (default \"Strength:\"); implies --strength.", [.password]),
        FlagSpec("error", .text, "TEXT", "An error shown under the field from the start, until the first key (\"Wrong passphrase, try again\").", [.password]),
        // Browsers
        FlagSpec("dir", .directory, "DIR", "Folder shown first (default: the current folder, or the root).", browsers),
        FlagSpec("root", .directory, "DIR", "Folder that cannot be left (default /).", browsers),
        FlagSpec("name", .text, "NAME", "Initial file name.", [.save]),
        FlagSpec("typed-path", .flag, "", "With --dialog-keys: a path typed in the field is the answer as typed, below the folder shown, unchecked (dialog's fselect and dselect).", browsers),
        FlagSpec("overwrite", .choice(["ask", "deny", "allow"]), "ask|deny|allow", "When the file exists: ask (default), refuse, or go on.", [.save]),
        FlagSpec("print0", .flag, "", "End each printed answer with NUL instead of a newline.", browsers + [.choose]),
        FlagSpec("show-hidden", .flag, "", "Show hidden entries from the start (toggle with Alt-.).", browsers),
        // Lists
        FlagSpec("list-height", .integer(0...1000), "N", "Rows for the list, the question above getting the rest of the box (whiptail's LIST-HEIGHT); 0: the question shown whole and the list the rest (as dialog draws it).", [.choose]),
        FlagSpec("items-from", .file, "FILE", "Read items from FILE (`-`: stdin), one per line; the list is usable while they load.", [.choose]),
        FlagSpec("read0", .flag, "", "Items from --items-from are separated by NUL, not newlines.", [.choose]),
        FlagSpec("tagged", .flag, "", "The ITEMs are TAG LABEL pairs (as dialog's menus): the label is shown, the tag printed.", [.choose]),
        FlagSpec("delimiter", .text, "CHAR", "Items read are TAG<CHAR>LABEL[<CHAR>HINT]; the label is shown, the tag printed (as with --tagged), the hint under the list for the focused item.", [.choose]),
        FlagSpec("output", .choice(ChooseConfiguration.Output.allCases.map(\.rawValue)), "WHAT", "Print the label (default; the tag with --tagged or --delimiter), the tag, the 1-based index, or a JSON object per choice.", [.choose]),
        FlagSpec("multi", .flag, "", "A check list: Space toggles, Ctrl-A toggles all shown, Enter confirms; one choice per line.", [.choose]),
        FlagSpec("radio", .flag, "", "Draw radio marks; Space marks the item Enter returns.", [.choose]),
        FlagSpec("min", .integer(0...1_000_000), "N", "With --multi: choose at least N (default 1; 0 allows none). With --radio, 0: Enter with nothing marked answers nothing.", [.choose]),
        FlagSpec("max", .integer(1...1_000_000), "N", "With --multi: choose at most N.", [.choose]),
        FlagSpec("selected", .text, "ITEM", "Preselect ITEM (a tag, a label, a 1-based index, or * for all with --multi); repeatable.", [.choose], repeatable: true),
        FlagSpec("focus", .text, "ITEM", "The item focused at the start, marked or not (a tag, a label or a 1-based index).", [.choose]),
        FlagSpec("marked", .text, "ITEM", "Mark ITEM in a check or radio list without moving the focus to it; repeatable.", [.choose], repeatable: true),
        FlagSpec("letters", .choice(ChooseConfiguration.Letters.allCases.map(\.rawValue)), "WHAT", "What typed letters do: filter (default, fuzzy); jump to the next item starting with the letter, round and round (dialog); newt (whiptail's jump: from the top, then on down while the focused item starts with it); none.", [.choose]),
        FlagSpec("visit-items", .flag, "", "With --dialog-keys: Tab stops on the list too, before OK and Cancel (dialog's --visit-items); Enter on the list is OK all the same.", [.choose]),
        FlagSpec("lenient-marks", .flag, "", "A --selected, --marked or --focus that names no item is passed over, not an error (as whiptail and dialog pass over an unknown item).", [.choose]),
        FlagSpec("marks-by-tag", .flag, "", "With --tagged: --selected, --marked and --focus name items by their tags alone, so a tag 1 is never the second item (whiptail's and dialog's way).", [.choose]),
        FlagSpec("enter-takes-marked", .flag, "", "In a radio list Enter answers the marked item, whatever is focused (whiptail's and dialog's radio lists); else the focused row.", [.choose]),
        FlagSpec("center-list", .flag, "", "The list as wide as its widest item, in the middle of the box (as whiptail and dialog draw their lists).", [.choose]),
        FlagSpec("select-if-one", .flag, "", "Answer at once, without a box, when there is only one item.", [.choose]),
        FlagSpec("preview", .command, "CMD", "Show CMD's output for the focused item in a pane beside the list (run by /bin/sh, in the background, with no terminal; a newer focus stops it). In CMD, {} is the item as the list prints it, {tag}, {label} and {n} (1-based) its parts, {q} the filter's text, each quoted for the shell. Colours (SGR) are kept, other escapes dropped; 1 MiB of output is kept; a failure shows its stderr and status. ALERTTY_PREVIEW_COLUMNS and ALERTTY_PREVIEW_LINES (and COLUMNS, LINES) give the pane's size. Line mode and no person show no pane and run nothing.", [.choose]),
        FlagSpec("preview-position", .choice(PreviewPane.Position.allCases.map(\.rawValue)), "right|bottom", "Where the preview's pane goes (default right).", [.choose]),
        FlagSpec("preview-size", .text, "N|N%", "The pane's columns (right) or rows (bottom), or its share of the box (default 50%).", [.choose]),
        // Forms
        FlagSpec("fields-from", .file, "FILE", "Field declarations, one per line: NAME KIND LABEL [--option VALUE]... (kinds: \(FieldDeclaration.Kind.allCases.map(\.rawValue).joined(separator: ", ")); options: \(FieldOption.allCases.map { "--" + $0.rawValue }.joined(separator: " "))).", [.form]),
        FlagSpec("dialog-keys", .flag, "", "dialog's keys: in a form Enter submits from any field and a field is entered with the cursor at its start; in a list Tab goes from the list past OK, as Enter there is OK; in a folder box Enter chooses the folder shown and Space opens the highlighted one; in a save or folder box Space in the name completes it (as far as the entries agree) and Tab only moves; in number (the rangebox) the focus starts on OK, Left/Right go through the value's digits and the buttons, Up/- and Down/+ step the focused digit, a digit sets it; in date and time the focus starts on OK and Tab goes round OK, Cancel, then the calendar or the fields; in text keys do nothing and no button is drawn until the stream has ended (dialog drops the keys and draws its OK at the end).", [.form, .choose, .folder, .save, .number, .date, .time, .text]),
        FlagSpec("output", .choice(FormAlert.Output.allCases.map(\.rawValue)), "HOW", "lines (one value per line), json (one object), or shell (NAME='value' lines, safe to eval).", [.form]),
        // Progress
        FlagSpec("pulsate", .flag, "", "An indeterminate bar, whatever numbers come.", [.progress]),
        FlagSpec("percent", .integer(0...100), "N", "The percentage shown until the first number arrives.", [.progress]),
        FlagSpec("cancel", .flag, "", "Add a Cancel button (Esc too): exit 1 at once; stdin is closed, a command stopped.", [.progress]),
        FlagSpec("erase", .flag, "", "With --inline: leave nothing when done, not a last line.", [.progress]),
        FlagSpec("stdin", .flag, "", "Give the command alertty's stdin (default /dev/null).", [.progress]),
        FlagSpec("percent-from", .choice(["stdout", "stderr"]), "STREAM", "Percent lines on the command's STREAM drive the bar.", [.progress]),
        FlagSpec("show-output", .flag, "", "Print the command's stdout on alertty's stdout once it is done.", [.progress]),
        FlagSpec("no-error-box", .flag, "", "When the command fails, exit with its status without showing its errors.", [.progress]),
        FlagSpec("task", .text, "'NAME[: STATE]'", "A step's row under the text, pending until a `NAME: STATE` line on the input changes it (states: pending, running, done, failed, skipped, N%; such lines add rows too); repeatable.", [.progress], repeatable: true),
        FlagSpec("tail", .integer(1...200), "N", "Show the command's last N output lines (stdout and stderr as they are read; two pipes keep no order between them) in a pane under the text.", [.progress]),
        // Text
        FlagSpec("follow", .flag, "", "Show lines as they are added (tail -f): the view stays at the end unless scrolled up.", [.text]),
        FlagSpec("heading", .text, "TEXT", "A few lines shown above the text.", [.text]),
        FlagSpec("run", .command, "CMD", "Run `/bin/sh -c CMD` and show its output (stdout and stderr) as it comes; the box stays for OK once it ends, with its status if it failed (dialog's prgbox).", [.text]),
        FlagSpec("exit-at-end", .flag, "", "Reading a stream (`-`, a FIFO): close with 0 once it ends, without waiting for a key.", [.text]),
        // Date (after the lists' --min/--max and the fields' --value: a flag's first spec gives its kind)
        FlagSpec("value", .text, "DATE", "The date shown first, YYYY-MM-DD, within --min and --max (default: today, or the nearer of them).", [.date]),
        FlagSpec("min", .text, "DATE", "The earliest date that can be chosen (YYYY-MM-DD).", [.date]),
        FlagSpec("max", .text, "DATE", "The latest date that can be chosen (YYYY-MM-DD).", [.date]),
        FlagSpec("min", .integer(-1_000_000_000...1_000_000_000), "N", "The lowest value (default 0).", [.number]),
        FlagSpec("max", .integer(-1_000_000_000...1_000_000_000), "N", "The highest value (default 100).", [.number]),
        FlagSpec("step", .integer(1...1_000_000_000), "N", "Values go from --min in steps of N (default 1).", [.number]),
        FlagSpec("value", .text, "N", "The value shown first (default --min).", [.number]),
        FlagSpec("format", .text, "FORMAT", "How the date is printed: strftime's %Y %m %d %e %j %B %b %A %a %u %F … (default %Y-%m-%d).", [.date]),
        FlagSpec("value", .text, "TIME", "The time shown first, HH:MM[:SS], within --min and --max (default: now, or the nearer of them).", [.time]),
        FlagSpec("value", .text, "TEXT", "The text to start from when no FILE is given (`-` reads it from stdin).", [.edit]),
        FlagSpec("min", .text, "TIME", "The earliest time that can be chosen (HH:MM[:SS]).", [.time]),
        FlagSpec("max", .text, "TIME", "The latest time that can be chosen (HH:MM[:SS]).", [.time]),
        FlagSpec("format", .text, "FORMAT", "How the time is printed: strftime's %H %M %S %I %p %T %R (default %H:%M:%S).", [.time]),
    ]

    public static func flags(for alert: AlertKind) -> [FlagSpec] {
        flags.filter { $0.alerts.contains(alert) }
    }

    /// The spec of `flag` (for a flag whose meaning differs between alerts, like progress's
    /// `--cancel`, the first one: accessors only check the kind of value).
    public static func spec(_ flag: Flag) -> FlagSpec {
        specsByFlag[flag]!
    }

    private static let specsByFlag: [Flag: FlagSpec] = Dictionary(flags.map { ($0.flag, $0) }, uniquingKeysWith: { a, _ in a })

    public static let version = "0.1.0"
}
