import Foundation
import PagegenTestServer
import PagegenTestSupport
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// The rules every transport keeps, over real HTTP on loopback, run once for each of
/// ``TransportFactory/all``: redirects and the credentials they may carry, header
/// fields that cannot be sent, cancellation, timeouts, every kind of body a client
/// sends and of answer it reads, and the waits `Retry-After` asks for. A transport
/// that passes them keeps SECURITY.md's promises about what it sends.
///
/// Each test takes the factory as its first argument; the tests are spread over this
/// suite's extensions, one file per subject.
@Suite struct TransportConformanceTests {
    /// Lets held requests go once the test is done with them, and counts them.
    actor Gate {
        private(set) var held = 0
        private var open = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func hold() async {
            held += 1
            if open { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            open = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    /// A runtime on `server` (its `/api` when `api` is true) sending with `factory`'s transport.
    static func runtime(
        _ factory: TransportFactory, _ server: TestServer, api: Bool = false, redirects: RedirectPolicy = .sameOriginOnly,
        credentials: [Credential] = [], middlewares: [any ClientMiddleware] = [], dateFormat: DateFormat = .iso8601
    ) -> ClientRuntime {
        ClientRuntime(
            baseURL: api ? server.baseURL.appendingPathComponent("api") : server.baseURL,
            transport: factory.make(redirects, nil), middlewares: middlewares, credentials: credentials, dateFormat: dateFormat)
    }
}
