/// Stage 3's output, and the templates' vocabulary: everything the templates need,
/// with every Swift name and type decided.
///
/// Templates read these values by name (`{{access}}`, `{{#models}}…{{/models}}`):
/// each type declares the names it answers once, next to its properties, and
/// ``TemplateNames`` lists them all. Names are already escaped where Swift needs
/// backticks, types are qualified by their module, and expressions (``Accessor``,
/// ``PagingStyleCode``, ``DecodeCode``…) print themselves; templates lay out the
/// declarations and statements around them.
public struct CodeModel: Sendable {
    /// The spec file's name, for the header line.
    public var specFile: String
    /// The prefix of the generated file names.
    public var fileStem: String
    /// `public`, `package` or `internal`.
    public var access: String
    /// Modules to import besides Foundation and PagegenRuntime.
    public var imports: [String]
    /// The namespace enum, if any.
    public var namespace: String?
    /// The file being rendered.
    public var file: FileCode
    /// The models, in spec order.
    public var models: [ModelCode]
    /// The client.
    public var client: ClientCode
    /// Whether the models are generated (the config's `models` part).
    public var emitModels: Bool
    /// Whether the client is generated (the config's `client` part).
    public var emitClient: Bool
    /// Whether the paging functions are generated (the config's `paging` part).
    public var emitPaging: Bool
    /// Whether the `…List` factories are generated (the config's `lists` part).
    public var emitLists: Bool

    /// True when there is at least one model.
    public var hasModels: Bool { !models.isEmpty }
}

extension CodeModel: TemplateValue {
    static let vocabulary = Vocabulary<CodeModel>(
        "The root of every template.",
        [
            .init("specFile", "the spec file's name") { $0.specFile },
            .init("fileStem", "the prefix of the generated file names") { $0.fileStem },
            .init("access", "`public`, `package` or `internal`") { $0.access },
            .init("imports", "the config's imports, besides Foundation and PagegenRuntime") { $0.imports },
            .init("namespace", "the namespace enum's name, if any") { $0.namespace },
            .init("file", "the file being rendered (FileCode)") { $0.file },
            .init("models", "the models (ModelCode)") { $0.models },
            .init("hasModels", "true when there is a model") { $0.hasModels },
            .init("client", "the client (ClientCode)") { $0.client },
            .init("emitModels", "the config's `models` part") { $0.emitModels },
            .init("emitClient", "the config's `client` part") { $0.emitClient },
            .init("emitPaging", "the config's `paging` part") { $0.emitPaging },
            .init("emitLists", "the config's `lists` part: the `…List` factories") { $0.emitLists },
        ])
}

/// The file a template renders.
public struct FileCode: Sendable {
    /// The file name, such as `CatalogModels.swift`.
    public var name: String
    /// The template: `Models`, `Client` or `Paging`.
    public var template: String
    /// True for the file that declares the namespace enum: the first one emitted.
    public var declaresNamespace: Bool
    /// True for the client's first file, which declares the client type and its
    /// `Operations` enum; the client's other files extend them with their endpoints.
    public var declaresClient: Bool
}

extension FileCode: TemplateValue {
    static let vocabulary = Vocabulary<FileCode>([
        .init("name", "the file name, such as `CatalogModels.swift`") { $0.name },
        .init("template", "`Models`, `Client` or `Paging`") { $0.template },
        .init("declaresNamespace", "true in the first file emitted, which declares the namespace enum") { $0.declaresNamespace },
        .init("declaresClient", "true in the client's first file, which declares the client and its `Operations` enum") {
            $0.declaresClient
        },
    ])
}

/// A function parameter: its argument label, the name it has inside the function,
/// its type and default. `{{declaration}}` prints `label name: Type = default`;
/// `{{argument}}` prints `label: name`, passing it on.
public struct ParameterCode: Sendable, Hashable {
    /// Its names.
    var names: ParameterNames
    /// The type.
    public var type: SwiftType
    /// The default value, if any.
    public var defaultValue: DefaultValue?
    /// Where a request parameter goes; nil for the arguments the generated functions
    /// add (page, size, options).
    public var location: ParameterLocation?
    /// The name on the wire, for path, query and header parameters.
    public var wireName: StringLiteral?
    /// How the value is written: a query style, a body's encoding.
    public var encoding: ParameterEncoding = .plain

    /// The argument label, as a call writes it (`in`, or \`inout\` in backticks).
    public var label: String { names.label.label }
    /// The name inside the function, escaped (\`in\` in backticks, `selfValue`).
    public var name: SwiftIdentifier { names.name }
    /// True for the body.
    public var isBody: Bool { location == .body }

    /// `label name: Type = default`, the name written once when it is the label.
    public var declaration: String {
        let declared =
            names.label.name == names.name.name ? names.label.parameterLabel : "\(names.label.parameterLabel) \(names.name.escaped)"
        return "\(declared): \(type)" + (defaultValue.map { " = \($0)" } ?? "")
    }

    /// `label: name`: the parameter passed on under its own label.
    public var argument: ArgumentCode { ArgumentCode(label: label, value: names.name) }

    /// The `options` argument of the `…List` functions.
    static let listOptions = ParameterCode(
        names: ParameterNames(label: SwiftIdentifier("options"), name: SwiftIdentifier("options")),
        type: .named("PagegenRuntime.PagedListOptions"),
        defaultValue: .initializer(.named("PagegenRuntime.PagedListOptions")))

    /// How a parameters builder adds it to a request: `parameters.query("sort", sort)`.
    public var setter: ParameterSetterCode? {
        location.map { ParameterSetterCode(location: $0, wireName: wireName, name: names.name, encoding: encoding) }
    }
}

extension ParameterCode: TemplateValue {
    static let vocabulary = Vocabulary<ParameterCode>([
        .init("label", "the argument label as a call writes it (`in`, `` `inout` ``)") { $0.label },
        .init("name", "the name inside the function, escaped (`` `in` ``, `selfValue`)") { $0.name },
        .init("type", "the type (SwiftType)") { $0.type },
        .init("defaultValue", "the default, if any: `nil`, `20`, `.open`, `PagegenRuntime.PagedListOptions()`") { $0.defaultValue },
        .init("location", "where a request parameter goes: `path`, `query`, `header` or `body`; nothing for the page, size and options") {
            $0.location
        },
        .init("wireName", "the name on the wire, for path, query and header parameters (StringLiteral)") { $0.wireName },
        .init("isBody", "true for the body") { $0.isBody },
        .init(
            "encoding",
            "how the value is written, when not as it is: `.query(style: \".deepObject(arrays: .brackets)\")`, `.form(arrays: \"indexed\")`, `.multipart`, `.raw(contentType: \"image/png\")`; `setter` writes the statement"
        ) { $0.encoding },
        .init("declaration", "the parameter declared: `label name: Type = default`") { $0.declaration },
        .init("argument", "the parameter passed on: `label: name` (ArgumentCode)") { $0.argument },
        .init("setter", "how a parameters builder adds it to the request: `parameters.query(\"sort\", sort)`, `parameters.body = body`") {
            $0.setter
        },
    ])
}

/// Where a request parameter goes.
public enum ParameterLocation: String, Sendable, Hashable, CustomStringConvertible {
    /// A segment of the path.
    case path
    /// A query item.
    case query
    /// A header field.
    case header
    /// The body.
    case body

    /// The location's name: `query`.
    public var description: String { rawValue }
}
