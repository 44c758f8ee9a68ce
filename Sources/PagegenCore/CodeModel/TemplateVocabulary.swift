import Mustache

/// A value of the code model that templates read by name.
///
/// Each type declares its names once, in its ``vocabulary``: a name, what it holds,
/// and how it is read. Rendering looks names up there (`child(named:)`), a user's
/// templates are checked against ``TemplateNames`` (every type's names), and
/// docs/templates.md is written from the same declarations (a test keeps it so).
protocol TemplateValue: MustacheParent {
    /// The names this type answers.
    static var vocabulary: Vocabulary<Self> { get }
}

extension TemplateValue {
    /// The value a template reads as `name`; nil for a name this type does not
    /// declare, or an optional without a value, which Mustache then looks up in the
    /// values around it.
    public func child(named name: String) -> Any? {
        Self.vocabulary.read(name, of: self)
    }
}

/// The names one type of the code model answers, in the order docs/templates.md
/// lists them.
struct Vocabulary<Value>: Sendable {
    /// One name: what a template writes, what it holds, and how it is read.
    struct Name: Sendable {
        let name: String
        let summary: String
        let read: @Sendable (Value) -> Any?

        init(_ name: String, _ summary: String, read: @escaping @Sendable (Value) -> Any?) {
            self.name = name
            self.summary = summary
            self.read = read
        }
    }

    /// What docs/templates.md says of the type before its names.
    let summary: String?
    let names: [Name]
    private let readers: [String: @Sendable (Value) -> Any?]

    init(_ names: [Name]) {
        self.init(nil, names)
    }

    init(_ summary: String?, _ names: [Name]) {
        self.summary = summary
        self.names = names
        readers = Dictionary(names.map { ($0.name, $0.read) }) { first, _ in first }
    }

    func read(_ name: String, of value: Value) -> Any? {
        readers[name]?(value)
    }

    /// The type's part of docs/templates.md.
    var documentation: TemplateNames.TypeNames {
        TemplateNames.TypeNames(
            type: "\(Value.self)", summary: summary, names: names.map { (name: $0.name, summary: $0.summary) })
    }
}

/// Expressions print themselves and answer no names: inside a section over one,
/// names are looked up in the values around it.
protocol TemplateExpression: MustacheParent, TemplatePrintable {}

extension TemplateExpression {
    /// Nothing: an expression answers no names.
    public func child(named name: String) -> Any? { nil }
}

/// A value that prints itself as Swift (`{{type}}`, `{{name}}`): swift-mustache prints
/// its description as it is.
protocol TemplatePrintable: MustacheCustomRenderable, CustomStringConvertible {}

extension TemplatePrintable {
    /// What `{{value}}` prints: the Swift the value stands for.
    public var renderText: String { description }
    /// False: a value is never Mustache's null.
    public var isNull: Bool { false }
}

/// The template vocabulary: the names each type of the code model answers, as the
/// types declare them. A template may use these names (and Mustache's `first()`,
/// `last()`, `index()` inside a list); ``TemplateSet`` rejects a template that uses
/// any other.
public enum TemplateNames {
    /// The names of one type, as docs/templates.md lists them.
    public struct TypeNames: Sendable {
        /// The type, such as `ModelCode`.
        public var type: String
        /// What the documentation says of the type before its names.
        public var summary: String?
        /// Each name and what it holds.
        public var names: [(name: String, summary: String)]
    }

    /// Every type's names, in the order docs/templates.md documents them.
    public static let byType: [TypeNames] = [
        CodeModel.vocabulary.documentation, FileCode.vocabulary.documentation, ModelCode.vocabulary.documentation,
        FieldCode.vocabulary.documentation, IdentityCode.vocabulary.documentation, EnumCode.vocabulary.documentation,
        EnumCaseCode.vocabulary.documentation, ClientCode.vocabulary.documentation, CredentialsCode.vocabulary.documentation,
        CredentialFieldCode.vocabulary.documentation, ServerCode.vocabulary.documentation, HeaderCode.vocabulary.documentation,
        EndpointCode.vocabulary.documentation,
        ParameterCode.vocabulary.documentation, PagingCode.vocabulary.documentation, WindowCode.vocabulary.documentation,
        IDListCode.vocabulary.documentation, ParameterList.vocabulary.documentation, ArgumentCode.vocabulary.documentation,
        ArgumentList.vocabulary.documentation, SwiftIdentifier.vocabulary.documentation,
        SwiftType.vocabulary.documentation, StringLiteral.vocabulary.documentation,
        OpenAPIPagingCode.vocabulary.documentation, OpenAPIPagedOperationCode.vocabulary.documentation,
        OpenAPINextLinkCode.vocabulary.documentation, OpenAPIAnswerCode.vocabulary.documentation,
    ]

    /// Every name a template may use.
    public static let all: Set<String> = Set(byType.flatMap { $0.names.map(\.name) })

    /// The vocabulary as docs/templates.md writes it: a section per type, with a
    /// table of its names.
    public static var markdown: String {
        byType.map { type in
            var lines = ["### \(type.type)", ""]
            if let summary = type.summary { lines += [summary, ""] }
            lines += ["| name | value |", "|---|---|"] + type.names.map { "| `\($0.name)` | \($0.summary) |" }
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }
}

extension SwiftIdentifier: TemplatePrintable {}
extension SwiftType: TemplatePrintable {}
extension StringLiteral: TemplatePrintable {}
extension ParameterList: TemplatePrintable {}
extension ArgumentList: TemplatePrintable {}
extension ArgumentCode: TemplatePrintable {}
extension ParameterLocation: TemplatePrintable {}
extension ResponseCode: TemplatePrintable {}
