import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// The row model alone, without a list or a runner: pages placed by identity, the
/// app's edits, memory, and rows added at the top, each checked against the change the
/// recorder makes of its journal.
@Suite("Row model")
struct RowModelTests {
    @Test("a page goes to the rows of its position; a page of a moved list is placed by identity, no item twice")
    func placingByPositionThenByIdentity() {
        var data = TestData(count: 200, pageSize: 20)
        var rows = RowModelHarness(TestLoaders.indexed(data))
        rows.step("page 0") { $0.place(data.page(0), slot: 0, key: .number(0), isHead: false) }
        #expect(rows.model.count == 200)
        #expect(rows.loadedIDs == Array(0..<20))
        #expect(rows.model.needsContent(1))
        #expect(!rows.model.needsContent(0))

        // The server inserts 3 items at the top: page 1 now starts with item 17.
        data.insertAtTop(3)
        rows.step("page 1") { $0.place(data.page(1), slot: 1, key: .number(1), isHead: false) }
        #expect(rows.loadedIDs == Array(0...36), "items 17, 18 and 19 show once")
        #expect((0..<3).allSatisfy { rows.model.rows.isHole($0) }, "three placeholders above stand for the new items")
        #expect(rows.model.row(of: ItemIdentity(0)) == 3)
        #expect(rows.model.count == 203)
        #expect(rows.mismatches.isEmpty)
        #expect(rows.model.invariantViolations().isEmpty)
    }

    @Test("the app's edits are rows inserted, deleted, moved and reloaded, and the anchor follows its item")
    func localEdits() throws {
        let data = TestData(count: 60, pageSize: 20)
        var rows = RowModelHarness(TestLoaders.indexed(data))
        rows.step("page 0") { $0.place(data.page(0), slot: 0, key: .number(0), isHead: false) }
        rows.setAnchor(10)
        try rows.step("insert") { try $0.insert(TestItem(id: 900), at: .row(3)) }
        #expect(rows.changes.last?.insertedRows == [3..<4])
        #expect(rows.changes.last?.anchor == ListChange.Anchor(before: 10, after: 11))
        rows.step("remove") { _ = $0.remove(ItemIdentity(0)) }
        #expect(rows.changes.last?.deletedRows == [0..<1])
        #expect(rows.recorder.anchorRow == 10)
        try rows.step("move") { try $0.move(ItemIdentity(900), to: .after(ItemIdentity(15))) }
        #expect(rows.changes.last?.movedRows.count == 1)
        #expect(rows.step("update") { $0.update(TestItem(id: 5, version: 2)) })
        #expect(rows.model.rows.item(at: rows.model.row(of: ItemIdentity(5))!)?.version == 2)
        #expect(throws: ListEditError.alreadyInList(ItemIdentity(5))) { try rows.model.insert(TestItem(id: 5), at: .row(0)) }
        #expect(rows.mismatches.isEmpty)
        #expect(rows.model.invariantViolations().isEmpty)
    }

    @Test("over the memory budget, the pages farthest from the focus go back to placeholders")
    func memory() {
        let data = TestData(count: 1_000, pageSize: 20)
        var rows = RowModelHarness(TestLoaders.indexed(data))
        for slot in 0..<10 { rows.step("page \(slot)") { $0.place(data.page(slot), slot: slot, key: .number(slot), isHead: false) } }
        #expect(rows.model.rows.heldItems == 200)
        let options = PagedListOptions(maxLoadedItems: 100)
        let droppedItself = rows.step("memory") { $0.keepUnderMemoryLimit(placed: 9, focus: 180..<192, options: options) }
        #expect(!droppedItself)
        #expect(rows.model.rows.heldItems <= 100)
        #expect(rows.model.rows.identity(at: 185) == ItemIdentity(185), "the pages near the focus stay")
        #expect(rows.model.rows.isHole(5), "the farthest went")
        #expect(rows.model.needsContent(0))
        #expect(rows.mismatches.isEmpty)
    }

    @Test("rows added above the first row (older items loaded upward) keep the rows on screen still")
    func rowsAddedAtTheTop() throws {
        var data = TestData(count: 100, pageSize: 20)
        data.givesPrevious = true
        // The list opens at its newest page, as a chat does: the items from 60 on.
        var rows = RowModelHarness(TestLoaders.cursor(data))
        let frontier = try #require(rows.model.frontier)
        let newest = data.cursorPage(.after("59"))
        rows.step("the newest page") { $0.place(newest, slot: frontier, key: .first, isHead: false) }
        #expect(rows.loadedIDs.first == 60)
        rows.setAnchor(5)
        #expect(rows.recorder.anchorItem == ItemIdentity(65))

        // A block above the first row, with the first page's previous key, walks upward.
        let head = try #require(rows.step("a block above the first row") { $0.openAround(previous: newest.previous) })
        #expect(rows.model.key(forSlot: head) == .before("60"))
        let older = data.cursorPage(.before("60"))
        let placed = rows.step("an older page") { $0.place(older, slot: head, key: .before("60"), isHead: true) }
        #expect(placed)
        #expect(rows.changes.last?.insertedRows == [0..<20], "the older items come as rows inserted above")
        #expect(rows.changes.last?.anchor == ListChange.Anchor(before: 5, after: 25), "the anchor moves down with them")
        #expect(rows.model.row(of: ItemIdentity(65)) == 25)
        #expect(rows.loadedIDs.prefix(3) == [40, 41, 42])
        #expect(rows.model.rows.blocks.first?.hole?.key == .before("40"), "and more may come above")
        #expect(rows.mismatches.isEmpty)
        #expect(rows.model.invariantViolations().isEmpty)
    }

    @Test("a cursor page whose last items are loaded below its block keeps them, to the end of the list")
    func cursorPageReachingTheBlockBelow() throws {
        var data = TestData(count: 30, pageSize: 20)
        var rows = RowModelHarness(TestLoaders.cursor(data))
        let first = try #require(rows.model.frontier)
        rows.step("the first page") { $0.place(data.cursorPage(.first), slot: first, key: .first, isHead: false) }
        let second = try #require(rows.model.frontier)
        rows.step("the last page") { $0.place(data.cursorPage(.after("19")), slot: second, key: .after("19"), isHead: false) }
        #expect(rows.loadedIDs == Array(0..<30))
        #expect(rows.model.endReached)
        rows.step("the first page dropped") { $0.evict(slot: first) }
        // The server removed the first ten items: the first page now ends with the items
        // of the page after it, and the list ends there.
        for id in 0..<10 { data.remove(id) }
        rows.step("the first page again") { $0.place(data.cursorPage(.first), slot: first, key: .first, isHead: false) }
        #expect(rows.loadedIDs == Array(10..<30))
        #expect(rows.model.endReached)
        #expect(rows.mismatches.isEmpty)
        #expect(rows.model.invariantViolations().isEmpty)
    }

    @Test("a cursor page for a key its block no longer has is not placed")
    func staleCursorAnswer() throws {
        let data = TestData(count: 100, pageSize: 20)
        var rows = RowModelHarness(TestLoaders.cursor(data))
        let first = try #require(rows.model.frontier)
        rows.step("the first page") { $0.place(data.cursorPage(.first), slot: first, key: .first, isHead: false) }
        // The frontier moved on, to the block after the first page, with that page's next key.
        let frontier = try #require(rows.model.frontier)
        #expect(rows.model.key(forSlot: frontier) == .after("19"))
        let before = rows.rows
        let placed = rows.step("a late answer") { $0.place(data.cursorPage(.first), slot: frontier, key: .first, isHead: false) }
        #expect(!placed)
        #expect(rows.rows == before)
        #expect(rows.model.invariantViolations().isEmpty)
    }
}
