/// The expressions generated code is made of, as typed values: each prints itself
/// (`{{value}}` in a template), so templates lay out declarations and statements and
/// never assemble an expression from text.

/// A Swift expression the code model holds as a value: it prints itself.
public protocol SwiftExpression: Sendable, CustomStringConvertible {}

extension SwiftIdentifier: SwiftExpression {}

extension Bool: SwiftExpression {}

/// Reads a response path from a value: `$0.response.productCollection`,
/// `$0.data?.children?.map { $0.data }`, `self.sys.id`.
public struct Accessor: Sendable, Hashable, CustomStringConvertible {
    /// One step of the path.
    public indirect enum Step: Sendable, Hashable {
        /// A property, read through `?.` when what holds it may be nil.
        case member(SwiftIdentifier, throughOptional: Bool)
        /// A `map` (or `compactMap`, when the mapped value may be nil) over an array.
        case map(Accessor, compact: Bool, throughOptional: Bool)
    }

    /// `$0` or `self`.
    public var base: String
    /// The steps.
    public var steps: [Step]
    /// True when the value read may be nil.
    public var isOptional: Bool

    /// A read of `steps` from `base`.
    public init(base: String, steps: [Step], isOptional: Bool) {
        self.base = base
        self.steps = steps
        self.isOptional = isOptional
    }

    /// A read from the body a swift-openapi-generator `Output` (`$0`) holds in the
    /// answer `answer` as `content`: `(try? $0.ok.body.json)`, nil for any other answer.
    public static func openAPIBody(of answer: SwiftIdentifier, as content: SwiftIdentifier) -> Accessor {
        Accessor(base: "(try? $0.\(answer.escaped).body.\(content.escaped))", steps: [], isOptional: true)
    }

    /// A read from the headers of the answer `answer` of a swift-openapi-generator
    /// `Output` (`$0`): `(try? $0.ok)?.headers`.
    public static func openAPIHeaders(of answer: SwiftIdentifier) -> Accessor {
        Accessor(base: "(try? $0.\(answer.escaped))", steps: [.member(SwiftIdentifier("headers"), throughOptional: true)], isOptional: true)
    }

    /// A member of an operation's `Input`, `input`, in one of its parts: `input.query.perPage`.
    public static func openAPIInput(_ part: SwiftIdentifier, _ member: SwiftIdentifier) -> Accessor {
        Accessor(base: "input", steps: [.member(part, throughOptional: false), .member(member, throughOptional: false)], isOptional: false)
    }

    /// The expression.
    public var description: String {
        var code = base
        for step in steps {
            switch step {
            case .member(let name, let throughOptional):
                code += (throughOptional ? "?." : ".") + name.escaped
            case .map(let inner, let compact, let throughOptional):
                code += (throughOptional ? "?." : ".") + (compact ? "compactMap" : "map") + " { \(inner) }"
            }
        }
        return code
    }
}

/// A value read from a response and converted to what the runtime takes: an `Int64`
/// total to `Int`, an integer or URL cursor to `String`.
public struct ConvertedValue: Sendable, Hashable, CustomStringConvertible {
    /// How the value is converted.
    public enum Conversion: Sendable, Hashable {
        /// Used as it is.
        case none
        /// `Swift.Int(…)`.
        case toInt
        /// `Swift.String(…)`.
        case toString
        /// `….absoluteString`.
        case urlToString
        /// `OpenAPIPaging.text(…)`: a swift-openapi-generator value as text, or nil.
        case openAPIText
        /// `OpenAPIPaging.count(…)`: a swift-openapi-generator number as a count, or nil.
        case openAPICount
        /// `OpenAPIPaging.flag(…)`: a swift-openapi-generator flag, or nil.
        case openAPIFlag
    }

    /// The read.
    public var accessor: Accessor
    /// The conversion.
    public var conversion: Conversion
    /// `""` for a nil value, where the runtime wants a value (item cursors).
    public var emptyWhenNil: Bool = false

    /// A read with its conversion.
    public init(accessor: Accessor, conversion: Conversion, emptyWhenNil: Bool = false) {
        self.accessor = accessor
        self.conversion = conversion
        self.emptyWhenNil = emptyWhenNil
    }

    /// True when the value may be nil: the read may be, or its conversion gives an optional.
    public var isOptional: Bool {
        switch conversion {
        case .openAPIText, .openAPICount, .openAPIFlag: true
        case .none, .toInt, .toString, .urlToString: accessor.isOptional
        }
    }

    /// The read with its conversion, as Swift code.
    public var description: String {
        let code = accessor.description
        let optional = accessor.isOptional
        let converted =
            switch conversion {
            case .none: code
            case .toInt: optional ? "\(code).map(Swift.Int.init)" : "Swift.Int(\(code))"
            case .toString: optional ? "\(code).map(Swift.String.init)" : "Swift.String(\(code))"
            case .urlToString: "\(code)\(optional ? "?" : "").absoluteString"
            case .openAPIText: "OpenAPIPaging.text(\(code))"
            case .openAPICount: "OpenAPIPaging.count(\(code))"
            case .openAPIFlag: "OpenAPIPaging.flag(\(code))"
            }
        return emptyWhenNil && isOptional ? "\(converted) ?? \"\"" : converted
    }
}

/// A closure of one argument that reads a value from it: `{ $0.items }`.
public struct Closure: Sendable, Hashable, CustomStringConvertible {
    /// What it reads from its argument, `$0`.
    public var value: ConvertedValue

    /// A closure that reads `value`.
    public init(value: ConvertedValue) {
        self.value = value
    }

    /// The closure as Swift code: its body in braces.
    public var description: String { "{ \(value) }" }
}

/// An argument of a call: `label: value`.
public struct ArgumentCode: Sendable, CustomStringConvertible {
    /// The label, spelled as labels are.
    public var label: String
    /// The value.
    public var value: any SwiftExpression

    /// An argument `label: value`; `label` must be a Swift identifier.
    public init(label: String, value: any SwiftExpression) {
        self.label = label
        self.value = value
    }

    /// The argument as a call writes it: `label: value`.
    public var description: String { "\(label): \(value)" }
}

extension ArgumentCode: TemplateValue {
    static let vocabulary = Vocabulary<ArgumentCode>([
        .init("label", "the label, as a call writes it") { $0.label },
        .init("value", "the value") { $0.value },
    ])
}

/// The arguments every runtime call for an endpoint starts with: its descriptor
/// (`Operations.listUsersEndpoint`), then, when `Operations` has a parameters builder
/// for it, its call with the endpoint's parameters (`Operations.listUsersParameters(role: role)`).
public struct RequestArgumentsCode: Sendable, CustomStringConvertible {
    /// The enum that holds the descriptors: `Operations`.
    public var operations: String
    /// The member holding the endpoint's descriptor.
    public var descriptor: SwiftIdentifier
    /// The member that builds the request parameters, and its arguments; nil when the
    /// endpoint has no parameters builder.
    public var parameters: (builder: SwiftIdentifier, arguments: ArgumentList)?

    /// The arguments as a call writes them.
    public var description: String {
        guard let parameters else { return "\(operations).\(descriptor)" }
        return
            "\(operations).\(descriptor), \(operations).\(parameters.builder)(\(parameters.arguments))"
    }
}

/// How a parameters builder adds a request parameter: `parameters.query("sort", sort)`,
/// `parameters.body = body`.
public struct ParameterSetterCode: Sendable, Hashable, CustomStringConvertible {
    /// Where the parameter goes.
    public var location: ParameterLocation
    /// Its name on the wire; nil for the body.
    public var wireName: StringLiteral?
    /// The function's parameter that holds its value.
    public var name: SwiftIdentifier
    /// How the value is written.
    public var encoding: ParameterEncoding = .plain

    /// The statement.
    public var description: String {
        let wire = wireName?.description ?? "\"\""
        switch (location, encoding) {
        case (.body, .form(let arrays)): return "parameters.form(\(name), arrays: .\(arrays))"
        case (.body, .multipart): return "parameters.multipart(\(name))"
        case (.body, .raw(let contentType?)): return "parameters.raw(\(name), contentType: \(contentType))"
        case (.body, .raw(nil)): return "parameters.raw(\(name))"
        case (.body, _): return "parameters.body = \(name)"
        case (.path, _): return "parameters.path(\(wire), \(name))"
        case (.query, .query(let style)): return "parameters.query(\(wire), \(name), style: \(style))"
        case (.query, _): return "parameters.query(\(wire), \(name))"
        case (.header, _): return "parameters.header(\(wire), \(name))"
        }
    }
}

/// How a parameter's value is written, when it is not as it is.
public enum ParameterEncoding: Sendable, Hashable, CustomStringConvertible {
    /// As it is: a query item's text, a JSON body.
    case plain
    /// A query parameter in a style: `.deepObject(arrays: .brackets)`, `.form(explode: true)`.
    case query(style: String)
    /// A form body, its lists as `arrays` says (`indexed`, `brackets`…).
    case form(arrays: String)
    /// A multipart body.
    case multipart
    /// A raw body of this content type; nil when the argument carries its own.
    case raw(contentType: StringLiteral?)

    /// The case as Swift writes it: `.form(arrays: "indexed")`.
    public var description: String {
        switch self {
        case .plain: ".plain"
        case .query(let style): ".query(style: \(StringLiteral(style)))"
        case .form(let arrays): ".form(arrays: \(StringLiteral(arrays)))"
        case .multipart: ".multipart"
        case .raw(let contentType): ".raw(contentType: \(contentType?.description ?? "nil"))"
        }
    }
}

/// A parameter's default value.
public enum DefaultValue: Sendable, Hashable, CustomStringConvertible {
    /// `nil`.
    case `nil`
    /// A number or `true`/`false`, as Swift writes it.
    case literal(String)
    /// A string.
    case string(StringLiteral)
    /// A case of the parameter's enum: `.open`.
    case enumCase(SwiftIdentifier)
    /// A new value of a type: `PagegenRuntime.PagedListOptions()`.
    case initializer(SwiftType)

    /// The default as Swift code, after the `=` of a parameter.
    public var description: String {
        switch self {
        case .nil: "nil"
        case .literal(let text): text
        case .string(let literal): literal.description
        case .enumCase(let name): "." + name.escaped
        case .initializer(let type): "\(type)()"
        }
    }
}

/// An endpoint's descriptor: `PagegenRuntime.Endpoint(name: "products", method: "GET", path: "/products")`,
/// with the path parameters that may be empty and whether requests may be sent twice,
/// when the spec says.
public struct EndpointDescriptorCode: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint's name in the spec.
    public var name: StringLiteral
    /// The HTTP method.
    public var method: StringLiteral
    /// The path template.
    public var path: StringLiteral
    /// The path parameters that may be empty (`allowEmpty: true`).
    public var emptyPathParameters: [StringLiteral]
    /// The spec's `idempotent:`, if it says.
    public var isIdempotent: Bool?
    /// The `Accept` of an answer that is not JSON.
    public var accept: StringLiteral? = nil
    /// The named server the endpoint is sent to, if not the base URL.
    public var server: StringLiteral? = nil
    /// The spec's `store: { maxAge: … }`, in seconds.
    public var storeMaxAge: Int? = nil

    /// The descriptor as the Swift expression the templates print.
    public var description: String {
        var arguments = ["name: \(name)", "method: \(method)", "path: \(path)"]
        if let accept { arguments.append("headers: [PagegenRuntime.HTTPHeaderField(name: \"Accept\", value: \(accept))]") }
        if !emptyPathParameters.isEmpty {
            arguments.append("emptyPathParameters: [\(emptyPathParameters.map(\.description).joined(separator: ", "))]")
        }
        if let isIdempotent { arguments.append("isIdempotent: \(isIdempotent)") }
        if let server { arguments.append("server: \(server)") }
        if let storeMaxAge { arguments.append("storeMaxAge: \(storeMaxAge.groupedLiteral)") }
        return "PagegenRuntime.Endpoint(\(arguments.joined(separator: ", ")))"
    }
}

/// A paging parameter: `PagegenRuntime.Parameter("page", in: .body, format: "…")`.
public struct PagingParameterCode: Sendable, Hashable, CustomStringConvertible {
    /// The name on the wire.
    public var name: StringLiteral
    /// Where it goes: a query item, a header field or a field of the body.
    public var location: ParameterLocation
    /// A format with `{value}`.
    public var format: StringLiteral?

    /// A parameter; `name` and `format` are the spec's or the document's text.
    public init(name: String, location: ParameterLocation = .query, format: String? = nil) {
        self.name = StringLiteral(name)
        self.location = location
        self.format = format.map(StringLiteral.init)
    }

    /// The parameter as the Swift expression the templates print.
    public var description: String {
        var arguments = [name.description]
        if location != .query { arguments.append("in: .\(location)") }
        if let format { arguments.append("format: \(format)") }
        return "PagegenRuntime.Parameter(\(arguments.joined(separator: ", ")))"
    }
}

/// How a page is addressed, as the `style:` of a paging descriptor.
public enum PagingStyleCode: Sendable, Hashable, CustomStringConvertible {
    /// `.pageNumber(…, first:)`.
    case pageNumber(PagingParameterCode, first: Int)
    /// `.offset(…, first:)`.
    case offset(PagingParameterCode, first: Int)
    /// `.cursor(…, next:, previousParameter:, previous:)`.
    case cursor(PagingParameterCode, next: SourceCode, previousParameter: PagingParameterCode?, previous: SourceCode?)
    /// `.link(next:, previous:)`.
    case link(next: SourceCode, previous: SourceCode?)

    /// The style as the Swift expression the templates print.
    public var description: String {
        switch self {
        case .pageNumber(let parameter, let first): ".pageNumber(\(parameter), first: \(first))"
        case .offset(let parameter, let first): ".offset(\(parameter), first: \(first))"
        case .cursor(let parameter, let next, let previousParameter, let previous):
            ".cursor("
                + ([parameter.description, "next: \(next)"]
                + (previousParameter.map { ["previousParameter: \($0)"] } ?? [])
                + (previous.map { ["previous: \($0)"] } ?? [])).joined(separator: ", ") + ")"
        case .link(let next, let previous):
            ".link(" + (["next: \(next)"] + (previous.map { ["previous: \($0)"] } ?? [])).joined(separator: ", ") + ")"
        }
    }
}

/// Where a cursor, link or total comes from: `.body({ … })`, `.item({ … })`,
/// `.header("X-Next-Cursor")`, `.linkHeader`.
public enum SourceCode: Sendable, Hashable, CustomStringConvertible {
    /// A field of the body.
    case body(Closure)
    /// A field of an item.
    case item(Closure)
    /// A response header.
    case header(StringLiteral)
    /// The `Link` header.
    case linkHeader

    /// The source as the Swift expression the templates print.
    public var description: String {
        switch self {
        case .body(let closure): ".body(\(closure))"
        case .item(let closure): ".item(\(closure))"
        case .header(let name): ".header(\(name))"
        case .linkHeader: ".linkHeader"
        }
    }
}

/// The page size of a paging descriptor: `PagegenRuntime.PageSize(…, default: 30, maximum: 100)`.
public struct PageSizeCode: Sendable, Hashable, CustomStringConvertible {
    /// The parameter, if the API takes a size.
    public var parameter: PagingParameterCode?
    /// The default.
    public var defaultValue: Int
    /// The bounds.
    public var minimum: Int?
    /// The upper bound, if the spec sets one.
    public var maximum: Int?

    /// A page size.
    public init(parameter: PagingParameterCode?, defaultValue: Int, minimum: Int?, maximum: Int?) {
        self.parameter = parameter
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The page size as the Swift expression the templates print.
    public var description: String {
        var arguments = [parameter?.description ?? "nil", "default: \(defaultValue)"]
        if let minimum { arguments.append("minimum: \(minimum)") }
        if let maximum { arguments.append("maximum: \(maximum)") }
        return "PagegenRuntime.PageSize(\(arguments.joined(separator: ", ")))"
    }
}

/// The page key of a one-page call: `.number(page)`, `.offset(offset)`, or the
/// `PageKey` argument itself.
public enum PageKeyCode: Sendable, Hashable, CustomStringConvertible {
    /// `.number(page)`.
    case number(SwiftIdentifier)
    /// `.offset(offset)`.
    case offset(SwiftIdentifier)
    /// The argument, already a `PageKey`.
    case key(SwiftIdentifier)

    /// The key as the Swift expression the templates print.
    public var description: String {
        switch self {
        case .number(let name): ".number(\(name))"
        case .offset(let name): ".offset(\(name))"
        case .key(let name): name.escaped
        }
    }
}

/// Where a window endpoint's answer says a list starts:
/// `PagegenRuntime.WindowStart(pageIndex: $0.firstPage, pageSize: …, total: …, focusRow: …)`.
public struct WindowStartCode: Sendable, Hashable, CustomStringConvertible {
    /// The page the answer names: its number, or the offset of its first item.
    public var page: ConvertedValue
    /// The number of the first page, or the first offset: 0 or 1.
    public var first: Int
    /// True when ``page`` reads an offset, which the page size divides into a page index.
    public var isOffset: Bool
    /// The page size the answer gives; nil when it gives none, and the size of the
    /// list's loader, `loaderPageSize`, is read instead.
    public var pageSize: ConvertedValue?
    /// The total, if the answer gives one.
    public var total: ConvertedValue?
    /// The row to focus, if the answer names one.
    public var focusRow: ConvertedValue?

    /// The window start as the Swift expression the templates print.
    public var description: String {
        func value(_ read: ConvertedValue?, orElse fallback: String) -> String {
            guard let read else { return fallback }
            return read.accessor.isOptional ? "(\(read) ?? \(fallback))" : read.description
        }
        let size = value(pageSize, orElse: "loaderPageSize")
        let read = value(page, orElse: "\(first)")
        let position = first == 0 ? read : "\(read) - \(first)"
        let pageIndex = isOffset ? "(\(position)) / Swift.max(1, \(size))" : position
        return
            "PagegenRuntime.WindowStart(pageIndex: \(pageIndex), pageSize: \(size), total: \(total?.description ?? "nil"), focusRow: \(focusRow?.description ?? "nil"))"
    }
}

/// One credential of the client, from a property of its `Credentials`:
/// `self.token.map { PagegenRuntime.Credential.bearer($0) }`.
public enum CredentialCode: Sendable, Hashable, CustomStringConvertible {
    /// A bearer token from the property.
    case bearer(token: SwiftIdentifier)
    /// HTTP Basic from the two properties.
    case basic(username: SwiftIdentifier, password: SwiftIdentifier)
    /// A key in a header field.
    case headerKey(name: StringLiteral, value: SwiftIdentifier)
    /// A key in a query item.
    case queryKey(name: StringLiteral, value: SwiftIdentifier)

    /// The credential as the Swift expression the templates print.
    public var description: String {
        switch self {
        case .bearer(let token):
            "self.\(token).map { PagegenRuntime.Credential.bearer($0) }"
        case .basic(let username, let password):
            "self.\(username).map { PagegenRuntime.Credential.basic(username: $0, password: self.\(password) ?? \"\") }"
        case .headerKey(let name, let value):
            "self.\(value).map { PagegenRuntime.Credential.headerKey(name: \(name), value: $0) }"
        case .queryKey(let name, let value):
            "self.\(value).map { PagegenRuntime.Credential.queryKey(name: \(name), value: $0) }"
        }
    }
}

/// How a client reads and writes dates: `.iso8601`, `.unixSeconds`,
/// `.iso8601(zone: .identifier("Europe/Berlin"))`.
public struct DateFormatCode: Sendable, Hashable, CustomStringConvertible {
    /// The `PagegenRuntime.DateFormat` style: `iso8601`, `unixSeconds`, `unixMilliseconds`.
    public var style: String
    /// For `iso8601`: the zone of text without one, when it is not UTC.
    public var zone: ZoneName?

    /// The `PagegenRuntime.DateFormat` as Swift code: `.iso8601(zone: .local)`.
    public var description: String {
        guard style == "iso8601", let zone, zone != .utc else { return "." + style }
        let argument =
            switch zone {
            case .utc: ".utc"
            case .local: ".local"
            case .identifier(let name): ".identifier(\(StringLiteral(name)))"
            case .offset(let seconds): ".offset(seconds: \(seconds))"
            }
        return ".iso8601(zone: \(argument))"
    }
}

/// Where a response says how long to wait: `.body(["backoff"], scope: .endpoint)`,
/// `.header("X-RateLimit-Reset", as: .unixSeconds, remaining: "X-RateLimit-Remaining")`.
public struct ThrottleHintCode: Sendable, Hashable, CustomStringConvertible {
    /// The body keys, for a hint in the body.
    public var keys: [StringLiteral]?
    /// The header, for a hint in a header.
    public var header: StringLiteral?
    /// True when the value is a time in seconds since 1970.
    public var isUnixTime: Bool
    /// The header that must say no request is left.
    public var remaining: StringLiteral?
    /// True when only the requests to the same endpoint wait.
    public var isPerEndpoint: Bool

    /// The `PagegenRuntime.ThrottleHint` as Swift code: `.header("Retry-After")`.
    public var description: String {
        var arguments: [String]
        if let keys {
            arguments = ["[" + keys.map(\.description).joined(separator: ", ") + "]"]
        } else {
            arguments = [header?.description ?? "\"\""]
        }
        if isUnixTime { arguments.append("as: .unixSeconds") }
        if let remaining { arguments.append("remaining: \(remaining)") }
        if isPerEndpoint { arguments.append("scope: .endpoint") }
        return ".\(keys == nil ? "header" : "body")(\(arguments.joined(separator: ", ")))"
    }
}

/// The check for errors an API reports inside a successful response:
/// `PagegenRuntime.BodyErrorRule(flag: ["ok"], message: ["error"]).check`.
public struct BodyErrorCode: Sendable, Hashable, CustomStringConvertible {
    /// The keys of the flag, if any.
    public var flag: [StringLiteral]?
    /// The keys of the message.
    public var message: [StringLiteral]

    /// The rule as the Swift expression the templates print.
    public var description: String {
        func keys(_ keys: [StringLiteral]) -> String { "[" + keys.map(\.description).joined(separator: ", ") + "]" }
        return "PagegenRuntime.BodyErrorRule(flag: \(flag.map(keys) ?? "nil"), message: \(keys(message))).check"
    }
}

/// How a field is decoded in a written-out `init(from:)`: from `container`, keyed by
/// `CodingKeys` (``description``), or from `fields`, a `PagegenRuntime.DecodedFields`
/// read by JSON name (``read``).
public struct DecodeCode: Sendable, Hashable, CustomStringConvertible {
    /// The property and its coding key.
    public var name: SwiftIdentifier
    /// The name on the wire.
    public var jsonName: StringLiteral
    /// The type, without its optional.
    public var type: SwiftType
    /// True when the key may be missing or null.
    public var isOptional: Bool
    /// True for an item array that decodes as empty when missing.
    public var emptyWhenMissing: Bool
    /// For a date with its own format: the `PagegenRuntime.DateFormat`.
    public var dateFormat: DateFormatCode?
    /// True for a field that may be absent, null or a value, told apart: a
    /// `PagegenRuntime.Nullable` of ``type``.
    public var isNullable = false

    /// `try container.decodeIfPresent([Item].self, forKey: .items) ?? []`
    public var description: String {
        if isNullable {
            if let dateFormat { return "try container.decodeNullableDate(forKey: .\(name.escaped), format: \(dateFormat))" }
            return "try container.decodeNullable(\(type).self, forKey: .\(name.escaped))"
        }
        if let dateFormat {
            return "try container.\(isOptional ? "decodeDateIfPresent" : "decodeDate")(forKey: .\(name.escaped), format: \(dateFormat))"
        }
        if emptyWhenMissing {
            return "try container.decodeIfPresent(\(type).self, forKey: .\(name.escaped)) ?? []"
        }
        return "try container.\(isOptional ? "decodeIfPresent" : "decode")(\(type).self, forKey: .\(name.escaped))"
    }

    /// The read from `fields`, a `PagegenRuntime.DecodedFields`: `fields.value("sale_price")`.
    public var read: FieldReadCode { FieldReadCode(decode: self) }
}

/// How a written-out `init(from:)` reads a field from `fields`, a
/// `PagegenRuntime.DecodedFields`, by its JSON name: `fields.value("sale_price")`,
/// `fields.items("data")` (a call that throws, without its `try`).
public struct FieldReadCode: Sendable, Hashable, CustomStringConvertible {
    /// The field's decoding.
    public var decode: DecodeCode

    /// The call.
    public var description: String {
        if decode.isNullable {
            if let dateFormat = decode.dateFormat { return "fields.nullableDate(\(decode.jsonName), format: \(dateFormat))" }
            return "fields.nullable(\(decode.jsonName))"
        }
        if let dateFormat = decode.dateFormat {
            return "fields.\(decode.isOptional ? "dateIfPresent" : "date")(\(decode.jsonName), format: \(dateFormat))"
        }
        if decode.emptyWhenMissing { return "fields.items(\(decode.jsonName))" }
        return "fields.\(decode.isOptional ? "valueIfPresent" : "value")(\(decode.jsonName))"
    }
}

/// How a field is encoded in a written-out `encode(to:)`: into `container`, keyed by
/// `CodingKeys` (``description``), or into `fields`, a `PagegenRuntime.EncodedFields`
/// written by JSON name (``intoFields``).
public struct EncodeCode: Sendable, Hashable, CustomStringConvertible {
    /// The property and its coding key.
    public var name: SwiftIdentifier
    /// The name on the wire.
    public var jsonName: StringLiteral
    /// True when the value may be nil (and is then left out).
    public var isOptional: Bool
    /// For a date with its own format: the `PagegenRuntime.DateFormat`.
    public var dateFormat: DateFormatCode?
    /// True for a `PagegenRuntime.Nullable`: left out, `null` or the value, as it holds.
    public var isNullable = false
    /// True for an optional that is always sent: nil is `null`.
    public var sendsNull = false

    /// `try container.encodeIfPresent(self.note, forKey: .note)`
    public var description: String {
        let property = "self.\(name.escaped)"
        if isNullable || sendsNull {
            let method = isNullable ? "Nullable" : "OrNull"
            if let dateFormat {
                return
                    "try container.\(isNullable ? "encodeNullableDate" : "encodeDateOrNull")(\(property), forKey: .\(name.escaped), format: \(dateFormat))"
            }
            return "try container.encode\(method)(\(property), forKey: .\(name.escaped))"
        }
        if let dateFormat {
            return
                "try container.\(isOptional ? "encodeDateIfPresent" : "encodeDate")(self.\(name.escaped), forKey: .\(name.escaped), format: \(dateFormat))"
        }
        return "try container.\(isOptional ? "encodeIfPresent" : "encode")(self.\(name.escaped), forKey: .\(name.escaped))"
    }

    /// `try fields.encodeIfPresent(self.note, "note")`
    public var intoFields: String {
        if isNullable || sendsNull {
            if let dateFormat {
                return "try fields.\(isNullable ? "nullableDate" : "dateOrNull")(self.\(name.escaped), \(jsonName), format: \(dateFormat))"
            }
            return "try fields.\(isNullable ? "encodeNullable" : "encodeOrNull")(self.\(name.escaped), \(jsonName))"
        }
        if let dateFormat {
            return "try fields.\(isOptional ? "dateIfPresent" : "date")(self.\(name.escaped), \(jsonName), format: \(dateFormat))"
        }
        return "try fields.\(isOptional ? "encodeIfPresent" : "encode")(self.\(name.escaped), \(jsonName))"
    }
}

extension Accessor: TemplateExpression, SwiftExpression {}
extension ConvertedValue: TemplateExpression, SwiftExpression {}
extension Closure: TemplateExpression, SwiftExpression {}
extension DefaultValue: TemplateExpression, SwiftExpression {}
extension RequestArgumentsCode: TemplateExpression, SwiftExpression {}
extension ParameterSetterCode: TemplateExpression, SwiftExpression {}
extension PagingParameterCode: TemplateExpression, SwiftExpression {}
extension PagingStyleCode: TemplateExpression, SwiftExpression {}
extension SourceCode: TemplateExpression, SwiftExpression {}
extension PageSizeCode: TemplateExpression, SwiftExpression {}
extension PageKeyCode: TemplateExpression, SwiftExpression {}
extension WindowStartCode: TemplateExpression, SwiftExpression {}
extension CredentialCode: TemplateExpression, SwiftExpression {}
extension BodyErrorCode: TemplateExpression, SwiftExpression {}
extension DecodeCode: TemplateExpression, SwiftExpression {}
extension FieldReadCode: TemplateExpression, SwiftExpression {}
extension EncodeCode: TemplateExpression, SwiftExpression {}
extension EndpointDescriptorCode: TemplateExpression, SwiftExpression {}
extension AvailabilityCode: TemplateExpression, SwiftExpression {}
extension ParameterEncoding: TemplateExpression, SwiftExpression {}

extension DateFormatCode: TemplateExpression, SwiftExpression {}
extension ThrottleHintCode: TemplateExpression, SwiftExpression {}

extension Int {
    /// The number as a Swift literal with its digits in groups of three: `86_400`.
    var groupedLiteral: String {
        let digits = String(magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "_" }
            grouped.append(digit)
        }
        return (self < 0 ? "-" : "") + grouped
    }
}
