// SETQUALITYBAR's meter, measured by the client: each edit of the passphrase is sent back as
// `INQUIRE QUALITY <pin>` and gpg-agent answers `D <percent>` and `END` (negative: below its
// rules). One inquiry is out at a time; edits meanwhile wait as one, the latest. An inquiry still
// out when the prompt ends is answered before the session goes on, so no `D`/`END` is ever taken
// for a request.

final class QualityInquiry: EventSource {
    let reader: AssuanReader
    let output: FileDescriptor
    let platform: LoopPlatform
    private var waiting = false
    private var pending: [UInt8]?
    private var value: Int?

    init(reader: AssuanReader, output: FileDescriptor = 1, platform: LoopPlatform = .system) {
        self.reader = reader
        self.output = output
        self.platform = platform
    }

    var readDescriptors: [FileDescriptor] { waiting ? [reader.fd] : [] }
    var writeDescriptors: [FileDescriptor] { [] }
    var nextDeadline: UInt64? { nil }

    func accept(_ effect: Effect, now: UInt64) -> Bool {
        guard case .measureStrength(let text) = effect else { return false }
        if waiting {
            pending?.resetBytes()
            pending = text
        } else {
            send(text)
        }
        return true
    }

    func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        guard waiting, readable.contains(reader.fd) else { return [] }
        reader.fill()
        return collect()
    }

    func shutdown() {
        pending?.resetBytes()
        pending = nil
        // Answered before the session reads its next request (bounded: a client that never
        // answers does not hold us).
        while waiting {
            if reader.buffered() == nil, platform.poll([reader.fd], [], 2000).readable.isEmpty { break }
            if reader.buffered() == nil && !reader.fill() { break }
            _ = collect()
        }
    }

    /// The client's answer lines read so far; the strength once it said END (or CAN, or ERR).
    private func collect() -> [AlertEvent] {
        while waiting, let next = reader.buffered() {
            guard case .line(let line) = next else {
                waiting = false
                return [.strength(nil)]
            }
            if line.starts(with: Array("D ".utf8)) {
                value = max(-100, min(100, PinentrySession.leadingInteger(Array(line.dropFirst(2)))))
            } else if line == Array("END".utf8) || line.starts(with: Array("CAN".utf8)) || line.starts(with: Array("ERR".utf8)) {
                waiting = false
                let measured = line == Array("END".utf8) ? value : nil
                if var next = pending {
                    pending = nil
                    send(next)
                    next.resetBytes()
                }
                return [.strength(measured)]
            }
        }
        return []
    }

    /// pinentry's escaping for an inquiry: controls and `+` as %XX, a space as `+`.
    private func send(_ text: [UInt8]) {
        var line = Array("INQUIRE QUALITY ".utf8)
        for byte in text where line.count < Assuan.maxLineLength - 3 {
            if byte < 0x20 || byte == 0x2B {
                line += [0x25, Assuan.hexDigit(byte >> 4), Assuan.hexDigit(byte & 0xF)]
            } else {
                line.append(byte == 0x20 ? 0x2B : byte)
            }
        }
        line.append(0x0A)
        Platform.writeAll(output, line)
        line.resetBytes()
        waiting = true
        value = nil
    }
}
