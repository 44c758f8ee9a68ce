import Foundation
import PagegenCore
import PagegenMock
import PagegenSpecMutations
import Testing

/// Broken specs read from files the way `pagegen-mock` reads its spec: each one
/// loads, or fails with diagnostics that all have a line and column; none crashes.
@Suite struct MockSpecMutationTests {
    static let seed: UInt64 = 0x30C
    static let caseCount = 10 * MutationKind.allCases.count

    @Test func brokenSpecsLoadOrFailWithLocatedDiagnostics() async throws {
        let specs = BundledSpecs.all
        try #require(specs.count >= 10, "the bundled specs are missing from \(BundledSpecs.root.path)/specs")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-mock-mutants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var mutator = SpecMutator(seed: Self.seed)
        var served = 0
        var refused = 0

        for mutant in mutator.mutants(count: Self.caseCount, of: specs) {
            // Lets the tests that serve HTTP on Swift concurrency's few threads run between cases.
            await Task.yield()
            let file = folder.appendingPathComponent("\(mutant.name).pagegen.yaml")
            try Data(mutant.bytes).write(to: file)
            let name = "specs/\(mutant.name).pagegen.yaml"
            do {
                let loaded = try MockSpecLoader.load(path: file.path, displayName: name)
                served += 1
                #expect(loaded.warnings.allSatisfy { $0.location?.file == name }, "\(mutant): \(loaded.warnings)")
            } catch let error as MockSpecError {
                refused += 1
                #expect(error.diagnostics.contains { $0.severity == .error }, "\(mutant): refused without an error")
                for line in error.description.split(separator: "\n") {
                    #expect(DiagnosticLine(line, file: name) != nil, "\(mutant): not a located diagnostic: \(line.prefix(300))")
                }
            }
        }
        #expect(served + refused == Self.caseCount)
        #expect(served > 0 && refused > 0)
        print(
            "mock spec loader on broken specs (seed \(Self.seed)): \(Self.caseCount) files, \(served) served, \(refused) refused with located errors"
        )
    }
}
