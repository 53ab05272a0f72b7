// The terminal as a box that reads no keys leaves it: echo held off while it is drawn, and every
// other setting as it was, then all of it given back.
import Glibc
import XCTest
@testable import AlerttyKit

final class TerminalSessionTests: XCTestCase {
    /// A pseudo-terminal's two ends (neither becomes this process's controlling terminal).
    func openPair() throws -> (master: Int32, slave: Int32, path: String) {
        // posix_openpt/unlockpt/ptsname are not imported into Swift; the Linux ioctls do the same.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            throw XCTSkip("no pseudo-terminal")
        }
        let path = "/dev/pts/\(number)"
        return (master, open(path, O_RDWR | O_NOCTTY), path)
    }

    func mode(_ fd: Int32) -> termios {
        var t = termios()
        XCTAssertEqual(tcgetattr(fd, &t), 0)
        return t
    }

    func same(_ a: termios, _ b: termios) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
    }

    func testABoxDrawnOnceHoldsEchoOffWhileItIsUpAndGivesItBack() throws {
        let (master, slave, path) = try openPair()
        defer { close(master); close(slave) }
        let before = mode(slave)
        XCTAssertNotEqual(before.c_lflag & tcflag_t(ECHO), 0)
        let session = try TerminalSession(path: path, modal: true)
        let box = BoxFrontEnd(session: session, options: RunOptions(), mode: .once)
        var alert: any Alert = MessageAlert(title: "", text: "Working…", okLabel: "")
        box.begin(&alert)
        var held = mode(slave)
        XCTAssertEqual(held.c_lflag & tcflag_t(ECHO), 0, "a key typed while the infobox is drawn is not echoed over it")
        held.c_lflag |= before.c_lflag & tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
        XCTAssertTrue(same(held, before), "nothing but the echo changes: no raw mode, the normal screen")
        _ = box.end(Outcome(.ok), alert: alert, by: nil)
        XCTAssertTrue(same(mode(slave), before), "the echo given back, everything exactly as before")
    }

    func testABoxThatAsksTakesTheTerminalAndGivesItBackExactly() throws {
        let (master, slave, path) = try openPair()
        defer { close(master); close(slave) }
        let before = mode(slave)
        let session = try TerminalSession(path: path, modal: true)
        session.enter()
        XCTAssertEqual(mode(slave).c_lflag & tcflag_t(ICANON), 0, "raw while it asks")
        session.leave()
        XCTAssertTrue(same(mode(slave), before))
    }

    /// dialog's --no-kill boxes with --keep-tite: on the alternate screen, which goes with them;
    /// the terminal's modes stay the script's all along (the script runs on meanwhile).
    func testABoxKeptShowingOnTheAlternateScreenLeavesItAndTouchesNoMode() throws {
        let (master, slave, path) = try openPair()
        defer { close(master); close(slave) }
        let before = mode(slave)
        let session = try TerminalSession(path: path, modal: true)
        let box = BoxFrontEnd(session: session, options: RunOptions(), mode: .showing(onAlternateScreen: true))
        var alert: any Alert = MessageAlert(title: "", text: "log", okLabel: "")
        box.begin(&alert)
        XCTAssertTrue(same(mode(slave), before))
        _ = box.end(Outcome(.terminated), alert: alert, by: nil)
        XCTAssertTrue(same(mode(slave), before))
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = read(master, &bytes, bytes.count)
        let written = String(decoding: bytes[..<max(0, n)], as: UTF8.self)
        XCTAssertTrue(written.hasPrefix("\u{1B}[?1049h"), written.debugDescription)
        XCTAssertTrue(written.hasSuffix("\u{1B}[?1049l"), "back on the normal screen when it ends: \(written.debugDescription)")
    }
}
