import Foundation
import HTTPTypes
import OpenAPIRuntime
import PagegenMock
import PagegenOpenAPIRuntime
import PagegenRuntime
import PagegenStore
import Testing

@testable import Jira

/// Lists of a generated client kept in a `PagegenStore` (`storingIn:`): shown from the
/// store with no server, asked about again with their validators, and a `304` that
/// reaches no decoder.
@Suite struct StoredListsTests {
    static let input = Jira.Operations.searchForIssuesUsingJql.Input(query: .init(maxResults: 25))

    /// A store in a file of its own, removed after `body`.
    static func withStoreFile<T>(isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T) async throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-stored-lists-\(UUID().uuidString).sqlite")
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        }
        return try await body(file)
    }

    @MainActor func waitUntil(_ condition: @MainActor () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    @Test @MainActor func aStoredListShowsWithNoServerAndARelaunchSendsOnlyConditionalRequests() async throws {
        try await Self.withStoreFile { file in
            // First launch: the list loads from the server and keeps its pages.
            var shown: [String] = []
            var firstOffsets: Set<String> = []
            try await withMock("jira", items: 500) { server in
                let list = try storedIssues(Self.input, serverURL: server.baseURL, transport: transport, file: file)
                list.start()
                #expect(await waitUntil { list.count == 500 && (0..<20).allSatisfy { list[$0].item != nil } && !list.loadStates.isLoading })
                shown = (0..<20).map { list[$0].item?.id ?? "" }
                let requests = await server.requests
                #expect(requests.allSatisfy { $0.header("If-None-Match") == nil }, "nothing was stored before")
                firstOffsets = Set(requests.compactMap { $0.queryItems.first { $0.name == "startAt" }?.value })
            }

            // No server: the rows show from the store; the revalidation fails and says so.
            do {
                let offline = OfflineTransport()
                let configuration = StoreConfiguration(store: try PagegenStore(at: file), account: "ann")
                let client = Jira.Client(
                    serverURL: URL(string: "https://jira.example.com")!, transport: offline, middlewares: [PagingResponseMiddleware()])
                let list = client.searchForIssuesUsingJqlList(Self.input, storingIn: configuration)
                list.start()
                #expect(await waitUntil { (0..<20).allSatisfy { list[$0].item != nil } })
                #expect((0..<20).map { list[$0].item?.id ?? "" } == shown)
                #expect(await waitUntil { list.storedContent?.failure != nil }, "the revalidation failed offline")
                for request in offline.requests where Self.offset(request.path).map(firstOffsets.contains) == true {
                    #expect(request.headerFields[.ifNoneMatch] != nil, "a stored page is asked for conditionally: \(request)")
                }
                // Another account sees none of it.
                let bob = client.searchForIssuesUsingJqlPageLoader(
                    Self.input, storingIn: StoreConfiguration(store: configuration.store, account: "bob"))
                #expect(await bob.stored?.readPage(at: bob.firstKey) == nil)
                let ann = client.searchForIssuesUsingJqlPageLoader(Self.input, storingIn: configuration)
                #expect(await ann.stored?.readPage(at: ann.firstKey) != nil)
            }

            // Relaunch with the server back: every request is conditional and answered 304.
            try await withMock("jira", items: 500) { server in
                let list = try storedIssues(Self.input, serverURL: server.baseURL, transport: transport, file: file)
                list.start()
                #expect(await waitUntil { (0..<20).allSatisfy { list[$0].item != nil } })
                #expect((0..<20).map { list[$0].item?.id ?? "" } == shown)
                #expect(await waitUntil { list.storedContent == nil && !list.loadStates.isLoading }, "the stored rows were revalidated")
                let requests = await server.requests
                let stored = requests.filter { request in
                    request.queryItems.first { $0.name == "startAt" }.map { firstOffsets.contains($0.value) } ?? false
                }
                #expect(!stored.isEmpty)
                for request in stored {
                    #expect(request.header("If-None-Match") != nil && request.status == 304, "a stored page: \(request)")
                }
                for request in requests where !stored.contains(request) {
                    #expect(request.header("If-None-Match") == nil, "a page never stored: \(request)")
                }
            }
        }
    }

    @Test func revalidatingAnUnchangedListDecodesNothing() async throws {
        try await Self.withStoreFile { file in
            try await withMock("jira", items: 100) { server in
                let configuration = StoreConfiguration(store: try PagegenStore(at: file), account: "ann")
                let bodies = BodiesReachingTheClient()
                let client = Jira.Client(
                    serverURL: server.baseURL, transport: transport, middlewares: [bodies, PagingResponseMiddleware()])
                var ids: [String] = []
                for try await issue in client.searchForIssuesUsingJqlItems(Self.input, storingIn: configuration) {
                    ids.append(issue.id ?? "")
                }
                #expect(ids.count == 100)
                let walked = bodies.bytes
                #expect(walked > 0)

                let loader = client.searchForIssuesUsingJqlPageLoader(Self.input, storingIn: configuration)
                let stored = try #require(loader.stored)
                let revalidation = try await stored.revalidateChain(from: loader.firstKey).get()
                #expect(revalidation.unchanged.count == 4 && revalidation.changed.isEmpty, "\(revalidation)")
                #expect(bodies.bytes == walked, "no body of a 304 reached the client's decoder")
                let conditional = await server.requests.suffix(4)
                #expect(conditional.allSatisfy { $0.status == 304 && $0.header("If-None-Match") != nil })

                // A page read back from the store, with no request.
                let before = await server.requests.count
                let page = try #require(await stored.readPage(at: loader.firstKey))
                #expect(page.page.items.map { $0.id ?? "" } == Array(ids.prefix(25)))
                #expect(await server.requests.count == before)
            }
        }
    }
}

extension StoredListsTests {
    @Test func aWalkOfAListTheStoreDoesNotHoldReadsNoPageBackAndTheNextWalkAsksConditionally() async throws {
        try await Self.withStoreFile { file in
            try await withMock("jira", items: 100) { server in
                let store = PageReadsCounted(try PagegenStore(at: file))
                let configuration = StoreConfiguration(store: store, account: "ann")
                let client = Jira.Client(serverURL: server.baseURL, transport: transport, middlewares: [PagingResponseMiddleware()])
                var first = 0
                for try await _ in client.searchForIssuesUsingJqlItems(Self.input, storingIn: configuration) { first += 1 }
                #expect(first == 100)
                #expect(store.pageReads == 0, "no page of a list the store did not hold is read back")
                let before = await server.requests.count
                var second = 0
                for try await _ in client.searchForIssuesUsingJqlItems(Self.input, storingIn: configuration) { second += 1 }
                #expect(second == 100)
                #expect(store.pageReads == 4, "each stored page is read back for its validators")
                let requests = await server.requests.dropFirst(before)
                #expect(requests.count == 4 && requests.allSatisfy { $0.status == 304 && $0.header("If-None-Match") != nil })
            }
        }
    }

    @Test func aWalkGoesOnWhereItStoppedAndClearingForgetsAListOrAnAccount() async throws {
        try await Self.withStoreFile { file in
            try await withMock("jira", items: 100) { server in
                let store = try PagegenStore(at: file)
                let client = Jira.Client(serverURL: server.baseURL, transport: transport, middlewares: [PagingResponseMiddleware()])
                let ann = StoreConfiguration(store: store, account: "ann")
                var delivered: [String] = []
                // A walk stopped with its 40th item in hand, not handled: that one comes again.
                var iterator = client.searchForIssuesUsingJqlItems(Self.input, storingIn: ann).resuming(walk: "import").makeAsyncIterator()
                for index in 0..<40 {
                    let issue = try #require(try await iterator.next())
                    if index < 39 { delivered.append(issue.id ?? "") }
                }
                for try await issue in client.searchForIssuesUsingJqlItems(Self.input, storingIn: ann).resuming(walk: "import") {
                    delivered.append(issue.id ?? "")
                }
                var all: [String] = []
                for try await issue in client.searchForIssuesUsingJqlItems(Self.input) { all.append(issue.id ?? "") }
                #expect(delivered == all && all.count == 100, "every item once, in order, across the two walks")

                // Another list (another page size) and another account keep their own pages.
                let bob = StoreConfiguration(store: store, account: "bob")
                let wide = Jira.Operations.searchForIssuesUsingJql.Input(query: .init(maxResults: 50))
                for try await _ in client.searchForIssuesUsingJqlItems(wide, storingIn: ann) {}
                for try await _ in client.searchForIssuesUsingJqlItems(Self.input, storingIn: bob) {}
                let annList = try #require(client.searchForIssuesUsingJqlPageLoader(Self.input, storingIn: ann).stored)
                let wideList = try #require(client.searchForIssuesUsingJqlPageLoader(wide, storingIn: ann).stored)
                let bobList = try #require(client.searchForIssuesUsingJqlPageLoader(Self.input, storingIn: bob).stored)
                #expect(annList.id != wideList.id && annList.id != bobList.id)
                try await store.clear(annList.id)
                #expect(await annList.readPage(at: .offset(0)) == nil, "the list is cleared")
                #expect(await wideList.readPage(at: .offset(0)) != nil, "another list of the account stays")
                #expect(await bobList.readPage(at: .offset(0)) != nil, "another account stays")
                try await store.clear(account: "bob")
                #expect(await bobList.readPage(at: .offset(0)) == nil, "the account is cleared")
                #expect(await wideList.readPage(at: .offset(0)) != nil)
            }
        }
    }

    @Test @MainActor func aStoreNoOneMayWriteOpensReadOnlyAndStillShowsItsRows() async throws {
        try await Self.withStoreFile { file in
            try await withMock("jira", items: 100) { server in
                let client = Jira.Client(serverURL: server.baseURL, transport: transport, middlewares: [PagingResponseMiddleware()])
                let configuration = StoreConfiguration(store: try PagegenStore(at: file), account: "ann")
                for try await _ in client.searchForIssuesUsingJqlItems(Self.input, storingIn: configuration) {}
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path) }
            let store = try PagegenStore(at: file)
            #expect(store.isReadOnly && store.recovery == nil)
            let client = Jira.Client(
                serverURL: URL(string: "https://jira.example.com")!, transport: OfflineTransport(),
                middlewares: [PagingResponseMiddleware()])
            let list = client.searchForIssuesUsingJqlList(
                Self.input, storingIn: StoreConfiguration(store: store, account: "ann"))
            list.start()
            #expect(await waitUntil { (0..<20).allSatisfy { list[$0].item != nil } }, "the stored rows show")
            #expect(await waitUntil { list.storedContent?.failure != nil })
        }
    }

    @Test @MainActor func aBrokenStoreFileIsMovedAsideAndTheListLoadsFromTheServer() async throws {
        try await Self.withStoreFile { file in
            try Data("not a database".utf8).write(to: file)
            try await withMock("jira", items: 100) { server in
                let store = try PagegenStore(at: file)
                let recovery = try #require(store.recovery, "the broken file was moved aside")
                defer { try? FileManager.default.removeItem(at: recovery.movedTo) }
                let client = Jira.Client(serverURL: server.baseURL, transport: transport, middlewares: [PagingResponseMiddleware()])
                let list = client.searchForIssuesUsingJqlList(Self.input, storingIn: StoreConfiguration(store: store, account: "ann"))
                list.start()
                #expect(await waitUntil { list[0].item != nil })
                let stored = try #require(
                    client.searchForIssuesUsingJqlPageLoader(Self.input, storingIn: StoreConfiguration(store: store, account: "ann")).stored
                )
                #expect(await stored.readPage(at: .offset(0)) != nil, "the new file keeps the pages")
            }
        }
    }

    /// The `startAt` of a request's path and query.
    static func offset(_ pathAndQuery: String?) -> String? {
        URLComponents(string: pathAndQuery ?? "")?.queryItems?.first { $0.name == "startAt" }?.value
    }
}

/// The issues a list shows, kept in the store at `file` for the account "ann": the
/// recipe of docs/openapi-generator.md.
@MainActor func storedIssues(
    _ input: Jira.Operations.searchForIssuesUsingJql.Input, serverURL: URL, transport: any OpenAPIRuntime.ClientTransport, file: URL
) throws -> PagedList<Jira.Components.Schemas.IssueBean> {
    let store = try PagegenStore(at: file)
    let client = Jira.Client(serverURL: serverURL, transport: transport, middlewares: [PagingResponseMiddleware()])
    return client.searchForIssuesUsingJqlList(input, storingIn: StoreConfiguration(store: store, account: "ann"))
}

/// A transport with no network: every request fails, and is recorded.
final class OfflineTransport: OpenAPIRuntime.ClientTransport, Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var sent: [HTTPTypes.HTTPRequest] = []

    var requests: [HTTPTypes.HTTPRequest] { lock.withLock { sent } }

    func send(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        lock.withLock { sent.append(request) }
        throw URLError(.notConnectedToInternet)
    }
}

/// Counts the bytes of the answers' bodies that reach the client's decoder (placed
/// before `PagingResponseMiddleware`, it sees what the client decodes).
final class BodiesReachingTheClient: OpenAPIRuntime.ClientMiddleware, Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var count = 0

    var bytes: Int { lock.withLock { count } }

    func intercept(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPTypes.HTTPRequest, HTTPBody?, URL) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard let responseBody else { return (response, nil) }
        let data = try await Data(collecting: responseBody, upTo: .max)
        lock.withLock { count += data.count }
        return (response, HTTPBody(data))
    }
}

/// A page store that counts the pages read back from it.
final class PageReadsCounted: PageStore, @unchecked Sendable {
    private let store: any PageStore
    private let lock = NSLock()
    private var reads = 0

    init(_ store: any PageStore) { self.store = store }

    var pageReads: Int { lock.withLock { reads } }

    func page(at key: PageKey, of list: StoredListID) throws(PageStoreError) -> StoredPage? {
        lock.withLock { reads += 1 }
        return try store.page(at: key, of: list)
    }

    func write(_ page: StoredPage, of list: StoredListID) async throws(PageStoreError) { try await store.write(page, of: list) }

    func markValidated(at key: PageKey, of list: StoredListID, date: Date) async throws(PageStoreError) {
        try await store.markValidated(at: key, of: list, date: date)
    }

    func state(of list: StoredListID) throws(PageStoreError) -> StoredListState? { try store.state(of: list) }

    func setAnchorRow(_ row: Int?, of list: StoredListID) async throws(PageStoreError) { try await store.setAnchorRow(row, of: list) }

    func walkProgress(named walk: String, of list: StoredListID) throws(PageStoreError) -> StoredWalkProgress? {
        try store.walkProgress(named: walk, of: list)
    }

    func setWalkProgress(_ progress: StoredWalkProgress?, named walk: String, of list: StoredListID) async throws(PageStoreError) {
        try await store.setWalkProgress(progress, named: walk, of: list)
    }

    func clear(_ list: StoredListID) async throws(PageStoreError) { try await store.clear(list) }

    func clear(account: String) async throws(PageStoreError) { try await store.clear(account: account) }

    func clearAll() async throws(PageStoreError) { try await store.clearAll() }
}
