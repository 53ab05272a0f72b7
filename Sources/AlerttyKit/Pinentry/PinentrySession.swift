// The pinentry side of an Assuan session, as a value: each request line gives the reply lines,
// or a prompt to put to the person (GETPIN, CONFIRM, MESSAGE) whose result then gives them. No
// I/O here; `alertty pinentry` (CLI/Pinentry.swift) reads the lines and shows the prompts.
// Commands, options and replies follow pinentry 1.2/1.3 (pinentry.c), so gpg-agent cannot tell.

public struct PinentrySession {
    /// What the person is asked, with the texts the client set (escapes undone, `_` accelerators kept).
    public struct Prompt: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case pin, confirm, message }
        public var kind: Kind
        public var title: String?
        public var description: String?
        public var prompt: String
        public var ok: String?
        public var cancel: String?
        public var notOk: String?
        public var error: String?
        /// SETQUALITYBAR: a meter with this label, measured by the client.
        public var qualityBar: String?
        /// SETREPEAT: ask twice, with this label over the second entry.
        public var repeatPrompt: String?
        public var repeatError: String?
        public var timeout: Int
        /// OPTION ttyname as sent: a path is bytes, and one that is not UTF-8 must still name
        /// that terminal, not the one its repaired text would name.
        public var ttyname: [UInt8]?
        public var ttytype: String?
        public var lcCtype: String?
    }

    /// How a prompt ended.
    public enum Result: Equatable, Sendable {
        /// A PIN (wiped by the session once sent), asked twice when `repeated`.
        case pin([UInt8], repeated: Bool)
        case confirmed
        /// The NOTOK button (CONFIRM with SETNOTOK).
        case notConfirmed
        case cancelled
        case timeout
        /// The terminal could not be used: where (pinentry's location words) and why.
        case failed(location: String, error: Assuan.ErrorCode)
    }

    public enum Step: Equatable, Sendable {
        /// Reply lines (each ends with LF), then wait for the next request.
        case reply([UInt8])
        /// Ask the person, then pass the result to `finish`.
        case ask(Prompt)
        /// Reply and end the session (BYE).
        case close([UInt8])
    }

    /// What GETINFO reports about this process.
    public struct Facts: Sendable {
        public var flavor: String
        public var version: String
        public var pid: Int
        public var euid: UInt32
        public var egid: UInt32
        /// A device's `mode/uid/gid` (octal mode), "?" when it cannot be read.
        public var deviceStat: @Sendable (String) -> String
        public init(flavor: String, version: String, pid: Int, euid: UInt32, egid: UInt32,
                    deviceStat: @escaping @Sendable (String) -> String) {
            self.flavor = flavor; self.version = version; self.pid = pid
            self.euid = euid; self.egid = egid; self.deviceStat = deviceStat
        }
    }

    public static let greeting = Array("OK Pleased to meet you\n".utf8)

    let facts: Facts
    // Set once by the agent; RESET keeps them.
    var options: [String: String] = [:]
    // Per prompt; RESET clears them.
    var description: String?
    var prompt: String?
    var title: String?
    var ok: String?
    var cancel: String?
    var notOk: String?
    var error: String?
    var repeatPrompt: String?
    var repeatError: String?
    var repeatOk: String?
    var qualityBar: String?
    var qualityBarTip: String?
    var keyInfo: String?
    var ttyname: [UInt8]?
    var timeout = 0
    /// The prompt being asked, until `finish`.
    var asking: Prompt?

    public init(facts: Facts) { self.facts = facts }

    /// The commands HELP lists, in pinentry's order (libassuan's own first).
    static let commands = ["NOP", "CANCEL", "OPTION", "BYE", "AUTH", "RESET", "END", "HELP",
                           "SETDESC", "SETPROMPT", "SETKEYINFO", "SETREPEAT", "SETREPEATERROR", "SETREPEATOK",
                           "SETERROR", "SETOK", "SETNOTOK", "SETCANCEL", "GETPIN", "CONFIRM", "MESSAGE",
                           "SETQUALITYBAR", "SETQUALITYBAR_TT", "SETGENPIN", "SETGENPIN_TT", "GETINFO",
                           "SETTITLE", "SETTIMEOUT", "CLEARPASSPHRASE"]

    /// Options pinentry takes with any value, and those it takes only without one.
    static let valuedOptions: Set<String> = [
        "debug-wait", "display", "ttyname", "ttytype", "ttyalert", "lc-ctype", "lc-messages", "owner", "parent-wid",
        "touch-file", "default-ok", "default-cancel", "default-prompt", "default-pwmngr", "default-cf-visi",
        "default-tt-visi", "default-tt-hide", "default-capshint", "invisible-char", "formatted-passphrase-hint",
        "constraints-hint-short", "constraints-hint-long", "constraints-error-title",
    ]
    static let bareOptions: Set<String> = ["no-grab", "grab", "allow-external-password-cache", "allow-emacs-prompt",
                                            "formatted-passphrase", "constraints-enforce"]

    public mutating func handle(_ line: [UInt8]) -> Step? {
        guard let request = Assuan.parse(line) else { return nil }
        let text = { String(decoding: Assuan.unescape(request.argument), as: UTF8.self) }
        let optionalText = { request.argument.isEmpty ? nil : text() }
        switch request.command {
        case "NOP": return accepted()
        case "BYE": return .close(Array("OK closing connection\n".utf8))
        case "CANCEL", "AUTH", "END": return failure(.notImplemented)
        case "RESET":
            resetPrompt()
            return accepted()
        case "HELP": return help(String(decoding: request.argument, as: UTF8.self))
        case "OPTION": return option(request.argument)
        case "SETDESC": description = text()
        case "SETPROMPT": prompt = text()
        case "SETTITLE": title = text()
        case "SETOK": ok = text()
        case "SETCANCEL": cancel = text()
        case "SETNOTOK": notOk = text()
        case "SETERROR": error = text()
        case "SETREPEAT": repeatPrompt = text()
        case "SETREPEATERROR": repeatError = text()
        case "SETREPEATOK": repeatOk = text()
        case "SETQUALITYBAR": qualityBar = request.argument.isEmpty ? "Quality:" : text()
        case "SETQUALITYBAR_TT": qualityBarTip = optionalText()
        case "SETGENPIN", "SETGENPIN_TT": break // no generator: accepted, as pinentry-curses does
        case "SETKEYINFO":
            let info = String(decoding: request.argument, as: UTF8.self)
            keyInfo = info.isEmpty || info == "--clear" ? nil : info
        case "SETTIMEOUT":
            if !request.argument.isEmpty { timeout = Self.leadingInteger(request.argument) }
        case "CLEARPASSPHRASE": return failure(.generalIPC) // no passphrase cache of our own
        case "GETINFO": return info(String(decoding: request.argument, as: UTF8.self))
        case "GETPIN": return ask(.pin)
        case "CONFIRM":
            return ask(String(decoding: request.argument, as: UTF8.self).includes("--one-button") ? .message : .confirm)
        case "MESSAGE": return ask(.message)
        default: return failure(.unknownCommand)
        }
        return accepted()
    }

    /// The replies to the prompt just asked, and the per-prompt settings pinentry clears after it.
    public mutating func finish(_ result: Result) -> Step {
        guard let prompt = asking else { return failure(.generalIPC) }
        asking = nil
        error = nil
        qualityBar = nil
        if prompt.kind == .pin { repeatPrompt = nil }
        switch result {
        case .pin(let pin, let repeated):
            var out: [UInt8] = []
            out.reserveCapacity(pin.count * 3 + 32) // one buffer: no half-grown copy of the line is left behind
            if repeated { out += Array("S PIN_REPEATED\n".utf8) }
            Assuan.dataLines(pin, into: &out)
            out += Array("OK\n".utf8)
            pin.wipeStorage()
            return .reply(out)
        case .confirmed:
            return accepted()
        case .notConfirmed:
            return prompt.kind == .message ? accepted() : failure(.notConfirmed)
        case .cancelled:
            return prompt.kind == .message ? accepted() : failure(.cancelled)
        case .timeout:
            return statusError(location: "?", .timeout)
        case .failed(let location, let code):
            return statusError(location: location, code)
        }
    }

    // MARK: - Commands

    mutating func ask(_ kind: Prompt.Kind) -> Step {
        let defaultPrompt = options["default-prompt"].map(Self.unescapedText) ?? "PIN:"
        let prompt = Prompt(kind: kind, title: title, description: description, prompt: self.prompt ?? defaultPrompt,
                            ok: ok ?? options["default-ok"].map(Self.unescapedText),
                            cancel: cancel ?? options["default-cancel"].map(Self.unescapedText),
                            notOk: kind == .confirm ? notOk : nil, error: error,
                            qualityBar: kind == .pin ? qualityBar : nil,
                            repeatPrompt: kind == .pin ? repeatPrompt : nil, repeatError: repeatError,
                            timeout: timeout, ttyname: ttyname, ttytype: options["ttytype"],
                            lcCtype: options["lc-ctype"])
        asking = prompt
        return .ask(prompt)
    }

    /// OPTION name[=value] as libassuan splits it: an optional leading `--`, the name up to a
    /// space or `=`, spaces around the `=`, trailing spaces dropped.
    mutating func option(_ argument: [UInt8]) -> Step {
        var rest = argument[...]
        if rest.starts(with: [0x2D, 0x2D]) { rest = rest.dropFirst(2) }
        let name = String(decoding: rest.prefix { $0 != 0x20 && $0 != 0x3D }, as: UTF8.self)
        rest = rest.dropFirst(name.utf8.count).drop { $0 == 0x20 }
        if rest.first == 0x3D { rest = rest.dropFirst().drop { $0 == 0x20 } }
        while rest.last == 0x20 { rest = rest.dropLast() }
        let value = String(decoding: rest, as: UTF8.self)
        guard Self.valuedOptions.contains(name) || (Self.bareOptions.contains(name) && value.isEmpty) else {
            return failure(.unknownOption)
        }
        options[name] = value
        if name == "ttyname" { ttyname = Array(rest) }
        return accepted()
    }

    func help(_ argument: String) -> Step {
        let name = argument.uppercased().trimmingSpaces()
        if !name.isEmpty {
            // pinentry registers no help texts: a known command has none to show.
            return failure(Self.commands.contains(name) ? .notFound : .unknownHelpCommand)
        }
        return .reply(Array((Self.commands.map { "# \($0)\n" }.joined() + "OK\n").utf8))
    }

    func info(_ argument: String) -> Step {
        let value: String
        switch argument {
        case "version": value = facts.version
        case "pid": value = String(facts.pid)
        case "flavor": value = facts.flavor
        case "ttyinfo":
            let tty = options["ttyname"]
            value = [tty ?? "-", options["ttytype"] ?? "-", options["display"] ?? "-",
                     tty.map { $0.isEmpty ? "-" : facts.deviceStat($0) } ?? "-",
                     "\(facts.euid)/\(facts.egid)", "-"].joined(separator: " ")
        default: return failure(.parameter)
        }
        var out: [UInt8] = []
        Assuan.dataLines(Array(value.utf8), into: &out)
        return .reply(out + Array("OK\n".utf8))
    }

    mutating func resetPrompt() {
        description = nil; prompt = nil; title = nil; ok = nil; cancel = nil; notOk = nil; error = nil
        repeatPrompt = nil; repeatError = nil; repeatOk = nil; qualityBar = nil; qualityBarTip = nil
        keyInfo = nil; timeout = 0
    }

    func accepted() -> Step { .reply(Array("OK\n".utf8)) }
    func failure(_ code: Assuan.ErrorCode) -> Step { .reply(Array((code.line + "\n").utf8)) }

    /// pinentry's `S ERROR flavor.location code ` status before the ERR.
    func statusError(location: String, _ code: Assuan.ErrorCode) -> Step {
        .reply(Array("S ERROR \(facts.flavor).\(location) \(code.value) \n\(code.line)\n".utf8))
    }

    /// A button label as pinentry shows it: `_` marks the accelerator and is not shown (`__` is one `_`).
    public static func label(_ label: String) -> String {
        var out = ""
        var marked = false
        for character in label {
            if character == "_" && !marked { marked = true; continue }
            marked = false
            out.append(character)
        }
        return out
    }

    static func unescapedText(_ text: String) -> String { String(decoding: Assuan.unescape(Array(text.utf8)), as: UTF8.self) }

    /// atoi: leading spaces, a sign, digits; 0 when none.
    static func leadingInteger(_ bytes: [UInt8]) -> Int {
        var rest = bytes.drop { $0 == 0x20 || $0 == 0x09 }[...]
        var sign = 1
        if rest.first == 0x2D { sign = -1; rest = rest.dropFirst() } else if rest.first == 0x2B { rest = rest.dropFirst() }
        var value = 0
        for byte in rest {
            guard (0x30...0x39).contains(byte), value < 1 << 40 else { break }
            value = value * 10 + Int(byte - 0x30)
        }
        return sign * value
    }
}

