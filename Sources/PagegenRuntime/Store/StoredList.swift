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
    let read: @Sendable (StoredPage) throws(APIError) -> Page<Item>
    /// Sends a conditional request for a stored page: nil when the server says it is
    /// unchanged (nothing decoded), else the page the server sent (stored).
    let revalidatePage: @Sendable (StoredPage) async -> Result<Page<Item>?, APIError>
    /// The identities of items, as the text of a JSON array.
    let identities: @Sendable ([Item]) -> String?

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
    /// young enough to show; nil when there is none or it no longer reads.
    public func page(at key: PageKey) -> (page: Page<Item>, storedAt: Date)? {
        guard let stored = storedPage(at: key) else { return nil }
        do {
            return (try read(stored), stored.storedAt)
        } catch {
            configuration.onError?(PageStoreError("the stored \(stored.key) of \(id) no longer reads: \(error)"))
            return nil
        }
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
