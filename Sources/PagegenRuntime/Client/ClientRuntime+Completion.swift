import Foundation

extension ClientRuntime {
    /// ``send(_:_:as:)`` with a completion handler: sends the request in a new task
    /// and calls `completion` with the result, on no particular thread.
    ///
    /// The completion-handler variants of generated functions call this rather than
    /// wrapping their async variant in a closure, which would cost the compiler an
    /// async closure for every endpoint.
    /// - Returns: a handle that cancels the call; `completion` is then called with an
    ///   error whose `isCancelled` is true.
    @_spi(Generated) public func send<Response: Decodable & Sendable>(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters(), as _: Response.Type = Response.self,
        completion: @escaping @Sendable (Result<Response, APIError>) -> Void
    ) -> Cancellable {
        Cancellable.run({ [self] in await self.send(endpoint, parameters, as: Response.self) }, completion: completion)
    }

    /// ``page(_:_:paging:at:size:)`` with a completion handler: fetches the page in a
    /// new task and calls `completion` with the result, on no particular thread.
    /// - Returns: a handle that cancels the call; `completion` is then called with an
    ///   error whose `isCancelled` is true.
    @_spi(Generated) public func page<Response: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters(), paging: Paging<Response, Item>,
        at key: PageKey, size: Int? = nil, completion: @escaping @Sendable (Result<Page<Item>, APIError>) -> Void
    ) -> Cancellable {
        Cancellable.run({ [self] in await self.page(endpoint, parameters, paging: paging, at: key, size: size) }, completion: completion)
    }
}
