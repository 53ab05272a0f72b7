// `alertty ask [FILE|-] [FLAG…]`: one question as JSON in (what --describe prints, or an MCP
// elicitation), asked the one way every alert is — the box, line mode, a popup or an agent from
// cron, answers from the environment, --timeout, the record — and one JSON answer out:
// {"action":"accept","content":…}, {"action":"decline"} (No, Cancel) or {"action":"cancel"}
// (Esc, Ctrl-C, time out, no one to ask), with the exit status the alert gives. FLAGs after the
// question (--popup, --timeout, --plain, --tty) are added to it. Bad JSON or a question it
// cannot ask: one line naming where, exit 2, nothing asked.

struct AskProgram: Program {
    static let usage = """
        usage: alertty ask [FILE | -] [FLAG…]
          Asks the question FILE (default: stdin) holds as JSON — a prompt as --describe prints it,
          or an MCP elicitation {message, requestedSchema} — and prints the answer as JSON:
          {"action":"accept","content":…}, {"action":"decline"} or {"action":"cancel"}.
          FLAGs (--popup, --timeout SECONDS, --plain, --tty PATH, …) are added to the question.

        """

    func run(_ arguments: [String], closed: Set<FileDescriptor>) -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] {
            Platform.writeAll(1, Array(Self.usage.utf8))
            return 0
        }
        var flags = arguments[...]
        let source = flags.first.flatMap { $0.hasPrefix("--") ? nil : $0 } ?? "-"
        if flags.first == source { flags = flags.dropFirst() }
        let bytes: [UInt8]
        do throws(PlatformError) {
            if source == "-" {
                guard !Platform.isTerminal(0) else {
                    App.report("ask reads the question as JSON from a file or stdin, and stdin is a terminal")
                    return ExitStatus.usage.rawValue
                }
                bytes = try Platform.readFile("/dev/stdin", limit: Limits.stdin, streams: true)
            } else {
                bytes = try Platform.readFile(source, limit: Limits.stdin, streams: true)
            }
        } catch {
            App.report("ask: " + error.message)
            return ExitStatus.usage.rawValue
        }
        let question: QuestionJSON.Question
        do throws(QuestionJSON.Refused) {
            let json: JSONValue
            do throws(JSONValue.Malformed) { json = try JSONValue.parse(bytes) } catch {
                App.report("ask: the question is " + error.message)
                return ExitStatus.usage.rawValue
            }
            question = try QuestionJSON.question(json)
        } catch {
            App.report("ask: " + error.message)
            return ExitStatus.usage.rawValue
        }
        // The question's own words, then the flags given here (before its `--` and texts).
        var words = question.words
        let texts = words.firstIndex(of: "--") ?? words.count
        words.insert(contentsOf: flags, at: texts)
        let parsed: ParseResult
        do { parsed = try ArgumentParser.parse(words) } catch {
            App.report("ask: " + error.message)
            return ExitStatus.usage.rawValue
        }
        guard case .run(let command) = parsed else {
            App.report("ask: the question asks nothing")
            return ExitStatus.usage.rawValue
        }
        let ran: Ran
        do { ran = Ask.command(try App.withOptions(command), Asking(closed: closed)) } catch { ran = Ask.usage(error) }
        if let answer = QuestionJSON.answer(ran, question.content) { Platform.writeAll(1, Array((answer + "\n").utf8)) }
        let status: Int32
        switch ran {
        case .failed(let failed): status = failed.rawValue
        case .notRun: status = 127
        case .ended(let outcome, _, _):
            outcome.answer?.wipeStorage()
            status = outcome.exitCode ?? outcome.status.rawValue
        }
        return ran.conclude(status)
    }
}
