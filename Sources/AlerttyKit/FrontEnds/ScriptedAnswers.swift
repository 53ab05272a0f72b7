// Answers without a person, for the scripted front end and for --on-timeout default: what to
// hand the alert for what it asks now. Each prompt is answered once — the prompt itself, each
// of a form's fields, a secret's second entry — and a prompt still asking after its answer was
// refused, for the reason the alert gives. Nothing here judges an answer: the alert does.

public struct ScriptedAnswers {
    public enum Source {
        /// Take the default: what Enter on the untouched box would take.
        case defaults
        /// An answer by name: nil for the prompt itself, a form field's name for that field
        /// (a field with none keeps its default).
        case environment((String?) -> String?)
        /// What a person typed elsewhere for the prompt itself (systemd's agents): bytes, handed
        /// to a secret field as they are, never made a String whose storage could not be zeroed.
        case typed(TypedAnswer)
    }

    /// Typed bytes, zeroed when no longer needed; each field that takes them (a secret asked
    /// twice takes them twice) gets a copy of its own, and zeroes it.
    public final class TypedAnswer {
        private var bytes: [UInt8]
        public init(_ bytes: [UInt8]) { self.bytes = bytes }
        deinit { bytes.resetBytes() }

        /// A copy in storage of its own (not the shared buffer Array(bytes) would give).
        func copy() -> [UInt8] {
            var copy: [UInt8] = []
            copy.reserveCapacity(bytes.count)
            copy.append(contentsOf: bytes)
            return copy
        }
    }

    public enum Step: Equatable {
        case answer(Answer)
        /// Nothing to answer yet (work going on, items still arriving).
        case wait
        case refused(String)
    }

    let source: Source
    private var answered: Set<String> = []

    public init(_ source: Source) {
        self.source = source
    }

    public mutating func next(_ meaning: AlertMeaning) -> Step {
        if case .progress = meaning { return .wait } // it ends by itself
        if case .list(let c) = meaning, c.loading { return .wait }
        if case .document(let d) = meaning, d.loading { return .wait }
        let key = meaning.promptKey
        if answered.contains(key) { return .refused(meaning.refusal) }
        // A question the alert asks after its answer (Replace it?) has no one to answer it.
        if case .question(let q) = meaning, q.name == nil, !answered.isEmpty {
            return .refused("\(q.text.split(separator: "\n").first.map(String.init) ?? q.text) (nobody to answer that)")
        }
        answered.insert(key)
        if case .typed(let typed) = source {
            if case .field(let f) = meaning, f.secret { return .answer(.secret(typed.copy())) }
            var bytes = typed.copy()
            defer { bytes.resetBytes() }
            return AnswerCodec.decode(String(decoding: bytes, as: UTF8.self), as: meaning)
        }
        guard case .environment(let lookup) = source else { return .answer(.current) }
        // A second entry (a form's --confirm) takes the answer its first entry took.
        let name = meaning.confirmedField ?? meaning.fieldName
        guard let value = lookup(name) else {
            return name == nil ? .refused("no answer given") : .answer(.current)
        }
        return AnswerCodec.decode(value, as: meaning)
    }
}

extension AlertMeaning {
    /// Which prompt this is: an answer is given once per prompt.
    var promptKey: String {
        switch self {
        case .message: return "message"
        case .question(let q): return "question:" + (q.name ?? "")
        case .field(let f): return "field:" + (f.name ?? "") + ":" + (f.label ?? "")
        case .list(let c): return "list:" + (c.name ?? "")
        case .browser: return "browser"
        case .progress: return "progress"
        case .document: return "document"
        }
    }

    /// The form field a second entry confirms, if this is one.
    var confirmedField: String? {
        if case .field(let f) = self { return f.confirms }
        return nil
    }

    /// A form field's name, nil for the prompt itself.
    var fieldName: String? {
        switch self {
        case .question(let q): return q.name
        case .field(let f): return f.name
        case .list(let c): return c.name
        default: return nil
        }
    }

    /// Why the answer just given was not taken, as the alert says it.
    var refusal: String {
        let reason: String
        switch self {
        case .field(let f): reason = f.reason ?? "not accepted"
        case .list(let c): reason = c.reason ?? (c.multi ? "not accepted" : "choose one item")
        case .browser(let b): reason = b.notice ?? (b.choosesFolder ? "not a folder inside the root" : "not a file name inside the root")
        default: reason = "not accepted"
        }
        return fieldName.map { "field \($0): \(reason)" } ?? reason
    }
}

extension AlertMeaning.Choice {
    /// The item a script names: a tag, its text exactly, its label as shown, or a 1-based index.
    func index(of name: String) -> Int? {
        if let i = tags.firstIndex(of: name) ?? names.firstIndex(of: name) ?? labels.firstIndex(of: name) { return i }
        if let n = Int(name), n >= 1, n <= labels.count { return n - 1 }
        return nil
    }
}
