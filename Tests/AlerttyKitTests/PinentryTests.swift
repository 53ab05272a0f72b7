@testable import AlerttyKit
import XCTest

/// The Assuan session as a value: replies, escapes both ways, and what each prompt ends with.
final class PinentryTests: XCTestCase {
    func session() -> PinentrySession {
        PinentrySession(facts: .init(flavor: "alertty", version: "9.9", pid: 42, euid: 1000, egid: 100,
                                     deviceStat: { $0 == "/dev/pts/3" ? "20620/1000/5" : "?" }))
    }

    func reply(_ s: inout PinentrySession, _ line: String) -> String? {
        switch s.handle(Array(line.utf8)) {
        case .reply(let bytes)?, .close(let bytes)?: return String(decoding: bytes, as: UTF8.self)
        case .ask?: return "ask"
        case nil: return nil
        }
    }

    func testRequestsAreSplitAsLibassuanSplitsThem() {
        XCTAssertEqual(Assuan.parse(Array("setdesc  Hello world\r".utf8)), .init(command: "SETDESC", argument: Array("Hello world".utf8)))
        XCTAssertNil(Assuan.parse([]), "an empty line gets no reply")
        XCTAssertNil(Assuan.parse(Array("# comment".utf8)))
    }

    func testEscapesBothWays() {
        XCTAssertEqual(Assuan.unescape(Array("a%0Ab%25c%zz%4".utf8)), Array("a\nb%c%zz%4".utf8), "a % without two hex digits stays")
        var out: [UInt8] = []
        Assuan.dataLines(Array("p%w\r\nd".utf8), into: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "D p%25w%0D%0Ad\n")
        out = []
        Assuan.dataLines([UInt8](repeating: 0x41, count: 1000), into: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self).split(separator: "\n").map(\.count), [998, 6], "continued as libassuan does")
    }

    func testCommandsAndOptionsAnswerAsPinentryDoes() {
        var s = session()
        XCTAssertEqual(reply(&s, "NOP"), "OK\n")
        XCTAssertEqual(reply(&s, "OPTION ttyname=/dev/pts/3"), "OK\n")
        XCTAssertEqual(reply(&s, "OPTION   ttytype = xterm "), "OK\n")
        XCTAssertEqual(reply(&s, "OPTION --lc-ctype=C.UTF-8"), "OK\n")
        XCTAssertEqual(reply(&s, "OPTION no-grab"), "OK\n")
        XCTAssertEqual(reply(&s, "OPTION no-grab=1"), "ERR 83886254 Unknown option <Pinentry>\n", "a bare option with a value")
        XCTAssertEqual(reply(&s, "OPTION bogus"), "ERR 83886254 Unknown option <Pinentry>\n")
        XCTAssertEqual(reply(&s, "GETINFO ttyinfo"), "D /dev/pts/3 xterm - 20620/1000/5 1000/100 -\nOK\n")
        XCTAssertEqual(reply(&s, "GETINFO flavor"), "D alertty\nOK\n")
        XCTAssertEqual(reply(&s, "GETINFO pid"), "D 42\nOK\n")
        XCTAssertEqual(reply(&s, "GETINFO"), "ERR 83886360 IPC parameter error <Pinentry>\n")
        XCTAssertEqual(reply(&s, "FROB"), "ERR 536871187 Unknown IPC command <User defined source 1>\n")
        XCTAssertEqual(reply(&s, "END"), "ERR 536870981 Not implemented <User defined source 1>\n")
        XCTAssertEqual(reply(&s, "HELP NOP"), "ERR 536870939 Not found <User defined source 1>\n")
        XCTAssertEqual(reply(&s, "CLEARPASSPHRASE x"), "ERR 83886337 General IPC error <Pinentry>\n")
        XCTAssertTrue(reply(&s, "HELP")!.hasPrefix("# NOP\n# CANCEL\n"))
        XCTAssertEqual(reply(&s, "BYE"), "OK closing connection\n")
    }

    func testAPromptCarriesWhatWasSetAndTheAnswerGoesBackEscaped() {
        var s = session()
        _ = reply(&s, "OPTION default-ok=_Okay")
        _ = reply(&s, "OPTION ttyname=/dev/pts/3")
        _ = reply(&s, "SETDESC Enter the passphrase for%0A\"ann\"")
        _ = reply(&s, "SETPROMPT Passphrase:")
        _ = reply(&s, "SETREPEAT Repeat:")
        _ = reply(&s, "SETREPEATERROR does not match")
        _ = reply(&s, "SETERROR Bad passphrase (try 2 of 3)")
        _ = reply(&s, "SETTIMEOUT 30")
        guard case .ask(let prompt)? = s.handle(Array("GETPIN".utf8)) else { return XCTFail("GETPIN asks") }
        XCTAssertEqual(prompt.kind, .pin)
        XCTAssertEqual(prompt.description, "Enter the passphrase for\n\"ann\"")
        XCTAssertEqual(prompt.ok, "_Okay")
        XCTAssertEqual(prompt.repeatPrompt, "Repeat:")
        XCTAssertEqual(prompt.timeout, 30)
        XCTAssertEqual(prompt.ttyname, Array("/dev/pts/3".utf8))
        XCTAssertEqual(s.finish(.pin(Array("50% off\n".utf8), repeated: true)),
                       .reply(Array("S PIN_REPEATED\nD 50%25 off%0A\nOK\n".utf8)))
        // The error and the repeat are for one prompt only; the description stays.
        guard case .ask(let next)? = s.handle(Array("GETPIN".utf8)) else { return XCTFail("the command did not ask") }
        XCTAssertNil(next.error)
        XCTAssertNil(next.repeatPrompt)
        XCTAssertEqual(next.description, prompt.description)
        XCTAssertEqual(s.finish(.cancelled), .reply(Array("ERR 83886179 Operation cancelled <Pinentry>\n".utf8)))
        _ = s.handle(Array("GETPIN".utf8))
        XCTAssertEqual(s.finish(.timeout), .reply(Array("S ERROR alertty.? 83886142 \nERR 83886142 Timeout <Pinentry>\n".utf8)))
    }

    func testConfirmAndMessageEndings() {
        var s = session()
        _ = reply(&s, "SETNOTOK _No")
        guard case .ask(let confirm)? = s.handle(Array("CONFIRM".utf8)) else { return XCTFail("the command did not ask") }
        XCTAssertEqual(confirm.kind, .confirm)
        XCTAssertEqual(confirm.notOk, "_No")
        XCTAssertEqual(s.finish(.notConfirmed), .reply(Array("ERR 83886194 Not confirmed <Pinentry>\n".utf8)))
        guard case .ask(let message)? = s.handle(Array("CONFIRM --one-button".utf8)) else { return XCTFail("the command did not ask") }
        XCTAssertEqual(message.kind, .message)
        XCTAssertEqual(s.finish(.cancelled), .reply(Array("OK\n".utf8)), "a message is OK however it is closed")
        _ = s.handle(Array("MESSAGE".utf8))
        let failed = Assuan.ErrorCode.system(errnoName: "ENOENT", text: "No such file or directory")
        XCTAssertEqual(s.finish(.failed(location: "open_tty_for_read", error: failed)),
                       .reply(Array("S ERROR alertty.open_tty_for_read 83918929 \nERR 83918929 No such file or directory <Pinentry>\n".utf8)))
    }

    func testLabelsLoseTheirAcceleratorMarks() {
        XCTAssertEqual(PinentrySession.label("_OK"), "OK")
        XCTAssertEqual(PinentrySession.label("Save in password _manager"), "Save in password manager")
        XCTAssertEqual(PinentrySession.label("a__b_"), "a_b")
    }

    func testEachPromptBecomesAnAlertCommandLine() {
        var prompt = PinentrySession.Prompt(kind: .pin, title: nil, description: "Unlock key", prompt: "Passphrase:", ok: "_OK",
                                            cancel: nil, notOk: nil, error: nil, qualityBar: nil, repeatPrompt: "Repeat:", repeatError: "no match",
                                            timeout: 0, ttyname: nil, ttytype: nil, lcCtype: nil)
        XCTAssertEqual(Pinentry.command(for: prompt, tty: "/dev/tty").arguments,
                       ["password", "--tty", "/dev/tty", "--label", "Passphrase:", "--repeat-label", "Repeat:", "--mismatch", "no match",
                        "--ok", "OK", "--cancel", "Cancel", "--", "Unlock key"])
        prompt.kind = .confirm
        prompt.notOk = "_Never"
        prompt.timeout = 5
        XCTAssertEqual(Pinentry.command(for: prompt, tty: "/dev/pts/1").arguments,
                       ["confirm", "--tty", "/dev/pts/1", "--timeout", "5", "--yes", "OK", "--no", "Cancel", "--extra-button", "Never", "--", "Unlock key"])
        prompt.description = "-"
        prompt.kind = .message
        XCTAssertEqual(Pinentry.command(for: prompt, tty: "/dev/tty").arguments.suffix(2), ["--", " -"], "never read from stdin, the protocol's channel")
    }
}

/// The quality meter's inquiries, over real pipes: one out at a time, the latest edit next.
final class QualityInquiryTests: XCTestCase {
    func testInquiriesGoOutOneAtATimeAndTheAnswersBecomeStrengths() throws {
        var toUs: [Int32] = [0, 0], fromUs: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&toUs), 0)
        XCTAssertEqual(pipe(&fromUs), 0)
        defer { for fd in toUs + fromUs { close(fd) } }
        let inquiry = QualityInquiry(reader: AssuanReader(fd: toUs[0]), output: fromUs[1])
        func sent() -> String {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(fromUs[0], &buffer, 4096)
            return String(decoding: buffer.prefix(max(0, n)), as: UTF8.self)
        }
        func answer(_ text: String) -> [AlertEvent] {
            _ = text.withCString { write(toUs[1], $0, strlen($0)) }
            return inquiry.service(now: 0, readable: [toUs[0]], writable: [])
        }
        XCTAssertTrue(inquiry.accept(.measureStrength(Array("a b+c".utf8)), now: 0))
        XCTAssertEqual(sent(), "INQUIRE QUALITY a+b%2Bc\n", "escaped as pinentry escapes an inquiry")
        XCTAssertEqual(inquiry.readDescriptors, [toUs[0]])
        _ = inquiry.accept(.measureStrength(Array("ab".utf8)), now: 0)
        _ = inquiry.accept(.measureStrength(Array("abc".utf8)), now: 0)
        XCTAssertEqual(answer("D 40\n"), [], "not until END")
        XCTAssertEqual(answer("END\n"), [.strength(40)])
        XCTAssertEqual(sent(), "INQUIRE QUALITY abc\n", "the latest edit only")
        XCTAssertEqual(answer("D -250\nEND\n"), [.strength(-100)], "clamped as pinentry clamps")
        XCTAssertEqual(inquiry.readDescriptors, [])
        XCTAssertFalse(inquiry.accept(.validate(text: [], generation: 1), now: 0))
    }

    func testAnInquiryOutWhenThePromptEndsIsAnsweredBeforeTheSessionGoesOn() throws {
        var toUs: [Int32] = [0, 0], fromUs: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&toUs), 0)
        XCTAssertEqual(pipe(&fromUs), 0)
        defer { for fd in toUs + fromUs { close(fd) } }
        let reader = AssuanReader(fd: toUs[0])
        let inquiry = QualityInquiry(reader: reader, output: fromUs[1])
        _ = inquiry.accept(.measureStrength(Array("pw".utf8)), now: 0)
        _ = "D 10\nEND\nBYE\n".withCString { write(toUs[1], $0, strlen($0)) }
        inquiry.shutdown()
        XCTAssertEqual(reader.next(), .line(Array("BYE".utf8)), "the reply consumed, the next request intact")
    }

    func testTheFieldsOwnEstimate() {
        XCTAssertEqual(Strength.estimate([]), 0)
        XCTAssertLessThan(Strength.estimate(Array("aaaaaaaaaaaa".utf8)), Strength.estimate(Array("abcdefghijkl".utf8)), "repeats count less")
        XCTAssertLessThan(Strength.estimate(Array("password".utf8)), Strength.estimate(Array("pa5S-w0rd".utf8)))
        XCTAssertEqual(Strength.estimate(Array("Tr0ub4dor&3-correct-horse".utf8)), 100)
    }
}
