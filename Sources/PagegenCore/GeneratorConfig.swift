/// Options that shape the generated code, from `pagegen-config.yaml` or the command line.
public struct GeneratorConfig: Sendable, Hashable {
    /// The access level of generated declarations.
    public enum AccessModifier: String, Sendable, Hashable, CaseIterable {
        /// `public`: for a library that vends the client.
        case `public`
        /// `package`: visible to the other modules of the same package.
        case `package`
        /// `internal`: for an app that uses the client itself.
        case `internal`
    }

    /// The parts that can be emitted.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        /// Codable models.
        case models
        /// The client with its endpoint functions.
        case client
        /// `…Pages` and `all…` async sequences.
        case paging
        /// `…List` factories for the list adapter.
        case lists
    }

    /// The access level; `public` by default.
    public var accessModifier: AccessModifier
    /// The parts to emit; all by default.
    public var parts: Set<Part>
    /// A namespace to put every generated type in, overriding the spec's.
    public var namespace: String?
    /// A prefix for every generated type name (models and the client).
    public var typePrefix: String
    /// Modules imported by every generated file, besides Foundation and PagegenRuntime.
    public var extraImports: [String]
    /// A folder of templates that override the bundled ones, file by file.
    public var templatesDirectory: String?
    /// The stem of the generated file names (`<stem>Models.swift`, …); the spec's
    /// name (with the type prefix) when nil. Build plugins set it from the spec
    /// file's name, so that output names are known before the tool runs.
    public var fileStem: String?
    /// True to declare model fields with `var`, so that a decoded value can be changed
    /// in place; false by default: fields are `let`, and a changed value is made with
    /// the memberwise initializer. (A model that contains itself is a final class,
    /// whose fields are always `let`.)
    public var mutableModels: Bool
    /// The number of files the models are written in; by their number when nil
    /// (``FileCounts``). Build plugins set it from their own count of the spec's
    /// models, so that they know the files before the tool runs.
    public var modelFiles: Int?
    /// The number of files the client is written in; by the number of endpoints when nil.
    public var clientFiles: Int?

    /// Creates a configuration.
    public init(
        accessModifier: AccessModifier = .public,
        parts: Set<Part> = Set(Part.allCases),
        namespace: String? = nil,
        typePrefix: String = "",
        extraImports: [String] = [],
        templatesDirectory: String? = nil,
        fileStem: String? = nil,
        mutableModels: Bool = false,
        modelFiles: Int? = nil,
        clientFiles: Int? = nil
    ) {
        self.accessModifier = accessModifier
        self.parts = parts
        self.namespace = namespace
        self.typePrefix = typePrefix
        self.extraImports = extraImports
        self.templatesDirectory = templatesDirectory
        self.fileStem = fileStem
        self.mutableModels = mutableModels
        self.modelFiles = modelFiles
        self.clientFiles = clientFiles
    }
}

extension GeneratorConfig {
    /// Why `name` cannot be the namespace of generated code, with `imports` imported
    /// besides Foundation and PagegenRuntime; nil when it can.
    public static func namespaceProblem(_ name: String, imports: [String] = []) -> Diagnostic? {
        SpecNames.namespaceProblem(name, modules: SpecNames.modules + imports).map { Diagnostic(.error, $0.message, hint: $0.hint) }
    }
}
