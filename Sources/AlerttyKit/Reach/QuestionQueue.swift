// The user's own queue of questions waiting for a person: a private folder (the user's, 0700)
// with one file per waiting question, named so that names sort in the order they were asked.
// A job asking through a popup takes its turn from here, so one person is asked one question at
// a time, oldest first, each job getting only its own answer; a question whose process has gone
// (killed, even with SIGKILL) is no longer waiting and is cleared by whoever looks next.
//
// The folder is the same whatever the asking process's environment holds — cron gives a job no
// XDG_RUNTIME_DIR while the person's login shell has /run/user/UID: /run/user/UID/alertty when
// /run/user/UID is the user's, else /tmp/alertty-UID.

struct QuestionQueue {
    let folder: String

    /// The queue's folder for this user, whatever the environment says. /tmp is everyone's: a
    /// `/tmp/alertty-UID` another user made first (to cut the user's jobs off from their agents)
    /// is passed over for a folder in the user's home, which jobs and agents find alike.
    static var folderPath: String { place().folder }

    /// The folder, and why the usual one was passed over (said by whoever uses it).
    static func place(user: UInt32 = Platform.userID) -> (folder: String, passedOver: String?) {
        let run = "/run/user/\(user)"
        if Platform.privateFolderProblem(run) == nil { return (run + "/alertty", nil) }
        let shared = "/tmp/alertty-\(user)"
        guard let status = Platform.linkStatus(shared), status.kind != .folder || status.owner != user else { return (shared, nil) }
        // (A user with no account has no home to go to: the shared folder's problem is said.)
        guard let home = Platform.account(user)?.home, home.hasPrefix("/") else { return (shared, nil) }
        let owner = Platform.account(status.owner).map { "\($0.name) (uid \(status.owner))" } ?? "uid \(status.owner)"
        let folder = (home.hasSuffix("/") ? home : home + "/") + ".alertty-queue"
        return (folder, "\(shared) was made by \(owner), not by you: the queue is \(folder) instead "
                    + "(have root remove \(shared); /run/user/\(user), made at login, avoids /tmp)")
    }

    /// The user's queue, its folder made if it is not there; why it cannot be used otherwise.
    static func open() throws(UsageError) -> QuestionQueue {
        let (folder, passedOver) = place()
        if let passedOver { App.report(passedOver) }
        if let problem = Platform.ownFolder(folder) { throw UsageError("the queue of questions cannot be used: \(problem)") }
        return QuestionQueue(folder: folder)
    }

    /// One waiting question, as its file names it: when it was asked, and which process asks.
    struct Entry: Equatable, Comparable {
        var name: String
        var asked: UInt64
        var pid: Int32
        var start: UInt64

        /// `q-<asked, nanoseconds, 20 digits>-<pid>-<start>`.
        init?(name: String) {
            // Read byte by byte (`--check` reads a thousand names before a prompt; split into
            // characters, that was 5 ms): `q-`, then three runs of digits split by `-`.
            var numbers: [Int] = [], lengths: [Int] = [], value = 0, digits = 0
            var bytes = name.utf8.makeIterator()
            guard bytes.next() == UInt8(ascii: "q"), bytes.next() == UInt8(ascii: "-") else { return nil }
            while true {
                let byte = bytes.next()
                if let byte, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    let (tens, over) = value.multipliedReportingOverflow(by: 10)
                    guard !over, tens <= Int.max - Int(byte - UInt8(ascii: "0")) else { return nil }
                    (value, digits) = (tens + Int(byte - UInt8(ascii: "0")), digits + 1)
                } else if byte == nil || byte == UInt8(ascii: "-"), digits > 0 {
                    numbers.append(value)
                    lengths.append(digits)
                    (value, digits) = (0, 0)
                    if byte == nil { break }
                } else {
                    return nil
                }
            }
            guard numbers.count == 3, lengths[0] == 20, numbers[1] > 0, numbers[1] <= Int(Int32.max) else { return nil }
            let (asked, pid, start) = (numbers[0], numbers[1], numbers[2])
            (self.name, self.asked, self.pid, self.start) = (name, UInt64(asked), Int32(pid), UInt64(start))
        }

        /// The name of a question asked at `asked` by process `pid`, started at `start`: names
        /// sort as the questions were asked.
        static func name(asked: UInt64, pid: Int32, start: UInt64) -> String {
            let digits = String(asked)
            return "q-" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + "-\(pid)-\(start)"
        }

        static func < (a: Entry, b: Entry) -> Bool { a.name < b.name }

        /// Its process still runs (the same one: pid and start time).
        var asking: Bool { Platform.processStart(pid) == start }
    }

    /// A waiting question's record: `key=value` lines (pid, program, alert, title, and `folder`
    /// while an agent may serve it).
    func record(_ entry: Entry) -> [String: String] {
        guard let bytes = try? Platform.readFile(folder + "/" + entry.name, limit: 64 << 10) else { return [:] }
        return Self.fields(of: bytes)
    }

    /// A record's `key=value` lines as a table (a line with no `=` passed over; the last of a
    /// key wins, so a note added after the fields, `folder=`, `shown=`, is read).
    static func fields(of bytes: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return fields
    }

    /// The questions waiting, oldest first; those whose process has gone are removed.
    func waiting() -> [Entry] {
        var entries: [Entry] = []
        for name in Platform.names(in: folder) {
            // A record being written (NAME.new, renamed into place once whole) counts as its question;
            // one left by a process killed while writing it goes with that process.
            let writing = name.hasSuffix(".new")
            guard let entry = Entry(name: writing ? String(name.dropLast(4)) : name) else { continue }
            if !entry.asking {
                remove(entry)
            } else if !writing {
                entries.append(entry)
            }
        }
        return entries.sorted()
    }

    /// Takes away a question whose process has gone, its record being written too, and the
    /// offer it left (a job killed with SIGKILL, nothing of its own running, leaves its folder).
    func remove(_ entry: Entry) {
        if let offer = record(entry)["folder"], Popup.Offer.isOffer(offer) { Platform.removePrivateFolder(offer) }
        Platform.removeFile(folder + "/" + entry.name)
        Platform.removeFile(folder + "/" + entry.name + ".new")
    }

    /// Puts this process's question in the queue, holding `text` (who asks, what, since when).
    func enter(_ text: String) throws(UsageError) -> Ticket {
        let pid = Int32(Platform.processID)
        guard let start = Platform.processStart(pid) else { throw UsageError("the queue of questions cannot be used: no /proc") }
        let name = Entry.name(asked: Platform.now(), pid: pid, start: start)
        do throws(PlatformError) {
            try Platform.writeNewFile(folder + "/" + name, Array(text.utf8))
        } catch {
            throw UsageError("the queue of questions cannot be used: " + error.message)
        }
        return Ticket(queue: self, name: name)
    }

    /// The questions' names, oldest first, read from the folder alone: no process is looked at.
    /// A record being written (NAME.new) counts as its question.
    func names() -> [String] {
        var seen = Set<String>()
        for name in Platform.names(in: folder) {
            let plain = name.hasSuffix(".new") ? String(name.dropLast(4)) : name
            if Entry(name: plain) != nil { seen.insert(plain) }
        }
        return seen.sorted()
    }

    /// A question of ours in the queue, until it leaves.
    struct Ticket {
        let queue: QuestionQueue
        let name: String

        /// The question just before it (nil: its turn), from the names alone, but that this one
        /// is looked at (/proc) and cleared when its process has gone: a job killed mid-queue is
        /// cleared by the one behind it, in turn. (A thousand waiting jobs each reading a
        /// thousand processes at every change would be a million reads; each reads one.)
        func previous() -> Entry? {
            while true {
                let names = queue.names()
                let mine = names.firstIndex(of: name) ?? names.count
                guard mine > 0, let previous = Entry(name: names[mine - 1]) else { return nil }
                if previous.asking { return previous }
                queue.remove(previous)
            }
        }

        func leave() { Platform.removeFile(queue.folder + "/" + name) }

        /// Says anew what the question is (where an agent may serve it), in place.
        func update(_ text: String) { try? Platform.writeNewFile(queue.folder + "/" + name, Array(text.utf8)) }
    }
}
