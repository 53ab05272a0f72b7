// Everything alertty knows of one kind of alert, in one value: what --help, the man page and the
// completions say of it, the words it takes, its keys, what it takes when no one is asked, its
// examples, and how it is made from a command line. Each alert's own file defines its descriptor
// (at its end, "As a command"); `AlertDescriptor.all` is the table. Parsing, help, docs, the
// factory and the no-person rule all read it, so an alert's facts live in one place, its flags
// among them: the flag table (CommandSpec.flags) is read from the descriptors.

public struct AlertDescriptor: Sendable {
    public let kind: AlertKind
    /// The flags it takes besides every alert's (CommandSpec.common): shared groups and its own.
    /// Made when first read: making the table of alerts never makes every alert's flags (their
    /// code lies all over the binary, and a start would page it all in).
    public var flags: [FlagSpec] { makeFlags() }
    private let makeFlags: @Sendable () -> [FlagSpec]
    /// Words it reads besides flags (a form's fields), made when first read; nil: none.
    public var declarations: Declarations? { makeDeclarations() }
    private let makeDeclarations: @Sendable () -> Declarations?
    public let summary: String
    /// What the positional TEXT (or FILE) is for this alert.
    public let textHelp: String
    public let positionals: [PositionalSpec]
    /// Its positional is a FILE the alert reads itself (`-`: stdin, read as the alert needs it),
    /// not a TEXT read whole before it is made.
    var takesFile: Bool { positionals.first?.name == "FILE" }
    /// Keys this kind of alert claims before the shared binding table.
    public let keyOverrides: [KeyPress: Action]
    /// What Esc does, for the key help ("cancel (exit 1)").
    let escape: String
    /// What its own keys do (after Enter, Esc, Ctrl-C, Ctrl-Z and Ctrl-L, which every alert has);
    /// `ownKeysOnly`: only these (progress takes no Enter).
    let keys: [KeyUse]
    let ownKeysOnly: Bool
    /// What it takes when no one is asked (--non-interactive, --on-timeout default, no terminal),
    /// as help, the man page and the README say it.
    public let withoutAPerson: String
    /// Whether the command gives the prompt a default a script could rely on.
    let hasDefault: @Sendable (ParsedCommand) -> Bool
    public let examples: [String]
    /// `-- COMMAND [ARG...]` runs a command rather than ending the flags.
    public let runsCommand: Bool
    /// How a person's answer is written down so a script can give it again (ALERTTY_RECORD).
    let recorded: @Sendable (ParsedCommand) -> Recorded
    /// What its answer is as --describe's schema, where what it asks (its meaning) does not say
    /// it all: a number's range and step, a date's or a time's bounds. nil: the meaning's.
    let answerSchema: (@Sendable (ParsedCommand) -> String)?
    /// The alert and how to run it, from a parsed command (all usage errors found here).
    let make: @Sendable (AlertMaking) throws(UsageError) -> BuiltAlert

    init(_ kind: AlertKind, flags: @autoclosure @escaping @Sendable () -> [FlagSpec],
         declarations: @autoclosure @escaping @Sendable () -> Declarations? = nil, summary: String, text: String, positionals: [PositionalSpec],
         keyOverrides: [KeyPress: Action] = [:], escape: String = "cancel (exit 1)", keys: [KeyUse], ownKeysOnly: Bool = false,
         withoutAPerson: String, hasDefault: @escaping @Sendable (ParsedCommand) -> Bool, examples: [String],
         runsCommand: Bool = false, recorded: @escaping @Sendable (ParsedCommand) -> Recorded = { _ in .answer },
         answerSchema: (@Sendable (ParsedCommand) -> String)? = nil,
         make: @escaping @Sendable (AlertMaking) throws(UsageError) -> BuiltAlert) {
        self.kind = kind
        makeFlags = flags
        makeDeclarations = declarations
        self.summary = summary
        textHelp = text
        self.positionals = positionals
        self.keyOverrides = keyOverrides
        self.escape = escape
        self.keys = keys
        self.ownKeysOnly = ownKeysOnly
        self.withoutAPerson = withoutAPerson
        self.hasDefault = hasDefault
        self.examples = examples
        self.runsCommand = runsCommand
        self.recorded = recorded
        self.answerSchema = answerSchema
        self.make = make
    }

    /// What a recorded answer is.
    enum Recorded {
        /// yes or no: OK or the other button.
        case yesOrNo
        /// ok: the alert was acknowledged.
        case acknowledged
        /// Nothing a script could give (progress runs to its end).
        case nothing
        /// The answer itself (or the items that give it again).
        case answer
    }

    /// What the keys do in this kind of alert, for --help and the man page.
    public var keyUses: [KeyUse] {
        if ownKeysOnly { return keys }
        return [KeyUse([.submit], "activate the focused button"), KeyUse([.cancel], escape),
                KeyUse([.interrupt], "interrupt the job (exit 130)"), KeyUse([.suspend], "stop the job; the box returns on fg"),
                KeyUse([.redraw], "redraw the screen")] + keys
    }

    /// Line editing in a field, for the alerts that have one.
    static let lineEditing = [KeyUse([.left, .right, .home, .end], "move in the field"), KeyUse([.wordLeft, .wordRight], "move by word"),
                              KeyUse([.deleteBackward, .deleteForward, .deleteWordBackward, .deleteWordForward, .killToStart, .killToEnd], "delete"),
                              KeyUse([.yank], "paste what was deleted")]

    /// The table: one row per alert, in the order help lists them.
    public static let all: [AlertDescriptor] = [
        MessageAlert.descriptor, ConfirmAlert.descriptor, FieldAlert.inputDescriptor, FieldAlert.passwordDescriptor,
        SaveAlert.saveDescriptor, SaveAlert.folderDescriptor, OpenAlert.descriptor, ChooseAlert.descriptor, ProgressAlert.descriptor,
        FormAlert.descriptor, TextAlert.descriptor, DateAlert.descriptor, NumberAlert.descriptor, TimeAlert.descriptor,
        EditAlert.descriptor,
    ]

    static let byKind: [AlertKind: AlertDescriptor] = Dictionary(all.map { ($0.kind, $0) }, uniquingKeysWith: { a, _ in a })
}

/// What making an alert from a command line has to work with: the command, its title and text
/// (TEXT already read from stdin for the alerts that take it so), the environment, and what it
/// may read (`reads`: its only way to stdin, files and the clock).
struct AlertMaking {
    let command: ParsedCommand
    let title: String
    let text: String
    let environment: (String) -> String?
    let reads: AlertReads
}

extension AlertKind {
    public var descriptor: AlertDescriptor { AlertDescriptor.byKind[self]! }
    public var summary: String { descriptor.summary }
    public var textHelp: String { descriptor.textHelp }
    public var positionals: [PositionalSpec] { descriptor.positionals }
    public var keyOverrides: [KeyPress: Action] { descriptor.keyOverrides }
    public var keyUses: [KeyUse] { descriptor.keyUses }
    public var runsCommand: Bool { descriptor.runsCommand }
}
