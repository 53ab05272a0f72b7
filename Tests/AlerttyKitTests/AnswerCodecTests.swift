// One vocabulary of answers both ways: whatever a script answers, the outcome written as text by
// AnswerCodec and read back by it gives the same outcome again — through the real loop, with the
// alert's own rules, for every kind of prompt (a form's fields each by name).
@testable import AlerttyKit
import Foundation
import XCTest

final class AnswerCodecTests: XCTestCase {
    func command(_ words: [String]) throws -> ParsedCommand {
        guard case .run(let c) = try ArgumentParser.parse(words) else { throw UsageError("not an alert: \(words)") }
        return c
    }

    /// The outcome of `words` answered by `lookup` (a field's name, nil for the prompt itself).
    func scripted(_ command: ParsedCommand, _ lookup: @escaping (String?) -> String?) throws -> Outcome {
        let built = try AlertFactory.make(command, environment: { _ in nil }, reads: AlertReads())
        var refused: String?
        guard case .ended(let outcome, _, _) = Ask.scripted(built, answers: ScriptedAnswers(.environment(lookup)), promptName: "p",
                                                            report: { refused = $0 }) else {
            throw UsageError("not answered: \(refused ?? "")")
        }
        return outcome
    }

    /// Answered by `answers`, recorded, then replayed from the record alone: the same outcome.
    func assertReplays(_ words: [String], _ answers: [String?: String], file: StaticString = #filePath, line: UInt = #line) throws {
        let command = try command(words)
        let asked = try scripted(command) { answers[$0] }
        guard asked.status == .ok || asked.status == .cancel else {
            return XCTFail("\(words): \(asked.status) \(asked.report ?? "")", file: file, line: line)
        }
        guard let recorded = AnswerCodec.encode(asked, recorded: command.alert.descriptor.recorded(command), secret: false) else {
            return XCTFail("\(words): not recordable", file: file, line: line)
        }
        XCTAssertFalse(recorded.contains { $0.unnameable }, "\(words)", file: file, line: line)
        let texts = Dictionary(recorded.map { ($0.field, String(decoding: $0.value, as: UTF8.self)) }, uniquingKeysWith: { a, _ in a })
        let replayed = try scripted(command) { texts[$0] }
        XCTAssertEqual(replayed, asked, "\(words) answered \(answers) → recorded \(texts)", file: file, line: line)
    }

    func testEveryKindOfPromptReplaysAsAnswered() throws {
        try assertReplays(["confirm", "Go?"], [nil: "y"])
        try assertReplays(["confirm", "--yes", "Wipe", "--no", "Keep", "Go?"], [nil: "keep"])
        try assertReplays(["message", "Done"], [nil: "anything"])
        try assertReplays(["text", "--cancel", "Decline", "-"], [nil: "true"])
        try assertReplays(["input", "--validate", "email", "Mail?"], [nil: "ann@example.org"])
        try assertReplays(["input", "Name?"], [nil: "it's 'q' $HOME;`id` | ~ é 😀"])
        try assertReplays(["number", "--min", "1", "--max", "9", "How many?"], [nil: "7"])
        try assertReplays(["date", "--format", "%d/%m/%Y", "When?"], [nil: "2026-11-27"])
        try assertReplays(["time", "At?"], [nil: "09:30"])
        try assertReplays(["choose", "Pick", "a", "b\tc", "d"], [nil: "b\tc"])
        try assertReplays(["choose", "--multi", "Pick", "a", "3", "1", "x"], [nil: "3\n1"])
        try assertReplays(["choose", "--multi", "--tagged", "Pick", "t1", "One", "t2", "Two", "t3", "Three"], [nil: "t3\nt1"])
        try assertReplays(["form", "--field", "name", "text", "Name", "--field", "ok", "switch", "Agree",
                           "--field", "size", "choice", "Size", "--options", "S,M,L", "Yours"],
                          ["name": "ann \"x\" ~", "ok": "on", "size": "L"])
    }

    /// Items a file gives: every class of byte, a long one, and under --read0 one holding a newline.
    func testItemsOfEveryByteClassReplayAsChosen() throws {
        let dir = NSTemporaryDirectory() + "/codec-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let long = String(repeating: "x", count: 20_000)
        let lines = ["plain", "tab\there", "esc\u{1B}[31mred", "cr\rret", "dup", "dup", "3", long, "#hash", "it's 'q'"]
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/lines", atomically: true, encoding: .utf8)
        for pick in ["tab\there", "esc\u{1B}[31mred", "cr\rret", "7", long, "6"] {
            try assertReplays(["choose", "--items-from", dir + "/lines", "Pick"], [nil: pick])
        }
        try assertReplays(["choose", "--multi", "--min", "0", "--items-from", dir + "/lines", "Pick"], [nil: "2\n5\n6\n8"])
        try Data("a\nb\u{0}a\u{0}b\u{0}".utf8).write(to: URL(fileURLWithPath: dir + "/records"))
        for pick in ["1", "2", "3"] {
            try assertReplays(["choose", "--read0", "--items-from", dir + "/records", "Pick"], [nil: pick])
        }
    }

    /// --describe says what an answer is: the codec's words for a yes/no, and a number's, a
    /// date's and a time's bounds as their descriptors give them.
    func testDescribeSaysEachAnswerInTheSameVocabulary() throws {
        func answer(_ words: [String]) throws -> String {
            let command = try command(words)
            let built = try AlertFactory.make(command, environment: { _ in nil }, reads: AlertReads())
            var items: AlertMeaning.Choice?
            let json = Describe.json(command, built: built, items: &items)
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            let schema = try JSONSerialization.data(withJSONObject: object?["answer"] ?? [:], options: [.sortedKeys, .withoutEscapingSlashes])
            return String(decoding: schema, as: UTF8.self)
        }
        XCTAssertEqual(try answer(["confirm", "Go?"]),
                       #"{"description":"\#(AnswerCodec.yesOrNoWords)","enum":["yes","no"],"type":"string"}"#)
        XCTAssertEqual(try answer(["number", "--min", "2", "--max", "20", "--step", "2", "N?"]),
                       #"{"description":"a whole number in range, on a step from the minimum","maximum":20,"minimum":2,"multipleOf":2,"type":"integer"}"#)
        XCTAssertEqual(try answer(["date", "--min", "2026-01-01", "When?"]),
                       #"{"description":"a date, YYYY-MM-DD","format":"date","formatMinimum":"2026-01-01","type":"string"}"#)
        XCTAssertEqual(try answer(["time", "--max", "18:00", "At?"]),
                       #"{"description":"a time of day, HH:MM[:SS]","format":"time","formatMaximum":"18:00","type":"string"}"#)
        XCTAssertEqual(try answer(["input", "--validate", "email", "Mail?"]),
                       #"{"description":"one line of text, checked by the prompt's rules","format":"email","type":"string"}"#)
    }
}
