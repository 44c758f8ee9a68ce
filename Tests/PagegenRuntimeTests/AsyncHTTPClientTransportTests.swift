#if canImport(PagegenAsyncHTTPClient)
import AsyncHTTPClient
import Foundation
import PagegenAsyncHTTPClient
import PagegenRuntime
import PagegenTestServer
import Testing

/// What is particular to `AsyncHTTPClientTransport`, beyond the rules
/// `TransportConformanceTests` holds it to: which `HTTPClient` it sends with.
@Suite struct AsyncHTTPClientTransportTests {
    @Test func transportsMadeWithoutAClientShareOneThatDoesNotFollowRedirects() async throws {
        let first = AsyncHTTPClientTransport()
        let second = AsyncHTTPClientTransport(redirects: .followCrossOriginWithoutCredentials, timeout: .seconds(5))
        #expect(first.client === AsyncHTTPClientTransport.sharedClient)
        #expect(second.client === first.client, "no transport makes a client of its own, which it would have to shut down")
        #expect(first.client !== HTTPClient.shared, "HTTPClient.shared follows redirects itself")

        // The shared client leaves a redirect to the transport: an answer is never a 3xx
        // the client followed.
        let server = try await TestServer.start { request in
            request.path == "/from" ? TestResponse(status: 302, headers: [("Location", "/to")]) : .json("{}")
        }
        defer { Task { await server.stop() } }
        let answer = try await AsyncHTTPClientTransport.sharedClient.execute(
            HTTPClientRequest(url: server.baseURL.absoluteString + "/from"), timeout: .seconds(60))
        _ = try await answer.body.collect(upTo: 1 << 20)
        #expect(answer.status.code == 302)
        #expect(await server.requests.map(\.path) == ["/from"])
    }

    @Test func aClientThatFollowsRedirectsItselfIsFoundOutAndNotRetried() async throws {
        let server = try await TestServer.start { request in
            request.path == "/from" ? TestResponse(status: 302, headers: [("Location", "/to")]) : .json("{}")
        }
        let following = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)  // follows up to 5 redirects
        defer {
            Task {
                await server.stop()
                try await following.shutdown()
            }
        }
        let transport = AsyncHTTPClientTransport(client: following)
        let retry = RetryMiddleware(maxAttempts: 3, initialBackoff: .zero)
        do {
            _ = try await retry.intercept(HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("from"))) {
                try await transport.send($0)
            }
            Issue.record("the redirect the client followed went unnoticed")
        } catch let error as APIError {
            guard case .invalidRequest(let message) = error.kind else {
                Issue.record("expected an invalid request, got \(error)")
                return
            }
            #expect(message.contains("followed a redirect on its own (HTTP 302 to \(server.baseURL.absoluteString)/to)"), "\(message)")
            #expect(message.hasSuffix("give it a client made with redirectConfiguration: .disallow"))
        }
        #expect(await server.requests.map(\.path) == ["/from", "/to"], "sent once, not retried")
    }

    @Test func retriesWhatASecondAttemptMayNotMeetAndNothingElse() {
        for error: HTTPClientError in [.remoteConnectionClosed, .readTimeout, .connectTimeout, .deadlineExceeded, .uncleanShutdown] {
            #expect(RetryMiddleware.isTransient(error), "\(error)")
            #expect(RetryMiddleware.isTransient(APIError(.transport(error))), "\(error), as the client reports it")
        }
        for error: HTTPClientError in [
            .invalidURL, .emptyHost, .unsupportedScheme("ftp"), .alreadyShutdown, .invalidHeaderFieldNames(["a b"]),
            .bodyLengthMismatch, .redirectLimitReached, .traceRequestWithBody,
        ] {
            #expect(!RetryMiddleware.isTransient(error), "\(error)")
            #expect(!RetryMiddleware.isTransient(APIError(.transport(error))), "\(error), as the client reports it")
        }
    }

    @Test func aRequestTheClientCannotSendIsSentOnce() async throws {
        let transport = AsyncHTTPClientTransport()
        let retry = RetryMiddleware(maxAttempts: 3, initialBackoff: .zero)
        let attempts = Attempts()
        await #expect(throws: HTTPClientError.unsupportedScheme("ftp")) {
            _ = try await retry.intercept(HTTPRequest(method: "GET", url: URL(string: "ftp://127.0.0.1/files")!)) { request in
                await attempts.count()
                return try await transport.send(request)
            }
        }
        #expect(await attempts.value == 1, "not retried")
    }
}

/// How many times a request was sent.
private actor Attempts {
    var value = 0
    func count() { value += 1 }
}

#endif
