import Foundation
import HTTPTypes
import OpenAPIRuntime
import PagegenRuntime

/// A swift-openapi-generator `ClientTransport` that sends through one of Pagegen's
/// transports, with its rules: `URLSessionTransport`'s redirect policy (same origin only
/// by default, never from `https` to `http`), and a cancelled request that ends at once.
///
/// ```swift
/// let client = Client(
///     serverURL: try Servers.Server1.url(),
///     transport: PagegenClientTransport(URLSessionTransport()),
///     middlewares: [PagingResponseMiddleware()])
/// ```
///
/// On Linux, swift-corelibs-foundation's `URLSession` may not end a cancelled task until
/// it times out, so a walk cancelled through another `URLSession` transport can wait for
/// the request in flight; Pagegen's `URLSessionTransport` ends it at once. A request body
/// is collected before it is sent; a response body arrives whole.
public struct PagegenClientTransport: ClientTransport {
    /// The transport requests go through.
    public let transport: any PagegenRuntime.HTTPTransport

    /// Creates a transport that sends through `transport`.
    public init(_ transport: any PagegenRuntime.HTTPTransport) {
        self.transport = transport
    }

    public func send(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        guard let url = CapturedExchange.url(of: request, on: baseURL) else {
            throw APIError(.invalidRequest("the path '\(request.path ?? "")' does not make a URL on \(baseURL.absoluteString)"))
        }
        var data: Data?
        if let body {
            data = try await Data(collecting: body, upTo: .max)
        }
        let fields = request.headerFields.map { HTTPHeaderField(name: $0.name.rawName, value: $0.value) }
        let (response, responseData) = try await transport.send(
            PagegenRuntime.HTTPRequest(method: request.method.rawValue, url: url, headerFields: fields, body: data))
        var head = HTTPTypes.HTTPResponse(status: .init(code: response.statusCode))
        for field in response.headerFields {
            if let name = HTTPField.Name(field.name) { head.headerFields.append(HTTPField(name: name, value: field.value)) }
        }
        return (head, responseData.isEmpty ? nil : HTTPBody(responseData))
    }
}
