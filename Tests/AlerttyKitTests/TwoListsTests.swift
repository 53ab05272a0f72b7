@testable import AlerttyKit
import XCTest

/// Two lists side by side (choose --two-lists, dialog's buildlist): the widget's moves as
/// dialog's buildlist.c makes them, and the alert's keys and answers.
final class TwoListsTests: XCTestCase {
    func b(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// Items 0..<count, `chosen` on the right.
    func lists(_ count: Int, chosen: Set<Int>, inOrder: Bool = false) -> TwoLists {
        var sides = TwoLists(chosenInOrder: inOrder)
        sides.setVisibleRows(10)
        sides.append(upTo: count) { chosen.contains($0) }
        return sides
    }

    func testTheFirstUnchosenItemHasTheFocusElseTheFirstChosen() {
        XCTAssertEqual(lists(3, chosen: [0, 2]).focusedItem, 1)
        let all = lists(2, chosen: [0, 1])
        XCTAssertEqual(all.focusedItem, 0)
        XCTAssertEqual(all.active, .right)
    }

    func testSpaceKeepsTheRowAndFollowsTheLastItemAcross() {
        var sides = lists(4, chosen: [3])
        XCTAssertEqual(sides.sendAcross()?.item, 0)
        XCTAssertEqual(sides.focusedItem, 1, "the next item takes the row")
        XCTAssertEqual(sides.items(on: .right), [0, 3], "in list order")
        sides.focus(item: 2)
        XCTAssertEqual(sides.sendAcross()?.chosen, true)
        XCTAssertEqual(sides.focusedItem, 1, "the last row: the item before")
        XCTAssertEqual(sides.sendAcross()?.item, 1)
        XCTAssertEqual(sides.active, .right, "the side's last item takes the focus with it")
        XCTAssertEqual(sides.focusedItem, 1)
        XCTAssertEqual(sides.items(on: .left), [])
    }

    func testASideIsReachedAtTheNearestItemTheEarlierOfTwo() {
        var sides = lists(5, chosen: [0, 4])
        sides.focus(item: 2)
        sides.focusSide(.right)
        XCTAssertEqual(sides.focusedItem, 0, "0 and 4 are as near to 2: the earlier")
        sides.focusSide(.left)
        XCTAssertEqual(sides.focusedItem, 1)
        sides.focus(item: 3)
        sides.focusSide(.right)
        XCTAssertEqual(sides.focusedItem, 4)
        var none = lists(2, chosen: [])
        none.focusSide(.right)
        XCTAssertEqual(none.active, .left, "an empty side is not reached")
    }

    func testInOrderTheRightSideIsAsChosenAndDollarGoesToItsEnd() {
        var sides = lists(4, chosen: [2], inOrder: true)
        _ = sides.sendAcross() // 0
        sides.focus(item: 1)
        _ = sides.sendAcross() // 1
        XCTAssertEqual(sides.items(on: .right), [2, 0, 1])
        sides.focusSide(.right)
        XCTAssertEqual(sides.focusedItem, 1, "the last chosen")
        _ = sides.sendAcross()
        XCTAssertEqual(sides.items(on: .left), [1, 3], "back in list order")
    }

    func testLettersJumpRoundTheFocusedSideOnly() {
        var sides = lists(4, chosen: [1])
        let names = ["apple", "avocado", "apricot", "banana"]
        XCTAssertTrue(sides.jump { names[$0].hasPrefix("a") })
        XCTAssertEqual(sides.focusedItem, 2, "avocado is on the other side")
        XCTAssertTrue(sides.jump { names[$0].hasPrefix("a") })
        XCTAssertEqual(sides.focusedItem, 0, "round")
        XCTAssertFalse(sides.jump { names[$0].hasPrefix("z") })
    }

    func testStreamedItemsJoinTheirSideAndTheFocusStays() {
        var sides = lists(2, chosen: [])
        sides.focus(item: 1)
        sides.append(upTo: 4) { $0 == 2 }
        XCTAssertEqual(sides.items(on: .left), [0, 1, 3])
        XCTAssertEqual(sides.items(on: .right), [2])
        XCTAssertEqual(sides.focusedItem, 1)
    }

    // MARK: - The alert

    func choose(_ args: [String]) throws -> ChooseAlert {
        guard case .run(let c) = try ArgumentParser.parse(["choose"] + args) else { throw UsageError("") }
        var alert = try AlertFactory.make(c, environment: { _ in nil }, reads: AlertReads()).makeAlert() as! ChooseAlert
        alert.layout(Rect(x: 0, y: 0, width: 50, height: 14))
        return alert
    }

    func send(_ a: inout ChooseAlert, _ actions: [Action]) -> [Effect] {
        actions.flatMap { a.update(.action($0)) }
    }

    func testSpaceMarksAsTheCheckListAndEnterAnswersTheChosen() throws {
        var a = try choose(["--multi", "--min", "0", "--two-lists", "Fruit?", "apple", "banana", "cherry"])
        XCTAssertEqual(send(&a, [.activate, .activate]), [])
        XCTAssertEqual(a.list.markedItems, [0, 1])
        XCTAssertEqual(send(&a, [.submit]), [.finish(Outcome(.ok, items: [b("apple"), b("banana")]))])
    }

    func testLeftAndRightGoToASideOwnKeysOrThroughTheButtonsWithDialogs() throws {
        var own = try choose(["--multi", "--two-lists", "--marked", "cherry", "Fruit?", "apple", "banana", "cherry"])
        _ = send(&own, [.right])
        XCTAssertEqual(own.focusedItem, 2)
        _ = send(&own, [.activate, .submit])
        XCTAssertEqual(own.reason, "choose at least 1", "the smart OK still waits")
        var dialogs = try choose(["--multi", "--min", "0", "--dialog-keys", "--two-lists", "Fruit?", "apple", "banana"])
        _ = send(&dialogs, [.right])
        XCTAssertEqual(dialogs.focus, .cancel, "Right is Tab in dialog's buildlist")
        _ = send(&dialogs, [.activate])
        XCTAssertEqual(dialogs.list.markedItems, [0], "dialog's Space moves the item whatever has the focus")
        XCTAssertEqual(send(&dialogs, [.submit]), [.finish(Outcome(.cancel))])
    }

    func testVisitItemsStopsOnEachSideThenTheButtons() throws {
        var a = try choose(["--multi", "--min", "0", "--dialog-keys", "--visit-items", "--two-lists", "--marked", "c", "Q", "a", "b", "c"])
        _ = send(&a, [.focusNext])
        XCTAssertEqual(a.focus, .list)
        XCTAssertEqual(a.focusedItem, 2, "the right side's nearest item")
        _ = send(&a, [.focusNext])
        XCTAssertEqual(a.focus, .ok)
        _ = send(&a, [.focusPrevious, .focusPrevious])
        XCTAssertEqual(a.focusedItem, 1, "back on the left, at the item nearest c")
    }

    func testFocusFocusesWithoutMarkingAndNamesAnItem() throws {
        let a = try choose(["--multi", "--two-lists", "--focus", "banana", "Fruit?", "apple", "banana"])
        XCTAssertEqual(a.focusedItem, 1)
        XCTAssertEqual(a.list.markedItems, [])
        XCTAssertThrowsError(try choose(["--multi", "--focus", "kiwi", "Fruit?", "apple"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "--focus 'kiwi' names no item (apple)")
        }
    }

    func testTwoListsRefuseWhatTheyCannotShow() {
        for (args, message) in [(["--two-lists", "Q", "a"], "--two-lists splits a check list in two: it needs --multi"),
                                (["--multi", "--two-lists", "--letters", "filter", "Q", "a"], "--two-lists does not filter: letters jump (--letters jump or none)"),
                                (["--multi", "--two-lists", "--preview", "cat {}", "Q", "a"], "--two-lists cannot go with --preview or --tree")] {
            XCTAssertThrowsError(try choose(args)) { XCTAssertEqual(($0 as? UsageError)?.message, message) }
        }
    }
}
