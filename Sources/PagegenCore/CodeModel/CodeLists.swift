import Mustache

/// Parameters in order, as a signature declares them: `{{functionParameters}}` prints
/// `categoryID: Swift.String, page: Swift.Int = 1`, `{{functionParameters.arguments}}`
/// passes them on (`categoryID: categoryID, page: page`), and a section over the list
/// reads each ``ParameterCode``.
public struct ParameterList: Sendable, Hashable, RandomAccessCollection, CustomStringConvertible {
    /// The parameters.
    public var parameters: [ParameterCode]

    /// A list of `parameters`.
    public init(_ parameters: [ParameterCode]) {
        self.parameters = parameters
    }

    /// The first index.
    public var startIndex: Int { parameters.startIndex }
    /// Past the last index.
    public var endIndex: Int { parameters.endIndex }
    /// The parameter at `index`.
    public subscript(index: Int) -> ParameterCode { parameters[index] }

    /// Each parameter passed on under its own label: `categoryID: categoryID, page: page`.
    public var arguments: ArgumentList { ArgumentList(parameters.map(\.argument)) }

    /// The declarations, separated by commas.
    public var description: String { parameters.map(\.declaration).joined(separator: ", ") }
}

extension ParameterList: TemplateValue, MustacheSequence, MustacheTransformable {
    static let vocabulary = Vocabulary<ParameterList>(
        "A list of parameters (a section over it reads each ParameterCode): `{{functionParameters}}` prints their declarations, `categoryID: Swift.String, page: Swift.Int = 1`.",
        [
            .init("arguments", "the parameters passed on under their labels: `categoryID: categoryID, page: page` (ArgumentList)") {
                $0.arguments
            }
        ])

    /// Mustache's transforms of a list: `count(functionParameters)`, `reversed(…)`.
    public func transform(_ name: String) -> Any? { parameters.transform(name) }
}

/// Arguments in order, as a call writes them: `{{arguments}}` prints `style: …, items: …`,
/// and a section over the list reads each ``ArgumentCode``.
public struct ArgumentList: Sendable, RandomAccessCollection, CustomStringConvertible {
    /// The arguments.
    public var arguments: [ArgumentCode]

    /// A list of `arguments`.
    public init(_ arguments: [ArgumentCode]) {
        self.arguments = arguments
    }

    /// The first index.
    public var startIndex: Int { arguments.startIndex }
    /// Past the last index.
    public var endIndex: Int { arguments.endIndex }
    /// The argument at `index`.
    public subscript(index: Int) -> ArgumentCode { arguments[index] }

    /// The arguments, separated by commas.
    public var description: String { arguments.map(\.description).joined(separator: ", ") }
}

extension ArgumentList: TemplateValue, MustacheSequence, MustacheTransformable {
    static let vocabulary = Vocabulary<ArgumentList>(
        "A list of arguments (a section over it reads each ArgumentCode): `{{arguments}}` prints them as a call does, `label: value, …`.",
        [])

    /// Mustache's transforms of a list: `count(arguments)`, `reversed(…)`.
    public func transform(_ name: String) -> Any? { arguments.transform(name) }
}
