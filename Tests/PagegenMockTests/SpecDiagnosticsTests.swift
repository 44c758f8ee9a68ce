import Foundation
import PagegenCore
import Testing

@testable import PagegenMock

/// A spec the server cannot serve is reported like `pagegen lint` reports it.
@Suite struct SpecDiagnosticsTests {
    static let broken = """
        pagegen: 1
        name: Shop
        baseURL: https://shop.example.com
        models:
          Item:
            id: Int
            name: Strng
          ItemPage:
            items: [Item]
        endpoints:
          items:
            get: /items
            returns: ItemPage
            paging:
              offest: { param: offset }
              items: items

        """

    @Test func theDiagnosticsAreLintsOwn() throws {
        let lint = DiagnosticCollector()
        _ = GeneratorPipeline().check(Self.broken, file: "shop.pagegen.yaml", diagnostics: lint)
        #expect(lint.hasErrors)
        do {
            _ = try MockSpecLoader.load(text: Self.broken, file: "shop.pagegen.yaml")
            Issue.record("a broken spec loaded")
        } catch let error as MockSpecError {
            #expect(error.diagnostics == lint.sorted)
            #expect(error.description.contains("shop.pagegen.yaml:7:11: error: "))
            #expect(error.description.contains("'offest'"))
        }
    }

    @Test func aMissingFileIsADiagnostic() {
        #expect(throws: MockSpecError.self) {
            _ = try MockSpecLoader.load(path: "/nonexistent/none.pagegen.yaml", displayName: "none.pagegen.yaml")
        }
    }

    @Test func aPathTheServerCannotMatchIsAnErrorAtItsPlace() async throws {
        let text = """
            pagegen: 1
            name: Shop
            baseURL: https://shop.example.com
            models:
              Item:
                id: Int
            endpoints:
              item:
                get: /items/{id}}
                path: { id: Int }
                returns: Item

            """
        do {
            _ = try MockSpecLoader.load(text: text, file: "shop.pagegen.yaml")
            Issue.record("an unmatchable path loaded")
        } catch let error as MockSpecError {
            #expect(error.description.contains("shop.pagegen.yaml:9:10: error: the mock server cannot serve endpoint 'item'"), "\(error)")
        }
    }

    @Test func everyShippedSpecCanBeServed() throws {
        let folder = Specs.root.appendingPathComponent("specs")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pagegen.yaml") }
        #expect(files.count >= 11)
        for file in files {
            let loaded = try MockSpecLoader.load(path: folder.appendingPathComponent(file).path, displayName: file)
            #expect(!loaded.spec.endpoints.isEmpty, "\(file)")
        }
    }
}
