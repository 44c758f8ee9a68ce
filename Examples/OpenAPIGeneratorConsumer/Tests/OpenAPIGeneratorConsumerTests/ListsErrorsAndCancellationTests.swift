import Foundation
import OpenAPIRuntime
import PagegenMock
import PagegenOpenAPIRuntime
import PagegenRuntime
import Testing

@testable import GitHub
@testable import Jira

/// A `PagedList` over a generated client, a walk that fails and goes on from its resume
/// point, the errors of answers that are not the page, and cancellation.
@Suite struct ListsErrorsAndCancellationTests {
    /// Waits until `condition` holds, checking after each change of the list; the bound
    /// is reached only when the test fails.
    @MainActor func waitUntil<Item>(_ list: PagedList<Item>, _ condition: @MainActor () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(120)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    @Test @MainActor func aPagedListFillsAroundTheVisibleRows() async throws {
        try await withMock("jira", items: 500) { server in
            let client = Jira.Client(serverURL: server.baseURL, transport: transport)
            let list = client.searchForIssuesUsingJqlList(.init(query: .init(maxResults: 25)))
            list.start()
            #expect(await waitUntil(list) { list.count == 500 && list[0].item != nil })
            #expect(list[499].item == nil, "a row far below is a placeholder until it is near the screen")
            list.setVisibleRows(300..<312)
            #expect(await waitUntil(list) { (300..<312).allSatisfy { list[$0].item != nil } })
            // The list jumps to the visible rows' page by its offset (offset pages overlap
            // by one item), without walking the pages in between.
            let offsets = await server.requests.compactMap { $0.queryItems.first { $0.name == "startAt" }?.value }.compactMap(Int.init)
            #expect(offsets.contains { $0 <= 300 && 311 < $0 + 25 }, "the page of the visible rows: \(offsets)")
            // Pages near the top (the first screen and what is fetched ahead of it) and
            // near the visible rows, within two pages of 24 items either way; none between.
            #expect(offsets.allSatisfy { $0 <= 2 * 24 || $0 >= 288 - 2 * 24 }, "no walk from the top: \(offsets)")
            #expect(Set(offsets).count == offsets.count, "no page asked for twice: \(offsets)")
        }
    }

    @Test func aWalkThatFailsGoesOnFromItsResumePoint() async throws {
        try await withMock("github") { server in
            // The third request fails with an error the document declares (404).
            let failing = GitHub.Client(
                serverURL: server.baseURL, transport: transport, middlewares: [MockFaults([3: ("X-Mock-Fault", "error=404")])])
            let input = GitHub.Operations.issues_sol_list_hyphen_for_hyphen_repo.Input(
                path: .init(owner: "swiftlang", repo: "swift"), query: .init(per_page: 30))
            var ids: [Int] = []
            var resumePoint: ResumePoint?
            do {
                for try await issue in failing.issues_sol_list_hyphen_for_hyphen_repoItems(input) { ids.append(issue.id) }
                Issue.record("the third page should have failed")
            } catch let error as APIError {
                #expect(error.statusCode == 404)
                #expect(error.page?.hasPrefix("issues/list-for-repo, page at ") == true, "\(error)")
                resumePoint = error.resumePoint
            }
            #expect(ids == Array(1...60))
            let saved = try JSONEncoder().encode(resumePoint)
            let client = GitHub.Client(serverURL: server.baseURL, transport: transport)
            let resumed = try JSONDecoder().decode(ResumePoint.self, from: saved)
            for try await issue in client.issues_sol_list_hyphen_for_hyphen_repoItems(input, from: resumed) { ids.append(issue.id) }
            #expect(ids == Array(1...120))
        }
    }

    @Test func anUndocumentedStatusKeepsItsBody() async throws {
        try await withMock("jira") { server in
            let client = Jira.Client(
                serverURL: server.baseURL, transport: transport, middlewares: [MockFaults([1: ("X-Mock-Fault", "error=503")])])
            do {
                for try await _ in client.searchForIssuesUsingJqlItems(.init()) {}
                Issue.record("the first page should have failed")
            } catch let error as APIError {
                #expect(error.statusCode == 503)
                if case .httpStatus(_, let body) = error.kind {
                    #expect(String(decoding: body, as: UTF8.self).contains("injected fault"))
                }
            }
        }
    }

    @Test func cancellingTheWalkCancelsTheRequestInFlight() async throws {
        // pagegen-mock waits with a clock that never wakes before answering: only the
        // client giving the request up ends the walk.
        try await withMock("github", clock: ClockThatNeverWakes()) { server in
            // Pagegen's URLSessionTransport ends a cancelled request at once, on Linux too,
            // where swift-corelibs-foundation's URLSession may wait for it to time out.
            let client = GitHub.Client(
                serverURL: server.baseURL, transport: PagegenClientTransport(PagegenRuntime.URLSessionTransport()),
                middlewares: [MockFaults([2: ("X-Mock-Latency", "1s")])])
            let input = GitHub.Operations.issues_sol_list_hyphen_for_hyphen_repo.Input(path: .init(owner: "swiftlang", repo: "swift"))
            let firstPage = AsyncStream<Void>.makeStream()
            let walk = Task {
                var count = 0
                for try await _ in client.issues_sol_list_hyphen_for_hyphen_repoItems(input) {
                    count += 1
                    if count == 30 { firstPage.continuation.yield() }
                }
                return count
            }
            for await _ in firstPage.stream { break }
            walk.cancel()
            do {
                let count = try await walk.value
                Issue.record("the walk ended with \(count) items instead of being cancelled")
            } catch let error as APIError {
                #expect(error.isCancelled, "\(error)")
            }
        }
    }
}
