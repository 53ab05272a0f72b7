// The drop-in cell for cell: the whole screen of a box, every cell's character and look (colour,
// bold, reverse), read back from tmux with the real program and with alertty as it: dialog for
// each of its sample rc files and the one `dialog --create-rc` writes, whiptail with newt's
// colours and NEWT_COLORS strings, in 256 and 16 colours.
// A differing cell is reported by its position, character and both looks.
import Foundation
import Glibc
import XCTest

final class DropInCellsEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Tmux.require()
        try Needs.program("/usr/bin/dialog", package: "dialog")
        try Needs.terminfo("xterm-16color", package: "ncurses-term")
    }

    static let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Compat/themes")

    /// The pane, styled, once `ready` shows and the screen has stopped changing.
    /// The screen once `ready` shows — after `keys`, once `after` shows too.
    func capture(_ command: String, environment: String, ready: String, keys: [String] = [], after: String? = nil) throws -> StyledCapture {
        let t = try Tmux(command: "env \(environment) \(command); echo rc=$?")
        try t.waitFor(ready) { $0.contains(ready) }
        if !keys.isEmpty, let after {
            t.send(keys: keys)
            try t.waitFor(after) { $0.contains(after) }
        }
        var last = try t.run(["capture-pane", "-p", "-e", "-t", t.session])
        // Settled: two reads in a row the same (the box is drawn in one write, its shadow with it).
        for _ in 0..<50 {
            let now = try t.run(["capture-pane", "-p", "-e", "-t", t.session])
            if now == last { break }
            last = now
        }
        t.send(keys: ["Escape"])
        return StyledCapture(last)
    }

    /// The cells that differ: position, character and look of each (a blank's background only:
    /// neither program's foreground shows on it).
    func differences(_ real: StyledCapture, _ ours: StyledCapture) -> [String] {
        var out: [String] = []
        for y in 0..<min(real.rows.count, ours.rows.count) {
            for x in 0..<max(real.rows[y].count, ours.rows[y].count) {
                // (tmux leaves out a line's blanks after its last character: past either line's
                // end only a character is compared)
                let none: (character: Character, look: StyledCapture.Look) = (" ", StyledCapture.Look())
                let a = x < real.rows[y].count ? real.rows[y][x] : none
                let b = x < ours.rows[y].count ? ours.rows[y][x] : none
                if x >= real.rows[y].count || x >= ours.rows[y].count {
                    if a.character != b.character { out.append("(\(y),\(x)) '\(a.character)' vs '\(b.character)'") }
                    continue
                }
                let blank = a.character == " " && b.character == " "
                let same = a.character == b.character
                    && (blank ? a.look.background == b.look.background && a.look.reverse == b.look.reverse : a.look == b.look)
                if !same { out.append("(\(y),\(x)) '\(a.character)' \(a.look) vs '\(b.character)' \(b.look)") }
            }
        }
        return out
    }

    /// Every cell of a yes/no box (with a title and a backtitle), an input box and a menu, for each
    /// sample rc file and --create-rc's, in 256 and 16 colours (whiptail.rc's use_scrollbar and
    /// visit_items included), and a long menu with --scrollbar, moved down a page.
    func testEverySampleRcFileColoursEveryCellAsDialog() throws {
        let created = try temporaryFolder() + "/created.rc"
        XCTAssertEqual(Subprocess.run("/usr/bin/dialog", ["--create-rc", created]).status, 0)
        let rcs = ["debian", "slackware", "sourcemage", "suse", "whiptail"].map { Self.themes.appendingPathComponent("\($0).rc").path } + [created]
        let boxes = [("--title Tt --backtitle Bt --yesno 'Hello there' 10 40", "Yes"),
                     ("--menu Pick 15 40 4 aa Apple bb Berry", "OK"),
                     ("--inputbox Name 9 40 val", "OK"),
                     ("--checklist Pick 15 40 4 aa Apple on bb Berry off", "OK")]
        let long = (1...20).map { "t\($0) item\($0)" }.joined(separator: " ")
        var report: [String] = []
        for rc in rcs {
            for terminal in ["TERM=tmux-256color", "TERM=xterm-16color"] {
                for (box, ready, keys, after) in boxes.map({ ($0.0, $0.1, [String](), String?.none) })
                        + [("--scrollbar --menu Pick 12 40 4 \(long)", "OK", [], nil), ("--scrollbar --menu Pick 12 40 4 \(long)", "OK", ["NPage"], "(-)")] {
                    let environment = "\(terminal) DIALOGRC=\(rc)"
                    let real = try capture("dialog \(box)", environment: environment, ready: ready, keys: keys, after: after)
                    let ours = try capture("\(PTYProcess.binary(named: "dialog")) \(box)", environment: environment, ready: ready, keys: keys, after: after)
                    let differing = differences(real, ours)
                    if !differing.isEmpty {
                        report.append("\((rc as NSString).lastPathComponent) \(terminal) \(box.prefix(40)) \(keys): \(differing.count) cells, first \(differing.prefix(4))")
                    }
                }
            }
        }
        XCTAssertEqual(report, [], report.joined(separator: "\n"))
    }

    /// Every cell of whiptail's yes/no (with a title and a backtitle), menu, input box, check
    /// and radio lists, with newt's own colours and with NEWT_COLORS strings, in 256 and 16
    /// colours.
    func testNewtColoursColourEveryCellAsWhiptail() throws {
        try Needs.program("/usr/bin/whiptail", package: "whiptail")
        let strings = ["",
                       "root=white,black border=red,blue window=black,cyan title=yellow,blue button=white,red actbutton=red,white "
                       + "checkbox=black,cyan actcheckbox=white,red entry=white,blue listbox=black,cyan actlistbox=white,blue "
                       + "sellistbox=red,cyan actsellistbox=yellow,red roottext=green,black shadow=blue,blue",
                       "root=,blue window=,white border=black, title=red, button=black,cyan actbutton=white,red"]
        let boxes = [("--title Tt --backtitle Bt --yesno 'Hello there' 10 40", "Yes"),
                     ("--menu Pick 15 40 4 aa Apple bb Berry", "Ok"),
                     ("--inputbox Name 9 40 val", "Ok"),
                     ("--checklist Pick 15 40 4 aa Apple on bb Berry off", "Ok"),
                     ("--radiolist Pick 15 40 4 aa Apple off bb Berry on", "Ok")]
        // A menu longer than its rows: newt's scroll bar, at the top and scrolled down a row at a time.
        let long = "--menu Pick 15 40 5 " + (1...12).map { "t\($0) item\($0)" }.joined(separator: " ")
        var report: [String] = []
        for colours in strings {
            for terminal in ["TERM=tmux-256color", "TERM=xterm-16color"] {
                for (box, ready, keys, after) in boxes.map({ ($0.0, $0.1, [String](), String?.none) })
                        + [(long, "Ok", [], nil), (long, "Ok", Array(repeating: "Down", count: 6), "item7")] {
                    let environment = "\(terminal) NEWT_COLORS='\(colours)'"
                    let real = try capture("whiptail \(box)", environment: environment, ready: ready, keys: keys, after: after)
                    let ours = try capture("\(PTYProcess.binary(named: "whiptail")) \(box)", environment: environment, ready: ready, keys: keys,
                                           after: after)
                    let differing = differences(real, ours)
                    if !differing.isEmpty {
                        report.append("NEWT_COLORS='\(colours.prefix(20))…' \(terminal) \(box.prefix(40)) \(keys): \(differing.count) cells, first \(differing.prefix(4))")
                    }
                }
            }
        }
        XCTAssertEqual(report, [], report.joined(separator: "\n"))
    }
}
