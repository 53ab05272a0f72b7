// The desktop as a channel elsewhere: a waiting question shown as a notification
// (org.freedesktop.Notifications on the user's session bus) with its answers on buttons, or a
// typed reply where the server takes one. Spoken to by alertty's own small D-Bus client on the
// bus's socket (no library, no program run): the socket is one more descriptor of the caller's
// wait, and the notification is closed the moment the question is answered anywhere else.

struct DesktopElsewhere: Elsewhere {
    var name: String { "desktop" }

    /// Unless the person turned it off; the bus and its server are asked for when offered.
    func takes(_ question: Reach.Waiting) -> Bool {
        !question.command.has(.noNotify) && question.environment("ALERTTY_NOTIFY") != "0"
    }

    func offer(_ question: Reach.Waiting) -> (any OtherChannel)? {
        let say = Verbose(question.command.has(.verbose))
        guard let address = SessionBus.address(environment: question.environment) else {
            say("no desktop notification: no session bus (DBUS_SESSION_BUS_ADDRESS, /run/user/\(Platform.userID)/bus)")
            return nil
        }
        switch BusConnection.open(address) {
        case .failure(let unavailable):
            say("no desktop notification: \(unavailable.why)")
            return nil
        case .success(let bus):
            let built = question.built
            let answers = !built.readsStdinStream && built.progress == nil && built.fieldNames.isEmpty
            let local = Platform.localNow().secondsSinceMidnight - Int((Platform.now() &- question.asked) / 1_000_000_000)
            let since = ((local + 86_400) % 86_400 / 3600, (local + 86_400) % 3600 / 60)
            let notice = DesktopNotice.of(answers ? built.makeAlert().meaning : nil, secret: built.secret,
                                          countdown: question.command.has(.countdown), title: question.command.string(.title) ?? "",
                                          asker: question.asker, since: since)
            return DesktopNotification(bus, notice: notice, deadline: question.deadline, say: say) { [promptName = question.promptName] typed in
                Ask.answering(built, with: Array(typed.utf8), promptName: promptName)
            }
        }
    }

    /// Says why, once per process and reason, when asked to (--verbose).
    struct Verbose {
        let on: Bool
        init(_ on: Bool) { self.on = on }
        nonisolated(unsafe) private static var said: Set<String> = []
        func callAsFunction(_ line: String) {
            guard on, Self.said.insert(line).inserted else { return }
            App.report(line)
        }
    }
}

/// One question shown as a notification, as long as it waits.
final class DesktopNotification: OtherChannel {
    static let service = "org.freedesktop.Notifications", path = "/org/freedesktop/Notifications"
    /// A server that does not answer a call in this time is given up on.
    static let patience: UInt64 = 2_000_000_000

    private let bus: BusConnection
    let notice: DesktopNotice
    private let say: DesktopElsewhere.Verbose
    private let answer: (String) -> Result<Ran, SystemdAsk.Skipped>
    /// When the question times out (CLOCK_MONOTONIC nanoseconds; nil: never): the notification
    /// expires then, even if the job was killed with no chance to close it.
    private let deadline: UInt64?
    private var capabilities: Set<String> = []
    /// The server's own name on the bus: only its signals count.
    private var server: String?
    /// The calls awaiting their reply, and since when.
    private var capabilitiesCall: UInt32?, notifyCall: UInt32?
    private var calledAt: UInt64 = 0
    /// The notification shown (0: none — not yet, or dismissed).
    private(set) var shownID: UInt32 = 0
    private var refusal: String?
    /// No server to show it (one may come: the bus says so), or one that does not answer.
    private var gaveUp = false
    private(set) var lost = false
    private var withdrawn = false

    init(_ bus: BusConnection, notice: DesktopNotice, deadline: UInt64?, say: DesktopElsewhere.Verbose,
         answer: @escaping (String) -> Result<Ran, SystemdAsk.Skipped>) {
        (self.bus, self.notice, self.deadline, self.say, self.answer) = (bus, notice, deadline, say, answer)
        let rules = ["type='signal',interface='\(Self.service)',path='\(Self.path)'",
                     "type='signal',sender='\(BusConnection.bus)',member='NameOwnerChanged',arg0='\(Self.service)'"]
        for rule in rules {
            bus.call(BusConnection.bus, path: "/org/freedesktop/DBus", interface: BusConnection.bus, member: "AddMatch",
                     signature: "s", body: [.string(rule)], flags: DBusWire.Message.noReplyExpected)
        }
        askCapabilities()
        bus.flush()
    }

    deinit { withdraw() }

    var reads: [FileDescriptor] { withdrawn || lost ? [] : [bus.fd] }
    var writes: [FileDescriptor] { bus.wantsToWrite && !withdrawn ? [bus.fd] : [] }
    var lookAgainIn: Double? {
        guard capabilitiesCall != nil || notifyCall != nil, !gaveUp else { return nil }
        return Double(Int64(bitPattern: calledAt &+ Self.patience &- Platform.now())) / 1e9
    }

    func service(_ polled: (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>)) -> Ran? {
        guard !withdrawn, !lost else { return nil }
        if polled.writable.contains(bus.fd) { bus.flush() }
        if polled.readable.contains(bus.fd) {
            for message in bus.receive() {
                if let ran = take(message) { return ran }
            }
        }
        if let why = bus.broken {
            // (Offered afresh at the next look: a bus restarted is found again.)
            say("desktop notification: \(why)")
            lost = true
            return nil
        }
        if !gaveUp, capabilitiesCall != nil || notifyCall != nil, Platform.now() >= calledAt &+ Self.patience {
            giveUp("the desktop's notification server did not answer")
        }
        bus.flush()
        return nil
    }

    private func take(_ message: DBusWire.Message) -> Ran? {
        switch message.kind {
        case .methodReturn where message.replySerial != nil && message.replySerial == capabilitiesCall:
            capabilitiesCall = nil
            server = message.sender
            guard case .array(_, let names)? = message.body.first else { giveUp("the notification server said nothing it can do"); return nil }
            capabilities = Set(names.compactMap(\.string))
            guard capabilities.contains("actions") else {
                giveUp("the desktop's notification server shows no buttons")
                return nil
            }
            notify()
        case .methodReturn where message.replySerial != nil && message.replySerial == notifyCall:
            notifyCall = nil
            shownID = message.body.first?.uint32 ?? 0
        case .error where message.replySerial != nil && (message.replySerial == capabilitiesCall || message.replySerial == notifyCall):
            (capabilitiesCall, notifyCall) = (nil, nil)
            // None runs now: one that starts is told by the bus (NameOwnerChanged).
            say("no desktop notification: " + (message.errorName == "org.freedesktop.DBus.Error.ServiceUnknown"
                    ? "no notification server runs" : "the notification server said \(Sanitize.line(message.errorName ?? "no"))"))
        case .signal where message.member == "NameOwnerChanged" && message.sender == BusConnection.bus:
            let names = message.body.compactMap(\.string)
            guard names.count == 3, names[0] == Self.service else { return nil }
            // A server gone takes its notifications with it; one come shows the question afresh.
            (server, shownID, notifyCall, gaveUp) = (nil, 0, nil, false)
            if !names[2].isEmpty { askCapabilities() }
        case .signal where message.sender != nil && message.sender == server && message.path == Self.path:
            return signal(message)
        default:
            break
        }
        return nil
    }

    /// What the server said of a notification: an answer pressed or typed, or it gone.
    private func signal(_ message: DBusWire.Message) -> Ran? {
        guard shownID != 0, let id = message.body.first?.uint32, id == shownID, message.body.count == 2 else { return nil }
        switch message.member {
        case "ActionInvoked":
            guard let key = message.body[1].string, let given = notice.answer(forAction: key) else { return nil }
            return judge(given)
        case "NotificationReplied":
            guard notice.replyPlaceholder != nil, let typed = message.body[1].string else { return nil }
            return judge(typed)
        case "NotificationClosed":
            // Dismissed or expired is not No: the question waits on its other channels.
            shownID = 0
        default:
            break
        }
        return nil
    }

    /// An answer given on the notification, checked by the prompt's own rules: refused, it is
    /// shown again saying why.
    private func judge(_ given: String) -> Ran? {
        switch answer(given) {
        case .success(let ran): return ran
        case .failure(let refused):
            refusal = refused.reason
            notify()
            return nil
        }
    }

    private func askCapabilities() {
        calledAt = Platform.now()
        capabilitiesCall = bus.call(Self.service, path: Self.path, interface: Self.service, member: "GetCapabilities",
                                    flags: DBusWire.Message.noAutoStart)
    }

    private func notify() {
        let request = notice.request(capabilities: capabilities, refusal: refusal)
        calledAt = Platform.now()
        let expires = deadline.map { Int32(clamping: max(1, Int64(bitPattern: $0 &- calledAt) / 1_000_000)) } ?? 0
        notifyCall = bus.call(Self.service, path: Self.path, interface: Self.service, member: "Notify", signature: "susssasa{sv}i",
                              body: [.string("alertty"), .uint32(shownID), .string("dialog-question"), .string(notice.summary),
                                     .string(request.body), .array("s", request.actions.map { .string($0) }),
                                     .array("{sv}", request.hints), .int32(expires)],
                              flags: DBusWire.Message.noAutoStart)
    }

    private func giveUp(_ why: String) {
        gaveUp = true
        (capabilitiesCall, notifyCall) = (nil, nil)
        say("no desktop notification: \(why)")
    }

    /// Closed on the desktop (answered elsewhere, withdrawn, timed out, the job stopped): a
    /// notification still on its way is waited for a moment, so it is closed too.
    func withdraw() {
        guard !withdrawn else { return }
        withdrawn = true
        defer { bus.close() }
        if let call = notifyCall {
            for message in bus.settle(replyTo: call, ms: 250) where message.replySerial == call && message.kind == .methodReturn {
                shownID = message.body.first?.uint32 ?? 0
            }
        }
        guard shownID != 0 else { return }
        let close = bus.call(Self.service, path: Self.path, interface: Self.service, member: "CloseNotification", signature: "u",
                             body: [.uint32(shownID)], flags: DBusWire.Message.noAutoStart)
        bus.settle(replyTo: close, ms: 250)
        shownID = 0
    }
}
