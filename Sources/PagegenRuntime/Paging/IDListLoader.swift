import Foundation

extension ClientRuntime {
    /// A loader for APIs that answer a list with ids and serve each item on its own
    /// (Hacker News `topstories` then `item/{id}`): the id list is fetched once, and
    /// each page is a slice of it whose items are fetched concurrently, in order.
    ///
    /// - Parameters:
    ///   - endpoint: the endpoint that returns the ids.
    ///   - parameters: its parameters.
    ///   - pageSize: how many items a page fetches.
    ///   - maxConcurrentItems: how many item requests run at once.
    ///   - fetchItem: fetches one item; nil (an item the API answers with `null`) is left out.
    ///
    /// Its items have no identity. (Each overload takes different arguments, so that
    /// the compiler type-checks a generated call once.)
    @_spi(Generated) public func idListLoader<ID: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters = RequestParameters(),
        idType: ID.Type = ID.self,
        pageSize: Int,
        maxConcurrentItems: Int = 8,
        fetchItem: @escaping @Sendable (ID) async -> Result<Item?, APIError>
    ) -> PageLoader<Item> {
        idListLoader(
            endpoint, parameters, pageSize: pageSize, maxConcurrentItems: maxConcurrentItems,
            identifier: nil, fetchItem: fetchItem)
    }

    /// A loader for APIs that answer a list with ids and serve each item on its own,
    /// whose items are identified by `identity` (generated code passes `{ $0.id }`).
    ///
    /// - Parameters:
    ///   - endpoint: the endpoint that returns the ids.
    ///   - parameters: its parameters.
    ///   - pageSize: how many items a page fetches.
    ///   - maxConcurrentItems: how many item requests run at once.
    ///   - identity: the identity of an item.
    ///   - fetchItem: fetches one item; nil (an item the API answers with `null`) is left out.
    @_spi(Generated) public func idListLoader<ID: Decodable & Sendable, Item: Sendable, Identity: Hashable & Codable & Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters = RequestParameters(),
        idType: ID.Type = ID.self,
        pageSize: Int,
        maxConcurrentItems: Int = 8,
        identity: @escaping @Sendable (Item) -> Identity,
        fetchItem: @escaping @Sendable (ID) async -> Result<Item?, APIError>
    ) -> PageLoader<Item> {
        idListLoader(
            endpoint, parameters, pageSize: pageSize, maxConcurrentItems: maxConcurrentItems,
            identifier: ItemIdentifier(identity), fetchItem: fetchItem)
    }

    private func idListLoader<ID: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters,
        pageSize: Int,
        maxConcurrentItems: Int,
        identifier: ItemIdentifier<Item>?,
        fetchItem: @escaping @Sendable (ID) async -> Result<Item?, APIError>
    ) -> PageLoader<Item> {
        let ids = IDListCache<ID> { [self] in await send(endpoint, parameters, as: [ID].self) }
        let size = max(1, pageSize)
        return PageLoader(
            pageSize: size, firstKey: .offset(0),
            keyForPageIndex: { .offset($0 * size) }
        ) { key in
            guard case .offset(let start) = key else {
                return .failure(
                    APIError(.invalidRequest("\(key) does not address a slice of an id list"), page: "\(endpoint.name), \(key)"))
            }
            let all: [ID]
            switch await ids.value() {
            case .success(let value): all = value
            case .failure(let error): return .failure(error)
            }
            let slice = start < all.count ? Array(all[max(0, start)..<min(all.count, start + size)]) : []
            let items = await Self.fetch(slice, concurrency: maxConcurrentItems, using: fetchItem)
            return items.map { items in
                let end = start + slice.count
                return Page(
                    items: items, key: key,
                    next: end < all.count ? .offset(end) : nil,
                    previous: start > 0 ? .offset(max(0, start - size)) : nil,
                    total: all.count, firstRow: start)
            }
        }
        .identified(by: identifier)
    }

    /// Fetches the items of `ids` with at most `concurrency` requests at once, keeping their order.
    private static func fetch<ID: Sendable, Item: Sendable>(
        _ ids: [ID], concurrency: Int, using fetchItem: @escaping @Sendable (ID) async -> Result<Item?, APIError>
    ) async -> Result<[Item], APIError> {
        await withTaskGroup(of: (Int, Result<Item?, APIError>).self) { group in
            var results = [Result<Item?, APIError>?](repeating: nil, count: ids.count)
            var next = 0
            func launch() {
                guard next < ids.count else { return }
                let index = next
                let id = ids[index]
                next += 1
                group.addTask { (index, await fetchItem(id)) }
            }
            for _ in 0..<max(1, concurrency) { launch() }
            while let (index, result) = await group.next() {
                if case .failure = result {
                    group.cancelAll()
                    return result.map { _ in [] }
                }
                results[index] = result
                launch()
            }
            return .success(
                results.compactMap { result in
                    if case .success(let item)? = result { return item }
                    return nil
                })
        }
    }
}

/// Fetches an id list once and shares it; a failed fetch is tried again on the next request.
private actor IDListCache<ID: Sendable> {
    private let fetch: @Sendable () async -> Result<[ID], APIError>
    private var cached: [ID]?
    private var inFlight: Task<Result<[ID], APIError>, Never>?

    init(fetch: @escaping @Sendable () async -> Result<[ID], APIError>) {
        self.fetch = fetch
    }

    func value() async -> Result<[ID], APIError> {
        if let cached { return .success(cached) }
        let task = inFlight ?? Task { await fetch() }
        inFlight = task
        let result = await task.value
        inFlight = nil
        if case .success(let ids) = result { cached = ids }
        return result
    }
}
