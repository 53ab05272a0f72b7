// The caller's side of a served question, as state that each turn of its wait advances: the
// request and stdin written to the serving alertty as it takes them, its stderr passed through
// as it comes, the outcome read whole, and the tmux popup showing it (if one does) watched for
// closing without one.

extension Popup {
    final class Conversation {
        private let offer: Offer
        private let popup: (process: Platform.Command, tmux: Tmux)?
        /// Our ends as the conversation leaves them (closed ones gone): the offer closes the rest.
        private var ends: [String: FileDescriptor]
        private var pending: [String: [UInt8]]
        /// The serving alertty has opened its ends: ours may close once written.
        private(set) var ready = false
        private var forwarding: Bool
        private var result: [UInt8] = []
        private var tmuxSaid: [UInt8] = []
        private var tmuxOpen: Set<FileDescriptor>
        private var tmuxStatus: Int32?
        /// The tmux process showing the popup ending wakes the wait (a pidfd); nil: none, or it
        /// cannot be watched and is looked at each tenth of a second.
        private let tmuxExit: Platform.ProcessWatch?
        private let platform: LoopPlatform
        /// Where the serving alertty's stderr goes as it comes: the caller's (a relay sends it on
        /// to the job it serves).
        var passStderr: ([UInt8]) -> Void = { Platform.writeAll(2, $0) }

        init(_ offer: Offer, popup: (process: Platform.Command, tmux: Tmux)?, stdinTaken: [UInt8], forwardsStdin: Bool,
             platform: LoopPlatform) {
            self.offer = offer
            self.platform = platform
            self.popup = popup
            ends = offer.ends
            // The request as one netstring: read whole without waiting for an end of file (a FIFO
            // closed by its only writer before its reader came would lose what it held).
            var framed = WireWriter()
            framed.put(offer.request.wire())
            pending = ["control": framed.bytes, "in": stdinTaken]
            forwarding = forwardsStdin
            tmuxOpen = popup.map { [$0.process.stdoutRead, $0.process.stderrRead] } ?? []
            tmuxExit = popup.map { Platform.ProcessWatch($0.process.pid, start: Platform.processStart($0.process.pid) ?? 0) }
        }

        /// It must be looked at again though nothing woke the wait: a popup whose tmux process
        /// cannot be watched (its end is seen by a look, not an event).
        var needsLooks: Bool { popup != nil && tmuxStatus == nil && tmuxExit?.descriptor == nil }

        /// Hands the offer its ends back, closes tmux's pipes and ends a popup still running.
        func close() {
            offer.ends = ends
            for fd in tmuxOpen { Platform.close(fd) }
            tmuxOpen = []
            if let popup, tmuxStatus == nil {
                Platform.killGroup(popup.process.pid)
                _ = Platform.reap(popup.process.pid, wait: true)
            }
            result.resetBytes()
        }

        /// Done writing an end: closed, so the serving alertty reads its end to the end.
        func closeWrittenEnds() {
            for name in ["control", "in"] where ready && pending[name]?.isEmpty == true && !(name == "in" && forwarding) {
                if let fd = ends.removeValue(forKey: name) { Platform.close(fd) }
                pending[name] = nil
            }
        }

        var reads: [FileDescriptor] {
            var reads = [ends["err"], ends["result"], tmuxStatus == nil ? tmuxExit?.descriptor : nil].compactMap { $0 } + Array(tmuxOpen)
            // Stdin is read only as fast as the serving alertty takes it.
            if forwarding && (pending["in"]?.count ?? 0) < 65536 { reads.append(0) }
            return reads
        }

        var writes: [FileDescriptor] {
            ["control", "in"].compactMap { name in pending[name].flatMap { $0.isEmpty ? nil : ends[name] } }
        }

        /// Writes and reads what the poll found ready.
        func exchange(_ polled: (readable: Set<FileDescriptor>, writable: Set<FileDescriptor>)) {
            for name in ["control", "in"] {
                guard let fd = ends[name], polled.writable.contains(fd), var bytes = pending[name], !bytes.isEmpty else { continue }
                if let n = Platform.writeSome(fd, bytes[...]) {
                    bytes.removeFirst(n)
                } else {
                    // The serving alertty is gone: nothing more goes to it.
                    bytes = []
                    if name == "in" { forwarding = false }
                }
                pending[name] = bytes
            }
            if polled.readable.contains(0) {
                if let bytes = Platform.read(0, max: 65536) { pending["in", default: []] += bytes } else { forwarding = false }
            }
            if let fd = ends["err"], polled.readable.contains(fd) {
                if let bytes = Platform.read(fd, max: 65536) { passStderr(bytes) } else { Platform.close(fd); ends["err"] = nil }
            }
            if let fd = ends["result"], polled.readable.contains(fd) { readResult(fd) }
            for fd in tmuxOpen where polled.readable.contains(fd) {
                if let bytes = Platform.read(fd, max: 4096) { if tmuxSaid.count < 4096 { tmuxSaid += bytes } } else {
                    Platform.close(fd)
                    tmuxOpen.remove(fd)
                }
            }
            if let popup, tmuxStatus == nil { tmuxStatus = Platform.reap(popup.process.pid) }
        }

        private func readResult(_ fd: FileDescriptor) {
            if let bytes = Platform.read(fd, max: 1 << 20) {
                result += bytes
                if !ready, result.starts(with: Popup.readyMark) {
                    ready = true
                    result.removeFirst(Popup.readyMark.count)
                }
            } else if ready {
                Platform.close(fd)
                ends["result"] = nil
            }
        }

        enum Progress {
            case going
            /// Over without an outcome: what that means.
            case ended(Shown)
            /// The outcome is in.
            case outcomeIn
        }

        /// Where the conversation stands after a turn.
        func progress() -> Progress {
            // The outcome is in (its writer gone): done, once stderr is drained too.
            if ends["result"] == nil, ends["err"] == nil || platform.poll([ends["err"]!], [], 0).readable.isEmpty {
                return .outcomeIn
            }
            // The popup closed without an outcome (killed, its client gone, tmux refused it).
            guard tmuxStatus != nil, tmuxOpen.isEmpty else { return .going }
            if let fd = ends["result"], let bytes = Platform.read(fd, max: 1 << 20), !bytes.isEmpty {
                result += bytes
                return .going
            }
            guard result.isEmpty else { return .outcomeIn }
            // Its alertty never started: tmux showed nothing (a client busy with a popup or a
            // menu returns at once), or said why.
            if !ready { return .ended(.notShown(tmuxSaid: Sanitize.line(String(decoding: tmuxSaid, as: UTF8.self)).trimmingSpaces())) }
            return .ended(popup.map { Popup.closedOrLost($0.tmux) } ?? .lost)
        }

        /// What the serving alertty sent back, read. Only a person's answer is an answer: the
        /// serving alertty gone before it said anything (killed, even with SIGKILL; an agent
        /// stopped with Ctrl-C, its terminal closed), or failing where it serves (no terminal
        /// there, a usage error, a crash), leaves the question waiting, to be asked again.
        func outcome() -> Shown {
            if result.isEmpty { return .lost }
            guard let ran = try? Ran.unwired(result) else {
                App.report("the answer from where it was asked could not be read; asked again")
                return .failedThere(.failed(.internalError))
            }
            if case .failed = ran { return .failedThere(ran) }
            // The popup was taken from under it: closing a popup, tmux both sends its job SIGTERM
            // and takes its terminal away (SIGHUP), either first; a client detaching does the same.
            if case .ended(let outcome, _, _) = ran, outcome.status == .hangup || outcome.status == .terminated {
                return popup.map { Popup.closedOrLost($0.tmux) } ?? .lost
            }
            return .answered(ran)
        }
    }
}
