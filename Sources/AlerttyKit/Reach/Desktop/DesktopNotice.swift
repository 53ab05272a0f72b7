// A waiting question as a desktop notification shows it (freedesktop.org's Desktop
// Notifications spec): who asks and since when as the summary, the question's text as the body,
// its answers as buttons with the box's words — or, for what buttons cannot answer, how to
// answer it elsewhere. Pure: made from what the prompt means, once, when the question is offered.

struct DesktopNotice {
    struct Button {
        /// The action's key, as the server sends it back.
        var key: String
        var label: String
        /// The answer it gives, read as a script's answer to the prompt is.
        var answer: String
    }

    var summary: String
    /// The question's text (nil: not shown — a secret's prompt).
    var text: String?
    var buttons: [Button] = []
    /// It takes a typed reply (an input), shown where the server can take one.
    var replyPlaceholder: String? = nil
    /// 0 low, 1 normal, 2 critical.
    var urgency: UInt8 = 1

    /// The notice for a prompt meaning `meaning` (nil: one that buttons and a reply cannot answer).
    static func of(_ meaning: AlertMeaning?, secret: Bool, countdown: Bool, title: String, asker: Popup.Asker,
                   since: (hour: Int, minute: Int)) -> DesktopNotice {
        let time = (since.hour < 10 ? "0" : "") + "\(since.hour):" + (since.minute < 10 ? "0" : "") + "\(since.minute)"
        let who = "\(Sanitize.line(asker.program)) (pid \(asker.pid)) since \(time)"
        let heading = Popup.Asker.cut(Sanitize.line(title).trimmingSpaces(), limit: 80)
        var notice = DesktopNotice(summary: heading.isEmpty ? "Asked by " + who : heading + " · asked by " + who, text: nil)
        notice.urgency = secret || countdown ? 2 : 1
        // Never a secret's prompt text: action results and what is shown travel on the bus.
        guard !secret, let meaning else { return notice }
        switch meaning {
        case .question(let q) where q.name == nil:
            notice.text = q.text
            notice.buttons = [Button(key: "yes", label: q.yes, answer: AnswerCodec.yes),
                              Button(key: "no", label: q.no, answer: AnswerCodec.no)]
        case .message(let m) where !m.reported:
            notice.text = m.text
            notice.buttons = [Button(key: "ok", label: m.ok, answer: AnswerCodec.acknowledged)]
        case .list(let c) where c.name == nil && !c.multi && !c.loading && !c.cut && (1...3).contains(c.labels.count):
            notice.text = c.text
            notice.buttons = c.labels.indices.map { Button(key: "item-\($0)", label: c.labels[$0], answer: c.names[$0]) }
        case .field(let f) where f.name == nil && !f.secret && !f.multiline:
            notice.text = f.text
            notice.replyPlaceholder = f.placeholder.isEmpty ? (f.label ?? "Your answer") : f.placeholder
        case .question(let q): notice.text = q.text
        case .message(let m): notice.text = m.text
        case .list(let c): notice.text = c.text
        case .field(let f): notice.text = f.text
        case .browser(let b): notice.text = b.text
        case .document(let d): notice.text = d.title
        case .progress(let p): notice.text = p.text
        }
        return notice
    }

    /// Said where the notification cannot take the answer.
    static let elsewhere = "Answer it in a terminal with: alertty agent"

    /// What Notify is sent for a server with `capabilities`, and a refusal to say (an answer the
    /// prompt's rules refused): the body, the actions (key, label, …) and the hints.
    func request(capabilities: Set<String>, refusal: String?) -> (body: String, actions: [String], hints: [DBusWire.Value]) {
        let replies = replyPlaceholder != nil && capabilities.contains("inline-reply")
        let answerable = !buttons.isEmpty || replies
        var lines = text.map { Sanitize.lines($0) } ?? []
        while lines.last?.isEmpty == true { lines.removeLast() }
        if let refusal { lines.append("Not taken: " + Sanitize.line(refusal)) }
        if !answerable { lines.append(Self.elsewhere) }
        var body = lines.joined(separator: "\n")
        // A server that reads markup reads it in the body: the text is the text, never markup.
        if capabilities.contains("body-markup") { body = Self.escapingMarkup(body) }
        var actions = buttons.flatMap { [$0.key, Sanitize.line($0.label)] }
        var hints: [DBusWire.Value] = [.entry(.string("urgency"), .variant("y", .byte(urgency))),
                                       .entry(.string("category"), .variant("s", .string("im.received")))]
        if replies, let replyPlaceholder {
            actions += ["inline-reply", "Reply"]
            hints.append(.entry(.string("x-kde-reply-placeholder-text"), .variant("s", .string(Sanitize.line(replyPlaceholder)))))
        }
        // A question stays until it is answered (a server may still let the person close it).
        hints.append(.entry(.string("resident"), .variant("b", .bool(true))))
        return (body, actions, hints)
    }

    /// The answer an action's key gives (nil: none of ours — the body clicked, say).
    func answer(forAction key: String) -> String? { buttons.first { $0.key == key }?.answer }

    static func escapingMarkup(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
