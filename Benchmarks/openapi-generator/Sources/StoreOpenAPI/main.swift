import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import PagegenOpenAPIRuntime
import PagegenRuntime
import PagegenStore

// A swift-openapi-generator client's lists kept in a PagegenStore (`storingIn:`), measured:
// draining 100,000 products with the store against the loop an app writes by hand over
// the same client (no store), in the same run; first content of the stored 100,000-row
// list at launch, offline; revalidating an unchanged 50-page list.
//
// Usage: StoreOpenAPI MOCK_URL_100000 MOCK_URL_2500 MOCK_URL_100000_20MS [RUNS] [--drains]
// (--drains: the drains alone; pagegen-mock serving this target's openapi.yaml as `pagegen import` reads it, with
// 100,000 and 2,500 products, and 100,000 answered 20 ms late; Benchmarks/store/run.sh
// starts them.)

let arguments = CommandLine.arguments
guard arguments.count >= 4, let big = URL(string: arguments[1]), let fifty = URL(string: arguments[2]),
    let slow = URL(string: arguments[3])
else {
    FileHandle.standardError.write(Data("usage: StoreOpenAPI MOCK_URL_100000 MOCK_URL_2500 MOCK_URL_100000_20MS [RUNS]\n".utf8))
    exit(64)
}
let runs = arguments.count > 4 ? Int(arguments[4]) ?? 3 : 3
let drainsOnly = arguments.contains("--drains")
/// Pages of 100 for the drains (as Benchmarks/openapi-generator/drain.sh), of 50 for the lists.
let drainPageSize = 100
let listPageSize = 50
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-store-openapi-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// URLSession, counting the requests, their `304`s, and the body bytes received.
final class CountingTransport: OpenAPIRuntime.ClientTransport, Sendable {
    private struct Counts {
        var requests = 0
        var notModified = 0
        var conditional = 0
    }

    private let transport = OpenAPIURLSession.URLSessionTransport()
    private let lock = NSLock()
    nonisolated(unsafe) private var counts = Counts()

    var requests: Int { lock.withLock { counts.requests } }
    var notModified: Int { lock.withLock { counts.notModified } }
    var conditional: Int { lock.withLock { counts.conditional } }
    func reset() { lock.withLock { counts = Counts() } }

    func send(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        lock.withLock {
            counts.requests += 1
            if request.headerFields[.ifNoneMatch] != nil { counts.conditional += 1 }
        }
        let (response, responseBody) = try await transport.send(request, body: body, baseURL: baseURL, operationID: operationID)
        if response.status.code == 304 { lock.withLock { counts.notModified += 1 } }
        return (response, responseBody)
    }
}

/// Counts the body bytes that reach the client's decoder: placed before
/// `PagingResponseMiddleware`, it sees what the client decodes.
final class DecodedBytes: OpenAPIRuntime.ClientMiddleware, Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var count = 0

    var bytes: Int { lock.withLock { count } }
    func reset() { lock.withLock { count = 0 } }

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

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The processor time this process used so far (user and system), in seconds.
func processorSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func inSeconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return inSeconds(usage.ru_utime) + inSeconds(usage.ru_stime)
}

let drainInput = Operations.ListProducts.Input(query: .init(limit: drainPageSize))
let input = Operations.ListProducts.Input(query: .init(limit: listPageSize))
var rows: [(String, String, String, String)] = []

// 1. Draining 100,000 products at `latency` a page: by hand, with the extension, and with
//    the extension and the store (a fresh file each run), alternated.
let network = CountingTransport()
@MainActor func drain(_ baseURL: URL, latency: String, dates: (name: String, transcoder: any DateTranscoder)? = nil) async throws {
    let configuration = Configuration(dateTranscoder: dates?.transcoder ?? .iso8601)
    let plainClient = Client(serverURL: baseURL, configuration: configuration, transport: network)
    let storingClient = Client(
        serverURL: baseURL, configuration: configuration, transport: network, middlewares: [PagingResponseMiddleware()])
    let latency = latency + (dates.map { " (dates read by \($0.name))" } ?? "")
    func handWrittenLoop() async throws -> Int {
        var offset = 0
        var count = 0
        while true {
            let body = try await plainClient.listProducts(query: .init(offset: offset, limit: drainPageSize)).ok.body.json
            count += body.products.count
            offset += body.products.count
            if body.products.isEmpty || offset >= body.total { return count }
        }
    }
    var handTimes: [Double] = []
    var storeTimes: [Double] = []
    var plainTimes: [Double] = []
    for run in 0..<runs {
        let clock = ContinuousClock()
        var started = clock.now
        var cpu = processorSeconds()
        let handCount = try await handWrittenLoop()
        handTimes.append(seconds(started.duration(to: clock.now)))
        let handCPU = processorSeconds() - cpu
        started = clock.now
        cpu = processorSeconds()
        var plainCount = 0
        for try await _ in plainClient.listProductsItems(drainInput) { plainCount += 1 }
        plainTimes.append(seconds(started.duration(to: clock.now)))
        let plainCPU = processorSeconds() - cpu
        let configuration = StoreConfiguration(
            store: try PagegenStore(at: folder.appendingPathComponent("drain-\(UUID().uuidString).sqlite")), account: "bench")
        started = clock.now
        cpu = processorSeconds()
        var storeCount = 0
        for try await _ in storingClient.listProductsItems(drainInput, storingIn: configuration) { storeCount += 1 }
        storeTimes.append(seconds(started.duration(to: clock.now)))
        let storeCPU = processorSeconds() - cpu
        guard handCount == 100_000, storeCount == 100_000, plainCount == 100_000 else {
            throw BenchmarkError("drained \(handCount) by hand, \(plainCount) without and \(storeCount) with the store, not 100,000")
        }
        let line = String(
            format:
                "%@ run %d: hand-written %.2f s (%.2f s of processor), listProductsItems %.2f s (%.2f s), with the store %.2f s (%.2f s)\n",
            latency, run + 1, handTimes.last!, handCPU, plainTimes.last!, plainCPU, storeTimes.last!, storeCPU)
        FileHandle.standardError.write(Data(line.utf8))
    }
    rows.append(
        (
            "drain 100,000 items, pages of 100, \(latency) a page, without a store (median of \(runs))",
            String(format: "%.2f s", median(plainTimes)), String(format: "%.2f s, hand-written loop", median(handTimes)),
            String(format: "%.2f× as fast", median(handTimes) / median(plainTimes))
        ))
    rows.append(
        (
            "drain 100,000 items, pages of 100, \(latency) a page, with the store (median of \(runs))",
            String(format: "%.2f s", median(storeTimes)), String(format: "%.2f s, hand-written loop, no store", median(handTimes)),
            String(format: "%.2f× as fast (goal: ≥ 1.3×)", median(handTimes) / median(storeTimes))
        ))
}
try await drain(big, latency: "0 ms")
try await drain(slow, latency: "20 ms")
try await drain(big, latency: "0 ms", dates: (".pagegenISO8601", .pagegenISO8601))
if drainsOnly {
    for row in rows { print("| \(row.0) | \(row.1) | \(row.2) | \(row.3) |") }
    exit(0)
}

// 2. First content at launch, offline: the store opened, the list started, its first
//    rows shown from the store, with no request before them. A first launch online left
//    the list's pages in the store: its first screen and what it fetched ahead.
let storeFile = folder.appendingPathComponent("list.sqlite")
do {
    let onlineClient = Client(serverURL: big, transport: network, middlewares: [PagingResponseMiddleware()])
    let firstLaunch = onlineClient.listProductsList(
        input, storingIn: StoreConfiguration(store: try PagegenStore(at: storeFile), account: "bench"))
    firstLaunch.start()
    firstLaunch.setVisibleRows(0..<20)
    let started = ContinuousClock.now
    while firstLaunch[19].item == nil || firstLaunch.loadStates.isLoading {
        guard ContinuousClock.now < started + .seconds(60) else { throw BenchmarkError("the first launch did not load") }
        try await Task.sleep(for: .milliseconds(1))
    }
}
var firstContent: [Double] = []
var requestsBeforeContent = 0
/// When the first row showed, and how many requests had gone out by then.
@MainActor final class FirstContent {
    var at: ContinuousClock.Instant?
    var requests = 0
}
for round in 0..<31 {
    // A transport of its own each round: the lists of the rounds before still ask the
    // server about their rows, in the background.
    let offline = CountingTransport()
    let offlineClient = Client(serverURL: URL(string: "http://127.0.0.1:9")!, transport: offline, middlewares: [PagingResponseMiddleware()])
    let started = ContinuousClock.now
    let store = try PagegenStore(at: storeFile)
    let list = offlineClient.listProductsList(input, storingIn: StoreConfiguration(store: store, account: "bench"))
    let shown = FirstContent()
    list.onChange = { [unowned list] _ in
        guard shown.at == nil, list[0].item != nil else { return }
        shown.at = .now
        shown.requests = offline.requests
    }
    list.start()
    while shown.at == nil {
        guard ContinuousClock.now < started + .seconds(60) else { throw BenchmarkError("the stored rows did not show") }
        await Task.yield()
    }
    if round > 0, let at = shown.at { firstContent.append(seconds(started.duration(to: at))) }  // the first warms the caches
    requestsBeforeContent = max(requestsBeforeContent, shown.requests)
    guard list.count == 100_000 else { throw BenchmarkError("the stored list has \(list.count) rows, not 100,000") }
}
firstContent.sort()
rows.append(
    (
        "first content, stored 100,000-row list, offline (median / p90 / max of 30)",
        String(format: "%.2f / %.2f / %.2f ms", firstContent[15] * 1_000, firstContent[26] * 1_000, firstContent[29] * 1_000),
        "\(requestsBeforeContent) requests before it", "goal: ≤ 16 ms, 0 requests"
    ))

// 3. Revalidating an unchanged 50-page list, stored by a walk.
let counting = CountingTransport()
let decoded = DecodedBytes()
let fiftyClient = Client(serverURL: fifty, transport: counting, middlewares: [decoded, PagingResponseMiddleware()])
let fiftyConfiguration = StoreConfiguration(store: try PagegenStore(at: folder.appendingPathComponent("fifty.sqlite")), account: "bench")
var walked = 0
for try await _ in fiftyClient.listProductsItems(input, storingIn: fiftyConfiguration) { walked += 1 }
guard walked == 2_500 else { throw BenchmarkError("the 50-page walk gave \(walked) products") }
let walkBytes = decoded.bytes
let loader = fiftyClient.listProductsPageLoader(input, storingIn: fiftyConfiguration)
guard let stored = loader.stored else { throw BenchmarkError("the loader has no store") }
var revalidationTimes: [Double] = []
var unchanged = 0
for _ in 0..<7 {
    counting.reset()
    decoded.reset()
    let started = ContinuousClock.now
    let result = try await stored.revalidateChain(from: loader.firstKey).get()
    revalidationTimes.append(seconds(started.duration(to: .now)))
    unchanged = result.unchanged.count
    guard unchanged == 50, counting.notModified == 50, decoded.bytes == 0 else {
        throw BenchmarkError("\(unchanged) unchanged, \(counting.notModified) 304s, \(decoded.bytes) bytes decoded of 50 pages")
    }
}
rows.append(
    (
        "revalidate an unchanged 50-page list (median of 7)",
        String(
            format: "%.1f ms: %d requests, %d `304`s, %d body bytes decoded", median(revalidationTimes) * 1_000, counting.requests,
            counting.notModified, decoded.bytes),
        "\(walkBytes) body bytes decoded by the walk that stored it", "goal: 50 `304`s, 0 bytes decoded"
    ))

print("| swift-openapi-generator client, `storingIn:` | measured | baseline, same run | ratio / goal |")
print("|---|---:|---:|---:|")
for row in rows { print("| \(row.0) | \(row.1) | \(row.2) | \(row.3) |") }
