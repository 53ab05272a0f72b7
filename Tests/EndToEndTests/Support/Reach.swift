// Jobs whose questions wait for an agent, as cron runs them, and the user's queue as they wait.
import Foundation
import Glibc
import XCTest

extension XCTestCase {
    /// A job as cron runs it, asking with --popup where no tmux server is: its question waits in
    /// the user's queue for an agent.
    func job(_ arguments: [String], stdin: [UInt8]? = nil) throws -> Job {
        let empty = try temporaryFolder()
        return try Job([arguments[0], "--popup", "--timeout", "60"] + arguments.dropFirst(), environment: ["TMUX_TMPDIR": empty], stdin: stdin, cron: true)
    }

    /// How often `pid` wakes in a window of `seconds`, once settled into its wait (it stops
    /// waking for a moment, or three seconds pass).
    func wakesWhileWaiting(_ pid: pid_t, seconds: Double) -> Int {
        var before = PopupReachEndToEndTests.wakes(pid)
        let bound = Date().addingTimeInterval(3)
        while Date() < bound {
            usleep(300_000) // polling its count until it settles, not a synchronisation sleep
            let now = PopupReachEndToEndTests.wakes(pid)
            if now == before { break }
            before = now
        }
        let window = Date().addingTimeInterval(seconds)
        while Date() < window { usleep(100_000) } // the measured window
        return PopupReachEndToEndTests.wakes(pid) - before
    }

    /// Waits until `count` questions of these jobs are offered to agents (their records name a folder).
    func waitForOffers(_ jobs: [Job], count: Int) throws {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let queue = PopupReachEndToEndTests.queue
            let offered = ((try? FileManager.default.contentsOfDirectory(atPath: queue)) ?? []).filter { name in
                jobs.contains { name.contains("-\($0.pid)-") }
                    && ((try? String(contentsOfFile: queue + "/" + name, encoding: .utf8)) ?? "").contains("folder=")
            }
            if offered.count >= count { return }
            if Date() > deadline { throw NSError(domain: "no offer in the queue", code: 1) }
            usleep(20_000) // polling interval for the queue's state, not a synchronisation sleep
        }
    }
}
