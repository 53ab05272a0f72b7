// The terminal's replies to the start-up probe, read whole or in pieces, with keys among them;
// and the key decoder's part: a late reply never becomes keys, the kitty keyboard protocol's keys.
@testable import AlerttyKit
import XCTest

final class TerminalProbeTests: XCTestCase {
    let kitty = "\u{1B}[?2004;1$y\u{1B}[?2026;2$y\u{1B}[?2027;0$y\u{1B}[?2031;2$y\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"
        + "\u{1B}[?0u\u{1B}P>|kitty(0.38.1)\u{1B}\\\u{1B}[?62;22;52c"

    func read(_ pieces: [String]) -> (TerminalFacts, done: Bool) {
        var facts = TerminalFacts(), carry: [UInt8] = [], done = false
        for piece in pieces where !done { done = TerminalProbe.read(Array(piece.utf8), into: &facts, carry: &carry) }
        return (facts, done)
    }

    func testEveryReplyIsRead() {
        let (facts, done) = read([kitty])
        XCTAssertTrue(done)
        XCTAssertTrue(facts.answered)
        XCTAssertEqual(facts.modes, [.set, .reset, .unknown, .reset])
        XCTAssertTrue(facts.pasteWasOn)
        XCTAssertEqual(facts.lightBackground, true)
        XCTAssertEqual(facts.keyboardFlags, 0)
        XCTAssertEqual(facts.version, "kitty(0.38.1)")
    }

    /// Cut anywhere, the same facts; keys typed among the replies are passed over.
    func testRepliesCutAnywhereAndKeysAmongThemReadTheSame() {
        let whole = read([kitty]).0
        let bytes = Array(kitty.utf8)
        for cut in 1..<bytes.count {
            var facts = TerminalFacts(), carry: [UInt8] = []
            _ = TerminalProbe.read(Array(bytes[..<cut]), into: &facts, carry: &carry)
            XCTAssertTrue(TerminalProbe.read(Array(bytes[cut...]), into: &facts, carry: &carry), "cut at \(cut)")
            XCTAssertEqual(facts, whole, "cut at \(cut)")
        }
        let (typed, done) = read(["yes\r", "\u{1B}[?2004;2$y", "\u{1B}[A", "\u{1B}]11;rgb:00/00/00\u{07}", "q\u{1B}[?1;2c"])
        XCTAssertTrue(done)
        // The keys among the replies are kept for the box, in order, whole sequences too.
        var facts = TerminalFacts(), carry: [UInt8] = [], keys: [UInt8] = []
        for piece in ["yes\r", "\u{1B}[?2004;2$y\u{1B}", "[A", "\u{1B}]11;rgb:00/00/00\u{07}", "q\u{1B}[?1;2cn"] {
            _ = TerminalProbe.read(Array(piece.utf8), into: &facts, carry: &carry, typed: &keys)
        }
        XCTAssertEqual(String(decoding: keys, as: UTF8.self), "yes\r\u{1B}[Aqn")
        XCTAssertFalse(typed.pasteWasOn)
        XCTAssertEqual(typed.lightBackground, false, "two hex digits a channel, ended by BEL")
        XCTAssertNil(typed.keyboardFlags, "no keyboard protocol said")
    }

    /// A terminal that says nothing of itself but DA1 (the Linux console, screen): nothing assumed.
    func testATerminalThatSaysLittle() {
        let (facts, done) = read(["\u{1B}[?6c"])
        XCTAssertTrue(done)
        XCTAssertEqual(facts.modes, [nil, nil, nil, nil])
        XCTAssertNil(facts.lightBackground)
        XCTAssertFalse(facts.pasteWasOn)
        // Garbage and endless strings are bounded and never trap.
        let (garbage, ended) = read(["\u{1B}]11;rgb:zz/00/00\u{07}", "\u{1B}P" + String(repeating: "x", count: 2000), "\u{1B}[?2004;9$y"])
        XCTAssertFalse(ended)
        XCTAssertNil(garbage.background)
        XCTAssertEqual(garbage.state(of: 2004), .unknown)
    }

    func testLightOrDarkByLuminanceAndColorfgbg() {
        for (rgb, light) in [("ffff/ffff/ffff", true), ("0000/0000/0000", false), ("fdf6/e3e3/d0d0", true), ("2828/2c2c/3434", false),
                             ("f/f/f", true), ("8080/8080/8080", true), ("7070/7070/7070", false)] {
            XCTAssertEqual(read(["\u{1B}]11;rgb:\(rgb)\u{1B}\\"]).0.lightBackground, light, rgb)
        }
        XCTAssertEqual(Theme.lightBackground(colorfgbg: "0;15"), true)
        XCTAssertEqual(Theme.lightBackground(colorfgbg: "15;0"), false)
        XCTAssertEqual(Theme.lightBackground(colorfgbg: "12;default;7"), true)
        XCTAssertNil(Theme.lightBackground(colorfgbg: "default"))
        XCTAssertNil(Theme.lightBackground(colorfgbg: nil))
    }
}

final class LateRepliesAndKittyKeysTests: XCTestCase {
    func events(_ text: String) -> [InputEvent] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8))
    }

    func keys(_ text: String) -> [KeyPress] {
        events(text).compactMap { if case .key(let k) = $0 { return k } else { return nil } }
    }

    /// A reply that comes after the probe's wait (a slow link) is never typed into a field.
    func testALateReplyIsNoKeys() {
        XCTAssertEqual(keys("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\a"), [KeyPress(.char("a"))])
        XCTAssertEqual(keys("\u{1B}]11;rgb:0/0/0\u{07}\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?2004;1$y\u{1B}[?62c\u{1B}[?1u"), [])
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(Array("\u{1B}]11;rgb:ff".utf8)), [])
        XCTAssertEqual(decoder.patienceMs(escapeDelayMs: 25), KeyDecoder.pastePatienceMs, "as patient as a paste")
        XCTAssertEqual(decoder.feed(Array("ff/0/0\u{1B}\\x".utf8)).count, 2, "the reply, then x")
        // Alt+] alone is still Alt+] once the wait is over.
        var alt = KeyDecoder()
        _ = alt.feed(Array("\u{1B}]".utf8))
        XCTAssertEqual(alt.flush(), [.key(KeyPress(.char("]"), .alt))])
    }

    func testKittyKeys() {
        XCTAssertEqual(keys("\u{1B}[27u"), [KeyPress(.escape)], "Esc at once")
        XCTAssertEqual(keys("\u{1B}[13;2u"), [KeyPress(.enter, .shift)])
        XCTAssertEqual(keys("\u{1B}[105;5u"), [.ctrl("i")], "Ctrl-I apart from Tab")
        XCTAssertEqual(keys("\u{1B}[9u\u{1B}[9;2u"), [KeyPress(.tab), KeyPress(.tab, .shift)])
        XCTAssertEqual(keys("\u{1B}[99;5u"), [.ctrl("c")])
        XCTAssertEqual(keys("\u{1B}[120;3u"), [KeyPress(.char("x"), .alt)])
        XCTAssertEqual(keys("\u{1B}[127u"), [KeyPress(.backspace)])
        XCTAssertEqual(keys("\u{1B}[57399u\u{1B}[97;1:3u"), [], "keypad codes and releases are no keys")
        XCTAssertEqual(keys("\u{1B}[0u\u{1B}[1114112u"), [], "no such key")
    }
}

extension TerminalProbeTests {
    /// ALERTTY_TERMINAL's line gives back every answer it keeps; `off`, another version or a
    /// damaged line is no cache (the terminal is asked, or not, as before).
    func testTheKeptAnswersRoundTrip() {
        var facts = TerminalFacts()
        facts.modes = [.set, .reset, nil, .alwaysReset]
        facts.background = .init(red: 0x1e, green: 0x1e, blue: 0x2e)
        facts.keyboardFlags = 0
        facts.version = "WezTerm 20240203;\u{1B}x"
        facts.answered = true
        let text = facts.cacheText
        XCTAssertEqual(text, "v1;modes=1,2,0,4;bg=1e1e2e;keys=0;name=WezTerm 20240203x")
        var back = facts
        back.version = "WezTerm 20240203x"
        XCTAssertEqual(TerminalFacts(cache: text), back)
        XCTAssertEqual(TerminalFacts(cache: "v1;modes=0,0,0,0;bg=;keys=;name=")?.keyboardFlags, nil)
        XCTAssertNotNil(TerminalFacts(cache: "v1;modes=2,2,2,2;later=1"), "a later version's key is passed over")
        for bad in ["off", "0", "", "v2;modes=1,1,1,1", "v1;modes=1,2", "v1;modes=9,9,9,9", "v1;bg=zzzzzz", "v1;keys=-1", "v1;junk"] {
            XCTAssertNil(TerminalFacts(cache: bad), bad)
        }
    }
}
