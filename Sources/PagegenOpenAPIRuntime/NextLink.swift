import Foundation
@_spi(Generated) import PagegenRuntime

/// A next (or previous) link an answer gave, read back as the operation's input: the
/// values of its path parameters and query items, set one by one into a copy of the
/// input by the generated code.
///
/// A generated client sends every call to its own server, so a link is never followed
/// to the host it names: its path must name the same operation (after the server's
/// own path, such as `/v1`), and each of its query items must be a parameter the
/// operation declares. Otherwise the page fails with a paging error that says why,
/// instead of sending a request the link did not mean.
@_spi(Generated) public struct NextLink: Sendable {
    /// The link.
    public let url: URL
    private let operation: String
    private let pathValues: [String: String]
    private let query: [(name: String, value: String)]

    /// Reads `url` against the operation's path template (`/repos/{owner}/{repo}/issues`)
    /// and the names of its query parameters.
    /// - Throws: a paging error when the path names another operation, or a query item
    ///   is not a parameter of this one.
    public init(_ url: URL, operation: String, path template: String, query declared: Set<String>) throws(APIError) {
        self.url = url
        self.operation = operation
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw APIError(.paging("the link \(url.absoluteString) is not a URL \(operation) can be called with"))
        }
        let linkSegments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let templateSegments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard let values = Self.match(Array(linkSegments), Array(templateSegments)) else {
            throw APIError(
                .paging(
                    "the link \(url.absoluteString) names another path than \(operation)'s \(template); it cannot be sent as \(operation)"))
        }
        pathValues = values
        var items: [(name: String, value: String)] = []
        for item in components.queryItems ?? [] {
            guard declared.contains(item.name) else {
                throw APIError(
                    .paging(
                        "the link \(url.absoluteString) carries the query item '\(item.name)', which \(operation) does not declare; it cannot be sent with the generated client"
                    ))
            }
            items.append((item.name, item.value ?? ""))
        }
        query = items
    }

    /// The values of the template's parameters when the link's path ends with the
    /// template (the server's own path may come before it), or nil.
    private static func match(_ link: [Substring], _ template: [Substring]) -> [String: String]? {
        guard link.count >= template.count else { return nil }
        var values: [String: String] = [:]
        for (segment, pattern) in zip(link.suffix(template.count), template) {
            if pattern.hasPrefix("{"), pattern.hasSuffix("}") {
                guard let value = String(segment).removingPercentEncoding, !value.isEmpty else { return nil }
                values[String(pattern.dropFirst().dropLast())] = value
            } else if segment.removingPercentEncoding != pattern.removingPercentEncoding {
                return nil
            }
        }
        return values
    }

    private func values(_ name: String) -> [String] {
        let values = query.filter { $0.name == name }.map(\.value)
        // One item with commas is a list in the form style without explode.
        if values.count == 1, values[0].contains(",") { return values[0].split(separator: ",").map(String.init) }
        return values
    }

    private func invalid(_ name: String, _ value: String, _ type: Any.Type) -> APIError {
        APIError(.paging("the link's '\(name)' is '\(value)', which is not a \(type), as \(operation)'s parameter is"))
    }

    // MARK: Query items into the input

    /// Sets an optional parameter from the link: its value, or nil when the link has none.
    public func assign<Value: LosslessStringConvertible>(_ name: String, to target: inout Value?) throws(APIError) {
        guard let text = query.first(where: { $0.name == name })?.value else {
            target = nil
            return
        }
        guard let value = Value(text) else { throw invalid(name, text, Value.self) }
        target = value
    }

    /// Sets a required parameter from the link, when it has one.
    public func assign<Value: LosslessStringConvertible>(_ name: String, to target: inout Value) throws(APIError) {
        guard let text = query.first(where: { $0.name == name })?.value else { return }
        guard let value = Value(text) else { throw invalid(name, text, Value.self) }
        target = value
    }

    /// Sets an optional parameter of an enum type from the link.
    public func assign<Value: RawRepresentable>(_ name: String, to target: inout Value?) throws(APIError) where Value.RawValue == String {
        guard let text = query.first(where: { $0.name == name })?.value else {
            target = nil
            return
        }
        guard let value = Value(rawValue: text) else { throw invalid(name, text, Value.self) }
        target = value
    }

    /// Sets a required parameter of an enum type from the link, when it has one.
    public func assign<Value: RawRepresentable>(_ name: String, to target: inout Value) throws(APIError) where Value.RawValue == String {
        guard let text = query.first(where: { $0.name == name })?.value else { return }
        guard let value = Value(rawValue: text) else { throw invalid(name, text, Value.self) }
        target = value
    }

    /// Sets an optional list parameter from the link's items of that name.
    public func assign<Value: LosslessStringConvertible>(_ name: String, to target: inout [Value]?) throws(APIError) {
        let texts = values(name)
        guard !texts.isEmpty else {
            target = nil
            return
        }
        var list: [Value] = []
        for text in texts {
            guard let value = Value(text) else { throw invalid(name, text, Value.self) }
            list.append(value)
        }
        target = list
    }

    /// Sets an optional list parameter of an enum type from the link's items of that name.
    public func assign<Value: RawRepresentable>(_ name: String, to target: inout [Value]?) throws(APIError) where Value.RawValue == String {
        let texts = values(name)
        guard !texts.isEmpty else {
            target = nil
            return
        }
        var list: [Value] = []
        for text in texts {
            guard let value = Value(rawValue: text) else { throw invalid(name, text, Value.self) }
            list.append(value)
        }
        target = list
    }

    /// Sets an optional date parameter (ISO 8601) from the link.
    public func assign(_ name: String, to target: inout Date?) throws(APIError) {
        guard let text = query.first(where: { $0.name == name })?.value else {
            target = nil
            return
        }
        guard let date = ISO8601.parse(text) else { throw invalid(name, text, Date.self) }
        target = date
    }

    // MARK: Path parameters into the input

    /// Sets a path parameter from the link's path.
    public func assignPath<Value: LosslessStringConvertible>(_ name: String, to target: inout Value) throws(APIError) {
        guard let text = pathValues[name] else { return }
        guard let value = Value(text) else { throw invalid(name, text, Value.self) }
        target = value
    }

    /// Sets a path parameter of an enum type from the link's path.
    public func assignPath<Value: RawRepresentable>(_ name: String, to target: inout Value) throws(APIError)
    where Value.RawValue == String {
        guard let text = pathValues[name] else { return }
        guard let value = Value(rawValue: text) else { throw invalid(name, text, Value.self) }
        target = value
    }
}
