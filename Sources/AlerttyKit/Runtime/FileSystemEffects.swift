// Carries out the file-system work alerts ask for as effects (making a folder, checking where a
// save would write), so the alerts themselves stay pure. An event source with no descriptors:
// it answers on the next turn.

public final class FileSystemEffects: EventSource {
    let fileSystem: any FileSystem
    private var results: [AlertEvent] = []

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    public var readDescriptors: [FileDescriptor] { [] }
    public var writeDescriptors: [FileDescriptor] { [] }
    public var nextDeadline: UInt64? { results.isEmpty ? nil : 0 }

    public func accept(_ effect: Effect, now: UInt64) -> Bool {
        switch effect {
        case .makeDirectory(let check):
            let path = Paths.appending(check.folder, check.name)
            let problem = Browser.problemMaking(check, fileSystem: fileSystem)
            results.append(.directoryMade(path, error: problem ?? fileSystem.makeDirectory(path)?.reason))
        case .resolveFolder(let check, let choosing):
            results.append(.folderResolved(check, choosing: choosing, Browser.resolveFolder(check, fileSystem: fileSystem)))
        case .checkSaveTarget(let check):
            results.append(.saveTargetChecked(check, Browser.target(of: check, fileSystem: fileSystem)))
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
