import Foundation
import PagegenCore
import PagegenRuntime

/// Holds a request to what its endpoint declares, as a strict server would: every
/// required path, query and header parameter is there, each value has its type, and a
/// body is sent when one is required, with a JSON body's required fields present and
/// every field of its type. A request that breaks a rule gets a 400 whose JSON names
/// the parameter (`"parameter": "limit"`) or the JSON path (`"path": "$.items[2].price"`).
///
/// A request to an API whose spec says `auth:` carries one of its credentials, or gets
/// a 401 that says what was expected.
///
/// `pagegen-mock --lenient` (``MockOptions/checksRequests`` and
/// ``MockOptions/checksCredentials`` false) turns the checks off.
struct RequestChecker {
    let spec: Spec
    let endpoint: EndpointSpec

    /// Checks `request`, whose path parameters are `pathValues`.
    /// - Throws: a 400 naming the first parameter or JSON path that breaks a rule.
    func check(_ request: MockRequest, pathValues: [String: String]) throws(MockHTTPError) {
        for parameter in endpoint.pathParameters {
            if let value = pathValues[parameter.name.value] {
                try checkScalar(value, of: parameter, in: "path")
            }
        }
        for parameter in endpoint.queryParameters {
            try checkQuery(parameter, in: request)
        }
        for parameter in endpoint.headerParameters {
            let name = parameter.name.value
            guard let value = request.header(name) else {
                if Self.isRequired(parameter) { throw missing(parameter, in: "header") }
                continue
            }
            try checkScalar(value, of: parameter, in: "header")
        }
        try checkBody(of: request)
    }

    /// A parameter the client must send: neither optional nor with a default the
    /// server would take in its place.
    private static func isRequired(_ parameter: ParameterSpec) -> Bool {
        !parameter.type.value.isOptional && parameter.defaultValue == nil
    }

    // MARK: Credentials

    /// Checks that a request to an API whose spec says `auth:` carries one of its
    /// credentials (any value: the mock knows no accounts).
    /// - Throws: a 401 that says what was expected, with a `WWW-Authenticate` field
    ///   for the schemes of the `Authorization` header.
    func checkCredentials(of request: MockRequest) throws(MockHTTPError) {
        let schemes = spec.auth
        guard !schemes.isEmpty, !schemes.contains(where: { Self.carries($0, request) }) else { return }
        let expected = schemes.map(Self.describe).joined(separator: " or ")
        let challenges = schemes.compactMap { scheme -> String? in
            switch scheme {
            case .bearer: "Bearer"
            case .basic: "Basic realm=\"pagegen-mock\""
            case .headerKey, .queryKey: nil
            }
        }
        throw MockHTTPError(
            status: 401, code: "unauthorized",
            message: "\(endpoint.name.value) needs credentials, and the request has none: send \(expected)",
            extra: [("expected", .array(schemes.map { .string(Self.describe($0)) }))],
            headers: challenges.isEmpty ? [] : [("WWW-Authenticate", challenges.joined(separator: ", "))])
    }

    private static func carries(_ scheme: AuthScheme, _ request: MockRequest) -> Bool {
        switch scheme {
        case .bearer: hasAuthorization("Bearer", request)
        case .basic: hasAuthorization("Basic", request)
        case .headerKey(let name): !(request.header(name) ?? "").isEmpty
        case .queryKey(let name): request.query.contains { $0.name == name && !$0.value.isEmpty }
        }
    }

    private static func hasAuthorization(_ scheme: String, _ request: MockRequest) -> Bool {
        guard let value = request.header("Authorization") else { return false }
        let parts = value.split(separator: " ", maxSplits: 1)
        return parts.count == 2 && parts[0].lowercased() == scheme.lowercased() && !parts[1].trimmingCharacters(in: .whitespaces).isEmpty
    }

    private static func describe(_ scheme: AuthScheme) -> String {
        switch scheme {
        case .bearer: "Authorization: Bearer <token>"
        case .basic: "Authorization: Basic <user:password in base 64>"
        case .headerKey(let name): "the header \(name): <key>"
        case .queryKey(let name): "the query item \(name)=<key>"
        }
    }

    // MARK: Parameters

    private func checkQuery(_ parameter: ParameterSpec, in request: MockRequest) throws(MockHTTPError) {
        let name = parameter.name.value
        let type = parameter.type.value.unwrapped
        let values = request.query.filter { $0.name == name }.map(\.value)
        // A model or a map is sent as several items (`created[gte]=1`, or its fields'
        // own names in the exploded form style); only its presence is checked.
        if case .named(let typeName) = type, let model = spec.model(named: typeName) {
            let fieldNames = Set(model.fields.map(\.name.value))
            let present = request.query.contains { item in
                item.name == name || item.name.hasPrefix(name + "[") || fieldNames.contains(item.name)
            }
            if !present, Self.isRequired(parameter) { throw missing(parameter, in: "query") }
            return
        }
        if case .map = type {
            let present = request.query.contains { $0.name.hasPrefix(name + "[") || $0.name == name }
            if !present, Self.isRequired(parameter) { throw missing(parameter, in: "query") }
            return
        }
        guard !values.isEmpty || request.query.contains(where: { $0.name.hasPrefix(name + "[") }) else {
            if Self.isRequired(parameter) { throw missing(parameter, in: "query") }
            return
        }
        guard let element = type.arrayElement else {
            if let value = values.first { try checkScalar(value, of: parameter, in: "query") }
            return
        }
        // A list: one item per element (exploded), or one item joined by the style's
        // separator; a deepObject list (`ids[0]=…`) is not split here.
        let separator: Character? =
            switch parameter.style?.value {
            case .spaceDelimited: " "
            case .pipeDelimited: "|"
            case .form where parameter.explode?.value ?? true: nil
            case .deepObject: nil
            default: ","
            }
        for value in values {
            let pieces = separator.map { value.split(separator: $0, omittingEmptySubsequences: false).map(String.init) } ?? [value]
            for piece in pieces {
                if let problem = problem(withText: piece, as: element) {
                    throw wrongType(parameter, in: "query", value: piece, problem: problem)
                }
            }
        }
    }

    private func checkScalar(_ value: String, of parameter: ParameterSpec, in location: String) throws(MockHTTPError) {
        if let problem = problem(withText: value, as: parameter.type.value.unwrapped) {
            throw wrongType(parameter, in: location, value: value, problem: problem)
        }
    }

    /// Why `text` is not a value of `type` as a parameter carries it, or nil when it is
    /// one (or when the type is not one a parameter's text can be checked against).
    private func problem(withText text: String, as type: TypeReference) -> String? {
        switch type.unwrapped {
        case .enumeration(let cases):
            return cases.contains(text) ? nil : "not one of \(cases.joined(separator: ", "))"
        case .named(let name):
            switch name {
            case "Int", "Int64":
                return Int64(text) == nil ? "not a whole number" : nil
            case "Double":
                return Double(text) == nil ? "not a number" : nil
            case "Bool":
                return text == "true" || text == "false" ? nil : "not true or false"
            case "Date":
                return ISO8601.parse(text) == nil && Double(text) == nil ? "not a date (ISO 8601, or seconds since 1970)" : nil
            case "URL":
                return URL(string: text) == nil ? "not a URL" : nil
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// ` (Int)`: the type a parameter's message names; nothing for an enum, whose
    /// message lists its values.
    private static func typeNote(_ parameter: ParameterSpec) -> String {
        let type = parameter.type.value.unwrapped
        if case .enumeration = type { return "" }
        return " (\(type))"
    }

    private func missing(_ parameter: ParameterSpec, in location: String) -> MockHTTPError {
        let name = parameter.name.value
        let type = parameter.type.value.unwrapped
        let values = if case .enumeration(let cases) = type { ": one of \(cases.joined(separator: ", "))" } else { "" }
        return MockHTTPError(
            status: 400, code: "missing_parameter",
            message: "the required \(location) parameter '\(name)'\(Self.typeNote(parameter)) is missing\(values)",
            extra: [("parameter", .string(name)), ("in", .string(location))])
    }

    private func wrongType(_ parameter: ParameterSpec, in location: String, value: String, problem: String) -> MockHTTPError {
        let name = parameter.name.value
        return MockHTTPError(
            status: 400, code: "invalid_parameter",
            message: "the \(location) parameter '\(name)' is '\(value.prefix(60))', which is \(problem)\(Self.typeNote(parameter))",
            extra: [("parameter", .string(name)), ("in", .string(location))])
    }

    // MARK: The body

    private func checkBody(of request: MockRequest) throws(MockHTTPError) {
        guard let body = endpoint.body else { return }
        guard !request.body.isEmpty else {
            if body.isOptional { return }
            throw MockHTTPError(
                status: 400, code: "missing_body",
                message: "\(endpoint.name.value) takes a body (\(Self.describe(body))), and the request has none")
        }
        switch body.kind {
        case .json: break
        case .form: return try checkFields(sent: RequestBodies.formFields(request.body)?.map(\.name), of: body, what: "form field")
        case .multipart:
            let parts = RequestBodies.boundary(of: request.header("Content-Type") ?? "").flatMap {
                RequestBodies.multipartParts(request.body, boundary: $0)
            }
            return try checkFields(sent: parts?.map(\.name), of: body, what: "part")
        case .raw: return
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: request.body)
        } catch {
            throw Self.notJSON(error, endpoint: endpoint, body: body)
        }
        try check(value, as: body.type.value.unwrapped, at: "$", dateFormat: spec.dateFormat)
    }

    /// The 400 for a body that does not read as JSON: what the endpoint takes, and
    /// where the JSON reader stopped when it says.
    static func notJSON(_ error: any Error, endpoint: EndpointSpec, body: BodySpec) -> MockHTTPError {
        var reason = "the request body is not JSON"
        let described =
            (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            ?? ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
        if let described, let place = described.range(of: "around ") ?? described.range(of: "at ") {
            reason += " (\(described[place.lowerBound...].trimmingCharacters(in: CharacterSet(charactersIn: ". "))))"
        }
        return MockHTTPError(
            status: 400, code: "invalid_body", message: "\(reason); \(endpoint.name.value) takes a body (\(describe(body)))",
            extra: [("path", .string("$"))])
    }

    /// Checks that a form or multipart body has every required field of its model
    /// (a field with nested keys is sent as `field[key]`); `sent` is nil when the body
    /// cannot be read, which ``ContentResponder`` reports.
    private func checkFields(sent: [String]?, of body: BodySpec, what: String) throws(MockHTTPError) {
        guard let sent, let name = body.type.value.name, let model = spec.model(named: name) else { return }
        for field in model.fields where !field.type.value.isOptional {
            let fieldName = field.name.value
            guard !sent.contains(where: { $0 == fieldName || $0.hasPrefix(fieldName + "[") }) else { continue }
            throw MockHTTPError(
                status: 400, code: "invalid_body",
                message: "the body has no \(what) '\(fieldName)': the field '\(fieldName)' of \(name) is required (\(field.type.value))",
                extra: [("path", .string(fieldName))])
        }
    }

    static func describe(_ body: BodySpec) -> String {
        switch body.kind {
        case .json: "JSON, \(body.type.value.unwrapped)"
        case .form: "a form of \(body.type.value.unwrapped)"
        case .multipart: "multipart/form-data of \(body.type.value.unwrapped)"
        case .raw(let contentType): contentType.value
        }
    }

    /// Checks a JSON value against a type of the spec, field by field.
    private func check(_ value: JSONValue, as type: TypeReference, at path: String, dateFormat: DateFormatName) throws(MockHTTPError) {
        if case .null = value {
            guard type.isOptional || type.name == "JSON" else { throw invalid(at: path, "is null, and \(type) is not optional") }
            return
        }
        switch type.unwrapped {
        case .optional(let wrapped):
            try check(value, as: wrapped, at: path, dateFormat: dateFormat)
        case .array(let element):
            guard case .array(let elements) = value else { throw invalid(at: path, "is \(Self.kind(of: value)), not a list of \(element)") }
            for (index, item) in elements.enumerated() {
                try check(item, as: element, at: "\(path)[\(index)]", dateFormat: dateFormat)
            }
        case .map(let valueType):
            guard case .object(let object) = value else { throw invalid(at: path, "is \(Self.kind(of: value)), not an object") }
            for key in object.keys.sorted() {
                try check(object[key]!, as: valueType, at: Self.member(path, key), dateFormat: dateFormat)
            }
        case .enumeration(let cases):
            guard case .string(let text) = value, cases.contains(text) else {
                throw invalid(at: path, "is \(Self.kind(of: value)), not one of \(cases.joined(separator: ", "))")
            }
        case .named(let name):
            if let model = spec.model(named: name) {
                try check(value, as: model, at: path)
            } else if let problem = Self.problem(with: value, as: name, dateFormat: dateFormat) {
                throw invalid(at: path, "is \(Self.kind(of: value)), \(problem)")
            }
        }
    }

    private func check(_ value: JSONValue, as model: ModelSpec, at path: String) throws(MockHTTPError) {
        guard case .object(let object) = value else {
            throw invalid(at: path, "is \(Self.kind(of: value)), not a \(model.name.value) object")
        }
        for field in model.fields {
            let name = field.name.value
            let fieldPath = Self.member(path, name)
            let isFreeForm = field.type.value.unwrapped.name == "JSON"
            guard let fieldValue = object[name] else {
                if field.presence.mayBeAbsent || isFreeForm { continue }
                if field.presence == .null {
                    throw invalid(
                        at: fieldPath,
                        "is missing: the field '\(name)' of \(model.name.value) is always sent, null when it has no value (\(field.type.value.unwrapped) or null)"
                    )
                }
                throw invalid(at: fieldPath, "is missing: the field '\(name)' of \(model.name.value) is required (\(field.type.value))")
            }
            if case .null = fieldValue, !field.presence.mayBeNull, !isFreeForm {
                let may = field.presence == .absent ? "may be left out but is never null" : "is never null"
                throw invalid(
                    at: fieldPath, "is null, and the field '\(name)' of \(model.name.value) \(may) (\(field.type.value.unwrapped))")
            }
            try check(fieldValue, as: field.type.value, at: fieldPath, dateFormat: field.dateFormat ?? spec.dateFormat)
        }
    }

    /// Why a JSON value is not of a built-in type, or nil when it is.
    private static func problem(with value: JSONValue, as name: String, dateFormat: DateFormatName) -> String? {
        switch (name, value) {
        case ("String", .string), ("Bool", .bool), ("Double", .number), ("JSON", _):
            return nil
        case ("Int", .number(let number)), ("Int64", .number(let number)):
            return number.rounded() == number ? nil : "not a whole number"
        case ("URL", .string(let text)):
            return URL(string: text) == nil ? "not a URL" : nil
        case ("Date", .string(let text)) where dateFormat == .iso8601:
            return ISO8601.parse(text) == nil ? "not an ISO 8601 date" : nil
        case ("Date", .number) where dateFormat != .iso8601:
            return nil
        case ("Date", _):
            return dateFormat == .iso8601
                ? "not an ISO 8601 date" : "not a number of \(dateFormat == .unixSeconds ? "seconds" : "milliseconds") since 1970"
        case ("Int", _), ("Int64", _): return "not a whole number"
        case ("Double", _): return "not a number"
        case ("Bool", _): return "not true or false"
        case ("String", _), ("URL", _): return "not a string"
        default: return nil
        }
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): "the string \"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// `$.title`, or `$["a key"]` for a key that is not a plain name.
    private static func member(_ path: String, _ key: String) -> String {
        let startsAsName = key.first.map { $0 == "_" || $0.isLetter } ?? false
        let plain = startsAsName && key.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        return plain ? "\(path).\(key)" : "\(path)[\"\(key.replacingOccurrences(of: "\"", with: "\\\""))\"]"
    }

    private func invalid(at path: String, _ problem: String) -> MockHTTPError {
        MockHTTPError(
            status: 400, code: "invalid_body", message: "the request body's \(path) \(problem)",
            extra: [("path", .string(path))])
    }
}
