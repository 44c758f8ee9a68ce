import Foundation
import PagegenSpecMutations
import Testing

/// Broken versions of the real OpenAPI documents through `pagegen import`, end to end:
/// the process must exit by itself with status 0 (and a spec that lints) or 1, print
/// nothing on standard error but diagnostics located in the document, and never be
/// killed by a signal. A part that OpenAPIKit cannot read (an operation, a schema) is
/// left out with a located warning and the rest imported, so most mutants import;
/// only a document that cannot be read at all exits 1. The documents are the smaller ones of ../shared/fixtures/openapi
/// (a run of GitHub's or Stripe's takes seconds in a debug build).
@Suite(.enabled(if: OpenAPIDocuments.available, OpenAPIDocuments.skipMessage))
struct ImportMutationTests {
    static let seed: UInt64 = 0x0A11
    /// Two cases of every kind of mutation.
    static let caseCount = 2 * MutationKind.allCases.count
    static let documents = [
        "msgraph-users.openapi.yaml", "azure-paging.swagger.json", "azure-storage.swagger.json", "dub.openapi.json",
    ]

    @Test func brokenDocumentsImportOrFailWithLocatedErrors() async throws {
        let originals = try Self.documents.map { file in
            BundledSpec(name: file, bytes: Array(try Data(contentsOf: OpenAPIDocuments.folder.appendingPathComponent(file))))
        }
        var mutator = SpecMutator(seed: Self.seed)
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var imported = 0
        var failed = 0
        var partsLeftOut = 0

        for mutant in mutator.mutants(count: Self.caseCount, of: originals) {
            // The mutant keeps its document's extension: JSON or YAML.
            let original = try #require(Self.documents.first { mutant.name.hasPrefix($0 + "-") })
            let file = "\(mutant.name.dropFirst(original.count + 1)).\(original)"
            try Data(mutant.bytes).write(to: folder.appendingPathComponent(file))
            let arguments = ["import", file, "--quiet", "--output", "out.pagegen.yaml"]
            guard let run = try await CLIMutationTests.run(arguments, in: folder) else {
                Issue.record("\(mutant): pagegen import did not end within \(CLIMutationTests.hangBound) seconds")
                continue
            }
            #expect(run.exited, "\(mutant): pagegen import was killed by signal \(run.status)\n\(run.errors.prefix(2_000))")
            #expect(run.status == 0 || run.status == 1, "\(mutant): exit status \(run.status)\n\(run.errors.prefix(2_000))")
            let lines = run.errors.split(separator: "\n")
            for line in lines {
                #expect(DiagnosticLine(line, file: file) != nil, "\(mutant): not a diagnostic located in the document: \(line.prefix(300))")
            }
            let errorCount = lines.compactMap { DiagnosticLine($0, file: file) }.filter { $0.severity == "error" }.count
            if run.status == 0 {
                imported += 1
                if run.errors.contains("OpenAPIKit cannot read it") { partsLeftOut += 1 }
                #expect(errorCount == 0, "\(mutant): exit status 0 with errors")
                #expect(run.output.hasPrefix("wrote out.pagegen.yaml: "), "\(mutant): \(run.output)")
                let lint = try await CLIMutationTests.run(["lint", "out.pagegen.yaml"], in: folder)
                #expect(lint?.status == 0, "\(mutant): the written spec does not lint")
            } else {
                failed += 1
                #expect(errorCount == 1, "\(mutant): exit status 1 without its error\n\(run.errors.prefix(2_000))")
                #expect(
                    !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.pagegen.yaml").path),
                    "\(mutant): a failed import wrote a spec")
            }
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("out.pagegen.yaml"))
        }
        #expect(imported + failed == Self.caseCount)
        print(
            "pagegen import on broken documents (seed \(Self.seed)): \(Self.caseCount) runs, \(imported) imported (\(partsLeftOut) with a part OpenAPIKit cannot read left out), \(failed) exited 1 with a located error"
        )
    }
}
