@testable import AlerttyKit
import XCTest

final class ArgumentParserTests: XCTestCase {
    func parse(_ args: [String]) throws -> ParsedCommand {
        guard case .run(let c) = try ArgumentParser.parse(args) else { throw UsageError("not a run") }
        return c
    }

    func error(_ args: [String]) -> String? {
        do {
            _ = try ArgumentParser.parse(args)
            return nil
        } catch {
            return error.message
        }
    }

    func testFlagsBothFormsAndText() throws {
        let c = try parse(["confirm", "--title", "T", "--yes=Sure", "--", "--not-a-flag"])
        XCTAssertEqual(c.alert, .confirm)
        XCTAssertEqual(c.string(.title), "T")
        XCTAssertEqual(c.string(.yes), "Sure")
        XCTAssertEqual(c.text, "--not-a-flag")
    }

    func testErrorsNameTheArgument() {
        XCTAssertEqual(error(["message", "--titel", "x"]), "unknown option --titel; did you mean --title?")
        XCTAssertEqual(error(["message", "--title"]), "--title needs a value (TEXT)")
        XCTAssertEqual(error(["confirm", "--width", "abc", "x"]), "--width needs a whole number, not 'abc'")
        XCTAssertEqual(error(["confirm", "--width", "5", "x"]), "--width must be between 16 and 1000, not 5")
        XCTAssertEqual(error(["confirm", "--default", "maybe", "x"]), "--default must be one of yes, no, extra, help, not 'maybe'")
        XCTAssertEqual(error(["confirm", "--color", "alway", "x"]), "--color must be one of auto, always, never, not 'alway'; did you mean always?")
        XCTAssertEqual(error(["message", "--yes", "x", "y"]), "--yes is not an option of 'message'; see alertty message --help")
        XCTAssertEqual(error(["message", "a", "b"]), "unexpected argument 'b': the message was already given; quote it as one argument")
        XCTAssertEqual(error(["message", "--inline=yes", "a"]), "--inline takes no value")
        XCTAssertEqual(error(["mesage"])?.hasPrefix("unknown alert 'mesage'; did you mean message?"), true)
        XCTAssertEqual(error(["--title", "x"])?.hasPrefix("expected an alert before --title"), true)
        XCTAssertEqual(error(["confirm", "-x"]), "unknown option -x")
        XCTAssertEqual(error(["confirm", "--timeout", "0", "x"]), "--timeout needs a positive number of seconds, not '0'")
        XCTAssertEqual(error(["confirm", "--timeout", "nan", "x"]), "--timeout needs a positive number of seconds, not 'nan'")
        XCTAssertEqual(error([])?.hasPrefix("missing alert"), true)
    }

    func testHelpAndVersionAreOutcomes() throws {
        XCTAssertEqual(try ArgumentParser.parse(["--version"]), .version)
        guard case .help(let text) = try ArgumentParser.parse(["input", "--help"]) else { return XCTFail("the command line did not parse as an alert to run") }
        XCTAssertTrue(text.contains("--validate-cmd CMD"))
        XCTAssertTrue(text.contains("130"))
    }

    func testDashReadsStdinOnce() {
        var calls = 0
        let read: () throws(UsageError) -> [UInt8] = { () throws(UsageError) -> [UInt8] in
            calls += 1
            if calls > 1 { throw UsageError("only one argument can be read from stdin (`-`)") }
            return Array("v\n".utf8)
        }
        XCTAssertThrowsError(try AlertFactory.make(try parse(["input", "--value", "-", "-"]), environment: { _ in nil }, reads: AlertReads(stdin: read)))
    }

    func testEveryFlagHasExactlyOneSpecPerAlert() {
        for flag in Flag.allCases {
            XCTAssertGreaterThan(CommandSpec.flags.filter { $0.flag == flag }.count, 0, "--\(flag.rawValue) has a spec")
            for alert in AlertKind.allCases {
                XCTAssertLessThanOrEqual(CommandSpec.flags(for: alert).filter { $0.flag == flag }.count, 1, "--\(flag.rawValue) of \(alert)")
            }
        }
    }

    /// A group several alerts share is one row of the table, its alerts read from the
    /// descriptors that list it; a flag each alert words its own way is a row per alert.
    func testASharedFlagIsOneRowWithTheAlertsThatListIt() {
        let ok = CommandSpec.flags.filter { $0.flag == .ok }
        XCTAssertEqual(ok.count, 1)
        XCTAssertEqual(Set(ok.first?.alerts ?? []), Set(AlertKind.allCases.filter { kind in kind.descriptor.flags.contains { $0.flag == .ok } }))
        XCTAssertEqual(Set(ok.first?.alerts ?? []), [.message, .input, .password, .save, .folder, .open, .choose, .form, .text, .date, .number, .time, .edit])
        XCTAssertEqual(CommandSpec.flags.filter { $0.flag == .value }.map(\.alerts), [[.input, .password], [.date], [.number], [.time], [.edit]])
        XCTAssertEqual(CommandSpec.flags.filter { $0.flag == .title }.first?.alerts, AlertKind.allCases, "every alert's")
    }

    func testRepeatedFlagsAndPositionals() throws {
        XCTAssertEqual(error(["message", "--title", "a", "--title", "b", "x"]), "--title was given twice; give it once")
        XCTAssertEqual(error(["message"]), "message needs a TEXT to show")
        XCTAssertEqual(error(["confirm", "--title", "t"]), "confirm needs a TEXT (the question)")
        XCTAssertEqual(try parse(["input"]).text, nil, "input's TEXT is optional")
    }

    /// A flag declared for several alerts with different kinds of value (choose's integer --min,
    /// date's --min DATE) is read through its first spec: an integer or seconds spec must come first.
    func testAFlagsFirstSpecHasTheKindItsAccessorsNeed() {
        for flag in Flag.allCases {
            let specs = CommandSpec.flags.filter { $0.flag == flag }
            let first = CommandSpec.spec(flag).value
            for spec in specs {
                if case .integer = spec.value, case .integer = first { continue }
                if case .integer = spec.value { XCTFail("--\(flag.rawValue): an integer spec after a \(first) one") }
                if spec.value == .seconds { XCTAssertEqual(first, .seconds, "--\(flag.rawValue)") }
            }
        }
    }
}
