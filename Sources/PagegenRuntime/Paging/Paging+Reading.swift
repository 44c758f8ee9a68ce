import Foundation

extension Paging {
    /// Reads `response`, which a client other than Pagegen's decoded, as the page at
    /// `key`, by the same rules as a Pagegen client's pages: where the items are, the
    /// total, and the keys of the pages before and after it (the end of the list
    /// included).
    ///
    /// - Parameters:
    ///   - response: The decoded answer.
    ///   - head: Its status and header fields (a `Link` header or a cursor in a
    ///     header is read there).
    ///   - request: The request it answers; a relative link is resolved against its URL.
    ///   - key: The key the page was asked for with.
    ///   - size: The page size asked for, if known.
    /// - Throws: ``APIError`` with a paging error: a header or link that does not
    ///   parse, a next page number that does not come after the page.
    @_spi(Generated) public func page(
        of response: Response, head: HTTPResponse, request: HTTPRequest, key: PageKey, size: Int?
    ) throws(APIError) -> Page<Item> {
        try PageReader(paging: self, response: response, head: head, request: request, key: key, size: size).page()
    }

    /// Checks a page size against the size's bounds, before any request.
    /// - Throws: ``APIError`` (invalid request) for a size below the minimum or above
    ///   the maximum.
    @_spi(Generated) public func checkSize(_ size: Int) throws(APIError) {
        try self.size?.validate(size)
    }
}
