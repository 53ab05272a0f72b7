// Flags of `save` and `folder`, checked (root exists, start folder inside it) before the
// terminal is touched.

public struct BrowserConfiguration {
    public enum Overwrite: String, Sendable { case ask, deny, allow }

    public var choosesFolder: Bool
    public var root: PathBytes
    public var start: PathBytes
    public var name: PathBytes
    public var overwrite: Overwrite
    public var showHidden: Bool
    public var okLabel: String
    public var cancelLabel: String
    /// --dialog-keys (dialog's dselect): Enter chooses the folder shown, Space opens the highlighted one.
    public var enterChoosesHere: Bool
    /// --dialog-keys (dialog's fselect and dselect): Space in the name completes it, Tab only moves.
    public var spaceCompletes: Bool
    /// --typed-path (dialog's fselect and dselect): a path typed in the field is the answer as
    /// typed, below the folder shown (dialog checks nothing of it); dselect gets the field too.
    public var typedIsAnswer: Bool

    /// Why `path` is no folder to open, in the words that are true: not there, or something else.
    static func notAFolder(_ path: PathBytes, cwd: PathBytes, _ fileSystem: any FileSystem) -> String {
        let shown = Sanitize.bytes(path)
        return fileSystem.kind(Paths.normalize(path, base: cwd)) == nil ? "\(shown) does not exist" : "\(shown) is not a folder"
    }

    public init(_ command: ParsedCommand, fileSystem: any FileSystem) throws(UsageError) {
        choosesFolder = command.alert == .folder
        let cwd = fileSystem.currentDirectory ?? [UInt8(ascii: "/")]
        let rootArgument = Array((command.string(.root) ?? "/").utf8)
        guard let root = fileSystem.realPath(Paths.normalize(rootArgument, base: cwd)),
              fileSystem.kind(root) == .directory else {
            throw UsageError("--root " + Self.notAFolder(rootArgument, cwd: cwd, fileSystem))
        }
        self.root = root
        if let dirArgument = command.string(.dir).map({ Array($0.utf8) }) {
            guard let dir = fileSystem.realPath(Paths.normalize(dirArgument, base: cwd)),
                  fileSystem.kind(dir) == .directory else {
                throw UsageError("--dir " + Self.notAFolder(dirArgument, cwd: cwd, fileSystem))
            }
            guard Paths.isInside(dir, root: root) else {
                throw UsageError("--dir \(Sanitize.bytes(dirArgument)) is outside --root \(Sanitize.bytes(root))")
            }
            start = dir
        } else if let here = fileSystem.realPath(cwd), Paths.isInside(here, root: root) {
            start = here
        } else {
            start = root
        }
        name = Array((command.string(.name) ?? "").utf8)
        if !name.isEmpty, let problem = Paths.nameProblem(name) {
            throw UsageError("--name \(Sanitize.bytes(name)): \(problem)")
        }
        overwrite = Overwrite(rawValue: command.string(.overwrite) ?? "ask") ?? .ask
        showHidden = command.has(.showHidden)
        okLabel = command.string(.ok) ?? (choosesFolder ? "Choose" : "Save")
        cancelLabel = command.string(.cancel) ?? tr("Cancel")
        enterChoosesHere = choosesFolder && command.has(.dialogKeys)
        spaceCompletes = command.has(.dialogKeys)
        typedIsAnswer = command.has(.typedPath) && command.has(.dialogKeys)
    }
}
