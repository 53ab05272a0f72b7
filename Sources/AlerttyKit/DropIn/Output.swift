// The drop-in's output: the answer as each program prints it — no newline, check lists quoted
// as whiptail or dialog quote them (dialog's so that `eval` gives back the tags and runs
// nothing), --separate-output, Help's and renames' forms.

extension Compat {
    /// The answer as the program prints it, for an alert that ended with `status` (`state`: what
    /// OK would have answered, which --help-status prints after Help's).
    public static func answer(_ answer: [UInt8], status: ExitStatus, state: [UInt8]? = nil, _ output: Output) -> [UInt8] {
        if let given = output.givenPath, status == .ok, given.hasSuffix("/"), Array(given.utf8.dropLast()) == answer {
            return Array(given.utf8)
        }
        if let folder = output.givenFolder, status == .ok, answer.count > folder.real.count + 1,
           answer.starts(with: folder.real + [0x2F]) {
            return Array(folder.typed.utf8) + answer[(folder.real.count + 1)...]
        }
        if output.renames, status == .extra, let tab = answer.firstIndex(of: 0x09) {
            return Array("RENAMED ".utf8) + answer[..<tab] + [0x20] + answer[(tab + 1)...]
        }
        guard status == .help && output.helpNamesItem else { return format(answer, output.format, separator: output.separator) }
        let tag = String(decoding: answer, as: UTF8.self)
        var out = Array(("HELP " + (output.itemHelp[tag] ?? tag)).utf8)
        if output.helpStatus, let state, !state.isEmpty {
            out += output.format == .lines ? (output.separator ?? [0x0A]) + format(state, .lines, separator: output.separator)
                                           : (output.separator ?? [0x20]) + format(state, output.format, separator: output.separator)
        }
        return out
    }

    /// The answer as the program prints it (`separator`: dialog's --output-separator).
    public static func format(_ answer: [UInt8], _ format: Format, separator: [UInt8]? = nil) -> [UInt8] {
        guard format != .raw else { return answer }
        let tags = answer.isEmpty ? [] : answer.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        switch format {
        case .raw: return answer
        case .lines: return tags.flatMap { $0 + (separator ?? [0x0A]) }
        case .whiptailList:
            return Array(tags.map { "\"" + String(decoding: $0, as: UTF8.self) + "\"" }.joined(separator: " ").utf8)
        case .dialogList(let always, let single):
            // With --output-separator dialog puts it before every tag, the first too.
            if let separator { return tags.flatMap { separator + dialogQuoted($0, always: always, single: single) } }
            return Array(tags.map { dialogQuoted($0, always: always, single: single) }.joined(separator: [0x20]))
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
