import Foundation
import PagegenRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(PagegenAsyncHTTPClient)
import AsyncHTTPClient
import PagegenAsyncHTTPClient
#endif

/// One of the transports that ``TransportConformanceTests`` holds to the runtime's
/// rules, and how to make it. A transport added to the runtime, or to a product of
/// its own, joins ``all``.
struct TransportFactory: Sendable, CustomTestStringConvertible {
    /// The transport's type, as the tests print it.
    var name: String
    /// A transport that follows redirects as `redirects` says and, when `timeout` is
    /// given, fails a response that has not started by then.
    var makeTransport: @Sendable (_ redirects: RedirectPolicy, _ timeout: Duration?) -> any HTTPTransport
    /// A transport that keeps up to `connections` connections to one host at once
    /// (on a session or client of its own), and what closes that session or client.
    var makeWide: @Sendable (_ connections: Int) -> (transport: any HTTPTransport, close: @Sendable () async throws -> Void)

    var testDescription: String { name }

    /// A transport that follows redirects as `redirects` says and, when `timeout` is
    /// given, fails a response that has not started by then.
    func make(_ redirects: RedirectPolicy = .sameOriginOnly, _ timeout: Duration? = nil) -> any HTTPTransport {
        makeTransport(redirects, timeout)
    }

    static let urlSession = TransportFactory(
        name: "URLSessionTransport",
        makeTransport: { redirects, timeout in
            guard let timeout else { return URLSessionTransport(redirects: redirects) }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = Double(timeout.components.seconds)
            return URLSessionTransport(configuration: configuration, redirects: redirects)
        },
        makeWide: { connections in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = connections
            let transport = URLSessionTransport(configuration: configuration)
            return (transport, {})
        })

    #if canImport(PagegenAsyncHTTPClient)
    static let asyncHTTPClient = TransportFactory(
        name: "AsyncHTTPClientTransport",
        makeTransport: { redirects, timeout in
            AsyncHTTPClientTransport(redirects: redirects, timeout: timeout ?? .seconds(60))
        },
        makeWide: { connections in
            var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
            configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            return (AsyncHTTPClientTransport(client: client), { try await client.shutdown() })
        })

    /// Every transport of the runtime and of its products.
    static let all: [TransportFactory] = [.urlSession, .asyncHTTPClient]
    #else
    /// Every transport of the runtime and of its products (PagegenAsyncHTTPClient's
    /// trait is off in this build).
    static let all: [TransportFactory] = [.urlSession]
    #endif

    /// True when `error` is how a transport reports a cancelled send:
    /// `CancellationError`, or `URLError.cancelled` from `URLSession`.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? URLError)?.code == .cancelled
    }
}
