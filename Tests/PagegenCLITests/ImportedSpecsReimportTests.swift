import Foundation
import Testing

/// `pagegen import`, run on the real OpenAPI documents of ../shared/fixtures/openapi
/// the way a user runs it, writes exactly the specs committed under specs/imported/.
/// `PAGEGEN_RECORD=1` re-records them (a recording run fails on purpose); without
/// ../shared the tests are skipped, and the committed specs are still linted and
/// generated (`ImportedSpecsTests`). The imports run one at a time: ten at once
/// would take both cores of a small machine from the tests that serve HTTP.
@Suite(.enabled(if: OpenAPIDocuments.available, OpenAPIDocuments.skipMessage), .serialized)
struct ImportedSpecsReimportTests {
    static let documents = OpenAPIDocuments.folder
    static let specs = CLITests.root.appendingPathComponent("specs/imported")
    static let isRecording = ProcessInfo.processInfo.environment["PAGEGEN_RECORD"] == "1"

    /// One document, and the command that imports it (run in the documents' folder).
    struct Import: Sendable, CustomTestStringConvertible {
        /// The spec's file name without `.pagegen.yaml`, under specs/imported/.
        var spec: String
        var arguments: [String]
        /// True for a whole document of ../shared/fixtures/openapi-full.
        var whole = false

        var testDescription: String { "pagegen import " + arguments.joined(separator: " ") }
    }

    static let imports: [Import] =
        [
            Import(spec: "github", arguments: ["github.openapi.json"]),
            // Stripe's three lists reach 270 models; the customers list alone, 79.
            Import(spec: "stripe", arguments: ["stripe.openapi.yaml", "--operations", "GetCustomers"]),
            Import(spec: "spotify", arguments: ["spotify.openapi.yaml"]),
            Import(spec: "slack", arguments: ["slack.swagger.json"]),
            Import(spec: "jira", arguments: ["jira.openapi.json"]),
            Import(spec: "msgraph", arguments: ["msgraph-users.openapi.yaml", "--name", "Graph"]),
            Import(spec: "dub", arguments: ["dub.openapi.json"]),
            Import(spec: "intercom", arguments: ["intercom.openapi.yaml", "--overrides", "intercom.fern-overrides.yaml"]),
            Import(spec: "azure-paging", arguments: ["azure-paging.swagger.json"]),
            Import(spec: "azure-storage", arguments: ["azure-storage.swagger.json"]),
        ] + wholeDocumentImports

    /// Two or three list operations of each whole document, one of each paging style
    /// it shows (the consumer tests walk them on pagegen-mock), and operations that send
    /// and answer what is not JSON: Stripe's customer created with a form, GitHub's list
    /// body, Markdown body, text answers and release asset upload to its upload server,
    /// Spotify's image upload (the consumer tests call them on pagegen-mock too).
    static let wholeDocumentImports: [Import] = [
        Import(
            spec: "github-full",
            arguments: [
                "github-api.json", "--operations",
                "issues/list-for-repo,issues/update,repos/list-for-org,activity/list-repo-events,repos/add-status-check-contexts,markdown/render-raw,meta/get-zen,repos/upload-release-asset",
                "--name", "GitHubFull",
            ], whole: true),
        Import(
            spec: "stripe-full",
            arguments: ["stripe-spec3.json", "--operations", "GetCustomers,GetCustomersSearch,PostCustomers", "--name", "StripeFull"],
            whole: true),
        Import(
            spec: "twilio-full", arguments: ["twilio-api-v2010.json", "--operations", "ListCall,ListMessage", "--name", "TwilioFull"],
            whole: true),
        Import(
            spec: "asana-full", arguments: ["asana-oas.yaml", "--operations", "getProjects,getUsers", "--name", "AsanaFull"], whole: true),
        Import(
            spec: "spotify-full",
            arguments: [
                "spotify-fixed-open-api.yml", "--operations",
                "get-playlists-items,get-followed,get-recently-played,upload-custom-playlist-cover", "--name", "SpotifyFull",
            ], whole: true),
        Import(
            spec: "mistral-full",
            arguments: [
                "mistral-openapi.yaml", "--operations", "get_workflows_v1_workflows_get,files_api_routes_list_files,prompts_list", "--name",
                "MistralFull",
            ], whole: true),
    ]

    @Test(arguments: imports.filter { !$0.whole })
    func importingWritesTheCommittedSpec(_ entry: Import) async throws {
        try await Self.check(entry, in: Self.documents)
    }

    /// Imports `entry` in `folder` and compares the spec with the committed one.
    static func check(_ entry: Import, in folder: URL) async throws {
        let output = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let written = output.appendingPathComponent("\(entry.spec).pagegen.yaml")
        let run = try await CLITests.run(["import"] + entry.arguments + ["--quiet", "--output", written.path], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.errors.contains(": error:"), "\(run.errors)")
        let spec = try String(contentsOf: written, encoding: .utf8)
        let committedURL = Self.specs.appendingPathComponent("\(entry.spec).pagegen.yaml")
        if Self.isRecording {
            try Data(spec.utf8).write(to: committedURL)
            Issue.record("recorded specs/imported/\(entry.spec).pagegen.yaml; unset PAGEGEN_RECORD and run again")
            return
        }
        let committed = (try? String(contentsOf: committedURL, encoding: .utf8)) ?? ""
        if committed != spec {
            Issue.record(
                "specs/imported/\(entry.spec).pagegen.yaml is not what `\(entry.testDescription)` writes now (PAGEGEN_RECORD=1 re-records it): \(Self.firstDifference(committed, spec))"
            )
        }
    }

    @Test func everyImportedSpecHasItsCommand() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.specs.path).filter { $0.hasSuffix(".pagegen.yaml") }
        #expect(Set(files) == Set(Self.imports.map { "\($0.spec).pagegen.yaml" }))
    }

    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? String(old[index]) : "(end of text)"
            let after = index < new.count ? String(new[index]) : "(end of text)"
            if before != after { return "line \(index + 1):\n- \(before)\n+ \(after)" }
        }
        return "the texts are the same"
    }
}

/// The real OpenAPI documents, kept outside the package in ../shared/fixtures/openapi.
/// The same for the whole documents of ../shared/fixtures/openapi-full, each read
/// whole (up to 4 MB) and two or three of its operations written.
@Suite(.enabled(if: OpenAPIDocuments.wholeAvailable, OpenAPIDocuments.wholeSkipMessage), .serialized)
struct WholeDocumentReimportTests {
    @Test(arguments: ImportedSpecsReimportTests.imports.filter(\.whole))
    func importingAWholeDocumentWritesTheCommittedSpec(_ entry: ImportedSpecsReimportTests.Import) async throws {
        try await ImportedSpecsReimportTests.check(entry, in: OpenAPIDocuments.wholeFolder)
    }
}

enum OpenAPIDocuments {
    /// The whole documents, as their owners publish them.
    static let wholeFolder = CLITests.root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/openapi-full")

    /// True when the whole documents are present.
    static var wholeAvailable: Bool { FileManager.default.fileExists(atPath: wholeFolder.appendingPathComponent("README.md").path) }

    static let wholeSkipMessage: Comment =
        "the OpenAPI documents of ../shared/fixtures/openapi-full are absent; the committed imported specs are still linted and generated"

    static let folder = CLITests.root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/openapi")

    /// True when the documents are present.
    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path) }

    static let skipMessage: Comment =
        "the OpenAPI documents of ../shared/fixtures/openapi are absent; the committed imported specs are still linted and generated"
}
