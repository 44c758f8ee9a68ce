/// The network side of a ``LoadPlan``: the requests in flight, what is known about
/// loading each page (its request, its last failure), and the commands for the
/// ``PageLoadRunner`` (start or cancel a request). The plan decides which page to ask
/// for; this keeps the books, so that a page has one request in flight at most, as has
/// a key, and an answer is taken once, for the request that is still in flight.
///
/// Invariants (``invariantViolations(limit:isIdle:)``): each request in flight is the
/// one its page records, and a page has one request in flight at most, as has a key;
/// there are no more page requests in flight than the concurrency limit allows; a page
/// with nothing to remember (no request, no failure) is not kept.
struct PageRequests: Sendable {
    /// Work for the runner.
    enum Command: Sendable {
        /// Send a request.
        case start(PageLoadRequest)
        /// Cancel a request.
        case cancel(PageLoadRequest)
    }

    /// A request in flight.
    struct Flight: Sendable {
        var request: PageLoadRequest
        /// The page it loads (a page index, or a cursor page's block serial); nil for
        /// the window request.
        var slot: Int?
        /// The key it asked for.
        var key: PageKey?
    }

    /// The requests in flight, by id.
    private(set) var flights: [Int: Flight] = [:]
    /// What is known about loading each page: its request in flight, its last failure.
    private(set) var pages: [Int: PageSlot] = [:]
    private var nextRequestID = 1
    /// The commands since the last ``takeCommands()``.
    private(set) var commands: [Command] = []
    /// Bumped when a request starts, ends, fails or is cancelled (and when the plan says
    /// the load states changed otherwise: ``noteActivity()``).
    private(set) var activity = 0
    /// Answers that arrived for requests no longer in flight, and were ignored.
    private(set) var ignoredResponses = 0

    /// The commands since the last call; the list starts again empty.
    mutating func takeCommands() -> [Command] {
        defer { commands.removeAll(keepingCapacity: true) }
        return commands
    }

    // MARK: Reading

    /// The last failure of page `slot`, until it is cleared.
    func failure(of slot: Int) -> APIError? { pages[slot]?.failure }

    /// True when page `slot` has a request in flight.
    func isInFlight(_ slot: Int) -> Bool { pages[slot]?.request != nil }

    /// True when a request in flight asks with `key`.
    func isAsking(with key: PageKey) -> Bool { flights.values.contains { $0.key == key } }

    /// The pages with a request in flight.
    var slotsInFlight: [Int] { flights.values.compactMap(\.slot) }

    /// The pages that failed, in order.
    var failedSlots: [Int] { pages.keys.sorted().filter { pages[$0]?.failure != nil } }

    // MARK: Requests

    /// Sends a request for page `slot` with `key`.
    mutating func start(_ slot: Int, key: PageKey) {
        let request = PageLoadRequest(id: nextRequestID, target: .page(key), pageIndex: slot)
        nextRequestID += 1
        flights[request.id] = Flight(request: request, slot: slot, key: key)
        pages[slot, default: PageSlot()].request = request.id
        activity += 1
        commands.append(.start(request))
    }

    /// Asks the window endpoint where to start.
    mutating func startWindowRequest() {
        let request = PageLoadRequest(id: nextRequestID, target: .window, pageIndex: nil)
        nextRequestID += 1
        flights[request.id] = Flight(request: request, slot: nil)
        commands.append(.start(request))
    }

    /// Cancels request `id`; its answer will be ignored.
    mutating func cancel(_ id: Int) {
        guard let flight = flights.removeValue(forKey: id) else { return }
        if let slot = flight.slot {
            pages[slot]?.request = nil
            removeIfVacant(slot)
        }
        activity += 1
        commands.append(.cancel(flight.request))
    }

    /// Cancels every request in flight.
    mutating func cancelAll() {
        for id in flights.keys.sorted() { cancel(id) }
    }

    /// The answer to request `id` arrived: the request that was in flight, no longer
    /// is; nil when none was (the answer is ignored).
    mutating func land(_ id: Int) -> Flight? {
        guard let flight = flights.removeValue(forKey: id) else {
            ignoredResponses += 1
            return nil
        }
        activity += 1
        if let slot = flight.slot {
            pages[slot]?.request = nil
            removeIfVacant(slot)
        }
        return flight
    }

    /// An answer that fits no request (a page for the window request, or the other
    /// way round) is ignored.
    mutating func ignoreAnswer() { ignoredResponses += 1 }

    /// The load states changed for a reason of the plan's (a refresh ended, a window
    /// request is retried).
    mutating func noteActivity() { activity += 1 }

    // MARK: Failures

    /// Records a failed load of page `slot`.
    mutating func fail(_ slot: Int, with error: APIError) {
        pages[slot, default: PageSlot()].failure = error
    }

    /// Forgets the failure of page `slot`; false when it had none.
    mutating func clearFailure(of slot: Int) -> Bool {
        guard pages[slot]?.failure != nil else { return false }
        pages[slot]?.failure = nil
        activity += 1
        removeIfVacant(slot)
        return true
    }

    private mutating func removeIfVacant(_ slot: Int) {
        if pages[slot]?.isVacant == true { pages[slot] = nil }
    }

    // MARK: Invariants

    /// Every invariant that does not hold, in words, with at most `limit` pages in
    /// flight, and nothing in flight while `isIdle`.
    func invariantViolations(limit: Int, isIdle: Bool) -> [String] {
        var problems: [String] = []
        var pagesInFlight: [Int: Int] = [:]
        for (id, flight) in flights {
            if flight.request.id != id { problems.append("request \(id) is filed as \(flight.request.id)") }
            guard let slot = flight.slot else { continue }
            if pages[slot]?.request != id { problems.append("request \(id) for page \(slot) is not the page's") }
            pagesInFlight[slot, default: 0] += 1
        }
        for (slot, times) in pagesInFlight where times > 1 { problems.append("page \(slot) has \(times) requests in flight") }
        var keysInFlight: [PageKey: Int] = [:]
        for flight in flights.values { if let key = flight.key { keysInFlight[key, default: 0] += 1 } }
        for (key, times) in keysInFlight where times > 1 { problems.append("\(key) is asked for by \(times) requests in flight") }
        for (slot, page) in pages {
            if page.isVacant { problems.append("page \(slot) is kept with nothing to remember") }
            if let request = page.request, flights[request]?.slot != slot {
                problems.append("page \(slot) names request \(request), not in flight for it")
            }
        }
        if pagesInFlight.values.reduce(0, +) > limit {
            problems.append("\(pagesInFlight.count) pages in flight, over the limit of \(limit)")
        }
        if isIdle, !flights.isEmpty { problems.append("requests in flight before the list started") }
        if let next = flights.keys.max(), next >= nextRequestID {
            problems.append("request \(next) is not below the next id \(nextRequestID)")
        }
        return problems
    }

    /// Where the plan's failures and the rows disagree, in words; empty when they
    /// agree. Every row that shows a failure shows one recorded here, for the page it
    /// names.
    func failureViolations<Item>(_ core: RowCore<Item>) -> [String] {
        var problems: [String] = []
        for block in core.rows.blocks {
            guard let hole = block.hole, hole.failure != nil || hole.failedPage != nil else { continue }
            guard let page = hole.failedPage, hole.failure != nil else {
                problems.append("block \(block.serial) shows a failure without its page")
                continue
            }
            if failure(of: page) == nil { problems.append("block \(block.serial) shows a failure of page \(page), which did not fail") }
        }
        if let trailing = core.trailingFailure, failure(of: trailing.slot) == nil {
            problems.append("the loading row shows a failure of page \(trailing.slot), which did not fail")
        }
        return problems
    }
}

/// What a ``PageRequests`` knows about loading one page: the request in flight for it
/// and its last failure. (Its items are rows of the ``RowModel``.)
struct PageSlot: Sendable {
    /// The error of the last load, until a retry or refresh clears it.
    var failure: APIError?
    /// The id of the request in flight for this page.
    var request: Int?

    /// True when there is nothing to remember about the page.
    var isVacant: Bool { failure == nil && request == nil }
}
