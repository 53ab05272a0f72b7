// Words an alert reads besides its flags: declarations, each opened by a word and its values and
// followed by options of its own (a form's `--field NAME KIND LABEL --default V ...`). The
// alert's descriptor gives them; the parser, --help, the man page and the completions read them
// from there, so none of them names the alert.

public struct Declarations: Sendable {
    public struct Option: Sendable {
        public var name: String
        /// Its value's name; empty when it takes none.
        public var valueName: String
        public var help: String
    }

    /// The word that opens one (`field`), the names of its values, and what its KIND value may be.
    public var opener: String
    public var values: [String]
    public var kinds: [String]
    /// What one is called ("field").
    public var noun: String
    /// The options that may follow one, in name order.
    public var options: [Option]
    /// --help's and the man page's lines: the opener first, then each option with its kinds.
    public var lines: [(usage: String, help: String)]

    /// The option `word` names (`--default`), if it is one.
    func option(_ word: String) -> Option? {
        guard word.hasPrefix("--") else { return nil }
        let name = word.dropFirst(2)
        return options.first { $0.name == name }
    }

    /// The options that are its own, not also flags of the alert (`flags`): the completions offer
    /// those as a declaration's.
    func options(besides flags: [FlagSpec]) -> [Option] {
        let taken = Set(flags.map(\.name))
        return options.filter { !taken.contains($0.name) }
    }

    /// `--field`.
    var openerWord: String { "--" + opener }
    /// What the opener does, for the completions: "a field: NAME KIND LABEL, then its options".
    var openerHelp: String { "a \(noun): \(values.joined(separator: " ")), then its options" }

    /// How many words follow `word` in a declaration (nil: `word` is not one of its words).
    func valueCount(after word: String) -> Int? {
        if word == openerWord { return values.count }
        return option(word).map { $0.valueName.isEmpty ? 0 : 1 }
    }
}
