import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// The load plan alone, without a list or a runner, over a row model or a stub of the
/// rows it reads (``StubRows``): which requests it starts and cancels as the user looks
/// elsewhere, answers arrive and fail, and a cursor list's frontier walks; which row
/// actions it returns. Its invariants hold after every input.
@Suite("Load plan")
struct LoadPlanTests {
    /// The pages of the requests `commands` start (or cancel), in order.
    func pages(_ commands: [LoadPlan.Command], started: Bool = true) -> [Int] {
        commands.compactMap { command in
            switch command {
            case .start(let request): started ? request.pageIndex : nil
            case .cancel(let request): started ? nil : request.pageIndex
            }
        }
    }

    /// Runs `input` on the plan, its row actions applied to `model` as a list's
    /// transaction applies them.
    func step(
        _ plan: inout LoadPlan, _ model: inout RowModel<TestItem>, _ input: (inout LoadPlan, RowModel<TestItem>) -> [RowAction<TestItem>]
    ) {
        RowTransaction.apply(input(&plan, model), to: &model, plan: &plan)
    }

    /// The request in flight for page `slot`.
    func request(_ plan: LoadPlan, page slot: Int) throws -> PageLoadRequest {
        try #require(plan.requests.flights.values.first { $0.slot == slot }?.request, "no request in flight for page \(slot)")
    }

    @Test("a start asks for the first screen's pages together, then the nearest pages within the limit")
    func startInTheMiddle() throws {
        let data = TestData(count: 10_000)
        var model = RowModel(loader: TestLoaders.indexed(data))
        var plan = LoadPlan(hasWindow: false, options: PagedListOptions())
        step(&plan, &model) { $0.start(atRows: 5_035..<5_047, $1) }
        #expect(pages(plan.takeCommands()) == [167, 168], "the screen spans two pages")
        #expect(plan.invariantViolations().isEmpty)

        let id167 = try request(plan, page: 167).id
        step(&plan, &model) { $0.receive(id167, .page(.success(data.page(167))), $1) }
        // Page 168 is in flight; of the pages within a page of the screen, the one ahead
        // of the scroll comes first.
        #expect(pages(plan.takeCommands()) == [169, 166])
        #expect(plan.requests.flights.count == 3)
        #expect(plan.invariantViolations().isEmpty)
        #expect(model.invariantViolations().isEmpty)
    }

    @Test("a failed page is not sent again until a retry; the pages the user left are cancelled")
    func failuresAndCancelling() throws {
        let data = TestData(count: 10_000)
        var model = RowModel(loader: TestLoaders.indexed(data))
        var plan = LoadPlan(hasWindow: false, options: PagedListOptions())
        step(&plan, &model) { $0.start(atRows: 3_000..<3_012, $1) }
        let id100 = try request(plan, page: 100).id
        step(&plan, &model) { $0.receive(id100, .page(.success(data.page(100))), $1) }
        plan.setVisible(3_000..<3_012, model)
        _ = plan.takeCommands()

        let id101 = try request(plan, page: 101).id
        step(&plan, &model) { $0.receive(id101, .page(.failure(TestErrors.unavailable)), $1) }
        #expect(plan.requests.pages[101]?.failure != nil)
        #expect(model.row(at: 3_035).isFailed)
        plan.setVisible(3_001..<3_013, model)
        #expect(!pages(plan.takeCommands()).contains(101), "a failed page waits for a retry")
        step(&plan, &model) { $0.retry($1) }
        #expect(pages(plan.takeCommands()) == [101])
        #expect(!model.row(at: 3_035).isFailed)

        // The user jumps to the top: the requests near row 3,000 are cancelled.
        plan.setVisible(0..<12, model)
        let commands = plan.takeCommands()
        #expect(Set(pages(commands, started: false)) == [99, 101])
        #expect(pages(commands) == [0, 1])
        #expect(plan.invariantViolations().isEmpty)
    }

    @Test("a cursor list walks its frontier page after page, and ends where a next key repeats")
    func frontierWalk() throws {
        var model = RowModel(loader: TestLoaders.cursor(TestData(count: 0)))
        var plan = LoadPlan(hasWindow: false, options: PagedListOptions())
        step(&plan, &model) { $0.start($1) }
        let first = try #require(plan.requests.flights.values.first)
        #expect(first.key == .first)
        _ = plan.takeCommands()
        let items = (0..<5).map { TestItem(id: $0) }
        step(&plan, &model) { $0.receive(first.request.id, .page(.success(Page(items: items, key: .first, next: .after("a")))), $1) }
        plan.setVisible(0..<5, model)
        let second = try #require(plan.requests.flights.values.first)
        #expect(second.key == .after("a"))
        // The server answers with a next key the walk already took: the list ends there.
        let more = (5..<10).map { TestItem(id: $0) }
        step(&plan, &model) { $0.receive(second.request.id, .page(.success(Page(items: more, key: .after("a"), next: .after("a")))), $1) }
        plan.setVisible(5..<10, model)
        #expect(plan.requests.flights.isEmpty)
        #expect(model.endReached)
        #expect(plan.loadStates(model).append.isEndReached)
        #expect(model.count == 10)
        #expect(plan.invariantViolations().isEmpty)
        #expect(model.invariantViolations().isEmpty)
    }
}

/// The load plan over a stub of the rows it reads: an index-addressed list of `total`
/// rows in pages of `pageSize`, which records the actions it is given.
struct StubRows: PlannedRows {
    typealias Item = TestItem
    let pageSize: Int
    let total: Int
    var loaded: Set<Int> = []
    var failuresShown: [Int: Bool] = [:]
    var hasContent = false
    /// What `place` answers: false stands for a page whose block is gone.
    var takesPages = true
    var actions: [String] = []

    var isIndexed: Bool { true }
    var count: Int { hasContent ? total : 0 }
    var rowCount: Int { count }
    var hasTrailingRow: Bool { false }
    var isLastPageLoaded: Bool { loaded.contains((total - 1) / pageSize) }
    var frontier: Int? { nil }
    var newestLoaded: Bool { true }
    var holdsNewerItems: Bool { false }

    func rows(in distance: PagedListOptions.Distance) -> Int { distance.rows(pageSize: pageSize) }
    func slotIndex(forRow row: Int) -> Int { row / pageSize }
    func rowRange(ofSlot slot: Int) -> Range<Int> { slot * pageSize..<min(total, (slot + 1) * pageSize) }
    func slots(in range: Range<Int>) -> [Int] {
        range.isEmpty ? [] : Array(range.lowerBound / pageSize...(range.upperBound - 1) / pageSize)
    }
    func key(forSlot slot: Int) -> PageKey? { slot >= 0 && slot * pageSize < total ? .number(slot) : nil }
    func isLoaded(_ slot: Int) -> Bool { loaded.contains(slot) }
    func needsContent(_ slot: Int) -> Bool { key(forSlot: slot) != nil && !loaded.contains(slot) }
    func startSlots(for rows: Range<Int>) -> ClosedRange<Int> {
        clampedSlot(rows.lowerBound / pageSize)...clampedSlot((rows.upperBound - 1) / pageSize)
    }
    func clampedSlot(_ slot: Int) -> Int { min(slot, (total - 1) / pageSize) }
    func row(of id: ItemIdentity) -> Int? { nil }
    func accepts(slot: Int, key: PageKey?) -> Bool { true }
    func isFrontier(_ slot: Int) -> Bool { false }
    func waitsForCheck(_ slot: Int) -> Bool { false }

    mutating func apply(_ action: RowAction<TestItem>) -> RowOutcome {
        switch action {
        case .open:
            actions.append("open")
        case .showFailure(let error, let slot):
            actions.append(error == nil ? "clear failure \(slot)" : "show failure \(slot)")
            failuresShown[slot] = error != nil
        case .place(_, let slot, _, _):
            actions.append("place \(slot)")
            guard takesPages else { return .placed(false) }
            hasContent = true
            loaded.insert(slot)
            return .placed(true)
        case .trimToMemory(let placed, _, _):
            actions.append("trim, keeping \(placed)")
            return .trimmed(false)
        default:
            actions.append("\(action)")
        }
        return .done
    }
}

extension LoadPlanTests {
    func step(_ plan: inout LoadPlan, _ rows: inout StubRows, _ input: (inout LoadPlan, StubRows) -> [RowAction<TestItem>]) {
        RowTransaction.apply(input(&plan, rows), to: &rows, plan: &plan)
    }

    @Test("over a stub of the rows: the plan asks the rows to place each answer, then loads around what they hold")
    func stubPlacing() throws {
        var rows = StubRows(pageSize: 30, total: 10_000)
        var plan = LoadPlan(hasWindow: false, options: PagedListOptions())
        step(&plan, &rows) { $0.start(atRows: 5_035..<5_047, $1) }
        #expect(rows.actions == ["open"])
        #expect(pages(plan.takeCommands()) == [167, 168])
        let id = try request(plan, page: 167).id
        step(&plan, &rows) { $0.receive(id, .page(.success(TestData(count: 10_000).page(167))), $1) }
        #expect(rows.actions.suffix(2) == ["place 167", "trim, keeping 167"])
        #expect(pages(plan.takeCommands()) == [169, 166])
        #expect(plan.invariantViolations().isEmpty)
    }

    @Test("over a stub of the rows: a failure is shown by the rows and cleared by a retry; a page they do not take is ignored")
    func stubFailures() throws {
        var rows = StubRows(pageSize: 30, total: 300)
        var plan = LoadPlan(hasWindow: false, options: PagedListOptions())
        step(&plan, &rows) { $0.start(atRows: 0..<12, $1) }
        let first = try request(plan, page: 0).id
        step(&plan, &rows) { $0.receive(first, .page(.failure(TestErrors.unavailable)), $1) }
        #expect(rows.failuresShown[0] == true && plan.requests.pages[0]?.failure != nil)
        #expect(plan.loadStates(rows).refresh.error != nil)
        step(&plan, &rows) { $0.retry($1) }
        #expect(rows.failuresShown[0] == false && plan.requests.pages[0]?.failure == nil)
        let again = try request(plan, page: 0).id
        rows.takesPages = false
        step(&plan, &rows) { $0.receive(again, .page(.success(TestData(count: 300).page(0))), $1) }
        #expect(plan.ignoredResponses == 1)
        #expect(plan.invariantViolations().isEmpty)
    }
}

extension ListRow {
    /// True for a row whose page failed.
    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
