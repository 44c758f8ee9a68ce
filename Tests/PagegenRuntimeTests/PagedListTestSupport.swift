import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// An item of the test lists: its row in the server's data, and a version that a
/// refresh can bump.
struct TestItem: Sendable, Hashable {
    var id: Int
    var version = 0
}

/// A server's list in memory: `total` items (or an unknown number), served in pages.
struct TestData: Sendable {
    var items: [TestItem]
    var pageSize: Int
    /// When false, pages carry no total.
    var tellsTotal = true

    init(count: Int, pageSize: Int = 30, tellsTotal: Bool = true) {
        self.items = (0..<count).map { TestItem(id: $0) }
        self.pageSize = pageSize
        self.tellsTotal = tellsTotal
    }

    /// The answer to `request`: a cursor page for a cursor key, else page `index`.
    func page(for request: PageLoadRequest, index: Int) -> Page<TestItem> {
        guard case .page(let key) = request.target else { return page(index) }
        switch key {
        case .number: return page(index)
        case .offset(let offset): return offsetPage(offset)
        default: return cursorPage(key)
        }
    }

    /// The page of an offset list at `offset` (zero-based): `pageSize` items from there.
    func offsetPage(_ offset: Int) -> Page<TestItem> {
        let start = min(items.count, offset)
        let end = min(items.count, start + pageSize)
        return Page(
            items: Array(items[start..<end]), key: .offset(offset), next: end < items.count ? .offset(end) : nil,
            total: tellsTotal ? items.count : nil, firstRow: start)
    }

    /// Page `index` of an index-addressed list.
    func page(_ index: Int) -> Page<TestItem> {
        let start = min(items.count, index * pageSize)
        let end = min(items.count, start + pageSize)
        return Page(
            items: Array(items[start..<end]), key: .number(index),
            next: end < items.count ? .number(index + 1) : nil,
            previous: index > 0 ? .number(index - 1) : nil,
            total: tellsTotal ? items.count : nil, firstRow: start)
    }

    /// The page of a cursor list at `key`: `.first`, `.after("<id>")` (the items after
    /// that one, as Stripe's `starting_after`), or `.before("<id>")` (the page that
    /// ends right before it). An item no longer there is looked up by its id among the
    /// ones still there (ids grow down the list, as a database's keyset paging).
    func cursorPage(_ key: PageKey) -> Page<TestItem> {
        var start = 0
        var end: Int
        switch key {
        case .after(let cursor):
            // Keyset paging: the items after that one's place, whether it is still there or not.
            let place = order(of: Int(cursor)!)
            start = items.firstIndex { order(of: $0.id) > place } ?? items.count
            end = min(items.count, start + pageSize)
        case .before(let cursor):
            let place = order(of: Int(cursor)!)
            end = items.firstIndex { order(of: $0.id) >= place } ?? items.count
            start = max(0, end - pageSize)
        default:
            end = min(items.count, pageSize)
        }
        let slice = Array(items[start..<end])
        var next: PageKey? = end < items.count ? .after(String(slice.last?.id ?? -1)) : nil
        if slice.isEmpty, case .after = key { next = nil }
        var previous: PageKey?
        if givesPrevious, let first = slice.first ?? (end < items.count ? items[end] : nil) {
            previous = .before(String(first.id))
        }
        if case .before = key, start == 0, !keepsPreviousAtTop { previous = nil }
        var newerItemsKey = previous
        if shortNewerPageEndsList, case .before = key, slice.count < pageSize {
            // As a reader of such an API: no previous key, but the next check for newer
            // items starts from the page's first item.
            newerItemsKey = slice.first.map { .before(String($0.id)) }
            previous = nil
        }
        return Page(
            items: slice, key: key, next: next, previous: previous, newerItemsKey: newerItemsKey,
            total: tellsTotal ? items.count : nil)
    }

    /// Cursor pages give a previous key (the page before their first item), as
    /// Stripe's `ending_before`.
    var givesPrevious = false
    /// Pages before the first item still give a previous key (a chat's API, asked again
    /// later for newer items), when pages give one at all.
    var keepsPreviousAtTop = false
    /// A short page before an item ends the list upward, as a short page does where a
    /// spec says `shortPageEnds` (Discord's `after=`): it has no previous key.
    var shortNewerPageEndsList = false

    /// The page a chat opens with around the item with `id`: up to `before` items before
    /// it and `after` after it, with both keys (a cursor each way).
    func aroundPage(_ id: Int, before: Int, after: Int) -> Page<TestItem> {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return cursorPage(.first) }
        let start = max(0, index - before)
        let end = min(items.count, index + after + 1)
        let slice = Array(items[start..<end])
        return Page(
            items: slice, key: .first, next: end < items.count ? .after(String(slice.last!.id)) : nil,
            previous: start > 0 || keepsPreviousAtTop ? .before(String(slice.first!.id)) : nil)
    }

    /// The id of the next item the server inserts.
    var nextID = 1_000_000

    /// Where each item is, or was, in the server's order (as a database's sort key):
    /// the items' own ids unless they were inserted or moved.
    var orders: [Int: Double] = [:]

    func order(of id: Int) -> Double { orders[id] ?? Double(id) }

    /// The server inserts `count` new items at the top.
    mutating func insertAtTop(_ count: Int) {
        for _ in 0..<count {
            orders[nextID] = (items.first.map { order(of: $0.id) } ?? 0) - 1
            items.insert(TestItem(id: nextID), at: 0)
            nextID += 1
        }
    }

    /// The server puts `item` right after the item with `id`.
    mutating func insert(_ item: TestItem, after id: Int) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        let next = index + 1 < items.count ? order(of: items[index + 1].id) : order(of: id) + 2
        orders[item.id] = (order(of: id) + next) / 2
        items.insert(item, at: index + 1)
    }

    /// The server moves the item with `id` right after the one with `other`.
    mutating func move(_ id: Int, after other: Int) {
        guard let item = items.first(where: { $0.id == id }) else { return }
        items.removeAll { $0.id == id }
        insert(item, after: other)
    }

    /// The server changes the item with `id` (a new version).
    mutating func edit(_ id: Int) {
        if let index = items.firstIndex(where: { $0.id == id }) { items[index].version += 1 }
    }

    /// The server removes the item with `id`.
    mutating func remove(_ id: Int) {
        items.removeAll { $0.id == id }
    }
}

/// A seeded source of pseudo-random numbers (SplitMix64), so that a randomized test
/// runs the same way every time.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A clock that moves only when the test says, for the list's edit time-outs.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [(deadline: Instant, continuation: CheckedContinuation<Void, Never>)] = []

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// Tasks waiting on the clock.
    var waiting: Int { lock.withLock { sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let due: Bool = lock.withLock {
                if deadline <= current { return true }
                sleepers.append((deadline, continuation))
                return false
            }
            if due { continuation.resume() }
        }
    }

    /// Moves the clock on, waking the tasks whose time came.
    func advance(by duration: Duration) {
        let due: [CheckedContinuation<Void, Never>] = lock.withLock {
            current = current.advanced(by: duration)
            let now = current
            let due = sleepers.filter { $0.deadline <= now }.map(\.continuation)
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for continuation in due { continuation.resume() }
    }
}

/// Waits until `condition` holds, looking every few milliseconds, for at most
/// `timeout` (generous, as `eventually`'s: it only matters when the test fails, and the
/// main actor these tests share may be busy with others for a while).
@MainActor
func waitUntil(_ what: String, timeout: Duration = .seconds(120), _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline {
            Issue.record("waited \(timeout) for \(what)")
            return false
        }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// Loaders over ``TestData``. With a ``ManualRunner`` their `load` is never called:
/// the test answers each request itself.
enum TestLoaders {
    static func indexed(_ data: TestData, withIdentity: Bool = true) -> PageLoader<TestItem> {
        var identity: (@Sendable (TestItem) -> AnyHashable)?
        if withIdentity {
            identity = { (item: TestItem) -> AnyHashable in AnyHashable(item.id) }
        }
        return PageLoader(
            pageSize: data.pageSize, firstKey: .number(0),
            keyForPageIndex: { .number($0) },
            identity: identity
        ) { key in
            guard case .number(let index) = key else { return .failure(APIError(.invalidRequest("\(key)"))) }
            return .success(data.page(index))
        }
    }

    /// An offset list: page `n` at offset `n * pageSize`.
    static func offsets(_ data: TestData) -> PageLoader<TestItem> {
        PageLoader(
            pageSize: data.pageSize, firstKey: .offset(0), keyForPageIndex: { [size = data.pageSize] in .offset($0 * size) },
            identity: { AnyHashable($0.id) }
        ) { key in
            guard case .offset(let offset) = key else { return .failure(APIError(.invalidRequest("\(key)"))) }
            return .success(data.offsetPage(offset))
        }
    }

    static func cursor(_ data: TestData) -> PageLoader<TestItem> {
        PageLoader(pageSize: data.pageSize, firstKey: .first, identity: { AnyHashable($0.id) }) { key in
            .success(data.cursorPage(key))
        }
    }

    static func windowed(_ data: TestData, window: WindowStart) -> PageLoader<TestItem> {
        var loader = indexed(data)
        loader.window = { .success(window) }
        return loader
    }
}

/// A runner the test drives by hand: it records each request, and answers only
/// when the test says, synchronously, so every interleaving is spelled out.
@MainActor
final class ManualRunner: PageLoadRunner {
    typealias Item = TestItem

    private(set) var started: [PageLoadRequest] = []
    private(set) var cancelled: [PageLoadRequest] = []
    private var completions: [Int: @MainActor (PageLoadResult<TestItem>) -> Void] = [:]
    private var finished: Set<Int> = []

    func start(
        _ request: PageLoadRequest, loader: PageLoader<TestItem>, completion: @escaping @MainActor (PageLoadResult<TestItem>) -> Void
    ) {
        started.append(request)
        completions[request.id] = completion
    }

    func cancel(_ request: PageLoadRequest) {
        cancelled.append(request)
    }

    /// Requests started, neither answered nor cancelled.
    var inFlight: [PageLoadRequest] {
        let cancelledIDs = Set(cancelled.map(\.id))
        return started.filter { !finished.contains($0.id) && !cancelledIDs.contains($0.id) }
    }

    /// The page indexes in flight, sorted.
    var pagesInFlight: [Int] { inFlight.compactMap(\.pageIndex).sorted() }

    /// The page indexes of every request started, in order.
    var pagesRequested: [Int] { started.compactMap(\.pageIndex) }

    /// The page indexes of every request cancelled, sorted.
    var pagesCancelled: [Int] { cancelled.compactMap(\.pageIndex).sorted() }

    /// The request in flight for page `index`.
    func request(forPage index: Int) -> PageLoadRequest? {
        inFlight.first { $0.pageIndex == index }
    }

    /// Answers `request`, even if it was cancelled (a late answer).
    func answer(_ request: PageLoadRequest, with result: PageLoadResult<TestItem>) {
        finished.insert(request.id)
        completions.removeValue(forKey: request.id)?(result)
    }

    /// Answers the request in flight for page `index` from `data`.
    func answerPage(_ index: Int, from data: TestData) {
        guard let request = request(forPage: index) else {
            Issue.record("no request in flight for page \(index); in flight: \(pagesInFlight)")
            return
        }
        answer(request, with: .page(.success(data.page(for: request, index: index))))
    }

    /// Answers every request in flight from `data`, repeatedly, until none is left
    /// (at most `rounds` rounds).
    func answerAll(from data: TestData, rounds: Int = 100) {
        for _ in 0..<rounds {
            let pages = pagesInFlight
            guard !pages.isEmpty else { return }
            // Answering one may cancel another: skip those.
            for page in pages where request(forPage: page) != nil { answerPage(page, from: data) }
        }
    }

    /// Fails the request in flight for page `index`.
    func failPage(_ index: Int, with error: APIError = TestErrors.unavailable) {
        guard let request = request(forPage: index) else {
            Issue.record("no request in flight for page \(index); in flight: \(pagesInFlight)")
            return
        }
        answer(request, with: .page(.failure(error)))
    }
}

enum TestErrors {
    static let unavailable = APIError(.httpStatus(code: 503, body: Data("busy".utf8)))
}

extension ListRow {
    /// The item's id, or a word for the other kinds of row.
    var summary: String {
        switch self {
        case .item(let item): "\((item as? TestItem)?.id ?? -1)"
        case .placeholder: "placeholder"
        case .loading: "loading"
        case .failed: "failed"
        }
    }
}

extension PagedList where Item == TestItem {
    /// The ids of the items on `rows`, or -1 where a row holds no item.
    func ids(_ rows: Range<Int>) -> [Int] {
        rows.map { self[$0].item?.id ?? -1 }
    }

    /// True when every row in `rows` holds the item of the same position.
    func holdsItems(_ rows: Range<Int>) -> Bool {
        ids(rows) == Array(rows)
    }
}

/// Collects a list's change events, and checks each one: applied to an array that
/// mirrors the rows, it must give exactly what the list shows after it.
@MainActor
final class ChangeLog {
    private(set) var changes: [ListChange] = []
    /// The rows as the changes so far say they are.
    private(set) var mirror: [RowSummary] = []
    /// Changes that did not add up, with what differed.
    private(set) var mismatches: [String] = []
    /// Called with each change after it was checked.
    var then: ((ListChange) -> Void)?

    init(_ list: PagedList<TestItem>) {
        mirror = list.summaries
        list.onChange = { [weak self, unowned list] change in self?.check(change, list) }
    }

    /// The ids of the loaded rows as the changes so far say they are, in row order: the
    /// list's own after every checked change, without reading every row again.
    var loadedIDs: [Int] {
        mirror.compactMap { if case .item(let id, _) = $0 { id } else { nil } }
    }

    private func check(_ change: ListChange, _ list: PagedList<TestItem>) {
        changes.append(change)
        guard mirror.count == change.countBefore else {
            mismatches.append("the change starts from \(change.countBefore) rows, the mirror holds \(mirror.count): \(change)")
            Issue.record("\(mismatches.last!)")
            mirror = list.summaries
            return
        }
        change.apply(to: &mirror) { list.summary(at: $0) }
        verify(list, after: "\(change)")
        then?(change)
    }

    /// Checks that the mirror holds the list's rows, as they are now; records a mismatch
    /// (`after` says what came before) when it does not.
    func verify(_ list: PagedList<TestItem>, after: String = "the last change") {
        let actual = list.summaries
        guard mirror != actual else { return }
        let first = zip(mirror, actual).enumerated().first { $0.element.0 != $0.element.1 }
        let difference = first.map { "row \($0.offset): \($0.element.0) in the mirror, \($0.element.1) in the list" } ?? "counts differ"
        mismatches.append("after \(after): \(difference)")
        Issue.record("the change report does not give the list's rows: \(mismatches.last!)")
        mirror = actual
    }

    func clear() { changes.removeAll() }

    /// True when some change touched `row` (in the numbering after it).
    func touched(_ row: Int) -> Bool {
        changes.contains { $0.touches(row: row) }
    }
}

/// What a row of a test list shows, compared without formatting text.
enum RowSummary: Equatable, CustomStringConvertible {
    case item(id: Int, version: Int)
    case placeholder, loading, failed

    /// As the failure messages show it: `7 v0`, `placeholder`, `loading`, `failed`.
    var description: String {
        switch self {
        case .item(let id, let version): "\(id) v\(version)"
        case .placeholder: "placeholder"
        case .loading: "loading"
        case .failed: "failed"
        }
    }
}

extension PagedList where Item == TestItem {
    /// What each row shows (read in one walk over the rows).
    var summaries: [RowSummary] {
        var summaries: [RowSummary] = []
        for element in rows { summaries.append(Self.summary(of: element.row)) }
        return summaries
    }

    /// What `row` shows.
    func summary(at row: Int) -> RowSummary { Self.summary(of: self[row]) }

    static func summary(of row: ListRow<TestItem>) -> RowSummary {
        switch row {
        case .item(let item): .item(id: item.id, version: item.version)
        case .placeholder: .placeholder
        case .loading: .loading
        case .failed: .failed
        }
    }

    /// The ids of every loaded row, in row order.
    var loadedIDs: [Int] { (0..<count).compactMap { self[$0].item?.id } }
}
