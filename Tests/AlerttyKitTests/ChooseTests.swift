@testable import AlerttyKit
import XCTest

/// choose's pure parts: the item store, the matcher and ranking, the filter cache, the list
/// widget's state, and the alert driven through `update`.
final class ChooseTests: XCTestCase {
    func b(_ s: String) -> [UInt8] { Array(s.utf8) }

    func labels(_ store: ItemStore) -> [String] { (0..<store.count).map { String(decoding: store.label($0), as: UTF8.self) } }

    func testStoreParsesStreamedChunksAnywhereTheySplit() {
        let input = b("alpha\r\nbeta\n\ngamma\ndelta")
        var whole = ItemStore()
        whole.feed(input)
        whole.finish()
        XCTAssertEqual(labels(whole), ["alpha", "beta", "", "gamma", "delta"])
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            var split = ItemStore()
            var i = 0
            while i < input.count {
                let n = Int(generator.next() % 5) + 1
                split.feed(Array(input[i..<min(input.count, i + n)]))
                i += n
            }
            split.finish()
            XCTAssertEqual(labels(split), labels(whole))
        }
    }

    func testStoreFieldsTagsAndHints() {
        var store = ItemStore(format: .delimited(UInt8(ascii: ":")), separator: 0)
        store.feed(b("utc:UTC:the default\0cet:Central Europe\0plain\0"))
        XCTAssertEqual(labels(store), ["UTC", "Central Europe", "plain"])
        XCTAssertEqual(store.tag(0), b("utc"))
        XCTAssertEqual(store.hint(0), b("the default"))
        XCTAssertNil(store.hint(1))
        XCTAssertEqual(store.tag(2), b(""))
        var pairs = ItemStore()
        pairs.append(label: b("one"))
        pairs.append(label: b("Two"), tag: b("2"))
        XCTAssertEqual(labels(pairs), ["one", "Two"])
        XCTAssertEqual(pairs.tag(1), b("2"))
        XCTAssertEqual(pairs.tag(0), b(""), "items before the first tagged one keep their labels")
    }

    func testMatcherIsCaseInsensitiveSubsequenceAndHighlights() {
        let m = FuzzyMatcher("fB")
        XCTAssertNotNil(m.score(b("foobar")))
        XCTAssertNil(m.score(b("barfoo")))
        XCTAssertEqual(m.positions(b("foo-bar")), [0, 4])
        XCTAssertEqual(FuzzyMatcher("é").positions(b("caféS")), [3])
        XCTAssertNotNil(FuzzyMatcher("ÉT").score(b("été")))
    }

    func testRankingPrefersWordStartsAndRunsAndKeepsListOrderOnTies() {
        var store = ItemStore()
        for s in ["bakery", "kernel-x", "my-ker", "kernel-y", "k_e_r"] { store.append(label: b(s)) }
        var filter = ListFilter()
        filter.apply("ker", store: store)
        let ranked = filter.ranked!.map { String(decoding: store.label(Int($0)), as: UTF8.self) }
        XCTAssertEqual(Array(ranked.prefix(2)), ["kernel-x", "kernel-y"], "\(ranked)")
        XCTAssertLessThan(ranked.firstIndex(of: "my-ker")!, ranked.firstIndex(of: "bakery")!, "a word start beats the middle")
        XCTAssertEqual(Set(ranked), ["bakery", "kernel-x", "my-ker", "kernel-y", "k_e_r"])
    }

    /// Equal scores rank the shorter item first, then list order, as fzf's default tiebreak
    /// (length, index): the exact match `tmux` before `tmuxp`, given first.
    func testAnExactMatchRanksFirstAndEqualScoresByLength() {
        var store = ItemStore()
        for s in ["tmuxp", "tmux-plugin", "tmux", "xtmux", "tmuxa"] { store.append(label: b(s)) }
        var filter = ListFilter()
        filter.apply("tmux", store: store)
        let ranked = filter.ranked!.map { String(decoding: store.label(Int($0)), as: UTF8.self) }
        XCTAssertEqual(Array(ranked.prefix(3)), ["tmux", "tmuxp", "tmuxa"], "\(ranked)")
        // Keys spread far apart (a gap of megabytes) are ranked the same way, by a comparison sort.
        XCTAssertEqual(ListFilter.rank([(-9_000_000, 0), (5 << 8, 1), (5 << 8, 2), (6 << 8, 3)]), [3, 1, 2, 0])
    }

    /// The ASCII fast path (memchr for the first character, scored on the bytes as they lie) gives
    /// every ASCII item exactly the score of the general matcher, seeded over odd items and queries.
    func testTheASCIIFastPathScoresAsTheGeneralMatcherDoes() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("aAbBzZ/-_. .:,\tx9".utf8)
        for _ in 0..<4000 {
            let item = (0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let query = String(decoding: (0..<Int(1 + generator.next() % 4)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            let m = FuzzyMatcher(query)
            let fast = Array(query.lowercased().utf8).withUnsafeBufferPointer { q in
                item.withUnsafeBufferPointer { FuzzyMatcher.scoreASCII(q, $0) }
            }
            XCTAssertEqual(fast, m.score(item), "query \(query) item \(String(decoding: item, as: UTF8.self))")
        }
    }

    /// Items that are not ASCII are known one by one (through every way items arrive), so an ASCII
    /// query still matches them as scalars (a Kelvin sign K folds to k, as the general matcher does).
    func testNonASCIIItemsAreKnownAndMatchedAsScalars() {
        var store = ItemStore()
        store.feed(b("plain\n\u{212A}elvin\ncafé\n"))
        for i in 0..<200 { store.append(label: b(i == 130 ? "naïve" : "item \(i)")) }
        store.feed(b("a long record cut\u{00e9}"))
        store.feed(b(" in two\nlast"))
        store.finish()
        let nonASCII = (0..<store.count).filter { !store.isASCII($0) }
        XCTAssertEqual(nonASCII, [1, 2, 133, 203])
        var filter = ListFilter()
        filter.apply("k", store: store)
        XCTAssertTrue(filter.ranked!.contains(1), "the Kelvin sign matches k")
        XCTAssertFalse(filter.ranked!.contains(0))
    }

    /// Seeded: typing, deleting and streaming in more items always gives what a fresh filter gives.
    func testCachedNarrowingAgreesWithAFreshFilter() {
        var generator = SeededGenerator(seed: 42)
        let letters: [Character] = ["a", "b", "c", "d", "e"]
        func word() -> [UInt8] { b(String((0..<Int(generator.next() % 8)).map { _ in letters[Int(generator.next() % 5)] })) }
        var store = ItemStore()
        for _ in 0..<300 { store.append(label: word()) }
        var filter = ListFilter()
        var query = ""
        for step in 0..<300 {
            switch generator.next() % 4 {
            case 0, 1: query.append(letters[Int(generator.next() % 5)])
            case 2: if !query.isEmpty { query.removeLast() }
            default: for _ in 0..<5 { store.append(label: word()) }
            }
            filter.apply(query, store: store)
            var fresh = ListFilter()
            fresh.apply(query, store: store)
            XCTAssertEqual(filter.ranked, fresh.ranked, "step \(step), query '\(query)'")
        }
    }

    /// A search a slice at a time ends where a search all at once does; a newer query replaces
    /// one under way; the matches so far are shown meanwhile.
    func testASearchInSlicesAgreesWithOneAtOnce() {
        var store = ItemStore()
        for i in 0..<5000 { store.append(label: b("item \(i) \(i % 7 == 0 ? "seven" : "other")")) }
        var whole = ListFilter()
        whole.apply("sev", store: store)
        var sliced = ListFilter()
        sliced.apply("se", store: store, budget: 700)
        XCTAssertTrue(sliced.isSearching)
        sliced.apply("sev", store: store, budget: 700) // typed before the first search was done
        var slices = 1
        while sliced.isSearching {
            XCTAssertTrue(Set(sliced.ranked ?? []).isSubset(of: Set(whole.ranked ?? [])), "only real matches meanwhile")
            sliced.work(store: store, budget: 700)
            slices += 1
        }
        XCTAssertEqual(slices, 8)
        XCTAssertEqual(sliced.ranked, whole.ranked)
        // "se" was replaced before it was done, so it is searched again; once done, "sev" narrows
        // from it and Backspace back to "se" is its cached result, ranked without a search.
        sliced.apply("se", store: store, budget: 1)
        XCTAssertTrue(sliced.isSearching)
        sliced.work(store: store, budget: .max)
        let se = sliced.ranked
        sliced.apply("sev", store: store, budget: .max)
        sliced.apply("se", store: store, budget: 0)
        XCTAssertFalse(sliced.isSearching)
        XCTAssertEqual(sliced.ranked, se)
    }

    /// While a search is under way the screen shows the best matches so far (the top of what a
    /// ranking of them all would give) and says how many there are; at the end, all of them.
    func testASearchUnderWayShowsItsBestSoFar() {
        func item(_ i: Int) -> [UInt8] { b(i % 3 == 0 ? "a/b/sev\(i)" : "s-e-v-\(i)") }
        var store = ItemStore()
        for i in 0..<20_000 { store.append(label: item(i)) }
        var filter = ListFilter()
        filter.apply("sev", store: store, budget: 3000)
        var searched = 3000
        while filter.isSearching {
            var first = ItemStore()
            for i in 0..<min(searched, store.count) { first.append(label: item(i)) }
            var fresh = ListFilter()
            fresh.apply("sev", store: first)
            XCTAssertEqual(filter.matchesSoFar, fresh.ranked!.count)
            XCTAssertEqual(filter.ranked!, Array(fresh.ranked!.prefix(ListFilter.shownWhileSearching)))
            filter.work(store: store, budget: 3000)
            searched += 3000
        }
        XCTAssertNil(filter.matchesSoFar)
        var whole = ListFilter()
        whole.apply("sev", store: store)
        XCTAssertEqual(filter.ranked, whole.ranked)
    }

    /// The store's blocks are copied on write, as arrays are: a copy never sees the other's items.
    func testPackedArraysAreValues() {
        var one = PackedArray<UInt8>(Array("abc".utf8))
        let two = one
        one += Array("def".utf8)
        one[0] = UInt8(ascii: "A")
        XCTAssertEqual(Array(one), Array("Abcdef".utf8))
        XCTAssertEqual(Array(two), Array("abc".utf8))
        var big = PackedArray<UInt32>()
        for i in 0..<100_000 { big.append(UInt32(i)) }
        XCTAssertEqual(big.count, 100_000)
        XCTAssertEqual(big[99_999], 99_999)
        XCTAssertEqual(big.withUnsafeBufferPointer { $0.reduce(0) { $0 + Int($1) } }, (0..<100_000).reduce(0, +))
    }

    /// A big slice is searched on every processor at once; the matches are the same, in list order.
    func testASearchInPartsAgreesWithOneInOrder() {
        var store = ItemStore()
        for i in 0..<50_000 { store.append(label: b("dir\(i % 97)/file\(i).txt")) }
        let matcher = FuzzyMatcher("d9f1")
        let whole = ListFilter.score(matcher, store, 0..<store.count)
        let parts = ListFilter.scoreInParts(0..<store.count) { [store] range in
            ListFilter.score(matcher, store, range)
        }
        XCTAssertEqual(parts.map(\.0), whole.map(\.0))
        XCTAssertEqual(parts.map(\.1), whole.map(\.1))
        XCTAssertEqual(Platform.concurrently(5) { $0 * 10 }, [0, 10, 20, 30, 40], "results in part order")
    }

    func testChooseTicksWhileASearchIsUnderWay() throws {
        // Long enough that a slice (some megabytes of labels) is less than all of them.
        let items = (0..<100_000).map { String(repeating: "folder/", count: 14) + "file\($0)" }
        var alert = try chooseAlert(["Q"] + items)
        XCTAssertNil(alert.tickInterval)
        _ = alert.update(.action(.insert("9")))
        XCTAssertEqual(alert.tickInterval, 0, "the rest of the search comes a slice per tick")
        var ticks = 0
        while alert.tickInterval != nil && ticks < 100 {
            _ = alert.update(.tick(0))
            ticks += 1
        }
        XCTAssertNil(alert.tickInterval)
        XCTAssertGreaterThan(ticks, 0)
        XCTAssertEqual(alert.list.rowCount, items.filter { $0.contains("9") }.count)
    }

    func testListStateMarksScrollAndHitTesting() {
        var list = ListState(itemCount: 100)
        list.setVisibleRows(10)
        list.select(row: 50)
        XCTAssertEqual(list.top, 41)
        list.scroll(by: 20)
        XCTAssertEqual(list.top, 61)
        XCTAssertEqual(list.selection, 61, "the selection stays in view")
        XCTAssertEqual(list.row(atLine: 5, areaY: 3), 63)
        XCTAssertNil(list.row(atLine: 13, areaY: 3))
        list.toggleMark(3)
        list.toggleMark(70)
        XCTAssertEqual(list.markedItems, [3, 70])
        list.setOrder([5, 6, 7])
        list.toggleAllShown()
        XCTAssertEqual(list.markedItems, [3, 5, 6, 7, 70])
        list.toggleAllShown()
        XCTAssertEqual(list.markedItems, [3, 70])
    }

    func choose(_ args: [String]) throws -> ChooseAlert {
        guard case .run(let c) = try ArgumentParser.parse(["choose"] + args) else { throw UsageError("") }
        let built = try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads())
        return built.makeAlert() as! ChooseAlert
    }

    func send(_ a: inout ChooseAlert, _ actions: [Action]) -> [Effect] {
        var effects: [Effect] = []
        for action in actions { effects += a.update(.action(action)) }
        return effects
    }

    func typed(_ s: String) -> [Action] { s.unicodeScalars.map { .insert($0) } }

    func testHelpAnswersTheFocusedItemAndExtraTheChoice() throws {
        var a = try choose(["--multi", "--min", "0", "--extra-button", "Edit", "--help-button", "Help", "Parts", "core", "docs"])
        _ = send(&a, [.activate, .down])
        XCTAssertEqual(send(&a, [.focusNext, .focusNext, .focusNext, .focusNext]), [])
        XCTAssertEqual(a.focus, .button(.help))
        var help = Outcome(.help, answer: b("docs"))
        help.state = [b("core")] // what OK would answer, for dialog's --help-status
        XCTAssertEqual(send(&a, [.submit]), [.finish(help)], "the focused item, not the marked one")
        _ = send(&a, [.left, .left])
        XCTAssertEqual(send(&a, [.activate]), [.finish(Outcome(.extra, items: [b("core")]))])
        var dialog = try choose(["--dialog-keys", "--help-button", "Help", "Pick", "a", "b"])
        _ = send(&dialog, [.focusNext])
        XCTAssertEqual(dialog.focus, .cancel, "in dialog the list stands for OK: Tab goes on to Cancel")
    }

    func testLettersJumpAsDialogOrAsNewtOrDoNothing() throws {
        let items = ["a1", "b", "a2", "a3"]
        func focused(_ letters: String, _ actions: [Action]) throws -> String? {
            var a = try choose(["--letters", letters, "Pick"] + items)
            _ = send(&a, actions)
            return a.list.selectedItem.map { items[$0] }
        }
        XCTAssertEqual(try focused("jump", typed("aaa")), "a1", "dialog: a2, a3, then round to a1")
        XCTAssertEqual(try focused("newt", typed("aaa")), "a3", "whiptail: on down to the last, no further")
        XCTAssertEqual(try focused("newt", [.down] + typed("A")), "a1", "from the top when the focused item does not match")
        XCTAssertEqual(try focused("jump", [.down] + typed("A")), "a2", "the next one after the focus")
        XCTAssertEqual(try focused("none", typed("b")), "a1")
        var a = try choose(["--letters", "jump", "Pick"] + items)
        _ = send(&a, typed("b"))
        XCTAssertEqual(a.list.rowCount, 4, "jumping never filters")
    }

    func testTypingFiltersAndEscClearsBeforeCancelling() throws {
        var a = try choose(["Shell?", "bash", "zsh", "fish"])
        _ = send(&a, typed("sh"))
        a.layout(Rect(x: 0, y: 0, width: 40, height: 10))
        XCTAssertEqual(a.list.rowCount, 3)
        _ = send(&a, [.deleteBackward, .deleteBackward] + typed("fi"))
        XCTAssertEqual(send(&a, [.submit]), [.finish(Outcome(.ok, items: [b("fish")]))])
        XCTAssertEqual(send(&a, [.cancel]), [], "Esc clears the query first")
        XCTAssertEqual(a.list.rowCount, 3)
        XCTAssertEqual(send(&a, [.cancel]), [.finish(Outcome(.cancel))])
    }

    func testMultiWithMinAndMaxUsesTheSmartOKButton() throws {
        var a = try choose(["--multi", "--min", "2", "--max", "2", "Parts?", "core", "docs", "examples"])
        XCTAssertEqual(a.reason, "choose at least 2")
        XCTAssertEqual(send(&a, [.submit]), [], "Enter never submits a wrong count")
        _ = send(&a, [.activate, .down, .down, .activate])
        XCTAssertNil(a.reason)
        _ = send(&a, [.up, .activate])
        XCTAssertEqual(a.reason, "choose at most 2")
        _ = send(&a, [.activate])
        XCTAssertEqual(send(&a, [.submit]), [.finish(Outcome(.ok, items: [b("core"), b("examples")]))])
        var all = try choose(["--multi", "--min", "0", "Q", "a", "b"])
        XCTAssertEqual(send(&all, [.submit]), [.finish(Outcome(.ok))], "--min 0 allows an empty answer")
        _ = send(&all, [.toggleAll])
        XCTAssertEqual(send(&all, [.submit]), [.finish(Outcome(.ok, items: [b("a"), b("b")]))])
    }

    func testOutputsPreselectionAndRadio() throws {
        var tagged = try choose(["--tagged", "--output", "tag", "--selected", "cet", "Zone?", "utc", "UTC", "cet", "Central Europe"])
        XCTAssertEqual(send(&tagged, [.submit]), [.finish(Outcome(.ok, items: [b("cet")]))], "--selected focuses the item")
        var index = try choose(["--output", "index", "Q", "a", "b", "c"])
        XCTAssertEqual(send(&index, [.end, .submit]), [.finish(Outcome(.ok, items: [b("3")]))])
        var json = try choose(["--output", "json", "--tagged", "Q", "t\"1", "L\n1"])
        XCTAssertEqual(send(&json, [.submit]), [.finish(Outcome(.ok, items: [b(#"{"tag":"t\"1","label":"L\n1","index":1}"#)]))])
        var radio = try choose(["--radio", "--selected", "2", "Q", "a", "b", "c"])
        XCTAssertEqual(send(&radio, [.up]), [])
        XCTAssertEqual(send(&radio, [.submit]), [.finish(Outcome(.ok, items: [b("a")]))], "Enter on a row chooses it, as the hint says")
        var marked = try choose(["--radio", "--selected", "2", "Q", "a", "b", "c"])
        XCTAssertEqual(send(&marked, [.up, .focusNext]), [])
        XCTAssertEqual(marked.focus, .button(.ok))
        XCTAssertEqual(send(&marked, [.submit]), [.finish(Outcome(.ok, items: [b("b")]))], "OK takes the marked one")
        var one = try choose(["--select-if-one", "Q", "only"])
        XCTAssertEqual(one.update(.start), [.finish(Outcome(.ok, items: [b("only")]))])
    }

    func testStreamedItemsLoadWhileUsable() throws {
        var a = ChooseAlert(title: "", text: "Q", store: ItemStore(), configuration: ChooseConfiguration(), loading: true)
        _ = a.update(.input(b("one\ntw")))
        XCTAssertEqual(a.store.count, 1)
        XCTAssertTrue(a.loading)
        _ = a.update(.input(b("o\nthree")))
        _ = a.update(.inputEnded)
        XCTAssertFalse(a.loading)
        XCTAssertEqual(labels(a.store), ["one", "two", "three"])
    }

    func testParserErrors() {
        func error(_ args: [String]) -> String? {
            do {
                guard case .run(let c) = try ArgumentParser.parse(["choose"] + args) else { return nil }
                _ = try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads())
                return nil
            } catch { return error.message }
        }
        XCTAssertEqual(error(["Q"]), "choose needs at least one ITEM, or --items-from FILE")
        // No question needed, as fzf takes a list alone; but a list is.
        XCTAssertEqual(error([]), "choose needs at least one ITEM, or --items-from FILE")
        XCTAssertNil(error(["--items-from", "/dev/null"]))
        XCTAssertEqual(error(["--tagged", "Q", "a", "b", "c"]), "--tagged needs TAG LABEL pairs; 'c' has no label")
        XCTAssertEqual(error(["--multi", "--radio", "Q", "a"]), "--multi and --radio cannot go together: a check list or a radio list")
        XCTAssertEqual(error(["--min", "2", "Q", "a"]), "--min and --max need --multi")
        XCTAssertEqual(error(["--multi", "--min", "3", "--max", "2", "Q", "a"]), "--min 3 is more than --max 2: nothing could be chosen")
        XCTAssertEqual(error(["--items-from", "/nonexistent", "Q"]), "cannot open /nonexistent: No such file or directory")
        XCTAssertEqual(error(["--delimiter", "ab", "Q", "a"]), "--delimiter takes one ASCII character, not 'ab'")
        XCTAssertEqual(error(["--output", "yaml", "Q", "a"]), "--output must be one of label, tag, index, json, not 'yaml'")
    }
}

extension ChooseTests {
    func testATreesDepthComesFromItsIndentationAndItsGuidesFromWhatFollows() {
        var store = ItemStore()
        store.tree = true
        for label in ["etc", "  apt", "    sources.list", "    preferences", "  ssh", "home"] { store.append(label: Array(label.utf8)) }
        XCTAssertEqual((0..<store.count).map { String(decoding: store.label($0), as: UTF8.self) },
                       ["etc", "apt", "sources.list", "preferences", "ssh", "home"], "chosen and printed without the indentation")
        XCTAssertEqual((0..<store.count).map { store.depth($0) }, [0, 1, 2, 2, 1, 0])
        XCTAssertEqual((0..<store.count).map { store.treeGuides($0, unicode: true) },
                       ["", "├─ ", "│  ├─ ", "│  └─ ", "└─ ", ""])
        XCTAssertEqual(store.treeGuides(2, unicode: false), "|  |- ")
        var streamed = ItemStore()
        streamed.tree = true
        streamed.feed(Array("root\n  leaf\n".utf8))
        XCTAssertEqual(streamed.depth(1), 1, "items read from input are indented the same way")
        XCTAssertEqual(streamed.label(1), Array("leaf".utf8))
    }
}

extension ChooseTests {
    func testOrderAnswersTheMarksInTheOrderMade() throws {
        var a = try chooseAlert(["--multi", "--order", "--marked", "cherry", "Order?", "apple", "banana", "cherry"])
        _ = a.update(.start)
        _ = a.update(.action(.down))
        _ = a.update(.action(.activate)) // banana
        _ = a.update(.action(.up))
        _ = a.update(.action(.activate)) // apple
        XCTAssertEqual(a.list.markPosition(2), 1, "marked at the start: first")
        XCTAssertEqual(a.list.markPosition(0), 3)
        XCTAssertEqual(a.update(.action(.submit)), [.finish(Outcome(.ok, items: [b("cherry"), b("banana"), b("apple")]))])
        _ = a.update(.action(.down))
        _ = a.update(.action(.activate)) // banana unmarked: the others close up
        XCTAssertEqual(a.list.markPosition(0), 2)
        XCTAssertThrowsError(try chooseAlert(["--order", "Order?", "a"]), "--order needs --multi")
    }
}

extension ChooseTests {
    func testEditableRenamesTheFocusedItemInPlace() throws {
        var a = try chooseAlert(["--editable", "Rename?", "Apple", "Banana"])
        _ = a.update(.start)
        _ = a.update(.action(.down))
        _ = a.update(.action(.focusNext))
        _ = a.update(.action(.focusNext)) // the Rename button
        XCTAssertEqual(a.update(.action(.submit)), [])
        XCTAssertEqual(a.renaming?.item, 1)
        for s in " split".unicodeScalars { _ = a.update(.action(.insert(s))) }
        _ = a.update(.action(.cancel)) // Esc: back to the list, nothing renamed
        XCTAssertNil(a.renaming)
        _ = a.update(.action(.focusNext))
        _ = a.update(.action(.focusNext))
        _ = a.update(.action(.submit))
        for s in "!".unicodeScalars { _ = a.update(.action(.insert(s))) }
        XCTAssertEqual(a.update(.action(.submit)), [.finish(Outcome(.extra, items: [b("Banana"), b("Banana!")], separator: 0x09))])
        XCTAssertThrowsError(try chooseAlert(["--editable", "--multi", "Q", "a"]))
    }
}

extension ChooseTests {
    func testEndlessItemsStopAtTheLimitAndSaySo() {
        var configuration = ChooseConfiguration()
        configuration.inputLimit = 12 + 4 * 2
        var a = ChooseAlert(title: "", text: "Pick", store: ItemStore(), configuration: configuration, loading: true)
        XCTAssertEqual(a.update(.input(Array("aaaa\nbbbb\n".utf8))), [], "under the limit: go on reading")
        XCTAssertEqual(a.update(.input(Array("cccc\ndddd\n".utf8))), [.closeInput], "over it: the input is closed")
        XCTAssertTrue(a.cutShort)
        XCTAssertEqual(a.store.count, 4, "what came is kept")
        XCTAssertEqual(a.update(.inputEnded), [])
        XCTAssertEqual(a.update(.action(.submit)), [.finish(Outcome(.ok, items: [b("aaaa")]))], "and is chosen from as usual")
    }
}

final class ListRowFitTests: XCTestCase {
    /// A long row keeps in view the last letter a filter matched (else a path's file name),
    /// cutting its start behind "…"; any other long label is cut at its end as before.
    func testALongRowKeepsWhatMattersInView() {
        let path = "/srv/backups/2026/december/nightly/db1/postgres-full.sql.gz"
        let fitted = ListRow(path, style: Style()).fitted(columns: 24)
        XCTAssertEqual(fitted.label, "…b1/postgres-full.sql.gz")
        XCTAssertEqual(TextWidth.columns(fitted.label), 24)
        // The letters a filter matched (the "gz" at the end) stay in view, at their new places.
        let matched = ListRow(path, style: Style(), matched: [1, path.count - 2, path.count - 1]).fitted(columns: 24)
        XCTAssertEqual(matched.label, fitted.label)
        XCTAssertEqual(matched.matched, [22, 23])
        // A match already in view: the row is as it was (cut at its end when drawn).
        let early = ListRow(path, style: Style(), matched: [1, 2]).fitted(columns: 24)
        XCTAssertEqual(early.label, path)
        // Not a path, nothing matched: unchanged; and a row that fits is unchanged.
        XCTAssertEqual(ListRow(String(repeating: "word ", count: 20), style: Style()).fitted(columns: 24).label, String(repeating: "word ", count: 20))
        XCTAssertEqual(ListRow("a/b", style: Style()).fitted(columns: 24).label, "a/b")
        let command = "$(touch /tmp/a-long-folder-name-here/a)"
        XCTAssertEqual(ListRow(command, style: Style()).fitted(columns: 24).label, command, "a command line is read from its start")
    }
}
