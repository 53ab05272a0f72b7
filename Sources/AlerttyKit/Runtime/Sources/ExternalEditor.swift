// Ctrl-E in `edit`: the text handed to the person's own editor ($VISUAL, else $EDITOR, else
// `editor`, else `vi`), run on the terminal the box lends it, and taken back as the editor wrote
// it, byte for byte. The text sits in a file of a private folder (0700, the file 0600) while the
// editor runs, removed after. An editor that fails, is killed or cannot be run leaves the text
// as it was, and says so.

enum ExternalEditor {
    /// The editor's command, as the person's shell would run it (`code --wait`, `nvim -u NONE`).
    static func command(environment: (String) -> String?) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment(name)?.trimmingSpaces(), !value.isEmpty { return value }
        }
        return Platform.linkStatus("/usr/bin/editor") != nil ? "/usr/bin/editor" : "vi"
    }

    /// Edits `text` on `terminal`: what the alert is told.
    static func edit(_ text: [UInt8], on terminal: FileDescriptor, environment: (String) -> String? = Platform.environment) -> AlertEvent {
        guard let folder = try? Platform.makePrivateFolder(prefix: "alertty-edit-") else {
            return .edited(nil, note: tr("the text could not be handed to the editor: the text is as it was"))
        }
        defer { Platform.removePrivateFolder(folder) }
        let file = folder + "/text"
        guard (try? Platform.writeNewFile(file, text)) != nil else {
            return .edited(nil, note: tr("the text could not be handed to the editor: the text is as it was"))
        }
        let editor = command(environment: environment)
        // The editor's words as the shell splits them, the file as one more word, never parsed.
        guard let status = Platform.runOnTerminal(["/bin/sh", "-c", editor + " \"$1\"", "sh", file], terminal: terminal) else {
            return .edited(nil, note: tr("the editor could not be run: the text is as it was"))
        }
        guard status == 0 else {
            return .edited(nil, note: status > 128 ? tr("the editor was killed: the text is as it was")
                                                    : tr("the editor failed: the text is as it was"))
        }
        // (What `edit` reads of a file, at most: more is said, never cut short silently.)
        guard let bytes = try? Platform.readFile(file, limit: EditAlert.editLimit) else {
            return .edited(nil, note: tr("the edited text could not be read back (too long, or gone): the text is as it was"))
        }
        return .edited(bytes, note: nil)
    }

    /// What an editor left, for a field of one line: the line (its final newline dropped: editors
    /// add one), or nil and what to say (the editor failed; it wrote several lines).
    static func oneLine(_ written: [UInt8]?, note: String?) -> (line: [UInt8]?, note: String?) {
        guard var bytes = written else { return (nil, note) }
        if bytes.last == 0x0A { bytes.removeLast() }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard !bytes.contains(0x0A) else { return (nil, tr("the editor wrote several lines, and this field takes one: the text is as it was")) }
        return (bytes, nil)
    }
}
