import XCTest
@testable import AlerttyKit

final class PatternTests: XCTestCase {
    func match(_ pattern: String, _ text: String) throws -> Bool { try Pattern(pattern).wholeMatch(text) }

    func testCommonPatterns() throws {
        let cases: [(String, String, Bool)] = [
            ("v[0-9]+\\.[0-9]+", "v1.22", true), ("v[0-9]+\\.[0-9]+", "v1.", false),
            ("[a-z][a-z0-9_-]*", "user_1-x", true), ("[a-z][a-z0-9_-]*", "1user", false),
            ("\\d{3}-\\d{4}", "555-1234", true), ("\\d{3}-\\d{4}", "55-1234", false),
            ("(foo|bar)+", "foobarfoo", true), ("(?:foo|bar){2}", "foobar", true), ("(?:foo|bar){2}", "foo", false),
            ("^a.c$", "abc", true), ("a{2,3}", "aaaa", false), ("a{,2}", "", true), ("a{2,}", "aaaaa", true),
            ("(?i)hello", "HeLLo", true), ("(?i:a)b", "Ab", true), ("(?i:a)b", "AB", false),
            ("[^0-9]+", "abc", true), ("[^0-9]+", "ab1", false), ("[[:alpha:]]+", "abcDE", true),
            ("\\w+@\\w+\\.\\w+", "me@host.org", true), ("\\s*x\\s*", "  x ", true), ("\\bword\\b", "word", true),
            ("\\p{L}+", "héllo", true), ("\\p{Lu}\\p{Ll}+", "Zoë", true), ("[é]", "é", true), ("日本.", "日本語", true),
            ("a|", "", true), ("(a|b)*c", "ababc", true), ("a?b?c?", "ac", true), ("x*?y", "xxy", true),
            ("\\x41\\u{42}", "AB", true), ("[\\d.]+", "1.2.3", true), ("[a\\-z]+", "a-z", true), ("[]a]+", "]a", true),
            ("\\.", ".", true), ("a.b", "a\nb", false), ("(?s)a.b", "a\nb", true),
        ]
        for (pattern, text, expected) in cases {
            XCTAssertEqual(try match(pattern, text), expected, "\(pattern) on \(text)")
        }
    }

    func testRefusedConstructsNameTheReason() {
        for (pattern, reason) in [("(a)\\1", "back-references"), ("a(?=b)", "look-ahead"), ("(?<=a)b", "look-behind"),
                                  ("(?>a)", "atomic"), ("a*+", "possessive"), ("a(b", "missing ')'"), ("a)", "unbalanced"),
                                  ("*a", "nothing to repeat"), ("[a", "missing ']'"), ("a{3,1}", "fewer"), ("\\q", "unknown escape")] {
            XCTAssertThrowsError(try Pattern(pattern), pattern) { error in
                XCTAssertTrue((error as? PatternError)?.reason.contains(reason) == true, "\(pattern): \(error)")
            }
        }
    }

    /// Catastrophic backtracking for a backtracking engine is linear here.
    func testNestedQuantifiersStayLinear() throws {
        let evil = try Pattern("(a+)+b")
        let long = String(repeating: "a", count: 40_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { XCTAssertFalse(evil.wholeMatch(long)) }
        XCTAssertLessThan(elapsed, .seconds(2), "40,000 characters against (a+)+b")
        XCTAssertTrue(try Pattern("(a|aa)*").wholeMatch(long))
    }

    /// Seeded and replayable: on random short texts this engine agrees with Swift Regex.
    func testAgreesWithSwiftRegexOnRandomTexts() throws {
        let patterns = ["a*b", "(ab|a)*", "[ab]{1,3}c?", "(a|b)*abb", "a?a?aa", "(?i)ab+", "\\d+(\\.\\d+)?", "[^a]b*",
                        "(a*)*", "\\w+\\s\\w+", "x|y|z+", "(?:a|b|)+", ".b.", "\\bab", "a\\Bb"]
        var generator = SeededGenerator(seed: 0xA1E77)
        let alphabet: [Character] = ["a", "b", "c", "A", "B", "1", "2", ".", " ", "x"]
        for pattern in patterns {
            let ours = try Pattern(pattern)
            let theirs = try Regex(pattern)
            for _ in 0..<300 {
                let length = Int(generator.next() % 7)
                let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
                XCTAssertEqual(ours.wholeMatch(text), (try? theirs.wholeMatch(in: text)) != nil, "\(pattern) on '\(text)'")
            }
        }
    }
}

/// SplitMix64: a fixed seed gives the same texts on every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
