// Carries out the file-system work alerts ask for as effects (moving between folders and listing
// them, making a folder, checking where a save would write or what open would print), through
// the browsers' Sandbox, so
// the alerts themselves stay pure. An event source with no descriptors: it answers on the next
// turn, before the alert is shown again (`readyNow`), so no frame shows a folder half entered.

public final class FileSystemEffects: EventSource {
    let fileSystem: any FileSystem
    private var results: [AlertEvent] = []

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    public var readDescriptors: [FileDescriptor] { [] }
    public var writeDescriptors: [FileDescriptor] { [] }
    public var nextDeadline: UInt64? { results.isEmpty ? nil : 0 }
    public var readyNow: Bool { !results.isEmpty }

    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        switch effect {
        case .makeDirectory(let check):
            let path = Paths.appending(check.folder, check.name)
            let problem = Sandbox.problemMaking(check, fileSystem: fileSystem)
            results.append(.directoryMade(path, error: problem ?? fileSystem.makeDirectory(path)?.reason))
        case .resolveFolder(let check, let choosing):
            results.append(.folderResolved(check, choosing: choosing, Sandbox.resolveFolder(check, fileSystem: fileSystem)))
        case .checkSaveTarget(let check):
            results.append(.saveTargetChecked(check, Sandbox.target(of: check, fileSystem: fileSystem)))
        case .checkOpen(let check):
            results.append(.openChecked(check, Sandbox.check(check, fileSystem: fileSystem)))
        case .browse(let request):
            results.append(.browsed(request, Sandbox(fileSystem: fileSystem, root: request.root).walk(request)))
        default:
            return false
        }
        return true
    }

    public func service(now: UInt64, readable: Set<FileDescriptor>, writable: Set<FileDescriptor>) -> [AlertEvent] {
        defer { results = [] }
        return results
    }

    public func shutdown() { results = [] }
}
