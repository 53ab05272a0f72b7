// ALERTTY_ANSWERS files read as a shell would read the assignments ALERTTY_RECORD writes, and
// never run: every other name, an expansion, a line that is not text and an answer over the
// limit are errors naming the line. The record gives each alert's answer as a script gives it.
import XCTest
@testable import AlerttyKit

final class AnswersFileTests: XCTestCase {
    func parse(_ text: String) throws -> [String: String] { try AnswersFile.parse(Array(text.utf8)).answers }

    /// The file's error, or the one problem of its one answer.
    func error(_ text: String) -> String { Self.error(Array(text.utf8)) }
    static func error(_ bytes: [UInt8]) -> String {
        do {
            let file = try AnswersFile.parse(bytes)
            return file.problems.count == 1 ? file.problems.first!.value.message : "no error"
        } catch {
            return error.message
        }
    }

    func testTheRecordsOwnQuotingAndWhatPeopleWriteByHand() throws {
        let answers = try parse("""
            # answered 2026-11-27
            ALERTTY_ANSWER_A='it'\\''s'

            export ALERTTY_ANSWER_B="x \\"y\\" \\\\z"
            ALERTTY_ANSWER_C=plain   # a comment after it
            ALERTTY_ANSWER_D='core
            docs'
            ALERTTY_ANSWER_E=a\\ b'c'"d"
            ALERTTY_ANSWER_F=
            ALERTTY_ANSWER_G=#not-a-comment
            """)
        XCTAssertEqual(answers, ["ALERTTY_ANSWER_A": "it's", "ALERTTY_ANSWER_B": "x \"y\" \\z", "ALERTTY_ANSWER_C": "plain",
                                 "ALERTTY_ANSWER_D": "core\ndocs", "ALERTTY_ANSWER_E": "a bcd", "ALERTTY_ANSWER_F": "",
                                 "ALERTTY_ANSWER_G": "#not-a-comment"])
    }

    func testEverythingElseIsAnErrorNamingItsLine() {
        XCTAssertEqual(error("ALERTTY_ANSWER_A=1\nPATH=/tmp\n"), "line 2: PATH is not an answer (ALERTTY_ANSWER_<ID>, upper case)")
        XCTAssertEqual(error("ALERTTY_ANSWER_a=1"), "line 1: ALERTTY_ANSWER_a is not an answer (ALERTTY_ANSWER_<ID>, upper case)")
        XCTAssertEqual(error("ALERTTY_ANSWER_A=$(rm -rf ~)"), "line 1: ALERTTY_ANSWER_A: $ would be expanded by a shell; quote it with '…'")
        XCTAssertEqual(error("ALERTTY_ANSWER_A=\"`id`\""), "line 1: ALERTTY_ANSWER_A: ` in \"…\" would be expanded by a shell; quote it with '…'")
        XCTAssertEqual(error("\n\nALERTTY_ANSWER_A='open\nstill"), "line 3: a ' is not closed")
        XCTAssertEqual(error("ALERTTY_ANSWER_A=two words"), "line 1: ALERTTY_ANSWER_A: one value per line (quote spaces with '…')")
        XCTAssertEqual(error("just words"), "line 1: expected = after just")
        XCTAssertTrue(AnswersFileTests.garbage.hasPrefix("line 2: not text"), AnswersFileTests.garbage)
        XCTAssertEqual(error("ALERTTY_ANSWER_A='" + String(repeating: "x", count: Limits.answer + 1) + "'"),
                       "line 1: ALERTTY_ANSWER_A: an answer over 16 MiB")
    }

    static var garbage: String { error(Array("ALERTTY_ANSWER_A=1\n".utf8) + [0xFF, 0x00, 0x41]) }

    /// What a shell would split, run, pipe, redirect or expand is refused with its line, as `$` is;
    /// quoted, each is the answer's own.
    func testAWordAShellWouldNotTakeLiterallyIsRefused() throws {
        for (line, said) in [("X=ok;touch", ";"), ("X=a>b", ">"), ("X=yes|touch", "|"), ("X=a&b", "&"), ("X=a<b", "<"),
                             ("X=(a)", "("), ("X=a)", ")")] {
            XCTAssertEqual(error("\n" + line.replacingOccurrences(of: "X", with: "ALERTTY_ANSWER_X")),
                           "line 2: ALERTTY_ANSWER_X: a shell would not read \(said) as part of the answer; quote it with '…'", line)
        }
        for line in ["X=~/file", "X=~", "X=a:~/b"] {
            XCTAssertEqual(error(line.replacingOccurrences(of: "X", with: "ALERTTY_ANSWER_X")),
                           "line 1: ALERTTY_ANSWER_X: a shell would expand ~ to a home folder; quote it with '…'", line)
        }
        XCTAssertEqual(try parse("ALERTTY_ANSWER_X='ok;touch a>b|c&d<e(f)'\nALERTTY_ANSWER_Y=a~b\nALERTTY_ANSWER_Z='~/x'\n"),
                       ["ALERTTY_ANSWER_X": "ok;touch a>b|c&d<e(f)", "ALERTTY_ANSWER_Y": "a~b", "ALERTTY_ANSWER_Z": "~/x"])
    }

    /// A value that is refused is that prompt's error only: the other lines still answer theirs.
    func testARefusedValueSpoilsOnlyItsOwnAnswer() throws {
        let file = try AnswersFile.parse(Array("ALERTTY_ANSWER_A='".utf8) + [0xFF, 0x0A] + Array("'\nALERTTY_ANSWER_B=x;y\nALERTTY_ANSWER_C=ok\n".utf8))
        XCTAssertEqual(file.answers, ["ALERTTY_ANSWER_C": "ok"])
        XCTAssertEqual(file.problems.mapValues(\.message), ["ALERTTY_ANSWER_A": "line 1: ALERTTY_ANSWER_A: not text (an answers file is UTF-8 lines)",
                                                         "ALERTTY_ANSWER_B": "line 3: ALERTTY_ANSWER_B: a shell would not read ; as part of the answer; quote it with '…'"])
    }

    func testARecordGivesEachAnswerAsAScriptWould() throws {
        func command(_ words: [String]) throws -> ParsedCommand {
            guard case .run(let c) = try ArgumentParser.parse(words) else { throw UsageError("") }
            return c
        }
        var dated = Outcome(.ok, answer: Array("27/11/2026".utf8))
        dated.replay = [ReplayAnswer(value: Array("2026-11-27".utf8))]
        XCTAssertEqual(AnswerRecord.answers(try command(["date", "--format", "%d/%m/%Y", "When?"]), secret: false, outcome: dated),
                       [ReplayAnswer(value: Array("2026-11-27".utf8))])
        XCTAssertEqual(AnswerRecord.answers(try command(["confirm", "Go?"]), secret: false, outcome: Outcome(.cancel)),
                       [ReplayAnswer(value: Array("no".utf8))])
        XCTAssertNil(AnswerRecord.answers(try command(["confirm", "Go?"]), secret: false, outcome: Outcome(.extra)))
        XCTAssertNil(AnswerRecord.answers(try command(["input", "Name?"]), secret: false, outcome: Outcome(.cancel)))
        XCTAssertEqual(AnswerRecord.answers(try command(["password", "Pw?"]), secret: true, outcome: Outcome(.ok, answer: Array("pw".utf8))),
                       [ReplayAnswer(value: [], secret: true)])
        // A list gives its items by the names the alert found for them, whatever --output printed.
        var chosen = Outcome(.ok, items: [Array("{}".utf8)])
        chosen.replay = [ReplayAnswer(value: Array("a".utf8))]
        XCTAssertEqual(AnswerRecord.answers(try command(["choose", "--output", "json", "Q", "a"]), secret: false, outcome: chosen),
                       [ReplayAnswer(value: Array("a".utf8))])
    }
}
