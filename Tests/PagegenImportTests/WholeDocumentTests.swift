import Foundation
import PagegenCore
import PagegenImport
import PagegenTestSupport
import Testing

/// Whole public OpenAPI documents, as their owners publish them
/// (../shared/fixtures/openapi-full), imported whole: each writes a spec that lints,
/// gives a `paging:` block of the style the document shows to at least 95% of the
/// operations that take paging parameters (`paged-operations.json`), and pages no
/// operation that creates or changes something. The documents run one at a time,
/// off Swift concurrency's threads (a debug build takes seconds on each).
@Suite(.enabled(if: WholeDocuments.available, WholeDocuments.skipMessage), .serialized)
struct WholeDocumentTests {
    /// A document and the paging styles it shows, as ``style(of:)`` names them.
    struct Document: Sendable, CustomTestStringConvertible {
        var file: String
        var styles: @Sendable (String) -> Bool
        var testDescription: String { file }
    }

    static let documents: [Document] = [
        // The Link header where the operation declares it, page numbers otherwise.
        Document(file: "github-api.json") { $0 == "Link header" || $0 == "page numbers in page" },
        // The last item's id; `page` and `next_page` for the searches.
        Document(file: "stripe-spec3.json") {
            $0 == "cursor starting_after from the last item's id" || $0 == "cursor page from next_page"
        },
        // The relative next_page_uri.
        Document(file: "twilio-api-v2010.json") { $0 == "next link from next_page_uri" },
        // The offset token of next_page.
        Document(file: "asana-oas.yaml") { $0 == "cursor offset from next_page.offset" },
        // The next URL of a PagingObject; cursors for the two `after` lists.
        Document(file: "spotify-fixed-open-api.yml") {
            $0.hasPrefix("next link from ") && $0.hasSuffix("next") || $0.hasPrefix("cursor after from ")
        },
        // x-speakeasy-pagination, page numbers, offsets or cursors.
        Document(file: "mistral-openapi.yaml") {
            $0.hasPrefix("cursor ") || $0.hasPrefix("page numbers in ") || $0.hasPrefix("item offsets in ")
        },
    ]

    @Test(arguments: documents)
    func theDocumentImportsAndItsListsPageAsItShows(_ document: Document) async throws {
        let url = WholeDocuments.folder.appendingPathComponent(document.file)
        let (result, spec, diagnostics) = try await offPool {
            let result = try OpenAPIImporter.importDocument(at: url, name: document.file)
            let diagnostics = DiagnosticCollector()
            let spec = GeneratorPipeline().check(result.spec, file: "whole.pagegen.yaml", diagnostics: diagnostics)
            return (result, spec, diagnostics.sorted.map(\.description))
        }
        #expect(
            diagnostics.isEmpty, "the spec written from \(document.file) does not lint:\n\(diagnostics.prefix(20).joined(separator: "\n"))")
        let endpoints = try #require(spec?.endpoints)

        let listed = Set(try WholeDocuments.pagedOperations()[document.file] ?? [])
        var styles: [String: String] = [:]
        for endpoint in endpoints {
            guard let paging = endpoint.paging else { continue }
            styles["\(endpoint.method) \(endpoint.path.value)"] = Self.style(of: paging)
        }
        let paged = listed.filter { styles[$0] != nil }
        #expect(paged.count * 100 >= listed.count * 95, "\(document.file): \(listed.subtracting(paged).sorted()) are not paged")
        for operation in paged.sorted() {
            let style = styles[operation] ?? ""
            #expect(document.styles(style), "\(document.file): \(operation) pages by \(style)")
        }
        // What creates or changes something is not paged; little else is.
        let unlisted = styles.keys.filter { !listed.contains($0) }.sorted()
        #expect(!unlisted.contains { !$0.hasPrefix("GET ") }, "\(document.file): writes paged: \(unlisted)")
        #expect(unlisted.count <= 2, "\(document.file): paged but not listed: \(unlisted)")

        let warnings = result.notes.filter { $0.severity == .warning }.count
        print(
            "\(document.file): \(paged.count) of \(listed.count) listed operations paged (\(String(format: "%.1f", 100 * Double(paged.count) / Double(max(1, listed.count))))%), \(result.endpointCount) endpoints, \(result.modelCount) models, \(warnings) warnings"
        )
    }

    /// `Link header`, `next link from next_page_uri`, `cursor offset from next_page.offset`,
    /// `cursor starting_after from the last item's id`, `page numbers in page`…
    static func style(of paging: PagingSpec) -> String {
        switch paging.style {
        case .pageNumber(let parameter, _): "page numbers in \(parameter.name.value)"
        case .offset(let parameter, _): "item offsets in \(parameter.name.value)"
        case .cursor(let cursor, _):
            switch cursor.source {
            case .body(let path): "cursor \(cursor.parameter.name.value) from \(path.value)"
            case .item(let path): "cursor \(cursor.parameter.name.value) from the last item's \(path.value)"
            case .header(let name): "cursor \(cursor.parameter.name.value) from the header \(name.value)"
            }
        case .link(.linkHeader, _): "Link header"
        case .link(.body(let path), _): "next link from \(path.value)"
        case .ids: "ids"
        }
    }
}

/// ../shared/fixtures/openapi-full: whole documents and the operations of each that
/// take paging parameters.
enum WholeDocuments {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/openapi-full")

    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("paged-operations.json").path) }

    static let skipMessage: Comment = "the whole OpenAPI documents of ../shared/fixtures/openapi-full are absent"

    /// `paged-operations.json`: document → `METHOD /path` of each operation with paging parameters.
    static func pagedOperations() throws -> [String: [String]] {
        try JSONDecoder().decode([String: [String]].self, from: Data(contentsOf: folder.appendingPathComponent("paged-operations.json")))
    }
}
