// The terminal, owned by one object: raw mode, the alternate screen, bracketed paste and the
// cursor. Whatever it turned on it turns off, and the saved termios is restored exactly, on
// every way out — including suspend, which leaves and later re-enters.

public final class TerminalSession {
    public let fd: FileDescriptor
    public let modal: Bool
    private let savedMode: Platform.TerminalMode
    private(set) var active = false
    /// Inline mode: the screen rows the box occupies, erased on leave.
    var inlineRows: Range<Int>?

    static let enterModal = "\u{1B}[?1049h\u{1B}[H\u{1B}[?25l\u{1B}[?2004h"
    static let leaveModal = "\u{1B}[?2026l\u{1B}[m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
    static let enterInline = "\u{1B}[?25l\u{1B}[?2004h"
    static let leaveInline = "\u{1B}[?2026l\u{1B}[m\u{1B}[?2004l\u{1B}[?25h"

    /// Opens `path` (default /dev/tty). Fails when there is no terminal to ask on.
    public init(path: String, modal: Bool) throws(PlatformError) {
        let fd = try Platform.openTerminal(path)
        guard Platform.isTerminal(fd), let mode = Platform.terminalMode(fd) else {
            Platform.close(fd)
            throw PlatformError(operation: "\(path) is not a terminal", code: 25 /* ENOTTY */)
        }
        self.fd = fd
        self.modal = modal
        savedMode = mode
    }

    public var size: (columns: Int, rows: Int) { Platform.terminalSize(fd) ?? (80, 24) }

    /// Raw mode first; the screen modes only once it took effect.
    public func enter() {
        guard !active else { return }
        guard Platform.setTerminalMode(fd, Platform.rawMode(from: savedMode)) else { return }
        active = true
        write(Array((modal ? Self.enterModal : Self.enterInline).utf8))
    }

    public func leave() {
        guard active else { return }
        var bytes: [UInt8] = []
        if modal {
            bytes += Array(Self.leaveModal.utf8)
        } else {
            bytes += Array("\u{1B}[?2026l\u{1B}[m".utf8)
            if let rows = inlineRows {
                for row in rows { bytes += Array("\u{1B}[\(row + 1);1H\u{1B}[2K".utf8) }
                bytes += Array("\u{1B}[\(rows.lowerBound + 1);1H".utf8)
            }
            bytes += Array(Self.leaveInline.utf8)
        }
        write(bytes)
        Platform.setTerminalMode(fd, savedMode)
        active = false
    }

    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.isEmpty || Platform.writeAll(fd, bytes)
    }

    deinit {
        leave()
        Platform.close(fd)
    }
}
