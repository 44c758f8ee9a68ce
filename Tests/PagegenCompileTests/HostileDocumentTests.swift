import Foundation
import PagegenCore
import PagegenImport
import PagegenTestSupport
import Testing

/// Nothing a document says reaches generated code but as a name, a string literal or a
/// comment: for each of ``HostileDocuments``, what `pagegen openapi-paging` (and
/// PagegenOpenAPIPlugin, which runs it) writes, and what `pagegen import` then
/// `pagegen generate` write, declare exactly what the document's operations imply —
/// read by the compiler's own parser — and the client compiles. (The paging extensions
/// compile against swift-openapi-generator's client in Examples/OpenAPIGeneratorConsumer,
/// whose Hostile target is built from one of these documents.)
@Suite(.serialized) struct HostileDocumentTests {
    static let indices = Array(HostileDocuments.payloads.indices)

    @Test(arguments: indices)
    func thePagingExtensionsDeclareTheFourFunctionsOfEachPagedOperationAndNothingElse(_ index: Int) throws {
        let payload = HostileDocuments.payloads[index]
        let output = try OpenAPIGeneratorPaging.generate(
            documentText: HostileDocuments.document(payload.text), name: "openapi.json", config: OpenAPIGeneratorConfig())
        #expect(output.pagedOperations == HostileDocuments.pagedOperations(payload.text), "\(payload.name)")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("PagegenPaging.swift")
        try output.source.write(to: file, atomically: true, encoding: .utf8)
        let parsed = try ParsedDeclarations.parse(file, with: TypeChecker.find()).get()

        // The top level: the three imports, then an extension of APIProtocol per operation.
        let expectedTop =
            ["import_decl Foundation", "import_decl PagegenOpenAPIRuntime", "import_decl PagegenRuntime"]
            + Array(repeating: "extension_decl APIProtocol", count: output.pagedOperations.count)
        #expect(parsed.topLevel.map(\.description) == expectedTop, "\(payload.name)")
        // Each extension declares the four functions of one method, and nothing else.
        var extensions: [[ParsedDeclarations.Declaration]] = []
        for declaration in parsed.declarations {
            if declaration.depth == 0 {
                if declaration.kind == "extension_decl" { extensions.append([]) }
            } else if declaration.depth == 1, !extensions.isEmpty {
                extensions[extensions.count - 1].append(declaration)
            }
        }
        for members in extensions {
            let names = members.map(\.name)
            #expect(members.allSatisfy { $0.kind == "func_decl" } && names.count == 4, "\(payload.name): \(names)")
            guard let first = names.first, let method = first.range(of: "Pages(_:from:storingIn:)").map({ first[..<$0.lowerBound] }) else {
                Issue.record("\(payload.name): the first function is not …Pages(_:from:storingIn:): \(names)")
                continue
            }
            #expect(
                names == [
                    "\(method)Pages(_:from:storingIn:)", "\(method)Items(_:from:storingIn:)", "\(method)List(_:options:storingIn:)",
                    "\(method)PageLoader(_:storingIn:)",
                ],
                "\(payload.name)")
        }
        let planted = parsed.declarations.filter { $0.name.hasPrefix(HostileDocuments.marker) }
        #expect(planted.isEmpty, "\(payload.name): the document declared \(planted)")
    }

    /// Every document imports with its three operations paged, the spec lints, and the
    /// generated client compiles; its top level is the namespace alone, and nothing in
    /// it is a declaration the document planted.
    @Test func importThenGenerateDeclaresOnlyTheClientAndCompiles() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = try TemplateSet.load()
        var files: [URL] = []
        var namespaces: [String] = []
        for (index, payload) in HostileDocuments.payloads.enumerated() {
            let namespace = "Hostile\(index)API"
            let result = try OpenAPIImporter.importDocument(
                text: HostileDocuments.document(payload.text), name: "hostile\(index).json",
                options: ImportOptions(name: "Hostile\(index)", namespace: namespace))
            #expect(result.pagedCount == 3, "\(payload.name): \(result.pagedCount) paged")
            let diagnostics = DiagnosticCollector()
            let generated = try GeneratorPipeline().generate(
                result.spec, file: "hostile\(index).pagegen.yaml", templates: templates, diagnostics: diagnostics)
            let errors = diagnostics.sorted.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(payload.name): \(errors.map(\.description))")
            try GeneratedFileWriter.write(generated, to: folder)
            files += generated.map { folder.appendingPathComponent($0.name) }
            namespaces.append(namespace)
        }
        let checker = try TypeChecker.find()
        for file in files {
            let parsed = try ParsedDeclarations.parse(file, with: checker).get()
            let planted = parsed.declarations.filter { $0.name.hasPrefix(HostileDocuments.marker) }
            #expect(planted.isEmpty, "\(file.lastPathComponent): the document declared \(planted)")
            let stray = parsed.topLevel.filter { declaration in
                declaration.kind != "import_decl" && !namespaces.contains { declaration.name.hasPrefix($0) }
            }
            #expect(stray.isEmpty, "\(file.lastPathComponent) declares outside its namespace: \(stray)")
        }
        let all = files
        let log = try await offPool { try checker.check(all, module: "HostileClients", in: folder) }
        #expect(log.isEmpty, "\(log.prefix(4000))")
    }

    /// Examples/OpenAPIGeneratorConsumer's Hostile target is built from the document of
    /// the single-line payloads, with swift-openapi-generator's plugin and
    /// PagegenOpenAPIPlugin: the extensions compile against the client. With
    /// PAGEGEN_RECORD=1 the test writes it.
    @Test func theExamplesHostileDocumentHoldsTheSingleLinePayloads() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/OpenAPIGeneratorConsumer/Sources/Hostile/openapi.json")
        let expected = HostileDocuments.swiftOpenAPIGeneratorDocument
        let written = try? String(contentsOf: url, encoding: .utf8)
        if ProcessInfo.processInfo.environment["PAGEGEN_RECORD"] == "1", written != expected {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("wrote \(url.lastPathComponent); unset PAGEGEN_RECORD and run again")
            return
        }
        #expect(written == expected, "Examples/OpenAPIGeneratorConsumer/Sources/Hostile/openapi.json differs (PAGEGEN_RECORD=1 writes it)")
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
