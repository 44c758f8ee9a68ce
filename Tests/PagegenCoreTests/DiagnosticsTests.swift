import PagegenCore
import PagegenYAML
import Testing

/// How diagnostics are printed and collected, and what a spec's problems look like
/// end to end, through `GeneratorPipeline.check` as `pagegen lint` runs it.
@Suite struct DiagnosticsTests {
    @Test func anErrorWithAHintPrintsLikeACompiler() {
        let diagnostic = Diagnostic(
            .error, "unknown key 'offest' in 'paging' of endpoint 'products'", hint: "did you mean 'offset'?",
            at: PagegenCore.SourceLocation(file: "specs/x.pagegen.yaml", mark: Mark(line: 12, column: 5)))
        #expect(
            diagnostic.description
                == "specs/x.pagegen.yaml:12:5: error: unknown key 'offest' in 'paging' of endpoint 'products'; did you mean 'offset'?")
    }

    @Test func aWarningWithoutAHint() {
        let diagnostic = Diagnostic(
            .warning, "the spec declares no endpoints",
            at: PagegenCore.SourceLocation(file: "a.yaml", mark: Mark(line: 1, column: 1)))
        #expect(diagnostic.description == "a.yaml:1:1: warning: the spec declares no endpoints")
    }

    @Test func aDiagnosticWithoutAPlace() {
        let diagnostic = Diagnostic(.error, "cannot read specs/x.pagegen.yaml", hint: "check that the file exists and is UTF-8 text")
        #expect(diagnostic.description == "error: cannot read specs/x.pagegen.yaml; check that the file exists and is UTF-8 text")
    }

    @Test func locationsPrintFileLineAndColumn() {
        #expect(
            PagegenCore.SourceLocation(file: "specs/x.pagegen.yaml", mark: Mark(line: 3, column: 14)).description
                == "specs/x.pagegen.yaml:3:14")
        #expect(Mark(line: 3, column: 14).description == "3:14")
    }

    @Test func errorsAreMoreSevereThanWarnings() {
        #expect(Diagnostic.Severity.warning < .error)
        #expect(!(Diagnostic.Severity.error < .warning))
    }

    @Test func theCollectorKnowsWhetherThereAreErrors() {
        let collector = DiagnosticCollector()
        #expect(!collector.hasErrors)
        collector.emit(Diagnostic(.warning, "a warning"))
        #expect(!collector.hasErrors)
        collector.emit(Diagnostic(.error, "an error"))
        #expect(collector.hasErrors)
        #expect(collector.diagnostics.map(\.message) == ["a warning", "an error"])
    }

    @Test func theCollectorSortsByFileThenPositionAndKeepsTheOrderOfEqualPositions() {
        let collector = DiagnosticCollector()
        func at(_ file: String, _ line: Int, _ column: Int) -> PagegenCore.SourceLocation {
            PagegenCore.SourceLocation(file: file, mark: Mark(line: line, column: column))
        }
        collector.emit(Diagnostic(.error, "b 9:1", at: at("b.yaml", 9, 1)))
        collector.emit(Diagnostic(.error, "a 7:3", at: at("a.yaml", 7, 3)))
        collector.emit(Diagnostic(.error, "a 2:8", at: at("a.yaml", 2, 8)))
        collector.emit(Diagnostic(.error, "a 7:3 again", at: at("a.yaml", 7, 3)))
        collector.emit(Diagnostic(.error, "a 2:10", at: at("a.yaml", 2, 10)))
        #expect(collector.sorted.map(\.message) == ["a 2:8", "a 2:10", "a 7:3", "a 7:3 again", "b 9:1"])
    }

    @Test func generationFailedListsEveryDiagnostic() throws {
        let error = try #require(throws: GenerationFailed.self) {
            try GeneratorPipeline().generate(
                """
                pagegen: 1
                name: Shop
                baseURL: https://api.example.com
                models:
                  Product: { id: Strng, price: Dubble }
                endpoints:
                  products: { get: /products, returns: "[Product]" }
                """, file: SpecProbe.file, templates: try TemplateSet.load(), diagnostics: DiagnosticCollector())
        }
        #expect(
            error.description == """
                specs/shop.pagegen.yaml:5:18: error: unknown type 'Strng'; did you mean 'String'?
                specs/shop.pagegen.yaml:5:32: error: unknown type 'Dubble'; did you mean 'Double'?
                """)
    }

    @Test func aSpecWithManyProblemsReportsEachAtItsOwnPlace() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            modles: {}
            models:
              Product:
                id: Int
                name: Strng
              ProductPage:
                products: [Product]
                total: Int
            endpoints:
              products:
                get: /shops/{shop_id}/products
                returns: ProductPage
                paging:
                  offest: { param: offset }
                  items: products
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:1: error: unknown key 'modles' in the spec; did you mean 'models'?",
                "specs/shop.pagegen.yaml:8:11: error: unknown type 'Strng'; did you mean 'String'?",
                "specs/shop.pagegen.yaml:14:10: error: the path parameter '{shop_id}' of endpoint 'products' is not declared; add 'path: { shop_id: String }' to the endpoint",
                "specs/shop.pagegen.yaml:17:7: error: unknown key 'offest' in 'paging' of endpoint 'products'; did you mean 'offset'?",
                "specs/shop.pagegen.yaml:17:7: error: 'paging' of endpoint 'products' needs a paging style; add one of: page, offset, cursor, next, ids",
            ])
    }

    @Test func aCleanSpecHasNoDiagnostics() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int, name: String }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  page: { param: page }
            """)
        #expect(output == [])
    }
}

/// Runs spec text through the loader and the validator and returns what they
/// report, as `pagegen lint` prints it, for tests that pin exact messages.
enum SpecProbe {
    /// The file name diagnostics carry.
    static let file = "specs/shop.pagegen.yaml"

    /// Loads and validates `text`: every diagnostic, sorted, printed.
    static func check(_ text: String) -> [String] {
        let diagnostics = DiagnosticCollector()
        _ = GeneratorPipeline().check(text, file: file, diagnostics: diagnostics)
        return diagnostics.sorted.map(\.description)
    }

    /// Only the loader: the spec (nil when the text is no spec at all) and what the loader reported.
    static func load(_ text: String) -> (spec: Spec?, diagnostics: [String]) {
        let diagnostics = DiagnosticCollector()
        let spec = SpecLoader.load(text, file: file, diagnostics: diagnostics)
        return (spec, diagnostics.sorted.map(\.description))
    }

    /// Only the validator, on a spec that loads without diagnostics; a loader
    /// diagnostic is a mistake in the test, and is reported as such.
    static func validate(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        let loaded = load(text)
        #expect(loaded.diagnostics == [], "the test spec should load cleanly", sourceLocation: sourceLocation)
        guard let spec = loaded.spec else { return ["the spec did not load"] }
        let diagnostics = DiagnosticCollector()
        SpecValidator.validate(spec, config: GeneratorConfig(), diagnostics: diagnostics)
        return diagnostics.sorted.map(\.description)
    }
}
