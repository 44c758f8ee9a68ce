import Foundation
import PagegenMock
import PagegenRuntime
import Testing

/// The clients of the specs that `pagegen import` wrote from whole public documents
/// (specs/imported/*-full, two or three list operations of each; the CLI tests import
/// them again from ../shared/fixtures/openapi-full), walked to the end on pages that
/// pagegen-mock serves from the same specs: every item once, in order, whatever the
/// page size, by the paging style each document shows.
@Suite struct WholeDocumentMockTests {
    /// Not a multiple of the sizes below: every walk ends on a short page.
    static let items = 57

    /// Walks `spec`'s list with two page sizes; both walks must deliver the mock's
    /// items, each once and in the same order (an item delivered twice or left out
    /// would move the pages' boundaries apart). Items whose generated fields may all
    /// be alike (an optional id the mock leaves null) say `distinct: false`. Returns
    /// the requests of the first walk.
    @discardableResult
    func walk<Item>(
        _ spec: String, sizes: (Int, Int) = (10, 25), distinct: Bool = true, key: @escaping @Sendable (Item) -> String,
        _ sequence: @escaping @Sendable (URL, Int) -> ItemSequence<Item>
    ) async throws -> [MockRequestRecord] {
        try await withMockServer("imported/\(spec)", items: Self.items) { server in
            let first = try await collect(sequence(server.baseURL, sizes.0)).map(key)
            let requests = await server.requests
            await server.reset()
            let second = try await collect(sequence(server.baseURL, sizes.1)).map(key)
            #expect(first.count == Self.items, "\(spec): \(first.count) items of \(Self.items)")
            #expect(!distinct || Set(first).count == first.count, "\(spec): an item was delivered twice")
            #expect(first == second, "\(spec): the items of pages of \(sizes.0) and of \(sizes.1) differ")
            #expect(requests.allSatisfy { $0.status == 200 }, "\(spec): \(requests.map(\.description))")
            #expect(
                requests.count == Self.items / sizes.0 + 1 || requests.count == Self.items / sizes.0 + 2,
                "\(spec): \(requests.count) requests")
            return requests
        }
    }

    /// An item without an identity, as text, the same whatever order its maps hold
    /// their keys in: the mock generates every item apart.
    static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else { return String(describing: value) }
        var parts = mirror.children.map { ($0.label.map { $0 + ": " } ?? "") + text($0.value) }
        if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { parts.sort() }
        return "\(mirror.subjectType)(" + parts.joined(separator: ", ") + ")"
    }

    @Test func gitHubFollowsTheLinkHeaderAndCountsPagesWhereItIsNotDeclared() async throws {
        try await walk("github-full", key: { (issue: ImportedGitHubFull.IssueSimple) in "\(issue.id)" }) { url, size in
            ImportedGitHubFull.Client(baseURL: url).allIssuesListForRepo(owner: "apple", repo: "swift", perPage: size)
        }
        try await walk("github-full", key: { (repository: ImportedGitHubFull.MinimalRepository) in "\(repository.id)" }) { url, size in
            ImportedGitHubFull.Client(baseURL: url).allReposListForOrg(org: "apple", perPage: size)
        }
        let requests = try await walk("github-full", key: { (event: ImportedGitHubFull.Event) in event.id }) { url, size in
            ImportedGitHubFull.Client(baseURL: url).allActivityListRepoEvents(owner: "apple", repo: "swift", perPage: size)
        }
        // Page numbers, each asked once (with a total, the pages ahead are asked at once, in any order).
        #expect(requests.compactMap { $0.item("page").flatMap { Int($0) } }.sorted() == Array(1...requests.count))
    }

    @Test func stripeTakesTheCursorFromTheLastItemAndSearchesByNextPage() async throws {
        let requests = try await walk("stripe-full", key: { (customer: ImportedStripeFull.Customer) in customer.id }) { url, size in
            ImportedStripeFull.Client(baseURL: url, token: "sk_test").allGetCustomers(limit: size)
        }
        #expect(requests.first?.item("starting_after") == nil)
        #expect(requests.dropFirst().allSatisfy { $0.item("starting_after")?.isEmpty == false })
        let search = try await walk("stripe-full", key: { (customer: ImportedStripeFull.Customer) in customer.id }) { url, size in
            ImportedStripeFull.Client(baseURL: url, token: "sk_test").allGetCustomersSearch(query: "name:'Jane'", limit: size)
        }
        #expect(search.dropFirst().allSatisfy { $0.item("page")?.isEmpty == false })
    }

    @Test func twilioFollowsTheRelativeNextPageURI() async throws {
        let requests = try await walk("twilio-full", key: { (call: ImportedTwilioFull.Call) in Self.text(call) }) { url, size in
            ImportedTwilioFull.Client(baseURL: url, username: "AC1", password: "token").allListCall(accountSid: "AC1", pageSize: size)
        }
        // The pages after the first are the next_page_uri the mock wrote, relative to its origin.
        #expect(requests.dropFirst().allSatisfy { $0.path == "/2010-04-01/Accounts/AC1/Calls.json" && $0.item("offset") != nil })
        try await walk("twilio-full", key: { (message: ImportedTwilioFull.Message) in Self.text(message) }) { url, size in
            ImportedTwilioFull.Client(baseURL: url, username: "AC1", password: "token").allListMessage(accountSid: "AC1", pageSize: size)
        }
    }

    @Test func asanaTakesTheOffsetTokenOfNextPage() async throws {
        let requests = try await walk(
            "asana-full", distinct: false, key: { (project: ImportedAsanaFull.ProjectCompact) in Self.text(project) }
        ) {
            url, size in
            ImportedAsanaFull.Client(baseURL: url, token: "t").allGetProjects(limit: size)
        }
        #expect(requests.dropFirst().allSatisfy { $0.item("offset")?.isEmpty == false })
        try await walk("asana-full", key: { (user: ImportedAsanaFull.UserCompact) in Self.text(user) }) { url, size in
            ImportedAsanaFull.Client(baseURL: url, token: "t").allGetUsers(limit: size)
        }
    }

    /// Spotify's lists, its followed artists and recently played tracks too, follow the
    /// next URL each page gives (over the followed artists' `after` cursor).
    @Test func spotifyFollowsItsNextURLs() async throws {
        try await walk("spotify-full", key: { (track: ImportedSpotifyFull.PlaylistTrackObject) in Self.text(track) }) { url, size in
            ImportedSpotifyFull.Client(baseURL: url, token: "t").allGetPlaylistsItems(playlistID: "p1", limit: size)
        }
        let requests = try await walk("spotify-full", key: { (artist: ImportedSpotifyFull.ArtistObject) in Self.text(artist) }) {
            url, size in
            ImportedSpotifyFull.Client(baseURL: url, token: "t").allGetFollowed(type: .artist, limit: size)
        }
        #expect(requests.contains { $0.query != requests[0].query }, "the walk asked for the first page alone: \(requests)")
        try await walk("spotify-full", key: { (played: ImportedSpotifyFull.PlayHistoryObject) in Self.text(played) }) { url, size in
            ImportedSpotifyFull.Client(baseURL: url, token: "t").allGetRecentlyPlayed(limit: size)
        }
    }

    @Test func mistralPagesByItsSpeakeasyCursorAndByPageNumbers() async throws {
        try await walk("mistral-full", key: { (prompt: ImportedMistralFull.Prompt) in Self.text(prompt) }) { url, size in
            ImportedMistralFull.Client(baseURL: url, token: "t").allPromptsList(pageSize: size)
        }
        let requests = try await walk("mistral-full", key: { (file: ImportedMistralFull.FileSchema) in Self.text(file) }) { url, size in
            ImportedMistralFull.Client(baseURL: url, token: "t").allFilesAPIRoutesListFiles(pageSize: size)
        }
        #expect(requests.compactMap { $0.item("page").flatMap { Int($0) } }.sorted() == Array(0..<requests.count))
    }
}

extension MockRequestRecord {
    /// The value of the query item `name`, decoded.
    fileprivate func item(_ name: String) -> String? {
        var components = URLComponents()
        components.percentEncodedQuery = query
        return components.queryItems?.first { $0.name == name }?.value
    }
}
