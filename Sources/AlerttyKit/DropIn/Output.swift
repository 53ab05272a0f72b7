// The drop-in's output: the answer as each program prints it — no newline, check lists quoted
// as whiptail or dialog quote them (dialog's so that `eval` gives back the tags and runs
// nothing), --separate-output, Help's and renames' forms.

extension Compat {
    /// The answer as the program prints it, from the alert's outcome: its items as they are
    /// (a tag holding a newline or a tab stays one tag), never split out of the printed bytes.
    public static func answer(_ outcome: Outcome, _ output: Output) -> [UInt8] {
        let answer = outcome.answer ?? []
        if let given = output.givenPath, outcome.status == .ok, given.hasSuffix("/"),
           Array(given.utf8.dropLast()) == answer || output.givenFolder?.real == answer {
            return Array(given.utf8)
        }
        if let folder = output.givenFolder, outcome.status == .ok, answer.count >= folder.real.count + 1,
           answer.starts(with: folder.real + [0x2F]) {
            return Array(folder.typed.utf8) + answer[(folder.real.count + 1)...]
        }
        if output.renames, outcome.status == .extra, let items = outcome.items, items.count == 2 {
            return Array("RENAMED ".utf8) + items[0] + [0x20] + items[1]
        }
        // (an empty text is one empty line to dialog: "\n")
        if output.endsWithNewline, outcome.status == .ok, answer.last != 0x0A { return answer + [0x0A] }
        var items = outcome.items ?? (answer.isEmpty ? [] : [answer])
        for (line, value) in output.hiddenValues where line < items.count { items[line] = value }
        guard outcome.status == .help && output.helpNamesItem else {
            return output.format == .raw ? answer : format(items, output.format, separator: output.separator)
        }
        let tag = String(decoding: answer, as: UTF8.self)
        var out = Array(("HELP " + (output.itemHelp[tag] ?? tag)).utf8)
        if output.helpStatus, let state = outcome.state, !state.isEmpty, state != [[]] {
            out += output.format == .lines ? (output.separator ?? [0x0A]) + format(state, .lines, separator: output.separator)
                                           : (output.separator ?? [0x20]) + format(state, output.format, separator: output.separator)
        }
        return out
    }

    /// Items as the program prints them (`separator`: dialog's --output-separator).
    public static func format(_ items: [[UInt8]], _ format: Format, separator: [UInt8]? = nil) -> [UInt8] {
        switch format {
        case .raw: return Array(items.joined(separator: [0x0A]))
        case .lines: return items.flatMap { $0 + (separator ?? [0x0A]) }
        case .whiptailList:
            return Array(items.map { "\"" + String(decoding: $0, as: UTF8.self) + "\"" }.joined(separator: " ").utf8)
        case .dialogList(let always, let single):
            // With --output-separator dialog puts it before every tag, the first too.
            if let separator { return items.flatMap { separator + dialogQuoted($0, always: always, single: single) } }
            return Array(items.map { dialogQuoted($0, always: always, single: single) }.joined(separator: [0x20]))
        }
    }

    /// dialog's quoting of check-list tags, so that `eval set -- $out` gives the tags back and runs
    /// nothing: a tag with the quote, white space or a shell character is quoted, and inside the
    /// quotes each such character gets a backslash (with --single-quoted only the quote, a
    /// newline and a backslash do). --quoted quotes every tag. Works on bytes, as dialog does.
    static func dialogQuoted(_ tag: [UInt8], always: Bool, single: Bool) -> [UInt8] {
        let quote = single ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        let shell = Array("\n\\[]{}?*;`~#$^&()|<>".utf8)
        let escaped = single ? Array("\n\\".utf8) : shell
        let needs = always || tag.isEmpty || tag.contains { $0 == quote || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || shell.contains($0) }
        guard needs else { return tag }
        var out: [UInt8] = [quote]
        for byte in tag {
            if byte == quote || escaped.contains(byte) { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        out.append(quote)
        return out
    }
}
