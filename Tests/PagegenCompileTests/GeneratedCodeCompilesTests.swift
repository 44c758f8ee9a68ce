import Foundation
import PagegenCore
import PagegenTestSupport
import Testing

/// A spec that lints generates code that compiles: every spec of the hostile corpus
/// (Swift keywords in every position, the runtime's and the standard library's type
/// names as models, names that collide after conversion, identities under other
/// names, endpoints that clash with derived names, hostile text) is either rejected
/// by lint with an error at a line and column of the spec, or generates Swift that
/// type-checks against PagegenRuntime — next to an app's own types named like the
/// runtime's and the standard library's, which generated code must not see.
@Suite struct GeneratedCodeCompilesTests {
    /// Type-checked together, in one module per batch.
    static let batchSize = 60

    /// Names an app may give its own types; generated code must name these by module.
    static let shadowedNames =
        (Set(HostileCorpus.typeNames).subtracting(["Type"])
        .union(["String", "Int", "Int64", "Double", "Bool", "Date", "URL"])).sorted()

    struct Generated: Sendable {
        var corpusCase: CorpusCase
        var files: [GeneratedFile]
        /// The names it declares at the top level of the module.
        var topLevelNames: Set<String>
    }

    @Test func everySpecThatLintsGeneratesCodeThatTypeChecks() async throws {
        let corpus = HostileCorpus.build()
        #expect(corpus.count >= 300, "the corpus should hold at least 300 specs")
        #expect(Set(corpus.map(\.id)).count == corpus.count, "corpus ids should be unique")
        let templates = try TemplateSet.load()

        // Generated off the cooperative pool, which the tests that run meanwhile need.
        let linted = try await offPool { Self.lint(corpus, templates: templates) }
        let generated = linted.generated
        let rejected = linted.rejected
        for problem in linted.problems { Issue.record(Comment(rawValue: problem)) }
        // Five keywords share each spec there: one rejected would hide the other four.
        #expect(rejected["keywords in member positions", default: 0] == 0, "a spec of keywords in member positions does not lint")

        let batches = Self.batches(generated)
        let checker = try TypeChecker.find()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-corpus-\(UUID().uuidString)")
        // PAGEGEN_CORPUS_KEEP=1 keeps the generated batches, to look at what failed.
        let keep = ProcessInfo.processInfo.environment["PAGEGEN_CORPUS_KEEP"] == "1"
        defer { if keep { print("The batches are in \(root.path)") } else { try? FileManager.default.removeItem(at: root) } }
        // Leave a core to the tests that run meanwhile.
        let parallel = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            var failures: [String] = []
            for (number, batch) in batches.enumerated() {
                if number >= parallel, let batchFailures = try await group.next() { failures += batchFailures }
                let folder = root.appendingPathComponent("batch\(number)")
                let files = try Self.write(batch, to: folder)
                group.addTask {
                    let log = try await offPool { try checker.check(files, module: "Corpus\(number)", in: folder) }
                    return Self.attribute(log, to: batch, in: folder)
                }
            }
            for try await batchFailures in group { failures += batchFailures }
            return failures
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }

        var counts: [String: (rejected: Int, generated: Int)] = [:]
        for (category, count) in rejected { counts[category, default: (0, 0)].rejected = count }
        for item in generated { counts[item.corpusCase.category, default: (0, 0)].generated += 1 }
        print(
            """
            Hostile corpus: \(corpus.count) specs; \(rejected.values.reduce(0, +)) rejected by lint with a located error, \
            \(generated.count) generated and type-checked in \(batches.count) batches; \(failures.count) did not type-check.
            """)
        for (category, count) in counts.sorted(by: { $0.key < $1.key }) {
            print("  \(category): \(count.rejected) rejected, \(count.generated) type-checked")
        }
    }

    /// Lints every spec, and generates those without errors: what was generated, how
    /// many of each category lint rejected, and what went wrong.
    static func lint(
        _ corpus: [CorpusCase], templates: TemplateSet
    ) -> (generated: [Generated], rejected: [String: Int], problems: [String]) {
        var generated: [Generated] = []
        var rejected: [String: Int] = [:]
        var problems: [String] = []
        let verbose = ProcessInfo.processInfo.environment["PAGEGEN_CORPUS_VERBOSE"] == "1"
        for corpusCase in corpus {
            let pipeline = GeneratorPipeline(config: corpusCase.config)
            let diagnostics = DiagnosticCollector()
            let spec = pipeline.check(corpusCase.yaml, file: corpusCase.file, diagnostics: diagnostics)
            let errors = diagnostics.diagnostics.filter { $0.severity == .error }
            guard let spec, errors.isEmpty else {
                if errors.isEmpty { problems.append("\(corpusCase.id) was not read, and lint said nothing:\n\(corpusCase.yaml)") }
                for error in errors {
                    let location = error.location
                    if location?.file != corpusCase.file || (location?.mark.line ?? 0) < 1 || (location?.mark.column ?? 0) < 1 {
                        problems.append("\(corpusCase.id): an error without a line and column: \(error)")
                    }
                }
                rejected[corpusCase.category, default: 0] += 1
                if verbose { print("rejected \(corpusCase.id): \(errors.map(\.description).joined(separator: "\n  "))") }
                continue
            }
            do {
                let files = try pipeline.generate(
                    corpusCase.yaml, file: corpusCase.file, templates: templates, diagnostics: DiagnosticCollector())
                let code = SpecTranslator.translate(spec, config: corpusCase.config)
                let names: Set<String> = code.namespace.map { [$0] } ?? Set(code.models.map(\.name) + [code.client.name])
                generated.append(Generated(corpusCase: corpusCase, files: files, topLevelNames: names))
            } catch {
                problems.append("\(corpusCase.id) lints clean but does not generate: \(error)\n\(corpusCase.yaml)")
            }
        }
        return (generated, rejected, problems)
    }

    /// Specs grouped so that no two in a batch declare the same top-level name.
    static func batches(_ generated: [Generated]) -> [[Generated]] {
        var batches: [(items: [Generated], names: Set<String>)] = []
        for item in generated {
            if let index = batches.firstIndex(where: { $0.items.count < batchSize && $0.names.isDisjoint(with: item.topLevelNames) }) {
                batches[index].items.append(item)
                batches[index].names.formUnion(item.topLevelNames)
            } else {
                batches.append(([item], item.topLevelNames))
            }
        }
        return batches.map(\.items)
    }

    /// Writes a batch, each spec's files in their own folder, with a file of the app's
    /// own types named like the runtime's and the standard library's.
    static func write(_ batch: [Generated], to folder: URL) throws -> [URL] {
        var urls: [URL] = []
        for item in batch {
            let caseFolder = folder.appendingPathComponent(item.corpusCase.id)
            try GeneratedFileWriter.write(item.files, to: caseFolder)
            urls += item.files.map { caseFolder.appendingPathComponent($0.name) }
        }
        let declared = batch.reduce(into: Set<String>()) { $0.formUnion($1.topLevelNames) }
        let shadows = shadowedNames.filter { !declared.contains($0) }.map { "struct \($0) {}" }
        let app = folder.appendingPathComponent("AppTypes.swift")
        try
            ("// An app's own types, named like the runtime's and the standard library's.\n"
            + shadows.joined(separator: "\n") + "\nfunc max(_ a: Swift.Int, _ b: Swift.Int) -> Swift.Int { a }\n")
            .write(to: app, atomically: true, encoding: .utf8)
        return urls + [app]
    }

    /// The compiler's errors, each with the spec whose generated code it is in.
    static func attribute(_ log: String, to batch: [Generated], in folder: URL) -> [String] {
        guard !log.isEmpty else { return [] }
        var failures: [String: [String]] = [:]
        for line in log.split(separator: "\n") where line.contains(": error:") {
            let path = line.split(separator: ":").first.map(String.init) ?? ""
            let relative = path.hasPrefix(folder.path) ? String(path.dropFirst(folder.path.count + 1)) : path
            let id = relative.split(separator: "/").first.map(String.init) ?? relative
            failures[id, default: []].append(String(line).replacingOccurrences(of: folder.path + "/", with: ""))
        }
        if failures.isEmpty { return ["the type-check failed without an error line:\n\(log)"] }
        return failures.sorted { $0.key < $1.key }.map { id, errors in
            let spec = batch.first { $0.corpusCase.id == id }?.corpusCase.yaml ?? "(not a spec of the corpus)"
            return
                "\(id) lints clean but its generated code does not type-check:\n\(errors.prefix(8).joined(separator: "\n"))\n--- spec ---\n\(spec)"
        }
    }
}
