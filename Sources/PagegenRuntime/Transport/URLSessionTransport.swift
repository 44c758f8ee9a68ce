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
    /// ``HTTPResponse/requestCredentials`` are those the last request carried.
    /// - Throws: ``RedirectRefusal`` for a redirect the policy does not follow;
    ///   ``APIError`` (invalid request) for a header field that cannot be sent;
    ///   `URLError` when the exchange fails.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        var current = request
        var redirectCount = 0
        while true {
            var (head, body) = try await sendOnce(current)
            guard let next = try redirects.request(after: head, to: current, redirectCount: redirectCount) else {
                head.requestCredentials = current.credentials
                return (head, body)
            }
            current = next
            redirectCount += 1
        }
    }

    /// One exchange, without following a redirect.
    private func sendOnce(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        // The client keeps pages and asks with their validators itself (a page store):
        // URLSession's own cache would answer a conditional request in its place, or
        // turn a `304 Not Modified` into a 200 with its copy.
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for field in request.headerFields {
            if let problem = field.problem {
                throw APIError(.invalidRequest("\(problem); nothing was sent"), request: request)
            }
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        let sent = urlRequest
        let box = DataTaskBox(queue: owner.queue)
        let session = owner.session
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                box.start(ifCancelled: { continuation.resume(throwing: URLError(.cancelled)) }) {
                    session.dataTask(with: sent) { data, response, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else if let response = response as? HTTPURLResponse {
                            continuation.resume(returning: (Self.head(of: response), data ?? Data()))
                        } else {
                            continuation.resume(throwing: URLError(.badServerResponse))
                        }
                    }
                }
            }
        } onCancel: {
            box.cancel()
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
    /// Where the session's tasks are created, resumed and cancelled: never on a
    /// thread of Swift concurrency's pool (see ``DataTaskBox``).
    let queue = DispatchQueue(label: "PagegenRuntime.URLSessionTransport")
    private let invalidatesOnDeinit: Bool

    init(configuration: URLSessionConfiguration, invalidatesOnDeinit: Bool = true) {
        self.session = URLSession(configuration: configuration, delegate: RedirectStopper(), delegateQueue: nil)
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

/// Answers every redirect with "do not follow", so that the 3xx response reaches
/// ``URLSessionTransport``, which applies its ``RedirectPolicy``.
private final class RedirectStopper: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// Creates, resumes and cancels one data task on a Dispatch queue of its own, so that
/// a cancellation arriving before the task starts means it is never made, one arriving
/// after cancels it exactly once, and no thread of Swift concurrency's pool ever waits
/// for `URLSession`.
///
/// On Linux, swift-corelibs-foundation creates, resumes and cancels tasks with
/// `DispatchQueue.sync` on the session's work queue. Called from the cooperative pool
/// (two threads on two cores), those waits hold the threads that the answers need,
/// and nothing moves until a time-out fires; called from a task's cancellation
/// handler, `cancel()` waits for the work queue while holding the task's lock, which
/// the work queue may be waiting for to resume the continuation. On the serial
/// `queue`, both only ever block a Dispatch thread, and the order start-then-cancel
/// is kept.
///
/// `@unchecked Sendable`: `task` and `isCancelled` are read and written on `queue` only.
private final class DataTaskBox: @unchecked Sendable {
    private let queue: DispatchQueue
    private var task: URLSessionDataTask?
    private var isCancelled = false

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Creates the task with `makeTask` and resumes it; or, when the send was cancelled
    /// first, calls `ifCancelled` instead. (A task cancelled before it is resumed never
    /// calls its completion handler in swift-corelibs-foundation.)
    func start(ifCancelled: @escaping @Sendable () -> Void, _ makeTask: @escaping @Sendable () -> URLSessionDataTask) {
        queue.async {
            if self.isCancelled {
                ifCancelled()
                return
            }
            let task = makeTask()
            self.task = task
            task.resume()
        }
    }

    /// Cancels the task, now if it has started, else as soon as it is created.
    func cancel() {
        queue.async {
            self.isCancelled = true
            self.task?.cancel()
        }
    }
}
