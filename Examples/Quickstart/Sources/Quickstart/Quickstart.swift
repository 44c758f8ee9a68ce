import Foundation
import PagegenRuntime

/// Walks the catalog spec's product list with the client `pagegen generate` wrote into
/// Generated/, against a server that pages as the spec says:
///
/// 1. every product, through `allProducts`, with a progress line;
/// 2. a list adapter started in the middle of the list, as a table view that restores
///    its scroll position would start it: it requests the page those rows are on, not
///    the pages before it.
///
/// Usage: Quickstart <base URL>   (Scripts/quickstart.sh starts pagegen-mock and passes its URL)
@main
struct Quickstart {
    static let categoryID = "shoes"
    static let pageSize = 50

    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 1, let baseURL = URL(string: arguments.first!), baseURL.host != nil else {
            fail("usage: Quickstart <base URL>, for example http://127.0.0.1:8080/api/v2")
        }
        let log = RequestLog()
        let client = CatalogAPI.Client(baseURL: baseURL, token: "demo-token", middlewares: [log])

        await drainEveryProduct(client, log: log)
        await startInTheMiddle(client, log: log)
    }

    /// Drains the list item by item; the runtime fetches the next pages while the loop runs.
    static func drainEveryProduct(_ client: CatalogAPI.Client, log: RequestLog) async {
        say("1. Every product, through client.allProducts(categoryID: \"\(categoryID)\", pageSize: \(pageSize))")
        let started = ContinuousClock.now
        var count = 0
        var lastLine = started
        // On a terminal the progress line redraws in place; in a log it is written once a second.
        let onTerminal = isatty(STDOUT_FILENO) != 0
        let interval: Duration = onTerminal ? .milliseconds(100) : .seconds(1)
        var total = 0.0
        do {
            for try await product in client.allProducts(categoryID: categoryID, pageSize: pageSize) {
                count += 1
                total += product.salePrice
                let now = ContinuousClock.now
                if now - lastLine > interval {
                    lastLine = now
                    await printProgress(count, since: started, log: log, end: onTerminal ? "\r" : "\n")
                }
            }
        } catch {
            fail("the walk stopped after \(count) products: \(error)")
        }
        await printProgress(count, since: started, log: log, end: "\n")
        say("   every product once, in order; their prices add up to \(total.formatted(.number.precision(.fractionLength(2))))")
        say("")
    }

    /// Starts a list adapter on rows in the middle of the list: the page that holds them
    /// is requested first, and its answer gives the list its length.
    @MainActor
    static func startInTheMiddle(_ client: CatalogAPI.Client, log: RequestLog) async {
        let rows = 12_020..<12_025
        say("2. A list adapter started at rows \(rows.lowerBound)…\(rows.upperBound - 1), as a table view restoring its place would")
        await log.reset()
        let list = client.productsList(categoryID: categoryID, pageSize: pageSize)
        let changes = list.changes()
        list.start(atRows: rows)

        let deadline = Task {
            try await Task.sleep(for: .seconds(10))
            fail("the rows \(rows) did not load within 10 seconds")
        }
        for await _ in changes where rows.allSatisfy({ list[$0].item != nil }) {
            break
        }
        deadline.cancel()

        let requests = await log.lines()
        say("   \(requests.count) requests: the page that holds those rows first, then what is within the list's prefetchDistance")
        for line in requests {
            say("     \(line)")
        }
        say("   list.count = \(list.count.formatted()): the total came with the first answer; the rows not loaded are placeholders")
        for row in rows {
            guard let product = list[row].item else { continue }
            say("   row \(row): #\(product.id) \(product.name), \(product.salePrice)")
        }
        let placeholder = rows.lowerBound - 20 * pageSize
        say("   row \(placeholder): \(list[placeholder]) (not requested until it comes near the screen)")
    }

    static func printProgress(_ count: Int, since started: ContinuousClock.Instant, log: RequestLog, end: String) async {
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        let rate = seconds > 0 ? Int(Double(count) / seconds) : 0
        let requests = await log.count
        say("   \(count.formatted()) products, \(requests.formatted()) requests, \(rate.formatted()) products/s", end: end)
    }

    /// Writes unbuffered, so that each line shows as soon as it is written.
    static func say(_ text: String, end: String = "\n") {
        FileHandle.standardOutput.write(Data((text + end).utf8))
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(1)
    }
}

/// Counts the requests the client sends and keeps the latest few, to show what a walk costs.
actor RequestLog: ClientMiddleware {
    private(set) var count = 0
    private var recent: [String] = []

    func reset() {
        count = 0
        recent = []
    }

    func lines() -> [String] { recent }

    private func record(_ request: HTTPRequest) {
        count += 1
        recent.append(request.description)
        if recent.count > 5 { recent.removeFirst() }
    }

    nonisolated func intercept(
        _ request: HTTPRequest,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        await record(request)
        return try await next(request)
    }
}
