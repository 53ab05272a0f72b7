@testable import AlerttyKit
import XCTest

/// An in-memory tree: paths map to nodes; links resolve lexically.
final class FakeFileSystem: FileSystem {
    enum Node { case dir, file, link(String), unreadable }
    var nodes: [String: Node]
    var failMkdir: String?
    var currentDirectory: PathBytes? = Array("/".utf8)
    var home: PathBytes?
    private(set) var listCalls = 0

    init(_ nodes: [String: Node]) {
        self.nodes = nodes
        self.nodes["/"] = .dir
    }

    func s(_ p: PathBytes) -> String { String(decoding: p, as: UTF8.self) }

    func list(_ path: PathBytes) -> Result<Listing, FileSystemError> {
        listCalls += 1
        let p = s(path)
        if case .unreadable = nodes[p] { return .failure(FileSystemError("Permission denied")) }
        let prefix = p == "/" ? "/" : p + "/"
        let children = nodes.keys.filter { $0.hasPrefix(prefix) && $0 != p && !$0.dropFirst(prefix.count).contains("/") }
        return .success(Listing(children.map { DirectoryEntry(name: Array($0.dropFirst(prefix.count).utf8), kind: kind(Array($0.utf8))!) }))
    }

    func kind(_ path: PathBytes) -> EntryKind? {
        switch nodes[s(path)] {
        case .dir, .unreadable: return .directory
        case .file: return .file
        case .link:
            guard let real = realPath(path) else { return .link(target: nil) }
            return .link(target: kind(real) == .directory ? .directory : .file)
        case nil: return nil
        }
    }

    func realPath(_ path: PathBytes) -> PathBytes? { realPath(path, depth: 0) }

    /// As realpath(3), failing (ELOOP) past 40 links.
    func realPath(_ path: PathBytes, depth: Int) -> PathBytes? {
        guard depth < 40 else { return nil }
        var resolved: [PathBytes] = []
        for c in Paths.components(path) {
            let next = Paths.join(resolved + [c])
            if case .link(let target) = nodes[s(next)] {
                guard let r = realPath(Paths.normalize(Array(target.utf8), base: Paths.join(resolved)), depth: depth + 1) else { return nil }
                resolved = Paths.components(r)
            } else if nodes[s(next)] != nil {
                resolved.append(c)
            } else {
                return nil
            }
        }
        return Paths.join(resolved)
    }

    func linkTarget(_ path: PathBytes) -> PathBytes? {
        if case .link(let t) = nodes[s(path)] { return Array(t.utf8) }
        return nil
    }

    func makeDirectory(_ path: PathBytes) -> FileSystemError? {
        if let fail = failMkdir { return FileSystemError(fail) }
        if nodes[s(path)] != nil { return FileSystemError("File exists") } // as mkdir(2)'s EEXIST
        nodes[s(path)] = .dir
        return nil
    }
}

final class BrowserTests: XCTestCase {
    func b(_ s: String) -> PathBytes { Array(s.utf8) }

    func tree() -> FakeFileSystem {
        FakeFileSystem([
            "/home": .dir, "/home/ann": .dir, "/home/anna": .dir, "/home/anna/secret": .file,
            "/home/ann/docs": .dir, "/home/ann/docs/report.txt": .file, "/home/ann/Music": .dir,
            "/home/ann/a.txt": .file, "/home/ann/.config": .dir, "/home/ann/out": .link("/etc"),
            "/home/ann/in": .link("docs"), "/home/ann/dangling": .link("/nowhere/x"), "/home/ann/badout": .link("/etc/passwd"),
            "/home/ann/locked": .unreadable, "/etc": .dir, "/etc/passwd": .file,
        ])
    }

    func browser(_ fs: FakeFileSystem, start: String = "/home/ann", hidden: Bool = false) -> Browser {
        var br = Browser(root: b("/home/ann"), start: b(start), showHidden: hidden)
        XCTAssertNil(br.moving(.list, on: fs))
        return br
    }

    func names(_ br: Browser) -> [String] {
        (0..<br.rowCount).map { br.entry(atRow: $0).map { String(decoding: $0.name, as: UTF8.self) } ?? "<back>" }
    }

    func testListingFoldersFirstHiddenFiltered() {
        let br = browser(tree())
        XCTAssertTrue(br.atRoot)
        XCTAssertEqual(names(br), ["docs", "in", "locked", "Music", "out", "a.txt", "badout", "dangling"])
        var withHidden = br
        withHidden.toggleHidden()
        XCTAssertEqual(names(withHidden).first, ".config")
    }

    func testBackControlAndGoingUpSelectsWhereWeCameFrom() {
        let fs = tree()
        var br = browser(fs)
        XCTAssertNil(br.moving(.open(b("docs")), on: fs))
        XCTAssertFalse(br.atRoot)
        XCTAssertEqual(names(br), ["<back>", "report.txt"])
        XCTAssertEqual(String(decoding: br.parentName, as: UTF8.self), "ann")
        XCTAssertNil(br.moving(.up, on: fs))
        XCTAssertEqual(String(decoding: br.current, as: UTF8.self), "/home/ann")
        XCTAssertEqual(br.selectedEntry?.name, b("docs"))
        XCTAssertEqual(br.goUp(), [], "the root cannot be left by going up: nothing is asked")
        let up = Browse(root: b("/home/ann"), from: b("/home/ann"), move: .up)
        XCTAssertEqual(Sandbox(fileSystem: fs, root: b("/home/ann")).walk(up), .refused("“..” leads outside /home/ann"),
                       "asked all the same, the sandbox itself keeps to the root")
    }

    func testSandboxEscapesAllFail() {
        let fs = tree()
        var br = browser(fs)
        XCTAssertEqual(br.moving(.open(b("out")), on: fs), "“out” leads outside /home/ann")
        XCTAssertEqual(br.moving(.open(b("..")), on: fs), "“..” leads outside /home/ann")
        XCTAssertEqual(br.moving(.path(b("/home/anna")), on: fs), "/home/anna is outside /home/ann",
                       "component compare: /home/ann does not admit /home/anna")
        XCTAssertEqual(br.moving(.path(b("docs/../../x")), on: fs), "“..” leads outside /home/ann", "a path a step at a time")
        XCTAssertEqual(String(decoding: br.current, as: UTF8.self), "/home/ann", "a refused move stays")
        XCTAssertNil(br.moving(.open(b("in")), on: fs), "a link inside the root opens")
        XCTAssertEqual(String(decoding: br.current, as: UTF8.self), "/home/ann/docs")
        let sandbox = Sandbox(fileSystem: fs, root: b("/home/ann")), root = b("/home/ann")
        XCTAssertEqual(sandbox.target(for: b("badout"), in: root), .refused("“badout” leads outside /home/ann"))
        XCTAssertEqual(sandbox.target(for: b("dangling"), in: root), .refused("“dangling” leads outside /home/ann"))
        XCTAssertEqual(sandbox.target(for: b("../anna/x"), in: root), .refused("a path below this folder, without . or .."))
        XCTAssertEqual(sandbox.target(for: b(".."), in: root), .refused("'.' and '..' are not names"))
        XCTAssertEqual(sandbox.target(for: b(""), in: root), .refused("type a name"))
    }

    func testSaveTargets() {
        let sandbox = Sandbox(fileSystem: tree(), root: b("/home/ann")), root = b("/home/ann")
        XCTAssertEqual(sandbox.target(for: b("new.txt"), in: root), .path(b("/home/ann/new.txt"), exists: false))
        XCTAssertEqual(sandbox.target(for: b("a.txt"), in: root), .path(b("/home/ann/a.txt"), exists: true))
        XCTAssertEqual(sandbox.target(for: b("docs"), in: root), .folder(b("docs")))
    }

    func testUnreadableFolderShowsAProblemAndTheWayBack() {
        let fs = tree()
        var br = browser(fs)
        XCTAssertNil(br.moving(.open(b("locked")), on: fs))
        XCTAssertEqual(br.listProblem, "cannot read this folder: Permission denied")
        XCTAssertEqual(names(br), ["<back>"])
        XCTAssertNil(br.moving(.up, on: fs))
        XCTAssertNil(br.listProblem)
    }

    func testTypeAheadAndCompletion() {
        var br = browser(tree())
        br.typeAhead("m")
        XCTAssertEqual(br.selectedEntry?.name, b("Music"))
        br.typeAhead("u")
        XCTAssertEqual(br.selectedEntry?.name, b("Music"))
        br.typeAhead("d")
        XCTAssertEqual(br.selectedEntry?.name, b("docs"), "no match for 'mud': starts again from 'd'")
        XCTAssertEqual(br.completion(of: b("do")), b("docs"))
        XCTAssertEqual(br.completion(of: b("ba")), b("badout"))
        XCTAssertNil(br.completion(of: b("zz")))
    }

    func testLargeFolderMovesWithoutRelisting() {
        var nodes: [String: FakeFileSystem.Node] = ["/big": .dir]
        for i in 0..<5000 { nodes["/big/f\(i)"] = .file }
        let fs = FakeFileSystem(nodes)
        var br = Browser(root: b("/big"), start: b("/big"), showHidden: false)
        XCTAssertNil(br.moving(.list, on: fs))
        let calls = fs.listCalls
        br.setVisibleRows(10)
        for _ in 0..<100 { br.move(.down) }
        br.move(.pageDown)
        XCTAssertEqual(br.selection, 110)
        XCTAssertEqual(br.top, 101)
        XCTAssertEqual(fs.listCalls, calls, "moving never re-reads the folder")
    }

    func testPaths() {
        XCTAssertEqual(Paths.normalize(b("a/./b/../c"), base: b("/x")), b("/x/a/c"))
        XCTAssertEqual(Paths.normalize(b("/../.."), base: b("/x")), b("/"))
        XCTAssertTrue(Paths.isInside(b("/home/ann/x"), root: b("/home/ann")))
        XCTAssertTrue(Paths.isInside(b("/home/ann"), root: b("/home/ann")))
        XCTAssertFalse(Paths.isInside(b("/home/anna"), root: b("/home/ann")))
        XCTAssertTrue(Paths.isInside(b("/etc"), root: b("/")))
    }

    // MARK: - The alert

    func saveAlert(_ fs: FakeFileSystem, _ extra: [String] = []) throws -> SaveAlert {
        fs.currentDirectory = b("/home/ann")
        guard case .run(let c) = try ArgumentParser.parse(["save", "--root", "/home/ann"] + extra) else { throw UsageError("") }
        return try SaveAlert.started(c, fs)
    }

    func type(_ s: String, _ a: inout SaveAlert) {
        for scalar in s.unicodeScalars { _ = a.update(.action(.insert(scalar))) }
    }

    func testSaveNewFileAndOverwriteAsk() throws {
        let fs = tree()
        var a = try saveAlert(fs)
        XCTAssertEqual(a.focus, .name)
        type("a.txt", &a)
        XCTAssertEqual(a.update(.action(.submit)), [.checkSaveTarget(SaveCheck(root: b("/home/ann"), folder: b("/home/ann"), name: b("a.txt")))],
                       "where it would write is checked by the runtime")
        _ = a.update(.saveTargetChecked(SaveCheck(root: b("/home/ann"), folder: b("/home/ann"), name: b("a.tx")), .path(b("/home/ann/a.tx"), exists: false)))
        XCTAssertNil(a.nested, "a check of another name (typed since) is stale: nothing happens")
        XCTAssertEqual(a.send(.action(.submit), fs), [], "existing file: a nested confirm asks first")
        XCTAssertNotNil(a.nested)
        XCTAssertEqual(a.update(.action(.submit)), [], "the confirm defaults to No")
        XCTAssertNil(a.nested)
        _ = a.send(.action(.submit), fs)
        XCTAssertEqual(a.update(.action(.insert("r"))), [.finish(Outcome(.ok, answer: b("/home/ann/a.txt")))])
    }

    func testOverwriteDenyAndAllow() throws {
        let fs = tree()
        var deny = try saveAlert(fs, ["--overwrite", "deny", "--name", "a.txt"])
        XCTAssertEqual(deny.send(.action(.submit), fs), [])
        XCTAssertEqual(deny.notice, "“a.txt” already exists; choose another name")
        var allow = try saveAlert(fs, ["--overwrite", "allow", "--name", "a.txt"])
        XCTAssertEqual(allow.send(.action(.submit), fs), [.finish(Outcome(.ok, answer: b("/home/ann/a.txt")))])
    }

    func testChoosingAFileCopiesItsName() throws {
        let fs = tree()
        var a = try saveAlert(fs)
        _ = a.update(.action(.focusNext))
        XCTAssertEqual(a.focus, .list)
        _ = a.update(.action(.end))
        _ = a.update(.action(.up))
        _ = a.update(.action(.up)) // a.txt
        _ = a.send(.action(.submit), fs)
        XCTAssertEqual(a.focus, .name)
        XCTAssertEqual(a.editor.text, "a.txt")
    }

    func testNewFolderNestedPromptValidatesAndEnters() throws {
        let fs = tree()
        var a = try saveAlert(fs)
        _ = a.update(.action(.newFolder))
        type("docs", &a)
        XCTAssertEqual(a.update(.action(.submit)), [], "an existing name is refused")
        XCTAssertNotNil(a.nested)
        _ = a.update(.action(.killToStart))
        type("new", &a)
        carryingOutEffects(.action(.submit), &a, fs)
        XCTAssertNil(a.nested)
        XCTAssertEqual(String(decoding: a.browser.current, as: UTF8.self), "/home/ann/new")
    }

    func testNewFolderFailureShowsAMessageAndChangesNothing() throws {
        let fs = tree()
        fs.failMkdir = "Read-only file system"
        var a = try saveAlert(fs)
        _ = a.update(.action(.newFolder))
        type("x", &a)
        carryingOutEffects(.action(.submit), &a, fs)
        guard case .failure? = a.nested?.purpose else { return XCTFail("a nested message reports the failure") }
        _ = a.update(.action(.submit))
        XCTAssertNil(a.nested)
        XCTAssertEqual(String(decoding: a.browser.current, as: UTF8.self), "/home/ann")
    }

    /// A name taken as the folder was listed is refused as it is typed (no file-system work per
    /// key); one taken since is refused when the folder is made, never overwritten.
    func testNewFolderNameTakenSinceTheListingIsRefusedWhenMade() throws {
        let fs = tree()
        var a = try saveAlert(fs)
        fs.nodes["/home/ann/late"] = .dir
        _ = a.update(.action(.newFolder))
        type("late", &a)
        carryingOutEffects(.action(.submit), &a, fs)
        guard case .failure? = a.nested?.purpose, case .message(let m)? = a.nested?.alert.meaning else { return XCTFail("a nested message reports it") }
        XCTAssertEqual(m.text, "Could not create “late”: File exists")
    }

    /// The folder is checked where the folder is made, as it is made: one deleted while shown
    /// is said, never written under.
    func testNewFolderInAFolderDeletedWhileShownIsRefused() throws {
        let fs = tree()
        var a = try saveAlert(fs, ["--dir", "/home/ann/docs"])
        fs.nodes["/home/ann/docs"] = nil
        _ = a.update(.action(.newFolder))
        type("x", &a)
        let effects = a.update(.action(.submit))
        XCTAssertEqual(effects, [.makeDirectory(SaveCheck(root: b("/home/ann"), folder: b("/home/ann/docs"), name: b("x")))])
        let files = FileSystemEffects(fileSystem: fs)
        for effect in effects { XCTAssertTrue(files.accept(effect, now: 0)) }
        for result in files.service(now: 0, readable: [], writable: []) { _ = a.update(result) }
        guard case .failure? = a.nested?.purpose, case .message(let m)? = a.nested?.alert.meaning else { return XCTFail("a nested message reports it") }
        XCTAssertEqual(m.text, "Could not create “x”: this folder no longer exists; go back")
        XCTAssertNil(fs.nodes["/home/ann/docs/x"], "nothing made")
    }

    /// Sends `event` and carries out the file-system effects it asks for, as the runtime does.
    func carryingOutEffects(_ event: AlertEvent, _ a: inout SaveAlert, _ fs: FakeFileSystem) {
        _ = a.send(event, fs)
    }

    func testFolderModeAnswersTheCurrentFolder() throws {
        let fs = tree()
        fs.currentDirectory = b("/home/ann")
        guard case .run(let c) = try ArgumentParser.parse(["folder", "--root", "/home/ann"]) else { return XCTFail("the command line did not parse as an alert to run") }
        var a = try SaveAlert.started(c, fs)
        XCTAssertEqual(a.focus, .list)
        XCTAssertTrue(a.browser.isHereSelected, "this folder, the root, first")
        var here = a
        XCTAssertEqual(here.send(.action(.submit), fs), [.finish(Outcome(.ok, answer: b("/home/ann")))], "Enter takes the folder shown")
        _ = a.send(.action(.down), fs)
        _ = a.send(.action(.submit), fs) // opens docs
        XCTAssertTrue(a.browser.isHereSelected, "this folder again, in docs")
        _ = a.update(.action(.focusNext))
        _ = a.update(.action(.focusNext))
        _ = a.update(.action(.focusNext))
        XCTAssertEqual(a.focus, .ok)
        XCTAssertEqual(a.send(.action(.submit), fs), [.finish(Outcome(.ok, answer: b("/home/ann/docs")))])
    }

    /// The folder a folder box shows it would take, and the one it takes, are resolved by the
    /// runtime (effects), the latter again as it is taken; a result for another highlight is stale.
    func testFolderModeResolvesWhatItShowsAndTakesThroughEffects() throws {
        let fs = tree()
        guard case .run(let c) = try ArgumentParser.parse(["folder", "--root", "/home/ann"]) else { return XCTFail("not an alert to run") }
        var a = try SaveAlert.started(c, fs)
        XCTAssertEqual(a.folderChoice, b("/home/ann"), "started: this folder")
        let docs = SaveCheck(root: b("/home/ann"), folder: b("/home/ann"), name: b("docs"))
        XCTAssertEqual(a.update(.action(.down)), [.resolveFolder(docs, choosing: false)])
        XCTAssertEqual(a.folderChoice, b("/home/ann"), "shown as it was until resolved")
        _ = a.update(.folderResolved(docs, choosing: false, .folder(b("/home/ann/docs"))))
        XCTAssertEqual(a.folderChoice, b("/home/ann/docs"))
        XCTAssertEqual(a.update(.action(.choose)), [.resolveFolder(docs, choosing: true)], "taken: resolved again, now")
        var other = docs
        other.name = b("x")
        XCTAssertEqual(a.update(.folderResolved(other, choosing: true, .folder(b("/home/ann/x")))), [], "another highlight's: stale")
        XCTAssertEqual(a.update(.folderResolved(docs, choosing: true, .outside)), [])
        XCTAssertEqual(a.notice, "that folder leads outside /home/ann")
        XCTAssertEqual(a.send(.action(.choose), fs), [.finish(Outcome(.ok, answer: b("/home/ann/docs")))])
    }

    func testFolderDeletedWhileShownIsNotSavedInto() throws {
        let fs = tree()
        var a = try saveAlert(fs, ["--dir", "/home/ann/docs", "--name", "x"])
        fs.nodes["/home/ann/docs"] = nil
        XCTAssertEqual(a.send(.action(.submit), fs), [])
        XCTAssertEqual(a.notice, "this folder no longer exists; go back")
        _ = a.update(.action(.focusNext))
        _ = a.send(.action(.left), fs)
        XCTAssertEqual(String(decoding: a.browser.current, as: UTF8.self), "/home/ann", "the way back still works")
    }

    /// Keys typed while a folder is being entered are meant for it: they wait for its listing
    /// and are taken there, in order; no frame shows the folder half entered.
    func testKeysTypedWhileAFolderOpensAreTakenInIt() throws {
        let fs = tree()
        guard case .run(let c) = try ArgumentParser.parse(["save", "--root", "/home/ann", "--overwrite", "allow"]) else { return XCTFail("not an alert to run") }
        let alert = SaveAlert(title: "", text: "", configuration: try BrowserConfiguration(c, fileSystem: fs))
        // Tab to the list, Right opens docs, Down, Enter takes report.txt's name: read together.
        let keys: [FrontEndRequest] = [.event(.action(.focusNext)), .event(.action(.right)), .event(.action(.down)), .event(.action(.submit))]
        let front = WatchingFrontEnd(typing: [[], keys, [], [.event(.action(.submit))]])
        let outcome = Runner(frontEnd: front, alert: alert, sources: [FileSystemEffects(fileSystem: fs)], platform: FakeSystem().platform).run()
        XCTAssertEqual(outcome, Outcome(.ok, answer: b("/home/ann/docs/report.txt")), "Down and Enter were taken in docs, not in the root")
        XCTAssertFalse(front.shown.isEmpty)
        XCTAssertFalse(front.shown.contains("moving"), "no frame between a key and the folder it opens")
        XCTAssertEqual(front.shown.first, "/home/ann listed", "the first frame is of the folder read")
    }

    /// An answer to a move asked before another is stale: the later one decides where the box is.
    func testAStaleMoveIsIgnored() throws {
        let fs = tree()
        var a = try saveAlert(fs)
        _ = a.update(.action(.focusNext))
        guard case .browse(let first)? = a.update(.action(.right)).first else { return XCTFail("opening docs is asked") }
        let docs = Sandbox(fileSystem: fs, root: b("/home/ann")).walk(first)
        XCTAssertEqual(a.update(.action(.down)), [], "held while the move is under way")
        XCTAssertEqual(a.update(.browsed(Browse(root: b("/home/ann"), from: b("/home/ann"), move: .open(b("Music"))), docs)), [],
                       "not the move asked: nothing happens")
        XCTAssertEqual(String(decoding: a.browser.current, as: UTF8.self), "/home/ann")
        _ = a.update(.browsed(first, docs))
        XCTAssertEqual(String(decoding: a.browser.current, as: UTF8.self), "/home/ann/docs")
        XCTAssertEqual(a.browser.selectedEntry?.name, b("report.txt"), "the held Down taken in docs")
    }

    /// A path answered by a script (line mode, ALERTTY_ANSWER, the defaults) opens its folder,
    /// then is taken there; one that names no file is refused, and asks nothing more.
    func testAnAnsweredPathOpensItsFolderThenIsTaken() throws {
        let fs = tree()
        var a = try saveAlert(fs)
        XCTAssertEqual(a.send(.answer(.path("/home/ann/docs/new.txt")), fs), [.finish(Outcome(.ok, answer: b("/home/ann/docs/new.txt")))])
        guard case .run(let whole) = try ArgumentParser.parse(["save", "--root", "/"]) else { return XCTFail("not an alert to run") }
        var root = try SaveAlert.started(whole, fs)
        XCTAssertEqual(root.send(.answer(.path("/")), fs), [], "no name: refused, and no move asked again")
        XCTAssertEqual(root.notice, "type a name, or a path below this folder")
        var outside = try saveAlert(fs)
        XCTAssertEqual(outside.send(.answer(.path("/etc/x")), fs), [])
        XCTAssertEqual(outside.notice, "/etc is outside /home/ann", "the folder refused: nothing saved")
        guard case .run(let c) = try ArgumentParser.parse(["folder", "--root", "/home/ann"]) else { return XCTFail("not an alert to run") }
        var folder = try SaveAlert.started(c, fs)
        XCTAssertEqual(folder.send(.answer(.go("docs")), fs), [])
        XCTAssertEqual(folder.send(.answer(.text("/home/ann/Music")), fs), [.finish(Outcome(.ok, answer: b("/home/ann/Music")))])
    }

    func testConfigurationErrors() {
        let fs = tree()
        func error(_ args: [String]) -> String? {
            guard case .run(let c)? = try? ArgumentParser.parse(["save"] + args) else { return "parse" }
            do { _ = try BrowserConfiguration(c, fileSystem: fs); return nil } catch { return error.message }
        }
        XCTAssertEqual(error(["--root", "/home/ann", "--dir", "/etc"]), "--dir /etc is outside --root /home/ann")
        XCTAssertEqual(error(["--root", "/home/ann", "--dir", "/home/ann/a.txt"]), "--dir /home/ann/a.txt is not a folder")
        XCTAssertEqual(error(["--root", "/nope"]), "--root /nope does not exist", "the words that are true")
        XCTAssertEqual(error(["--name", "a/b"]), "--name a/b: a name cannot contain /")
        XCTAssertNil(error(["--root", "/home/ann", "--dir", "/home/ann/in"]))
    }
}

extension SaveAlert {
    /// Made as the descriptor makes it, and started as the runtime starts it: its first folder read.
    static func started(_ command: ParsedCommand, _ fs: FakeFileSystem) throws -> SaveAlert {
        var alert = SaveAlert(title: command.string(.title) ?? "", text: command.text ?? "",
                              configuration: try BrowserConfiguration(command, fileSystem: fs))
        _ = alert.send(.start, fs)
        return alert
    }

    /// Sends `event` and carries out the file-system effects it leads to on `fs` as the runtime
    /// does (each answered on the next turn), until none is left: the effects left for others
    /// (an outcome).
    mutating func send(_ event: AlertEvent, _ fs: any FileSystem) -> [Effect] {
        let files = FileSystemEffects(fileSystem: fs)
        var left = update(event).filter { !files.accept($0, now: 0) }
        var turns = 0
        while files.readyNow {
            turns += 1
            if turns > 100 { XCTFail("the file-system effects never settle"); break }
            for result in files.service(now: 0, readable: [], writable: []) { left += update(result).filter { !files.accept($0, now: 0) } }
        }
        return left
    }
}

extension Browser {
    /// Asks for `move` and takes the answer the runtime's Sandbox gives on `fs`: why not, or nil.
    mutating func moving(_ move: Browse.Move, on fs: any FileSystem) -> String? {
        guard case .browse(let request) = ask(move) else { return "not asked" }
        return arrive(request, Sandbox(fileSystem: fs, root: root).walk(request))
    }
}

/// Types what it is given and notes, at each frame, whether the save box it shows had read its
/// folder or was still moving.
final class WatchingFrontEnd: FrontEnd {
    var asksAPerson: Bool { true }
    var readsJobKeys: Bool { false }
    var readDescriptors: [FileDescriptor] { [] }
    var typed: [[FrontEndRequest]]
    var shown: [String] = []
    init(typing: [[FrontEndRequest]]) { typed = typing }
    func begin(_ alert: inout any Alert) {}
    func present(_ alert: inout any Alert, now: UInt64, context: PresentContext) -> [FrontEndRequest] {
        guard context.changed, let save = alert as? SaveAlert else { return [] }
        shown.append(save.browser.pending != nil ? "moving" : save.browser.listed ? String(decoding: save.browser.current, as: UTF8.self) + " listed" : "unread")
        return []
    }
    func service(_ alert: any Alert, readable: Set<FileDescriptor>, now: UInt64) -> [FrontEndRequest] {
        typed.isEmpty ? [] : typed.removeFirst()
    }
    func nextDeadline(now: UInt64) -> UInt64? { nil }
    func suspend(wholeJob: Bool) {}
    func end(_ outcome: Outcome, alert: any Alert, by request: FrontEndRequest?) -> Outcome { outcome }
}
