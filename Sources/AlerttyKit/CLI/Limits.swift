// How much alertty reads of what it is given, in one place: the code reads these numbers and
// --help, the man page and the README state them. Endless input (`< /dev/zero`, `yes |`) meets a
// limit, never an out-of-memory kill: past it either a one-line error and exit 2 (what cannot be
// shown in part: a message, a value, a form's fields), or the input cut visibly and the rest read
// and dropped (a list item, a gauge's text, a pager's stream).

public enum Limits {
    /// A `-` argument: a message or a field's value from stdin, and `edit`'s text.
    public static let stdin = 4 << 20
    /// `form --fields-from FILE`.
    public static let fieldsFile = 1 << 20
    /// dialog's `--file FILE` (options read from a file).
    public static let optionsFile = 16 << 20
    /// `text` on a stream (stdin, a FIFO, a command's output): what is kept of it.
    public static let textStream = 64 << 20
    /// ALERTTY_ANSWERS=FILE, and one answer in it (a list's items, one per line, fit in it).
    public static let answersFile = 64 << 20, answer = 16 << 20
    /// `choose --items-from`: all items, their bytes and four bytes of offset each.
    public static let items = 2 << 30
    /// One item: a longer record keeps its start.
    public static let item = ItemStore.recordLimit
    /// A gauge's XXX block of text, and one line fed to a gauge.
    public static let gaugeBlock = GaugeParser.maxBlock, gaugeLine = GaugeParser.maxLine
    /// --describe: what it reads of --items-from, and how many items it lists (a description is
    /// for writing answers, not a copy of an endless stream).
    public static let describedInput = 4 << 20, describedItems = 100_000
    /// --timeout, --countdown, --validate-timeout and pinentry's SETTIMEOUT: a year of seconds.
    public static let longestTimeout = 31_536_000

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 30 ? "\(bytes >> 30) GiB" : bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    public static let lines: [String] = [
        "A `-` argument (a message, a field's --value, edit's text) reads at most \(size(stdin)) of stdin; more is an error (exit 2) that points at `alertty text -`. form --fields-from reads at most \(size(fieldsFile)), dialog --file \(size(optionsFile)).",
        "text keeps the first \(size(textStream)) of a stream (a file is read only where the view is, whatever its size).",
        "choose --items-from keeps \(size(item)) of one item (a line that never ends keeps its start; the rest is read and dropped) and \(size(items)) of items in all, and reads at most \(size(items)) (a line that never ends, `< /dev/zero`, stops there); either cut shows as \"input cut short\", and with no person (--describe, --non-interactive, an answer by name) is said on stderr, the answer taken from what came first. An item is drawn only as far as its row shows, so a key costs the same with a 10 MB item; a cut item is never an answer (what is kept of it is not an item of the input): choosing one is exit 2 with a line saying so, but with --output index, whose number names it truly.",
        "--describe reads at most \(size(describedInput)) of --items-from and lists at most \(describedItems) items; past either it says \"input cut short\" on stderr and \"cut\":true in the JSON.",
        "ALERTTY_ANSWERS reads a file of at most \(size(answersFile)), each answer at most \(size(answer)); more is an error (exit 2).",
        "A gauge's XXX block keeps \(size(gaugeBlock)) of text (cut with …) and a line longer than \(gaugeLine) bytes is skipped.",
    ]
}
