// A question as JSON in, an answer as JSON out (`alertty ask`), and the MCP server whose tools
// ask through it (`alertty mcp`), driven by the official MCP Python SDK while the test answers
// in `alertty agent`.
import Foundation
import Glibc
import XCTest

final class AskEndToEndTests: XCTestCase {
    override func tearDown() { PopupReachEndToEndTests.clearQueue() }

    func file(_ json: String) throws -> String {
        let path = try temporaryFolder() + "/question.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let newUser = """
        {"message":"New user","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"Name"},\
        "admin":{"type":"boolean","title":"Admin"},"shell":{"type":"string","enum":["bash","zsh"]}},"required":["name"]}}
        """

    /// An MCP elicitation is asked as a form, in the box; OK is accept with the typed values,
    /// Cancel is decline, Esc is cancel (both exit 1, as the box does).
    func testAnElicitationIsAskedAsAFormAndAnsweredAsJSON() throws {
        let question = try file(Self.newUser)
        let p = try PTYProcess(["ask", question, "--no-animation"])
        try p.waitForText("New user")
        p.type("Ann" + K.enter + " " + K.enter + K.right + K.enter)
        try assertEnded(p, status: 0, stdout: "{\"action\":\"accept\",\"content\":{\"name\":\"Ann\",\"admin\":true,\"shell\":\"zsh\"}}\n")

        let declined = try PTYProcess(["ask", question, "--no-animation"])
        try declined.waitForText("New user")
        declined.type("Bo" + K.tab + K.tab + K.tab + K.tab + K.enter) // to Cancel
        try assertEnded(declined, status: 1, stdout: "{\"action\":\"decline\"}\n")

        let cancelled = try PTYProcess(["ask", question, "--no-animation"])
        try cancelled.waitForText("New user")
        cancelled.type(K.escape)
        try assertEnded(cancelled, status: 1, stdout: "{\"action\":\"cancel\"}\n")
    }

    /// `--describe` fed back to `ask` asks the same prompt: the same screen and answer in the box,
    /// the same in line mode, and the same with no person.
    func testADescribedPromptAskedBackIsTheSamePrompt() throws {
        let words = ["choose", "--title", "Restore", "--no-animation", "Which backup?", "daily", "weekly", "monthly"]
        let described = try Job(words + ["--describe"])
        XCTAssertEqual(try described.waitForExit(), 7)
        let question = try file(described.stdoutText)

        let direct = try PTYProcess(words)
        let asked = try PTYProcess(["ask", question])
        let first = try direct.waitFor("the list") { $0.contains("monthly") }
        let second = try asked.waitFor("the list") { $0.contains("monthly") }
        XCTAssertEqual(first.text, second.text, "the same screen")
        for p in [direct, asked] { p.type(K.down + K.enter) }
        try assertEnded(direct, status: 0, stdout: "weekly\n")
        try assertEnded(asked, status: 0, stdout: "{\"action\":\"accept\",\"content\":\"weekly\"}\n")

        let plain = try PTYProcess(["ask", question, "--plain"])
        try plain.waitForText("monthly")
        plain.type("2\n")
        try assertEnded(plain, status: 0, stdout: "{\"action\":\"accept\",\"content\":\"weekly\"}\n")

        let scripted = try Job(["ask", question, "--id", "backup"], environment: ["ALERTTY_ANSWER_BACKUP": "monthly"])
        XCTAssertEqual(try scripted.waitForExit(), 0, scripted.stderrText)
        XCTAssertEqual(scripted.stdoutText, "{\"action\":\"accept\",\"content\":\"monthly\"}\n")

        let confirm = try Job(["confirm", "--default", "no", "Reboot?", "--describe"])
        _ = try confirm.waitForExit()
        let none = try Job(["ask", try file(confirm.stdoutText), "--non-interactive"])
        XCTAssertEqual(try none.waitForExit(), 1)
        XCTAssertEqual(none.stdoutText, "{\"action\":\"decline\"}\n", "the default No is a decline")
    }

    /// Every MCP elicitation field type has a form field: several choices, a date and a
    /// boolean among other fields are asked as one form, the answer typed as the schema types it.
    func testAMultipleChoiceADateAndABooleanAreOneForm() throws {
        let json = #"{"message":"Release","requestedSchema":{"type":"object","properties":{"# +
            #""parts":{"type":"array","items":{"enum":["core","docs","tests"]},"minItems":1,"default":["core","tests"]},"# +
            #""day":{"type":"string","format":"date","default":"2026-12-24"},"# +
            #""signed":{"type":"boolean","default":true}},"required":["parts"]}}"#
        let none = try Job(["ask", try file(json), "--non-interactive"])
        XCTAssertEqual(try none.waitForExit(), 0, none.stderrText)
        XCTAssertEqual(none.stdoutText, #"{"action":"accept","content":{"parts":["core","tests"],"day":"2026-12-24","signed":true}}"# + "\n")
    }

    /// Bad JSON, unknown shapes and schema features alertty cannot ask: one line naming where,
    /// exit 2, nothing drawn.
    func testWhatCannotBeAskedIsOneLineAndNothingDrawn() throws {
        for (json, said) in [
            ("{\"message\":\"x\",", "not JSON at byte 15"),
            ("[1,2]", "neither an elicitation"),
            ("{\"message\":\"x\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"format\":\"password\"}}}}",
             "requestedSchema.properties.a.format: the format 'password' cannot be asked"),
            ("{\"message\":\"x\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"array\",\"items\":{\"type\":\"number\"}},\"b\":{\"type\":\"boolean\"}}}}",
             "requestedSchema.properties.a.items"),
            (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "nested deeper than 64"),
        ] {
            let p = try PTYProcess(["ask", try file(json)])
            XCTAssertEqual(try p.waitForExit(), 2)
            XCTAssertEqual(p.stderrText.split(separator: "\n").count, 1, p.stderrText)
            XCTAssertTrue(p.stderrText.contains(said), p.stderrText)
            XCTAssertEqual(p.screen.text.trimmingCharacters(in: .whitespacesAndNewlines), "", "nothing drawn")
            XCTAssertEqual(p.modeNow, p.modeBefore)
        }
    }
}

final class MCPEndToEndTests: XCTestCase {
    override func tearDown() { PopupReachEndToEndTests.clearQueue() }

    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MCP/client.py").path

    /// The official MCP Python SDK as the client: initialize, list the tools, and call each while
    /// the test answers in `alertty agent` (the server asks where the person is: it has no
    /// terminal of its own here). accept, decline and cancel each come back as such; a secret is
    /// refused.
    func testTheOfficialSDKCallsEachToolAndThePersonAnswers() throws {
        guard Subprocess.run("/bin/sh", ["-c", "python3 -c 'import mcp'"]).status == 0 else {
            throw Needs.missing("the MCP Python SDK (pip install mcp)", package: "python3-pip")
        }
        let calls = [
            #"confirm={"message":"Deploy to prod?","title":"Release"}"#,
            #"choose={"message":"Which region?","options":["eu-west","us-east"]}"#,
            #"input={"message":"Ticket?","pattern":"[A-Z]+-[0-9]+"}"#,
            #"form={"message":"Rollout","requestedSchema":{"type":"object","properties":{"canary":{"type":"boolean","title":"Canary first"},"percent":{"type":"integer","minimum":1,"maximum":100,"title":"Percent"}}}}"#,
            #"input={"message":"Password?","secret":true}"#,
        ]
        let sdk = try Job(["-c", "exec python3 \"$@\"", "sh", Self.client, PTYProcess.binary] + calls, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                          executable: "/bin/sh")
        let agent = try PTYProcess(["agent", "--watch"], columns: 100)
        func question(_ text: String) throws {
            try agent.waitFor("\(text), keys taken") { $0.contains(text) && !$0.contains("keys in a moment") }
        }
        try question("Deploy to prod?")
        XCTAssertTrue(agent.screen.contains("Release"), "the client and the title: \(agent.screen.text)")
        agent.type("n")
        try question("Which region?")
        agent.type(K.down + K.enter)
        try question("Ticket?")
        agent.type("abc" + K.enter)
        try agent.waitForText("must match")
        agent.type(K.escape)
        try question("Rollout")
        agent.type(" " + K.enter + "25" + K.enter)
        XCTAssertEqual(try sdk.waitForExit(timeout: 30), 0, sdk.stderrText)
        let lines = sdk.stdoutText.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(lines.count, 6, sdk.stdoutText)
        XCTAssertEqual(lines[0]?["tools"] as? [String], ["confirm", "choose", "input", "form"])
        func structured(_ i: Int) -> NSDictionary? { lines[i]?["structured"] as? NSDictionary }
        XCTAssertEqual(structured(1), ["action": "decline"])
        XCTAssertEqual(structured(2), ["action": "accept", "content": "us-east"])
        XCTAssertEqual(structured(3), ["action": "cancel"])
        XCTAssertEqual(structured(4), ["action": "accept", "content": ["canary": true, "percent": 25]])
        XCTAssertEqual(lines[5]?["isError"] as? Bool, true)
        XCTAssertTrue((lines[5]?["text"] as? String ?? "").contains("secrets are never asked for"), sdk.stdoutText)
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }

    /// A megabyte of garbage is one parse error and the server lives on; a cancelled request
    /// closes its box and gets no answer.
    func testGarbageAndCancellation() throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: PTYProcess.binary)
        server.arguments = ["mcp", "--timeout", "60"]
        server.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TMUX_TMPDIR": "/nonexistent", "ALERTTY_NOTIFY": "0"]
        let input = Pipe(), output = Pipe()
        server.standardInput = input
        server.standardOutput = output
        try server.run()
        var buffered = ""
        func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
        func reply() -> String {
            while !buffered.contains("\n") { buffered += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self) }
            let line = String(buffered[..<buffered.firstIndex(of: "\n")!])
            buffered = String(buffered[buffered.index(after: buffered.firstIndex(of: "\n")!)...])
            return line
        }
        send(String(repeating: "x", count: 1 << 20))
        XCTAssertTrue(reply().hasPrefix("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700"))
        send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        XCTAssertEqual(reply(), #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
        send(#"{"jsonrpc":"2.0","id":2,"method":"nope"}"#)
        XCTAssertTrue(reply().contains("-32601"))

        let agent = try PTYProcess(["agent", "--watch"], columns: 100)
        send(#"{"jsonrpc":"2.0","id":"c1","method":"tools/call","params":{"name":"confirm","arguments":{"message":"Cancelled soon?"}}}"#)
        do { try agent.waitForText("Cancelled soon?") } catch { XCTFail("agent: \(agent.stderrText); list: \(Subprocess.run(PTYProcess.binary, ["agent", "--list"], capture: true).output)"); throw error }
        send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"c1","reason":"no longer needed"}}"#)
        try agent.waitFor("the box closed") { !$0.contains("Cancelled soon?") }
        send(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)
        XCTAssertEqual(reply(), #"{"jsonrpc":"2.0","id":3,"result":{}}"#, "no answer for the cancelled call")
        input.fileHandleForWriting.closeFile()
        server.waitUntilExit()
        XCTAssertEqual(server.terminationStatus, 0)
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }
}

extension MCPEndToEndTests {
    /// scripts/hooks/ask-a-person.sh as a coding agent runs it (the tool call as JSON on stdin,
    /// no terminal): Allow lets the command run (0), Deny blocks it (2, said on stderr).
    func testTheApprovalHookAsksAPerson() throws {
        let hook = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/hooks/ask-a-person.sh").path
        let bin = URL(fileURLWithPath: PTYProcess.binary).deletingLastPathComponent().path
        let call = Array(#"{"tool_name":"Bash","tool_input":{"command":"rm -rf build/"}}"#.utf8)
        let agent = try PTYProcess(["agent", "--watch"], columns: 100)
        for (key, status) in [("y", Int32(0)), ("n", 2)] {
            let asked = try Job([hook], environment: ["PATH": bin + ":/usr/bin:/bin", "TMUX_TMPDIR": "/nonexistent"], stdin: call,
                                executable: "/bin/sh", cron: true)
            try agent.waitFor("the command, keys taken") { $0.contains("rm -rf build/") && $0.contains("Allow") && !$0.contains("keys in a moment") }
            agent.type(key)
            XCTAssertEqual(try asked.waitForExit(), status, asked.stderrText)
            if status == 2 { XCTAssertEqual(asked.stderrText, "a person did not allow it: rm -rf build/\n") }
            try agent.waitFor("the box gone") { !$0.contains("rm -rf build/") }
        }
        agent.signal(SIGINT)
        _ = try? agent.waitForExit()
    }
}
