// Request lines from the Assuan client on stdin, bounded as libassuan bounds them. One reader
// for the session, shared with the quality inquiry that reads the client's answers mid-prompt,
// so no byte read ahead is lost between them.

final class AssuanReader {
    enum Next: Equatable { case line([UInt8]), end, tooLong }
    let fd: FileDescriptor
    let limit: Int
    private var buffer: [UInt8] = []
    private(set) var ended = false

    init(fd: FileDescriptor, limit: Int = Assuan.maxLineLength) {
        self.fd = fd
        self.limit = limit
    }

    /// A whole line already read, if there is one (never reads).
    func buffered() -> Next? {
        if let newline = Platform.firstIndex(of: 0x0A, in: buffer) {
            let line = Array(buffer[..<newline])
            buffer.removeSubrange(...newline)
            return line.count > limit ? .tooLong : .line(line)
        }
        if buffer.count > limit { return .tooLong }
        return ended ? .end : nil // a line cut off by the end is not a request
    }

    /// One read (blocking unless the descriptor is known readable); false at the end.
    @discardableResult
    func fill() -> Bool {
        guard !ended else { return false }
        guard let chunk = Platform.read(fd, max: 4096) else {
            ended = true
            return false
        }
        buffer += chunk
        return true
    }

    /// The next line, reading as needed.
    func next() -> Next {
        while true {
            if let next = buffered() { return next }
            fill()
        }
    }
}
