/// A path into a response: dot-separated keys (`response.product_collection`),
/// bracketed keys for names with dots or other special characters
/// (`["@odata.nextLink"]`), and `[]` to map over the elements of an array
/// (`data.children[].data` takes the `data` of every child).
public struct ResponsePath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Segment: Sendable, Hashable {
        /// A key of an object.
        case key(String)
        /// Every element of an array.
        case each
    }

    /// The steps, outermost first.
    public var segments: [Segment]

    /// Creates a path from segments.
    public init(_ segments: [Segment]) {
        self.segments = segments
    }

    /// The path as written in a spec.
    public var description: String {
        var text = ""
        for segment in segments {
            switch segment {
            case .each:
                text += "[]"
            case .key(let key) where key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }):
                text += text.isEmpty ? key : ".\(key)"
            case .key(let key):
                text += "[\"\(key)\"]"
            }
        }
        return text
    }

    /// Parses the written form.
    /// - Returns: nil, with a reason, when the text is not a well-formed path.
    public static func parse(_ text: String) -> Result<ResponsePath, PathSyntaxError> {
        var segments: [Segment] = []
        var rest = Substring(text)
        var expectKey = true
        while !rest.isEmpty {
            if rest.hasPrefix("[]") {
                guard !segments.isEmpty else { return .failure(.init("'[]' needs an array before it")) }
                segments.append(.each)
                rest = rest.dropFirst(2)
                expectKey = false
            } else if rest.hasPrefix("[\"") || rest.hasPrefix("['") {
                let quote = rest.dropFirst().first!
                let body = rest.dropFirst(2)
                guard let end = body.firstIndex(of: quote), body[body.index(after: end)...].first == "]" else {
                    return .failure(.init("a bracketed key must be written [\"key\"]"))
                }
                segments.append(.key(String(body[..<end])))
                rest = body[body.index(end, offsetBy: 2)...]
                expectKey = false
            } else if rest.first == "." {
                guard !expectKey else { return .failure(.init("an empty key before '.'")) }
                rest = rest.dropFirst()
                expectKey = true
            } else {
                guard expectKey else { return .failure(.init("expected '.' or '[' after a key")) }
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { return .failure(.init("an empty key")) }
                segments.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
                expectKey = false
            }
        }
        guard !segments.isEmpty, !(expectKey && text.hasSuffix(".")) else {
            return .failure(.init("the path is empty"))
        }
        return .success(ResponsePath(segments))
    }
}

/// Why a path does not parse.
public struct PathSyntaxError: Error, Sendable, Hashable {
    /// The reason.
    public var reason: String

    init(_ reason: String) { self.reason = reason }
}
