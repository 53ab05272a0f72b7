// Every envelope that crosses between processes of reach, beside the popup's request and
// outcome (WireTests) and systemd's request file (SystemdAskTests): the queue's entry (its name
// and its record), an agent's claim, the answer datagram systemd's agents send, and the ready
// mark. Each with every field set, at its extremes, and hostile bytes: what is read back is what
// was written, and what was not written by its writer is refused, never guessed.
@testable import AlerttyKit
import XCTest

final class EnvelopeTests: XCTestCase {
    func testAQueueEntrysNameGoesThroughAndSortsAsAsked() throws {
        for (asked, pid, start) in [(UInt64(0), Int32(1), UInt64(0)), (1_234, 4242, 99), (UInt64(Int64.max), Int32.max, UInt64(Int64.max))] {
            let name = QuestionQueue.Entry.name(asked: asked, pid: pid, start: start)
            let entry = try XCTUnwrap(QuestionQueue.Entry(name: name), name)
            XCTAssertEqual([entry.asked, UInt64(entry.pid), entry.start], [asked, UInt64(pid), start])
        }
        let earlier = QuestionQueue.Entry.name(asked: 9, pid: 5, start: 1), later = QuestionQueue.Entry.name(asked: 10, pid: 1, start: 1)
        XCTAssertLessThan(earlier, later, "names sort as the questions were asked")
        for hostile in ["", "q", "q-1-2-3", "q-\(String(repeating: "0", count: 20))-0-1", "q-\(String(repeating: "0", count: 20))-1-1-1",
                        "q-\(String(repeating: "0", count: 20))-2147483648-1", "q-\(String(repeating: "0", count: 20))--1-1",
                        "x-\(String(repeating: "0", count: 20))-1-1", "q-0000000000000000000a-1-1", "q-\(String(repeating: "0", count: 20))-1-1.new"] {
            XCTAssertNil(QuestionQueue.Entry(name: hostile), hostile)
        }
    }

    /// The record an agent lists and serves from: every field, with what would forge another
    /// field (a newline, `folder=` in a title), escapes, and a title far over any reader's limit.
    func testAQueueRecordGoesThroughWithEveryFieldSet() throws {
        var command = ParsedCommand(alert: .password)
        command.add(.title, "Key\nfolder=/tmp/evil\u{1B}[2J " + String(repeating: "é", count: 70_000))
        let asker = Popup.Asker(program: "check\ndisk\u{9B}", pid: Int32.max)
        let notes = "folder=/tmp/alertty-popup-AbC123\nshown=popup\n"
        let record = Array((asker.entry(command) + notes).utf8)
        XCTAssertLessThan(record.count, 2_000, "far under what a reader of the queue takes")
        let fields = QuestionQueue.fields(of: record)
        XCTAssertEqual(Set(fields.keys), ["pid", "program", "alert", "title", "folder", "shown"])
        XCTAssertEqual(fields["pid"], "2147483647")
        XCTAssertEqual(fields["alert"], "password")
        XCTAssertEqual(fields["folder"], "/tmp/alertty-popup-AbC123", "a title cannot name another folder")
        XCTAssertEqual(fields["shown"], "popup")
        let title = try XCTUnwrap(fields["title"])
        XCTAssertTrue(title.hasPrefix("Key"), title)
        XCTAssertEqual(title.count, 200, "cut to 200 characters")
        XCTAssertTrue(title.hasSuffix("…"))
        for field in fields.values {
            XCTAssertFalse(field.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "a control character: \(field)")
        }
        XCTAssertEqual(QuestionQueue.fields(of: []), [:])
        XCTAssertEqual(QuestionQueue.fields(of: Array("no equals\n=empty key\nk=v=w\n".utf8)), ["": "empty key", "k": "v=w"])
        XCTAssertEqual(QuestionQueue.fields(of: [0xFF, 0x3D, 0xFE]).count, 1, "invalid UTF-8 read as replacement characters, never a trap")
    }

    func testAnAgentsClaimGoesThroughAndWhatNoAgentWroteIsNone() throws {
        for (pid, start) in [(Int32(1), UInt64(0)), (Int32.max, UInt64(Int64.max))] {
            let claim = Popup.AgentOffer.Claim(pid: pid, start: start)
            XCTAssertEqual(Popup.AgentOffer.Claim(claim.bytes), claim)
        }
        XCTAssertNotNil(Popup.AgentOffer.Claim(Popup.AgentOffer.claimer()), "this process's own claim")
        for hostile in ["", "12", "1 2 3", "-1 5", "0 5", "2147483648 1", "1 -2", "1  2", " 1 2", "1 2\n", "1\u{0}2 3", "a b",
                        "99999999999999999999 1"] {
            XCTAssertNil(Popup.AgentOffer.Claim(Array(hostile.utf8)), hostile.debugDescription)
        }
    }

    /// What systemd's agents send back: `+` and the text, or `-`.
    func testAnAnswerDatagramGoesThroughAndWhatIsNoAnswerIsRefused() {
        for typed in ["", "correct horse battery staple", "ключ 🔑", "tab\tand spaces ", String(repeating: "x", count: 60_000)] {
            XCTAssertEqual(SystemdAsk.Reply.read(SystemdAsk.Reply.answer(Array(typed.utf8))), .answered(Array(typed.utf8)))
        }
        XCTAssertEqual(SystemdAsk.Reply.read(SystemdAsk.Reply.cancel), .cancelled)
        XCTAssertEqual(SystemdAsk.Reply.read(Array("+first\u{0}second".utf8)), .answered(Array("first".utf8)), "a list: the first is ours")
        XCTAssertEqual(SystemdAsk.Reply.read([0x2B, 0xFF, 0xFE]), .refused(.init("the answer is not UTF-8 text")))
        XCTAssertEqual(SystemdAsk.Reply.read([0x2B, 0xC3]), .refused(.init("the answer is not UTF-8 text")), "cut mid-character")
        for garbage: [UInt8] in [[], [0x00], Array("yes".utf8), [0x1B, 0x5B]] {
            XCTAssertNil(SystemdAsk.Reply.read(garbage), "\(garbage)")
        }
    }

    /// The ready mark is one netstring of its own, and no outcome's wire begins with it: the
    /// caller cannot take one for the other.
    func testTheReadyMarkIsAFrameNoOutcomeBeginsWith() throws {
        var reader = WireReader(Popup.readyMark)
        XCTAssertEqual(try reader.field(), Array("ready".utf8))
        for ran in [Ran.ended(Outcome(.ok, answer: Array("5:ready,".utf8)), terminator: nil, wholeJob: false), .failed(.noTerminal), .notRun] {
            XCTAssertFalse(ran.wire().starts(with: Popup.readyMark))
            var stream = Popup.readyMark + ran.wire()
            stream.removeFirst(Popup.readyMark.count)
            XCTAssertNoThrow(try Ran.unwired(stream))
        }
    }
}
