import Foundation
import PagegenCore
import PagegenTestSupport
import Testing

/// The specs that `pagegen import` wrote from real OpenAPI documents (specs/imported/;
/// `ImportCommandTests` re-imports them) lint clean and generate exactly the Swift
/// committed under Tests/PagegenConsumerTests/Generated/Imported/, which the consumer
/// tests compile and walk recorded pages with. `PAGEGEN_RECORD=1` re-records the
/// Swift; a recording run fails on purpose.
@Suite struct ImportedSpecsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let specs = root.appendingPathComponent("specs/imported")
    static let generated = root.appendingPathComponent("Tests/PagegenConsumerTests/Generated/Imported")
    static let isRecording = ProcessInfo.processInfo.environment["PAGEGEN_RECORD"] == "1"

    /// The names of every `specs/imported/*.pagegen.yaml`.
    static var specNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: specs.path)) ?? []
        return files.filter { $0.hasSuffix(".pagegen.yaml") }.map { String($0.dropLast(".pagegen.yaml".count)) }.sorted()
    }

    /// The namespace and file stem of the committed Swift: `Imported` and the spec's
    /// name, apart from the hand-written specs' (`ImportedGitHub.Client`).
    static func generationConfig(specText: String, fallback: String) -> GeneratorConfig {
        let name = specText.split(separator: "\n").first { $0.hasPrefix("name: ") }.map { String($0.dropFirst(6)) } ?? fallback
        var config = GeneratorConfig()
        config.namespace = "Imported\(name)"
        config.fileStem = "Imported\(name)"
        return config
    }

    @Test func thereAreImportedSpecs() {
        #expect(Self.specNames.count >= 10)
    }

    @Test(arguments: specNames)
    func theSpecLintsClean(_ name: String) async throws {
        let text = try String(contentsOf: Self.specs.appendingPathComponent("\(name).pagegen.yaml"), encoding: .utf8)
        let messages = try await offPool {
            let diagnostics = DiagnosticCollector()
            _ = GeneratorPipeline().check(text, file: "specs/imported/\(name).pagegen.yaml", diagnostics: diagnostics)
            return diagnostics.sorted.map(\.description)
        }
        #expect(messages.isEmpty, "\(messages.joined(separator: "\n"))")
    }

    @Test(arguments: specNames)
    func theSpecGeneratesTheCommittedSwift(_ name: String) async throws {
        let text = try String(contentsOf: Self.specs.appendingPathComponent("\(name).pagegen.yaml"), encoding: .utf8)
        let config = Self.generationConfig(specText: text, fallback: name)
        let files = try await offPool {
            try GeneratorPipeline(config: config).generate(
                text, file: "specs/imported/\(name).pagegen.yaml", templates: try TemplateSet.load(), diagnostics: DiagnosticCollector())
        }
        let folder = Self.generated.appendingPathComponent(name)
        if Self.isRecording {
            try? FileManager.default.removeItem(at: folder)
            try GeneratedFileWriter.write(files, to: folder)
            Issue.record("recorded Generated/Imported/\(name); unset PAGEGEN_RECORD and run again")
            return
        }
        let committed = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") })
        #expect(committed == Set(files.map(\.name)), "run with PAGEGEN_RECORD=1 to re-record Generated/Imported/\(name)")
        for file in files {
            let expected = (try? String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)) ?? ""
            if expected != file.contents {
                Issue.record(
                    "Generated/Imported/\(name)/\(file.name) differs (PAGEGEN_RECORD=1 re-records it): \(TextDifference.first(expected: expected, actual: file.contents))"
                )
            }
        }
    }

    @Test func everyImportedSpecHasItsGeneratedSwift() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.generated.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(Self.specNames))
    }
}

/// Where two texts first differ, for failure messages.
enum TextDifference {
    static func first(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? String(old[index]) : "(end of text)"
            let after = index < new.count ? String(new[index]) : "(end of text)"
            if before != after {
                return "line \(index + 1):\n- \(before)\n+ \(after)"
            }
        }
        return "the texts are the same"
    }
}
