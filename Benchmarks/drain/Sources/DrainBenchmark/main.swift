import AsyncHTTPClient
import Foundation
import NIOFoundationCompat
import PagegenAsyncHTTPClient
import PagegenRuntime

#if canImport(Glibc)
import Glibc
#endif

// The drain benchmark. Run it through run.sh, which builds it in release mode,
// writes the pages, serves them with nginx on loopback and calls:
//
//   DrainBenchmark write-pages DIR PAGES
//   DrainBenchmark compare --list NAME=URL,PAGES [--list …] [--runs N]
//   DrainBenchmark memory CONTENDER URL PAGES
//   DrainBenchmark decode PAGE-FILE ROUNDS
//   DrainBenchmark concurrent-sends FAST-URL HELD-URL REQUESTS-PER-HALF ROUNDS
//   DrainBenchmark large-body READER URL
//   DrainBenchmark large-upload SENDER FILE URL

/// Fails with a message and status 2.
func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "write-pages":
    guard arguments.count == 3, let pages = Int(arguments[2]), pages > 0 else {
        usage("write-pages DIR PAGES")
    }
    try PageFiles.write(pages: pages, to: URL(fileURLWithPath: arguments[1]))

case "compare":
    var lists: [Comparison.List] = []
    var runs = 5
    var rest = arguments.dropFirst()
    while let option = rest.popFirst() {
        switch option {
        case "--list":
            guard let value = rest.popFirst(), let list = Comparison.List(parsing: value) else {
                usage("--list NAME=URL,PAGES")
            }
            lists.append(list)
        case "--runs":
            guard let value = rest.popFirst(), let number = Int(value), number > 0 else { usage("--runs N") }
            runs = number
        default:
            usage("unknown option \(option)")
        }
    }
    guard !lists.isEmpty else { usage("compare needs at least one --list") }
    var failed = false
    for list in lists {
        let comparison = Comparison(list: list, runs: runs)
        let result = try await comparison.run()
        result.print()
        failed = failed || !result.allCorrect
    }
    exit(failed ? 1 : 0)

case "memory":
    guard arguments.count == 4, let contender = Contender(rawValue: arguments[1]),
        let url = URL(string: arguments[2]), let pages = Int(arguments[3])
    else {
        usage("memory CONTENDER URL PAGES")
    }
    let before = MaxRSS.kilobytes()
    let outcome = try await contender.drain(url, pages: pages)
    let after = MaxRSS.kilobytes()
    let expected = pages * PageFiles.itemsPerPage
    print(
        "\(contender.rawValue) \(pages) pages: \(outcome.items) items, max RSS \(after / 1024) MB "
            + "(\(before / 1024) MB before draining)")
    exit(outcome.items == expected && outcome.idSum == PageFiles.idSum(pages: pages) ? 0 : 1)

case "decode":
    guard arguments.count == 3, let rounds = Int(arguments[2]), rounds > 0,
        let data = FileManager.default.contents(atPath: arguments[1])
    else {
        usage("decode PAGE-FILE ROUNDS")
    }
    DecodeCheck(page: data, rounds: rounds).run()

case "concurrent-sends":
    guard arguments.count == 5, let fast = URL(string: arguments[1]), let held = URL(string: arguments[2]),
        let half = Int(arguments[3]), half > 0, let rounds = Int(arguments[4]), rounds > 0
    else {
        usage("concurrent-sends FAST-URL HELD-URL REQUESTS-PER-HALF ROUNDS")
    }
    let sends = ConcurrentSends(fast: fast, held: held, requestsPerHalf: half, rounds: rounds)
    var results: [(ConcurrentSends.Sender, [ConcurrentSends.Round])] = []
    for sender in ConcurrentSends.Sender.allCases { results.append((sender, await sends.run(sender))) }
    ConcurrentSends.printTable(results, requestsPerHalf: half)
    let transport = results[0].1
    exit(transport.allSatisfy { !$0.stalled && $0.fastAnswered == half && $0.heldCancelled == half } ? 0 : 1)

case "large-body":
    // One large answer read whole, in a fresh process: the peak memory says how many
    // copies of the body it held at once.
    guard arguments.count == 3, let url = URL(string: arguments[2]) else {
        usage("large-body url-session|async-http-client|ahc-collect URL")
    }
    let before = MaxRSS.kilobytes()
    let (status, count): (Int, Int)
    let name: String
    switch arguments[1] {
    case "url-session":
        name = "URLSessionTransport"
        let (head, body) = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url))
        (status, count) = (head.statusCode, body.count)
    case "async-http-client":
        name = "AsyncHTTPClientTransport"
        let (head, body) = try await AsyncHTTPClientTransport().send(HTTPRequest(method: "GET", url: url))
        (status, count) = (head.statusCode, body.count)
    case "ahc-collect":
        name = "HTTPClient.shared, collect(upTo:) + Data(buffer:)"
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(300))
        let body = Data(buffer: try await response.body.collect(upTo: Int.max))
        (status, count) = (Int(response.status.code), body.count)
    default:
        usage("large-body url-session|async-http-client|ahc-collect URL")
    }
    let after = MaxRSS.kilobytes()
    print(
        "| \(name) | \(count / 1_048_576) MB | \(after / 1024) MB | \((after - before) / 1024) MB | "
            + String(format: "%.2f", Double(after - before) * 1024 / Double(max(count, 1))) + " |")
    exit(status == 200 ? 0 : 1)

case "large-upload":
    // One large upload, in a fresh process: sent from its file, as a multipart upload of
    // a file on disk is, the peak memory should not grow with the body; read into
    // memory first, it holds the body at least once.
    let senders = "url-session-file|async-http-client-file|url-session-data|async-http-client-data"
    guard arguments.count == 4, let url = URL(string: arguments[3]) else { usage("large-upload \(senders) FILE URL") }
    let file = URL(fileURLWithPath: arguments[2])
    let before = MaxRSS.kilobytes()
    let transport: any HTTPTransport
    let name: String
    var request = HTTPRequest(method: "POST", url: url)
    request.setValue("application/octet-stream", forHeader: "Content-Type")
    switch arguments[1] {
    case "url-session-file", "url-session-data":
        transport = URLSessionTransport()
        name = "URLSessionTransport"
    case "async-http-client-file", "async-http-client-data":
        transport = AsyncHTTPClientTransport()
        name = "AsyncHTTPClientTransport"
    default:
        usage("large-upload \(senders) FILE URL")
    }
    let fromFile = arguments[1].hasSuffix("-file")
    if fromFile {
        request.streamedBody = .file(file)
    } else {
        request.body = try Data(contentsOf: file)
    }
    let (head, answer) = try await transport.send(request)
    let after = MaxRSS.kilobytes()
    let size = try StreamedBody.file(file).length()
    print(
        "| \(name), \(fromFile ? "from the file" : "from memory") | \(size / 1_048_576) MB | \(after / 1024) MB | "
            + "\((after - before) / 1024) MB | " + String(format: "%.2f", Double(after - before) * 1024 / Double(max(size, 1))) + " |")
    exit(head.statusCode == 200 && String(decoding: answer, as: UTF8.self).hasPrefix("read") ? 0 : 1)

default:
    usage("expected write-pages, compare, memory, decode, concurrent-sends, large-body or large-upload")
}
