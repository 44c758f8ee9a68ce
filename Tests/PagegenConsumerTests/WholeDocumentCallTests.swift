import Foundation
import PagegenMock
import PagegenRuntime
import Testing

/// The operations of whole public documents that send or answer what is not JSON,
/// imported by `pagegen import` (specs/imported/*-full; the CLI tests import them again
/// from ../shared/fixtures/openapi-full) and called on pagegen-mock serving the same
/// specs: each checked on the server side, in the request log, as sent.
@Suite struct WholeDocumentCallTests {
    /// The only request the server logged.
    static func onlyRequest(_ server: MockServer) async throws -> MockRequestRecord {
        let requests = await server.requests
        #expect(requests.count == 1, "requests: \(requests)")
        return try #require(requests.last)
    }

    static func pairs(_ fields: [(name: String, value: String)]?) -> [String] {
        (fields ?? []).map { "\($0.name)=\($0.value)" }
    }

    @Test func stripeCreatesACustomerWithAFormBodyOfNestedKeys() async throws {
        try await withMockServer("imported/stripe-full") { server in
            let client = ImportedStripeFull.Client(baseURL: server.baseURL, token: "sk_test")
            let body = ImportedStripeFull.PostCustomersBody(
                email: "jenny@example.com", metadata: .object(["order_id": .string("6735")]), name: "Jenny Rosen",
                preferredLocales: ["en", "de"], taxIDData: [ImportedStripeFull.DataParams(type: .euVat, value: "DE123456789")])
            let customer = try await client.postCustomers(body: body).get()
            #expect(!customer.id.isEmpty)
            let request = try await Self.onlyRequest(server)
            #expect(request.method == "POST" && request.path == "/v1/customers" && request.status == 200)
            #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(request.header("Authorization") == "Bearer sk_test")
            // The lists go with indices: the body holds a list of objects (tax_id_data).
            #expect(
                Self.pairs(request.formFields) == [
                    "email=jenny@example.com", "metadata[order_id]=6735", "name=Jenny Rosen", "preferred_locales[0]=en",
                    "preferred_locales[1]=de", "tax_id_data[0][type]=eu_vat", "tax_id_data[0][value]=DE123456789",
                ])
        }
    }

    /// GitHub's document: the milestone is `nullable` ("or `null` to remove current"),
    /// the other fields of the body are not; a field left `.absent` is not sent, so
    /// the title stays as it is.
    @Test func gitHubRemovesAnIssuesMilestoneAndLeavesTheRestAsItIs() async throws {
        try await withMockServer("imported/github-full") { server in
            let client = ImportedGitHubFull.Client(baseURL: server.baseURL)
            let issue = try await client.issuesUpdate(
                owner: "octo", repo: "hello", issueNumber: 1347, body: .init(milestone: .null)
            ).get()
            #expect(issue.id > 0)
            let request = try await Self.onlyRequest(server)
            #expect(request.method == "PATCH" && request.path == "/repos/octo/hello/issues/1347" && request.status == 200)
            #expect(request.bodyText == #"{"milestone":null}"#)
            // And a milestone set, with the state: only what was given goes.
            _ = try await client.issuesUpdate(
                owner: "octo", repo: "hello", issueNumber: 1347, body: .init(state: .closed, milestone: 3)
            ).get()
            let second = try #require(await server.requests.last)
            #expect(second.status == 200)
            #expect(second.bodyText == #"{"milestone":3,"state":"closed"}"#)
        }
    }

    @Test func stripeListsCustomersWithExpandAndCreatedOnEveryPage() async throws {
        try await withMockServer("imported/stripe-full", items: 25) { server in
            let client = ImportedStripeFull.Client(baseURL: server.baseURL, token: "sk_test")
            let customers = try await collect(
                client.allGetCustomers(
                    created: ImportedStripeFull.RangeQuerySpecs(gte: 1_700_000_000, lt: 1_800_000_000),
                    expand: ["data.default_source", "data.invoice_settings.default_payment_method"], limit: 10))
            #expect(customers.count == 25)
            #expect(Set(customers.map(\.id)).count == 25, "a customer was delivered twice")
            let requests = await server.requests
            #expect(requests.count == 3, "25 customers in pages of 10: \(requests)")
            for (index, request) in requests.enumerated() {
                #expect(request.status == 200)
                let items = Self.pairs(request.queryItems)
                // The document shows `expand[]=`: the list goes with empty brackets.
                #expect(
                    items.filter { !$0.hasPrefix("starting_after=") } == [
                        "created[gte]=1700000000", "created[lt]=1800000000", "expand[]=data.default_source",
                        "expand[]=data.invoice_settings.default_payment_method", "limit=10",
                    ])
                #expect(items.contains { $0.hasPrefix("starting_after=") } == (index > 0))
            }
            #expect(requests.first?.query.contains("created%5Bgte%5D=1700000000") == true)
        }
    }

    @Test func gitHubSendsAListBodyAndMarkdownAndReadsText() async throws {
        try await withMockServer("imported/github-full") { server in
            let client = ImportedGitHubFull.Client(baseURL: server.baseURL)
            let contexts = try await client.reposAddStatusCheckContexts(
                owner: "apple", repo: "swift", branch: "main", body: ["ci/build", "ci/test"]
            ).get()
            #expect(contexts.allSatisfy { !$0.isEmpty })
            let html = try await client.markdownRenderRaw(body: "# Release notes\n\n**Bold** & more").get()
            #expect(!html.isEmpty)
            let zen = try await client.metaGetZen().get()
            #expect(!zen.isEmpty)
            let requests = await server.requests
            #expect(requests.map(\.status) == [200, 200, 200], "\(requests)")
            guard requests.count == 3 else { return }
            let list = requests[0]
            #expect(list.method == "POST" && list.path == "/repos/apple/swift/branches/main/protection/required_status_checks/contexts")
            #expect(list.header("Content-Type") == "application/json")
            let sent = try JSONSerialization.jsonObject(with: list.body) as? [String]
            #expect(sent == ["ci/build", "ci/test"])
            let markdown = requests[1]
            #expect(markdown.method == "POST" && markdown.path == "/markdown/raw")
            #expect(markdown.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(markdown.bodyText == "# Release notes\n\n**Bold** & more")
            #expect(markdown.header("Accept") == "text/html")
            #expect(requests[2].path == "/zen" && requests[2].header("Accept") == "text/plain")
        }
    }

    @Test func gitHubUploadsAReleaseAssetToItsUploadServer() async throws {
        try await withMockServer("imported/github-full") { server in
            let uploads = try #require(server.servers["uploads"], "the mock names no uploads server")
            let client = ImportedGitHubFull.Client(baseURL: server.baseURL, servers: .init(uploads: uploads))
            let bytes = Data([0x50, 0x4B, 0x03, 0x04, 0x00, 0xFF, 0x7F, 0x80])
            let asset = try await client.reposUploadReleaseAsset(
                owner: "apple", repo: "swift", releaseID: 42, body: BinaryContent(data: bytes, contentType: "application/zip"),
                name: "swift.zip", label: "The toolchain"
            ).get()
            #expect(!asset.name.isEmpty)
            let request = try await Self.onlyRequest(server)
            #expect(request.method == "POST" && (request.status == 201 || request.status == 200), "\(request)")
            // Sent to the upload server's place on the mock, not the base URL's.
            #expect(request.path == uploads.path + "/repos/apple/swift/releases/42/assets", "\(request.path)")
            #expect(request.header("Content-Type") == "application/zip")
            #expect(request.body == bytes)
            #expect(Self.pairs(request.queryItems) == ["name=swift.zip", "label=The toolchain"])
        }
    }

    @Test func spotifyUploadsAPlaylistCoverImage() async throws {
        try await withMockServer("imported/spotify-full") { server in
            let client = ImportedSpotifyFull.Client(baseURL: server.baseURL, token: "t")
            // The document asks for the JPEG's bytes in Base64.
            let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0xFF, 0xD9])
            try await client.uploadCustomPlaylistCover(playlistID: "3cEYpjA9oz9GiPac4AsH4n", body: jpeg.base64EncodedData()).get()
            let request = try await Self.onlyRequest(server)
            #expect(request.method == "PUT" && request.path == "/v1/playlists/3cEYpjA9oz9GiPac4AsH4n/images")
            #expect((200..<300).contains(request.status), "\(request)")
            #expect(request.header("Content-Type") == "image/jpeg")
            #expect(request.header("Authorization") == "Bearer t")
            #expect(request.body == jpeg.base64EncodedData())
        }
    }
}
