import Foundation

/// Turns an endpoint, its parameters and the client's base URL into an ``HTTPRequest``.
enum RequestBuilder {
    /// Fills the path template, appends the query and sets the headers.
    /// - Throws: ``APIError`` (invalid request) when a path parameter is missing, empty
    ///   (unless the endpoint allows it) or a dot segment, when a header value holds
    ///   CR, LF or NUL, or when the URL is invalid.
    static func build(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters,
        baseURL: URL,
        headers: [HTTPHeaderField],
        dateFormat: DateFormat = .iso8601
    ) throws(APIError) -> HTTPRequest {
        let path = try fillTemplate(endpoint.path, with: parameters.path, endpoint: endpoint)
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path.hasPrefix("/") ? path : "/" + path
        let query: [(name: String, value: String)]
        do {
            query = try parameters.queryItems(dateFormat: dateFormat)
        } catch {
            throw APIError(.invalidRequest("cannot encode a query parameter of \(endpoint.name): \(error)"))
        }
        text += queryString(query, after: text)
        guard let url = URL(string: text) else {
            throw APIError(.invalidRequest("'\(text)' is not a valid URL (endpoint \(endpoint.name))"))
        }
        var request = HTTPRequest(method: endpoint.method, url: url)
        request.idempotencyOverride = endpoint.isIdempotent
        request.headerFields = [HTTPHeaderField(name: "Accept", value: "application/json")]
        for field in headers + endpoint.headers {
            if let problem = field.problem {
                throw APIError(.invalidRequest("\(problem) (endpoint \(endpoint.name)); nothing was sent"), request: request)
            }
            request.setValue(field.value, forHeader: field.name)
        }
        for field in parameters.headers {
            if let problem = HTTPHeaderField.nameProblem(field.name) ?? HTTPHeaderField.valueProblem(field.value) {
                throw APIError(
                    .invalidRequest(
                        "the header parameter '\(field.name)' of \(endpoint.name) \(problem); nothing was sent"), request: request)
            }
            request.setValue(field.value, forHeader: field.name)
        }
        let multipart: MultipartForm?
        do {
            multipart =
                try parameters.multipartBody ?? parameters.multipartValue.map { try MultipartForm(fieldsOf: $0, dateFormat: dateFormat) }
        } catch {
            throw APIError(.invalidRequest("cannot encode the body of \(endpoint.name): \(error)"), request: request)
        }
        if let raw = parameters.rawBody {
            switch raw.content {
            case .data(let data):
                request.body = data
            case .file(let url):
                let body = StreamedBody.file(url)
                do {
                    _ = try body.length()  // the file is there and readable now
                } catch {
                    throw APIError(.invalidRequest("cannot read the file of the body of \(endpoint.name): \(error)"), request: request)
                }
                request.streamedBody = body
            }
            request.setValue(raw.contentType, forHeader: "Content-Type")
        } else if let form = multipart {
            do {
                if form.hasFilesOnDisk {
                    let (body, contentType) = form.streamed()
                    _ = try body.length()  // every file is there and readable now
                    request.streamedBody = body
                    request.setValue(contentType, forHeader: "Content-Type")
                } else {
                    let (data, contentType) = try form.encoded()
                    request.body = data
                    request.setValue(contentType, forHeader: "Content-Type")
                }
            } catch {
                throw APIError(.invalidRequest("cannot read a file of the body of \(endpoint.name): \(error)"), request: request)
            }
        } else if let form = parameters.formBody {
            do {
                request.body = try FormEncoder(arrays: form.arrays, dateFormat: dateFormat).body(of: form.value)
            } catch {
                throw APIError(.invalidRequest("cannot encode the body of \(endpoint.name): \(error)"), request: request)
            }
            request.setValue("application/x-www-form-urlencoded", forHeader: "Content-Type")
        } else if let body = parameters.body {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .custom { date, encoder in try dateFormat.encode(date, to: encoder) }
            do {
                request.body = try encoder.encode(body)
            } catch {
                throw APIError(.invalidRequest("cannot encode the body of \(endpoint.name): \(error)"), request: request)
            }
            request.setValue("application/json", forHeader: "Content-Type")
        }
        return request
    }

    /// `?a=1&b=2`, or `&a=1…` when `url` already has a query; empty for no items.
    static func queryString(_ items: [(name: String, value: String)], after url: String) -> String {
        guard !items.isEmpty else { return "" }
        let joined = items.map {
            "\(PercentEncoding.queryComponent($0.name))=\(PercentEncoding.queryComponent($0.value))"
        }.joined(separator: "&")
        return (url.contains("?") ? "&" : "?") + joined
    }

    private static func fillTemplate(
        _ template: String, with values: [String: String], endpoint: Endpoint
    ) throws(APIError) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else {
                throw APIError(.invalidRequest("no value for path parameter '\(name)' of \(endpoint.name)"))
            }
            if let problem = segmentProblem(value, name: name, endpoint: endpoint) {
                throw APIError(.invalidRequest(problem))
            }
            result += PercentEncoding.pathSegment(value)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Why `value` cannot fill the path parameter `name`, or nil when it can. An empty
    /// value, `.` or `..` would make the path name another resource: `/things/{id}`
    /// becomes `/things/` (usually the list), `/things/.` or `/things/..` (which
    /// clients and servers resolve to `/things/` and `/`).
    private static func segmentProblem(_ value: String, name: String, endpoint: Endpoint) -> String? {
        let path = endpoint.path
        switch value {
        case "" where !endpoint.emptyPathParameters.contains(name):
            return "the path parameter '\(name)' of \(endpoint.name) is empty, and \(path) would then name "
                + "another resource; nothing was sent (a spec allows an empty value with "
                + "'\(name): { type: String, allowEmpty: true }')"
        case ".", "..":
            return "the path parameter '\(name)' of \(endpoint.name) is '\(value)', a dot segment that would move "
                + "\(path) to another resource; nothing was sent"
        default:
            return nil
        }
    }
}
