import PagegenRuntime

/// One row of the simulated list.
struct SimItem: Sendable, Hashable {
    var id: Int
}

/// The simulated API's data: `total` items in pages of `pageSize`, addressed by
/// page number. A pure value, so the loader built on it is honest.
struct Catalog: Sendable {
    var total: Int
    var pageSize: Int

    /// Page `index`.
    func page(_ index: Int) -> Page<SimItem> {
        let start = min(total, index * pageSize)
        let end = min(total, start + pageSize)
        return Page(
            items: (start..<end).map { SimItem(id: $0) }, key: .number(index),
            next: end < total ? .number(index + 1) : nil,
            previous: index > 0 ? .number(index - 1) : nil,
            total: total, firstRow: start)
    }

    /// The loader an app would build over this API (page-number paging).
    var loader: PageLoader<SimItem> {
        let catalog = self
        return PageLoader(
            pageSize: pageSize, firstKey: .number(0),
            keyForPageIndex: { .number($0) },
            identity: { AnyHashable($0.id) }
        ) { key in
            guard case .number(let index) = key else {
                return .failure(APIError(.invalidRequest("\(key)")))
            }
            return .success(catalog.page(index))
        }
    }
}

/// What a request fetches: a page of 30 rows, or a single row.
enum RequestKey: Hashable {
    case page(Int)
    case row(Int)
}

/// The simulated server: every request answers after a fixed latency on the
/// virtual clock, unless cancelled first. It keeps a log of every request, to
/// count the wasted and duplicate ones.
@MainActor
final class SimulatedServer {
    struct Record {
        var key: RequestKey
        var sentAt: Int
        var completedAt: Int?
        var cancelled = false
        var shown = false
    }

    let catalog: Catalog
    let latency: Int
    let clock: VirtualClock
    private(set) var records: [Record] = []
    private(set) var duplicates = 0
    private var inFlight: [RequestKey: Int] = [:]
    private var latestDelivery: [RequestKey: Int] = [:]
    /// Asked when a request is sent: does the app already hold what it asks for?
    var isHeld: (RequestKey) -> Bool = { _ in false }

    init(catalog: Catalog, latency: Int, clock: VirtualClock) {
        self.catalog = catalog
        self.latency = latency
        self.clock = clock
    }

    /// Sends a request; `deliver` runs when it answers, unless it was cancelled.
    @discardableResult
    func send(_ key: RequestKey, deliver: @escaping () -> Void) -> Int {
        let id = records.count
        if inFlight[key] != nil || isHeld(key) { duplicates += 1 }
        records.append(Record(key: key, sentAt: clock.now))
        inFlight[key] = id
        clock.schedule(after: latency) { [self] in
            guard !records[id].cancelled else { return }
            records[id].completedAt = clock.now
            if inFlight[key] == id { inFlight[key] = nil }
            latestDelivery[key] = id
            deliver()
        }
        return id
    }

    /// Cancels request `id`: it will not answer.
    func cancel(_ id: Int) {
        guard records.indices.contains(id), records[id].completedAt == nil, !records[id].cancelled else { return }
        records[id].cancelled = true
        if inFlight[records[id].key] == id { inFlight[records[id].key] = nil }
    }

    /// Row `row` is on screen with content: the request that delivered it was worth it.
    func markShown(row: Int) {
        for key in [RequestKey.page(row / catalog.pageSize), .row(row)] {
            if let id = latestDelivery[key] { records[id].shown = true }
        }
    }

    /// Requests sent.
    var requestsSent: Int { records.count }

    /// When the data now shown on `row` arrived.
    func deliveryTime(ofRow row: Int) -> Int? {
        for key in [RequestKey.row(row), .page(row / catalog.pageSize)] {
            if let id = latestDelivery[key] { return records[id].completedAt }
        }
        return nil
    }

    /// Requests sent before `time`.
    func requestsSent(before time: Int) -> Int {
        records.count(where: { $0.sentAt < time })
    }

    /// Requests cancelled, or answered and never shown.
    var requestsWasted: Int {
        records.count(where: { $0.cancelled || ($0.completedAt != nil && !$0.shown) })
    }
}
