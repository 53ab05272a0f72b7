// ALERTTY_ANSWERS=FILE: answers by name for every prompt, as ALERTTY_RECORD writes them —
// `ALERTTY_ANSWER_NAME=VALUE` lines, VALUE a word or shell-quoted ('…' with '\'' inside, or
// "…" with \ escapes), `export ` before it allowed, # comments. It is read, never run: a `$` or a
// backtick a shell would expand is an error, as is any other name, a line that is not text, or
// an answer over the limit — one line naming the line, exit 2. A variable in the environment
// wins over the file.

enum AnswersFile {
    /// The environment with the file's answers under it, when ALERTTY_ANSWERS names one.
    static func environment(over base: @escaping (String) -> String?) throws(UsageError) -> (String) -> String? {
        guard let path = base("ALERTTY_ANSWERS"), !path.isEmpty else { return base }
        let answers = try load(path)
        return { name in base(name) ?? answers[name] }
    }

    /// The names the file answers, for the checks the environment's names get.
    static func names(startingWith prefix: String, environment base: (String) -> String?) -> [String] {
        var names = Platform.environmentNames(startingWith: prefix)
        if let path = base("ALERTTY_ANSWERS"), !path.isEmpty, let answers = try? load(path) {
            names += answers.keys.filter { $0.hasPrefix(prefix) && !names.contains($0) }
        }
        return names
    }

    static func load(_ path: String) throws(UsageError) -> [String: String] {
        let bytes: [UInt8]
        do throws(PlatformError) {
            bytes = try Platform.readFile(path, limit: Limits.answersFile)
        } catch {
            throw UsageError("ALERTTY_ANSWERS: " + error.message)
        }
        do throws(UsageError) {
            return try parse(bytes)
        } catch {
            throw UsageError("ALERTTY_ANSWERS: \(path): " + error.message)
        }
    }

    static func parse(_ bytes: [UInt8]) throws(UsageError) -> [String: String] {
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            let line = 1 + (String(decoding: bytes, as: UTF8.self).prefix { $0 != "\u{FFFD}" && $0 != "\0" }.filter { $0 == "\n" }.count)
            throw UsageError("line \(line): not text (an answers file is UTF-8 lines)")
        }
        var answers: [String: String] = [:]
        let chars = Array(text.unicodeScalars)
        var i = 0
        var line = 1
        func fail(_ why: String) -> UsageError { UsageError("line \(line): " + why) }
        func skipBlanks() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }
        while i < chars.count {
            skipBlanks()
            guard i < chars.count else { break }
            if chars[i] == "\n" { i += 1; line += 1; continue }
            if chars[i] == "#" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            // NAME, after an optional `export`.
            var name = ""
            while i < chars.count, chars[i] == "_" || ("A"..."Z").contains(chars[i]) || ("a"..."z").contains(chars[i])
                || ("0"..."9").contains(chars[i]) {
                name.unicodeScalars.append(chars[i])
                i += 1
            }
            if name == "export", i < chars.count, chars[i] == " " {
                skipBlanks()
                continue
            }
            guard i < chars.count, chars[i] == "=" else {
                throw fail(name.isEmpty ? "expected NAME=VALUE" : "expected = after \(name)")
            }
            guard name.hasPrefix("ALERTTY_ANSWER_"), name.count > 15, name.unicodeScalars.allSatisfy({ $0 == "_" || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
                throw fail("\(name) is not an answer (ALERTTY_ANSWER_<ID>, upper case)")
            }
            i += 1
            let start = line
            var value = String.UnicodeScalarView()
            scanning: while i < chars.count {
                let c = chars[i]
                switch c {
                case " ", "\t", "\n":
                    break scanning
                case "'":
                    i += 1
                    while i < chars.count, chars[i] != "'" {
                        if chars[i] == "\n" { line += 1 }
                        value.append(chars[i])
                        i += 1
                    }
                    guard i < chars.count else { line = start; throw fail("a ' is not closed") }
                    i += 1
                case "\"":
                    i += 1
                    while i < chars.count, chars[i] != "\"" {
                        var d = chars[i]
                        if d == "$" || d == "`" { throw fail("\(name): \(d) in \"…\" would be expanded by a shell; quote it with '…'") }
                        if d == "\\", i + 1 < chars.count, ["\"", "\\", "$", "`", "\n"].contains(chars[i + 1]) {
                            i += 1
                            d = chars[i]
                            if d == "\n" { line += 1; i += 1; continue }
                        }
                        if d == "\n" { line += 1 }
                        value.append(d)
                        i += 1
                    }
                    guard i < chars.count else { line = start; throw fail("a \" is not closed") }
                    i += 1
                case "$", "`":
                    throw fail("\(name): \(c) would be expanded by a shell; quote it with '…'")
                case "\\":
                    guard i + 1 < chars.count else { throw fail("\(name): a \\ at the end") }
                    if chars[i + 1] != "\n" { value.append(chars[i + 1]) } else { line += 1 }
                    i += 2
                default:
                    value.append(c)
                    i += 1
                }
            }
            if value.count > Limits.answer { line = start; throw fail("\(name): an answer over \(Limits.size(Limits.answer))") }
            skipBlanks()
            if i < chars.count, chars[i] == "#" { while i < chars.count, chars[i] != "\n" { i += 1 } }
            guard i >= chars.count || chars[i] == "\n" else { throw fail("\(name): one value per line (quote spaces with '…')") }
            answers[name] = String(value)
        }
        return answers
    }
}
