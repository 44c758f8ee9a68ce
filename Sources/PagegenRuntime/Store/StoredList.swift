import Foundation

/// One list of a client with a store: where its pages are kept, and how to read them
/// back. A ``PageLoader`` made by such a client carries one (``PageLoader/stored``).
public struct StoredList<Item: Sendable>: Sendable {
    /// The list's identity in the store.
    public let id: StoredListID
    /// The store and its settings.
    public let configuration: StoreConfiguration
    /// How old a stored page may be and still be shown: the endpoint's policy, else
    /// the configuration's.
    public let maxAge: TimeInterval?
    /// Reads a stored page as a ``Page`` (decodes its body), with no request.
    let reading: Reading
    /// Sends a conditional request for a stored page: nil when the server says it is
    /// unchanged (nothing decoded), else the page the server sent (stored).
    let revalidatePage: @Sendable (StoredPage) async -> Result<Page<Item>?, APIError>
    /// The identities of items, as the text of a JSON array.
    let identities: @Sendable ([Item]) -> String?

    /// How a stored page is read back, with no request.
    enum Reading: Sendable {
        /// At once: a Pagegen client decodes the body itself.
        case now(@Sendable (StoredPage) throws(APIError) -> Page<Item>)
        /// Asynchronously: a swift-openapi-generator client decodes the answer, which is
        /// replayed to it from the store.
        case replayed(@Sendable (StoredPage) async -> Result<Page<Item>, APIError>)
    }

    /// A list whose pages are read back by replaying the stored answer to the client
    /// that decodes it (a swift-openapi-generator client, whose decoding is its own).
    /// - Parameters:
    ///   - id: The list's identity in the store.
    ///   - configuration: The store and its settings.
    ///   - read: Reads a stored page as the page it was, with no request.
    ///   - revalidatePage: Sends a conditional request for a stored page: nil when the
    ///     server says it is unchanged (nothing decoded), else the page it sent (stored).
    ///   - identities: The identities of items, as the text of a JSON array.
    @_spi(Generated) public init(
        id: StoredListID, configuration: StoreConfiguration,
        read: @escaping @Sendable (StoredPage) async -> Result<Page<Item>, APIError>,
        revalidatePage: @escaping @Sendable (StoredPage) async -> Result<Page<Item>?, APIError>,
        identities: @escaping @Sendable ([Item]) -> String?
    ) {
        self.init(
            id: id, configuration: configuration, maxAge: configuration.maxAge, read: .replayed(read),
            revalidatePage: revalidatePage, identities: identities)
    }

    init(
        id: StoredListID, configuration: StoreConfiguration, maxAge: TimeInterval?, read: Reading,
        revalidatePage: @escaping @Sendable (StoredPage) async -> Result<Page<Item>?, APIError>,
        identities: @escaping @Sendable ([Item]) -> String?
    ) {
        self.id = id
        self.configuration = configuration
        self.maxAge = maxAge
        self.reading = read
        self.revalidatePage = revalidatePage
        self.identities = identities
    }

    /// The store.
    public var store: any PageStore { configuration.store }

    /// The page stored at `key` if it is young enough to show, or nil.
    public func storedPage(at key: PageKey) -> StoredPage? {
        let page: StoredPage?
        do throws(PageStoreError) {
            page = try store.page(at: key, of: id)
        } catch {
            configuration.onError?(error)
            return nil
        }
        guard let page else { return nil }
        if let maxAge, configuration.now().timeIntervalSince(page.storedAt) > maxAge { return nil }
        return page
    }

    /// The page stored at `key`, read (its body decoded) with no request, if it is
    /// young enough to show; nil when there is none or it no longer reads, and for a
    /// list whose pages are read by replaying them to a swift-openapi-generator client,
    /// which decodes asynchronously (``readPage(at:)`` reads those too).
    public func page(at key: PageKey) -> (page: Page<Item>, storedAt: Date)? {
        guard case .now(let read) = reading, let stored = storedPage(at: key) else { return nil }
        do {
            return (try read(stored), stored.storedAt)
        } catch {
            configuration.onError?(PageStoreError("the stored \(stored.key) of \(id) no longer reads: \(error)"))
            return nil
        }
    }

    /// The page stored at `key`, read (its body decoded) with no request, if it is
    /// young enough to show; nil when there is none or it no longer reads. Reads the
    /// pages of every list, a swift-openapi-generator client's too.
    public func readPage(at key: PageKey) async -> (page: Page<Item>, storedAt: Date)? {
        guard let stored = storedPage(at: key) else { return nil }
        switch await read(stored) {
        case .success(let page): return (page, stored.storedAt)
        case .failure: return nil
        }
    }

    /// True when a stored page reads at once (``page(at:)``), false when it is replayed
    /// to the client that decodes it.
    var readsAtOnce: Bool {
        if case .now = reading { return true }
        return false
    }

    /// Reads `stored` as the page it was; a page that no longer reads is told to
    /// ``StoreConfiguration/onError``.
    func read(_ stored: StoredPage) async -> Result<Page<Item>, APIError> {
        let result: Result<Page<Item>, APIError>
        switch reading {
        case .now(let read):
            do throws(APIError) { result = .success(try read(stored)) } catch { result = .failure(error) }
        case .replayed(let read):
            result = await read(stored)
        }
        if case .failure(let error) = result {
            configuration.onError?(PageStoreError("the stored \(stored.key) of \(id) no longer reads: \(error)"))
        }
        return result
    }

    /// Asks the server whether the stored pages at `keys` changed, a few at a time,
    /// each with its validators: a page it says is unchanged (`304 Not Modified`) is
    /// kept as it is, with nothing decoded, and its age starts again; a changed page
    /// is stored. Keys with no stored page are skipped.
    /// - Returns: what the server said, or the first error (no connection).
    public func revalidate(_ keys: [PageKey]) async -> Result<StoreRevalidation, APIError> {
        await revalidatePages(keys).map { $0.revalidation }
    }

    /// ``revalidate(_:)``, with the changed pages as the server sent them: a list shows
    /// them from here, not from the store, which may not have kept them (a read-only
    /// store, a failed write).
    func revalidatePages(_ keys: [PageKey]) async -> Result<(revalidation: StoreRevalidation, changed: [PageKey: Page<Item>]), APIError> {
        var result = StoreRevalidation()
        var changed: [PageKey: Page<Item>] = [:]
        let stored = keys.compactMap { key -> StoredPage? in
            do throws(PageStoreError) { return try store.page(at: key, of: id) } catch {
                configuration.onError?(error)
                return nil
            }
        }
        let revalidatePage = revalidatePage
        var failure: APIError?
        await withTaskGroup(of: (PageKey, Result<Page<Item>?, APIError>).self) { group in
            var index = 0
            func add() {
                guard index < stored.count else { return }
                let page = stored[index]
                index += 1
                group.addTask { (page.key, await revalidatePage(page)) }
            }
            for _ in 0..<4 { add() }
            while let (key, answer) = await group.next() {
                switch answer {
                case .success(nil): result.unchanged.append(key)
                case .success(let page?):
                    result.changed.append(key)
                    changed[key] = page
                case .failure(let error):
                    if failure == nil { failure = error }
                    group.cancelAll()
                }
                if failure == nil { add() }
            }
        }
        if let failure { return .failure(failure) }
        return .success((result, changed))
    }

    /// Walks the stored pages from the list's first one, following each page's stored
    /// next key, and revalidates each (see ``revalidate(_:)``): the cheap way to
    /// check a whole stored list. A changed page ends the walk (the pages after it may
    /// have moved).
    /// - Parameter first: the list's first key.
    public func revalidateChain(from first: PageKey) async -> Result<StoreRevalidation, APIError> {
        var result = StoreRevalidation()
        var key: PageKey? = first
        var seen: Set<PageKey> = []
        while let current = key, seen.insert(current).inserted {
            let stored: StoredPage?
            do throws(PageStoreError) { stored = try store.page(at: current, of: id) } catch {
                configuration.onError?(error)
                break
            }
            guard let stored else { break }
            switch await revalidatePage(stored) {
            case .success(nil):
                result.unchanged.append(current)
                key = stored.next
            case .success(.some):
                result.changed.append(current)
                key = nil
            case .failure(let error):
                return .failure(error)
            }
        }
        return .success(result)
    }
}

/// What the server said of stored pages.
public struct StoreRevalidation: Sendable, Hashable {
    /// The pages it said are unchanged: kept, nothing decoded.
    public var unchanged: [PageKey] = []
    /// The pages it sent anew: stored.
    public var changed: [PageKey] = []

    /// Creates an empty revalidation.
    public init() {}
}
