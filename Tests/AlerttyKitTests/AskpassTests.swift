@testable import AlerttyKit
import XCTest

/// What each caller's prompt becomes: a masked secret, an open question, a yes/no, a notice.
final class AskpassTests: XCTestCase {
    func testThePromptDecidesTheAlert() {
        let none: (String) -> String? = { _ in nil }
        XCTAssertEqual(Askpass.arguments(["Enter passphrase for /home/ann/.ssh/id_ed25519: "], environment: none),
                       ["password", "--title", "Password", "--", "Enter passphrase for /home/ann/.ssh/id_ed25519:"])
        XCTAssertEqual(Askpass.arguments(["[sudo] password for ann: "], environment: none).first, "password")
        XCTAssertEqual(Askpass.arguments(["Username for 'https://example.com': "], environment: none).first, "input", "git's user name is no secret")
        XCTAssertEqual(Askpass.arguments(["Are you sure you want to continue connecting (yes/no/[fingerprint])? "], environment: none).first,
                       "input")
        XCTAssertEqual(Askpass.arguments(["Allow use of key?"], environment: { $0 == "SSH_ASKPASS_PROMPT" ? "confirm" : nil }).first, "confirm")
        XCTAssertEqual(Askpass.arguments(["Touch your key"], environment: { $0 == "SSH_ASKPASS_PROMPT" ? "none" : nil }).first, "message")
        XCTAssertEqual(Askpass.arguments([], environment: none).last, "Password:", "no prompt: a password all the same")
        XCTAssertEqual(Askpass.arguments(["--help"], environment: none).last, "--help", "a prompt is never taken for a flag")
    }
}
