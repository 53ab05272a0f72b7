// Words that complete a field's text as it changes (input's --suggest-cmd and --complete), found
// beside the box so it never waits: a command given the text on stdin (bounded in time and
// output, a run for an older text stopped), or the names in the folder the text points into
// (inside a root, never above it). Each answer is `.suggested` for the text it was found for.

public final class SuggestionRunner: EventSource {
    public enum Source: Equatable, Sendable {
        case command(String)
        /// File and folder names (nil root: wherever the text points).
        case paths(root: String?)
    }

    let source: Source
    let timeoutNanos: UInt64
    let debounceNanos: UInt64 = 100_000_000
    /// The most words kept of one answer.
    static let most = 1000

    private var scheduled: (text: String, at: UInt64)?
    private var running: (run: ShellRun, text: String)?
    private var found: [AlertEvent] = []

    public init(_ source: Source, timeoutSeconds: Double) {
        self.source = source
        timeoutNanos = UInt64(timeoutSeconds * 1e9)
    }

    public var readDescriptors: [FileDescriptor] { running?.run.reads ?? [] }
    public var writeDescriptors: [FileDescriptor] { running?.run.writes ?? [] }
    public var nextDeadline: UInt64? { found.isEmpty ? scheduled?.at ?? running?.run.deadline : 0 }
    public var processGroup: Int32? { running?.run.child.pid }
    public var runsCommands: Bool { if case .command = source { return true } else { return false } }
    /// Suggestions never hold the alert back.
    public var settled: Bool { true }

    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        guard case .suggest(let text) = effect else { return false }
        switch source {
        case .paths(let root):
            found = [.suggested(for: text, words: Self.names(completing: text, root: root))]
        case .command:
            stop()
            scheduled = (text, now + debounceNanos)
        }
        return true
    }

    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        if !found.isEmpty {
            defer { found = [] }
            return found
        }
        if let s = scheduled, now >= s.at, case .command(let command) = source {
            scheduled = nil
            running = ShellRun(command, input: Array((s.text + "\n").utf8), deadline: now + timeoutNanos, keep: Limits.fieldsFile)
                .map { ($0, s.text) }
        }
        guard var r = running else { return [] }
        if r.run.advance() != nil {
            running = nil
            let words = Array(Suggestions(lines: r.run.output).words.prefix(Self.most))
            r.run.stop()
            return [.suggested(for: r.text, words: words)]
        }
        running = r
        if now >= r.run.deadline { stop() }
        return []
    }

    private func stop() {
        guard var r = running else { return }
        running = nil
        r.run.stop()
    }

    public func shutdown() {
        stop()
        scheduled = nil
    }

    /// The names in the folder `text` points into that complete its last part, as `text` would
    /// be with them (a folder's with a / after it); inside `root` only: a text that climbs out of
    /// it (`..`, an absolute path) gets none.
    static func names(completing text: String, root: String?) -> [String] {
        let slash = text.lastIndex(of: "/")
        let folderPart = slash.map { String(text[...$0]) } ?? ""
        let start = slash.map { String(text[text.index(after: $0)...]) } ?? text
        var folder = folderPart.isEmpty ? "." : folderPart
        if let root {
            guard !folderPart.hasPrefix("/"), !folderPart.split(separator: "/").contains("..") else { return [] }
            // Each step a folder of its own: a link would lead out of the root.
            var step = root
            for part in folderPart.split(separator: "/") where part != "." {
                step += "/" + part
                guard Platform.linkStatus(step)?.kind == .folder else { return [] }
            }
            folder = root + "/" + folderPart
        } else if folderPart.hasPrefix("~/"), let home = Platform.environment("HOME") {
            folder = home + "/" + folderPart.dropFirst(2)
        }
        var words: [String] = []
        for name in Platform.names(in: folder).sorted() where name.hasPrefix(start) && (start.hasPrefix(".") || !name.hasPrefix(".")) {
            let isFolder = Platform.linkStatus(folder + "/" + name)?.kind == .folder
            words.append(folderPart + name + (isFolder ? "/" : ""))
            if words.count >= most { break }
        }
        return words
    }
}
