// A stream socket to a local server (the user's session bus): connected, non-blocking,
// close-on-exec, and asked whose its other end is before anything is said on it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    #if os(Linux)
    private static var streamType: Int32 { Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) }
    #else
    private static var streamType: Int32 { SOCK_STREAM }
    #endif

    /// A stream socket connected to `path` (`abstract`: Linux's abstract namespace), non-blocking.
    public static func connectStreamSocket(_ path: String, abstract: Bool = false) throws(PlatformError) -> FileDescriptor {
        let fd = socket(AF_UNIX, streamType, 0)
        if fd < 0 { throw PlatformError(operation: "cannot make a socket", code: errno) }
        var result: Int32?
        repeat {
            result = withSocketAddress(path, abstract: abstract) { connect(fd, $0, $1) }
        } while result == -1 && errno == EINTR
        guard result == 0 else {
            let code = result == nil ? ENAMETOOLONG : errno
            close(fd)
            throw PlatformError(operation: "cannot connect to \(path)", code: code)
        }
        setNonBlocking(fd, true)
        return fd
    }

    /// The user running the process at the other end of a connected local socket (nil: not said).
    public static func peerUser(_ fd: FileDescriptor) -> UInt32? {
        #if os(Linux)
        // struct ucred: pid, uid, gid (Glibc's module hides it without _GNU_SOURCE).
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, length == 12 else { return nil }
        return credentials.1
        #else
        var uid = uid_t(), gid = gid_t()
        return getpeereid(fd, &uid, &gid) == 0 ? uid : nil
        #endif
    }

    /// Sends what fits into a non-blocking socket now, never raising SIGPIPE: how many bytes
    /// went, or nil when the other end is gone.
    public static func sendSome(_ fd: FileDescriptor, _ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return 0 }
        while true {
            let n = bytes.withUnsafeBytes { libcSend(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n >= 0 { return n }
            if errno == EINTR { continue }
            return errno == EAGAIN ? 0 : nil
        }
    }
}

@inline(__always) private func libcSend(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int, _ flags: Int32) -> Int { send(fd, p, n, flags) }
