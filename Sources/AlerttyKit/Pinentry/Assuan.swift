// Assuan, the line protocol gpg-agent speaks with a pinentry over its stdin and stdout: a request
// is a command word and its argument on one line; the server answers with status lines (`S`),
// data lines (`D`, percent-escaped) and one `OK` or `ERR code text <source>`. These are the
// pure parts: splitting a request, the escapes both ways, and the error codes with their
// libgpg-error texts, so gpg-agent reports what happened as it does for pinentry-curses.

public enum Assuan {
    /// The longest request line (without its LF) libassuan takes; a longer one ends the session.
    public static let maxLineLength = 1001
    /// A data line holds this much before it is continued on the next `D` line, as libassuan does.
    static let dataLineLength = 998

    public struct Request: Equatable, Sendable {
        /// The command word, upper case (commands are case-insensitive).
        public var command: String
        /// The rest of the line after the word and the spaces that follow it, still escaped.
        public var argument: [UInt8]
    }

    /// nil for an empty line or a comment (`#`), which get no reply.
    public static func parse(_ line: [UInt8]) -> Request? {
        var line = line[...]
        if line.last == 0x0D { line = line.dropLast() }
        guard let first = line.first, first != 0x23 /* # */ else { return nil }
        let word = line.prefix { $0 != 0x20 && $0 != 0x09 }
        let rest = line.dropFirst(word.count).drop { $0 == 0x20 || $0 == 0x09 }
        return Request(command: String(decoding: word, as: UTF8.self).uppercased(), argument: Array(rest))
    }

    /// `%XX` to its byte, as pinentry reads SETDESC and the like; a `%` not followed by two hex
    /// digits is kept as it is.
    public static func unescape<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        let bytes = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x25, i + 2 < bytes.count,
               let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// Data as `D` lines: `%`, CR and LF escaped, lines continued past libassuan's length.
    /// Built in one buffer, so a secret is written with one write and wiped once.
    public static func dataLines(_ data: [UInt8], into out: inout [UInt8]) {
        var length = 0
        for byte in data {
            if length == 0 { out += [0x44, 0x20]; length = 2 }
            if byte == 0x25 || byte == 0x0D || byte == 0x0A {
                out += [0x25, hexDigit(byte >> 4), hexDigit(byte & 0xF)]
                length += 3
            } else {
                out.append(byte)
                length += 1
            }
            if length >= dataLineLength { out.append(0x0A); length = 0 }
        }
        if length > 0 { out.append(0x0A) }
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10 }

    /// Error values as libgpg-error makes them: the source in the top byte, the code below.
    public struct ErrorCode: Equatable, Sendable {
        public var source: Source
        public var code: UInt32
        public var text: String

        public enum Source: UInt32, Sendable {
            /// pinentry's own errors.
            case pinentry = 5
            /// libassuan's (what pinentry's protocol layer answers): "User defined source 1".
            case assuan = 32
            var name: String { self == .pinentry ? "Pinentry" : "User defined source 1" }
        }

        public var value: UInt32 { source.rawValue << 24 | code }
        public var line: String { "ERR \(value) \(text) <\(source.name)>" }

        public static let cancelled = ErrorCode(source: .pinentry, code: 99, text: "Operation cancelled")
        public static let notConfirmed = ErrorCode(source: .pinentry, code: 114, text: "Not confirmed")
        public static let timeout = ErrorCode(source: .pinentry, code: 62, text: "Timeout")
        public static let unknownOption = ErrorCode(source: .pinentry, code: 174, text: "Unknown option")
        public static let parameter = ErrorCode(source: .pinentry, code: 280, text: "IPC parameter error")
        public static let generalIPC = ErrorCode(source: .pinentry, code: 257, text: "General IPC error")
        public static let pinentryError = ErrorCode(source: .pinentry, code: 86, text: "pinentry error")
        public static let unknownCommand = ErrorCode(source: .assuan, code: 275, text: "Unknown IPC command")
        public static let notImplemented = ErrorCode(source: .assuan, code: 69, text: "Not implemented")
        public static let notFound = ErrorCode(source: .assuan, code: 27, text: "Not found")
        public static let unknownHelpCommand = ErrorCode(source: .assuan, code: 175, text: "Unknown command")

        /// A system error, as gpg_error_from_syserror makes it: libgpg-error numbers errno values
        /// by their names' order in its table, from 32768.
        public static func system(errnoName name: String?, text: String) -> ErrorCode {
            let index = name.flatMap { systemErrorNames.firstIndex(of: $0) }
            return ErrorCode(source: .pinentry, code: index.map { 32768 + UInt32($0) } ?? 16382, text: text)
        }

        /// libgpg-error's errnos.in, in order (its index is the code's low part).
        static let systemErrorNames = [
            "E2BIG", "EACCES", "EADDRINUSE", "EADDRNOTAVAIL", "EADV", "EAFNOSUPPORT", "EAGAIN", "EALREADY", "EAUTH",
            "EBACKGROUND", "EBADE", "EBADF", "EBADFD", "EBADMSG", "EBADR", "EBADRPC", "EBADRQC", "EBADSLT", "EBFONT",
            "EBUSY", "ECANCELED", "ECHILD", "ECHRNG", "ECOMM", "ECONNABORTED", "ECONNREFUSED", "ECONNRESET", "ED",
            "EDEADLK", "EDEADLOCK", "EDESTADDRREQ", "EDIED", "EDOM", "EDOTDOT", "EDQUOT", "EEXIST", "EFAULT", "EFBIG",
            "EFTYPE", "EGRATUITOUS", "EGREGIOUS", "EHOSTDOWN", "EHOSTUNREACH", "EIDRM", "EIEIO", "EILSEQ",
            "EINPROGRESS", "EINTR", "EINVAL", "EIO", "EISCONN", "EISDIR", "EISNAM", "EL2HLT", "EL2NSYNC", "EL3HLT",
            "EL3RST", "ELIBACC", "ELIBBAD", "ELIBEXEC", "ELIBMAX", "ELIBSCN", "ELNRNG", "ELOOP", "EMEDIUMTYPE",
            "EMFILE", "EMLINK", "EMSGSIZE", "EMULTIHOP", "ENAMETOOLONG", "ENAVAIL", "ENEEDAUTH", "ENETDOWN",
            "ENETRESET", "ENETUNREACH", "ENFILE", "ENOANO", "ENOBUFS", "ENOCSI", "ENODATA", "ENODEV", "ENOENT",
            "ENOEXEC", "ENOLCK", "ENOLINK", "ENOMEDIUM", "ENOMEM", "ENOMSG", "ENONET", "ENOPKG", "ENOPROTOOPT",
            "ENOSPC", "ENOSR", "ENOSTR", "ENOSYS", "ENOTBLK", "ENOTCONN", "ENOTDIR", "ENOTEMPTY", "ENOTNAM",
            "ENOTSOCK", "ENOTSUP", "ENOTTY", "ENOTUNIQ", "ENXIO", "EOPNOTSUPP", "EOVERFLOW", "EPERM",
            "EPFNOSUPPORT", "EPIPE", "EPROCLIM", "EPROCUNAVAIL", "EPROGMISMATCH", "EPROGUNAVAIL", "EPROTO",
            "EPROTONOSUPPORT", "EPROTOTYPE", "ERANGE", "EREMCHG", "EREMOTE", "EREMOTEIO", "ERESTART", "EROFS",
            "ERPCMISMATCH", "ESHUTDOWN", "ESOCKTNOSUPPORT", "ESPIPE", "ESRCH",
        ]
    }
}
