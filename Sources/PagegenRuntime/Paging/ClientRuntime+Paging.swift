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
        let pageName = "\(endpoint.name), \(key)"
        var request: HTTPRequest?
        do throws(APIError) {
            let size = size ?? paging.size?.defaultValue
            if let size, let pageSize = paging.size {
                do { try pageSize.validate(size) } catch {
                    throw APIError(error.kind, page: pageName)
                }
            }
            let list = paging.count == nil ? nil : try listIdentity(endpoint, parameters)
            let rowsBefore = list.flatMap { pageRows.rows(before: key, in: $0) }
            let built = try pageRequest(endpoint, parameters, paging: paging, key: key, size: size, rowsBefore: rowsBefore)
            request = built
            let (response, body) = try await exchange(built, endpoint: endpoint.name, page: pageName)
            let decoded = try decode(Response.self, from: body, head: response, request: built, page: pageName)
            let reader = PageReader(
                paging: paging, response: decoded, head: response, request: built, key: key, size: size, rowsBefore: rowsBefore)
            let page = try reader.page()
            if let list { pageRows.remember(neighboursOf: page, in: list) }
            return .success(page)
        } catch {
            var error = error
            if error.request == nil { error.request = request }
            if error.page == nil { error.page = pageName }
            return .failure(error)
        }
    }

    /// What names one list of `endpoint` among the others: its request without paging
    /// parameters (method, URL and body).
    private func listIdentity(_ endpoint: Endpoint, _ parameters: RequestParameters) throws(APIError) -> String {
        let request = try RequestBuilder.build(
            endpoint, parameters, baseURL: baseURL(for: endpoint), headers: headers, dateFormat: dateFormat)
        return "\(request.method) \(request.url.absoluteString) \(request.body?.base64EncodedString() ?? "")"
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
        switch (paging.style, key) {
        case (.pageNumber(let parameter, _), .number(let number)),
            (.offset(let parameter, _), .offset(let number)):
            send(parameter, .int(number))
        case (.cursor(let parameter, _, _, _), .after(let cursor)):
            send(parameter, .string(cursor))
        case (.cursor(_, _, let previousParameter?, _), .before(let cursor)):
            send(previousParameter, .string(cursor))
        case (.cursor, .first), (.link, .first):
            break
        default:
            throw APIError(.invalidRequest("\(key) does not fit the paging style of \(endpoint.name)"))
        }
        if let size, let parameter = paging.size?.parameter {
            send(parameter, .int(size))
        }
        if let parameter = paging.count, let rowsBefore {
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
            parameters.rawBody = (try BodyValue.merge(bodyFields, into: parameters.rawBody?.data ?? encoded), "application/json")
        }
        return try RequestBuilder.build(endpoint, parameters, baseURL: baseURL(for: endpoint), headers: headers, dateFormat: dateFormat)
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
