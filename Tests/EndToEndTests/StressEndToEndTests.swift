// Hostile and endless input through the real binary in a terminal: /dev/zero where a message, a
// value, a form's fields or items are read, a gauge block that never closes, a 10 MB item, a FIFO
// nobody writes to. Each ends as documented (an error at its limit, or a box that keeps answering)
// with memory bounded — checked from the kernel's own count of the process's peak — and the
// terminal restored. Bounded in time by the waits' limits; how fast is scripts/bench's business.
import Foundation
import Glibc
import XCTest

final class StressEndToEndTests: XCTestCase {
    typealias K = PTYProcess.Keys

    /// What a hostile input may make alertty hold (the binary alone maps ~10 MB).
    static let memoryBoundKiB = 256 * 1024

    /// A value read from a running process's /proc/PID/status or /proc/PID/io (KiB or bytes).
    static func procValue(_ pid: pid_t, _ file: String, _ key: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// The process started under `parent` (a shell running a pipeline) whose command line starts with `name`.
    static func descendant(of parent: pid_t, running name: String) -> pid_t? {
        var pending = [parent]
        while let pid = pending.popLast() {
            if let cmd = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
               String(decoding: cmd, as: UTF8.self).hasPrefix(name + "\u{0}"), pid != parent { return pid }
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                pending += children.split(separator: " ").compactMap { pid_t($0) }
            }
        }
        return nil
    }

    /// Waits until `pid` has read `bytes` (so the endless input has been flowing for a while),
    /// then asserts its peak memory stayed under the bound.
    func assertBoundedWhileReading(_ pid: pid_t, bytes: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitUntil("\(bytes >> 20) MiB read", timeout: 30) { (Self.procValue(pid, "io", "rchar") ?? 0) >= bytes }
        let peak = try XCTUnwrap(Self.procValue(pid, "status", "VmHWM"), file: file, line: line)
        XCTAssertLessThan(peak, Self.memoryBoundKiB, "peak memory in KiB after \(bytes >> 20) MiB of input", file: file, line: line)
    }

    /// Runs alertty under GNU time, whose own child it is: the kernel's peak resident set of
    /// that process alone (a child spawned by this test process would inherit its peak).
    final class Measured {
        let process: PTYProcess
        let report = NSTemporaryDirectory() + "alertty-peak-\(UUID().uuidString)"
        init(_ arguments: [String], stdinPath: String? = nil, environment: [String: String] = [:]) throws {
            process = try PTYProcess(["-f", "%M", "-o", report, PTYProcess.binary] + arguments, environment: environment,
                                     stdinPath: stdinPath, executable: "/usr/bin/time")
        }
        /// KiB, once it has ended.
        var peakKiB: Int {
            defer { unlink(report) }
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            return Int(text.split(separator: "\n").last ?? "") ?? .max
        }
    }

    // MARK: - Refused at a limit

    func testEndlessStdinIsRefusedAtItsLimit() throws {
        try Needs.program("/usr/bin/time", package: "time")
        for arguments in [["message", "-"], ["input", "--value", "-"], ["password", "--value", "-"], ["edit", "-"]] {
            let run = try Measured(arguments, stdinPath: "/dev/zero")
            try assertEnded(run.process, status: 2, stdout: "")
            XCTAssertTrue(run.process.stderrText.contains("MiB"), "\(arguments): names the limit: \(run.process.stderrText)")
            XCTAssertEqual(run.process.stderrText.filter { $0 == "\n" }.count, 1, "one line")
            XCTAssertLessThan(run.peakKiB, 64 * 1024, "\(arguments)")
        }
        let form = try Measured(["form", "--fields-from", "/dev/zero"])
        try assertEnded(form.process, status: 2, stdout: "")
        XCTAssertTrue(form.process.stderrText.contains("1 MiB"), form.process.stderrText)
        XCTAssertLessThan(form.peakKiB, 64 * 1024)
        let file = try Measured(["dialog", "--file", "/dev/zero"])
        XCTAssertEqual(try file.process.waitForExit(), 255)
        XCTAssertLessThan(file.peakKiB, 64 * 1024)
    }

    // MARK: - Kept going, memory bounded

    /// choose --items-from /dev/zero: one record that never ends. Its start is kept, the rest read
    /// and dropped; the box stays up and Esc works.
    func testALineThatNeverEndsKeepsTheListAnswering() throws {
        let p = try PTYProcess(["choose", "--no-animation", "--items-from", "/dev/zero", "Pick"])
        try p.waitForText("Pick")
        try assertBoundedWhileReading(p.pid, bytes: 256 << 20)
        p.type(K.escape)
        try assertEnded(p, status: 1)
    }

    /// The same endless line with no person to answer: --describe, --non-interactive and an
    /// answer by name read up to a limit and say the list was cut as the box shows it — they
    /// never read for ever. What is kept of the cut item is not an item of the input: it is
    /// never printed as the answer (exit 2, one line), but its number names it truly.
    func testALineThatNeverEndsIsBoundedWithNoPerson() throws {
        try Needs.program("/usr/bin/time", package: "time")
        let cut = "alertty: input cut short: the list holds what came before 2 GiB or an item of 16 MiB"
        let refused = "alertty: item 1 was cut short at 16 MiB, so what is kept of it is not an item of the input: it is not answered (--output index names it)\n"
        for (arguments, status, stdout, said) in [(["--describe"], Int32(7), nil, cut + "; a description reads 4 MiB of items and lists 100000 at most\n"),
                                                  (["--non-interactive", "--selected", "1"], 2, "", cut + "\n" + refused),
                                                  (["--id", "z"], 2, "", cut + "\n" + refused),
                                                  (["--non-interactive", "--selected", "1", "--output", "index"], 0, "1\n", cut + "\n")] {
            let run = try Measured(["choose", "--items-from", "/dev/zero"] + arguments + ["Pick"], environment: ["ALERTTY_ANSWER_Z": "1"])
            let process = run.process
            let ended = try process.waitForExit(timeout: 120)
            XCTAssertEqual(ended, status, "\(arguments): \(process.stderrText)")
            if let stdout { XCTAssertEqual(process.stdoutText, stdout, "\(arguments)") }
            XCTAssertTrue(process.stderrText.hasSuffix(said), "\(arguments): \(process.stderrText)")
            XCTAssertLessThan(run.peakKiB, Self.memoryBoundKiB, "\(arguments)")
        }
    }

    /// A person choosing the cut item, in the box or in line mode, gets the same refusal: what
    /// is kept of it is never printed as the answer (exit 2, one line); the item after it is
    /// listed as ever.
    func testACutItemChosenByAPersonIsRefused() throws {
        let file = try temporaryFolder() + "/items"
        var bytes = Data(repeating: UInt8(ascii: "a"), count: (16 << 20) + 100)
        bytes.append(contentsOf: Array("\nbeta\n".utf8))
        try bytes.write(to: URL(fileURLWithPath: file))
        let refused = "alertty: item 1 was cut short at 16 MiB, so what is kept of it is not an item of the input: it is not answered (--output index names it)\n"
        for plain in [false, true] {
            let p = try PTYProcess(["choose", "--items-from", file] + (plain ? ["--plain"] : []) + ["Pick"])
            // (The item after the cut one listed: the list went on.)
            try p.waitForText("beta")
            p.type(plain ? "1" + K.enter : K.enter)
            try assertEnded(p, status: 2)
            XCTAssertTrue(p.stderrText.hasSuffix(refused), "plain \(plain): \(p.stderrText)")
        }
    }

    /// `yes | alertty choose --describe --items-from -` ends (it read 2 GiB and never finished
    /// in a minute): a description reads 4 MiB of items and lists 100,000 at most, "cut":true.
    func testADescriptionOfAnEndlessListEnds() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        let out = try temporaryFolder() + "/description.json"
        shell.arguments = ["-c", "yes | \"$0\" choose --describe --items-from - > \"$1\"; echo $? >> \"$1.status\"", PTYProcess.binary, out]
        try shell.run()
        shell.waitUntilExit()
        XCTAssertEqual(try String(contentsOfFile: out + ".status", encoding: .utf8), "7\n")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        XCTAssertEqual(json?["cut"] as? Bool, true)
        XCTAssertEqual((json?["items"] as? [Any])?.count, 100_000)
    }

    /// A gauge fed a block that never closes: its text is cut, the rest dropped.
    func testAGaugeBlockThatNeverClosesStaysBounded() throws {
        let p = try PTYProcess(["-c", "(echo XXX; echo 50; yes log) | \(PTYProcess.binary) progress --no-animation Working"],
                               executable: "/bin/sh")
        try p.waitForText("Working")
        let gauge = try XCTUnwrap(Self.descendant(of: p.pid, running: PTYProcess.binary))
        try assertBoundedWhileReading(gauge, bytes: 8 << 20)
        kill(gauge, SIGTERM)
        _ = try p.waitForExit()
        XCTAssertEqual(p.modeNow, p.modeBefore, "termios restored")
    }

    /// The drop-in's textbox on /dev/zero: the pager keeps the first 64 MiB of a stream.
    func testATextboxOnDevZeroKeepsItsLimit() throws {
        let p = try PTYProcess(["dialog", "--textbox", "/dev/zero", "20", "70"])
        try p.waitForText("^@")
        try assertBoundedWhileReading(p.pid, bytes: 64 << 20)
        p.type(K.escape)
        try assertEnded(p, status: 255)
    }

    /// A 10 MB item among short ones: arrows, a filter key and its removal answer as with short
    /// items, the row shows the item's start cut visibly, and choosing it prints all of it.
    func testATenMegabyteItemCostsWhatAShortOneDoes() throws {
        let path = NSTemporaryDirectory() + "alertty-huge-item-\(getpid())"
        let huge = String(repeating: "x", count: 10_000_000)
        try "first\n\(huge)\nlast\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let p = try PTYProcess(["choose", "--no-animation", "--items-from", path, "Pick"])
        try p.waitFor("the list loaded") { $0.contains("first") && $0.contains("last") && !$0.contains("loading") }
        p.type("la")
        try p.waitFor("the filter narrows") { $0.contains("1 of 3") }
        p.type(K.backspace + K.backspace)
        try p.waitFor("the filter cleared") { $0.contains("first") && !$0.contains("1 of 3") }
        XCTAssertTrue(p.screen.contains("xxxx…"), "the huge item drawn cut: \(p.screen.text)")
        let peak = try XCTUnwrap(Self.procValue(p.pid, "status", "VmHWM"))
        XCTAssertLessThan(peak, 128 * 1024, "KiB, with a 10 MB item")
        p.type(K.up + K.enter) // the focus stayed on `last`
        XCTAssertEqual(try p.waitForExit(), 0)
        XCTAssertEqual(p.stdout.count, huge.utf8.count + 1, "chosen, it is printed whole")
    }

    /// A FIFO nobody writes to yet: the box is drawn, says it is waiting, and Esc works.
    func testAFifoNobodyWritesToDoesNotBlockTheBox() throws {
        let fifo = NSTemporaryDirectory() + "alertty-silent-fifo-\(getpid())"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let p = try PTYProcess(["choose", "--no-animation", "--items-from", fifo, "Pick"])
        try p.waitFor("the box, waiting") { $0.contains("Pick") && $0.contains("loading") }
        p.type(K.escape)
        try assertEnded(p, status: 1)
    }
}
