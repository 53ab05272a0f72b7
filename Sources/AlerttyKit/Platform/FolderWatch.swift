// Waiting for a folder to change instead of looking at it again and again: inotify on Linux (as
// systemd's password agents watch their folder), a plain timed wait elsewhere. A job waiting its
// turn in the user's queue sleeps until the question before it goes.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// A watch on one folder's entries (made, removed, renamed, written), or on one file (its
    /// removal, renaming or replacement: `file: true`).
    public final class FolderWatch {
        private let fd: FileDescriptor?

        /// `modes`: an entry's mode changing counts too (tmux marks its socket executable while a
        /// client is attached).
        public init(_ path: String, file: Bool = false, modes: Bool = false) {
            #if os(Linux)
            let events: UInt32 = file
                ? 0x4 /* IN_ATTRIB: unlinked */ | 0x400 /* IN_DELETE_SELF */ | 0x800 /* IN_MOVE_SELF */ | 0x8 /* IN_CLOSE_WRITE */
                : 0x100 /* IN_CREATE */ | 0x200 /* IN_DELETE */ | 0x40 /* IN_MOVED_FROM */
                | 0x80 /* IN_MOVED_TO */ | 0x8 /* IN_CLOSE_WRITE */ | 0x400 /* IN_DELETE_SELF */ | (modes ? 0x4 /* IN_ATTRIB */ : 0)
            let made = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if made >= 0 && inotify_add_watch(made, path, events) < 0 {
                Platform.close(made)
                fd = nil
            } else {
                fd = made >= 0 ? made : nil
            }
            #else
            fd = nil
            #endif
        }

        deinit { if let fd { Platform.close(fd) } }

        /// The descriptor that turns readable when the folder changed (nil: no watch here, so
        /// waiting is a timed look).
        public var descriptor: FileDescriptor? { fd }

        /// Waits until the folder changes, one of `others` turns readable (a signal's pipe, a
        /// process ending) or `ms` pass; whether anything happened. A watch that could not be
        /// made waits for `others` or `ms` and says the folder may have changed (its caller
        /// waits less, to look). What the watch reported is read away.
        @discardableResult
        public func wait(ms: Int32, orReadable others: [FileDescriptor] = []) -> Bool {
            guard let fd else {
                _ = Platform.poll(others, timeoutMs: ms)
                return true
            }
            let ready = Platform.poll([fd] + others, timeoutMs: ms)
            guard ready.contains(fd) else { return !ready.isEmpty }
            drain()
            return true
        }

        /// Reads what the watch reported (the events themselves are not needed: any is a change).
        public func drain() {
            guard let fd else { return }
            while let bytes = Platform.read(fd, max: 4096), !bytes.isEmpty {}
        }
    }
}
