// Flags several alerts share, each group a value the alerts' descriptors list (as
// swift-argument-parser's option groups): a row is written once, whichever alerts take it.

enum SharedFlags {
    /// TEXT holds dialog's style codes (the alerts that show a message).
    static let styledText: [FlagSpec] = [
        FlagSpec("colors", .flag, "", "TEXT holds dialog's style codes: \\Z0-\\Z7 colours (black red green yellow blue magenta cyan white), \\Zb bold, \\Zu underline, \\Zr reverse (\\ZB \\ZU \\ZR off), \\Zn normal."),
    ]
    /// No Cancel button.
    static let noCancel: [FlagSpec] = [
        FlagSpec("no-cancel", .flag, "", "No Cancel button (Esc still cancels)."),
    ]
    /// The OK button's label.
    static let okLabel: [FlagSpec] = [
        FlagSpec("ok", .text, "LABEL", "Label of the OK button."),
    ]
    /// The Cancel button's label.
    static let cancelLabel: [FlagSpec] = [
        FlagSpec("cancel", .text, "LABEL", "Label of the Cancel button (text: adds one, as for a licence to agree to; Esc and q then exit 1)."),
    ]
    /// dialog's Extra button.
    static let extraButton: [FlagSpec] = [
        FlagSpec("extra-button", .text, "LABEL", "An extra button after OK (dialog's Extra): it answers as OK does, and exits 5."),
    ]
    /// dialog's Help button.
    static let helpButton: [FlagSpec] = [
        FlagSpec("help-button", .text, "LABEL", "A help button after Cancel: it exits 6; a list prints the focused item, a form the focused field's name, date and time their value."),
    ]
    /// dialog's pause: the default taken when the seconds run out.
    static let countdown: [FlagSpec] = [
        FlagSpec("countdown", .seconds, "SECONDS", "Take the default (OK, or confirm's focused button: asking for a countdown chooses it) after SECONDS, counting down on it all along; a key starts it again (dialog's pause)."),
    ]
    /// A field's hint and first text.
    static let textField: [FlagSpec] = [
        FlagSpec("placeholder", .text, "TEXT", "Dim hint shown while the field is empty."),
        FlagSpec("value", .text, "TEXT", "Initial text of the field (`-` reads it from stdin). For password only `-` is accepted."),
    ]
    /// A secret given in the arguments (the drop-in's).
    static let secretInArguments: [FlagSpec] = [
        FlagSpec("secret-in-arguments", .flag, "", "A password's --value, or a form's password field's --default, may be given in the arguments, where anyone on the machine can read it (ps): the drop-in's, whose script already put it there."),
    ]
    /// Rules a field's text must pass.
    static let textRules: [FlagSpec] = [
        FlagSpec("validate", .choice(["none", "nonempty", "int", "number", "email"]), "RULE", "A preset rule the answer must pass: nonempty, int (a whole number), number, email."),
        FlagSpec("regex", .text, "PATTERN", "The whole answer must match PATTERN (classes, groups, |, quantifiers, anchors, (?i); checked in linear time, so back-references and look-around are refused)."),
    ]
    /// Length limits and a check command, for a field or a text.
    static let answerChecks: [FlagSpec] = [
        FlagSpec("min-length", .integer(0...1_000_000), "N", "The answer needs at least N characters."),
        FlagSpec("max-length", .integer(1...1_000_000), "N", "The answer has at most N characters; typing stops there (edit: OK waits until it is cut to N)."),
        FlagSpec("validate-cmd", .command, "CMD", "Run `/bin/sh -c CMD` with the answer on stdin; exit 0 means valid, its first output line is the reason."),
        FlagSpec("validate-timeout", .seconds, "SECONDS", "Kill a --validate-cmd run after SECONDS (default 5); it counts as invalid."),
        FlagSpec("invalid-message", .text, "TEXT", "Shown under the field while the answer is invalid, instead of the rule's reason."),
    ]
    /// A frame round the list, the field or the gauge.
    static let framed: [FlagSpec] = [
        FlagSpec("framed", .flag, "", "The list, the field or the gauge drawn inside a frame of its own, as dialog draws them (a gauge: its percentage in the middle of the bar, no time line; in whiptail's look, the bar without a frame)."),
    ]
    /// Where a browser starts and the folder it cannot leave.
    static let browserFolders: [FlagSpec] = [
        FlagSpec("dir", .directory, "DIR", "Folder shown first (default: the current folder, or the root)."),
        FlagSpec("root", .directory, "DIR", "Folder that cannot be left (default /)."),
    ]
    /// dialog's typed path.
    static let typedPath: [FlagSpec] = [
        FlagSpec("typed-path", .flag, "", "With --dialog-keys: a path typed in the field is the answer as typed, below the folder shown, unchecked (dialog's fselect and dselect)."),
    ]
    /// Answers ended by NUL.
    static let print0: [FlagSpec] = [
        FlagSpec("print0", .flag, "", "End each printed answer with NUL instead of a newline."),
    ]
    /// Hidden entries shown.
    static let showHidden: [FlagSpec] = [
        FlagSpec("show-hidden", .flag, "", "Show hidden entries from the start (toggle with Alt-.)."),
    ]
    /// dialog's keys.
    static let dialogKeys: [FlagSpec] = [
        FlagSpec("dialog-keys", .flag, "", "dialog's keys: in a form Enter submits from any field and a field is entered with the cursor at its start; in a list Tab goes from the list past OK, as Enter there is OK; in a folder box Enter chooses the folder shown and Space opens the highlighted one; in a save or folder box Space in the name completes it (as far as the entries agree) and Tab only moves; in number (the rangebox) the focus starts on OK, Left/Right go through the value's digits and the buttons, Up/- and Down/+ step the focused digit, a digit sets it; in date and time the focus starts on OK and Tab goes round OK, Cancel, then the calendar or the fields; in text keys do nothing and no button is drawn until the stream has ended (dialog drops the keys and draws its OK at the end)."),
    ]

    /// OK, Cancel, Extra and Help: the buttons of an alert that asks for an answer.
    static let buttons = okLabel + cancelLabel + extraButton + helpButton
}
