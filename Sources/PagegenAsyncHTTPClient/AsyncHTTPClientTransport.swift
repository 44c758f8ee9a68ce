import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import PagegenRuntime

/// An `HTTPTransport` on AsyncHTTPClient and SwiftNIO, for a generated client on a
/// server: a Vapor or Hummingbird service that drains a partner's paginated API, a
/// job that syncs a catalogue.
///
/// ```swift
/// let client = CatalogAPI.Client(token: token, transport: AsyncHTTPClientTransport())
/// for try await product in client.allProducts(categoryID: "shoes") { try await save(product) }
/// ```
///
/// It keeps every rule `URLSessionTransport` keeps, and one test suite holds both to
/// them:
///
/// - **Redirects** are followed by the transport, never by AsyncHTTPClient, as its
///   ``redirects`` policy says: within the origin with the request's credentials, to
///   another origin not at all (the default) or without any credential, and never
///   from `https` to `http`. (AsyncHTTPClient's own following takes `Authorization`
///   and `Cookie` off on the way to another origin, but sends an API key header, a
///   key in the query and every other header along, and follows `https` to `http`.)
/// - **A header field that cannot be sent** (a value with CR, LF or NUL) fails the
///   request before anything is sent, with `APIError.Kind.invalidRequest`.
/// - **Cancelling** the task that awaits ``send(_:)`` cancels the request: its
///   connection is closed, and the send throws `CancellationError`.
/// - **Timeouts**: ``timeout`` bounds the wait for the response to start; the
///   client's read timeout bounds every wait for more of its body.
/// - **Bodies**: a request's `body` is sent as it is; a `streamedBody` (a multipart
///   upload of files on disk) is read a chunk at a time as it is sent, on SwiftNIO's
///   thread pool for blocking work, never whole into memory. A response's body is
///   gathered into one buffer, sized by its `Content-Length` when it gives one, and
///   handed over as `Data` without another copy.
///
/// Response header fields keep the order they arrived in; a field that came more
/// than once is one field whose values are joined by `, ` (`Set-Cookie` excepted), as
/// `URLSession` gives them, so that `Link` and `Retry-After` read the same on both.
///
/// ## The HTTPClient
///
/// ``init(redirects:timeout:)`` sends with ``sharedClient``: `HTTPClient.shared`'s
/// configuration and event loops, but with AsyncHTTPClient's own redirect following
/// off, which the rules above need and which `HTTPClient.shared` cannot turn off, and
/// with AsyncHTTPClient's default connect timeout, 10 s (`HTTPClient.shared` retries a
/// refused connection for 90 s before the request fails). It
/// is made once per process and lives as long, as `HTTPClient.shared` does: no
/// transport makes a client of its own, so none has one to shut down.
///
/// ``init(client:redirects:timeout:)`` sends with the server's own client (a Vapor
/// application's `http.client.shared`, a client with its own TLS, proxy or pool
/// settings), which stays the server's to shut down. It must be made with
/// `redirectConfiguration: .disallow`:
///
/// ```swift
/// let httpClient = HTTPClient(
///     eventLoopGroup: HTTPClient.defaultEventLoopGroup,
///     configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
/// let transport = AsyncHTTPClientTransport(client: httpClient)
/// ```
///
/// AsyncHTTPClient does not say how a client was configured. A client that follows
/// a redirect on its own is found out by its answer's history: the call fails with
/// `APIError.Kind.invalidRequest`, which names the fix and is not retried.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// How redirects are followed.
    public var redirects: RedirectPolicy
    /// The longest wait from the send to the start of the response (its status and
    /// header fields). Once it started, the client's read timeout
    /// (`HTTPClient.Configuration.Timeout.read`: 90 s for ``sharedClient``) bounds
    /// every wait for more of the body.
    public var timeout: Duration
    /// The client requests are sent with.
    public let client: HTTPClient

    /// The client of ``init(redirects:timeout:)``: `HTTPClient.shared`'s configuration
    /// (`HTTPClient.Configuration.singletonConfiguration`) on its event loops
    /// (`HTTPClient.defaultEventLoopGroup`), with `redirectConfiguration: .disallow` and
    /// a connect timeout of 10 s.
    /// Made at its first use, once per process; never shut down.
    public static var sharedClient: HTTPClient { sharedHTTPClient }

    /// Creates a transport on ``sharedClient``.
    /// - Parameters:
    ///   - redirects: how redirects are followed.
    ///   - timeout: the longest wait for a response to start.
    public init(redirects: RedirectPolicy = .sameOriginOnly, timeout: Duration = .seconds(60)) {
        self.init(client: sharedHTTPClient, redirects: redirects, timeout: timeout)
    }

    /// Creates a transport on `client`, which must be made with
    /// `redirectConfiguration: .disallow` (see above). The transport never shuts it down.
    /// - Parameters:
    ///   - client: the server's client.
    ///   - redirects: how redirects are followed.
    ///   - timeout: the longest wait for a response to start.
    public init(client: HTTPClient, redirects: RedirectPolicy = .sameOriginOnly, timeout: Duration = .seconds(60)) {
        self.client = client
        self.redirects = redirects
        self.timeout = timeout
    }

    /// Sends `request`, following redirects as ``redirects`` says. The response's
    /// `requestCredentials` are those the last request carried.
    /// - Throws: `RedirectRefusal` for a redirect the policy does not follow;
    ///   `APIError` (invalid request) for a header field that cannot be sent, or a
    ///   client that followed a redirect itself; `CancellationError` when the task is
    ///   cancelled; AsyncHTTPClient's and SwiftNIO's errors when the exchange fails
    ///   (`HTTPClientError.deadlineExceeded` after ``timeout``).
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try await redirects.send(request) { request in try await sendOnce(request) }
    }

    /// One exchange, without following a redirect.
    private func sendOnce(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try request.checkHeaderFields()
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headerFields {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        if let streamed = request.streamedBody {
            outgoing.body = .stream(StreamedBodyChunks(body: streamed), length: .known(try streamed.length()))
        } else if let body = request.body {
            outgoing.body = .bytes(body)
        }
        do {
            let response = try await client.execute(outgoing, deadline: .now() + TimeAmount(timeout))
            if response.history.count > 1, let followed = response.history.dropLast().last {
                throw APIError(
                    .invalidRequest(
                        "the HTTPClient followed a redirect on its own (HTTP \(followed.responseHead.status.code) to "
                            + "\(response.url?.absoluteString ?? "?")), which AsyncHTTPClientTransport must follow itself to keep "
                            + "credentials within the API's origin: give it a client made with redirectConfiguration: .disallow"),
                    request: request)
            }
            let body = try await Self.collect(response)
            return (Self.head(of: response), body)
        } catch let error where Task.isCancelled && !(error is APIError) {
            throw CancellationError()
        }
    }

    /// The whole body of `response`: one buffer, sized by `Content-Length` when it
    /// gives one (up to 16 MiB; more grows as it comes), or the first chunk itself when
    /// that is all; as `Data` that shares the buffer's memory.
    private static func collect(_ response: HTTPClientResponse) async throws -> Data {
        let expected = response.headers.first(name: "Content-Length").flatMap { Int($0) } ?? 0
        var collected: ByteBuffer?
        for try await chunk in response.body {
            if collected == nil {
                if expected > chunk.readableBytes {
                    var buffer = ByteBufferAllocator().buffer(capacity: min(expected, 16 << 20))
                    buffer.writeImmutableBuffer(chunk)
                    collected = buffer
                } else {
                    collected = chunk
                }
            } else {
                collected!.writeImmutableBuffer(chunk)
            }
        }
        guard let collected else { return Data() }
        return Data(buffer: collected, byteTransferStrategy: .noCopy)
    }

    /// The response head: the status, and the header fields in the order they came,
    /// a repeated one joined into one field (`Set-Cookie` excepted).
    private static func head(of response: HTTPClientResponse) -> HTTPResponse {
        var fields: [HTTPHeaderField] = []
        fields.reserveCapacity(response.headers.count)
        var positions: [String: Int] = [:]
        for (name, value) in response.headers {
            let key = name.lowercased()
            if key != "set-cookie", let position = positions[key] {
                fields[position].value += ", " + value
            } else {
                positions[key] = fields.count
                fields.append(HTTPHeaderField(name: name, value: value))
            }
        }
        return HTTPResponse(statusCode: Int(response.status.code), headerFields: fields)
    }
}

/// The client of ``AsyncHTTPClientTransport/init(redirects:timeout:)``.
private let sharedHTTPClient: HTTPClient = {
    var configuration = HTTPClient.Configuration.singletonConfiguration
    configuration.redirectConfiguration = .disallow
    configuration.timeout.connect = .seconds(10)
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}()

extension TimeAmount {
    /// The same span, in whole nanoseconds: zero for a negative one, about 292 years at most.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64.max / 1_000_000_000 else {
            self = .nanoseconds(.max)
            return
        }
        self = .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}
