// --describe's answer schemas are valid JSON Schema (draft 2020-12), checked by a real validator
// (python3-jsonschema), for every alert and every form field kind; and the default alertty takes
// with no person validates against the schema it printed.
import Foundation
import XCTest

final class DescribeSchemaEndToEndTests: XCTestCase {
    static let commands: [[String]] = [
        ["message", "Done."],
        ["confirm", "--default", "no", "Go on?"],
        ["input", "--value", "ann", "--min-length", "2", "Name?"],
        ["input", "--validate", "email", "--value", "a@b.c", "Email?"],
        ["input", "--regex", "^[a-z]+$", "--value", "abc", "Word?"],
        ["password", "--min-length", "8", "Key?"],
        ["edit", "--title", "Notes", "--value", "two\nlines"],
        ["choose", "--selected", "b", "Pick", "a", "b", "c"],
        ["choose", "--multi", "--marked", "a", "--marked", "c", "--min", "1", "--max", "2", "Pick", "a", "b", "c"],
        ["choose", "--radio", "--selected", "b", "Pick", "a", "b"],
        ["save", "--root", "/tmp", "Save where?"],
        ["folder", "--root", "/tmp", "Which folder?"],
        ["date", "--min", "2026-01-01", "--max", "2026-12-31", "--value", "2026-06-01", "When?"],
        ["time", "--value", "12:30:00", "At?"],
        ["number", "--min", "1", "--max", "10", "--value", "5", "How many?"],
        ["text", "/etc/hostname"],
        ["open", "--root", "/tmp", "Which file?"],
        ["open", "--root", "/tmp", "--multi", "--min", "1", "--max", "3", "--glob", "*.txt", "Which files?"],
        ["form", "--field", "day", "date", "Day", "--default", "2026-12-05", "--min", "2026-01-01",
         "--field", "at", "time", "At", "--default", "09:30",
         "--field", "parts", "multi", "Parts", "--options", "core,docs", "--default", "core", "--min", "1", "Parts"],
        ["form", "--field", "name", "text", "Name", "--default", "ann", "--min-length", "2",
         "--field", "pw", "password", "Password", "--min-length", "8",
         "--field", "port", "number", "Port", "--min", "1", "--max", "65535", "--default", "8080",
         "--field", "admin", "switch", "Admin", "--default", "on",
         "--field", "edition", "choice", "Edition", "--options", "Minimal,Standard", "--default", "Standard", "Account"],
    ]

    static let checker = #"""
    import json, sys
    from jsonschema import Draft202012Validator
    def as_json(value, schema):
        if not isinstance(value, str): return value
        kind = schema.get("type")
        if kind == "boolean": return value.lower() in ("on", "yes", "true", "1")
        if kind == "array": return [line for line in value.split("\n") if line]
        if kind == "integer": return int(value)
        if kind == "number": return float(value)
        return value
    failures = []
    for d in json.load(sys.stdin):
        schemas = [(d["alert"], d.get("answer"), d.get("default"))]
        schemas += [(d["alert"] + "." + f["name"], f["answer"], f.get("default")) for f in d.get("fields") or []]
        for name, schema, default in schemas:
            if schema is None: continue
            try:
                Draft202012Validator.check_schema(schema)
                if default is not None and not Draft202012Validator(schema).is_valid(as_json(default, schema)):
                    failures.append(f"{name}: its own default {default!r} does not validate against {schema}")
            except Exception as e:
                failures.append(f"{name}: {e}")
    print("\n".join(failures))
    """#

    /// Runs `path` with `stdin`: its status, stdout and stderr.
    func run(_ path: String, _ arguments: [String], stdin: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let (input, output, error) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, error)
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile(), err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    func testEveryAnswerSchemaIsValidAndTakesItsDefault() throws {
        try Needs.pythonModule("jsonschema", package: "python3-jsonschema")
        var described: [String] = []
        for words in Self.commands {
            let run = try run(PTYProcess.binary, words + ["--describe"])
            XCTAssertEqual(run.status, 7, "\(words): \(run.stderr)")
            described.append(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let check = try run("/usr/bin/python3", ["-c", Self.checker], stdin: "[" + described.joined(separator: ",") + "]")
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "", "schemas that are no schema")
    }
}
