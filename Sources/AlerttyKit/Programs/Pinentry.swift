// `alertty pinentry`, or alertty called as `pinentry-alertty`: GnuPG's agent starts it as its
// pinentry-program and speaks Assuan on its stdin and stdout (Pinentry/PinentrySession.swift).
// Each GETPIN, CONFIRM or MESSAGE is an ordinary alertty alert — password (asked twice for
// SETREPEAT), confirm or message — drawn on the terminal the agent names (OPTION ttyname, from
// GPG_TTY), else /dev/tty, and carried back over the protocol instead of printed.

public enum Pinentry {
    /// The name alertty answers to as a pinentry program.
    public static let programName = "pinentry-alertty"

    /// For the man page: how to name it to gpg-agent, installed as the package installs it.
    public static let usage = usage(installedIn: "/usr/bin")

    /// For --help: the same, with the folder this alertty was installed in.
    public static func usage(installedIn folder: String) -> [String] {
        [
            "alertty pinentry, or alertty called as pinentry-alertty (installed beside it): GnuPG's pinentry. gpg-agent speaks the Assuan protocol to it on stdin/stdout; each passphrase, confirmation or message is asked in a box on the terminal gpg names (GPG_TTY), else /dev/tty. SETREPEAT asks twice; Esc or Cancel answers \"Operation cancelled\", a timeout \"Timeout\", as pinentry-curses does. ALERTTY_OPTIONS in gpg-agent's environment is read as by alertty (SETTIMEOUT wins over its --timeout).",
            "echo 'pinentry-program \(folder)/pinentry-alertty' >> ~/.gnupg/gpg-agent.conf; gpgconf --reload gpg-agent",
            "export GPG_TTY=$(tty)   # in the shell's profile, so the agent knows where to ask",
        ]
    }

    /// Serves one session; the exit status (0 when the client said BYE or went away).
    static func main(_ arguments: [String]) -> Int32 {
        var preset: [String: String] = [:]
        var words = arguments[...]
        // pinentry's own command-line options; gpg-agent sets the same through OPTION.
        while let word = words.first {
            words = words.dropFirst()
            switch word {
            case "--version":
                Platform.writeAll(1, Array("pinentry-alertty (alertty) \(CommandSpec.version)\n".utf8))
                return 0
            case "--help", "-h":
                Platform.writeAll(1, Array((usage(installedIn: Askpass.installedFolder).joined(separator: "\n") + "\n").utf8))
                return 0
            case "--ttyname", "--ttytype", "--lc-ctype", "--lc-messages", "--display", "--timeout", "-T", "-N", "-C", "-M", "-D", "-o":
                guard let value = words.first else {
                    App.report("pinentry: \(word) needs a value")
                    return ExitStatus.usage.rawValue
                }
                words = words.dropFirst()
                let names = ["-T": "ttyname", "-N": "ttytype", "-C": "lc-ctype", "-M": "lc-messages", "-D": "display", "-o": "timeout"]
                preset[names[word] ?? String(word.dropFirst(2))] = value
            case "--debug", "-d", "--no-global-grab", "-g", "--enhanced", "-e":
                break
            default:
                App.report("pinentry: unknown option '\(word)' (see alertty pinentry --help)")
                return ExitStatus.usage.rawValue
            }
        }
        Platform.ignoreBrokenPipes()
        // Every passphrase passes through this process: no core, no tracing, no swapping.
        Platform.protectSecrets()
        let ids = Platform.effectiveIDs
        var session = PinentrySession(facts: .init(flavor: "alertty", version: CommandSpec.version, pid: Platform.processID,
                                                   euid: ids.user, egid: ids.group, deviceStat: Platform.statSummary))
        for (name, value) in preset where name != "timeout" { _ = session.handle(Array("OPTION \(name)=\(value)".utf8)) }
        if let seconds = preset["timeout"] { _ = session.handle(Array("SETTIMEOUT \(seconds)".utf8)) }
        guard Platform.writeAll(1, PinentrySession.greeting) else { return 0 }
        let reader = AssuanReader(fd: 0)
        while true {
            let line: [UInt8]
            switch reader.next() {
            case .end: return 0
            case .tooLong:
                Platform.writeError("pinentry-alertty: Assuan processing failed: Line passed to IPC too long\n")
                return 0
            case .line(let l): line = l
            }
            guard var step = session.handle(line) else { continue }
            if case .ask(let prompt) = step {
                step = session.finish(ask(prompt, reader: reader))
                Platform.scrubStack() // what the prompt's calls left on the stack
            }
            switch step {
            case .reply(let bytes):
                let sent = Platform.writeAll(1, bytes)
                bytes.wipeStorage() // it may hold a passphrase's D line: sent, and gone
                if !sent { return 0 }
            case .close(let bytes):
                Platform.writeAll(1, bytes)
                return 0
            case .ask:
                return 0 // finish never asks again
            }
        }
    }

    /// Puts the prompt to the person and says how it ended.
    static func ask(_ prompt: PinentrySession.Prompt, reader: AssuanReader) -> PinentrySession.Result {
        let ttyname = prompt.ttyname.flatMap { $0.isEmpty ? nil : $0 }
        // Opened here by its bytes, and asked on as /dev/fd/N: a name that is not UTF-8 is that
        // terminal's name, not the one its repaired text would spell. Without a terminal it
        // fails at once, with pinentry-curses' words, so the agent reports it.
        var terminal: FileDescriptor?
        do throws(PlatformError) {
            let opened = try Platform.openTerminal(bytes: ttyname ?? Array("/dev/tty".utf8))
            guard Platform.isTerminal(opened) else {
                Platform.close(opened)
                throw PlatformError(operation: "not a terminal", code: 25)
            }
            terminal = opened
        } catch {
            // With ALERTTY_POPUP an agent with no terminal still reaches the person: in a popup
            // on their tmux client (Ask finds it).
            if !Popup.wanted(byEnvironment: Platform.environment) {
                let code = ttyname == nil ? 25 /* ENOTTY: pinentry-curses wants a terminal on stdin */ : error.code
                return .failed(location: ttyname == nil ? "isatty" : "open_tty_for_read",
                               error: .system(errnoName: Platform.errnoName(code), text: Platform.describe(errno: code)))
            }
        }
        defer { if let terminal { Platform.close(terminal) } }
        if let type = prompt.ttytype, !type.isEmpty { Platform.setEnvironment("TERM", type) }
        if let ctype = prompt.lcCtype, !ctype.isEmpty { Platform.setEnvironment("LC_CTYPE", ctype) }
        // The quality meter is gpg-agent's to measure, over the protocol.
        let inquiry: [any EventSource] = prompt.qualityBar != nil && prompt.kind == .pin ? [QualityInquiry(reader: reader)] : []
        // ALERTTY_OPTIONS under the prompt's own settings, as for every program: SETTIMEOUT wins
        // over its --timeout. (gpg-agent passes its environment on to its pinentry.)
        let asked: ParsedCommand
        do { asked = try App.withOptions(command(for: prompt, tty: terminal.map { "/dev/fd/\($0)" } ?? "/dev/tty")) } catch {
            App.report(error.message)
            return .failed(location: "?", error: .pinentryError)
        }
        guard case .ended(let ended, _, _) = Ask.command(asked, Asking(sources: inquiry, meterIsTheCallers: !inquiry.isEmpty)) else {
            return .failed(location: "?", error: .pinentryError)
        }
        // The answer's storage goes to the session, which wipes it once the D line is made.
        if prompt.kind != .pin || ended.status != .ok { ended.answer?.wipeStorage() }
        switch (ended.status, prompt.kind) {
        case (.ok, .pin): return .pin(ended.answer ?? [], repeated: prompt.repeatPrompt != nil)
        case (.ok, _): return .confirmed
        case (.extra, _): return .notConfirmed
        case (.timeout, _): return .timeout
        case (.cancel, _): return .cancelled
        default: return .failed(location: "?", error: .pinentryError)
        }
    }

    /// The command that asks the prompt, built typed (nothing the agent sends is read as a flag).
    static func command(for prompt: PinentrySession.Prompt, tty: String) -> ParsedCommand {
        var command = ParsedCommand(alert: prompt.kind == .pin ? .password : prompt.kind == .confirm ? .confirm : .message)
        command.add(.tty, tty)
        if let title = prompt.title, !title.isEmpty { command.add(.title, title) }
        // Any SETTIMEOUT is taken; past a year (the flag's bound) it is a year, which is never.
        if prompt.timeout > 0 { command.add(.timeout, String(min(prompt.timeout, Limits.longestTimeout))) }
        let ok = PinentrySession.label(prompt.ok ?? "OK")
        let cancel = PinentrySession.label(prompt.cancel ?? "Cancel")
        var text = prompt.description ?? ""
        switch prompt.kind {
        case .pin:
            if text.isEmpty {
                text = prompt.prompt
            } else {
                command.add(.label, prompt.prompt)
            }
            if let again = prompt.repeatPrompt {
                command.add(.repeatLabel, again.isEmpty ? "Repeat:" : again)
                if let mismatch = prompt.repeatError, !mismatch.isEmpty { command.add(.mismatch, mismatch) }
            }
            if let error = prompt.error, !error.isEmpty { command.add(.error, error) }
            if let quality = prompt.qualityBar { command.add(.strengthLabel, quality) }
            command.add(.ok, ok)
            command.add(.cancel, cancel)
        case .confirm:
            if let error = prompt.error, !error.isEmpty { text = error + (text.isEmpty ? "" : "\n\n" + text) }
            command.add(.yes, ok)
            command.add(.no, cancel)
            if let notOk = prompt.notOk { command.add(.extraButton, PinentrySession.label(notOk)) }
        case .message:
            if let error = prompt.error, !error.isEmpty { text = error + (text.isEmpty ? "" : "\n\n" + text) }
            command.add(.ok, ok)
        }
        if text.isEmpty { text = " " }
        command.positionals = [text == "-" ? " -" : text]
        return command
    }
}

/// gpg-agent starts it and speaks Assuan on its stdin and stdout.
struct PinentryProgram: Program {
    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 { Pinentry.main(arguments) }
}
