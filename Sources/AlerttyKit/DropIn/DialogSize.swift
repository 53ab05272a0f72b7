// dialog's arithmetic for a box's size (util.c's dlg_auto_size and justify_text, buttons.c's
// dlg_button_layout, each box's minimums): a height or width of 0 fits the text, -1 takes the
// screen (less the shadow and --begin), a given one is kept. The drop-in sizes its boxes so, and
// --print-size prints the result as dialog does. Pure: the screen's size comes in.

struct DialogSize: Equatable {
    var height: Int
    var width: Int

    /// What dialog measures against.
    struct Screen {
        var lines = 24
        var columns = 80
        var shadow = true
        /// --aspect: width over height of an auto-sized box (dialog's default 9).
        var aspect = 9
        var begin: ScreenPosition?

        /// The rows and columns a box may take: the screen less the shadow's row and two columns.
        var usableLines: Int { lines - (shadow ? 1 : 0) }
        var usableColumns: Int { columns - (shadow ? 2 : 0) }
    }

    /// What a box adds to its text: rows under it (its buttons, its field, its list's frame) and
    /// the columns it needs at least.
    struct Rules {
        var boxLines: Int
        var minimumColumns: Int
        /// Button labels, whose row may widen the box after it was fitted to the text (dialog
        /// lays out an input box's and a list's buttons after sizing).
        var widenForButtons: [String] = []
        /// A list box: its rows follow the items when the list height given is 0.
        var list: (height: Int, items: Int)?
    }

    /// The size of a box of `title` and `prompt` (as dialog shows it) asked as `height` × `width`.
    static func of(title: String, prompt: String, height: Int, width: Int, rules: Rules, on screen: Screen) -> DialogSize {
        var size: DialogSize
        if var list = rules.list {
            if list.height == 0 {
                size = auto(title: title, prompt: prompt, height: height, width: width, boxLines: rules.boxLines, minimumColumns: rules.minimumColumns, screen)
                // dlg_calc_listh: the list as high as its items, as far as the screen goes.
                let rows = screen.usableLines - (screen.begin?.row ?? 0)
                if rows - size.height > 0 { list.height = min(list.items, rows - size.height) }
                size.height += list.height
            } else {
                size = auto(title: title, prompt: prompt, height: height, width: width,
                            boxLines: rules.boxLines + list.height, minimumColumns: rules.minimumColumns, screen)
            }
        } else {
            size = auto(title: title, prompt: prompt, height: height, width: width, boxLines: rules.boxLines, minimumColumns: rules.minimumColumns, screen)
        }
        if !rules.widenForButtons.isEmpty { size.width = max(size.width, buttonsWidth(rules.widenForButtons, columns: screen.columns)) }
        return size
    }

    /// dlg_button_layout: the narrowest box whose button row holds `labels`, each as wide as the
    /// widest (at least 5 or 6 columns) with its brackets.
    static func buttonsWidth(_ labels: [String], columns: Int) -> Int {
        guard !labels.isEmpty else { return 0 }
        var longest = labels.map { TextWidth.columns($0) }.max() ?? 0
        if longest < 6 - (longest & 1) { longest = 6 - (longest & 1) }
        return min(columns, labels.count * (longest + 2) + 4)
    }

    /// dlg_auto_size.
    static func auto(title: String, prompt: String, height: Int, width: Int, boxLines: Int, minimumColumns: Int, _ screen: Screen) -> DialogSize {
        let text = Array(prompt)
        let titleLength = TextWidth.columns(title)
        let high = height > 0 ? height : screen.usableLines - (screen.begin?.row ?? 1)
        var size = DialogSize(height: 0, width: 0)
        if width <= 0 {
            if !text.contains("\n") {
                let root = Int(Double(screen.aspect * TextWidth.columns(prompt)).squareRoot())
                let wide = max(titleLength, minimumColumns, root, longestWord(text))
                size = justify(text, limitY: high, limitX: wide)
            } else {
                size = preformatted(text, screen)
            }
        }
        if size.width < titleLength {
            size.height = justify(text, limitY: high, limitX: titleLength).height
            size.width = titleLength
        }
        if size.width < minimumColumns && width == 0 { size.width = minimumColumns }
        size.width += 4 // a margin each side and the shadow's columns
        size.height += boxLines + 2
        if height > 0 { size.height = height }
        if width > 0 { size.width = width }
        if height < 0 { size.height = screen.usableLines - (screen.begin?.row ?? 0) }
        if width < 0 { size.width = screen.usableColumns - (screen.begin?.column ?? 0) }
        if size.width > screen.usableColumns {
            size.height += 1
            size.width = screen.usableColumns
        }
        size.height = min(size.height, screen.usableLines)
        return size
    }

    /// auto_size_preformatted: text with its own line breaks, widened or narrowed towards the aspect.
    static func preformatted(_ text: [Character], _ screen: Screen) -> DialogSize {
        let maxY = screen.usableLines - 1, widest = screen.usableColumns - 2
        var maxX = widest
        var size = justify(text, limitY: maxY, limitX: maxX)
        var ratio = Float(size.width / max(1, size.height)) // (dialog divides as integers here)
        let aspect = Float(screen.aspect)
        if ratio > aspect {
            maxX = Int(Float(size.width) / (ratio / aspect) + 4)
            size = justify(text, limitY: maxY, limitX: maxX)
            ratio = Float(size.width) / Float(max(1, size.height))
        }
        while ratio < aspect && maxX < widest {
            maxX += 4
            size = justify(text, limitY: maxY, limitX: maxX)
            ratio = Float(size.width / max(1, size.height))
        }
        return size
    }

    /// justify_text without a window: the rows the text wraps to within `limitX` columns (its
    /// left margin of 2 included) and the column its longest line reaches.
    static func justify(_ text: [Character], limitY: Int, limitX: Int) -> DialogSize {
        let left = 2
        var y = 1, widest = 2, at = 0
        while y <= limitY && at < text.count {
            var x = left
            if text[at] == "\n" {
                while at < text.count && text[at] == "\n" && y < limitY {
                    if at + 1 < text.count { y += 1 }
                    at += 1
                }
            }
            if at < text.count { (at, x) = line(text, from: at, left: left, right: limitX) }
            if at < text.count { y += 1 }
            widest = max(widest, x)
        }
        return DialogSize(height: y, width: widest)
    }

    /// dlg_print_line's measuring: where the line from `start` wraps (at the last blank that
    /// fits, else at the margin) and the column it ends at; returns where the next line starts.
    static func line(_ text: [Character], from start: Int, left: Int, right: Int) -> (next: Int, x: Int) {
        func blank(_ i: Int) -> Bool { text[i] == " " || text[i] == "\t" }
        var x = 1, column = left, wrap = start, test = start, tabbed = 0, n = start, used = 0
        while n < text.count {
            if text[n] == "\n" || column >= right { break }
            if text[n] == "\t" && n == start {
                tabbed = 8
            } else if blank(n) && n != start && !blank(n - 1) {
                wrap = n
                x = column
            }
            used += TextWidth.columns(text[n])
            column = left + tabbed + used
            if column > right { break }
            test = n + 1
            n += 1
        }
        if test >= text.count || text[test] == "\n" || blank(test) {
            wrap = test
            while wrap > start && blank(wrap - 1) { wrap -= 1 }
            x = left + (wrap - start)
        } else if x == 1 && column >= right {
            x = right
            wrap = test
        }
        if x == 1 { x = right }
        var next = wrap
        while next < text.count && blank(next) { next += 1 }
        if next < text.count && text[next] == "\n" { next += 1 }
        return (next, x)
    }

    /// longest_word: the longest run of characters without a space.
    static func longestWord(_ text: [Character]) -> Int {
        text.split { $0 == " " || $0 == "\t" || $0 == "\n" }.map(\.count).max() ?? 0
    }
}
