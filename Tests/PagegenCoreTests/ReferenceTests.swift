import Foundation
import PagegenCore
import Testing

/// Every spec in specs/ generates exactly the Swift committed under
/// Tests/PagegenConsumerTests/Generated/<spec>/, which the consumer tests compile
/// and run against a server. Set PAGEGEN_RECORD=1 to re-record: a recording run
/// fails on purpose, so a stale reference never passes silently.
@Suite struct ReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let specs = root.appendingPathComponent("specs")
    static let references = root.appendingPathComponent("Tests/PagegenConsumerTests/Generated")
    static let isRecording = ProcessInfo.processInfo.environment["PAGEGEN_RECORD"] == "1"

    static var specNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: specs.path)) ?? []
        return files.filter { $0.hasSuffix(".pagegen.yaml") }.map { String($0.dropLast(".pagegen.yaml".count)) }.sorted()
    }

    @Test func thereAreSpecsToCheck() {
        #expect(Self.specNames.count >= 4)
    }

    @Test(arguments: specNames)
    func generatedCodeMatchesTheReference(_ name: String) throws {
        let diagnostics = DiagnosticCollector()
        let files = try GeneratorPipeline().generate(
            contentsOf: Self.specs.appendingPathComponent("\(name).pagegen.yaml"),
            displayName: "specs/\(name).pagegen.yaml", templates: try TemplateSet.load(), diagnostics: diagnostics)
        #expect(diagnostics.diagnostics.isEmpty, "the spec has diagnostics: \(diagnostics.diagnostics)")
        let folder = Self.references.appendingPathComponent(name)
        if Self.isRecording {
            try? FileManager.default.removeItem(at: folder)
            try GeneratedFileWriter.write(files, to: folder)
            Issue.record("recorded the reference of \(name); unset PAGEGEN_RECORD and run again")
            return
        }
        let committed = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") })
        #expect(committed == Set(files.map(\.name)), "the reference files of \(name) differ; run with PAGEGEN_RECORD=1 to re-record")
        for file in files {
            let expected = (try? String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)) ?? ""
            if expected != file.contents {
                Issue.record(
                    """
                    \(file.name) differs from its reference (run with PAGEGEN_RECORD=1 to re-record):
                    \(UnifiedDiff.make(expected: expected, actual: file.contents, name: "\(name)/\(file.name)"))
                    """)
            }
        }
    }

    /// Folders that compile a copy of the catalog's client (a benchmark, a test tool
    /// and an example, which cannot share the consumer tests' sources); recording
    /// writes them too.
    static let catalogCopies = [
        "Benchmarks/store/Generated", "Tests/PagegenStoreWriter/Generated", "Examples/CatalogSync/Sources/CatalogSync/Generated",
    ]

    @Test(arguments: catalogCopies)
    func copiesOfTheCatalogClientAreTheReference(_ copy: String) throws {
        let reference = Self.references.appendingPathComponent("catalog")
        let folder = Self.root.appendingPathComponent(copy)
        let names = try FileManager.default.contentsOfDirectory(atPath: reference.path).filter { $0.hasSuffix(".swift") }.sorted()
        if Self.isRecording {
            for name in names {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                try FileManager.default.copyItem(at: reference.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
            Issue.record("copied the catalog's reference to \(copy); unset PAGEGEN_RECORD and run again")
            return
        }
        let copied = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(copied == names, "\(copy) holds the catalog's files")
        for name in names {
            let expected = try String(contentsOf: reference.appendingPathComponent(name), encoding: .utf8)
            let actual = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(actual == expected, "\(copy)/\(name) differs from the catalog's reference: run with PAGEGEN_RECORD=1")
        }
    }

    @Test(arguments: specNames)
    func outputIsDeterministic(_ name: String) throws {
        let url = Self.specs.appendingPathComponent("\(name).pagegen.yaml")
        let templates = try TemplateSet.load()
        let first = try GeneratorPipeline().generate(contentsOf: url, templates: templates, diagnostics: DiagnosticCollector())
        let second = try GeneratorPipeline().generate(contentsOf: url, templates: templates, diagnostics: DiagnosticCollector())
        #expect(first == second)
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [GeneratedFile(name: "A.swift", contents: "let a = 1\n"), GeneratedFile(name: "B.swift", contents: "let b = 2\n")]
        #expect(try GeneratedFileWriter.write(files, to: folder).map(\.outcome) == [.created, .created])
        let path = folder.appendingPathComponent("A.swift").path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        let changed = [files[0], GeneratedFile(name: "B.swift", contents: "let b = 3\n")]
        #expect(try GeneratedFileWriter.write(changed, to: folder).map(\.outcome) == [.unchanged, .updated])
        let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(before == after)
    }
}

/// A unified diff of two texts, for reference-test failures.
enum UnifiedDiff {
    static func make(expected: String, actual: String, name: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Longest common subsequence table, then a walk that emits -, + and context lines.
        var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [(kind: Character, text: String)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append((" ", old[i]))
                i += 1
                j += 1
            } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
                lines.append(("+", new[j]))
                j += 1
            } else {
                lines.append(("-", old[i]))
                i += 1
            }
        }
        var output = ["--- a/\(name) (reference)", "+++ b/\(name) (generated)"]
        let changed = lines.indices.filter { lines[$0].kind != " " }
        var shown = Set<Int>()
        for index in changed { for k in max(0, index - 3)...min(lines.count - 1, index + 3) { shown.insert(k) } }
        var previous = -2
        for index in shown.sorted() {
            if index != previous + 1 { output.append("@@ line \(index + 1) @@") }
            output.append("\(lines[index].kind)\(lines[index].text)")
            previous = index
        }
        return output.joined(separator: "\n")
    }
}
