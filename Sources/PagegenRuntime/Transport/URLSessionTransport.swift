import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` on `URLSession`, on Apple platforms and Linux alike.
///
/// Cancelling the task that awaits ``send(_:)`` cancels the underlying data task.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests are sent on.
    public let session: URLSession

    /// Creates a transport on `session` (the shared session by default).
    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        let box = DataTaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: (Self.head(of: response), data ?? Data()))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.start(task)
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

/// Holds a data task so that a cancellation arriving before or after it starts
/// cancels it exactly once.
///
/// `@unchecked Sendable`: every access to `task` and `isCancelled` holds `lock`.
private final class DataTaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        if cancelled { task.cancel() }
        task.resume()
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
