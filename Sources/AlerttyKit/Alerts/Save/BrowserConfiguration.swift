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

    /// --root's real path (a folder, or a usage error), and the folder shown when --dir does not
    /// say: the current one when it lies inside the root, else the root. (save, folder, open)
    static func root(_ command: ParsedCommand, cwd: PathBytes, fileSystem: any FileSystem) throws(UsageError) -> (root: PathBytes, here: PathBytes) {
        let rootArgument = Array((command.string(.root) ?? "/").utf8)
        guard let root = fileSystem.realPath(Paths.normalize(rootArgument, base: cwd)),
              fileSystem.kind(root) == .directory else {
            throw UsageError("--root " + Self.notAFolder(rootArgument, cwd: cwd, fileSystem))
        }
        if let here = fileSystem.realPath(cwd), Paths.isInside(here, root: root) { return (root, here) }
        return (root, root)
    }

    public init(_ command: ParsedCommand, fileSystem: any FileSystem) throws(UsageError) {
        choosesFolder = command.alert == .folder
        let cwd = fileSystem.currentDirectory ?? [UInt8(ascii: "/")]
        let (root, here) = try Self.root(command, cwd: cwd, fileSystem: fileSystem)
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
        } else {
            start = here
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
