// `alertty askpass [PROMPT]`, or alertty called as `alertty-askpass`: the program ssh, sudo and
// git run to ask for a secret when they have no terminal of their own on stdin (SSH_ASKPASS,
// SUDO_ASKPASS, GIT_ASKPASS). They pass the prompt as the argument and read the answer from
// stdout; a non-zero exit means the person declined. The prompt decides the alert: a secret is
// masked; a question whose answer is not secret (git's "Username for …", ssh's host-key
// "(yes/no/[fingerprint])?") is asked in the open; ssh's SSH_ASKPASS_PROMPT=confirm is a yes/no
// and =none only shows its text. The box is drawn on /dev/tty, the caller's terminal.

public enum Askpass {
    /// The name alertty answers to as an askpass program.
    public static let programName = "alertty-askpass"

    /// For the man page: how to name it to each caller, installed as the package installs it.
    public static let usage = usage(installedIn: "/usr/bin")

    /// For --help: the same, with the folder this alertty was installed in (`/usr/local/bin`
    /// after `scripts/install.sh /usr/local`). ssh uses askpass without a terminal of its own only
    /// with SSH_ASKPASS_REQUIRE=force (`prefer` asks it only where DISPLAY is set).
    public static func usage(installedIn folder: String) -> [String] {
        [
            "alertty askpass [PROMPT], or alertty called as alertty-askpass (installed beside it): the askpass program of ssh, sudo and git. A secret is masked; git's \"Username for\" and ssh's host-key (yes/no) question are asked in the open; SSH_ASKPASS_PROMPT=confirm is a yes/no and =none a notice. The answer goes to stdout; Esc or Cancel exits 1, so the caller stops.",
            "export SSH_ASKPASS=\(folder)/alertty-askpass SSH_ASKPASS_REQUIRE=force   # ssh, ssh-add (prefer needs DISPLAY)",
            "export SUDO_ASKPASS=\(folder)/alertty-askpass   # then sudo -A",
            "export GIT_ASKPASS=\(folder)/alertty-askpass    # git over https",
        ]
    }

    /// The folder the running alertty is installed in, as --help names it.
    static var installedFolder: String {
        guard let path = Platform.executablePath(), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/usr/bin" }
        return String(path[..<slash])
    }

    /// What is asked, from the prompt and the caller's environment.
    public enum Kind: Equatable, Sendable { case secret, open, confirm, notice }

    public static func kind(of prompt: String, environment: (String) -> String?) -> Kind {
        switch environment("SSH_ASKPASS_PROMPT")?.lowercased() {
        case "confirm": return .confirm
        case "none": return .notice
        default: break
        }
        let lower = prompt.lowercased()
        if lower.includes("(yes/no") { return .open } // ssh's host key question: yes, no or a fingerprint
        if lower.hasPrefix("username") || lower.includes("username for") || lower.hasPrefix("login") { return .open }
        return .secret
    }

    /// The command that asks it, built typed (a prompt is never read as a flag).
    public static func command(_ words: [String], environment: (String) -> String?) -> ParsedCommand {
        var prompt = words.joined(separator: " ")
        // Prompts end in ": " for a terminal's cursor; in a box the field follows on its own line.
        while prompt.last == " " { prompt.removeLast() }
        if prompt.isEmpty { prompt = "Password:" }
        let (alert, title): (AlertKind, String)
        switch kind(of: prompt, environment: environment) {
        case .secret: (alert, title) = (.password, "Password")
        case .open: (alert, title) = (.input, "Question")
        case .confirm: (alert, title) = (.confirm, "Confirm")
        case .notice: (alert, title) = (.message, "Notice")
        }
        var command = ParsedCommand(alert: alert)
        command.add(.title, title)
        command.positionals = [prompt == "-" ? " -" : prompt] // (`-` alone would read the text from stdin)
        return command
    }
}

/// ssh, sudo and git run it with the prompt as its arguments and read the answer from stdout.
struct AskpassProgram: Program {
    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 {
        // No caller passes these as a prompt: a person asking gets the program's help.
        if arguments == ["--help"] || arguments == ["-h"] {
            Platform.writeAll(1, Array((Askpass.usage(installedIn: Askpass.installedFolder).joined(separator: "\n") + "\n").utf8))
            return 0
        }
        if arguments == ["--version"] {
            Platform.writeAll(1, Array("alertty-askpass (alertty) \(CommandSpec.version)\n".utf8))
            return 0
        }
        let ran: Ran
        do {
            // Its caller reads stdout as the secret: a description goes to stderr, with a status
            // no caller takes for an answer.
            var asking = Asking(closed: closed)
            asking.descriptionDescriptor = 2
            ran = Ask.command(try App.withOptions(Askpass.command(arguments, environment: Platform.environment)), asking)
        } catch {
            ran = Ask.usage(error)
        }
        return ran.conclude(App.printed(ran))
    }
}
