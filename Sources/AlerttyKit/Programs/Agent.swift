// `alertty agent`: answers the questions jobs of this user are waiting to ask (cron, timers,
// services with no terminal, whose popup cannot be shown), here, in this terminal. The user's
// queue (QuestionQueue) says which wait; a question an agent may serve names its folder of FIFOs,
// and the agent that claims it first serves it as a tmux popup's alertty would: the same box,
// rules, answers and statuses the job would have got inline, the answer going straight to the
// job. `--list` prints what waits, `--check` says in one line that something does (for
// PROMPT_COMMAND), `--watch` keeps answering until interrupted.

struct AgentProgram: Program {
    static let usage = """
        usage: alertty agent [--watch | --list | --check]
          Answers the questions your jobs are waiting to ask (cron, timers, services; asked with
          --popup or ALERTTY_POPUP=1 and a --timeout), oldest first, here; exits 0 when none is left.
          --watch   keep answering new questions as they come, until interrupted (Ctrl-C)
          --list    print one line per waiting question: id, pid, program, alert, title, age;
                    exit 1 when none waits
          --check   print one line when questions wait, nothing otherwise (for PROMPT_COMMAND)

        """

    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 {
        let queue = QuestionQueue(folder: QuestionQueue.folderPath)
        switch arguments {
        case ["--help"], ["-h"]:
            Platform.writeAll(1, Array(Self.usage.utf8))
            return 0
        case ["--list"]:
            let waiting = Self.waiting(queue)
            let now = Platform.now()
            var lines = ""
            for (entry, record) in waiting {
                let age = Int((now &- entry.asked) / 1_000_000_000)
                // (The record is text from another process: every field drawn visibly.)
                lines += [entry.name, String(entry.pid), record["program"] ?? "?", record["alert"] ?? "?", record["title"] ?? "", "\(age)s"]
                    .map(Sanitize.line).joined(separator: "\t") + "\n"
            }
            Platform.writeAll(1, Array(lines.utf8))
            return waiting.isEmpty ? 1 : 0
        case ["--check"]:
            let n = Self.waiting(queue).count
            if n > 0 {
                Platform.writeError("alertty: \(n) question\(n == 1 ? " is" : "s are") waiting — run alertty agent\n")
            }
            return 0
        case [], ["--watch"]:
            return answer(queue, watching: arguments == ["--watch"])
        default:
            App.report("agent takes --watch, --list or --check; see alertty agent --help")
            return ExitStatus.usage.rawValue
        }
    }

    /// The questions waiting in the user's queue (none when it is not there or not theirs alone).
    static func waiting(_ queue: QuestionQueue) -> [(QuestionQueue.Entry, [String: String])] {
        guard Platform.privateFolderProblem(queue.folder) == nil else { return [] }
        return queue.waiting().map { ($0, queue.record($0)) }
    }

    /// Serves each question an agent may serve, oldest first, in a process of its own on this
    /// terminal; waits for more with `watching`.
    func answer(_ queue: QuestionQueue, watching: Bool) -> Int32 {
        guard Platform.canOpenTerminal("/dev/tty") else {
            App.report("the agent answers on a terminal, and this process has none")
            return ExitStatus.noTerminal.rawValue
        }
        while true {
            let waiting = Self.waiting(queue)
            let offered = waiting.compactMap { entry, record in
                record["folder"].flatMap { Platform.privateFolderProblem($0) == nil ? (entry, record, $0) : nil }
            }
            // The first agent to claim a question serves it; another looks at the next.
            if let (entry, record, folder) = offered.first(where: { Platform.claim($0.2 + "/claimed") }) {
                let waited = Int((Platform.now() &- entry.asked) / 1_000_000_000)
                Platform.writeError("alertty agent: \(Sanitize.line(record["program"] ?? "?")) (pid \(entry.pid)) asks, waiting \(waited) s\n")
                guard let pid = Platform.forkProcess() else { return ExitStatus.internalError.rawValue }
                if pid == 0 { Platform.exit(Popup.serve(folder)) }
                _ = Platform.reap(pid, wait: true)
                continue
            }
            // None left: done, unless watching. (One whose turn has just come offers itself in a moment.)
            if !watching && waiting.isEmpty { return 0 }
            Platform.pause(seconds: waiting.isEmpty ? Popup.waitForClient : Popup.lookAgain)
        }
    }
}
