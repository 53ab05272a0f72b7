// ALERTTY_ANSWERS=FILE: answers by name for every prompt, as ALERTTY_RECORD writes them —
// `ALERTTY_ANSWER_NAME=VALUE` lines, VALUE a word or shell-quoted ('…' with '\'' inside, or
// "…" with \ escapes), `export ` before it allowed, # comments. It is read, never run, and means
// what `sh` would make of it or nothing: a word a shell would expand, split, run or redirect (`$`,
// a backtick, `;`, `|`, `&`, `<`, `>`, `(`, `)`, `~` at a word's start or after `:`) is refused,
// as is any other name. A value that is refused (that, bytes that are not UTF-8, an answer over
// the limit) is an error for the prompt it answers only; a file whose lines cannot be told apart
// (an unclosed quote, a line that is no assignment) is an error for every prompt. Either is one
// line naming the line, exit 2. A variable in the environment wins over the file.

struct AnswersFile {
    /// Each name's value, and each name whose value was refused, with why.
    var answers: [String: String] = [:]
    var problems: [String: UsageError] = [:]

    /// The file ALERTTY_ANSWERS names, read; nil when it names none.
    static func named(in base: (String) -> String?) throws(UsageError) -> AnswersFile? {
        guard let path = base("ALERTTY_ANSWERS"), !path.isEmpty else { return nil }
        let bytes: [UInt8]
        do throws(PlatformError) {
            bytes = try Platform.readFile(path, limit: Limits.answersFile)
        } catch {
            throw UsageError("ALERTTY_ANSWERS: " + error.message)
        }
        do throws(UsageError) {
            var file = try parse(bytes)
            for (name, problem) in file.problems { file.problems[name] = UsageError("ALERTTY_ANSWERS: \(path): " + problem.message) }
            return file
        } catch {
            throw UsageError("ALERTTY_ANSWERS: \(path): " + error.message)
        }
    }

    /// The environment with the file's answers under it.
    static func environment(_ file: AnswersFile?, over base: @escaping (String) -> String?) -> (String) -> String? {
        guard let answers = file?.answers else { return base }
        return { name in base(name) ?? answers[name] }
    }

    /// Why the file cannot answer one of `names` that the environment does not answer, if so.
    func problem(answering names: [String], environment base: (String) -> String?) -> UsageError? {
        names.filter { base($0) == nil }.compactMap { problems[$0] }.first
    }

    /// The names the file answers or tried to, for the checks the environment's names get.
    func names(startingWith prefix: String) -> [String] {
        (Array(answers.keys) + Array(problems.keys)).filter { $0.hasPrefix(prefix) }
    }

    static func parse(_ bytes: [UInt8]) throws(UsageError) -> AnswersFile {
        var reader = Reader(bytes: bytes)
        var file = AnswersFile()
        while let (name, value, problem) = try reader.nextAssignment() {
            if let problem {
                file.problems[name] = problem
                file.answers[name] = nil
            } else {
                file.answers[name] = value
                file.problems[name] = nil
            }
        }
        return file
    }

    /// The file's bytes, an assignment at a time.
    private struct Reader {
        let bytes: [UInt8]
        var i = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ why: String, at line: Int? = nil) -> UsageError { UsageError("line \(line ?? self.line): " + why) }
        var here: UInt8? { i < bytes.count ? bytes[i] : nil }
        mutating func skipBlanks() { while here == 0x20 || here == 0x09 { i += 1 } }
        mutating func skipComment() { while let c = here, c != 0x0A { i += 1 } }

        /// The next `NAME=VALUE`: the value, or why it is refused. nil at the end.
        mutating func nextAssignment() throws(UsageError) -> (String, String, UsageError?)? {
            while true {
                skipBlanks()
                guard let c = here else { return nil }
                if c == 0x0A { i += 1; line += 1; continue }
                if c == UInt8(ascii: "#") { skipComment(); continue }
                var name = ""
                while let c = here, c == UInt8(ascii: "_") || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || (0x30...0x39).contains(c) {
                    name.unicodeScalars.append(Unicode.Scalar(c))
                    i += 1
                }
                if name == "export", here == 0x20 || here == 0x09 { skipBlanks(); continue }
                guard here == UInt8(ascii: "=") else {
                    if name.isEmpty, let c = here, c >= 0x80 || c == 0 { throw fail("not text (an answers file is UTF-8 lines)") }
                    throw fail(name.isEmpty ? "expected NAME=VALUE" : "expected = after \(name)")
                }
                guard name.hasPrefix("ALERTTY_ANSWER_"), name.count > 15,
                      name.unicodeScalars.allSatisfy({ $0 == "_" || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
                    throw fail("\(name) is not an answer (ALERTTY_ANSWER_<ID>, upper case)")
                }
                i += 1
                let start = line
                var (value, problem) = try word(name)
                if problem == nil, value.count > Limits.answer { problem = fail("\(name): an answer over \(Limits.size(Limits.answer))", at: start) }
                skipBlanks()
                // A refused word is followed to its line's end: what a shell makes of the rest
                // (`$(rm -rf ~)`) is no answer either.
                while problem != nil, let c = here, c != 0x0A, c != UInt8(ascii: "#") {
                    _ = try word(name)
                    skipBlanks()
                }
                if here == UInt8(ascii: "#") { skipComment() }
                guard here == nil || here == 0x0A else { throw fail("\(name): one value per line (quote spaces with '…')") }
                guard problem == nil, let text = String(validating: value, as: UTF8.self), !value.contains(0) else {
                    return (name, "", problem ?? fail("\(name): not text (an answers file is UTF-8 lines)", at: start))
                }
                value.resetBytes()
                return (name, text, nil)
            }
        }

        /// '…' from its opening quote: every byte as it is.
        mutating func singleQuoted(into value: inout [UInt8]) throws(UsageError) {
            let opened = line
            i += 1
            while let d = here, d != UInt8(ascii: "'") {
                if d == 0x0A { line += 1 }
                value.append(d)
                i += 1
            }
            guard here != nil else { throw fail("a ' is not closed", at: opened) }
            i += 1
        }

        /// "…" from its opening quote: a backslash escapes what a shell lets it escape. Why it
        /// is refused, if it is: a `$` or a backquote in it (a shell would expand them).
        mutating func doubleQuoted(into value: inout [UInt8]) throws(UsageError) -> String? {
            var refused: String?
            let opened = line
            i += 1
            while let d = here, d != UInt8(ascii: "\"") {
                if d == UInt8(ascii: "$") || d == UInt8(ascii: "`") {
                    refused = refused ?? "\(Unicode.Scalar(d)) in \"…\" would be expanded by a shell; quote it with '…'"
                }
                if d == UInt8(ascii: "\\"), i + 1 < bytes.count, "\"\\$`\n".utf8.contains(bytes[i + 1]) {
                    i += 1
                    if bytes[i] == 0x0A { line += 1; i += 1; continue }
                } else if d == 0x0A {
                    line += 1
                }
                value.append(bytes[i])
                i += 1
            }
            guard here != nil else { throw fail("a \" is not closed", at: opened) }
            i += 1
            return refused
        }

        /// One shell word's bytes, read to its end whatever it holds (so the next line is found),
        /// with the first thing in it a shell would not take literally.
        mutating func word(_ name: String) throws(UsageError) -> ([UInt8], UsageError?) {
            var value: [UInt8] = []
            var problem: UsageError?
            func refuse(_ why: String) { if problem == nil { problem = fail("\(name): " + why) } }
            // Where a shell would expand a `~`: the word's start, and after an unquoted `:` (an assignment's).
            var tildeExpands = true
            while let c = here {
                let startsWord = tildeExpands
                tildeExpands = false
                switch c {
                case 0x20, 0x09, 0x0A:
                    return (value, problem)
                case UInt8(ascii: "'"):
                    try singleQuoted(into: &value)
                case UInt8(ascii: "\""):
                    if let why = try doubleQuoted(into: &value) { refuse(why) }
                case UInt8(ascii: "\\"):
                    guard i + 1 < bytes.count else { throw fail("\(name): a \\ at the end") }
                    if bytes[i + 1] == 0x0A { line += 1 } else { value.append(bytes[i + 1]) }
                    i += 2
                case UInt8(ascii: "$"), UInt8(ascii: "`"):
                    refuse("\(Unicode.Scalar(c)) would be expanded by a shell; quote it with '…'")
                    value.append(c)
                    i += 1
                case UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                     UInt8(ascii: "("), UInt8(ascii: ")"):
                    refuse("a shell would not read \(Unicode.Scalar(c)) as part of the answer; quote it with '…'")
                    value.append(c)
                    i += 1
                case UInt8(ascii: "~") where startsWord:
                    refuse("a shell would expand ~ to a home folder; quote it with '…'")
                    value.append(c)
                    i += 1
                default:
                    tildeExpands = c == UInt8(ascii: ":")
                    value.append(c)
                    i += 1
                }
            }
            return (value, problem)
        }
    }
}
