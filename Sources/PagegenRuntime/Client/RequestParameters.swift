import Foundation

/// The values of one call's parameters: path, query, header and body.
///
/// Generated functions fill one from their arguments; `nil` values are left out.
/// For generated code only (`@_spi(Generated)`).
@_spi(Generated) public struct RequestParameters: Sendable {
    /// Path parameters by their name in the template.
    public var path: [String: String] = [:]
    /// Query items in order; a name may repeat.
    public var query: [(name: String, value: String)] = []
    /// Header fields in order.
    public var headers: [HTTPHeaderField] = []
    /// A model sent as the JSON body, encoded with the client's date format.
    public var body: (any Encodable & Sendable)?
    /// A body already encoded, with its content type (text, bytes, an image), or a file
    /// sent as it is; wins over every other body.
    public var rawBody: (content: FileUpload.Content, contentType: String)?
    /// A value sent as an `application/x-www-form-urlencoded` body, its lists written as
    /// `arrays` says and its dates in the client's format; wins over ``body``.
    public var formBody: (value: any Encodable & Sendable, arrays: FormArrayStyle)?
    /// A `multipart/form-data` body; wins over ``formBody`` and ``body``.
    public var multipartBody: MultipartForm?
    /// A value sent as a `multipart/form-data` body: its ``FileUpload`` properties as
    /// files, the others as text parts (``MultipartForm/init(fieldsOf:dateFormat:)``),
    /// encoded when the request is built; wins over ``formBody`` and ``body``.
    public var multipartValue: (any Encodable & Sendable)?
    /// Query parameters sent in a style (objects, lists), flattened when the request
    /// is built, in the client's date format, where they were added among ``query``.
    var styledQuery: [(position: Int, name: String, value: any Encodable & Sendable, style: QueryStyle)] = []

    /// Creates empty parameters.
    public init() {}

    /// Sets a path parameter.
    public mutating func path(_ name: String, _ value: some ParameterValue) {
        path[name] = value.parameterValue
    }

    /// Adds a query item, unless `value` is nil.
    public mutating func query(_ name: String, _ value: (any ParameterValue)?) {
        guard let value else { return }
        query.append((name, value.parameterValue))
    }

    /// Adds a query parameter sent in `style` (a list exploded or not, an object as a
    /// `deepObject`), unless `value` is nil.
    public mutating func query(_ name: String, _ value: (any Encodable & Sendable)?, style: QueryStyle) {
        guard let value else { return }
        styledQuery.append((query.count, name, value, style))
    }

    /// Adds a header field, unless `value` is nil.
    public mutating func header(_ name: String, _ value: (any ParameterValue)?) {
        guard let value else { return }
        headers.append(HTTPHeaderField(name: name, value: value.parameterValue))
    }

    /// Sends `value` as an `application/x-www-form-urlencoded` body, unless it is nil.
    public mutating func form(_ value: (any Encodable & Sendable)?, arrays: FormArrayStyle) {
        guard let value else { return }
        formBody = (value, arrays)
    }

    /// Sends `value` as a `multipart/form-data` body, unless it is nil.
    public mutating func multipart(_ value: (any Encodable & Sendable)?) {
        guard let value else { return }
        multipartValue = value
    }

    /// Sends `content` (bytes, or a file read a chunk at a time as it is sent) as the
    /// body, of `contentType`, unless it is nil.
    public mutating func raw(_ content: (any RawBody)?, contentType: String) {
        guard let content else { return }
        rawBody = (content.rawContent, contentType)
    }

    /// Sends `text` as the body, in UTF-8, of `contentType` (a `charset=utf-8` is added
    /// when it names none), unless it is nil.
    public mutating func raw(_ text: String?, contentType: String) {
        guard let text else { return }
        let hasCharset = contentType.lowercased().contains("charset=")
        rawBody = (.data(Data(text.utf8)), hasCharset ? contentType : contentType + "; charset=utf-8")
    }

    /// Sends `content` as the body, of the media type it names (`application/octet-stream`
    /// when it names none), unless it is nil.
    public mutating func raw(_ content: (any RawBody)?) {
        guard let content else { return }
        rawBody = (content.rawContent, content.rawContentType ?? "application/octet-stream")
    }

    /// Replaces every query item named `name` with one holding `value`.
    mutating func setQuery(_ name: String, _ value: String) {
        query.removeAll { $0.name == name }
        query.append((name, value))
    }

    /// Every query item, the styled ones flattened in place.
    /// - Throws: `EncodingError` when a styled value cannot be encoded.
    func queryItems(dateFormat: DateFormat) throws -> [(name: String, value: String)] {
        guard !styledQuery.isEmpty else { return query }
        var items: [(name: String, value: String)] = []
        var next = 0
        for styled in styledQuery {
            let position = min(styled.position, query.count)
            if position > next {
                items += query[next..<position]
                next = position
            }
            items += try styled.style.items(styled.name, styled.value, dateFormat: dateFormat)
        }
        items += query[next...]
        return items
    }
}

/// How a query parameter that is a list or an object is written (OpenAPI's `style`
/// and `explode`).
///
/// | style | `ids: [1, 2]` | `created: { gte: 1, lt: 9 }` |
/// | --- | --- | --- |
/// | `.form(explode: false)` | `ids=1,2` | `created=gte,1,lt,9` |
/// | `.form(explode: true)` | `ids=1&ids=2` | `gte=1&lt=9` |
/// | `.deepObject(arrays: .brackets)` | `ids[]=1&ids[]=2` | `created[gte]=1&created[lt]=9` |
/// | `.deepObject(arrays: .indexed)` | `ids[0]=1&ids[1]=2` | `created[gte]=1&created[lt]=9` |
/// | `.spaceDelimited` | `ids=1%202` | – |
/// | `.pipeDelimited` | `ids=1%7C2` | – |
///
/// A scalar is `name=value` in every style. OpenAPI leaves a list inside a
/// `deepObject` undefined; `.brackets` is what Stripe reads (`expand[]=…`).
public enum QueryStyle: Sendable, Hashable {
    /// OpenAPI's default for query parameters.
    case form(explode: Bool)
    /// An object's properties in brackets after the name; lists as `arrays` says.
    case deepObject(arrays: FormArrayStyle)
    /// A list's values joined with spaces.
    case spaceDelimited
    /// A list's values joined with `|`.
    case pipeDelimited

    /// The query items `value` makes under `name`.
    func items(_ name: String, _ value: some Encodable, dateFormat: DateFormat) throws -> [(name: String, value: String)] {
        switch self {
        case .form(explode: true):
            let fields = try FormEncoder(arrays: .repeated, dateFormat: dateFormat).fields(of: value)
            // A scalar or a list has no key of its own: it is sent under the parameter's name.
            return fields.map { ($0.name.isEmpty ? name : $0.name, $0.value) }
        case .form(explode: false):
            let fields = try FormEncoder(arrays: .repeated, dateFormat: dateFormat).fields(of: value)
            guard !fields.isEmpty else { return [] }
            let isObject = fields.contains { !$0.name.isEmpty }
            let parts = isObject ? fields.flatMap { [$0.name, $0.value] } : fields.map(\.value)
            return [(name, parts.joined(separator: ","))]
        case .deepObject(let arrays):
            return try FormEncoder(arrays: arrays, dateFormat: dateFormat).fields(of: value, name: name)
        case .spaceDelimited, .pipeDelimited:
            let fields = try FormEncoder(arrays: .repeated, dateFormat: dateFormat).fields(of: value)
            guard !fields.isEmpty else { return [] }
            return [(name, fields.map(\.value).joined(separator: self == .spaceDelimited ? " " : "|"))]
        }
    }
}

/// A value that can be sent as a path, query or header parameter.
public protocol ParameterValue: Sendable {
    /// The value as text, before percent-encoding.
    var parameterValue: String { get }
}

extension String: ParameterValue {
    /// The string itself.
    public var parameterValue: String { self }
}

extension Int: ParameterValue {
    /// In decimal: `42`, `-7`.
    public var parameterValue: String { String(self) }
}

extension Int64: ParameterValue {
    /// In decimal: `9007199254740993`.
    public var parameterValue: String { String(self) }
}

extension Double: ParameterValue {
    /// As Swift prints it: `2.5`, `1e-05`.
    public var parameterValue: String { String(self) }
}

extension Bool: ParameterValue {
    /// `true` or `false`.
    public var parameterValue: String { self ? "true" : "false" }
}

extension URL: ParameterValue {
    /// The absolute URL string.
    public var parameterValue: String { absoluteString }
}

extension Date: ParameterValue {
    /// ISO 8601 in UTC with seconds: `2024-08-14T15:14:26Z`.
    public var parameterValue: String { ISO8601.format(self) }
}

extension Array: ParameterValue where Element: ParameterValue {
    /// Comma-separated, as most APIs take lists: `a,b,c`.
    public var parameterValue: String { map(\.parameterValue).joined(separator: ",") }
}

extension RawRepresentable where Self: ParameterValue, RawValue == String {
    /// The raw value: a `String`-backed enum is sent as its raw value.
    public var parameterValue: String { rawValue }
}
