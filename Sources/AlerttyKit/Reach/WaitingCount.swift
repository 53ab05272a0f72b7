// "2 more waiting" on the border of a question served for a job — in its tmux popup or in an
// agent — kept current as questions come and go: the user's queue is watched (inotify), never
// looked at again and again. tmux's own border title is set once, when the popup opens.

final class WaitingCount: EventSource {
    private let queue: QuestionQueue
    private let watch: Platform.FolderWatch
    /// The end of the shown question's entry name (`-PID-START` of the alertty that asks).
    private let own: String
    /// Questions in the queue besides the one shown.
    private(set) var others = 0

    init(queue folder: String, asker pid: Int32, start: UInt64) {
        queue = QuestionQueue(folder: folder)
        watch = Platform.FolderWatch(folder)
        own = "-\(pid)-\(start)"
        recount()
    }

    private func recount() {
        others = queue.waiting().filter { !$0.name.hasSuffix(own) }.count
    }

    var caption: String? { others > 0 ? "\(others) more waiting" : nil }

    var readDescriptors: [FileDescriptor] { watch.descriptor.map { [$0] } ?? [] }
    var writeDescriptors: [FileDescriptor] { [] }
    var nextDeadline: UInt64? { nil }
    func accept(_ effect: Effect, now: UInt64) -> Bool { false }
    func shutdown() {}

    func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        guard let fd = watch.descriptor, readable.contains(fd) else { return [] }
        watch.drain()
        recount()
        return []
    }
}
