// A connection to the user's session bus, driven by the caller's wait: it never blocks (bar a
// short, bounded flush as it closes). It authenticates as the process's user (EXTERNAL, the
// kernel vouching for it), says Hello, then carries calls out and messages in. A bus whose
// other end is not run by this user is never spoken to.

final class BusConnection {
    let fd: FileDescriptor
    /// Why it is no use any more (nil while it works): the bus went away, or spoke garbage.
    private(set) var broken: String?
    private var outgoing: [UInt8] = []
    private var incoming: [UInt8] = []
    private var authenticated = false
    /// Calls made before the bus took us: sent once it has.
    private var held: [DBusWire.Message] = []
    private var serial: UInt32 = 0

    static let bus = "org.freedesktop.DBus"

    /// Connected to `address`, authentication under way; why not when it cannot be had.
    struct Unavailable: Error {
        var why: String
    }

    static func open(_ address: SessionBus.Address, user: UInt32 = Platform.userID) -> Result<BusConnection, Unavailable> {
        let fd: FileDescriptor
        do throws(PlatformError) {
            switch address {
            case .path(let path): fd = try Platform.connectStreamSocket(path)
            case .abstract(let name): fd = try Platform.connectStreamSocket(name, abstract: true)
            }
        } catch {
            return .failure(Unavailable(why: error.message))
        }
        guard let peer = Platform.peerUser(fd), peer == user else {
            Platform.close(fd)
            return .failure(Unavailable(why: "the session bus there is not run by this user"))
        }
        return .success(BusConnection(fd, user: user))
    }

    private init(_ fd: FileDescriptor, user: UInt32) {
        self.fd = fd
        // A NUL, then our user as hex digits of its decimal number.
        let hex = Array(String(user).utf8).map { b in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(b >> 4)], digits[Int(b & 0xF)]], as: UTF8.self)
        }.joined()
        outgoing = [0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8)
    }

    deinit { close() }

    func close() {
        guard Platform.isOpen(fd), broken != "closed" else { return }
        Platform.close(fd)
        broken = "closed"
    }

    /// Something waits to be sent.
    var wantsToWrite: Bool { broken == nil && !outgoing.isEmpty }

    /// Queues a call (sent when the bus can take it); its serial, which its reply names.
    @discardableResult
    func call(_ destination: String, path: String, interface: String, member: String, signature: String = "",
              body: [DBusWire.Value] = [], flags: UInt8 = 0) -> UInt32 {
        serial &+= 1
        if serial == 0 { serial = 1 }
        var message = DBusWire.Message.call(serial, to: destination, path: path, interface: interface, member: member,
                                            signature: signature, body: body)
        message.flags = flags
        if authenticated { outgoing += DBusWire.encode(message) } else { held.append(message) }
        return serial
    }

    /// Sends what the socket takes now.
    func flush() {
        guard broken == nil, !outgoing.isEmpty else { return }
        guard let sent = Platform.sendSome(fd, outgoing[...]) else { return fail("the session bus went away") }
        outgoing.removeFirst(sent)
    }

    /// Reads what has arrived: the messages complete in it, in order.
    func receive() -> [DBusWire.Message] {
        guard broken == nil else { return [] }
        var messages: [DBusWire.Message] = []
        while true {
            guard let chunk = Platform.read(fd, max: 64 << 10) else {
                fail("the session bus went away")
                return messages
            }
            if chunk.isEmpty { return messages }
            incoming += chunk
            if !authenticated { readAuthentication() }
            if authenticated { readMessages(into: &messages) }
            if broken != nil { return messages }
        }
    }

    /// Waits at most `ms` for what is queued to go, and for the reply to `serial` if given (a
    /// notification closed as the job ends must reach the bus before the socket closes): what
    /// arrived meanwhile.
    @discardableResult
    func settle(replyTo serial: UInt32? = nil, ms: Int32) -> [DBusWire.Message] {
        let end = Platform.now() + UInt64(ms) * 1_000_000
        var arrived: [DBusWire.Message] = []
        while broken == nil, Platform.now() < end {
            flush()
            if outgoing.isEmpty && serial == nil { break }
            let left = Int32(max(1, Int64(end &- Platform.now()) / 1_000_000))
            let ready = Platform.poll(read: [fd], write: outgoing.isEmpty ? [] : [fd], timeoutMs: left)
            if ready.readable.contains(fd) {
                arrived += receive()
                if arrived.contains(where: { $0.replySerial == serial && $0.kind != .methodCall && $0.kind != .signal }) { break }
            }
        }
        return arrived
    }

    private func fail(_ why: String) {
        guard broken == nil else { return }
        broken = why
        outgoing = []
        incoming = []
    }

    /// The server's answer to AUTH: OK lets us in (BEGIN, Hello, and what was held follow).
    private func readAuthentication() {
        guard let end = incoming.firstIndex(of: 0x0A) else {
            if incoming.count > 512 { fail("the session bus answered no D-Bus") }
            return
        }
        let line = String(decoding: incoming[..<end], as: UTF8.self)
        incoming.removeSubrange(...end)
        guard line.hasPrefix("OK ") else { return fail("the session bus did not take this user (\(Sanitize.excerpt(line)))") }
        authenticated = true
        outgoing += Array("BEGIN\r\n".utf8)
        serial &+= 1
        outgoing += DBusWire.encode(.call(serial, to: Self.bus, path: "/org/freedesktop/DBus", interface: Self.bus, member: "Hello"))
        for message in held { outgoing += DBusWire.encode(message) }
        held = []
    }

    private func readMessages(into messages: inout [DBusWire.Message]) {
        do throws(DBusWire.Malformed) {
            while let length = try DBusWire.length(incoming[...]), incoming.count >= length {
                messages.append(try DBusWire.decode(Array(incoming[..<length])))
                incoming.removeFirst(length)
            }
        } catch {
            guard case .broken(let why) = error else { return }
            fail("the session bus sent \(why)")
        }
    }
}
