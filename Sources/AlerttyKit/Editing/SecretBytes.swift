// Wiping a secret's bytes. Swift arrays share their storage until one of them is written to,
// so there are two wipes. `resetBytes` zeroes this array's bytes, copying first when the storage
// is shared (the other holder keeps its bytes: an answer taken from a field stays intact while
// the field is cleared). `wipeStorage` zeroes the storage itself, whoever shares it: for the last
// consumer of a secret (the write of the answer, the D line sent to gpg-agent), after which no
// holder wants the bytes. Both write with explicit_bzero, which the compiler may not drop.

extension Array where Element == UInt8 {
    /// Zeroes this array's bytes (copying first if the storage is shared); the count stays.
    mutating func resetBytes() {
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            Platform.wipe(UnsafeMutableRawPointer(base), count: buffer.count)
        }
    }

    /// Zeroes the bytes from `start` on, before they are removed (removing leaves them in the
    /// storage past the new end).
    mutating func resetBytes(from start: Int) {
        guard start < count else { return }
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            Platform.wipe(UnsafeMutableRawPointer(base + start), count: buffer.count - start)
        }
    }

    /// Zeroes the storage in place, for every array that shares it. Only for a secret's last use.
    func wipeStorage() {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            Platform.wipe(UnsafeMutableRawPointer(mutating: base), count: buffer.count)
        }
    }
}

extension Array where Element == UInt8 {
    /// The text as `String(decoding:as:)` keeps it (each ill-formed sequence as U+FFFD), made
    /// without a String: a secret typed in line mode never passes through one. Well-formed
    /// bytes come back as they are, sharing their storage.
    func wellFormedUTF8() -> [UInt8] {
        var decoder = UTF8()
        var iterator = makeIterator()
        var wellFormed = true
        scan: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break scan
            case .error:
                wellFormed = false
                break scan
            }
        }
        if wellFormed { return self }
        var repaired: [UInt8] = []
        // Room for the worst case (every byte a U+FFFD), so it never grows into new storage and
        // leaves a copy behind in the old.
        repaired.reserveCapacity(count * 3)
        decoder = UTF8()
        iterator = makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): UTF8.encode(scalar) { repaired.append($0) }
            case .emptyInput: return repaired
            case .error: repaired += [0xEF, 0xBF, 0xBD]
            }
        }
    }

    /// A secret's typed bytes given to `body` as well-formed UTF-8, then zeroed where they lie
    /// (a repaired copy too): for the alert that takes them, their last holder.
    func takenAsSecretText<R>(_ body: ([UInt8]) -> R) -> R {
        let text = wellFormedUTF8()
        defer {
            text.wipeStorage()
            wipeStorage()
        }
        return body(text)
    }

    /// Well-formed UTF-8 holding a control character (C0, DEL or C1), which typing and pasting
    /// never enter into a field.
    var hasControlCharacter: Bool {
        var previous: UInt8 = 0
        for byte in self {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80..<0xA0).contains(byte)) { return true }
            previous = byte
        }
        return false
    }
}

extension String {
    /// Zeroes this String's bytes where it keeps them, then empties it: for the String a
    /// secret's editor makes to find grapheme breaks (only a String knows them).
    mutating func zeroStorage() {
        withUTF8 { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            Platform.wipe(UnsafeMutableRawPointer(mutating: base), count: buffer.count)
        }
        self = ""
    }
}
