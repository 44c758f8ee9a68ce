import Foundation
import HTTPTypes
import OpenAPIRuntime
@_spi(Generated) import PagegenRuntime

/// What the paging extensions Pagegen writes for a swift-openapi-generator client
/// call: a ``PagegenRuntime/PageLoader`` whose pages are the operation's own calls, read
/// by the same rules as a Pagegen client's pages.
///
/// The extensions give, for each paged operation `listRepos`, `listReposPages(_:from:storingIn:)`,
/// `listReposItems(_:from:storingIn:)` and `listReposList(_:options:storingIn:)` on `APIProtocol`, so they
/// work on the generated `Client` and on a test double alike.
@_spi(Generated) public enum OpenAPIPaging {
    /// The longest error body kept in an ``PagegenRuntime/APIError``.
    public static let maxErrorBodyBytes = 1 << 20

    /// A loader that loads each page by calling the operation: `send` makes the call
    /// for a key (the operation's input with the key's parameter set), `failure` says
    /// what an answer that is not the page is (nil for the page's own answer), and
    /// `paging` reads the page from the answer.
    ///
    /// - Parameters:
    ///   - operation: The operation's name, for errors (`listRepos, page 3: HTTP 503`).
    ///   - paging: How the answer holds the items, the total and the next page.
    ///   - pageSize: The page size the input asks for (0 when it is unknown).
    ///   - serverURL: The document's server, to resolve a relative next link against
    ///     when ``PagingResponseMiddleware`` did not see the request.
    ///   - undeclaredHeaders: The header fields `paging` reads that the document does not
    ///     declare: only ``PagingResponseMiddleware`` sees them.
    ///   - declaredHeaders: The header fields `paging` reads that the generated answer
    ///     holds, with their values.
    ///   - store: Where the list's pages are kept, if they are: its answers, kept by
    ///     ``PagingResponseMiddleware``, show at launch and are revalidated.
    ///   - input: The operation's input without the page's key, which names the list
    ///     in the store.
    ///   - send: Calls the operation for a key.
    ///   - failure: The error an answer stands for, or nil for the page's answer.
    public static func loader<Output: Sendable, Item: Sendable>(
        operation: String, paging: Paging<Output, Item>, pageSize: Int, serverURL: URL,
        undeclaredHeaders: [String] = [],
        declaredHeaders: @escaping @Sendable (Output) -> [(String, String?)] = { _ in [] },
        store: StoreConfiguration? = nil, input: any Sendable = (),
        send: @escaping @Sendable (PageKey) async throws -> Output,
        failure: @escaping @Sendable (Output) async -> APIError?
    ) -> PageLoader<Item> {
        var reader = PageRead(
            operation: operation, paging: paging, pageSize: pageSize, serverURL: serverURL, undeclaredHeaders: undeclaredHeaders,
            declaredHeaders: declaredHeaders, send: send, failure: failure)
        reader.storage = store.map { PageStorage(list: listID(operation, input, account: $0.account), configuration: $0) { _ in nil } }
        var loader = PageLoader(
            pageSize: pageSize, firstKey: paging.firstKey, keyForPageIndex: keyForPageIndex(paging, pageSize: pageSize),
            load: reader.load)
        loader.stored = reader.storedList
        return loader
    }

    /// A loader whose items are identified by `identity`, so that one is delivered
    /// once; the identities can be kept in a resume point across launches.
    /// - Parameters:
    ///   - operation: The operation's name, for errors (`listRepos, page 3: HTTP 503`).
    ///   - paging: How the answer holds the items, the total and the next page.
    ///   - pageSize: The page size the input asks for (0 when it is unknown).
    ///   - serverURL: The document's server, to resolve a relative next link against.
    ///   - identity: What identifies an item.
    ///   - undeclaredHeaders: The header fields `paging` reads that the document does not declare.
    ///   - declaredHeaders: The header fields `paging` reads that the generated answer holds.
    ///   - store: Where the list's pages are kept, if they are: its answers, kept by
    ///     ``PagingResponseMiddleware``, show at launch and are revalidated.
    ///   - input: The operation's input without the page's key, which names the list
    ///     in the store.
    ///   - send: Calls the operation for a key.
    ///   - failure: The error an answer stands for, or nil for the page's answer.
    public static func loader<Output: Sendable, Item: Sendable, ID: Hashable & Codable & Sendable>(
        operation: String, paging: Paging<Output, Item>, pageSize: Int, serverURL: URL,
        identity: @escaping @Sendable (Item) -> ID,
        undeclaredHeaders: [String] = [],
        declaredHeaders: @escaping @Sendable (Output) -> [(String, String?)] = { _ in [] },
        store: StoreConfiguration? = nil, input: any Sendable = (),
        send: @escaping @Sendable (PageKey) async throws -> Output,
        failure: @escaping @Sendable (Output) async -> APIError?
    ) -> PageLoader<Item> {
        var reader = PageRead(
            operation: operation, paging: paging, pageSize: pageSize, serverURL: serverURL, undeclaredHeaders: undeclaredHeaders,
            declaredHeaders: declaredHeaders, send: send, failure: failure)
        reader.storage = store.map { configuration in
            PageStorage(list: listID(operation, input, account: configuration.account), configuration: configuration) { items in
                guard let data = try? JSONEncoder().encode(items.map(identity)) else { return nil }
                return String(decoding: data, as: UTF8.self)
            }
        }
        var loader = PageLoader(
            pageSize: pageSize, firstKey: paging.firstKey, keyForPageIndex: keyForPageIndex(paging, pageSize: pageSize),
            identity: identity, load: reader.load)
        loader.stored = reader.storedList
        return loader
    }

    /// The list an operation's `input` (without the page's key) names in a store:
    /// the operation, and the input's every value, written out in one order.
    static func listID(_ operation: String, _ input: any Sendable, account: String) -> StoredListID {
        StoredListID(account: account, endpoint: operation, request: "\(operation) \(ListInputText.text(of: input))")
    }

    private static func keyForPageIndex<Output, Item>(_ paging: Paging<Output, Item>, pageSize: Int) -> (@Sendable (Int) -> PageKey)? {
        guard paging.isIndexAddressed, pageSize > 0 else { return nil }
        return { index in paging.key(forPageIndex: index, pageSize: pageSize) ?? paging.firstKey }
    }

    /// The error of a call that threw: a ``PagegenRuntime/APIError`` the extension threw
    /// (a next link it cannot send), or the generated client's `ClientError` for a
    /// transport failure, an answer that did not decode, or a cancelled task.
    static func error(thrown error: any Error, page: String, request: PagegenRuntime.HTTPRequest?) -> APIError {
        guard let clientError = error as? ClientError else {
            return APIError.transport(error, request: request, page: page)
        }
        let request =
            request
            ?? clientError.request.flatMap { head in
                clientError.baseURL.flatMap { CapturedExchange.url(of: head, on: $0) }.map {
                    PagegenRuntime.HTTPRequest(method: head.method.rawValue, url: $0)
                }
            }
        let cause = clientError.underlyingError
        if cause is DecodingError {
            return APIError.decoding(cause, request: request, page: page)
        }
        return APIError.transport(cause, request: request, page: page)
    }

    /// The error of an answer the document declares, that is not the page: its status,
    /// and its body as JSON when the generated type is `Encodable` (the body of an
    /// answer the generated client read is decoded already).
    ///
    /// - Parameters:
    ///   - status: The answer's status code.
    ///   - response: The generated response value (`Operations.X.Output.NotFound`).
    public static func failure(status: Int, response: any Sendable) async -> APIError {
        APIError(.httpStatus(code: status, body: await body(of: response)))
    }

    /// The error of an answer the document does not declare: its status and body.
    public static func failure(status: Int, undocumented payload: UndocumentedPayload) async -> APIError {
        APIError(.httpStatus(code: status, body: await collect(payload.body)))
    }

    /// The bytes of a generated response's body: the `body` member's payload, encoded
    /// as JSON, or collected from an `HTTPBody`; empty when there is none.
    static func body(of response: Any) async -> Data {
        guard let body = Mirror(reflecting: response).children.first(where: { $0.label == "body" })?.value else { return Data() }
        // A body is an enum with one payload per content type: `.json(Payload)`.
        let payload = Mirror(reflecting: body).children.first?.value ?? body
        if let stream = payload as? HTTPBody { return await collect(stream) }
        if let text = payload as? String { return Data(text.utf8) }
        guard let encodable = payload as? any Encodable else { return Data() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(encodable)) ?? Data()
    }

    private static func collect(_ body: HTTPBody?) async -> Data {
        guard let body else { return Data() }
        var data = Data()
        do {
            for try await chunk in body {
                data.append(contentsOf: chunk.prefix(maxErrorBodyBytes - data.count))
                if data.count >= maxErrorBodyBytes { break }
            }
        } catch {
            // What arrived before the body failed is what there is to show.
        }
        return data
    }
}
