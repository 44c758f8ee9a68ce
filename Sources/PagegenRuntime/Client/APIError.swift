import Foundation

/// Everything that can go wrong when a generated client calls its API, with the
/// request it happened on.
///
/// ```swift
/// switch await client.products(categoryID: "42") {
/// case .success(let page): show(page.items)
/// case .failure(let error) where error.isCancelled: break
/// case .failure(let error): print(error) // "GET https://…/products?page=3: HTTP 503: …"
/// }
/// ```
public struct APIError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The request never got a response: no connection, timeout, TLS. Holds the transport's error.
        case transport(any Error)
        /// The server answered with a status code that is not 2xx; holds the body it sent.
        case httpStatus(code: Int, body: Data)
        /// The body did not decode into the expected type. `codingPath` is the
        /// dotted path of the value that failed (`data[3].created_at`).
        case decoding(codingPath: String, message: String)
        /// The server reported an error inside a successful response (such as `ok: false`).
        case server(code: String?, message: String)
        /// The response broke the paging contract: a cursor seen before (a loop),
        /// a Link header that does not parse, a next link to another origin.
        case paging(String)
        /// The request could not be built, and nothing was sent: a page size above
        /// the maximum, an empty path parameter, a header value with a line break, a bad URL.
        case invalidRequest(String)
        /// The server answered with a redirect the transport's ``RedirectPolicy`` does
        /// not follow: to another origin, from https to http, or one too many.
        case redirectRefused(RedirectRefusal)
        /// The API asked the client to wait longer before this request than the
        /// client waits (``Throttle/maxWait``), and nothing was sent: `wait` is what was
        /// left of the wait, `reason` what asked for it (`Retry-After: 3600`).
        case throttled(wait: Duration, reason: String)
        /// The task was cancelled.
        case cancelled
    }

    /// What went wrong.
    public var kind: Kind
    /// The request it happened on, when one was built.
    public var request: HTTPRequest?
    /// Which page, when the request fetched a page (`page 3`, `cursor "dXNlcjpV…"`).
    public var page: String?
    /// For a page of a ``PageSequence`` or ``ItemSequence`` walk: where a new walk can
    /// go on (``PageSequence/init(_:resumingFrom:)``), with what this one had seen.
    /// `Codable`, so an app can keep it. Nil for other errors, and for a list that
    /// loops (resuming would loop again).
    public var resumePoint: ResumePoint?

    /// Creates an error.
    public init(_ kind: Kind, request: HTTPRequest? = nil, page: String? = nil) {
        self.kind = kind
        self.request = request
        self.page = page
    }

    /// True when the task was cancelled (including a transport that reported `URLError.cancelled`).
    public var isCancelled: Bool {
        if case .cancelled = kind { return true }
        return false
    }

    /// The HTTP status code, for ``Kind/httpStatus(code:body:)``.
    public var statusCode: Int? {
        if case .httpStatus(let code, _) = kind { return code }
        return nil
    }

    /// One line: the request, the page, and what went wrong.
    public var description: String {
        var parts: [String] = []
        if let request { parts.append(request.description) }
        if let page { parts.append(page) }
        parts.append(reason)
        return parts.joined(separator: ": ")
    }

    /// What went wrong, without the request.
    public var reason: String {
        switch kind {
        case .transport(let error):
            return "transport error: \(error)"
        case .httpStatus(let code, let body):
            let text = String(decoding: body.prefix(512), as: UTF8.self)
            return text.isEmpty ? "HTTP \(code)" : "HTTP \(code): \(text)"
        case .decoding(let codingPath, let message):
            return codingPath.isEmpty
                ? "cannot decode the response: \(message)"
                : "cannot decode the response at '\(codingPath)': \(message)"
        case .server(let code, let message):
            return code.map { "server error \($0): \(message)" } ?? "server error: \(message)"
        case .paging(let message):
            return "paging error: \(message)"
        case .invalidRequest(let message):
            return "invalid request: \(message)"
        case .redirectRefused(let refusal):
            return "redirect refused: \(refusal)"
        case .throttled(let wait, let reason):
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
            return "throttled: the API asks to wait \(Int64(seconds.rounded(.up))) s more (\(reason)), "
                + "longer than the client waits; nothing was sent"
        case .cancelled:
            return "cancelled"
        }
    }
}

extension APIError {
    /// Wraps a `DecodingError`, keeping the coding path of the value that failed.
    @_spi(Generated) public static func decoding(_ error: any Error, request: HTTPRequest?, page: String?) -> APIError {
        guard let error = error as? DecodingError else {
            return APIError(.decoding(codingPath: "", message: "\(error)"), request: request, page: page)
        }
        let (context, summary): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(let type, let context): (context, "expected \(type)")
            case .valueNotFound(let type, let context): (context, "expected \(type), found null")
            case .keyNotFound(let key, let context): (context, "missing key '\(key.stringValue)'")
            case .dataCorrupted(let context): (context, "corrupted data")
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let detail = context.debugDescription.isEmpty ? summary : "\(summary): \(context.debugDescription)"
        return APIError(.decoding(codingPath: context.codingPath.dottedPath, message: detail), request: request, page: page)
    }

    /// The error a thrown transport error stands for: cancellation, a refused
    /// redirect, an ``APIError`` a transport or middleware threw, or a transport failure.
    @_spi(Generated) public static func transport(_ error: any Error, request: HTTPRequest?, page: String?) -> APIError {
        if var error = error as? APIError {
            if error.request == nil { error.request = request }
            if error.page == nil { error.page = page }
            return error
        }
        if let refusal = error as? RedirectRefusal {
            return APIError(.redirectRefused(refusal), request: request, page: page)
        }
        if error is CancellationError || Task.isCancelled {
            return APIError(.cancelled, request: request, page: page)
        }
        if let urlError = error as? URLError, urlError.code == .cancelled {
            return APIError(.cancelled, request: request, page: page)
        }
        return APIError(.transport(error), request: request, page: page)
    }
}

extension [any CodingKey] {
    /// `data[3].created_at`
    var dottedPath: String {
        var path = ""
        for key in self {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}
