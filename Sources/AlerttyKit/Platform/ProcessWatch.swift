// Waiting for another process to end without looking at /proc again and again: a pidfd turns
// readable when the process exits, even killed with SIGKILL (which leaves nothing else behind
// to see). A job waiting its turn sleeps on the job before it; a caller sleeps on the agent
// that claimed its question. Where there are no pidfds (not Linux, a kernel before 5.3), the
// descriptor is nil and the waiter keeps looking.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
// glibc 2.36's wrapper of the pidfd_open system call (sys/pidfd.h, which Swift's Glibc module
// does not include); `syscall` itself is variadic, which Swift does not import.
@_silgen_name("pidfd_open") private func glibcPidfdOpen(_ pid: pid_t, _ flags: UInt32) -> Int32
#endif

extension Platform {
    public final class ProcessWatch {
        private let fd: FileDescriptor?
        /// The process had already gone (or its pid is another's now) when the watch was made.
        public let goneAlready: Bool

        /// A watch on process `pid`, the one that started at `start` (a pid reused since is not it).
        public init(_ pid: Int32, start: UInt64) {
            var made: Int32 = -1
            #if canImport(Glibc)
            made = glibcPidfdOpen(pid, 0) // (close-on-exec, always)
            #endif
            // (Opened first, then checked: a process that ends after the check is one the pidfd names.)
            goneAlready = Platform.processStart(pid) != start
            if made >= 0 && goneAlready {
                Platform.close(made)
                made = -1
            }
            fd = made >= 0 ? made : nil
        }

        deinit { if let fd { Platform.close(fd) } }

        /// Readable once the process has ended (nil: it cannot be watched here; look instead).
        public var descriptor: FileDescriptor? { fd }
    }
}
