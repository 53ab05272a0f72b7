@testable import AlerttyKit
import Foundation
import XCTest

/// Whole screens, rendered by the pure Scene at 80×24 and 40×12 and compared with files under
/// Snapshots/: the screen as quoted lines, then its styled runs. A layout change shows as a diff
/// of those files. Re-record with ALERTTY_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests.
final class SnapshotTests: XCTestCase {
    static let sizes = [(80, 24), (40, 12)]

    func b(_ s: String) -> PathBytes { Array(s.utf8) }

    func fieldAlert(_ args: [String], alert: String = "input") throws -> FieldAlert {
        guard case .run(let c) = try ArgumentParser.parse([alert] + args) else { throw UsageError("") }
        return try FieldAlert(title: c.string(.title) ?? "", text: c.text ?? "",
                              configuration: FieldConfiguration(c, secret: alert == "password", reads: AlertReads(stdin: { Array("s3cret".utf8) })),
                              environment: { $0 == "LANG" ? "C.UTF-8" : nil })
    }

    func fakeTree() -> FakeFileSystem {
        FakeFileSystem([
            "/home": .dir, "/home/ann": .dir, "/home/ann/docs": .dir, "/home/ann/docs/report.txt": .file,
            "/home/ann/Music": .dir, "/home/ann/a.txt": .file, "/home/ann/notes.md": .file, "/home/ann/.config": .dir,
            "/home/ann/in": .link("docs"), "/home/ann/dangling": .link("/nowhere/x"),
        ])
    }

    func saveAlert(_ args: [String], alert: String = "save") throws -> SaveAlert {
        guard case .run(let c) = try ArgumentParser.parse([alert, "--root", "/home/ann", "--dir", "/home/ann"] + args) else {
            throw UsageError("")
        }
        return try SaveAlert.started(c, fakeTree())
    }

    // MARK: - The alerts

    func testMessage() throws {
        try snapshot("message", MessageAlert(title: "Backup", text: "Backup finished.\nAll 1,204 files were copied to /mnt/backup."))
        try snapshot("message-long", MessageAlert(title: "Log", text: (1...60).map { "line \($0) of a long log" }.joined(separator: "\n")))
        try snapshot("message-empty", MessageAlert(title: "", text: ""))
        var styled = MessageAlert(title: "Disk", text: "", extraLabel: "Details", helpLabel: "Help")
        styled.body = TextBody(markup: "Disk /var is \\Z1\\Zb95% full\\Zn.\nRun \\Zuapt clean\\ZU, then \\Zrreboot\\ZR.\n\\Z2\u{1B}]0;pwned\u{7}\\Zn stays visible.")
        try snapshot("message-colors-buttons", styled)
    }

    func testText() throws {
        let log = (1...200).map { "2026-11-26 12:00:\($0 % 60) step \($0)\tok\u{1B}[31m" }.joined(separator: "\n")
        try snapshot("text", TextAlert(title: "install.log", document: BufferDocument(Array(log.utf8)), streaming: false, follow: false))
        var searched = TextAlert(title: "install.log", document: BufferDocument(Array(log.utf8)), streaming: false, follow: true)
        searched.layout(Rect(x: 0, y: 0, width: 70, height: 18))
        _ = searched.update(.action(.home)) // (following, it opened at the end)
        for c in "/step 12".unicodeScalars { _ = searched.update(.action(.insert(c))) }
        _ = searched.update(.action(.submit))
        try snapshot("text-search", searched)
        var working = TextAlert(title: "", document: BufferDocument(Array("unpacking\nconfiguring\n".utf8)), streaming: true, follow: true)
        working.heading = TextBody("Installing the packages you chose.")
        try snapshot("text-heading-stream", working)
        // dialog's programbox while its text comes (--dialog-keys): no OK and no keys offered yet.
        working.keysWaitForTheEnd = true
        try snapshot("text-dialog-keys-waiting", working)
        try snapshot("text-licence", TextAlert(title: "Licence", document: BufferDocument(Array("Use it well.\n".utf8)), streaming: false,
                                               follow: false, okLabel: "Agree", cancelLabel: "Decline"))
    }

    /// dialog's --tailboxbg before a msgbox: the file's last lines in a box of their own behind it.
    func testLayered() throws {
        let log = BufferDocument(Array((1...40).map { "step \($0) done" }.joined(separator: "\n").utf8))
        let layer = Layered.Layer(view: TailView(title: "install.log", document: log), width: 40, height: 12)
        try snapshot("layered-tail-behind", Layered(front: MessageAlert(title: "", text: "Read the log behind."), layers: [layer]))
    }

    func testDate() throws {
        let d = CalendarDate.parse("2026-11-26")!
        try snapshot("date", DateAlert(title: "Maintenance", text: "Which day?", value: d, earliest: CalendarDate.parse("2026-11-10"),
                                       latest: CalendarDate.parse("2026-12-10")))
    }

    func testNumber() throws {
        var a = NumberAlert(title: "Volume", text: "How loud?", minimum: 0, maximum: 100, step: 5, value: 40)
        try snapshot("number", a)
        for c in "42".unicodeScalars { _ = a.update(.action(.insert(c))) }
        try snapshot("number-typed-refused", a)
    }

    func testTime() throws {
        var a = TimeAlert(title: "Backup", text: "Start at", value: ClockTime.parse("02:30:00")!, latest: ClockTime.parse("06:00")!)
        try snapshot("time", a)
        for c in "07".unicodeScalars { _ = a.update(.action(.insert(c))) }
        try snapshot("time-refused", a)
    }

    func testConfirm() throws {
        try snapshot("confirm", ConfirmAlert(title: "Disk", text: "Disk is 95% full. Clean now?"))
        try snapshot("confirm-default-no", ConfirmAlert(title: "", text: "Delete everything?", yesLabel: "Delete", noLabel: "Keep",
                                                        defaultYes: false))
    }

    func testInput() throws {
        var a = try fieldAlert(["--title", "Your email", "--validate", "email", "--placeholder", "name@example.com", "Where do we write?"])
        try snapshot("input-empty", a)
        for s in "ann@example".unicodeScalars { _ = a.update(.action(.insert(s))) }
        try snapshot("input-invalid", a)
        for s in ".com".unicodeScalars { _ = a.update(.action(.insert(s))) }
        _ = a.update(.action(.focusNext))
        try snapshot("input-valid-ok-focused", a)
    }

    func testPassword() throws {
        var a = try fieldAlert(["--title", "Sign in", "--min-length", "8"], alert: "password")
        for s in "hunter2".unicodeScalars { _ = a.update(.action(.insert(s))) }
        try snapshot("password", a)
        try snapshot("password-confirm", try fieldAlert(["--confirm", "--value", "-"], alert: "password"))
        // As pinentry asks gpg-agent's questions: a label, an error from the last try, a meter.
        var p = try fieldAlert(["--label", "Passphrase:", "--error", "Bad passphrase (try 2 of 3)", "--strength-label", "Quality:"],
                               alert: "password")
        try snapshot("password-pinentry", p)
        for s in "c0rrect".unicodeScalars { _ = p.update(.action(.insert(s))) }
        _ = p.update(.strength(45))
        try snapshot("password-strength", p)
    }

    func testSaveAndItsNestedPrompts() throws {
        let fs = fakeTree()
        var s = try saveAlert(["--title", "Save the report", "--name", "report.txt"])
        try snapshot("save", s)
        _ = s.update(.action(.newFolder))
        try snapshot("save-new-folder", s)
        for c in "docs".unicodeScalars { _ = s.update(.action(.insert(c))) }
        try snapshot("save-new-folder-exists", s)
        _ = s.update(.action(.cancel))
        var o = try saveAlert(["--name", "a.txt"])
        _ = o.send(.action(.submit), fs)
        try snapshot("save-overwrite", o)
        try snapshot("folder", try saveAlert(["--title", "Install where?"], alert: "folder"))
    }

    func testSaveFailurePrompt() throws {
        let fs = fakeTree()
        fs.failMkdir = "Permission denied"
        guard case .run(let c) = try ArgumentParser.parse(["save", "--root", "/home/ann", "--dir", "/home/ann"]) else { return }
        var s = try SaveAlert.started(c, fs)
        for event in [.action(.newFolder)] + "new".unicodeScalars.map({ AlertEvent.action(.insert($0)) }) + [.action(.submit)] { _ = s.send(event, fs) }
        try snapshot("save-failure", s)
    }

    func testChoose() throws {
        let shells = ["bash", "zsh", "fish", "dash", "ksh", "tcsh", "nushell", "elvish", "xonsh", "oil", "ion", "powershell"]
        try snapshot("choose-menu", try chooseAlert(["--title", "Shell", "Login shell?"] + shells))
        var radio = try chooseAlert(["--radio", "--selected", "zsh", "Login shell?"] + shells)
        _ = radio.update(.action(.down))
        try snapshot("choose-radio", radio)
        var check = try chooseAlert(["--multi", "--min", "2", "--selected", "core", "Install which components?",
                                     "core", "docs", "examples", "tests"])
        _ = check.update(.action(.down))
        try snapshot("choose-check", check)
        var filtered = try chooseAlert(["Login shell?"] + shells)
        for c in "sh".unicodeScalars { _ = filtered.update(.action(.insert(c))) }
        try snapshot("choose-filtered", filtered)
        var hints = ChooseAlert(title: "Zone", text: "", store: ItemStore(format: .delimited(UInt8(ascii: ":"))),
                                configuration: ChooseConfiguration(), loading: true)
        _ = hints.update(.input(Array("utc:UTC:Coordinated Universal Time\ncet:Central Europe:UTC+1, +2 in summer\n".utf8)))
        try snapshot("choose-hint-loading", hints)
        var jump = try chooseAlert(["--letters", "jump", "--extra-button", "Rename", "--help-button", "Help", "--tagged",
                                    "Pick a disk", "sda", "sda  500 GB", "sdb", "sdb  2 TB", "nvme0", "nvme0  1 TB"])
        _ = jump.update(.action(.insert("s"))) // sda → sdb
        try snapshot("choose-jump-buttons", jump)
        // A preview pane: the output's colours, a line cut at the pane's edge, its place in a longer text.
        for position in ["right", "bottom"] {
            var preview = try chooseAlert(["--preview", "cat {}", "--preview-position", position, "Login shell?"] + shells)
            preview.layout(Rect(x: 0, y: 0, width: 70, height: 20))
            _ = preview.update(.tick(0))
            let text = "\u{1B}[1;34m# /etc/shells\u{1B}[0m: valid login shells, and a line far longer than any pane is wide\n"
                + (1...30).map { "/usr/bin/\(shells[$0 % shells.count]) \u{1B}[32m# \($0)\u{1B}[0m" }.joined(separator: "\n") + "\n"
            _ = preview.update(.previewOutput(id: 1, stream: 1, Array(text.utf8)))
            _ = preview.update(.previewEnded(id: 1, status: 0))
            try snapshot("choose-preview-\(position)", preview)
        }
    }

    func testProgress() throws {
        for percent in [0, 50, 100] {
            var gauge = ProgressAlert(title: "Install", text: "Downloading packages", configuration: ProgressConfiguration())
            _ = gauge.update(.tick(0))
            _ = gauge.update(.input(Array("0\n".utf8)))
            _ = gauge.update(.tick(10))
            _ = gauge.update(.input(Array("\(percent)\n".utf8)))
            try snapshot("progress-\(percent)", gauge)
        }
        var steps = ProgressConfiguration()
        steps.steps = [Step(name: "Download", state: .pending), Step(name: "Unpack", state: .pending), Step(name: "Configure", state: .pending)]
        var stepped = ProgressAlert(title: "Setup", text: "Installing", configuration: steps)
        _ = stepped.update(.input(Array("Download: done\nUnpack: 40%\n45\n".utf8)))
        try snapshot("progress-steps", stepped)
        var t = ProgressConfiguration()
        t.command = ["make"]
        t.tail = 4
        var tailed = ProgressAlert(title: "Build", text: "Building", configuration: t)
        _ = tailed.update(.childOutput(stream: 1, Array("cc -c a.c\ncc -c b.c\ncc -c c".utf8)))
        _ = tailed.update(.childOutput(stream: 2, Array("b.c:3: warning: unused x\n".utf8)))
        _ = tailed.update(.childOutput(stream: 1, Array(".c\nld -o app\n\u{1B}]0;pwned\u{07}\n".utf8)))
        try snapshot("progress-tail", tailed)
        var c = ProgressConfiguration()
        c.command = ["make"]
        c.cancellable = true
        var spinner = ProgressAlert(title: "", text: "Building", configuration: c)
        _ = spinner.update(.tick(3.2))
        _ = spinner.update(.childOutput(stream: 1, Array("cc -c parser.c\n".utf8)))
        try snapshot("progress-command", spinner)
    }

    func testForm() throws {
        guard case .run(let c) = try ArgumentParser.parse(["form", "--title", "New user", "Create an account",
            "--field", "name", "text", "Full name", "--validate", "nonempty",
            "--field", "email", "text", "Email", "--validate", "email", "--hint", "we never share it",
            "--field", "pw", "password", "Password", "--min-length", "8",
            "--field", "admin", "switch", "Administrator", "--default", "on",
            "--field", "shell", "choice", "Shell", "--options", "bash,zsh,fish"]) else { return XCTFail("the command line did not parse as an alert to run") }
        var form = try AlertFactory.make(c, environment: { $0 == "LANG" ? "C.UTF-8" : nil }, reads: AlertReads()).makeAlert()
        for s in "Ann".unicodeScalars { _ = form.update(.action(.insert(s))) }
        _ = form.update(.action(.focusNext))
        for s in "ann@".unicodeScalars { _ = form.update(.action(.insert(s))) }
        try snapshot("form", form)
        guard case .run(let d) = try ArgumentParser.parse(["form", "--help-button", "Help", "--extra-button", "Save draft",
            "--field", "host", "text", "Host", "--default", "db01", "--readonly",
            "--field", "user", "text", "User", "--default", "ann"]) else { return XCTFail("the command line did not parse as an alert to run") }
        try snapshot("form-readonly-buttons", try AlertFactory.make(d, environment: { _ in nil }, reads: AlertReads()).makeAlert())
    }

    func testChooseTree() throws {
        try snapshot("choose-tree", try chooseAlert(["--tree", "--radio", "Config?", "etc", "  apt", "    sources.list", "    preferences",
                                                     "  ssh", "    sshd_config", "home", "  ann"]))
    }

    func testChooseOrder() throws {
        var a = try chooseAlert(["--multi", "--order", "--marked", "cherry", "Boot order?", "apple", "banana", "cherry"])
        _ = a.update(.start)
        _ = a.update(.action(.activate))
        try snapshot("choose-order", a)
        var sides = try chooseAlert(["--multi", "--two-lists", "--order", "--marked", "cherry", "Boot order?", "apple", "banana", "cherry", "damson"])
        _ = sides.update(.start)
        _ = sides.update(.action(.activate))
        try snapshot("choose-two-lists", sides)
    }

    func testEdit() throws {
        var alert = EditAlert(title: "motd", text: "Welcome to host01.\nBackups run at 02:30.\n")
        _ = alert.update(.action(.down))
        _ = alert.update(.action(.end))
        try snapshot("edit", alert)
    }

    func testEveryThemePreset() throws {
        // One box with most parts in it: a title, rows with marks, a focused row, buttons, hints.
        guard case .run(let c) = try ArgumentParser.parse(["choose", "--multi", "--title", "Components", "--marked", "docs",
                                                           "Install which?", "core", "docs", "extras"]) else { return XCTFail("the command line did not parse as an alert to run") }
        let alert = try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads()).makeAlert()
        for name in ThemePresets.names {
            try snapshot("theme-\(name)", alert, theme: try ThemeFile.load(name))
        }
        // The drop-in's: a NEWT_COLORS value, and dialog's samples/slackware.rc.
        try snapshot("theme-newt-colors", alert, theme: CompatTheme.newt("root=white,black window=white,blue title=yellow,blue listbox=white,blue actlistbox=black,cyan button=black,cyan"))
        let rc = directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Compat/themes/slackware.rc")
        try snapshot("theme-dialogrc-slackware", alert, theme: CompatTheme.dialogrc(try String(contentsOf: rc, encoding: .utf8)))
        var field = try fieldAlert(["--title", "Sign in", "--placeholder", "name@example.com"])
        _ = field.update(.action(.focusNext))
        try snapshot("theme-high-contrast-field", field, theme: try ThemeFile.load("high-contrast"))
    }

    func testTranslatedLabelsAndWideCharacters() throws {
        // A confirm and a check list in German and Japanese: labels, hints and reasons from the
        // catalogue, the box as wide as the wide characters need.
        let saved = Localization.catalog
        defer { Localization.catalog = saved }
        for language in ["de", "ja"] {
            Localization.catalog = try CatalogTests.catalog(language)
            guard case .run(let c) = try ArgumentParser.parse(["confirm", "--title", "Setup", "Continue?"]),
                  case .run(let l) = try ArgumentParser.parse(["choose", "--multi", "Install which?", "core", "docs"]) else { return XCTFail("the command line did not parse as an alert to run") }
            try snapshot("translated-confirm-\(language)", try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads()).makeAlert())
            try snapshot("translated-choose-\(language)", try AlertFactory.make(l, environment: { _ in nil }, reads: AlertReads()).makeAlert())
        }
    }

    // MARK: - Machinery

    var directory: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots") }
    var recording: Bool { ProcessInfo.processInfo.environment["ALERTTY_RECORD_SNAPSHOTS"] != nil }

    func snapshot(_ name: String, _ alert: any Alert, theme: ThemeFile = Theme.defaultFile,
                  file: StaticString = #filePath, line: UInt = #line) throws {
        for (columns, rows) in Self.sizes {
            var a = alert
            let scene = Scene(columns: columns, rows: rows, theme: Theme(colors: .truecolor, unicode: true, file: theme))
            let (canvas, cursor, _) = scene.render(&a)
            let text = Self.describe(canvas, cursor: cursor)
            let url = directory.appendingPathComponent("\(name)-\(columns)x\(rows).txt")
            if recording {
                try text.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                XCTFail("no snapshot \(url.lastPathComponent); record with ALERTTY_RECORD_SNAPSHOTS=1", file: file, line: line)
                continue
            }
            if expected != text {
                XCTFail("\(url.lastPathComponent) differs:\n\(Self.diff(expected, text))", file: file, line: line)
            }
        }
    }

    /// The screen as quoted lines, the cursor, then runs of styled cells: `row col-col style`.
    static func describe(_ canvas: Canvas, cursor: (x: Int, y: Int)?) -> String {
        var out = canvas.lines.map { "\"" + $0 + "\"" }.joined(separator: "\n")
        out += "\ncursor: " + (cursor.map { "\($0.x),\($0.y)" } ?? "hidden") + "\nstyles:\n"
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let style = canvas[x, y].style
                var end = x
                while end + 1 < canvas.width && canvas[end + 1, y].style == style { end += 1 }
                out += "\(y) \(x)-\(end) \(describe(style))\n"
                x = end + 1
            }
        }
        return out
    }

    static func describe(_ s: Style) -> String {
        var parts: [String] = []
        if let f = s.foreground { parts.append("fg=" + describe(f)) }
        if let b = s.background { parts.append("bg=" + describe(b)) }
        if s.bold { parts.append("bold") }
        if s.dim { parts.append("dim") }
        if s.underline { parts.append("underline") }
        if s.reverse { parts.append("reverse") }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }

    static func describe(_ c: Color) -> String {
        switch c {
        case .basic(let n): return "basic(\(n))"
        case .indexed(let n): return "indexed(\(n))"
        case .rgb(let r, let g, let b): return "rgb(\(r),\(g),\(b))"
        }
    }

    static func diff(_ a: String, _ b: String) -> String {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false), y = b.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for i in 0..<max(x.count, y.count) where (i < x.count ? x[i] : "") != (i < y.count ? y[i] : "") {
            out.append("- " + (i < x.count ? String(x[i]) : ""))
            out.append("+ " + (i < y.count ? String(y[i]) : ""))
            if out.count > 40 { break }
        }
        return out.joined(separator: "\n")
    }
}
