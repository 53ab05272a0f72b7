// The terminal, owned by one object: raw mode, the alternate screen, bracketed paste, the cursor,
// and in inline mode the rows the box occupies below the cursor. Whatever it turned on it turns
// off, and the saved termios is restored exactly, on every way out — including suspend, which
// leaves and later re-enters.
//
// The first time it enters, the terminal may be asked what it is (`probe`: TerminalProbe, one
// write, a reply bounded to 50 ms): modes it finds on are left on (bracketed paste, which a
// shell's line editor relies on), the kitty keyboard protocol is pushed and popped where the
// terminal speaks it, and the background colour chooses the palette.
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
    static let enterInline = "\u{1B}[?25l\u{1B}[?2004h"
    /// Leaving: a synchronized frame ended and the style reset, then bracketed paste (`paste`:
    /// off, or nothing where it was on before), the cursor shown, the main screen back.
    static let endFrame = "\u{1B}[?2026l\u{1B}[m", pasteOff = "\u{1B}[?2004l", showCursor = "\u{1B}[?25h", mainScreen = "\u{1B}[?1049l"
    /// The kitty keyboard protocol's "disambiguate escape codes" (Esc at once, Ctrl-I apart
    /// from Tab, Shift+Enter apart from Enter), pushed on its stack and popped off it.
    static let pushKeyboard = "\u{1B}[>1u", popKeyboard = "\u{1B}[<u"
    /// How long the probe waits for the terminal's replies at most.
    static let probeWaitMs = 50

    /// Ask the terminal what it is, the first time the box enters (the box's choice: not for a
    /// dumb terminal, line mode, or ALERTTY_TERMINAL=off).
    public var probe = false
    /// What the terminal said before, kept in ALERTTY_TERMINAL: taken instead of asking.
    public var known: TerminalFacts?
    /// What the terminal said (nil: not asked).
    public private(set) var facts: TerminalFacts?
    /// The keyboard protocol was pushed: popped on leaving.
    private var keyboardPushed = false
    /// Keys typed while the probe waited: the box's, read first.
    private var typedDuringProbe: [UInt8] = []

    /// The keys typed while the probe waited, taken once.
    public func takeTypedDuringProbe() -> [UInt8] {
        defer { typedDuringProbe = [] }
        return typedDuringProbe
    }

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
        if !entered { facts = known ?? (probe ? askTerminal() : nil) }
        entered = true
        active = true
        keyboardPushed = facts?.keyboardFlags != nil
        // Colour-scheme reports (mode 2031), where the terminal knows the mode and it is off: the
        // palette follows a switch between light and dark while the box is up.
        schemeReports = followsScheme && facts?.state(of: TerminalProbe.colourScheme) == .reset
        // Grapheme clusters (mode 2027), where the terminal knows the mode: on while the box is
        // up (off again after, if it was off), so an emoji sequence takes the columns alertty
        // counts for it.
        let graphemes = facts?.state(of: TerminalProbe.graphemes)
        graphemesTurnedOn = graphemes == .reset
        graphemeClusters = graphemes == .reset || graphemes?.isSet == true
        write(Array((modal ? Self.enterModal : Self.enterInline).utf8) + (mouse ? Array(Self.mouseOn.utf8) : [])
              + (keyboardPushed ? Array(Self.pushKeyboard.utf8) : []) + (schemeReports ? Array("\u{1B}[?2031h".utf8) : [])
              + (graphemesTurnedOn ? Array("\u{1B}[?2027h".utf8) : []))
    }

    /// The box follows the terminal's colour scheme (no theme set): reports asked for (mode 2031).
    public var followsScheme = false
    /// Mode 2031 was turned on here: off again on leaving.
    private var schemeReports = false
    /// Mode 2027 was turned on here: off again on leaving.
    private var graphemesTurnedOn = false
    /// The terminal measures grapheme clusters whole while the box is up (mode 2027).
    public private(set) var graphemeClusters = false

    /// The probe: its questions in one write, the replies read until DA1's, 50 ms at most. Keys
    /// typed meanwhile are kept for the box, in order.
    private func askTerminal() -> TerminalFacts {
        var facts = TerminalFacts()
        guard write(TerminalProbe.query) else { return facts }
        var carry: [UInt8] = []
        Platform.readArriving(fd, waitMs: Self.probeWaitMs) {
            TerminalProbe.read($0, into: &facts, carry: &carry, typed: &typedDuringProbe)
        }
        typedDuringProbe += carry
        carry.resetBytes()
        return facts
    }

    /// A tab's progress as the terminal shows it (OSC 9;4): normal with a percentage, an error,
    /// or indeterminate.
    public enum TabProgress: Equatable {
        case percent(Int), error, indeterminate

        var sequence: String {
            switch self {
            case .percent(let p): "\u{1B}]9;4;1;\(min(100, max(0, p)))\u{1B}\\"
            case .error: "\u{1B}]9;4;2;100\u{1B}\\"
            case .indeterminate: "\u{1B}]9;4;3;0\u{1B}\\"
            }
        }
        static let cleared = "\u{1B}]9;4;0;0\u{1B}\\"
    }

    /// The terminal shows a tab's progress (the box's choice, from the probe's answers).
    public var showsProgress = false
    /// The progress the terminal shows now (cleared on every way out).
    private var tabProgress: TabProgress?

    /// Shows `progress` on the terminal's tab, if it shows one and it changed.
    public func report(_ progress: TabProgress) {
        guard showsProgress, active, progress != tabProgress else { return }
        tabProgress = progress
        write(Array(progress.sequence.utf8))
    }

    /// What leaving sends for bracketed paste: off, unless the terminal said it was on before.
    private var pasteOnLeaving: String { facts?.pasteWasOn == true ? "" : Self.pasteOff }

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
            write(Array((Self.endFrame + Self.showCursor + Self.mainScreen).utf8))
            alternateShown = false
        }
        guard active else { return }
        var bytes: [UInt8] = mouse ? Array(Self.mouseOff.utf8) : []
        if tabProgress != nil { bytes += Array(TabProgress.cleared.utf8) }
        tabProgress = nil
        if keyboardPushed { bytes += Array(Self.popKeyboard.utf8) }
        if schemeReports { bytes += Array("\u{1B}[?2031l".utf8) }
        schemeReports = false
        if graphemesTurnedOn { bytes += Array("\u{1B}[?2027l".utf8) }
        graphemesTurnedOn = false
        keyboardPushed = false
        let paste = pasteOnLeaving
        if modal {
            bytes += Array((Self.endFrame + paste + Self.showCursor + Self.mainScreen).utf8)
        } else {
            bytes += Array(Self.endFrame.utf8) + eraseInline()
            bytes += Array((Self.endFrame + paste + Self.showCursor).utf8)
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
