import AsyncHTTPClient
import Foundation
import PagegenAsyncHTTPClient
import PagegenRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One way to drain the list. Each hands every item's id to a checksum, so that
/// a drain that lost or repeated an item is caught. The first rows send with
/// URLSession, the `server-…` rows with AsyncHTTPClient, each group against its own
/// hand-written loop.
enum Contender: String, CaseIterable {
    /// The hand-written sequential loop on `URLSession.shared`: the baseline.
    case loop
    /// The generated `itemsPages(perPage:)`, iterating each page's items.
    case pages
    /// The generated `allItems(perPage:)`.
    case all
    /// A hand-tuned pipeline for this list alone: three pages in flight (`PIPELINE_IN_FLIGHT`
    /// from the environment when it is set, to compare depths), decoded off
    /// the main actor. What the generated sequences can hope to reach.
    case pipeline
    /// The server check: fetch every page, one at a time, without decoding.
    case fetchSequential = "fetch-1"
    /// The server check: fetch every page, four at a time, without decoding.
    case fetchConcurrent = "fetch-4"
    /// The transport check: the same through the runtime's `URLSessionTransport`
    /// (what the generated client sends with) instead of `URLSession.shared`.
    case transportConcurrent = "transport-4"
    /// The hand-written sequential loop on `HTTPClient.shared`: the baseline of the
    /// AsyncHTTPClient rows.
    case serverLoop = "server-loop"
    /// The generated `itemsPages(perPage:)` on `AsyncHTTPClientTransport`.
    case serverPages = "server-pages"
    /// The generated `allItems(perPage:)` on `AsyncHTTPClientTransport`.
    case serverAll = "server-all"
    /// The server check on AsyncHTTPClient: fetch every page with `HTTPClient.shared`,
    /// four at a time, without decoding.
    case serverFetchConcurrent = "server-fetch-4"
    /// The transport check: the same through `AsyncHTTPClientTransport`.
    case serverTransportConcurrent = "server-transport-4"

    var label: String {
        switch self {
        case .loop: "URLSession: hand-written loop (baseline)"
        case .pages: "URLSession: itemsPages(perPage: 100)"
        case .all: "URLSession: allItems(perPage: 100)"
        case .pipeline: "URLSession: hand-tuned pipeline, \(Self.pipelineInFlight) in flight"
        case .fetchSequential: "server check: fetch only, 1 at a time (once)"
        case .fetchConcurrent: "server check: fetch only, 4 at a time (once)"
        case .transportConcurrent: "transport check: the same, URLSessionTransport"
        case .serverLoop: "AsyncHTTPClient: hand-written loop (baseline)"
        case .serverPages: "AsyncHTTPClient: itemsPages(perPage: 100)"
        case .serverAll: "AsyncHTTPClient: allItems(perPage: 100)"
        case .serverFetchConcurrent: "AHC server check: fetch only, 4 at a time"
        case .serverTransportConcurrent: "AHC transport check: AsyncHTTPClientTransport"
        }
    }

    /// True for the rows that only show what the server and the transport can do.
    var isServerCheck: Bool {
        [.fetchSequential, .fetchConcurrent, .transportConcurrent, .serverFetchConcurrent, .serverTransportConcurrent].contains(self)
    }

    /// The loop this contender's ratio is to: the hand-written loop on the same
    /// HTTP library.
    var baseline: Contender {
        switch self {
        case .serverLoop, .serverPages, .serverAll, .serverFetchConcurrent, .serverTransportConcurrent: .serverLoop
        default: .loop
        }
    }

    /// What one drain saw.
    struct Outcome {
        var items = 0
        var idSum = 0
    }

    /// Drains the list at `baseURL` (`pages` pages long), on the main actor, as
    /// an app's code would.
    @MainActor
    func drain(_ baseURL: URL, pages: Int) async throws -> Outcome {
        var outcome = Outcome()
        switch self {
        case .loop:
            try await HandWrittenLoop.drain(baseURL) { id in
                outcome.items += 1
                outcome.idSum &+= id
            }
        case .pages, .serverPages:
            let client = DrainAPI.Client(baseURL: baseURL, transport: transport)
            for try await page in PageSequence(Self.loader(client)) {
                for item in page.items {
                    outcome.items += 1
                    outcome.idSum &+= item.id
                }
            }
        case .all, .serverAll:
            let client = DrainAPI.Client(baseURL: baseURL, transport: transport)
            for try await item in ItemSequence(Self.loader(client)) {
                outcome.items += 1
                outcome.idSum &+= item.id
            }
        case .pipeline:
            try await HandWrittenLoop.drainPipelined(baseURL, inFlight: Self.pipelineInFlight) { id in
                outcome.items += 1
                outcome.idSum &+= id
            }
        case .fetchSequential:
            for number in 1...pages where try await Self.fetch(baseURL, page: number) > 0 {
                outcome.items += PageFiles.itemsPerPage
            }
            outcome.idSum = PageFiles.idSum(pages: pages)
        case .serverLoop:
            try await HandWrittenServerLoop.drain(baseURL) { id in
                outcome.items += 1
                outcome.idSum &+= id
            }
        case .fetchConcurrent, .transportConcurrent, .serverFetchConcurrent, .serverTransportConcurrent:
            let transport: (any HTTPTransport)? = [.transportConcurrent, .serverTransportConcurrent].contains(self) ? transport : nil
            let server = self == .serverFetchConcurrent
            try await withThrowingTaskGroup(of: Int.self) { group in
                var next = 1
                func launch() {
                    guard next <= pages else { return }
                    let number = next
                    next += 1
                    group.addTask { try await Self.fetch(baseURL, page: number, server: server, through: transport) > 0 ? 1 : 0 }
                }
                for _ in 0..<4 { launch() }
                while let full = try await group.next() {
                    outcome.items += full * PageFiles.itemsPerPage
                    launch()
                }
            }
            outcome.idSum = PageFiles.idSum(pages: pages)
        }
        return outcome
    }

    /// The transport of this contender's generated client: `AsyncHTTPClientTransport`
    /// for the AsyncHTTPClient rows, else `URLSessionTransport`.
    var transport: any HTTPTransport {
        baseline == .serverLoop ? AsyncHTTPClientTransport() : URLSessionTransport()
    }

    /// The hand-tuned pipeline's pages in flight: 3, or `PIPELINE_IN_FLIGHT` from the environment.
    static var pipelineInFlight: Int {
        ProcessInfo.processInfo.environment["PIPELINE_IN_FLIGHT"].flatMap { Int($0) }.map { max(1, $0) } ?? 3
    }

    /// The loader `itemsPages(perPage: 100)` and `allItems(perPage: 100)` make, with
    /// `PAGES_AHEAD` from the environment when it is set (to compare depths).
    private static func loader(_ client: DrainAPI.Client) -> PageLoader<DrainAPI.CatalogItem> {
        var loader = client.itemsLoader(perPage: 100)
        if let text = ProcessInfo.processInfo.environment["PAGES_AHEAD"], let depth = Int(text) {
            loader.pagesAhead = depth
        }
        return loader
    }

    /// Fetches one page and returns its size in bytes, with `URLSession.shared` (or
    /// `HTTPClient.shared` when `server` is true), or through `transport` when one is given.
    private static func fetch(
        _ baseURL: URL, page: Int, server: Bool = false, through transport: (any HTTPTransport)? = nil
    ) async throws
        -> Int
    {
        guard let transport else {
            if server { return try await HandWrittenServerLoop.fetchBody(baseURL, number: page).count }
            return try await HandWrittenLoop.fetchBody(baseURL, number: page).count
        }
        let url = HandWrittenLoop.pageURL(baseURL, number: page)
        let (head, body) = try await transport.send(HTTPRequest(method: "GET", url: url))
        guard head.statusCode == 200 else {
            throw HandWrittenLoop.Failure(description: "GET \(url): status \(head.statusCode)")
        }
        return body.count
    }
}
