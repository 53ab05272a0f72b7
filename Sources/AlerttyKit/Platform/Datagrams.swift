// systemd's password agents talk in datagrams on AF_UNIX sockets: an asker binds one and reads
// the answer with the sender's credentials (SO_PASSCRED), so it can drop any sender that is not
// its own user or root; an agent sends `+secret` or `-` to it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// Seconds since the epoch, now.
    public static func wallClock() -> Int { Int(time(nil)) }

    /// Calls `body` with `path` as a socket address (`abstract`: a name in Linux's abstract
    /// namespace, no file); nil when the path is too long for one.
    static func withSocketAddress<R>(_ path: String, abstract: Bool = false, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = (abstract ? [0] : []) + Array(path.utf8)
        let room = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < room, !bytes.dropFirst(abstract ? 1 : 0).contains(0) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        // An abstract name is exactly its bytes: the length says where it ends.
        let length = abstract ? MemoryLayout<sa_family_t>.size + bytes.count : MemoryLayout<sockaddr_un>.size
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(length))
            }
        }
    }

    #if os(Linux)
    private static var datagramType: Int32 { Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) }
    #else
    private static var datagramType: Int32 { SOCK_DGRAM }
    #endif

    /// A datagram socket bound at `path` (mode 0600), which learns each sender's credentials;
    /// non-blocking, close-on-exec.
    public static func bindDatagramSocket(at path: String) throws(PlatformError) -> FileDescriptor {
        let fd = socket(AF_UNIX, datagramType, 0)
        if fd < 0 { throw PlatformError(operation: "cannot make a socket", code: errno) }
        setNonBlocking(fd, true)
        #if os(Linux)
        var on: Int32 = 1
        guard setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            let code = errno
            close(fd)
            throw PlatformError(operation: "cannot make a socket that knows its senders", code: code)
        }
        #endif
        let mask = umask(0o177)
        let bound = withSocketAddress(path) { bind(fd, $0, $1) }
        let code = errno
        umask(mask)
        guard bound == 0 else {
            close(fd)
            throw PlatformError(operation: "cannot make the socket \(path)", code: bound == nil ? ENAMETOOLONG : code)
        }
        return fd
    }

    /// One datagram waiting on `fd` (at most `max` bytes) and the user that sent it (nil when the
    /// kernel said none); nil when none waits. The buffer is the caller's to wipe.
    public static func receiveDatagram(_ fd: FileDescriptor, max: Int) -> (bytes: [UInt8], sender: UInt32?)? {
        var bytes = [UInt8](repeating: 0, count: max)
        // cmsghdr (length, level, type) then struct ucred (pid, uid, gid), with room to spare.
        var control = [UInt8](repeating: 0, count: 64)
        let (received, controlLength): (Int, Int) = bytes.withUnsafeMutableBytes { data in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = numericCast(controlBytes.count)
                    let n = recvmsg(fd, &message, Int32(MSG_DONTWAIT))
                    return (n, Int(message.msg_controllen))
                }
            }
        }
        guard received >= 0 else { return nil }
        bytes.removeSubrange(received...)
        var sender: UInt32?
        #if os(Linux)
        let header = MemoryLayout<Int>.size + 8
        if controlLength >= header + 12 {
            control.withUnsafeBytes { raw in
                let level = raw.load(fromByteOffset: MemoryLayout<Int>.size, as: Int32.self)
                let type = raw.load(fromByteOffset: MemoryLayout<Int>.size + 4, as: Int32.self)
                if level == SOL_SOCKET && type == 2 /* SCM_CREDENTIALS */ {
                    sender = raw.load(fromByteOffset: header + 4, as: UInt32.self)
                }
            }
        }
        #endif
        control.resetBytes()
        return (bytes, sender)
    }

    /// Sends `bytes` as one datagram to the socket at `path`; false when it could not be sent.
    public static func sendDatagram(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = socket(AF_UNIX, datagramType, 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let sent = withSocketAddress(path) { address, length in
            bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
        }
        return sent == bytes.count
    }

    /// A word of random hex digits (names others cannot guess: a request's, a socket's).
    public static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next()
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
