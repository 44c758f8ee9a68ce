/// An endpoint's path template (`/categories/{category_id}/products`,
/// `/item/{id}.json`), matched against request paths.
struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a segment.
    enum Part: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// The segments between slashes; an empty trailing segment is dropped.
    let segments: [[Part]]
    /// The template as written.
    let text: String

    /// Parses a template, or returns a reason it is malformed.
    static func parse(_ text: String) -> Result<PathTemplate, TemplateError> {
        var segments: [[Part]] = []
        for rawSegment in text.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            var parts: [Part] = []
            var rest = Substring(rawSegment)
            while !rest.isEmpty {
                if let open = rest.firstIndex(of: "{") {
                    if open > rest.startIndex {
                        let literal = rest[..<open]
                        if literal.contains("}") { return .failure(TemplateError("an unmatched '}' in '\(text)'")) }
                        parts.append(.literal(String(literal)))
                    }
                    guard let close = rest[open...].firstIndex(of: "}") else {
                        return .failure(TemplateError("an unclosed '{' in '\(text)'"))
                    }
                    let name = rest[rest.index(after: open)..<close]
                    guard !name.isEmpty, !name.contains("{") else {
                        return .failure(TemplateError("an empty or nested parameter in '\(text)'"))
                    }
                    if case .parameter? = parts.last {
                        return .failure(TemplateError("two parameters without text between them in '\(text)'"))
                    }
                    parts.append(.parameter(String(name)))
                    rest = rest[rest.index(after: close)...]
                } else {
                    if rest.contains("}") { return .failure(TemplateError("an unmatched '}' in '\(text)'")) }
                    parts.append(.literal(String(rest)))
                    rest = ""
                }
            }
            segments.append(parts)
        }
        if segments.last?.isEmpty == true { segments.removeLast() }
        return .success(PathTemplate(segments: segments, text: text))
    }

    /// The names of the parameters, in order.
    var parameterNames: [String] {
        segments.flatMap { $0 }.compactMap { part in
            if case .parameter(let name) = part { return name }
            return nil
        }
    }

    /// The parameter values when `path` (decoded segments) matches.
    func match(_ path: [String]) -> [String: String]? {
        var path = path
        if path.last?.isEmpty == true { path.removeLast() }
        guard path.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (parts, segment) in zip(segments, path) {
            guard Self.match(parts[...], Substring(segment), into: &values) else { return nil }
        }
        return values
    }

    private static func match(_ parts: ArraySlice<Part>, _ text: Substring, into values: inout [String: String]) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        switch first {
        case .literal(let literal):
            guard text.hasPrefix(literal) else { return false }
            return match(parts.dropFirst(), text.dropFirst(literal.count), into: &values)
        case .parameter(let name):
            // The shortest non-empty value that lets the rest match.
            var end = text.startIndex
            while end < text.endIndex {
                end = text.index(after: end)
                var attempt = values
                if match(parts.dropFirst(), text[end...], into: &attempt) {
                    attempt[name] = String(text[..<end])
                    values = attempt
                    return true
                }
            }
            return false
        }
    }

    var description: String { text }
}

/// Why a path template does not parse.
struct TemplateError: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
