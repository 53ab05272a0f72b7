// What making an alert reads — stdin, whole files, a stream's descriptor, the file system, the
// clock — asked through one value, so an alert's `make` does no I/O of its own and can be run
// in any process from data. The process that asks reads from its host and keeps each whole file
// it read; a process that shows the question for it (a popup's alertty, an agent's, one on the
// person's laptop) is given those bytes with the question and reads none of them again: it shows
// what the job read, not what its own host has at that path.

final class AlertReads {
    /// A whole file the question read, by the path as the command names it.
    struct File: Equatable {
        var path: String
        var bytes: [UInt8]
    }

    /// Whole files read so far, in the order read (what a question carries).
    private(set) var files: [File]
    /// Files given with the question: taken from here, never read again.
    private let given: [File]
    private let readStdin: () throws(UsageError) -> [UInt8]

    init(given: [File] = [], stdin: @escaping () throws(UsageError) -> [UInt8] = { [] }) {
        (self.given, files, readStdin) = (given, [], stdin)
    }

    /// What stdin holds (once; a second `-` is an error of the command).
    func stdin() throws(UsageError) -> [UInt8] { try readStdin() }

    /// Whether stdin is the terminal (a list or text to be piped in is not there).
    var stdinIsTerminal: Bool { Platform.isTerminal(0) }

    /// The file at `path`, whole (at most `limit` bytes; `streams`: a FIFO or device is read
    /// too): as the question carried it, or read now and kept.
    func file(_ path: String, limit: Int, streams: Bool = false) throws(PlatformError) -> [UInt8] {
        // (Carried bytes were read under this same limit where the question was asked.)
        if let carried = given.first(where: { $0.path == path }) {
            files.append(carried)
            return carried.bytes
        }
        let bytes = try Platform.readFile(path, limit: limit, streams: streams)
        files.append(File(path: path, bytes: bytes))
        return bytes
    }

    /// `path` opened to be read as it comes (a pager's file, a list's items): never carried.
    func stream(_ path: String) throws(PlatformError) -> FileDescriptor { try Platform.openForReadingAtOnce(path) }

    /// The file system a browser lists and checks.
    var fileSystem: any FileSystem { RealFileSystem() }

    /// The local date and time now (a date's or time's default).
    var now: (year: Int, month: Int, day: Int, secondsSinceMidnight: Int) { Platform.localNow() }
}
