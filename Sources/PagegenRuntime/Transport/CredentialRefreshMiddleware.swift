import Foundation

/// Refreshes a client's credentials when the server rejects them, and sends the
/// rejected request again, once.
///
/// For a client made with a credential provider (`Client(credentials: { … })`), which
/// the client asks for credentials before every send: after a `401` (or another of
/// ``statusCodes``) to a request that carried credentials, the middleware calls
/// `refresh` — where the app gets a new token and keeps it where its provider reads
/// it — and sends the request again, so that the provider is asked again. A `401`
/// says the request was not acted on, so a request of any method is sent again.
///
/// - **Once.** A request is sent again at most once: a second `401` is the answer.
/// - **One refresh at a time.** Requests rejected together share one refresh; a
///   request sent before the last refresh finished is sent again without another
///   (it carried the credentials that refresh replaced).
/// - **A failed refresh** (`refresh` throws) is not retried: the caller sees the `401`,
///   and the next rejected request tries a refresh again.
/// - **Only the client's origin.** Credentials go only to the base URL's origin, so a
///   `401` from another origin (a next link elsewhere, or the end of a redirect there)
///   answers a request that carried none, and refreshes nothing.
///
/// ```swift
/// actor Session {
///     var accessToken: String
///     func refresh() async throws { accessToken = try await oauth.refreshAccessToken() }
/// }
/// let session = Session(accessToken: saved)
/// let client = GitLabAPI.Client(
///     credentials: { GitLabAPI.Client.Credentials(token: await session.accessToken) },
///     middlewares: [RetryMiddleware(), CredentialRefreshMiddleware { _, _ in try await session.refresh() }])
/// ```
public struct CredentialRefreshMiddleware: ClientMiddleware {
    /// The statuses that mean "these credentials are not valid": `401` by default.
    public var statusCodes: Set<Int>
    private let refresh: @Sendable (_ response: HTTPResponse, _ body: Data) async throws -> Void
    private let coordinator = RefreshCoordinator()

    /// Creates the middleware.
    /// - Parameters:
    ///   - statusCodes: the statuses that mean the credentials were rejected.
    ///   - refresh: gets new credentials, given the rejecting response and its body
    ///     (`WWW-Authenticate` says why); it throws when it cannot.
    public init(
        statusCodes: Set<Int> = [401],
        refresh: @escaping @Sendable (_ response: HTTPResponse, _ body: Data) async throws -> Void
    ) {
        self.statusCodes = statusCodes
        self.refresh = refresh
    }

    /// Sends `request` through `next`; after a rejection of the credentials it carried,
    /// refreshes them (or waits for the refresh under way) and sends it again, once.
    /// Returns the last response, or throws what `next` throws.
    public func intercept(
        _ request: HTTPRequest,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        let sentAfter = await coordinator.completed
        let (response, body) = try await next(request)
        guard statusCodes.contains(response.statusCode), !(response.requestCredentials ?? []).isEmpty else {
            return (response, body)
        }
        let refresh = refresh
        guard await coordinator.refresh(sentAfter: sentAfter, using: { try await refresh(response, body) }) else {
            return (response, body)
        }
        return try await next(request)
    }
}

/// Runs one refresh at a time, and counts the refreshes that finished.
private actor RefreshCoordinator {
    /// How many refreshes finished well.
    private(set) var completed = 0
    private var running: Task<Bool, Never>?

    /// Makes sure credentials newer than those of a request sent after `sentAfter`
    /// refreshes are there: true when they are (another refresh did it, or this one
    /// did), false when the refresh failed.
    func refresh(sentAfter: Int, using refresh: @escaping @Sendable () async throws -> Void) async -> Bool {
        if completed > sentAfter { return true }
        if let running { return await running.value }
        let task = Task<Bool, Never> {
            do {
                try await refresh()
                return true
            } catch {
                return false
            }
        }
        running = task
        let succeeded = await task.value
        running = nil
        if succeeded { completed += 1 }
        return succeeded
    }
}
