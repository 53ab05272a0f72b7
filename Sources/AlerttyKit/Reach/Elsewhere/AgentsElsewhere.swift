// The user's agents (`alertty agent` in any terminal of theirs) as a channel elsewhere: the
// question is offered in a private folder its queue entry names; the first agent to claim it
// serves it, and the conversation with that agent runs in the caller's wait.

struct AgentsElsewhere: Elsewhere {
    var name: String { "agents" }

    /// Agents find a question by its entry in the queue: without one, none would.
    func takes(_ question: Reach.Waiting) -> Bool { question.queued }

    func offer(_ question: Reach.Waiting) -> (any OtherChannel)? {
        Popup.AgentOffer(question.command, asking: question.asking, read: question.built.read, timeout: question.left,
                         stdinTaken: question.stdinTaken, forwardsStdin: question.forwardsStdin)
    }
}

extension Popup {
    /// A question offered to the user's agents (`alertty agent` in any terminal of theirs) while
    /// it waits — alone, or beside a popup: the first agent to claim it serves it, and the
    /// conversation with that agent runs as one more channel of the caller's wait.
    final class AgentOffer: OtherChannel {
        let offer: Offer
        private let talk: Conversation
        /// The agent that took it went away before an answer: it is to be offered afresh.
        private(set) var lost = false
        /// The offer's folder: a claim made or released wakes the caller (no look in between).
        private let watch: Platform.FolderWatch
        /// An agent claimed it and has not opened its ends yet: watched until it does (or is
        /// found gone and the claim released).
        private var claimPending = false
        /// The claiming agent's process, while its claim is pending: its ending (killed before it
        /// took the question up) wakes the wait.
        private var claimer: (claim: Claim, watch: Platform.ProcessWatch)?

        init?(_ command: ParsedCommand, asking: Asking, read: [AlertReads.File], timeout: Double?, stdinTaken: [UInt8], forwardsStdin: Bool) {
            guard let offer = Offer(command, asking: asking, read: read, timeout: timeout) else { return nil }
            self.offer = offer
            talk = Conversation(offer, popup: nil, stdinTaken: stdinTaken, forwardsStdin: forwardsStdin, platform: .system)
            watch = Platform.FolderWatch(offer.folder)
        }

        deinit { talk.close() }

        var folder: String { offer.folder }
        /// Agents find it by the queue's entry.
        var queueNote: String { "folder=\(offer.folder)\n" }
        var reads: [FileDescriptor] {
            guard !lost else { return [] }
            talk.closeWrittenEnds()
            return talk.reads + [watch.descriptor, claimPending ? claimer?.watch.descriptor : nil].compactMap { $0 }
        }
        var writes: [FileDescriptor] { lost ? [] : talk.writes }
        /// Without a watch (inotify's instances run out in a crowd), a look each quarter second;
        /// with one, only while a claim is pending that names no process it can watch.
        var lookAgainIn: Double? { !lost && (watch.descriptor == nil || claimPending && claimer?.watch.descriptor == nil) ? 0.25 : nil }

        func service(_ polled: (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>)) -> Ran? {
            guard !lost else { return nil }
            if let fd = watch.descriptor, polled.readable.contains(fd) { watch.drain() }
            if !talk.ready { releaseAnAbandonedClaim() }
            claimPending = !talk.ready && Platform.linkStatus(offer.folder + "/claimed") != nil
            if !claimPending { claimer = nil }
            talk.exchange(polled)
            switch talk.progress() {
            case .going:
                return nil
            case .ended:
                lost = true
                return nil
            case .outcomeIn:
                if case .answered(let ran) = talk.outcome() { return ran }
                lost = true
                return nil
            }
        }

        /// An agent has taken it up and shows it.
        var shown: Bool { !lost && talk.ready }

        func withdraw() { Platform.removePrivateFolder(offer.folder) }

        /// What an agent's claim holds: the agent's pid and when it started.
        static func claimer() -> [UInt8] {
            let me = Int32(Platform.processID)
            return Claim(pid: me, start: Platform.processStart(me) ?? 0).bytes
        }

        /// An agent's claim on an offered question: `PID START`, the agent's process.
        struct Claim: Equatable {
            var pid: Int32
            var start: UInt64

            var bytes: [UInt8] { Array("\(pid) \(start)".utf8) }

            /// Nil: no claim a process wrote (empty, cut short, anything else there).
            init?(_ bytes: [UInt8]) {
                let words = String(decoding: bytes, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
                // (Read as Int, as every number here is: one parser in the binary.)
                guard words.count == 2, let pid = Int(words[0]), let start = Int(words[1]), pid > 0, pid <= Int(Int32.max), start >= 0
                else { return nil }
                (self.pid, self.start) = (Int32(pid), UInt64(start))
            }

            init(pid: Int32, start: UInt64) { (self.pid, self.start) = (pid, start) }
        }

        /// An agent that claimed the question and went away before taking it up (killed, its
        /// terminal closed): the claim is released, so the next agent takes it.
        /// A claim that names no process (an agent killed between making it and writing it, or
        /// anything else there) is released once it is two seconds old: a claim is written at once.
        private func releaseAnAbandonedClaim() {
            let path = offer.folder + "/claimed"
            guard let bytes = try? Platform.readFile(path, limit: 64) else { return }
            guard let claim = Claim(bytes) else {
                if let status = Platform.linkStatus(path), Platform.wallClock() - status.modified >= 2 { Platform.removeFile(path) }
                return
            }
            // (A claim seen anew is looked at by its watch's making; one seen before, here.)
            let gone: Bool
            if let claimer, claimer.claim == claim {
                gone = Platform.processStart(claim.pid) != claim.start
            } else {
                let watch = Platform.ProcessWatch(claim.pid, start: claim.start)
                (claimer, gone) = ((claim, watch), watch.goneAlready)
            }
            if gone {
                Platform.removeFile(path)
                claimer = nil
            }
        }
    }
}
