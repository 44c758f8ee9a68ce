import Foundation
import OpenAPIKit
import PagegenCore
import PagegenYAML

/// What `pagegen import` is asked to do.
public struct ImportOptions: Sendable {
    /// The operations to import, by operationId, `METHOD /path` or `/path` (`*` matches
    /// any run of characters); with the three lists below all empty, every operation.
    public var operations: [String]
    /// Operations to import by tag (`--include-tag`; `*` matches any run of characters,
    /// case is ignored).
    public var includeTags: [String] = []
    /// Operations to import by path, every method on it (`--include-path`, globs).
    public var includePaths: [String] = []
    /// Operations to import by operationId or `METHOD /path` (`--include-operation`, globs).
    public var includeOperations: [String] = []
    /// A Fern overrides file to merge into the document first.
    public var overrides: URL?
    /// How notes name the overrides file.
    public var overridesName: String?
    /// The spec's `name`, instead of one made from the document's title.
    public var name: String?
    /// The spec's `namespace`, instead of the name followed by `API`.
    public var namespace: String?
    /// The spec's `baseURL`, instead of the document's first server.
    public var baseURL: String?

    /// Creates options.
    public init(
        operations: [String] = [], includeTags: [String] = [], includePaths: [String] = [], includeOperations: [String] = [],
        overrides: URL? = nil, overridesName: String? = nil, name: String? = nil, namespace: String? = nil, baseURL: String? = nil
    ) {
        self.operations = operations
        self.includeTags = includeTags
        self.includePaths = includePaths
        self.includeOperations = includeOperations
        self.overrides = overrides
        self.overridesName = overridesName
        self.name = name
        self.namespace = namespace
        self.baseURL = baseURL
    }
}

/// A written spec and what the importer noted on the way.
public struct ImportResult: Sendable {
    /// The spec's text.
    public var spec: String
    /// Every note and warning, in the order the importer made them.
    public var notes: [ImportNote]
    /// How many models the spec declares.
    public var modelCount: Int
    /// How many endpoints the spec declares.
    public var endpointCount: Int
    /// How many of the endpoints page.
    public var pagedCount: Int
    /// Each operation imported, in document order, with how it pages.
    public var operations: [ImportedOperationSummary] = []
}

/// One imported operation, and how the importer pages it: what a tool that checks an
/// import (`Benchmarks/import/corpus.sh`) compares with what the document says.
public struct ImportedOperationSummary: Sendable {
    /// `GET`, `POST`…
    public var method: String
    /// The path template.
    public var path: String
    /// The `operationId`, if the document gives one.
    public var operationID: String?
    /// How it pages; nil when it does not.
    public var paging: Paging?

    /// How an operation pages.
    public struct Paging: Sendable, Hashable {
        /// `page`, `offset`, `cursor`, `link` (the `Link` header) or `next` (a next URL in the body).
        public var style: String
        /// The page, offset or cursor parameter.
        public var parameter: String?
        /// Where the next cursor or link comes from: a path of the answer, `header:X-Next`,
        /// or `item:id` (a field of the last item).
        public var next: String?
        /// The path of the items in the answer, empty for an answer that is the list.
        public var items: String
    }
}

/// `pagegen import`: reads an OpenAPI 3.0 / 3.1 or Swagger 2.0 document (JSON or
/// YAML) and writes a spec: models from the schemas the chosen operations use,
/// endpoints with their parameters, bodies and responses, `auth` from the security
/// schemes, `baseURL` from the servers, and `paging:` for every list operation, from
/// a pagination extension or from the operation's shape. Every inference is a note
/// and a comment in the spec; what cannot be translated is a warning.
public enum OpenAPIImporter {
    /// Imports the document at `url`; `name` is how notes name it.
    /// - Throws: ``ImportError`` when the document cannot be read as OpenAPI at all.
    public static func importDocument(
        at url: URL, name: String, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportResult {
        var file = try SourceFile.read(url, name: name)
        // A document split across files is read into one tree first.
        var grafts: [JSONPointer: SplitDocument.Graft] = [:]
        if SplitDocument.referencesOtherFiles(file.root) {
            (file.root, grafts, _) = try SplitDocument.assemble(file, at: url)
        }
        var overrides: SourceFile?
        if let overridesURL = options.overrides {
            overrides = try SourceFile.read(overridesURL, name: options.overridesName ?? overridesURL.lastPathComponent)
        }
        return try importDocument(file, overrides: overrides, grafts: grafts, options: options)
    }

    /// Imports a document given as text (JSON or YAML).
    public static func importDocument(
        text: String, name: String, overridesText: String? = nil, overridesName: String = "overrides.yaml",
        options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportResult {
        let file = try SourceFile.parse(text, name: name)
        let overrides = try overridesText.map { text throws(ImportError) in try SourceFile.parse(text, name: overridesName) }
        return try importDocument(file, overrides: overrides, options: options)
    }

    static func importDocument(
        _ file: SourceFile, overrides: SourceFile?, grafts: [JSONPointer: SplitDocument.Graft] = [:], options: ImportOptions
    ) throws(ImportError) -> ImportResult {
        let analysis = try analyze(file, overrides: overrides, grafts: grafts, options: options)
        let spec = analysis.spec
        let text = SpecWriter.write(spec)
        return ImportResult(
            spec: text, notes: ImportNote.inDocumentOrder(analysis.log.notes), modelCount: spec.models.count,
            endpointCount: spec.endpoints.count,
            pagedCount: spec.endpoints.filter { $0.paging != nil }.count, operations: analysis.drafts.map(\.summary))
    }

    /// What importing a document found, before it is written as a spec: the document,
    /// each operation's draft (its endpoint and paging), and the notes.
    struct Analysis {
        var document: OpenAPI.Document
        var source: DocumentSource
        var log: NoteLog
        var spec: ImportedSpec
        var drafts: [EndpointDraft]
    }

    /// Reads a document and imports its operations, as `pagegen import` does. When the
    /// import stops, the error carries the notes made until then.
    static func analyze(
        _ file: SourceFile, overrides: SourceFile?, grafts: [JSONPointer: SplitDocument.Graft] = [:], options: ImportOptions
    ) throws(ImportError) -> Analysis {
        let log = NoteLog()
        do {
            return try analyze(file, overrides: overrides, grafts: grafts, options: options, log: log)
        } catch {
            var error = error
            error.notes = log.notes
            throw error
        }
    }

    private static func analyze(
        _ file: SourceFile, overrides: SourceFile?, grafts: [JSONPointer: SplitDocument.Graft], options: ImportOptions, log: NoteLog
    ) throws(ImportError) -> Analysis {
        var source = try prepare(file, grafts: grafts, log: log)
        if let overrides {
            var merge = OverridesMerge()
            source.root = merge.merge(source.root, overrides.root)
            source.overridesFile = overrides.name
            source.overridden = merge.overridden
            NoteWriter(source: source, log: log).note(
                JSONPointer(), "overrides", "merged \(overrides.name) into the document, as Fern does")
        }
        let (document, decoded) = try DocumentDecoder.decode(source, notes: NoteWriter(source: source, log: log))
        source = decoded
        var importer = SpecImporter(document: document, source: source, log: log, options: options)
        let spec = try importer.run()
        return Analysis(document: document, source: source, log: log, spec: spec, drafts: importer.drafts)
    }

    /// The document as OpenAPI 3: a Swagger 2.0 one converted.
    private static func prepare(
        _ file: SourceFile, grafts: [JSONPointer: SplitDocument.Graft], log: NoteLog
    ) throws(ImportError) -> DocumentSource {
        let root = file.root
        if let swagger = root["swagger"]?.scalarText {
            guard swagger.hasPrefix("2.") else {
                throw ImportError(
                    file: file.name, mark: root["swagger"]?.mark, message: "unsupported Swagger version \(swagger)",
                    hint: "pagegen reads Swagger 2.0 and OpenAPI 3.0 and 3.1")
            }
            let original = DocumentSource(root: root, file: file.name, grafts: grafts)
            let converted = SwaggerConverter(root: root, notes: NoteWriter(source: original, log: log)).convert()
            return DocumentSource(root: converted, file: file.name, convertedFromSwagger2: true, grafts: grafts)
        }
        guard let version = root["openapi"]?.scalarText else {
            throw ImportError(
                file: file.name, mark: root.mark, message: "not an OpenAPI or Swagger document: it has neither 'openapi' nor 'swagger'",
                hint: "give an OpenAPI 3.0 / 3.1 or Swagger 2.0 document")
        }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw ImportError(
                file: file.name, mark: root["openapi"]?.mark, message: "unsupported OpenAPI version \(version)",
                hint: "pagegen reads OpenAPI 3.0 and 3.1, and Swagger 2.0")
        }
        return DocumentSource(root: root, file: file.name, grafts: grafts)
    }
}

/// One import, from the decoded document to the spec.
struct SpecImporter {
    let document: OpenAPI.Document
    let source: DocumentSource
    let log: NoteLog
    let options: ImportOptions
    let notes: NoteWriter
    /// Each operation imported, with its endpoint and paging, once ``run()`` has run.
    private(set) var drafts: [EndpointDraft] = []

    init(document: OpenAPI.Document, source: DocumentSource, log: NoteLog, options: ImportOptions) {
        self.document = document
        self.source = source
        self.log = log
        self.options = options
        notes = NoteWriter(source: source, log: log)
    }

    mutating func run() throws(ImportError) -> ImportedSpec {
        let selector = OperationSelector(
            selectors: options.operations, tags: options.includeTags, paths: options.includePaths,
            operationIDs: options.includeOperations)
        let (operations, unmatched) = selector.select(from: document)
        for option in unmatched {
            let message =
                option.hasPrefix("--operations ")
                ? "'\(option.dropFirst("--operations ".count))' matches no operation" : "\(option) matches no operation"
            notes.warning(JSONPointer(["paths"]), "operations", message)
        }
        guard !operations.isEmpty else {
            let byOperations = options.includeTags.isEmpty && options.includePaths.isEmpty && options.includeOperations.isEmpty
            throw ImportError(
                file: source.file, mark: source.root.mark(of: JSONPointer(["paths"])),
                message: selector.selectsAll
                    ? "the document has no operations"
                    : byOperations
                        ? "no operation matches --operations \(options.operations.joined(separator: ","))"
                        : "no operation matches \(selector.described)",
                hint: selector.selectsAll
                    ? (log.notes.contains { $0.severity == .warning }
                        ? "the warnings above say what was left out" : "declare operations under 'paths'")
                    : "name operations by operationId, 'GET /path' or '/path', paths with --include-path and tags with --include-tag")
        }
        if !selector.selectsAll {
            let total = document.paths.values.reduce(0) { count, item in
                guard case .b(let pathItem) = item else { return count }
                return count + pathItem.endpoints.count
            }
            notes.note(
                JSONPointer(["paths"]), "operations",
                "\(operations.count) of the document's \(total) operations are imported (\(selector.described)), with the models they use")
        }
        let name = options.name.map(SpecWords.typeName) ?? Self.specName(fromTitle: document.info.title)
        let namespace = options.namespace ?? name + "API"
        let schemas = SchemaImporter(
            components: document.components, source: source, notes: notes,
            names: TypeNames(also: [name, namespace] + SpecNaming.clientNames(ofSpec: name)))
        let (baseURL, serverComments) = ServerImporter(document: document, notes: notes).baseURL(override: options.baseURL)
        let servers = ServerNames()
        let endpointImporter = EndpointImporter(
            document: document, schemas: schemas, notes: notes, source: source, baseURL: baseURL, servers: servers,
            bracketNames: BracketEvidence(root: source.root))
        let nextPageOperations = Self.nextPageOperations(of: operations)
        var names = EndpointNames()
        var drafts: [EndpointDraft] = []
        var skipped: [String] = []
        for operation in operations {
            if let owner = nextPageOperations[operation.operation.operationId ?? ""], owner != operation.operation.operationId {
                let message =
                    "not imported: it fetches the next pages of '\(owner)' (x-ms-pageable operationName), which follows the next link itself"
                notes.note(operation.pointer, "endpoint", message)
                skipped.append("\(operation.title): \(message)")
                continue
            }
            do {
                drafts.append(try endpointImporter.draft(operation, name: names.claim(for: operation)))
            } catch {
                notes.warning(operation.pointer, "endpoint", "not imported: \(error.reason)")
                skipped.append("\(operation.title): not imported: \(error.reason)")
            }
        }
        // Paging reads the models, so the models are read first.
        schemas.finish()
        let navigator = ModelNavigator(model: schemas.model(named:))
        let paging = PagingImporter(extensions: PagingExtensions(document: document, notes: notes), navigator: navigator, notes: notes)
        PagingImporter.lendDescriptions(among: &drafts)
        for index in drafts.indices {
            paging.addPaging(to: &drafts[index])
        }
        paging.applyConventions(to: &drafts, schemas: schemas)
        for index in drafts.indices {
            separateSwiftNames(of: &drafts[index])
        }
        schemas.finish()

        let (auth, authComments) = AuthImporter(document: document, notes: notes).schemes(for: drafts.map(\.operation))
        var spec = ImportedSpec(
            name: name, namespace: namespace, description: EndpointImporter.summary(document.info.title), baseURL: baseURL)
        spec.auth = auth
        spec.servers = servers.servers
        spec.topComments = serverComments
        spec.authComments = authComments
        if auth.isEmpty {
            let message = "the document declares no security scheme; add 'auth:' if the API needs credentials"
            notes.note(JSONPointer(), "auth", message)
            spec.authComments.append("auth: " + message)
        }
        spec.endpoints = drafts.map(\.endpoint)
        chooseDates(&spec, schemas: schemas)
        RequestPresence.apply(to: &spec)
        for endpoint in spec.endpoints where endpoint.body?.isMergePatch == true {
            notes.note(
                endpoint.pointer, "body",
                "the body is a JSON merge patch: each field that is not required is left out (kept), null (removed) or a value")
        }
        spec.errors = Self.inBodyErrors(drafts, navigator: navigator, schemas: schemas, notes: notes)
        var documentComments: [String] = []
        let errorStatuses = Set(
            drafts.flatMap { $0.operation.operation.responses.keys.map(\.rawValue) }.filter {
                !$0.hasPrefix("2") && !$0.hasPrefix("1") && !$0.hasPrefix("3")
            })
        if !errorStatuses.isEmpty {
            let message =
                "the error responses (\(errorStatuses.sorted().joined(separator: ", "))) are not modelled: a failing call gives an APIError that holds the status and the body"
            notes.note(JSONPointer(["paths"]), "responses", message)
            documentComments.append("responses: " + message)
        }
        if !document.webhooks.isEmpty {
            let message =
                "the webhooks (\(document.webhooks.keys.joined(separator: ", "))) are not translated: a client does not receive them"
            notes.note(JSONPointer(["webhooks"]), "webhooks", message)
            documentComments.append("webhooks: " + message)
        }
        let version = source.convertedFromSwagger2 ? "Swagger 2.0" : "OpenAPI \(source.root["openapi"]?.scalarText ?? "3")"
        spec.header =
            [
                "Imported by `pagegen import` from \(source.file)\(source.overridesFile.map { " and \($0)" } ?? "") (\(version), \(document.info.title) \(document.info.version)).",
                "Comments say what the importer inferred or left out; check them, then edit this spec as your own.",
            ] + skipped.map { "Not imported: \($0)" } + documentComments
        self.drafts = drafts
        return spec
    }

    /// Gives a `swiftName:` to the parameters whose Swift names would clash: with each
    /// other, or with an argument the generated functions add, as the generator lists
    /// them (`completion:`, `body:` with a body, and for a paged endpoint `page:` or
    /// `offset:`, the size's label, `around:`, `options:` and `from:`). Their names on the wire stay.
    private func separateSwiftNames(of draft: inout EndpointDraft) {
        var names = SwiftNames()
        let page: SpecNaming.PageArgument? = draft.endpoint.paging.map { paging in
            if case .offset = paging.style { .offset } else { .page }
        }
        for (label, purpose) in SpecNaming.generatedArguments(
            page: page, sizeParameter: draft.endpoint.paging?.size?.parameter?.name,
            opensAround: draft.endpoint.paging?.around != nil, hasBody: draft.endpoint.body != nil)
        {
            names.reserve(label, for: purpose)
        }
        func separate(_ parameters: inout [ImportedParameter]) {
            for index in parameters.indices {
                let name = parameters[index].name
                guard let (other, alternative) = names.claim(name) else { continue }
                parameters[index].swiftName = alternative
                let holder = other.hasPrefix("the ") ? other : "the parameter '\(other)'"
                let message = "'\(name)' would be the same Swift argument as \(holder); it is '\(alternative):' in Swift"
                notes.note(draft.operation.pointer, "parameter", message)
                draft.endpoint.comments.append("parameter: " + message)
            }
        }
        separate(&draft.endpoint.pathParameters)
        separate(&draft.endpoint.query)
        separate(&draft.endpoint.header)
    }

    /// `dates: unixSeconds` when every date is written in seconds; otherwise the
    /// default, ISO 8601, with `dates:` on the fields that differ.
    private func chooseDates(_ spec: inout ImportedSpec, schemas: SchemaImporter) {
        let styles = schemas.dateStyles
        if (styles[.unixSeconds] ?? 0) > 0, (styles[.iso8601] ?? 0) == 0 {
            spec.dates = .unixSeconds
        }
        spec.models = schemas.models.map { model in
            var model = model
            model.fields = model.fields.map { field in
                var field = field
                if field.dates == spec.dates || field.dates == .iso8601 && spec.dates == .iso8601 { field.dates = nil }
                return field
            }
            return model
        }
    }

    /// Operations that x-ms-pageable names as the fetchers of another's next pages.
    private static func nextPageOperations(of operations: [ImportedOperation]) -> [String: String] {
        var owners: [String: String] = [:]
        for operation in operations {
            guard let pageable = operation.operation.vendorExtensions["x-ms-pageable"]?.value as? [String: Any],
                let name = pageable["operationName"] as? String, let owner = operation.operation.operationId
            else { continue }
            if owners[name] == nil { owners[name] = owner }
        }
        return owners
    }

    /// Slack-style errors in a 200 response: the success response has a Bool `ok` and
    /// the error response an `error` text.
    private static func inBodyErrors(
        _ drafts: [EndpointDraft], navigator: ModelNavigator, schemas: SchemaImporter, notes: NoteWriter
    ) -> ImportedErrors? {
        for draft in drafts {
            guard navigator.field("ok", of: draft.endpoint.returns)?.type.isBool == true,
                let error = draft.errorSchema.map(schemas.dereference),
                let properties = schemas.objectShape(of: error, at: draft.operation.pointer)?.properties,
                properties.contains(where: { $0.name == "error" }), properties.contains(where: { $0.name == "ok" })
            else { continue }
            let message =
                "errors arrive in successful responses as 'ok: false' with an 'error' (inferred from the ok field of the response and the error response's ok and error)"
            notes.note(draft.operation.pointer.appending("responses"), "errors", message)
            return ImportedErrors(flag: "ok", message: "error", comment: "errors: " + message)
        }
        return nil
    }

    /// A spec name from a title: `Slack Web API` → `Slack`, `GitHub v3 REST API` → `GitHub`.
    static func specName(fromTitle title: String) -> String {
        let filler: Set<String> = [
            "the", "api", "apis", "rest", "web", "http", "openapi", "swagger", "service", "services", "spec", "specification", "platform",
            "cloud", "public", "client",
        ]
        var words = title.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        // What comes after "API" qualifies the document ("… Web API with fixes from …").
        if let api = words.firstIndex(where: { $0.lowercased() == "api" }), api > 0 { words = Array(words[..<api]) }
        if let last = words.last, last.count > 6, last.hasSuffix("Client") { words[words.count - 1] = String(last.dropLast(6)) }
        words = words.filter { word in
            let lower = word.lowercased()
            if filler.contains(lower) { return false }
            if lower.first == "v", lower.dropFirst().allSatisfy(\.isNumber) { return false }
            return !lower.allSatisfy(\.isNumber)
        }
        let joined = words.map { SpecWords.uppercaseFirst($0) }.joined()
        return joined.isEmpty ? "API" : SpecWords.typeName(joined)
    }
}
