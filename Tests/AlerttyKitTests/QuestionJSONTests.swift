// JSON read as programs hand it over, and a question as JSON made into alertty's words.
@testable import AlerttyKit
import XCTest

final class QuestionJSONTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    func testJSONIsReadExactlyAndWrittenBack() throws {
        let text = #"{"a":[1,-2.5e3,true,false,null],"b":"x\"\\\/\n\u00e9\ud83d\ude00","c":{}}"#
        let value = try parse(text)
        XCTAssertEqual(value["b"]?.stringValue, "x\"\\/\né😀")
        XCTAssertEqual(value["a"]?.arrayValue?.count, 5)
        XCTAssertEqual(value["a"]?.arrayValue?[1].numberValue, -2500)
        XCTAssertEqual(try parse(value.text).text, value.text, "written back, read the same")
    }

    func testBadJSONSaysWhere() {
        for (text, offset) in [("", 0), ("{", 1), ("[1,]", 3), ("01", 2), ("\"a\u{01}\"", 2), ("{\"a\":1,\"a\":2}", 10), ("1 2", 2), ("tru", 0)] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertEqual((error as? JSONValue.Malformed)?.offset, offset, text)
            }
        }
        XCTAssertThrowsError(try parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)))
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
    }

    func testAnElicitationIsAForm() throws {
        let question = try QuestionJSON.question(try parse("""
            {"message":"New user","requestedSchema":{"type":"object","required":["name"],"properties":{
            "name":{"type":"string","title":"Name","description":"As on the badge"},
            "email":{"type":"string","format":"email","maxLength":80},
            "age":{"type":"integer","minimum":18},
            "admin":{"type":"boolean","default":true},
            "team":{"type":"string","oneOf":[{"const":"ops","title":"Ops"},{"const":"dev","title":"Dev"}]}}}}
            """))
        XCTAssertEqual(question.content, .object)
        XCTAssertEqual(question.words, ["form", "--output", "json",
                                        "--field", "name", "text", "Name", "--hint", "As on the badge", "--validate", "nonempty",
                                        "--field", "email", "text", "email", "--validate", "email", "--max-length", "80",
                                        "--field", "age", "number", "age", "--min", "18",
                                        "--field", "admin", "switch", "admin", "--default", "on",
                                        "--field", "team", "choice", "team", "--options", "ops,dev",
                                        "--", "New user"])
        let multi = try QuestionJSON.question(try parse(#"{"method":"elicitation/create","params":{"message":"Tags","requestedSchema":{"type":"object","properties":{"tags":{"type":"array","items":{"enum":["a","b"]},"maxItems":2}}}}}"#))
        XCTAssertEqual(multi.words, ["choose", "--multi", "--title", "tags", "--min", "0", "--max", "2", "--", "Tags", "a", "b"])
        XCTAssertEqual(multi.content, .itemsNamed("tags"))
    }

    func testADescribedPromptIsItsCommandAgain() throws {
        let question = try QuestionJSON.question(try parse(#"{"alert":"input","title":"Port","text":"Port?","options":{"title":"Port","validate":"int","value":8080}}"#))
        XCTAssertEqual(question.words, ["input", "--title", "Port", "--validate", "int", "--value", "8080", "--", "Port?"])
        XCTAssertEqual(question.content, .text)
        XCTAssertThrowsError(try QuestionJSON.question(try parse(#"{"alert":"nope"}"#)))
    }

    func testTheAnswerAsJSON() {
        var accepted = Outcome(.ok, answer: Array("a\nb".utf8))
        XCTAssertEqual(QuestionJSON.answer(.ended(accepted, terminator: nil, wholeJob: false), .items), #"{"action":"accept","content":["a","b"]}"#)
        accepted.answer = Array("42".utf8)
        XCTAssertEqual(QuestionJSON.answer(.ended(accepted, terminator: nil, wholeJob: false), .number), #"{"action":"accept","content":42}"#)
        var escaped = Outcome(.cancel)
        XCTAssertEqual(QuestionJSON.answer(.ended(escaped, terminator: nil, wholeJob: false), .text), #"{"action":"decline"}"#)
        escaped.pressedEsc = true
        XCTAssertEqual(QuestionJSON.answer(.ended(escaped, terminator: nil, wholeJob: false), .text), #"{"action":"cancel"}"#)
        XCTAssertEqual(QuestionJSON.answer(.ended(Outcome(.timeout), terminator: nil, wholeJob: false), .text), #"{"action":"cancel"}"#)
        XCTAssertNil(QuestionJSON.answer(.failed(.usage), .text))
    }
}
