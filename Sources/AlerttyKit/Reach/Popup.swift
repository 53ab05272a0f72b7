// Asking in a tmux popup (--popup, ALERTTY_POPUP=1): over the pane a script runs in, or — for a
// job with no terminal (cron, a timer, `setsid … </dev/null`) — on the user's own tmux server,
// on its most recently active client. A terminal that is not tmux asks inline, as always.
//
// The popup runs alertty again, which asks exactly as this one would have (the same command,
// the same rules, the program's own look) and hands back what came of it. Everything goes
// through FIFOs in a private folder (0700, removed afterwards): the command in, the script's
// stdin on, stderr back as it comes, and the outcome — an answer, a password too — back in
// memory, never in a file, an argument or another process's environment. The popup's command
// line holds only that folder and alertty's path, quoted.

enum Popup {
    /// Set (to the private folder) for the alertty a popup runs: it serves that request.
    static let folderVariable = "ALERTTY_POPUP_DIR"
    /// How long the keyboard must be quiet after a popup appears before it takes a key (a `y`
    /// typed into the shell as it appeared must not answer it); Firefox holds its security
    /// dialogs' buttons for a second for the same reason.
    static let quietKeyboard = 0.5

    /// --popup, or ALERTTY_POPUP (not empty, not 0).
    static func wanted(_ command: ParsedCommand, environment: (String) -> String?) -> Bool {
        command.has(.popup) || wanted(byEnvironment: environment)
    }

    static func wanted(byEnvironment environment: (String) -> String?) -> Bool {
        Ask.switchedOn("ALERTTY_POPUP", environment)
    }

    /// Where the popup goes, or why there is none.
    enum Place {
        /// Not in tmux, with a terminal: asked inline.
        case inline
        /// Somewhere a host shows it (a tmux client).
        case at(any HostPlace)
        /// No terminal and no tmux client to show a popup on: said why.
        case nowhere(String)
    }

    /// A tmux server and the client a popup is shown on.
    struct Tmux {
        /// `-S PATH` (nil: the server $TMUX names).
        var socket: String?
        var client: String
        var columns: Int
        var rows: Int
        /// 3.3 and later draw a popup without tmux's border (-B): alertty's box is the border.
        var borderless: Bool
        /// The client's terminal takes UTF-8 (tmux knows; a job from cron has no locale to say).
        var utf8 = true

        func command(_ words: [String]) -> [String] { ["tmux"] + (socket.map { ["-S", $0] } ?? []) + words }
    }

    /// Finds the place: the pane's tmux, the user's own server for a job with no terminal, or inline.
    static func place(_ command: ParsedCommand, terminal: Bool, environment: (String) -> String?) -> Place {
        var inTmux = !(environment("TMUX") ?? "").isEmpty
        // TMUX kept across `su` or `sudo -E` names another user's server: root in that pane is
        // asked where it is, never on that user's client.
        if inTmux, let path = environment("TMUX")?.split(separator: ",").first.map(String.init),
           Platform.ownSocketProblem(path) != nil {
            if terminal { return .inline }
            inTmux = false
        }
        if !inTmux && terminal { return .inline }
        var socket: String?
        if !inTmux {
            socket = jobsSocket(command, environment: environment)
            if command.string(.tmuxSocket) == nil, let problem = Platform.privateFolderProblem(folder(of: socket!)) {
                return .nowhere("no tmux server of yours (\(problem))")
            }
            if let problem = Platform.ownSocketProblem(socket!) { return .nowhere("no tmux server of yours (\(problem))") }
        }
        let fallback: (String) -> Place = { why in terminal ? .inline : .nowhere(why) }
        // (Asked once a process: a job waiting for a client looks again four times a second.)
        if installedVersion == nil {
            guard let version = Platform.output(of: ["tmux", "-V"], timeoutMs: 1000) else { return fallback("tmux could not be run") }
            installedVersion = Self.version(String(decoding: version.stdout, as: UTF8.self))
        }
        let (major, minor) = installedVersion ?? (0, 0)
        // tmux marks its socket executable while a client is attached: with none, a job waiting
        // for one looks at the socket's mode and runs no tmux (it ran `tmux -V` and
        // `list-clients` four times a second for its whole --timeout).
        if let socket, (major, minor) >= (3, 2), let status = Platform.linkStatus(socket), status.mode & 0o100 == 0 {
            return .nowhere("no client is attached to the tmux server at \(socket)")
        }
        guard (major, minor) >= (3, 2) else {
            return fallback("tmux \(major).\(minor) shows no popup (3.2 or later does)")
        }
        var tmux = Tmux(socket: socket, client: "", columns: 80, rows: 24, borderless: (major, minor) >= (3, 3))
        // In a pane: the client showing it. From a job: the user's own client used last.
        let asked = inTmux ? ["display-message", "-p", Client.format] : ["list-clients", "-F", Client.format]
        guard let listed = Platform.output(of: tmux.command(asked), timeoutMs: 1000), listed.status == 0 else {
            return fallback("the tmux server at \(socket ?? "$TMUX") does not answer")
        }
        let clients = Client.parse(String(decoding: listed.stdout, as: UTF8.self))
        guard let latest = clients.filter({ $0.uid == nil || $0.uid == Platform.userID }).max(by: { $0.activity < $1.activity }) else {
            let others = clients.count
            return fallback(others == 0 ? "no client is attached to the tmux server at \(socket ?? "$TMUX")"
                                        : "no client of yours is attached to the tmux server at \(socket ?? "$TMUX") (\(others) of other users)")
        }
        (tmux.client, tmux.columns, tmux.rows, tmux.utf8) = (latest.name, latest.columns, latest.rows, latest.utf8)
        return .at(tmux)
    }

    /// The socket of the user's own tmux server, where a job with no terminal shows its popup.
    static func jobsSocket(_ command: ParsedCommand, environment: (String) -> String?) -> String {
        if let path = command.string(.tmuxSocket) { return path }
        let base = environment("TMUX_TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return base + "/tmux-\(Platform.userID)/default"
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A watch that wakes a job waiting for a client when one may have come: its tmux server's
    /// folder, where a socket appears as a server starts and turns executable as a client
    /// attaches (nil: none to watch, so looked at again after a while).
    static func clientWatch(_ command: ParsedCommand, environment: (String) -> String?) -> Platform.FolderWatch? {
        guard (environment("TMUX") ?? "").isEmpty else { return nil }
        let watch = Platform.FolderWatch(folder(of: jobsSocket(command, environment: environment)), modes: true)
        return watch.descriptor == nil ? nil : watch
    }

    /// `tmux -V`, once read.
    nonisolated(unsafe) static var installedVersion: (Int, Int)?

    /// A tmux client as `list-clients -F` describes it.
    struct Client: Equatable {
        var activity: Int
        /// The client's user (nil from a tmux before 3.3, which knows none: a server of one user).
        var uid: UInt32?
        var columns: Int
        var rows: Int
        /// Its terminal takes UTF-8 (`client_utf8`).
        var utf8 = true
        var name: String

        /// Fields split by a character tmux prints as it is in any locale (a tab is printed as
        /// `_` without a UTF-8 one, as cron gives a job), the name last, whatever it holds.
        static let format = "#{client_activity}|#{client_uid}|#{client_width}|#{client_height}|#{client_utf8}|#{client_name}"

        static func parse(_ listing: String) -> [Client] {
            listing.split(separator: "\n").compactMap { line in
                let f = line.split(separator: "|", maxSplits: 5, omittingEmptySubsequences: false)
                guard f.count == 6, let activity = Int(f[0]), let columns = Int(f[2]), let rows = Int(f[3]), !f[5].isEmpty else { return nil }
                let uid = f[1].isEmpty ? nil : Int(f[1]).flatMap { UInt32(exactly: $0) }
                if uid == nil && !f[1].isEmpty { return nil }
                return Client(activity: activity, uid: uid, columns: columns, rows: rows, utf8: f[4] != "0", name: String(f[5]))
            }
        }
    }

    /// The server's prefix keys (`prefix`, `prefix2`), read once from the tmux this process is
    /// in: one `show-options -g`, bounded.
    static func prefixKeys() -> [KeyPress] {
        guard let shown = Platform.output(of: ["tmux", "show-options", "-g"], timeoutMs: 500), shown.status == 0 else { return [] }
        return prefixKeys(in: String(decoding: shown.stdout, as: UTF8.self))
    }

    /// The prefix keys `show-options -g` lists.
    static func prefixKeys(in options: String) -> [KeyPress] {
        options.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2, words[0] == "prefix" || words[0] == "prefix2" else { return nil }
            return key(named: String(words[1]))
        }
    }

    /// A key as tmux names it (`C-b`, `C-Space`, `M-a`, `` ` ``); nil for `None` and what is not one key.
    static func key(named name: String) -> KeyPress? {
        var modifiers: Modifiers = []
        var rest = Substring(name)
        while rest.count > 2, rest.dropFirst().first == "-", let m = rest.first, "CMS".contains(m) {
            modifiers.insert(m == "C" ? .ctrl : m == "M" ? .alt : .shift)
            rest = rest.dropFirst(2)
        }
        let key: Key
        switch rest {
        // (The terminal sends C-Space as NUL, which reads as Ctrl-@.)
        case "Space": key = .char(modifiers.contains(.ctrl) ? "@" : " ")
        case "Tab": key = .tab
        case "Escape": key = .escape
        case "Enter": key = .enter
        default:
            guard rest.unicodeScalars.count == 1, let scalar = rest.unicodeScalars.first else { return nil }
            // (A control key reads as its lower-case letter: C-B is C-b.)
            key = .char(modifiers.contains(.ctrl) ? Unicode.Scalar(String(scalar).lowercased()) ?? scalar : scalar)
        }
        return KeyPress(key, modifiers)
    }

    /// `tmux 3.3a`, `tmux next-3.4`, `tmux master` → (3, 3), (3, 4), (99, 0).
    static func version(_ text: String) -> (Int, Int) {
        let word = text.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        if word == "master" { return (99, 0) }
        let digits = word.drop { !$0.isNumber }
        let parts = digits.split(separator: ".")
        let major = parts.first.flatMap { Int($0) } ?? 0
        let minor = parts.dropFirst().first.map { Int($0.prefix { $0.isNumber }) ?? 0 } ?? 0
        return (major, minor)
    }

    // MARK: - The request and what came of it

    /// What the popup's alertty is told: the command, the drop-in's look, where to run, and the
    /// environment it reads (tmux gives a popup the server's environment, not the caller's).
    struct Request {
        var command: ParsedCommand
        var theme: String?
        var directory: String
        /// Each variable as the caller has it: a value, or nil (unset there, so unset here).
        var environment: [(String, String?)]
        /// The process that asks, and when it started: the popup goes when it does.
        var caller: Int32 = 0
        var callerStart: UInt64 = 0
        /// When the caller stops waiting (CLOCK_MONOTONIC nanoseconds, the machine's one clock;
        /// 0: never): the question may wait a while for an agent, and its --timeout counts from here.
        var deadline: UInt64 = 0
        /// The whole files the caller read to make it (a form's --fields-from, edit's FILE): the
        /// alert is made from these where it is shown, never from that host's files.
        var read: [AlertReads.File] = []
    }

    /// The popup's alertty gets the caller's environment (a command progress runs sees what it
    /// would inline; the locale, the look, NEWT_COLORS and DIALOGRC are the caller's), but for
    /// the popup's own terminal and the variables that would make it act for another: answer,
    /// record, pop up again.
    static let popupsOwn: Set<String> = ["TERM", "TMUX", "TMUX_PANE", "COLUMNS", "LINES"]
    /// An agent's terminal is the person's: drawn in its language and colours, not the job's
    /// (cron gives a job no locale at all).
    static let agentsOwn: Set<String> = ["LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "COLORTERM", "NO_COLOR"]
    static let withheld: Set<String> = ["ALERTTY_POPUP", "ALERTTY_OPTIONS", "ALERTTY_RECORD", "ALERTTY_ANSWERS",
                                        "ALERTTY_NONINTERACTIVE", folderVariable]

    /// The caller's environment as the popup's alertty is to have it.
    static func environment() -> [(String, String?)] {
        Platform.environmentNames(startingWith: "").compactMap { name in
            guard !popupsOwn.contains(name), !withheld.contains(name), !name.hasPrefix("ALERTTY_ANSWER_") else { return nil }
            return (name, Platform.environment(name))
        }
    }

    /// The locale variables of the person's tmux server (`show-environment -g`: what their
    /// sessions start with), for a job's popup on their client: NAME=value, or nil where the
    /// server has it unset (`-NAME`). Empty when it cannot be read.
    static func personsLocale(_ tmux: Tmux) -> [(String, String?)] {
        guard let shown = Platform.output(of: tmux.command(["show-environment", "-g"]), timeoutMs: 500), shown.status == 0 else { return [] }
        return personsLocale(in: String(decoding: shown.stdout, as: UTF8.self))
    }

    static func personsLocale(in listing: String) -> [(String, String?)] {
        listing.split(separator: "\n").compactMap { line in
            let unset = line.hasPrefix("-")
            let entry = unset ? line.dropFirst() : line[...]
            let name = String(entry.prefix { $0 != "=" })
            guard agentsOwn.contains(name) else { return nil }
            return (name, unset ? nil : entry.firstIndex(of: "=").map { String(entry[entry.index(after: $0)...]) })
        }
    }

    /// A job's popup on `tmux`'s client: the caller's environment, in the person's language
    /// and colours and the client's character set, not the job's.
    static func environment(forJobOn tmux: Tmux) -> [(String, String?)] {
        environment(environment(environment(), person: personsLocale(tmux)), forClientUTF8: tmux.utf8)
    }

    /// A job's popup in the person's language and colours (their tmux server's), not the job's.
    static func environment(_ environment: [(String, String?)], person: [(String, String?)]) -> [(String, String?)] {
        guard !person.isEmpty else { return environment }
        let theirs = Set(person.map(\.0))
        return environment.filter { !theirs.contains($0.0) } + person
    }

    /// A job's popup is drawn on the person's client, in the client's character set, not the
    /// job's (cron gives a job no locale, and its popup came out in ASCII inside tmux's Unicode
    /// border): `environment` with the character set made the client's.
    static func environment(_ environment: [(String, String?)], forClientUTF8 utf8: Bool) -> [(String, String?)] {
        var table: [String: String] = [:]
        for case let (name, value?) in environment { table[name] = value }
        guard Theme.localeIsUTF8(environment: { table[$0] }) != utf8 else { return environment }
        let charset = utf8 ? "C.UTF-8" : "C"
        // LC_ALL wins over LC_CTYPE: where it is set, it is the one that says the character set.
        let name = table["LC_ALL"].map { !$0.isEmpty } == true ? "LC_ALL" : "LC_CTYPE"
        return environment.filter { $0.0 != name } + [(name, charset)]
    }
}

