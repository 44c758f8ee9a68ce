import Foundation
import PagegenCore
import PagegenSpecMutations
import PagegenTestSupport
import Testing

/// Broken versions of the bundled specs, through what `pagegen lint` does with a
/// file (decode the bytes, load, validate): each one must pass, or fail with
/// errors that all have a line and column inside the file; none may crash or hang.
/// Some of the ones that pass are generated too, as `pagegen generate` would.
@Suite struct ReaderMutationTests {
    static let seed: UInt64 = 0x5EED_10
    static let caseCount = 1_000
    /// Far above the processor time any case takes: a case that passes it is stuck,
    /// not slow (processor time, not wall time, which a busy machine stretches).
    static let hangBound = Duration.seconds(20)

    /// What one case came to.
    enum Outcome {
        case clean
        case rejected
    }

    /// Lints `mutant` as `pagegen lint` does, and records an issue for anything
    /// but a clean pass or located errors.
    static func lint(_ mutant: Mutant, file: String) -> (outcome: Outcome, text: String?) {
        let diagnostics = DiagnosticCollector()
        var text: String?
        do {
            text = try GeneratorPipeline.text(of: mutant.bytes, file: file)
            _ = GeneratorPipeline().check(text!, file: file, diagnostics: diagnostics)
        } catch let failure as GenerationFailed {
            failure.diagnostics.forEach(diagnostics.emit)
        } catch {
            Issue.record("\(mutant): reading threw \(error)")
        }
        requireLocated(diagnostics.diagnostics, in: mutant, file: file)
        return (diagnostics.hasErrors ? .rejected : .clean, text)
    }

    static func requireLocated(_ diagnostics: [Diagnostic], in mutant: Mutant, file: String) {
        // An upper bound: every byte that may end a line (LF, CR, and those of NEL, LS and PS) counts.
        let lineCount = mutant.bytes.reduce(1) { count, byte in
            switch byte {
            case 0x0A, 0x0D, 0x85, 0xA8, 0xA9: count + 1
            default: count
            }
        }
        for diagnostic in diagnostics {
            guard let location = diagnostic.location else {
                Issue.record("\(mutant): a diagnostic without a location: \(diagnostic)")
                continue
            }
            #expect(
                location.file == file && location.mark.line >= 1 && location.mark.column >= 1,
                "\(mutant): \(diagnostic)")
            #expect(location.mark.line <= lineCount, "\(mutant): \(diagnostic) is past the last line, \(lineCount)")
            #expect(DiagnosticLine(Substring(diagnostic.description), file: file) != nil, "\(mutant): \(diagnostic)")
        }
    }

    @Test func mutatedSpecsLintCleanlyOrFailWithLocatedErrors() async throws {
        let specs = BundledSpecs.all
        try #require(specs.count >= 10, "the bundled specs are missing from \(BundledSpecs.root.path)/specs")
        var mutator = SpecMutator(seed: Self.seed)
        let mutants = mutator.mutants(count: Self.caseCount, of: specs)
        let templates = try TemplateSet.load()
        var clean = 0
        var rejected = 0
        var generated = 0
        var slowest: (name: String, duration: Duration) = ("", .zero)
        var rejectedByKind: [MutationKind: Int] = [:]

        for mutant in mutants {
            // Lets the tests that serve HTTP on Swift concurrency's few threads run between cases.
            await Task.yield()
            let file = "specs/\(mutant.name).pagegen.yaml"
            let start = threadCPUTime()
            let (outcome, text) = Self.lint(mutant, file: file)
            switch outcome {
            case .clean:
                clean += 1
                // Generating is slower than linting; every fourth clean case is enough.
                if clean % 4 == 1, let text {
                    generated += 1
                    do {
                        _ = try GeneratorPipeline().generate(text, file: file, templates: templates, diagnostics: DiagnosticCollector())
                    } catch let failure as GenerationFailed {
                        Self.requireLocated(failure.diagnostics, in: mutant, file: file)
                        #expect(failure.diagnostics.contains { $0.severity == .error }, "\(mutant): generation failed without an error")
                    }
                }
            case .rejected:
                rejected += 1
                rejectedByKind[mutant.kinds[0], default: 0] += 1
            }
            let duration = threadCPUTime() - start
            #expect(duration < Self.hangBound, "\(mutant) took \(duration) of processor time")
            if duration > slowest.duration { slowest = (mutant.name, duration) }
        }

        #expect(clean + rejected == Self.caseCount)
        // Some damage is harmless (a swapped pair of fields); most is not. Both must occur.
        #expect(clean > 0 && rejected > Self.caseCount / 2, "clean \(clean), rejected \(rejected)")
        let kinds = rejectedByKind.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
        print(
            """
            reader mutation test (seed \(Self.seed)): \(Self.caseCount) cases from \(specs.count) specs, \
            \(clean) passed clean (\(generated) of them generated), \(rejected) rejected with located errors; \
            slowest \(slowest.name) in \(slowest.duration)
            rejected by first mutation: \(kinds.joined(separator: ", "))
            """)
    }

    @Test func theCasesAreTheSameForTheSameSeed() {
        var first = SpecMutator(seed: Self.seed)
        var second = SpecMutator(seed: Self.seed)
        var other = SpecMutator(seed: Self.seed + 1)
        let specs = BundledSpecs.all
        let a = first.mutants(count: 50, of: specs)
        let b = second.mutants(count: 50, of: specs)
        let c = other.mutants(count: 50, of: specs)
        #expect(a.map(\.bytes) == b.map(\.bytes))
        #expect(a.map(\.bytes) != c.map(\.bytes))
        #expect(Set(a.map { $0.kinds[0] }) == Set(MutationKind.allCases))
    }
}
