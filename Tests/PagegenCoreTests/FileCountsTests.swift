import Foundation
import PagegenTemplates
import Testing

@testable import PagegenCore

/// A large spec's models and client take several files: how many, what each holds,
/// and the build plugins' count of them before pagegen runs (`SpecScan`, the plugins'
/// own source, compiled into this target too), which must name the same files.
@Suite struct FileCountsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The package's specs, the imported whole documents among them.
    static let specs: [URL] = ["specs", "specs/imported"].flatMap { folder in
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".pagegen.yaml") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// A spec of `models` models (each with a field) and `endpoints` endpoints.
    static func spec(models: Int, endpoints: Int) -> String {
        var text = "pagegen: 1\nname: Big\nbaseURL: https://example.com\nmodels:\n"
        for index in 0..<models { text += "  Thing\(index):\n    id: Int\n    name: String?\n" }
        text += "endpoints:\n"
        for index in 0..<endpoints {
            text += "  getThing\(index):\n    get: /things/\(index)\n    returns: Thing\(index % max(1, models))\n"
        }
        return text
    }

    static func generate(_ text: String) throws -> [GeneratedFile] {
        try GeneratorPipeline().generate(
            text, file: "specs/big.pagegen.yaml", templates: try TemplateSet.load(), diagnostics: DiagnosticCollector())
    }

    @Test func thePluginsCountIsPagegens() {
        #expect(SpecScan.modelsPerFile == FileCounts.modelsPerFile)
        #expect(SpecScan.endpointsPerFile == FileCounts.endpointsPerFile)
        #expect(SpecScan.maximumFiles == FileCounts.maximum)
    }

    @Test func thePluginsScanCountsEverySpecsModelsAndEndpoints() throws {
        try #require(Self.specs.count > 20, "the package's specs are missing")
        for url in Self.specs {
            let text = try String(contentsOf: url, encoding: .utf8)
            let spec = try #require(SpecLoader.load(text, file: url.lastPathComponent, diagnostics: DiagnosticCollector()))
            let scanned = SpecScan.entryCounts(in: text)
            #expect(scanned["models"] ?? 0 == spec.models.count, "\(url.lastPathComponent): models")
            #expect(scanned["endpoints"] ?? 0 == spec.endpoints.count, "\(url.lastPathComponent): endpoints")
        }
    }

    @Test func aLargeSpecTakesSeveralFilesOfAboutTheSameSize() throws {
        let files = try Self.generate(Self.spec(models: 70, endpoints: 60))
        #expect(
            files.map(\.name) == [
                "BigModels.swift", "BigModels2.swift", "BigModels3.swift", "BigClient.swift", "BigClient2.swift", "BigClient3.swift",
                "BigPaging.swift",
            ])
        let counts = SpecScan.fileCounts(in: Self.spec(models: 70, endpoints: 60))
        #expect(counts.models == 3 && counts.client == 3)
        // Every model and every endpoint's function once, in one file.
        for index in 0..<70 {
            #expect(files.filter { $0.contents.contains("struct Thing\(index):") }.count == 1, "Thing\(index)")
        }
        for index in 0..<60 {
            #expect(files.filter { $0.contents.contains("func getThing\(index)(") }.count == 1, "getThing\(index)")
        }
        // The client and its descriptors are declared once, in its first file.
        #expect(files.filter { $0.contents.contains("struct BigClient: Swift.Sendable") }.map(\.name) == ["BigClient.swift"])
        #expect(files.filter { $0.contents.contains("enum Operations {") }.map(\.name) == ["BigClient.swift"])
        #expect(files.filter { $0.contents.contains("enum BigAPI {}") }.count <= 1)
        let lines = files.filter { $0.name.contains("Models") }.map(\.lineCount)
        #expect(lines.max()! < lines.min()! * 2, "models files of \(lines) lines")
    }

    @Test func aSmallSpecKeepsThreeFiles() throws {
        let files = try Self.generate(Self.spec(models: 30, endpoints: 25))
        #expect(files.map(\.name) == ["BigModels.swift", "BigClient.swift", "BigPaging.swift"])
    }

    @Test func givenCountsWin() throws {
        var config = GeneratorConfig()
        config.modelFiles = 4
        config.clientFiles = 2
        let files = try GeneratorPipeline(config: config).generate(
            Self.spec(models: 3, endpoints: 1), file: "specs/big.pagegen.yaml", templates: try TemplateSet.load(),
            diagnostics: DiagnosticCollector())
        #expect(
            files.map(\.name) == [
                "BigModels.swift", "BigModels2.swift", "BigModels3.swift", "BigModels4.swift", "BigClient.swift", "BigClient2.swift",
                "BigPaging.swift",
            ])
        // More files than models: the last keeps only its header.
        #expect(files[3].contents.contains("import PagegenRuntime") && !files[3].contents.contains("Thing"))
        #expect(files.filter { $0.contents.contains("func getThing0(") }.count == 1)
    }

    @Test func aReplacedTemplateRendersItsFileWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["Models", "Client"] {
            let text = try #require(BundledTemplates.text(named: name))
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).mustache"))
        }
        let files = try GeneratorPipeline().generate(
            Self.spec(models: 70, endpoints: 60), file: "specs/big.pagegen.yaml", templates: try TemplateSet.load(overrides: folder),
            diagnostics: DiagnosticCollector())
        #expect(files.map(\.name) == ["BigModels.swift", "BigClient.swift", "BigPaging.swift"])
    }

    @Test func writingFewerPartsRemovesTheOldOnes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-parts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try GeneratedFileWriter.write(try Self.generate(Self.spec(models: 70, endpoints: 60)), to: folder)
        // A file of the user's with a part's name, which pagegen did not write, stays.
        try Data("struct Mine {}\n".utf8).write(to: folder.appendingPathComponent("BigClient4.swift"))
        let results = try GeneratedFileWriter.write(try Self.generate(Self.spec(models: 40, endpoints: 10)), to: folder)
        #expect(results.filter { $0.outcome == .removed }.map(\.file.name) == ["BigClient2.swift", "BigClient3.swift", "BigModels3.swift"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["BigClient.swift", "BigClient4.swift", "BigModels.swift", "BigModels2.swift", "BigPaging.swift"])
    }
}
