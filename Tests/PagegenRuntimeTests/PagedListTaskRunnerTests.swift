import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// A server whose answers the test releases one by one: each `load` waits until
/// the test resumes it, or until its task is cancelled.
actor SuspendedServer {
    private var waiting: [Int: (key: PageKey, continuation: CheckedContinuation<Result<Page<TestItem>, APIError>, Never>)] = [:]
    private var cancelledEarly: Set<Int> = []
    private var nextToken = 0
    private(set) var loads: [PageKey] = []
    private(set) var cancelledKeys: [PageKey] = []
    private(set) var loadsOnMainThread = 0
    private let arrivals: AsyncStream<PageKey>.Continuation
    /// Each key as its load starts.
    let arrived: AsyncStream<PageKey>

    init() {
        (arrived, arrivals) = AsyncStream<PageKey>.makeStream()
    }

    nonisolated func loader(_ data: TestData) -> PageLoader<TestItem> {
        PageLoader(pageSize: data.pageSize, firstKey: .number(0), keyForPageIndex: { .number($0) }, identity: { AnyHashable($0.id) }) {
            key in
            let onMain = Thread.isMainThread
            return await self.load(key, onMainThread: onMain)
        }
    }

    private func load(_ key: PageKey, onMainThread: Bool) async -> Result<Page<TestItem>, APIError> {
        let token = nextToken
        nextToken += 1
        loads.append(key)
        if onMainThread { loadsOnMainThread += 1 }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if cancelledEarly.remove(token) != nil {
                    continuation.resume(returning: .failure(APIError(.cancelled)))
                } else {
                    waiting[token] = (key, continuation)
                    arrivals.yield(key)
                }
            }
        } onCancel: {
            Task { await self.cancel(token) }
        }
    }

    private func cancel(_ token: Int) {
        if let entry = waiting.removeValue(forKey: token) {
            cancelledKeys.append(entry.key)
            entry.continuation.resume(returning: .failure(APIError(.cancelled)))
        } else {
            cancelledEarly.insert(token)
        }
    }

    /// Releases the load waiting for `key` with `result`.
    func resume(_ key: PageKey, with result: Result<Page<TestItem>, APIError>) {
        guard let token = waiting.first(where: { $0.value.key == key })?.key else {
            Issue.record("no load waiting for \(key)")
            return
        }
        waiting.removeValue(forKey: token)?.continuation.resume(returning: result)
    }

    /// Keys whose load is waiting, sorted by description.
    var waitingKeys: [PageKey] { waiting.values.map(\.key).sorted { $0.description < $1.description } }

    /// Waits until `key`'s load was cancelled.
    func waitForCancellation(of key: PageKey) async {
        while !cancelledKeys.contains(key) { await Task.yield() }
    }
}

/// The list with its default runner: real tasks, loads off the main actor.
@MainActor
@Suite("PagedList with tasks")
struct PagedListTaskRunnerTests {
    @Test("loads run off the main actor and their results are applied on it")
    func endToEnd() async {
        let data = TestData(count: 1_000)
        let server = SuspendedServer()
        let list = PagedList(server.loader(data))
        var changes = list.changes().makeAsyncIterator()
        var arrived = server.arrived.makeAsyncIterator()
        list.start()
        #expect(await arrived.next() == .number(0))
        await server.resume(.number(0), with: .success(data.page(0)))
        let first = await changes.next()
        #expect(first?.insertedRows == [0..<1_000])
        #expect(list.holdsItems(0..<30))
        #expect(await server.loadsOnMainThread == 0)

        #expect(await arrived.next() == .number(1))
        await server.resume(.number(1), with: .success(data.page(1)))
        let second = await changes.next()
        #expect(second?.reloadedRows == [30..<60])
        #expect(list.holdsItems(30..<60))
        #expect(await server.loads == [.number(0), .number(1)])
    }

    @Test("scrolling away cancels the task of a request; its page stays a placeholder")
    func cancellation() async {
        let data = TestData(count: 10_000)
        let server = SuspendedServer()
        let list = PagedList(server.loader(data))
        var changes = list.changes().makeAsyncIterator()
        var arrived = server.arrived.makeAsyncIterator()
        list.start()
        _ = await arrived.next()
        await server.resume(.number(0), with: .success(data.page(0)))
        _ = await changes.next()
        #expect(await arrived.next() == .number(1))

        list.setVisibleRows(3_000..<3_012)
        #expect(list.requestsInFlight == 3)
        await server.waitForCancellation(of: .number(1))

        var next: [PageKey] = []
        for _ in 0..<3 { if let key = await arrived.next() { next.append(key) } }
        #expect(Set(next) == [.number(99), .number(100), .number(101)])
        await server.resume(.number(100), with: .success(data.page(100)))
        let change = await changes.next()
        #expect(change?.reloadedRows == [3_000..<3_030])
        #expect(list.holdsItems(3_000..<3_030))
        #expect(list[30].summary == "placeholder")
        #expect(await server.loads.filter { $0 == .number(1) }.count == 1)
    }

    @Test("a load that ignores cancellation and answers late is not applied")
    func lateAnswer() async {
        let data = TestData(count: 10_000)
        let gate = AsyncStream<Void>.makeStream()
        let (served, servedContinuation) = AsyncStream<PageKey>.makeStream()
        let loader = PageLoader<TestItem>(pageSize: 30, firstKey: .number(0), keyForPageIndex: { .number($0) }) { key in
            guard case .number(let index) = key else { return .failure(APIError(.cancelled)) }
            if index == 1 {
                // Ignores cancellation: waits for the gate, then answers.
                for await _ in gate.stream { break }
            }
            defer { servedContinuation.yield(key) }
            return .success(data.page(index))
        }
        let runner = TaskPageLoadRunner<TestItem>()
        let list = PagedList(loader, runner: runner)
        var changes = list.changes().makeAsyncIterator()
        var servedKeys = served.makeAsyncIterator()
        list.start()
        _ = await changes.next()
        list.setVisibleRows(3_000..<3_012)
        #expect(runner.runningCount == 3)
        gate.continuation.yield()
        // Wait until page 1 answered (late) and pages 99...101 loaded.
        var keys: Set<PageKey> = []
        while keys.count < 5, let key = await servedKeys.next() { keys.insert(key) }
        while !list.holdsItems(2_970..<3_060) { _ = await changes.next() }
        #expect(list[30].summary == "placeholder")
        #expect(list.loadedItemCount == 120)
    }
}
