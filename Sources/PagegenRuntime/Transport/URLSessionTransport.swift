import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` on `URLSession`, on Apple platforms and Linux alike.
///
/// Cancelling the task that awaits ``send(_:)`` cancels the underlying data task.
///
/// Redirects are followed by the transport, not by `URLSession`, as its
/// ``redirects`` policy says: within the origin with the request's credentials,
/// to another origin not at all (the default) or without any credential, and
/// never from `https` to `http`. Its session's delegate turns `URLSession`'s own
/// redirect handling off, which otherwise sends every header of the request,
/// `Authorization` included, wherever the `Location` points.
///
/// A header field that cannot be sent (a value with CR or LF, which `URLSession`
/// drops without a word) fails the request before it is sent.
///
/// A `401` that challenges for credentials (`WWW-Authenticate: Basic`) is answered as
/// the `401` it is: on Linux, swift-corelibs-foundation would otherwise wait forever
/// for a credential no one offers. There its body is not kept (the response comes
/// without one), its status and headers are.
///
/// On a server on Linux, prefer `AsyncHTTPClientTransport` (the PagegenAsyncHTTPClient
/// product): swift-corelibs-foundation's `URLSession` runs every session's work on one
/// queue, and under many concurrent requests it has been seen to time requests out.
public struct URLSessionTransport: HTTPTransport {
    /// How redirects are followed.
    public var redirects: RedirectPolicy
    private let owner: SessionOwner

    /// The session requests are sent on. Its delegate stops `URLSession` from
    /// following redirects on its own.
    public var session: URLSession { owner.session }

    /// Creates a transport on a session shared by every transport made this way,
    /// with the default configuration but for URLSession's cache, which it has none of
    /// (a page store keeps pages, and asks with their validators).
    public init(redirects: RedirectPolicy = .sameOriginOnly) {
        self.redirects = redirects
        self.owner = SessionOwner.shared
    }

    /// Creates a transport on a session of its own, made from `configuration`
    /// (timeouts, cache, cookies, proxies). The session is invalidated once the
    /// last copy of the transport is gone.
    public init(configuration: URLSessionConfiguration, redirects: RedirectPolicy = .sameOriginOnly) {
        self.redirects = redirects
        self.owner = SessionOwner(configuration: configuration)
    }

    /// Sends `request`, following redirects as ``redirects`` says. The response's
    /// ``HTTPResponse/requestCredentials`` are those the last request carried. A
    /// ``HTTPRequest/streamedBody`` is uploaded from a file (see ``StreamedBody``).
    /// - Throws: ``RedirectRefusal`` for a redirect the policy does not follow;
    ///   ``APIError`` (invalid request) for a header field that cannot be sent;
    ///   `URLError` when the exchange fails.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try await redirects.send(request) { request in try await sendOnce(request) }
    }

    /// One exchange, without following a redirect.
    private func sendOnce(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try request.checkHeaderFields()
        // The client keeps pages and asks with their validators itself (a page store):
        // URLSession's own cache would answer a conditional request in its place, or
        // turn a `304 Not Modified` into a 200 with its copy.
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.streamedBody == nil ? request.body : nil
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        // A streamed body is uploaded from a file: its own when it is one file, else a
        // temporary one written a chunk at a time (and removed after the exchange).
        var upload: URL?
        var temporary: URL?
        if let streamed = request.streamedBody {
            if streamed.pieces.count == 1, case .file(let url) = streamed.pieces[0] {
                upload = url
            } else {
                temporary = try await Self.writeTemporaryFile(streamed)
                upload = temporary
            }
        }
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        let sent = urlRequest
        let file = upload
        let exchange = DataTaskExchange(queue: owner.queue)
        let session = owner.session
        let delegate = owner.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(continuation) { finish in
                    let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                        if let error {
                            if let refused = exchange.taskIdentifier.flatMap(delegate.takeDeclinedChallenge) {
                                finish(.success((Self.head(of: refused), Data())))
                            } else {
                                finish(.failure(error))
                            }
                        } else if let response = response as? HTTPURLResponse {
                            finish(.success((Self.head(of: response), data ?? Data())))
                        } else {
                            finish(.failure(URLError(.badServerResponse)))
                        }
                    }
                    if let file { return session.uploadTask(with: sent, fromFile: file, completionHandler: completion) }
                    return session.dataTask(with: sent, completionHandler: completion)
                }
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    /// Writes `body` into a new temporary file, a chunk at a time, on a Dispatch thread.
    private static func writeTemporaryFile(_ body: StreamedBody) async throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-upload-\(UUID().uuidString)")
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
                        }
                        let handle = try FileHandle(forWritingTo: url)
                        defer { try? handle.close() }
                        do {
                            try body.forEachChunk(size: 1 << 20) { try handle.write(contentsOf: $0) }
                        } catch {
                            try? FileManager.default.removeItem(at: url)
                            throw error
                        }
                        return url
                    })
            }
        }
    }

    private static func head(of response: HTTPURLResponse) -> HTTPResponse {
        let fields = response.allHeaderFields.compactMap { name, value -> HTTPHeaderField? in
            guard let name = name as? String else { return nil }
            return HTTPHeaderField(name: name, value: "\(value)")
        }
        .sorted { $0.name.lowercased() < $1.name.lowercased() }
        return HTTPResponse(statusCode: response.statusCode, headerFields: fields)
    }
}

/// Owns a session whose delegate refuses `URLSession`'s own redirects, and
/// invalidates it when the last transport using it is gone (the shared one lives
/// as long as the process).
///
/// A session-level delegate is the one that works everywhere: on Linux,
/// swift-corelibs-foundation asks only the session's delegate about redirects, not
/// a per-task one (`data(for:delegate:)`, `task.delegate`), and without a delegate it
/// follows them with every header of the request.
private final class SessionOwner: Sendable {
    static let shared = SessionOwner(configuration: .withoutCache, invalidatesOnDeinit: false)

    let session: URLSession
    let delegate = SessionDelegate()
    /// Where the session's tasks are created, resumed and cancelled: never on a
    /// thread of Swift concurrency's pool (see ``DataTaskExchange``).
    let queue = DispatchQueue(label: "PagegenRuntime.URLSessionTransport")
    private let invalidatesOnDeinit: Bool

    init(configuration: URLSessionConfiguration, invalidatesOnDeinit: Bool = true) {
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.invalidatesOnDeinit = invalidatesOnDeinit
    }

    deinit {
        if invalidatesOnDeinit { session.finishTasksAndInvalidate() }
    }
}

extension URLSessionConfiguration {
    /// The default configuration without URLSession's cache: the client keeps pages
    /// and sends their validators itself (a page store), and on Linux a cache lookup
    /// races a task cancelled just after it starts (swift-corelibs-foundation traps in
    /// `URLSession.behaviour(for:)`).
    static var withoutCache: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}

/// The session's delegate: answers every redirect with "do not follow", so that the
/// 3xx response reaches ``URLSessionTransport``, which applies its ``RedirectPolicy``;
/// and declines a challenge for credentials when none is on offer.
///
/// `@unchecked Sendable`: `declined` is read and written under `lock` only.
private final class SessionDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let lock = NSLock()
    /// The `401`s of challenges declined, by task, until their exchange takes them.
    private var declined: [Int: HTTPURLResponse] = [:]

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// A challenge with a credential on offer (one the session's storage proposes) gets
    /// the default handling. One without is declined, and its `401` kept for the
    /// exchange: on Linux the default handling with no credential does nothing at all,
    /// and the task would neither end nor time out (swift-corelibs-foundation #5456);
    /// declining cancels the task, and the exchange answers with the `401`.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard challenge.proposedCredential == nil, let response = challenge.failureResponse as? HTTPURLResponse else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        lock.withLock { declined[task.taskIdentifier] = response }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    /// The `401` of the challenge declined for the task `identifier`, if there was one.
    func takeDeclinedChallenge(_ identifier: Int) -> HTTPURLResponse? {
        lock.withLock { declined.removeValue(forKey: identifier) }
    }
}

/// One exchange on a data task: creates, resumes and cancels the task on a Dispatch
/// queue of its own, and resumes the awaiting continuation exactly once, with the
/// task's answer or, when the send is cancelled, at once with `URLError(.cancelled)`.
///
/// A cancelled send never waits for `URLSession` to report the cancellation. On Linux,
/// swift-corelibs-foundation does not always complete a task cancelled in some of its
/// states: never one cancelled before it is resumed, and not always one cancelled
/// while its response is being handled, which would leave the caller waiting forever.
///
/// Creating, resuming and cancelling never happen on a thread of Swift concurrency's
/// pool. swift-corelibs-foundation does each with `DispatchQueue.sync` on the
/// session's work queue: called from the cooperative pool (two threads on two cores),
/// those waits hold the threads that the answers need, and nothing moves until a
/// time-out fires; called from a task's cancellation handler, `cancel()` waits for the
/// work queue while holding the task's lock, which the work queue may be waiting for
/// to resume the continuation. On the serial `queue`, both only ever block a Dispatch
/// thread, and the order start-then-cancel is kept.
///
/// `@unchecked Sendable`: `task` is read and written on `queue` only; `continuation`,
/// `isCancelled` and `identifier` under `lock`.
private final class DataTaskExchange: @unchecked Sendable {
    typealias Answer = Result<(HTTPResponse, Data), any Error>

    private let queue: DispatchQueue
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(HTTPResponse, Data), any Error>?
    private var isCancelled = false
    private var task: URLSessionDataTask?
    private var identifier: Int?

    /// The identifier of the exchange's task, once it is made.
    var taskIdentifier: Int? { lock.withLock { identifier } }

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Keeps `continuation`, then creates the task with `makeTask` (whose completion
    /// handler calls the `finish` it is given) and resumes it. A send cancelled first
    /// ends at once and makes no task.
    func start(
        _ continuation: CheckedContinuation<(HTTPResponse, Data), any Error>,
        makeTask: @escaping @Sendable (_ finish: @escaping @Sendable (Answer) -> Void) -> URLSessionDataTask
    ) {
        let cancelledFirst = lock.withLock {
            if !isCancelled { self.continuation = continuation }
            return isCancelled
        }
        if cancelledFirst {
            continuation.resume(throwing: URLError(.cancelled))
            return
        }
        queue.async {
            guard !self.lock.withLock({ self.isCancelled }) else { return }
            let task = makeTask { self.finish($0) }
            self.task = task
            self.lock.withLock { self.identifier = task.taskIdentifier }
            task.resume()
        }
    }

    /// Ends the send with `URLError(.cancelled)` now, and cancels its task: now if it
    /// has started, else it is never made.
    func cancel() {
        lock.withLock { isCancelled = true }
        finish(.failure(URLError(.cancelled)))
        queue.async { self.task?.cancel() }
    }

    /// Resumes the continuation with `answer`, if nothing resumed it before.
    private func finish(_ answer: Answer) {
        let continuation = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(with: answer)
    }
}
