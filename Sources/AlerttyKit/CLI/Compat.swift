// Drop-in for old scripts: whiptail/dialog invocations of the boxes alertty has are translated
// to alertty's own flags. As in whiptail, the answer goes to stderr (or --output-fd N, or
// stdout with --stdout) without a newline, and Esc exits 255 where Cancel exits 1.

public enum Compat {
    public struct Output: Equatable, Sendable {
        public var descriptor: Int32
    }

    public struct Translated: Equatable, Sendable {
        public var arguments: [String]
        public var output: Output
    }

    static let boxes: [String: AlertKind] = [
        "--msgbox": .message, "--infobox": .message, "--yesno": .confirm, "--inputbox": .input,
        "--passwordbox": .password, "--fselect": .save, "--dselect": .folder,
    ]
    /// Options of whiptail/dialog that change nothing here, with how many values they take.
    static let ignored: [String: Int] = [
        "--clear": 0, "--fb": 0, "--fullbuttons": 0, "--nocancel": 0, "--no-cancel": 0, "--scrolltext": 0,
        "--topleft": 0, "--keep-tite": 0, "--colors": 0, "--no-shadow": 0, "--shadow": 0, "--no-collapse": 0,
        "--cr-wrap": 0, "--trim": 0, "--insecure": 0, "--no-mouse": 0, "--erase-on-exit": 0, "--quoted": 0,
        "--backtitle": 1, "--default-item": 1, "--aspect": 1, "--begin": 2, "--sleep": 1,
    ]
    static let renamed: [String: String] = [
        "--yes-button": "--yes", "--yes-label": "--yes", "--no-button": "--no", "--no-label": "--no",
        "--ok-button": "--ok", "--ok-label": "--ok", "--cancel-button": "--cancel", "--cancel-label": "--cancel",
        "--title": "--title",
    ]

    /// nil when `arguments` is not a whiptail/dialog invocation.
    public static func translate(_ arguments: [String]) -> Result<Translated, UsageError>? {
        guard let boxIndex = arguments.firstIndex(where: { boxes[$0] != nil }),
              AlertKind(rawValue: arguments.first ?? "") == nil else { return nil }
        let alert = boxes[arguments[boxIndex]]!
        var out: [String] = [alert.rawValue]
        var descriptor: Int32 = 2
        var i = 0
        var defaultNo = false
        while i < boxIndex {
            let a = arguments[i]
            i += 1
            if let n = ignored[a] {
                i += n
                continue
            }
            switch a {
            case "--stdout": descriptor = 1
            case "--stderr": descriptor = 2
            case "--defaultno": defaultNo = true
            case "--output-fd":
                guard i < boxIndex, let fd = Int32(arguments[i]), fd >= 0 else { return .failure(UsageError("--output-fd needs a descriptor number")) }
                descriptor = fd
                i += 1
            default:
                guard let flag = renamed[a] else { return .failure(UsageError("unsupported whiptail/dialog option \(a)")) }
                guard i < boxIndex else { return .failure(UsageError("\(a) needs a value")) }
                // A label for a button this box does not have (e.g. --yes-button on a msgbox) is dropped, as whiptail does.
                if CommandSpec.flags(for: alert).contains(where: { "--" + $0.name == flag }) {
                    out += [flag, arguments[i]]
                }
                i += 1
            }
        }
        let rest = Array(arguments[(boxIndex + 1)...])
        guard rest.count >= 3, let width = Int(rest[2]), Int(rest[1]) != nil else {
            return .failure(UsageError("\(arguments[boxIndex]) needs TEXT HEIGHT WIDTH"))
        }
        if defaultNo && alert == .confirm { out += ["--default", "no"] }
        // A size larger than the screen is clamped to it (as whiptail and dialog do), not refused.
        if width >= 16 { out += ["--width", String(min(width, 1000))] }
        out += ["--no-animation"]
        switch alert {
        case .save, .folder:
            let path = rest[0]
            let isDirectory = path.hasSuffix("/")
            var dir = isDirectory ? path : String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            if dir.isEmpty { dir = path.hasPrefix("/") ? "/" : "." }
            out += ["--dir", dir]
            if alert == .save, !isDirectory, let slash = path.lastIndex(of: "/") {
                out += ["--name", String(path[path.index(after: slash)...])]
            }
        case .input, .password:
            if rest.count >= 4 && alert == .input { out += ["--value", rest[3]] }
            out += ["--", rest[0].replacingAll("\\n", with: "\n")]
        default:
            out += ["--", rest[0].replacingAll("\\n", with: "\n")]
        }
        return .success(Translated(arguments: out, output: Output(descriptor: descriptor)))
    }
}
