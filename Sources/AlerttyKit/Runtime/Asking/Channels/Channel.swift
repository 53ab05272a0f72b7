// The ways a question is asked, as one table. A channel takes a prepared question and returns
// what came of it; which channel asks is decided by the command, the program asking and the
// environment alone (`Ask.route`, no terminal opened to decide it). A new way of asking is a
// type of its own and one row of `Ask.channels`.

/// One way of asking a prepared question.
protocol Channel: Sendable {
    /// Its name in the table (what a route test compares).
    var name: String { get }
    /// How ready the question is made before this channel takes it.
    var needs: Ask.Readiness { get }
    /// Asks `question`: what came of it. `record` is ALERTTY_RECORD's file when a person answers.
    func ask(_ question: Ask.Prepared, record: AnswerRecord?) -> Ran
}

extension Ask {
    /// The steps taken, in turn, before a channel asks: each channel needs those up to its own.
    enum Readiness: Int, Comparable {
        /// The alert built (--describe prints it, asking nothing).
        case built
        /// Its answer can be delivered, memory is guarded, its look and timing read.
        case deliverable
        /// The answers by name checked against the prompt (a script answers).
        case answersChecked
        /// ALERTTY_RECORD opened (a person answers: a file that must not be trusted is said first).
        case recorded

        static func < (a: Readiness, b: Readiness) -> Bool { a.rawValue < b.rawValue }
    }

    /// What decides the channel: facts of the command, the asking program and the environment.
    struct RouteFacts: Equatable {
        /// --describe: the prompt printed, never asked.
        var describe = false
        /// The alert answers before anything is drawn (choose --select-if-one).
        var immediate = false
        /// Answered by name (ALERTTY_ANSWER_<ID>, a credential), or by the defaults.
        var answeredWithoutAPerson = false
        /// --popup or ALERTTY_POPUP.
        var popupWanted = false
        /// Asked already for another process (a popup's or an agent's alertty), or with boxes
        /// drawn behind it (dialog's --and-widget): it never pops up again.
        var mustStayHere = false
        /// Line mode: --plain, ALERTTY_PLAIN, ACCESSIBLE, TERM dumb or unset.
        var plain = false
    }

    /// Every way of asking, the first row that applies asks.
    static let channels: [(applies: @Sendable (RouteFacts) -> Bool, channel: any Channel)] = [
        ({ $0.describe }, DescribeChannel()),
        ({ $0.immediate }, ImmediateChannel()),
        ({ $0.answeredWithoutAPerson }, ScriptedChannel()),
        ({ $0.popupWanted && !$0.mustStayHere }, PopupChannel()),
        ({ $0.plain }, TerminalChannel(line: true)),
        ({ _ in true }, TerminalChannel(line: false)),
    ]

    static func route(_ facts: RouteFacts) -> any Channel {
        channels.first { $0.applies(facts) }!.channel
    }

    /// The channel for a question.
    static func route(_ command: ParsedCommand, asking: Asking, immediate: Bool, answeredWithoutAPerson: Bool,
                      environment: (String) -> String?) -> any Channel {
        route(RouteFacts(describe: command.has(.describe), immediate: immediate, answeredWithoutAPerson: answeredWithoutAPerson,
                         popupWanted: Popup.wanted(command, environment: environment),
                         mustStayHere: asking.servedFor != nil || !asking.behind.isEmpty,
                         plain: plainMode(command, environment: environment)))
    }

    static func route(_ question: Prepared) -> any Channel {
        route(question.command, asking: question.asking, immediate: question.built.immediate,
              answeredWithoutAPerson: question.answerer.scriptedAnswers != nil, environment: question.environment)
    }
}
