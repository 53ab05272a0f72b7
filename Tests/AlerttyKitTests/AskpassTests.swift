@testable import AlerttyKit
import XCTest

/// What each caller's prompt becomes: a masked secret, an open question, a yes/no, a notice.
final class AskpassTests: XCTestCase {
    func testThePromptDecidesTheAlert() {
        let none: (String) -> String? = { _ in nil }
        XCTAssertEqual(Askpass.command(["Enter passphrase for /home/ann/.ssh/id_ed25519: "], environment: none).arguments,
                       ["password", "--title", "Password", "--", "Enter passphrase for /home/ann/.ssh/id_ed25519:"])
        XCTAssertEqual(Askpass.command(["[sudo] password for ann: "], environment: none).arguments.first, "password")
        XCTAssertEqual(Askpass.command(["Username for 'https://example.com': "], environment: none).arguments.first, "input", "git's user name is no secret")
        XCTAssertEqual(Askpass.command(["Are you sure you want to continue connecting (yes/no/[fingerprint])? "], environment: none).arguments.first,
                       "input")
        XCTAssertEqual(Askpass.command(["Allow use of key?"], environment: { $0 == "SSH_ASKPASS_PROMPT" ? "confirm" : nil }).arguments.first, "confirm")
        XCTAssertEqual(Askpass.command(["Touch your key"], environment: { $0 == "SSH_ASKPASS_PROMPT" ? "none" : nil }).arguments.first, "message")
        XCTAssertEqual(Askpass.command([], environment: none).arguments.last, "Password:", "no prompt: a password all the same")
        XCTAssertEqual(Askpass.command(["--help"], environment: none).arguments.last, "--help", "a prompt is never taken for a flag")
    }
}
