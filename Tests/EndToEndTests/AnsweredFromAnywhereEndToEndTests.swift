// A question answered without a terminal of the job's own: systemd's credentials for a service,
// and the user's queue of waiting questions as `alertty agent --list` and `--check` see it.
import Foundation
import Glibc
import XCTest

final class AnsweredFromAnywhereEndToEndTests: XCTestCase {
    /// $CREDENTIALS_DIRECTORY/<id> (LoadCredential=, SetCredential=) answers a prompt with that
    /// --id, checked by its rules, before ALERTTY_ANSWER_<ID>; a form's field by <id>.<field>.
    func testACredentialAnswersAServicesPrompt() throws {
        let credentials = try temporaryFolder()
        try "hunter22\n".write(toFile: credentials + "/db-pw", atomically: true, encoding: .utf8)
        try "ann\n".write(toFile: credentials + "/acct.user", atomically: true, encoding: .utf8)
        let pw = try Job(["password", "--id", "db-pw", "--min-length", "8", "Database password?"],
                         environment: ["CREDENTIALS_DIRECTORY": credentials, "ALERTTY_ANSWER_DB_PW": "from-the-environment"])
        XCTAssertEqual(try pw.waitForExit(), 0, pw.stderrText)
        XCTAssertEqual(pw.stdoutText, "hunter22\n", "the credential, one trailing newline dropped, before the variable")
        let form = try Job(["form", "--id", "acct", "--output", "shell", "--field", "user", "text", "User", "--field", "admin", "switch", "Admin"],
                           environment: ["CREDENTIALS_DIRECTORY": credentials])
        XCTAssertEqual(try form.waitForExit(), 0, form.stderrText)
        XCTAssertEqual(form.stdoutText, "user='ann'\nadmin='off'\n")
        let refused = try Job(["password", "--id", "db-pw", "--min-length", "9", "Database password?"], environment: ["CREDENTIALS_DIRECTORY": credentials])
        XCTAssertEqual(try refused.waitForExit(), 2, "checked by the prompt's rules")
        let none = try Job(["password", "--id", "other", "Password?"], environment: ["CREDENTIALS_DIRECTORY": credentials])
        XCTAssertEqual(try none.waitForExit(), 3, "no credential of that name: no one to ask, as before")
    }
}
