@testable import AlerttyKit
import XCTest

final class ValidationTests: XCTestCase {
    func testPresets() {
        XCTAssertEqual(Preset.nonempty.check("  "), .invalid("must not be empty"))
        XCTAssertEqual(Preset.nonempty.check(" x"), .valid)
        XCTAssertEqual(Preset.int.check("-42"), .valid)
        XCTAssertEqual(Preset.int.check("4.2"), .invalid("must be a whole number"))
        XCTAssertEqual(Preset.int.check("٣"), .invalid("must be a whole number"))
        XCTAssertEqual(Preset.number.check("4.2e3"), .valid)
        XCTAssertEqual(Preset.number.check("inf"), .invalid("must be a number"))
        XCTAssertEqual(Preset.email.check("ann@example.com"), .valid)
        for bad in ["ann", "ann@", "@x.org", "ann@x", "a b@x.org", "ann@x..org", "ann@.x.org", "a@@x.org"] {
            XCTAssertNotEqual(Preset.email.check(bad), .valid, bad)
        }
    }

    func testRulesCombineAndAllMustPass() throws {
        let rules = try Rules(preset: .int, pattern: "[0-9]{4}", minLength: 4, maxLength: 4)
        XCTAssertEqual(rules.check("123"), .invalid("needs at least 4 characters (3 so far)"))
        XCTAssertEqual(rules.check("12a4"), .invalid("must be a whole number"))
        XCTAssertEqual(rules.check("-123"), .invalid("must match [0-9]{4}"))
        XCTAssertEqual(rules.check("1234"), .valid)
    }

    func testRegexMustMatchWholeInput() throws {
        let rules = try Rules(pattern: "v[0-9]+")
        XCTAssertEqual(rules.check("v12"), .valid)
        XCTAssertNotEqual(rules.check("xv12"), .valid)
    }

    func testBadRegexIsAUsageErrorWithTheReason() {
        XCTAssertThrowsError(try Rules(pattern: "a(b")) { error in
            let message = (error as? UsageError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("--regex 'a(b' is not a valid pattern: "), message)
        }
        XCTAssertThrowsError(try Rules(minLength: 5, maxLength: 2))
    }
}
