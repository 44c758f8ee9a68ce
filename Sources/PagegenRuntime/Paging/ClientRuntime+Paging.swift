import Foundation

extension ClientRuntime {
    /// Fetches the page at `key` of a paged endpoint and works out where its
    /// neighbours are.
    ///
    /// - Parameters:
    ///   - endpoint: the endpoint.
    ///   - parameters: the caller's parameters, without paging ones.
    ///   - paging: how the endpoint pages.
    ///   - key: which page.
    ///   - size: the page size; nil takes the spec's default.
    @_spi(Generated) public func page<Response: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters = RequestParameters(),
        paging: Paging<Response, Item>,
        at key: PageKey,
        size: Int? = nil
    ) async -> Result<Page<Item>, APIError> {
        await page(endpoint, parameters, paging: paging, at: key, size: size, identities: nil)
    }

    /// Fetches the page at `key`; with a ``store``, conditionally when a copy is
    /// stored (a `304 Not Modified` reads the stored copy), and stores what the server
    /// sends, with the items' `identities`.
    func page<Response: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters,
        paging: Paging<Response, Item>,
        at key: PageKey,
        size: Int?,
        identities: (@Sendable ([Item]) -> String?)?
    ) async -> Result<Page<Item>, APIError> {
        let pageName = "\(endpoint.name), \(key)"
        var request: HTTPRequest?
        do throws(APIError) {
            let list = try storedListID(endpoint, parameters, paging: paging, size: size)
            let stored = list.flatMap { storedPage(at: key, of: $0) }
            let fetched = try await fetchPage(
                endpoint, parameters, paging: paging, at: key, size: size, stored: stored, list: list, identities: identities,
                request: &request)
            switch fetched {
            case .fresh(let page): return .success(page)
            case .notModified(let stored): return .success(try readStored(stored, endpoint, parameters, paging: paging, size: size))
            }
        } catch {
            var error = error
            if error.request == nil { error.request = request }
            if error.page == nil { error.page = pageName }
            return .failure(error)
        }
    }

    /// What a page request brought: a page, or word that the stored copy is current.
    enum PageFetch<Item: Sendable> {
        /// The server sent the page (stored, with a store).
        case fresh(Page<Item>)
        /// The server said the stored copy is current (`304 Not Modified`); nothing was decoded.
        case notModified(StoredPage)
    }

    /// Sends the request for the page at `key`, conditional on `stored`'s validators,
    /// and reads the answer; a fresh page is stored in `list`.
    func fetchPage<Response: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint, _ parameters: RequestParameters, paging: Paging<Response, Item>, at key: PageKey, size: Int?,
        stored: StoredPage?, list: StoredListID?, identities: (@Sendable ([Item]) -> String?)?, request: inout HTTPRequest?
    ) async throws(APIError) -> PageFetch<Item> {
        let pageName = "\(endpoint.name), \(key)"
        let size = size ?? paging.size?.defaultValue
        if let size, let pageSize = paging.size {
            do { try pageSize.validate(size) } catch {
                throw APIError(error.kind, page: pageName)
            }
        }
        let rowList = paging.count == nil ? nil : try listIdentity(endpoint, parameters, paging: paging, size: size)
        let rowsBefore = rowList.flatMap { pageRows.rows(before: key, in: $0) }
        var built = try pageRequest(endpoint, parameters, paging: paging, key: key, size: size, rowsBefore: rowsBefore)
        if let stored {
            if let tag = stored.entityTag { built.setValue(tag, forHeader: "If-None-Match") }
            if let date = stored.lastModified { built.setValue(date, forHeader: "If-Modified-Since") }
        }
        request = built
        let (response, body) = try await exchange(
            built, endpoint: endpoint.name, page: pageName, allowingNotModified: stored?.hasValidator == true)
        if response.statusCode == 304, let stored, let list, let store {
            do throws(PageStoreError) { try await store.store.markValidated(at: key, of: list, date: store.now()) } catch {
                store.onError?(error)
            }
            return .notModified(stored)
        }
        let decoded = try decode(Response.self, from: body, head: response, request: built, page: pageName)
        let reader = PageReader(
            paging: paging, response: decoded, head: response, request: built, key: key, size: size, rowsBefore: rowsBefore)
        let page = try reader.page()
        if let rowList { pageRows.remember(neighboursOf: page, in: rowList) }
        if let list, let store {
            let kept = StoredPage(
                key: key, body: body, headerFields: response.headerFields, next: page.next, itemCount: page.items.count,
                identities: identities?(page.items), entityTag: response.value(forHeader: "ETag"),
                lastModified: response.value(forHeader: "Last-Modified"), storedAt: store.now())
            do throws(PageStoreError) { try await store.store.write(kept, of: list) } catch { store.onError?(error) }
        }
        return .fresh(page)
    }

    /// Reads a stored page as the page it was: its body decoded, its header fields
    /// and request read for the neighbours' keys.
    func readStored<Response: Decodable & Sendable, Item: Sendable>(
        _ stored: StoredPage, _ endpoint: Endpoint, _ parameters: RequestParameters, paging: Paging<Response, Item>, size: Int?
    ) throws(APIError) -> Page<Item> {
        let pageName = "\(endpoint.name), \(stored.key) (stored)"
        let size = size ?? paging.size?.defaultValue
        let rowList = paging.count == nil ? nil : try listIdentity(endpoint, parameters, paging: paging, size: size)
        let rowsBefore = rowList.flatMap { pageRows.rows(before: stored.key, in: $0) }
        let built = try pageRequest(endpoint, parameters, paging: paging, key: stored.key, size: size, rowsBefore: rowsBefore)
        let head = HTTPResponse(statusCode: 200, headerFields: stored.headerFields)
        let decoded = try decode(Response.self, from: stored.body, head: head, request: built, page: pageName)
        let reader = PageReader(
            paging: paging, response: decoded, head: head, request: built, key: stored.key, size: size, rowsBefore: rowsBefore)
        let page = try reader.page()
        if let rowList { pageRows.remember(neighboursOf: page, in: rowList) }
        return page
    }

    /// The list `endpoint` with `parameters`, in pages of `size`, is in the ``store``;
    /// nil without a store.
    func storedListID<Response, Item>(
        _ endpoint: Endpoint, _ parameters: RequestParameters, paging: Paging<Response, Item>, size: Int?
    ) throws(APIError) -> StoredListID? {
        guard let store else { return nil }
        return StoredListID(
            account: store.account, endpoint: endpoint.name,
            request: try listIdentity(endpoint, parameters, paging: paging, size: size))
    }

    /// The page stored at `key` of `list`, whatever its age (its validators still
    /// hold); nil when there is none or the store fails (told to ``StoreConfiguration/onError``).
    private func storedPage(at key: PageKey, of list: StoredListID) -> StoredPage? {
        guard let store else { return nil }
        do throws(PageStoreError) {
            return try store.store.page(at: key, of: list)
        } catch {
            store.onError?(error)
            return nil
        }
    }

    /// What names one list of `endpoint` among the others: its request without the
    /// page's key, that is every argument that decides what a page holds — the method,
    /// the URL with its query (the page size among it), the call's header fields and the
    /// body. A page stored in pages of another size, or with another filter or order,
    /// is another list's, and never shows in this one.
    func listIdentity<Response, Item>(
        _ endpoint: Endpoint, _ parameters: RequestParameters, paging: Paging<Response, Item>, size: Int?
    ) throws(APIError) -> String {
        let sized = try pagingParameters(endpoint, parameters, paging: paging, key: nil, size: size ?? paging.size?.defaultValue)
        let request = try RequestBuilder.build(endpoint, sized, baseURL: baseURL(for: endpoint), headers: [], dateFormat: dateFormat)
        var identity = "\(request.method) \(request.url.absoluteString)"
        for field in sized.headers { identity += " \(field.name): \(field.value)" }
        if let body = request.body { identity += " \(body.base64EncodedString())" }
        return identity
    }

    /// The request for the page at `key`: the endpoint's request plus the paging
    /// parameters, or the link as given.
    /// - Parameter rowsBefore: for a list that counts its items, where the cursor's
    ///   page is (see ``PageRowMemo``); the count parameter is left out when unknown.
    func pageRequest<Response, Item>(
        _ endpoint: Endpoint, _ parameters: RequestParameters,
        paging: Paging<Response, Item>, key: PageKey, size: Int?, rowsBefore: Int? = nil
    ) throws(APIError) -> HTTPRequest {
        if case .url(let url) = key {
            guard url.origin == baseURL(for: endpoint).origin || paging.allowsForeignLinks else {
                throw APIError(
                    .paging(
                        "the next link \(url.absoluteString) leaves the API's origin \(baseURL.origin); "
                            + "it is not followed (the spec can allow it with 'allowForeignLinks: true')"))
            }
            var request = try RequestBuilder.build(
                endpoint, parameters, baseURL: baseURL(for: endpoint), headers: headers, dateFormat: dateFormat)
            request.url = url
            return request
        }
        let parameters = try pagingParameters(endpoint, parameters, paging: paging, key: key, size: size, rowsBefore: rowsBefore)
        return try RequestBuilder.build(endpoint, parameters, baseURL: baseURL(for: endpoint), headers: headers, dateFormat: dateFormat)
    }

    /// `parameters` with the paging values added where the spec sends them: the page's
    /// `key` (none when nil), the page `size` and, for a list that counts its items, the
    /// rows before the cursor's page.
    private func pagingParameters<Response, Item>(
        _ endpoint: Endpoint, _ parameters: RequestParameters, paging: Paging<Response, Item>, key: PageKey?, size: Int?,
        rowsBefore: Int? = nil
    ) throws(APIError) -> RequestParameters {
        var parameters = parameters
        var bodyFields: [(String, BodyValue)] = []
        func send(_ parameter: Parameter, _ value: BodyValue) {
            let text = parameter.formatted(value.text)
            switch parameter.location {
            case .query: parameters.setQuery(parameter.name, text)
            case .header: parameters.headers.append(HTTPHeaderField(name: parameter.name, value: text))
            case .body: bodyFields.append((parameter.name, parameter.format == nil ? value : .string(text)))
            }
        }
        if let key {
            switch (paging.style, key) {
            case (.pageNumber(let parameter, _), .number(let number)),
                (.offset(let parameter, _), .offset(let number)):
                send(parameter, .int(number))
            case (.cursor(let parameter, _, _, _), .after(let cursor)):
                send(parameter, .string(cursor))
            case (.cursor(_, _, let previousParameter?, _), .before(let cursor)):
                send(previousParameter, .string(cursor))
            case (.cursor, .around(let item)):
                guard let parameter = paging.around else {
                    throw APIError(.invalidRequest("\(key) does not fit the paging of \(endpoint.name), which opens at no item"))
                }
                send(parameter, .string(item))
            case (.cursor, .first), (.link, .first):
                break
            default:
                throw APIError(.invalidRequest("\(key) does not fit the paging style of \(endpoint.name)"))
            }
        }
        if let size, let parameter = paging.size?.parameter {
            send(parameter, .int(size))
        }
        if let parameter = paging.count, let rowsBefore, let key {
            switch key {
            // Reddit's convention: the items seen, up to the cursor's own item.
            case .after: send(parameter, .int(rowsBefore))
            case .before: send(parameter, .int(rowsBefore + 1))
            default: break
            }
        }
        if !bodyFields.isEmpty {
            var encoded: Data?
            if parameters.body != nil {
                encoded = try RequestBuilder.build(
                    endpoint, parameters, baseURL: baseURL(for: endpoint), headers: headers, dateFormat: dateFormat
                ).body
            }
            if let raw = parameters.rawBody {
                do {
                    encoded = try raw.content.data()
                } catch {
                    throw APIError(.invalidRequest("cannot read the file of the body of \(endpoint.name): \(error)"))
                }
            }
            parameters.rawBody = (.data(try BodyValue.merge(bodyFields, into: encoded)), "application/json")
        }
        return parameters
    }
}

/// A paging value sent in a JSON body: numbers stay numbers.
enum BodyValue {
    case int(Int)
    case string(String)

    var text: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        }
    }

    /// Sets `fields` in the JSON object `body` (an empty object when nil).
    static func merge(_ fields: [(String, BodyValue)], into body: Data?) throws(APIError) -> Data {
        var object: [String: Any] = [:]
        if let body, !body.isEmpty {
            guard let parsed = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                throw APIError(.invalidRequest("a paging parameter goes in the body, but the body is not a JSON object"))
            }
            object = parsed
        }
        for (name, value) in fields {
            switch value {
            case .int(let number): object[name] = number
            case .string(let text): object[name] = text
            }
        }
        do {
            return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        } catch {
            throw APIError(.invalidRequest("cannot encode the body: \(error)"))
        }
    }
}
