// The drop-in's grammar: a whiptail or dialog command line read by that program's rules — option
// files (--file), --and-widget chains, options before and after a box's arguments — and each
// box's text as the program shapes it.

extension Compat {
    // MARK: - Reading a command line

    /// dialog's `--file FILE`: the file's words take the option's place (pythondialog passes every
    /// call this way, so that nothing shows in the process list). Files may name files, up to a depth.
    public static func expandingFiles(_ arguments: [String], depth: Int = 0) -> Result<[String], Failure> {
        guard arguments.contains("--file") else { return .success(arguments) }
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            guard a == "--file" else {
                out.append(a)
                continue
            }
            guard i < arguments.count else { return .failure(Failure(message: "\nNo value given for --file\n", status: 255)) }
            let path = arguments[i]
            i += 1
            // A file is read whole, so it is bounded: dialog reads it whole too.
            guard depth < 8, let bytes = (try? Platform.readFile(path, limit: Limits.optionsFile, streams: true)) else {
                return .failure(Failure(message: "\nCannot open --file \(path)\n", status: 255))
            }
            switch expandingFiles(fileArguments(bytes), depth: depth + 1) {
            case .success(let words): out += words
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(out)
    }

    /// The words of an options file, split as dialog's dlg_string_to_argv splits them: white
    /// space separates words outside double quotes; the quotes group and are dropped (`""` is an
    /// empty word); a backslash before a backslash, a quote or a newline is dropped (before a
    /// newline, the newline too) and any other backslash is kept.
    static func fileArguments(_ bytes: [UInt8]) -> [String] {
        var words: [[UInt8]] = []
        var word: [UInt8]?
        var quoted = false
        var n = 0
        while n < bytes.count {
            let byte = bytes[n]
            n += 1
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
                if word == nil { word = [] }
            } else if !quoted && (byte == 0x20 || (0x09...0x0D).contains(byte)) {
                if let w = word { words.append(w) }
                word = nil
            } else if byte == UInt8(ascii: "\\") {
                guard n < bytes.count else { break } // a trailing backslash ends the text
                let next = bytes[n]
                if next == 0x0A { n += 1; continue }
                if next == UInt8(ascii: "\\") || next == UInt8(ascii: "\"") { n += 1 }
                word = (word ?? []) + [next == UInt8(ascii: "\\") || next == UInt8(ascii: "\"") ? next : byte]
            } else {
                word = (word ?? []) + [byte]
            }
        }
        if let w = word { words.append(w) }
        return words.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Options before the first box that hold for the boxes after it too: dialog clears its
    /// per-box settings (title, labels, --defaultno, quoting, …) before each box and keeps only
    /// its state (these) and where the answer goes; the backtitle stays drawn on dialog's screen,
    /// so it is carried to be drawn too.
    static let persistingOptions: Set = ["aspect", "no-mouse", "no-shadow", "scrollbar", "scrolltext", "separate-widget", "tab-len",
                                         "visit-items", "stdout", "stderr", "output-fd", "input-fd", "keep-tite", "trace", "backtitle"]

    static func persisting(_ words: [String]) -> [String] {
        optionRuns(words).filter { persistingOptions.contains($0.name) }.flatMap(\.words)
    }

    /// dialog reads where the answer goes and where keys come from (--stdout, --stderr,
    /// --output-fd N; --input-fd N) and --keep-tite from every word of its command line before
    /// anything else, the last of each winning, for every box: they are taken out wherever they
    /// are (a box's text too, as dialog takes it) and put first, where they hold for every box.
    static func hoistingDialogsState(_ words: [String]) -> [String] {
        var rest: [String] = []
        var output: [String] = []
        var input: [String] = []
        var keepTite = false
        var at = 0
        while at < words.count {
            let word = words[at]
            let valued = word == "--output-fd" || word == "--input-fd"
            let taken = Array(words[at..<min(words.count, at + (valued ? 2 : 1))])
            switch word {
            case "--stdout", "--stderr", "--output-fd": output = taken
            case "--input-fd": input = taken
            case "--keep-tite": keepTite = true
            default: rest.append(word)
            }
            at += taken.count
        }
        return output + input + (keepTite ? ["--keep-tite"] : []) + rest
    }

    /// dialog's DIALOGOPTS: options for every box, under each box's own. Split as an options file
    /// is; as dialog does, reading stops at the first word that is not one of its options (and
    /// the values it takes), and where the answer goes and where keys come from are the command
    /// line's alone.
    public static func environmentOptions(_ value: String?) -> [String] {
        let commandLineOnly: Set = ["stdout", "stderr", "input-fd", "output-fd", "version", "help", "trace"]
        return optionRuns(fileArguments(Array((value ?? "").utf8)))
            .prefix { run in
                guard let arity = options[run.name] else { return false }
                return run.words.count == 1 + arity && knows(run.name, .dialog) && Compat.box(named: run.name, .dialog) == nil
            }
            .filter { !commandLineOnly.contains($0.name) }.flatMap(\.words)
    }

    /// `words` cut into runs of an option and the values its arity takes, as dialog reads them
    /// (name "" for a word that is no option: a run of its own; the last run may be short).
    static func optionRuns(_ words: [String]) -> [(name: String, words: ArraySlice<String>)] {
        var runs: [(name: String, words: ArraySlice<String>)] = []
        var at = 0
        while at < words.count {
            let name = words[at].hasPrefix("--") ? String(words[at].dropFirst(2)) : ""
            let end = min(words.count, at + 1 + (options[name] ?? 0))
            runs.append((name, words[at..<end]))
            at = end
        }
        return runs
    }

    /// dialog's --and-widget: several boxes in one call, run in turn.
    public struct Chain: Equatable, Sendable {
        public var boxes: [Translated]
        /// Printed between two answers (dialog's --separate-widget, a tab by default).
        public var separator: [UInt8]
    }

    /// Splits a dialog command line at --and-widget and reads each box; of the options before the
    /// first box, dialog's state (see persistingOptions) holds for every box, and DIALOGOPTS's
    /// options come under each box's own. Any other command line is a chain of one.
    public static func translateChain(_ program: Program, _ arguments: [String], environmentOptions: [String] = []) -> Result<Chain, Failure> {
        let arguments = program == .dialog ? hoistingDialogsState(arguments) : arguments
        // dialog goes on to a box that follows another's arguments even without --and-widget.
        let segments: [(words: [String], afterAndWidget: Bool)] = program == .whiptail ? [(arguments, true)]
            : arguments.split(separator: "--and-widget", omittingEmptySubsequences: false).flatMap { part in
                boxesInTurn(Array(part)).enumerated().map { ($1, $0 == 0) }
            }
        let firstBox = segments[0].words.firstIndex { $0.hasPrefix("--") && Compat.box(named: String($0.dropFirst(2)), .dialog) != nil }
            ?? segments[0].words.count
        let common = persisting(Array(segments[0].words[..<firstBox]))
        var chain = Chain(boxes: [], separator: Array("\t".utf8))
        if let separator = common.firstIndex(of: "--separate-widget"), separator + 1 < common.count {
            chain.separator = Array(common[separator + 1].utf8)
        }
        for (i, segment) in segments.enumerated() {
            switch translate(program, environmentOptions + (i == 0 ? segment.words : common + segment.words)) {
            case .success(var box):
                box.afterAndWidget = segment.afterAndWidget
                chain.boxes.append(box)
            case .failure(var failure):
                // dialog's usage errors exit DIALOG_ERROR when it is set.
                if program == .dialog, let code = Platform.environment("DIALOG_ERROR").flatMap({ Int32($0) }) { failure.status = code }
                guard i > 0 else { return .failure(failure) }
                // dialog reads each box's arguments as it gets to it.
                var failing = Translated(command: ParsedCommand(alert: .message), output: Output(descriptor: 2))
                failing.failure = failure
                failing.afterAndWidget = segment.afterAndWidget
                chain.boxes.append(failing)
            }
        }
        return .success(chain)
    }

    /// The tokens dialog wants after each box's option at least (its `modes` table's argmin, less
    /// the option); where alertty's adapter wants more, it asks for those too.
    static let dialogLeast: [BoxName: Int] = [
        .menu: 5, .inputmenu: 5, .checklist: 6, .radiolist: 6, .pause: 4, .programbox: 2, .progressbox: 2,
        .form: 12, .passwordform: 12, .mixedform: 12, .mixedgauge: 4, .rangebox: 4,
    ]

    /// One --and-widget segment of a dialog command line split where a box follows another box's
    /// arguments: the options between them belong to the second, as dialog reads them.
    static func boxesInTurn(_ words: [String]) -> [[String]] {
        func isBox(_ w: String) -> Bool { w.hasPrefix("--") && Compat.box(named: String(w.dropFirst(2)), .dialog) != nil }
        guard let first = words.firstIndex(where: isBox) else { return [words] }
        // The box's own arguments: the words up to the next option.
        var end = first + 1
        while end < words.count, !(words[end].hasPrefix("--") && (options[String(words[end].dropFirst(2))] != nil || isBox(words[end]))) {
            end += 1
        }
        // Options (with their values) up to the next box, if one comes.
        var j = end
        while j < words.count {
            if isBox(words[j]) { return [Array(words[..<end])] + boxesInTurn(Array(words[end...])) }
            guard words[j].hasPrefix("--"), let arity = options[String(words[j].dropFirst(2))] else { break }
            j += 1 + arity
        }
        return [words]
    }

    /// A button's label as the program shows it when the script names none: whiptail's (newt's)
    /// "Ok", dialog's "OK", in the user's language from the catalogue's program contexts.
    static func defaultLabel(_ flag: Flag, _ program: Program) -> String? {
        let context = program == .whiptail ? "whiptail" : "dialog"
        switch flag {
        case .ok: return tr(program == .whiptail ? "Ok" : "OK", context: context)
        case .cancel: return tr("Cancel", context: context)
        case .yes: return tr("Yes", context: context)
        case .no: return tr("No", context: context)
        default: return nil
        }
    }

    /// Splits the arguments by the program's rules into the box, its arguments and the options.
    public static func translate(_ program: Program, _ arguments: [String]) -> Result<Translated, Failure> {
        var options: [(name: String, values: [String])] = []
        var box: (name: BoxName, spec: Box)?
        var positionals: [String] = []
        var i = 0
        var optionsEnded = false
        func unknown(_ option: String) -> Failure {
            program == .whiptail ? Failure(message: "\(option): unknown option\n", status: 1)
                                 : Failure(message: "\nUnknown option \(option).\nUse --help to list options.\n\n\n", status: 255)
        }
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if !optionsEnded && a == "--" && program != .dialog {
                optionsEnded = true
                continue
            }
            guard !optionsEnded, a.hasPrefix("--"), a.count > 2 else {
                positionals.append(a)
                continue
            }
            let name = String(a.dropFirst(2))
            if let named = Compat.box(named: name, program) {
                let spec = named.box
                if box != nil {
                    return .failure(Failure(message: program == .dialog ? "\nExpected --and-widget between the boxes --\(box!.name.rawValue) and --\(name).\n\n"
                                                                         : "alertty: one box at a time\n", status: program == .whiptail ? 1 : 255))
                }
                box = (named, spec)
                if program == .dialog {
                    // dialog takes the box's arguments right after it, options only after those.
                    let least = dialogLeast[named] ?? spec.required
                    let available = arguments[i...].prefix(while: { !($0.hasPrefix("--") && Compat.options[String($0.dropFirst(2))] != nil) })
                    guard available.count >= max(least, spec.required) else {
                        // dialog's own words, its format's slip kept: the count printed is its
                        // USEMAX_ARGS (20), and the box's name is cut to as many characters as
                        // the tokens it wants.
                        return .failure(Failure(message: "\nExpected at least 20 tokens for \(("--" + name).prefix(least)), have \(available.count).\nUse --help to list options.\n\n\n", status: 255))
                    }
                    positionals += available
                    i += available.count
                }
                continue
            }
            guard let arity = Compat.options[name], knows(name, program) else { return .failure(unknown(a)) }
            guard i + arity <= arguments.count else {
                return .failure(Failure(message: program == .whiptail ? "\(a): missing argument\n" : "\nMissing argument for \(a).\n\n", status: program == .whiptail ? 1 : 255))
            }
            options.append((name, Array(arguments[i..<(i + arity)])))
            i += arity
        }
        guard let found = box else {
            return .failure(program == .whiptail ? Failure(message: "alertty: whiptail needs a box option (--msgbox, --yesno, --menu, …)\n", status: 1)
                                                 : Failure(message: "\nExpected a box option.\nUse --help to list options.\n\n\n", status: 255))
        }
        let boxName = found.name
        var spec = found.spec
        if boxName == .gauge && program == .whiptail { spec.required = 4 } // whiptail's gauge needs its percentage
        if boxName == .prgbox {
            // [TEXT] COMMAND HEIGHT WIDTH, read as TEXT HEIGHT WIDTH COMMAND.
            if positionals.count == 3 { positionals.insert("", at: 0) }
            if positionals.count >= 4 { positionals = [positionals[0], positionals[2], positionals[3], positionals[1]] + positionals.dropFirst(4) }
        }
        if spec.required == 2 && spec.alert == .text {
            // progressbox/programbox without their TEXT: HEIGHT WIDTH only.
            if positionals.count == 2 || (positionals.count > 2 && Int(positionals[0]) != nil && Int(positionals[2]) == nil) {
                positionals.insert("", at: 0)
            }
            spec.required = 3
        }
        guard positionals.count >= spec.required, Int(positionals[1]) != nil, Int(positionals[2]) != nil,
              spec.required < 4 || Int(positionals[3]) != nil else {
            let shape = boxName == .gauge ? "TEXT HEIGHT WIDTH PERCENT" : boxName == .pause ? "TEXT HEIGHT WIDTH SECONDS" : spec.required == 4 ? "TEXT HEIGHT WIDTH LIST-HEIGHT" : "TEXT HEIGHT WIDTH"
            return .failure(Failure(message: "alertty: --\(boxName.rawValue) needs \(shape)\n", status: 255))
        }
        return build(program, boxName, spec, positionals, options)
    }

    /// --output-fd as each program checks it, before anything is drawn: a number (whiptail: 1
    /// "invalid numeric value"; dialog: 255) naming a descriptor that is open for writing (255).
    static func outputDescriptor(_ given: String, _ program: Program) -> Result<FileDescriptor, Failure> {
        guard let number = Int(given) else {
            return .failure(program == .whiptail ? Failure(message: "\(given): invalid numeric value\n", status: 1)
                                                 : Failure(message: "\nExpected a numeric-parameter for --output-fd.\nUse --help to list options.\n\n\n", status: 255))
        }
        guard let fd = FileDescriptor(exactly: number), fd >= 0, Platform.isOpenForWriting(fd) else {
            return .failure(Failure(message: program == .whiptail ? "Cannot open output-fd\n: Bad file descriptor\n" : "\nCannot open output-fd\n\n",
                                    status: 255))
        }
        return .success(fd)
    }

    /// Why a textbox's file cannot be shown (strerror's words), or nil. dialog shows a folder
    /// as an empty file; whiptail refuses it.
    static func textboxProblem(_ path: String, _ program: Program) -> String? {
        let fd: FileDescriptor
        do throws(PlatformError) {
            fd = try Platform.openForReadingAtOnce(path)
        } catch {
            return Platform.describe(errno: error.code)
        }
        let kind: Platform.DescriptorKind? = Platform.kind(of: fd)
        Platform.close(fd)
        guard program == .whiptail, case .directory? = kind else { return nil }
        return Platform.folderErrorText
    }

    /// The box argument at `i` as a number of at least `least`, or nil (left out, or not one).
    static func number(_ positionals: [String], _ i: Int, least: Int) -> Int? {
        guard i < positionals.count, let n = Int(positionals[i]), n >= least else { return nil }
        return n
    }

    /// The last value given to any of `names`.
    static func value(_ options: [(name: String, values: [String])], _ names: [String]) -> String? {
        options.last { names.contains($0.name) }?.values.first
    }

    /// Whether any of `names` was given.
    static func has(_ options: [(name: String, values: [String])], _ names: [String]) -> Bool {
        options.contains { names.contains($0.name) }
    }

    /// The text as the program shows it: whiptail expands `\n`; dialog reads it as its
    /// dlg_trim_string does (see dialogText), and its \Z style codes (--colors) are kept for the
    /// message, which alertty draws styled (`keepCodes`), and dropped elsewhere. Untrusted text
    /// stays sanitised when drawn.
    static func text(_ raw: String, _ program: Program, _ options: [(name: String, values: [String])], keepCodes: Bool = false) -> String {
        guard program == .dialog else { return raw.replacingAll("\\n", with: "\n") }
        let t = dialogText(raw, collapse: !has(options, ["no-collapse"]), crWrap: has(options, ["cr-wrap"]),
                           expandNewlines: !has(options, ["no-nl-expand"]))
        return keepCodes ? t : withoutCodes(t, program, options)
    }

    /// A label or item as the program draws it: dialog's --colors codes dropped (alertty draws
    /// them plain); any other text as it is.
    static func withoutCodes(_ s: String, _ program: Program, _ options: [(name: String, values: [String])]) -> String {
        program == .dialog && has(options, ["colors"]) ? Markup.strip(s) : s
    }

    /// dialog's rules, as its screens show them: tabs become spaces (unless --no-collapse). Text
    /// with a `\n` in it breaks lines there only — a newline typed after one (and the spaces
    /// between) is dropped, any other newline is a space unless --cr-wrap — and keeps its runs of
    /// spaces. Text without one keeps its newlines and has its runs of spaces collapsed.
    static func dialogText(_ raw: String, collapse: Bool, crWrap: Bool, expandNewlines: Bool = true) -> String {
        let t = collapse ? raw.replacingAll("\t", with: " ") : raw
        var out = ""
        if expandNewlines && t.includes("\\n") {
            var rest = Substring(t)
            while let c = rest.first {
                rest = rest.dropFirst()
                if c == "\\" && rest.first == "n" {
                    out.append("\n")
                    rest = rest.dropFirst()
                    let afterSpaces = rest.drop { $0 == " " }
                    if afterSpaces.first == "\n" { rest = afterSpaces.dropFirst() }
                } else if c == "\n" && !crWrap {
                    if out.last != " " { out.append(" ") }
                } else {
                    out.append(c)
                }
            }
            return out
        }
        guard collapse else { return t }
        for c in t where !(c == " " && out.last == " ") { out.append(c) }
        return out
    }
}
