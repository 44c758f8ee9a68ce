import Foundation
import PagegenMock
import PagegenRuntime
import PagegenStore
import PagegenTestServer
import PagegenTestSupport
import Testing

/// Generated clients with a page store, on real SQLite files and real HTTP: stored
/// lists at launch, conditional requests, offline rows, walks that go on after a restart.
@Suite @MainActor struct StoreConsumerTests {
    /// The numbers API with validators: every page carries an `ETag` (its version,
    /// page and size) and `Last-Modified`; a request that names them gets `304`.
    final class NumbersWithValidators: @unchecked Sendable {
        private let lock = NSLock()
        private var _version = 0
        private var _offline = false
        /// Bumped to change every value on the server.
        var version: Int {
            get { lock.withLock { _version } }
            set { lock.withLock { _version = newValue } }
        }
        var sendsEntityTags = true

        func handler(_ request: TestRequest) -> TestResponse {
            guard request.path == "/numbers" else { return NumbersConsumerTests.handler(request) }
            let version = version
            let page = request.intQuery("page_number") ?? 0
            let size = request.intQuery("per_page") ?? 30
            let tag = "\"v\(version)-p\(page)-s\(size)\""
            let date = "Sun, 0\(version + 1) Nov 2026 10:00:00 GMT"
            var validators = [("Last-Modified", date)]
            if sendsEntityTags { validators.append(("ETag", tag)) }
            if sendsEntityTags ? request.headers["if-none-match"] == tag : request.headers["if-modified-since"] == date {
                return TestResponse(status: 304, headers: validators)
            }
            let items = (page * size..<min(100, (page + 1) * size)).map {
                ["id": $0, "value": $0 * 10 + version, "label": "number \($0)", "parity": $0 % 2 == 0 ? "even" : "odd"] as [String: Any]
            }
            return .json(
                object: ["content": items, "page_number": page, "per_page": size, "total_elements": 100], headers: validators)
        }
    }

    /// A transport that fails every request as a device without network does, while `offline`.
    final class NetworkSwitch: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var _offline = false
        let transport = URLSessionTransport()
        var offline: Bool {
            get { lock.withLock { _offline } }
            set { lock.withLock { _offline = newValue } }
        }

        func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
            if offline { throw URLError(.notConnectedToInternet) }
            return try await transport.send(request)
        }
    }

    func waitUntil(timeout: Duration = .seconds(60), _ condition: @MainActor () throws -> Bool) async rethrows -> Bool {
        if try condition() { return true }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
            if try condition() { return true }
        }
        return false
    }

    /// Serves `numbers` on loopback for `body`, on the main actor.
    func withNumbers(_ numbers: NumbersWithValidators, _ body: @MainActor (TestServer) async throws -> Void) async throws {
        try await withServer({ numbers.handler($0) }, body)
    }

    /// Serves specs/catalog.pagegen.yaml with pagegen-mock for `body`, on the main actor.
    func withCatalog(items: Int, _ body: @MainActor (MockServer) async throws -> Void) async throws {
        try await withMockServer("catalog", items: items, body)
    }

    func withFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    @Test func aListShowsItsStoredRowsAtLaunchAtTheAnchorBeforeAnyRequestThenRevalidatesThem() async throws {
        let numbers = NumbersWithValidators()
        try await withFolder { folder in
            let file = folder.appendingPathComponent("pages.sqlite")
            try await withNumbers(numbers) { server in
                // The first launch loads the list and reads at row 40.
                let store = try PagegenStore(at: file)
                let client = NumbersAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "alice"))
                let first = client.numbersList(perPage: 10)
                first.start()
                #expect(await waitUntil { first.count == 100 })
                first.setVisibleRows(40..<50)
                #expect(await waitUntil { (40..<50).allSatisfy { first[$0].item != nil } })
                let list = try #require(first.loader.stored?.id)
                #expect(try await waitUntil { try store.state(of: list)?.anchorRow == 40 })
                #expect(try await waitUntil { try store.page(at: .number(4), of: list) != nil })
                // A page is stored before its load ends: once none is loading, all are.
                #expect(await waitUntil { !first.loadStates.isLoading })
                let stored = try (0..<10).filter { try store.page(at: .number($0), of: list) != nil }

                // The next launch: a new store on the file, a new client.
                let sent = await server.requests.count
                let again = try PagegenStore(at: file)
                let relaunched = NumbersAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: again, account: "alice"))
                let second = relaunched.numbersList(perPage: 10)
                second.start()
                // At once, with no answer from the server: the stored rows, at the anchor.
                #expect(second.count == 100)
                #expect(second.focusRow == 40)
                #expect(second[40].item?.value == 400)
                #expect(second.storedContent?.isRevalidating == true)
                // Then the server is asked whether they changed: 304s, nothing replaced.
                #expect(await waitUntil { second.storedContent == nil })
                // (Pages the first launch never loaded are asked for as they are.)
                let revalidations = await server.requests.dropFirst(sent).filter { stored.contains($0.intQuery("page_number") ?? -1) }
                #expect(!revalidations.isEmpty)
                #expect(revalidations.allSatisfy { $0.headers["if-none-match"] != nil }, "every stored page is asked for conditionally")
                #expect(second[40].item?.value == 400)

                // Another account sees none of it.
                let bob = NumbersAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: again, account: "bob"))
                let bobs = bob.numbersList(perPage: 10)
                bobs.start()
                #expect(bobs.count == 0)
                #expect(bobs.storedContent == nil)
            }
        }
    }

    @Test func changedPagesReplaceTheirRowsByIdentityAndTheAnchorStays() async throws {
        let numbers = NumbersWithValidators()
        try await withFolder { folder in
            let file = folder.appendingPathComponent("pages.sqlite")
            try await withNumbers(numbers) { server in
                let store = try PagegenStore(at: file)
                let client = NumbersAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                let first = client.numbersList(perPage: 10)
                first.start()
                first.setVisibleRows(40..<50)
                #expect(await waitUntil { (40..<50).allSatisfy { first[$0].item != nil } })
                let list = try #require(first.loader.stored?.id)
                #expect(try await waitUntil { try store.state(of: list)?.anchorRow == 40 && store.page(at: .number(4), of: list) != nil })

                numbers.version = 1
                let second = client.numbersList(perPage: 10)
                var changes: [ListChange] = []
                second.onChange = { changes.append($0) }
                second.start()
                #expect(second[40].item?.value == 400, "the stored row first")
                #expect(changes.allSatisfy { $0.deletedRows.isEmpty }, "the stored rows came as insertions")
                changes.removeAll()
                #expect(await waitUntil { second.storedContent == nil && second[40].item?.value == 401 })
                #expect(second.anchorRow == 40 || second.anchorRow == nil)
                #expect(second.row(ofItem: 40) == 40, "the item read stays on its row")
                #expect(
                    changes.allSatisfy { $0.insertedRows.isEmpty && $0.deletedRows.isEmpty },
                    "changed items reload in place: \(changes.map { "\($0)" })")
                #expect(changes.contains { $0.reloadedRows.contains { $0.contains(40) } })
            }
        }
    }

    @Test func offlineTheStoredRowsStayWithTheirAgeAndTheListRevalidatesWhenTheNetworkIsBack() async throws {
        let numbers = NumbersWithValidators()
        try await withFolder { folder in
            let file = folder.appendingPathComponent("pages.sqlite")
            try await withNumbers(numbers) { server in
                let stored = Date(timeIntervalSince1970: 1_800_000_000)
                let store = try PagegenStore(at: file)
                let network = NetworkSwitch()
                let loading = NumbersAPI.Client(baseURL: server.baseURL, transport: network)
                    .storing(in: StoreConfiguration(store: store, account: "a", now: { stored }))
                let first = loading.numbersList(perPage: 10)
                first.start()
                #expect(await waitUntil { first.count == 100 && first[0].item != nil })
                let list = try #require(first.loader.stored?.id)
                #expect(try await waitUntil { try store.page(at: .number(0), of: list) != nil })

                network.offline = true
                let second = loading.numbersList(perPage: 10)
                second.start()
                #expect(second[0].item?.id == 0)
                #expect(await waitUntil { second.storedContent?.failure != nil })
                let state = try #require(second.storedContent)
                #expect(state.storedAt == stored)
                #expect(state.age(at: stored.addingTimeInterval(3_600)) == 3_600)
                #expect(second[0].item?.id == 0, "offline, the stored rows stay")
                if case .transport = state.failure?.kind {
                } else {
                    Issue.record("expected a transport error, got \(String(describing: state.failure))")
                }

                network.offline = false
                second.networkDidBecomeAvailable()
                #expect(await waitUntil { second.storedContent == nil })
            }
        }
    }

    @Test func aStoreThatCannotBeWrittenShowsItsRowsAndEveryWriteSaysWhyNothingIsKept() async throws {
        let numbers = NumbersWithValidators()
        try await withFolder { folder in
            let file = folder.appendingPathComponent("pages.sqlite")
            try await withNumbers(numbers) { server in
                let list: StoredListID
                do {
                    let store = try PagegenStore(at: file)
                    let client = NumbersAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                    let first = client.numbersList(perPage: 10)
                    first.start()
                    first.setVisibleRows(40..<50)
                    #expect(await waitUntil { (40..<50).allSatisfy { first[$0].item != nil } && !first.loadStates.isLoading })
                    list = try #require(first.loader.stored?.id)
                    #expect(
                        try await waitUntil { try store.state(of: list)?.anchorRow == 40 && store.page(at: .number(4), of: list) != nil })
                    try await store.checkpoint()
                }
                try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)

                // The server changed every value since; the store cannot keep the new pages.
                numbers.version = 1
                let errors = ErrorLog()
                let store = try PagegenStore(at: file)
                #expect(store.isReadOnly && store.recovery == nil)
                let client = NumbersAPI.Client(baseURL: server.baseURL)
                    .storing(in: StoreConfiguration(store: store, account: "a", onError: { errors.append($0) }))
                let second = client.numbersList(perPage: 10)
                second.start()
                #expect(second.focusRow == 40)
                #expect(second[40].item?.value == 400, "the stored rows, at once")
                // The server's new pages show, though the store could not keep them.
                #expect(await waitUntil { second.storedContent == nil && second[40].item?.value == 401 })
                second.setVisibleRows(60..<70)
                #expect(await waitUntil { (60..<70).allSatisfy { second[$0].item?.value == $0 * 10 + 1 } })
                #expect(await waitUntil { errors.messages.contains { $0.contains("cannot write page 6") } })
                #expect(await waitUntil { errors.messages.contains { $0.contains("cannot keep the anchor") } })
                #expect(errors.messages.allSatisfy { $0.contains("is read-only") }, "\(errors.messages)")
                #expect(try store.page(at: .number(4), of: list)?.entityTag == "\"v0-p4-s10\"", "nothing new was kept")
                #expect(try store.page(at: .number(6), of: list) == nil)
            }
        }
    }

    /// The store errors a configuration was told of.
    final class ErrorLog: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [PageStoreError] = []
        func append(_ error: PageStoreError) { lock.withLock { errors.append(error) } }
        var messages: [String] { lock.withLock { errors.map(\.message) } }
    }

    @Test func aListStoredInPagesOfOneSizeShowsEveryItemOnceInPagesOfAnother() async throws {
        try await withFolder { folder in
            try await withCatalog(items: 120) { server in
                let file = folder.appendingPathComponent("pages.sqlite")
                let all = try await collect(CatalogAPI.Client(baseURL: server.baseURL).allProducts(categoryID: "5", pageSize: 50)).map(\.id)
                do {
                    let store = try PagegenStore(at: file)
                    let client = CatalogAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                    #expect(try await collect(client.allProducts(categoryID: "5", pageSize: 50)).map(\.id) == all)
                }
                // The next launch shows the list in pages of 20: those of 50 are another list's.
                let store = try PagegenStore(at: file)
                let client = CatalogAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                let list = client.productsList(categoryID: "5", pageSize: 20)
                list.start()
                #expect(await waitUntil { list.count == all.count && list.storedContent == nil && !list.loadStates.isLoading })
                var shown: [Int] = []
                var top = 0
                while top < list.count {
                    let rows = top..<min(list.count, top + 12)
                    list.setVisibleRows(rows)
                    #expect(await waitUntil { rows.allSatisfy { list[$0].item != nil } })
                    shown += rows.compactMap { list[$0].item?.id }
                    top = rows.upperBound
                }
                #expect(shown == all, "every item once, in order")

                // And the list in pages of 20, launched again, shows its own stored rows.
                let again = CatalogAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                    .productsList(categoryID: "5", pageSize: 20)
                again.start()
                let focus = try #require(again.focusRow, "the row read last")
                let screen = focus..<min(all.count, focus + 12)
                #expect(again.count == all.count)
                #expect(screen.map { again[$0].item?.id } == all[screen].map { $0 }, "the stored rows, at once")
                #expect(await waitUntil { again.storedContent == nil })
                #expect(screen.map { again[$0].item?.id } == all[screen].map { $0 })
            }
        }
    }

    @Test func storedPagesTooOldForTheirMaxAgeAreNotShown() async throws {
        let numbers = NumbersWithValidators()
        try await withFolder { folder in
            try await withNumbers(numbers) { server in
                let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"))
                let clock = TestDate(Date(timeIntervalSince1970: 1_800_000_000))
                let configuration = StoreConfiguration(store: store, account: "a", maxAge: 600, now: { clock.now })
                let client = NumbersAPI.Client(baseURL: server.baseURL).storing(in: configuration)
                let first = client.numbersList(perPage: 10)
                first.start()
                #expect(await waitUntil { first[0].item != nil })
                let list = try #require(first.loader.stored?.id)
                #expect(try await waitUntil { try store.page(at: .number(0), of: list) != nil })

                clock.now = clock.now.addingTimeInterval(601)
                let second = client.numbersList(perPage: 10)
                second.start()
                #expect(second.count == 0, "a page older than the maximum age is not shown")
                #expect(await waitUntil { second[0].item != nil })
            }
        }
    }

    final class TestDate: @unchecked Sendable {
        private let lock = NSLock()
        private var date: Date
        init(_ date: Date) { self.date = date }
        var now: Date {
            get { lock.withLock { date } }
            set { lock.withLock { date = newValue } }
        }
    }

    @Test func storedPagesAreAskedForWithLastModifiedWhenThereIsNoEntityTag() async throws {
        let numbers = NumbersWithValidators()
        numbers.sendsEntityTags = false
        try await withFolder { folder in
            try await withNumbers(numbers) { server in
                let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"))
                let client = NumbersAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                let firstWalk = try await collect(client.allNumbers(perPage: 25)).map(\.value)
                let sent = await server.requests.count
                let secondWalk = try await collect(client.allNumbers(perPage: 25)).map(\.value)
                #expect(secondWalk == firstWalk)
                let second = await server.requests.dropFirst(sent)
                #expect(second.count == 4)
                #expect(
                    second.allSatisfy { $0.headers["if-modified-since"]?.hasSuffix("GMT") == true && $0.headers["if-none-match"] == nil })
            }
        }
    }

    @Test func pagegenMockAnswersStoredPagesWith304AndRevalidatingAWholeListDecodesNothing() async throws {
        try await withFolder { folder in
            try await withCatalog(items: 120) { server in
                let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"))
                let client = CatalogAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                let first = try await collect(client.allProducts(categoryID: "7", pageSize: 20)).map(\.id)
                #expect(first.count == 120)
                let sent = await server.requests.count
                let loader = client.productsLoader(categoryID: "7", pageSize: 20)
                let stored = try #require(loader.stored)
                let revalidation = try await stored.revalidateChain(from: loader.firstKey).get()
                #expect(revalidation.unchanged.count == 6)
                #expect(revalidation.changed.isEmpty)
                let answers = await server.requests.dropFirst(sent)
                #expect(answers.map(\.status) == Array(repeating: 304, count: 6))

                // A walk over the stored list reads the stored copies the 304s keep.
                let second = try await collect(client.allProducts(categoryID: "7", pageSize: 20)).map(\.id)
                #expect(second == first)
                #expect(await server.requests.dropFirst(sent + 6).allSatisfy { $0.status == 304 })
            }
        }
    }

    @Test func aNamedWalkGoesOnAfterARestartAndDeliversEveryItemOnce() async throws {
        try await withFolder { folder in
            try await withCatalog(items: 95) { server in
                let file = folder.appendingPathComponent("pages.sqlite")
                var delivered: [Int] = []
                // Each "run" opens the store anew, handles a few items and stops where
                // a killed process would: after its last item, with the iterator gone.
                for stop in [7, 20, 1, 2, 33] {
                    let store = try PagegenStore(at: file)
                    let client = CatalogAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                    var iterator = client.allProducts(categoryID: "3", pageSize: 10).resuming(walk: "import").makeAsyncIterator()
                    // The last item is in hand, not handled, when the process dies: it
                    // comes again. Those the run asked past are handled, and do not.
                    for index in 0..<stop {
                        guard let product = try await iterator.next() else { break }
                        if index < stop - 1 { delivered.append(product.id) }
                    }
                }
                let store = try PagegenStore(at: file)
                let client = CatalogAPI.Client(baseURL: server.baseURL).storing(in: StoreConfiguration(store: store, account: "a"))
                for try await product in client.allProducts(categoryID: "3", pageSize: 10).resuming(walk: "import") {
                    delivered.append(product.id)
                }
                let all = try await collect(CatalogAPI.Client(baseURL: server.baseURL).allProducts(categoryID: "3", pageSize: 10)).map(\.id)
                #expect(delivered == all, "every item once, in order, across the restarts")
                let list = try #require(client.productsLoader(categoryID: "3", pageSize: 10).stored?.id)
                #expect(try store.walkProgress(named: "import", of: list) == nil, "a finished walk forgets its progress")
            }
        }
    }

    @Test func aNamedWalkWithoutAStoreSaysSo() async throws {
        let sequence = NumbersAPI.Client(baseURL: URL(string: "http://127.0.0.1:9")!).allNumbers().resuming(walk: "w")
        await #expect(throws: APIError.self) {
            for try await _ in sequence {}
        }
    }
}
