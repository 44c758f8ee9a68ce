import Foundation
import OpenAPIRuntime
@_spi(Generated) import PagegenRuntime

/// Loads one page of an operation: the call, made with ``PagingResponseMiddleware``
/// watching; the answer's status; then the page, read by Pagegen's rules. With a
/// store, the call is conditional on the stored copy's validators, a `304` reads the
/// stored copy, and a page the server sends is stored as it came.
struct PageRead<Output: Sendable, Item: Sendable>: Sendable {
    let operation: String
    let paging: Paging<Output, Item>
    let pageSize: Int
    let serverURL: URL
    let undeclaredHeaders: [String]
    let declaredHeaders: @Sendable (Output) -> [(String, String?)]
    let send: @Sendable (PageKey) async throws -> Output
    let failure: @Sendable (Output) async -> APIError?
    /// Where the list's pages are kept, if they are.
    var storage: PageStorage<Item>?

    /// Loads the page at `key`: from the server, conditionally when a copy is stored.
    func load(_ key: PageKey) async -> Result<Page<Item>, APIError> {
        let stored = storage?.page(at: key)
        switch await call(key, CapturedExchange(validators: stored, keepsBody: storage != nil)) {
        case .success(let page?): return .success(page)
        case .success(nil):
            // Only a conditional call, for a stored copy, ends without a page.
            guard let stored, let storage else { return .failure(APIError(.paging("a page came back empty"))) }
            await storage.markValidated(stored)
            return await replay(stored)
        case .failure(let error): return .failure(error)
        }
    }

    /// Asks the server whether `stored` is current: nil when it says so (nothing
    /// decoded, the copy dated anew), else the page it sent (stored).
    func revalidate(_ stored: StoredPage) async -> Result<Page<Item>?, APIError> {
        let result = await call(stored.key, CapturedExchange(validators: stored, keepsBody: true))
        if case .success(nil) = result { await storage?.markValidated(stored) }
        return result
    }

    /// Reads `stored` as the page it was: its answer replayed to the client, which
    /// decodes it as it would the server's, with no request.
    func replay(_ stored: StoredPage) async -> Result<Page<Item>, APIError> {
        let name = "\(operation), \(stored.key) (stored)"
        let exchange = CapturedExchange(replay: stored)
        let result = await call(stored.key, exchange, name: name)
        guard exchange.replayed else { return .failure(APIError(.paging(Self.needsMiddleware), page: name)) }
        return result.flatMap { page in page.map { .success($0) } ?? .failure(APIError(.paging("a replayed answer was empty"), page: name))
        }
    }

    /// The list in the store, for the loader: its pages read back by replaying them.
    var storedList: StoredList<Item>? {
        guard let storage else { return nil }
        return StoredList(
            id: storage.list, configuration: storage.configuration, read: replay, revalidatePage: revalidate,
            identities: storage.identities)
    }

    static var needsMiddleware: String {
        "a list kept in a store needs PagingResponseMiddleware() among the client's middlewares, to keep and replay its answers"
    }

    /// Makes the call for `key` with `exchange` watching, and reads its answer: the
    /// page, or nil when the server said the stored copy the call was conditional on
    /// is current.
    private func call(_ key: PageKey, _ exchange: CapturedExchange, name: String? = nil) async -> Result<Page<Item>?, APIError> {
        let page = name ?? "\(operation), \(key)"
        if pageSize > 0 {
            do { try paging.checkSize(pageSize) } catch { return .failure(APIError(error.kind, page: page)) }
        }
        let output: Output
        do {
            output = try await CapturedExchange.$current.withValue(exchange) { try await send(key) }
        } catch {
            if Self.isNotModified(error) { return .success(nil) }
            return .failure(OpenAPIPaging.error(thrown: error, page: page, request: exchange.request))
        }
        if var error = await failure(output) {
            if error.request == nil { error.request = exchange.request }
            if error.page == nil { error.page = page }
            return .failure(error)
        }
        let request = exchange.request ?? HTTPRequest(method: "GET", url: serverURL)
        var head = exchange.response ?? HTTPResponse(statusCode: 200)
        for (name, value) in declaredHeaders(output) where head.value(forHeader: name) == nil {
            if let value { head.headerFields.append(HTTPHeaderField(name: name, value: value)) }
        }
        if exchange.response == nil, let name = undeclaredHeaders.first {
            return .failure(
                APIError(
                    .paging(
                        "the page is read from the \(name) header, which the document does not declare: add PagingResponseMiddleware() to the client's middlewares"
                    ), page: page))
        }
        let read: Page<Item>
        do {
            read = try paging.page(of: output, head: head, request: request, key: key, size: pageSize > 0 ? pageSize : nil)
        } catch {
            var error = error
            if error.request == nil { error.request = exchange.request }
            if error.page == nil { error.page = page }
            return .failure(error)
        }
        if let storage, exchange.keepsBody {
            guard let body = exchange.body, let response = exchange.response else {
                return .failure(APIError(.paging(Self.needsMiddleware), request: exchange.request, page: page))
            }
            await storage.write(read, key: key, body: body, head: response)
        }
        return .success(read)
    }

    /// True for the `304 Not Modified` the middleware ended a conditional call with.
    private static func isNotModified(_ error: any Error) -> Bool {
        error is NotModifiedAnswer || (error as? ClientError)?.underlyingError is NotModifiedAnswer
    }
}

/// Where a list's pages are kept: its identity in the store, the store's settings, and
/// how to name its items.
struct PageStorage<Item: Sendable>: Sendable {
    let list: StoredListID
    let configuration: StoreConfiguration
    let identities: @Sendable ([Item]) -> String?
    /// The keys that may have a stored copy.
    private let keys = StoredKeys()

    init(list: StoredListID, configuration: StoreConfiguration, identities: @escaping @Sendable ([Item]) -> String?) {
        self.list = list
        self.configuration = configuration
        self.identities = identities
    }

    /// The page stored at `key`, whatever its age (its validators still hold); nil when
    /// there is none or the store fails (told to `onError`). A list the store did not
    /// hold when this loader first asked is not read back but for the keys it wrote.
    func page(at key: PageKey) -> StoredPage? {
        let store = configuration.store
        let list = list
        let onError = configuration.onError
        let mayHold = keys.mayHold(key) {
            do throws(PageStoreError) {
                return try store.state(of: list) != nil
            } catch {
                onError?(error)
                return true
            }
        }
        guard mayHold else { return nil }
        do throws(PageStoreError) {
            return try configuration.store.page(at: key, of: list)
        } catch {
            configuration.onError?(error)
            return nil
        }
    }

    /// Dates `stored` anew: the server said it is current.
    func markValidated(_ stored: StoredPage) async {
        do throws(PageStoreError) {
            try await configuration.store.markValidated(at: stored.key, of: list, date: configuration.now())
        } catch {
            configuration.onError?(error)
        }
    }

    /// Keeps `page`, loaded at `key`, as the server sent it: `body` and `head`.
    func write(_ page: Page<Item>, key: PageKey, body: Data, head: PagegenRuntime.HTTPResponse) async {
        let kept = StoredPage(
            key: key, body: body, headerFields: head.headerFields, next: page.next, itemCount: page.items.count,
            identities: identities(page.items), entityTag: head.value(forHeader: "ETag"),
            lastModified: head.value(forHeader: "Last-Modified"), storedAt: configuration.now())
        keys.noteWritten(key)
        do throws(PageStoreError) { try await configuration.store.write(kept, of: list) } catch { configuration.onError?(error) }
    }
}

/// Which keys of a list may have a stored copy: every key when the store held the list
/// as the loader first asked, else only those the loader wrote since. A walk of a list
/// the store did not hold sends no read to the store before each page. (Another loader
/// of the same list writing at the same time goes unseen: its pages are asked for
/// without their validators, and stored again.)
final class StoredKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var listWasStored: Bool?
    private var written: Set<PageKey> = []

    /// True when `key` may have a stored copy; `listIsStored` says, once, whether the
    /// store holds the list.
    func mayHold(_ key: PageKey, listIsStored: () -> Bool) -> Bool {
        lock.withLock {
            if listWasStored == nil { listWasStored = listIsStored() }
            return listWasStored == true || written.contains(key)
        }
    }

    /// The loader is writing the page at `key`.
    func noteWritten(_ key: PageKey) {
        lock.withLock { _ = written.insert(key) }
    }
}
