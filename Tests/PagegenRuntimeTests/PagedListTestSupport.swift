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

    /// The page of a cursor list at `key` (`.first` or `.after("<last id>")`).
    func cursorPage(_ key: PageKey) -> Page<TestItem> {
        var start = 0
        if case .after(let cursor) = key, let last = Int(cursor) {
            start = (items.firstIndex { $0.id == last } ?? -1) + 1
        }
        let end = min(items.count, start + pageSize)
        let slice = Array(items[start..<end])
        return Page(
            items: slice, key: key,
            next: end < items.count ? .after(String(slice.last!.id)) : nil,
            total: tellsTotal ? items.count : nil)
    }
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
        if case .page(let key) = request.target, case .after = key {
            answer(request, with: .page(.success(data.cursorPage(key))))
        } else if case .page(.first) = request.target {
            answer(request, with: .page(.success(data.cursorPage(.first))))
        } else {
            answer(request, with: .page(.success(data.page(index))))
        }
    }

    /// Answers every request in flight from `data`, repeatedly, until none is left
    /// (at most `rounds` rounds).
    func answerAll(from data: TestData, rounds: Int = 100) {
        for _ in 0..<rounds {
            let pages = pagesInFlight
            guard !pages.isEmpty else { return }
            for page in pages { answerPage(page, from: data) }
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
    private(set) var mirror: [String] = []
    /// Changes that did not add up, with what differed.
    private(set) var mismatches: [String] = []

    init(_ list: PagedList<TestItem>) {
        mirror = list.summaries
        list.onChange = { [weak self, unowned list] change in self?.check(change, list) }
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
        let actual = list.summaries
        if mirror != actual {
            let first = zip(mirror, actual).enumerated().first { $0.element.0 != $0.element.1 }
            let where_ = first.map { "row \($0.offset): \($0.element.0) in the mirror, \($0.element.1) in the list" } ?? "counts differ"
            mismatches.append("after \(change): \(where_)")
            Issue.record("the change report does not give the list's rows: \(mismatches.last!)")
            mirror = actual
        }
    }

    func clear() { changes.removeAll() }

    /// True when some change touched `row` (in the numbering after it).
    func touched(_ row: Int) -> Bool {
        changes.contains { $0.touches(row: row) }
    }
}

extension PagedList where Item == TestItem {
    /// What each row shows, as text: `7 v0`, `placeholder`, `loading`, `failed`.
    var summaries: [String] { (0..<count).map(summary(at:)) }

    /// What `row` shows, as text.
    func summary(at row: Int) -> String {
        switch self[row] {
        case .item(let item): "\(item.id) v\(item.version)"
        case .placeholder: "placeholder"
        case .loading: "loading"
        case .failed: "failed"
        }
    }

    /// The ids of every loaded row, in row order.
    var loadedIDs: [Int] { (0..<count).compactMap { self[$0].item?.id } }
}
