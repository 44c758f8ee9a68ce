import Foundation
@_spi(Generated) import PagegenRuntime

/// Loads one page of an operation: the call, made with ``PagingResponseMiddleware``
/// watching; the answer's status; then the page, read by Pagegen's rules.
struct PageRead<Output: Sendable, Item: Sendable>: Sendable {
    let operation: String
    let paging: Paging<Output, Item>
    let pageSize: Int
    let serverURL: URL
    let undeclaredHeaders: [String]
    let declaredHeaders: @Sendable (Output) -> [(String, String?)]
    let send: @Sendable (PageKey) async throws -> Output
    let failure: @Sendable (Output) async -> APIError?

    func load(_ key: PageKey) async -> Result<Page<Item>, APIError> {
        let page = "\(operation), \(key)"
        if pageSize > 0 {
            do { try paging.checkSize(pageSize) } catch { return .failure(APIError(error.kind, page: page)) }
        }
        let exchange = CapturedExchange()
        let output: Output
        do {
            output = try await CapturedExchange.$current.withValue(exchange) { try await send(key) }
        } catch {
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
        do {
            return .success(try paging.page(of: output, head: head, request: request, key: key, size: pageSize > 0 ? pageSize : nil))
        } catch {
            var error = error
            if error.request == nil { error.request = exchange.request }
            if error.page == nil { error.page = page }
            return .failure(error)
        }
    }
}
