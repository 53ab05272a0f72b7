// Runs an alert through the one loop with scripted answers: no terminal, no signals.
@testable import AlerttyKit

enum Scripted {
    /// The outcome of answering `alert` from `source`; a refusal is status 2 with its report.
    static func run(_ alert: any Alert, _ source: ScriptedAnswers.Source, sources: [any EventSource] = []) -> Outcome {
        let frontEnd = ScriptedFrontEnd(ScriptedAnswers(source), promptName: "prompt", report: { _ in })
        return Runner(frontEnd: frontEnd, alert: alert, sources: sources, platform: .withoutSignals).run()
    }

    /// Answers by field name (nil: the prompt itself).
    static func run(_ alert: any Alert, answers: [String: String], prompt: String? = nil) -> Outcome {
        run(alert, .environment({ $0.map { answers[$0] } ?? prompt }))
    }
}

extension LoopPlatform {
    /// The real clock and wait, with no signal handlers installed (a test process keeps its own).
    static var withoutSignals: LoopPlatform {
        LoopPlatform(now: Platform.now, poll: { Platform.poll(read: $0, write: $1, timeoutMs: $2) },
                     catchSignals: { _ in nil }, drainSignals: { [] }, restoreSignals: { _ in })
    }
}

import XCTest

extension XCTestCase {
    /// `alertty choose ARGS…` as the factory builds it, for the tests that drive a list.
    func chooseAlert(_ args: [String]) throws -> ChooseAlert {
        guard case .run(let c) = try ArgumentParser.parse(["choose"] + args) else { throw UsageError("") }
        return try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads()).makeAlert() as! ChooseAlert
    }
}
