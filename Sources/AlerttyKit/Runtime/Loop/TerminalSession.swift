// The terminal, owned by one object: raw mode, the alternate screen, bracketed paste, the cursor,
// and in inline mode the rows the box occupies below the cursor. Whatever it turned on it turns
// off, and the saved termios is restored exactly, on every way out — including suspend, which
// leaves and later re-enters.
//
// Inline mode never asks the terminal where the cursor is (a terminal that does not answer would
// cost a wait at start and at every resize): it reserves the box's rows below the cursor and draws
// relative to their top (see FrameWriter.relative), so it always knows where the box is.

public final class TerminalSession {
    public let fd: FileDescriptor
    public let modal: Bool
    private let savedMode: Platform.TerminalMode
    private(set) var active = false
    /// Entered once already: keys typed while the box was away (suspended, lent) are the box's.
    private var entered = false
    /// Inline mode: rows reserved for the box, and the cursor's row within them (kept by the runner).
    private(set) var reservedRows = 0
    var cursorRow = 0
    /// Echo held off, nothing else changed (a box drawn once: see holdEcho).
    private var echoHeld = false
    /// The alternate screen shown, nothing else changed (see showAlternateScreen).
    private var alternateShown = false
    /// Mouse reporting (SGR) while the box is up, for alerts that use the mouse; modal screen only.
    public var mouse = false
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"

    static let enterModal = "\u{1B}[?1049h\u{1B}[H\u{1B}[?25l\u{1B}[?2004h"
    static let leaveModal = "\u{1B}[?2026l\u{1B}[m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"
    static let enterInline = "\u{1B}[?25l\u{1B}[?2004h"
    static let leaveInline = "\u{1B}[?2026l\u{1B}[m\u{1B}[?2004l\u{1B}[?25h"

    /// Opens `path` (default /dev/tty). Fails when there is no terminal to ask on.
    public init(path: String, modal: Bool) throws(PlatformError) {
        (fd, savedMode) = try Platform.openTerminalWithMode(path)
        self.modal = modal
    }

    public var size: (columns: Int, rows: Int) { Platform.terminalSize(fd) ?? (80, 24) }

    /// Raw mode first; the screen modes only once it took effect. The first time, what was typed
    /// before the box existed is discarded with it (an Enter pressed while the previous step ran
    /// must not answer a question nobody has seen yet, as pinentry-curses, dialog and whiptail
    /// discard it); keys typed once the first frame is out are read.
    public func enter() {
        guard !active else { return }
        var raw = Platform.rawMode(from: savedMode)
        // TOSTOP set by the loop while a command runs (TerminalLoan) stays set.
        if let now = Platform.terminalMode(fd) { Platform.keepStopOnBackgroundWrites(from: now, in: &raw) }
        guard Platform.setTerminalMode(fd, raw, discardingInput: !entered) else { return }
        entered = true
        active = true
        write(Array((modal ? Self.enterModal : Self.enterInline).utf8) + (mouse ? Array(Self.mouseOn.utf8) : []))
    }

    /// Keys typed while a box that reads none is drawn (an infobox) are not echoed over it, as
    /// dialog and whiptail hold echo off while theirs is up; they stay typed ahead. leave() gives
    /// the echo back.
    public func holdEcho() {
        guard !active, !echoHeld else { return }
        var quiet = savedMode
        Platform.disableEcho(&quiet)
        echoHeld = Platform.setTerminalMode(fd, quiet)
    }

    /// A box that reads no keys drawn on the alternate screen (dialog's --no-kill boxes with
    /// --keep-tite): the terminal's modes stay the script's; leave() goes back to the normal screen.
    public func showAlternateScreen() {
        guard !active, !alternateShown else { return }
        alternateShown = write(Array("\u{1B}[?1049h\u{1B}[H".utf8))
    }

    public func leave() {
        if echoHeld {
            Platform.setTerminalMode(fd, savedMode)
            echoHeld = false
        }
        if alternateShown {
            write(Array("\u{1B}[?2026l\u{1B}[m\u{1B}[?25h\u{1B}[?1049l".utf8))
            alternateShown = false
        }
        guard active else { return }
        var bytes: [UInt8] = mouse ? Array(Self.mouseOff.utf8) : []
        if modal {
            bytes += Array(Self.leaveModal.utf8)
        } else {
            bytes += Array("\u{1B}[?2026l\u{1B}[m".utf8) + eraseInline()
            bytes += Array(Self.leaveInline.utf8)
        }
        write(bytes)
        Platform.setTerminalMode(fd, savedMode)
        active = false
    }

    /// Inline: makes room for `rows` rows from the cursor's line down (scrolling the screen if
    /// needed) and leaves the cursor at their top-left. Any earlier box is erased first.
    public func reserveInline(rows: Int) {
        var bytes = eraseInline() + Array("\r".utf8)
        bytes += Array(repeating: 0x0A, count: max(rows - 1, 0))
        if rows > 1 { bytes += Array("\u{1B}[\(rows - 1)A".utf8) }
        write(bytes)
        reservedRows = rows
        cursorRow = 0
    }

    /// Bytes that erase the inline box: to its top-left, then everything below.
    private func eraseInline() -> [UInt8] {
        guard reservedRows > 0 else { return [] }
        reservedRows = 0
        var bytes = Array("\r".utf8)
        if cursorRow > 0 { bytes += Array("\u{1B}[\(cursorRow)A".utf8) }
        cursorRow = 0
        return bytes + Array("\u{1B}[J".utf8)
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
