// The terminal's cursor sits on the focused element after every key, in every alert — the
// focused button's label, the list's row, the calendar's day, the time's field, the number — so
// a screen reader, which reads where the cursor is, reads what has the focus (fzf #2452 asks it
// of fzf since 2021). Read back from the screen after each key.
import Foundation
import XCTest

final class FocusCursorEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    /// Starts `arguments`, waits for `ready`, then after each key checks that the text at the
    /// cursor starts with what is focused.
    func walk(_ arguments: [String], ready: String, focused first: String, _ steps: [(key: String, focused: String)],
              file: StaticString = #filePath, line: UInt = #line) throws {
        let p = try PTYProcess([arguments[0], "--no-animation"] + arguments.dropFirst(), environment: ["NO_COLOR": "1"])
        try p.waitForText(ready)
        var expected = first
        for step in [("", first)] + steps {
            if !step.0.isEmpty {
                p.type(step.0)
                expected = step.1
            }
            try p.waitFor("the cursor on '\(expected)' in \(arguments[0])") { $0.cursorVisible && $0.atCursor.hasPrefix(expected) }
        }
        p.signal(SIGTERM)
        _ = try p.waitForExit()
    }

    func testTheCursorFollowsTheFocusInEveryAlert() throws {
        let root = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        try walk(["message", "Done."], ready: "Done.", focused: "OK", [])
        try walk(["confirm", "Delete?"], ready: "Delete?", focused: "Yes", [(K.tab, "No"), (K.tab, "Yes")])
        try walk(["input", "--value", "ab", "Name?"], ready: "Name?", focused: "", [(K.tab, "OK"), (K.tab, "Cancel")])
        try walk(["choose", "Shell?", "bash", "zsh", "fish"], ready: "fish", focused: " bash", [(K.down, " zsh"), (K.tab, "OK")])
        try walk(["choose", "--radio", "Shell?", "bash", "zsh"], ready: "zsh", focused: " ( ) bash", [(K.down, " ( ) zsh"), (K.tab, "OK")])
        try walk(["date", "--value", "2026-11-26", "Day?"], ready: "November 2026", focused: "26", [(K.right, "27"), (K.down, " 4"), (K.tab, "OK")])
        try walk(["time", "--value", "13:45:30", "At?"], ready: "13:45:30", focused: "13", [(K.right, "45"), (K.right, "30"), (K.tab, "OK")])
        try walk(["number", "--value", "40", "Volume"], ready: "40", focused: "40", [(K.right, "41"), (K.tab, "OK")])
        try walk(["folder", "--root", root, "--dir", root], ready: "docs", focused: " ✓ this folder", [(K.tab, "New Folder"), (K.tab, "Cancel")])
        try walk(["form", "--field", "tls", "switch", "TLS", "--field", "shell", "choice", "Shell", "--options", "bash,zsh"], ready: "TLS",
                 focused: " off", [(K.tab, "bash"), (K.tab, "OK")])
        try walk(["text", "--cancel", "Decline", "/proc/self/cmdline"], ready: "Decline", focused: "OK", [(K.tab, "Decline")])
        try walk(["edit", "--value", "abc"], ready: "abc", focused: "", [(K.tab, "OK"), (K.tab, "Cancel")])
        try walk(["password", "Key?"], ready: "Key?", focused: "", [(K.tab, "OK")])
        try walk(["save", "--root", root, "--dir", root, "--name", "a.txt"], ready: "docs", focused: "",
                 [(K.tab, " docs/"), (K.tab, "New Folder"), (K.tab, "Cancel")])
    }
}
