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

    /// Zeroes the storage in place, for every array that shares it. Only for a secret's last use.
    func wipeStorage() {
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            Platform.wipe(UnsafeMutableRawPointer(mutating: base), count: buffer.count)
        }
    }
}
