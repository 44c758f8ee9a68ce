/// Stage 3's output, and the templates' vocabulary: everything the templates need,
/// with every Swift name and type decided.
///
/// Templates read these values by their property names (`{{access}}`,
/// `{{#models}}…{{/models}}`): the names each type answers are its documented
/// properties, listed in ``TemplateNames``. Names are already escaped where Swift
/// needs backticks, types are qualified by their module, and expressions
/// (``Accessor``, ``PagingStyleCode``, ``DecodeCode``…) print themselves; templates
/// lay out the declarations and statements around them.
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
    /// Which parts to emit.
    public var emitModels: Bool
    /// Which parts to emit.
    public var emitClient: Bool
    /// Which parts to emit.
    public var emitPaging: Bool
    /// Which parts to emit: the `…List` factories.
    public var emitLists: Bool

    /// True when there is at least one model.
    public var hasModels: Bool { !models.isEmpty }
}

/// The file a template renders.
public struct FileCode: Sendable {
    /// The file name, such as `CatalogModels.swift`.
    public var name: String
    /// The template: `Models`, `Client` or `Paging`.
    public var template: String
    /// True for the file that declares the namespace enum: the first one emitted.
    public var declaresNamespace: Bool
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
    /// Where a request parameter goes: `path`, `query`, `header` or `body`; nil for
    /// the arguments the generated functions add (page, size, options).
    public var location: String?
    /// The name on the wire, for path, query and header parameters.
    public var wireName: StringLiteral?

    /// The argument label, as a call writes it (`in`, or \`inout\` in backticks).
    public var label: String { names.label.label }
    /// The name inside the function, escaped (\`in\` in backticks, `self_`).
    public var name: String { names.name.escaped }
    /// True for the body.
    public var isBody: Bool { location == "body" }

    /// `label name: Type = default`, the name written once when it is the label.
    public var declaration: String {
        let declared =
            names.label.name == names.name.name ? names.label.parameterLabel : "\(names.label.parameterLabel) \(names.name.escaped)"
        return "\(declared): \(type)" + (defaultValue.map { " = \($0)" } ?? "")
    }

    /// `label: name`: the parameter passed on under its own label.
    public var argument: ArgumentCode { ArgumentCode(label: label, value: name) }
}
