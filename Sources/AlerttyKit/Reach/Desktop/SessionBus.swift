// Where the user's session bus is: DBUS_SESSION_BUS_ADDRESS when set (a desktop session's
// programs have it), else the user's own /run/user/UID/bus (a job from cron has no
// environment to speak of, but the bus systemd keeps for the user is there).

enum SessionBus {
    /// A socket to connect to.
    enum Address: Equatable {
        case path(String)
        /// Linux's abstract namespace (no file: whose it is is asked of the socket itself).
        case abstract(String)
    }

    /// The addresses the environment names, in order (only those alertty speaks: unix sockets).
    /// `unix:path=/run/user/1000/bus`, `unix:abstract=/tmp/dbus-x,guid=…`, several split by `;`,
    /// values percent-escaped.
    static func addresses(_ text: String) -> [Address] {
        text.split(separator: ";").compactMap { one in
            guard one.hasPrefix("unix:") else { return nil }
            for pair in one.dropFirst(5).split(separator: ",") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let key = pair[..<equals], value = unescape(pair[pair.index(after: equals)...])
                guard let value, !value.isEmpty else { return nil }
                if key == "path" { return .path(value) }
                if key == "abstract" { return .abstract(value) }
            }
            return nil
        }
    }

    /// Where the user's bus is, as this process's environment says or systemd keeps it.
    static func address(environment: (String) -> String?, user: UInt32 = Platform.userID) -> Address? {
        if let named = environment("DBUS_SESSION_BUS_ADDRESS") { return addresses(named).first }
        let path = "/run/user/\(user)/bus"
        return Platform.linkStatus(path) != nil ? .path(path) : nil
    }

    private static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        func digit(_ b: UInt8?) -> UInt8? {
            guard let b else { return nil }
            switch b {
            case 0x30...0x39: return b - 0x30
            case 0x61...0x66: return b - 0x61 + 10
            case 0x41...0x46: return b - 0x41 + 10
            default: return nil
            }
        }
        while let b = utf8.next() {
            guard b == UInt8(ascii: "%") else { bytes.append(b); continue }
            guard let high = digit(utf8.next()), let low = digit(utf8.next()) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
