// The drop-in's probes: what programs that drive whiptail and dialog ask before anything else
// (--version, dialog's --print-version, --print-maxsize, --print-size) and --help.

extension Compat {
    // MARK: - Probes

    /// The terminal's size, as dialog's --print-maxsize reports it (nil: no terminal).
    static func terminalSize() -> (columns: Int, rows: Int)? {
        guard let fd = try? Platform.openTerminal("/dev/tty") else { return nil }
        defer { Platform.close(fd) }
        return Platform.terminalSize(fd)
    }

    /// The versions alertty answers as, those of the programs it was recorded against.
    static let whiptailVersion = "whiptail (newt): 0.52.23\n"
    static let dialogVersion = "Version: 1.3-20230209\n"

    /// What programs that drive whiptail and dialog ask before anything else (debconf runs
    /// `--version` and needs 0; pythondialog `--print-version` and `--print-maxsize`): the lines
    /// to write, each on its descriptor, in the order asked; nil when it is no probe.
    public static func probe(_ program: Program, _ arguments: [String], terminalSize: () -> (columns: Int, rows: Int)?)
        -> [(fd: FileDescriptor, text: String)]? {
        if program == .whiptail {
            if arguments.contains("--help") { return [(FileDescriptor(1), help(program))] }
            return arguments.contains("--version") ? [(FileDescriptor(1), whiptailVersion)] : nil
        }
        // dialog looks at every word for these before anything else, a box's or not: the first
        // of them answers. (A bare `alertty --BOX …` answers --version only alone.)
        switch arguments.first(where: { $0 == "--help" || ($0 == "--version" && program == .dialog) }) {
        case "--help": return [(FileDescriptor(1), help(program))]
        case "--version": return [(FileDescriptor(1), dialogVersion)]
        default: break
        }
        // dialog given a single word that is no probe of its own (a box without its arguments, an
        // option alone) shows its help and exits 0.
        if arguments.count == 1, !["--print-maxsize", "--print-version", "--version", "--clear", "--ignore"].contains(arguments[0]) {
            return [(FileDescriptor(1), help(program))]
        }
        // With a box, dialog prints these and goes on to the box: only a bare probe is answered here.
        guard !arguments.contains(where: { $0.hasPrefix("--") && Compat.box(named: String($0.dropFirst(2)), .dialog) != nil }) else { return nil }
        if arguments.contains("--version") { return [(FileDescriptor(1), dialogVersion)] }
        let output: FileDescriptor = arguments.contains("--stdout") ? 1 : 2
        var lines: [(fd: FileDescriptor, text: String)] = []
        for a in arguments {
            if a == "--print-version" { lines.append((output, dialogVersion)) }
            if a == "--print-maxsize" || a == "--print-size" {
                let size = terminalSize() ?? (80, 24)
                lines.append((output, "MaxSize: \(size.rows), \(size.columns)\n"))
            }
        }
        return lines.isEmpty ? nil : lines
    }

    /// `--help` as either program answers it (stdout, 0): the boxes and options alertty takes in
    /// that program's place, then what the drop-in covers.
    static func help(_ program: Program) -> String {
        let name = program == .whiptail ? "whiptail" : "dialog"
        var lines = ["alertty standing in for \(name) (\(program == .whiptail ? whiptailVersion.dropLast() : dialogVersion.dropLast()))",
                     "usage: \(name) [options] --BOX TEXT HEIGHT WIDTH [box arguments]\(program == .whiptail ? "" : " [--and-widget --BOX …]")", "",
                     "Box options:"]
        for name in BoxName.allCases where box(named: name.rawValue, program) != nil {
            let box = name.box
            let usage = program == .whiptail ? box.whiptailUsage ?? box.usage : box.usage
            lines.append("\t--\(name.rawValue) \(box.first) <height> <width>\(usage)")
        }
        let known = options.keys.filter { knows($0, program) }.sorted()
        lines += ["", "Options:", Wrap.lines([known.map { "--" + $0 }.joined(separator: " ")], width: 76).map { "\t" + $0 }.joined(separator: "\n"), ""]
        lines += Wrap.lines(supportSummary, width: 78)
        return lines.joined(separator: "\n") + "\n"
    }
}
