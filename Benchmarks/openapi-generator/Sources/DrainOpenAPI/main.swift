import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import PagegenOpenAPIRuntime
import PagegenRuntime

// Drains the same list through the same swift-openapi-generator client, a number of
// times each, alternating: with Pagegen's extensions (items and pages, which fetch the
// next pages ahead in parallel, as the total allows) and with the loop an app writes by
// hand (one page at a time, the offset from the items received).
//
// Usage: DrainOpenAPI BASE_URL [RUNS]   (BASE_URL: pagegen-mock serving catalog.pagegen.yaml)

let arguments = CommandLine.arguments
guard arguments.count >= 2, let baseURL = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: DrainOpenAPI BASE_URL [RUNS]\n".utf8))
    exit(64)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let client = Client(serverURL: baseURL, transport: URLSessionTransport())
let pageSize = 100

/// The loop an app writes by hand over the generated client.
func handWrittenLoop() async throws -> Int {
    var offset = 0
    var count = 0
    while true {
        let body = try await client.listProducts(query: .init(offset: offset, limit: pageSize)).ok.body.json
        count += body.products.count
        offset += body.products.count
        if body.products.isEmpty || offset >= body.total { return count }
    }
}

func extensionItems() async throws -> Int {
    var count = 0
    for try await _ in client.listProductsItems(.init(query: .init(limit: pageSize))) { count += 1 }
    return count
}

func extensionPages() async throws -> Int {
    var count = 0
    for try await page in client.listProductsPages(.init(query: .init(limit: pageSize))) { count += page.items.count }
    return count
}

let contenders: [(name: String, drain: () async throws -> Int)] = [
    ("hand-written loop", handWrittenLoop), ("listProductsItems", extensionItems), ("listProductsPages", extensionPages),
]
var seconds: [String: [Double]] = [:]
var items = 0
for run in 0..<runs {
    for (name, drain) in contenders {
        let clock = ContinuousClock()
        let started = clock.now
        let count = try await drain()
        let elapsed = started.duration(to: clock.now)
        let value = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        seconds[name, default: []].append(value)
        if items == 0 { items = count }
        guard count == items else {
            FileHandle.standardError.write(Data("error: \(name) drained \(count) items, the first drain \(items)\n".utf8))
            exit(1)
        }
        FileHandle.standardError.write(Data("run \(run + 1): \(name) \(String(format: "%.2f", value)) s\n".utf8))
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let baseline = median(seconds["hand-written loop"]!)
print("| \(items) items, pages of \(pageSize) | median of \(runs) | items/s | × the hand-written loop |")
print("|---|---:|---:|---:|")
for (name, _) in contenders {
    let time = median(seconds[name]!)
    print("| \(name) | \(String(format: "%.2f", time)) s | \(Int(Double(items) / time)) | \(String(format: "%.2f", baseline / time))× |")
}
