import ArgumentParser
import Foundation
import PagegenCLI
import PagegenCore
import PagegenMock

/// `pagegen-mock SPEC [--port N] [--seed S] [--items N] [fault options]`
@main
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pagegen-mock",
        abstract: "Serve any *.pagegen.yaml spec with generated data, paged as the spec says.",
        discussion: """
            Starts an HTTP server that answers every endpoint of the spec with data that fits \
            its models, stable for a seed, and pages it exactly as the spec says. Prints the \
            base URL and the endpoints, then every request, until interrupted.

            Faults can be injected for every request with the options below, or for one \
            request with headers: X-Mock-Latency: 200ms (or 50ms..400ms), and X-Mock-Fault: \
            a comma-separated list of error[=STATUS], throttle[=SECONDS], truncate, malformed, \
            body-error, drip[=BYTES/DELAY], loop, drift[=K[/LIMIT]], remove[=K[/LIMIT]], edit[=K[/LIMIT]], \
            backoff[=SECONDS], none.

            Exit status: 0 when interrupted, 1 when the spec has errors or the server cannot \
            start, 64 for a bad command line.
            """,
        version: "0.1.0"
    )

    /// Runs the command line, after checking its option names.
    static func main() async {
        await CommandLineCheck.main(Self.self)
    }

    @Argument(help: "The spec to serve.")
    var spec: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(help: "The IPv4 address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The seed of the generated data: the same seed serves the same data.")
    var seed: UInt64 = 1

    @Option(help: "How many items each paged collection holds.")
    var items: Int = 100

    @Flag(help: "Indent JSON responses.")
    var pretty = false

    @Flag(help: "Do not print every request.")
    var quiet = false

    @Flag(
        help:
            "Answer requests that break the spec (no credentials where it says auth:, a required parameter missing, a value or JSON field of the wrong type, null where a field is never null) instead of a 401 or 400."
    )
    var lenient = false

    @Option(help: "Wait before answering: a time (150ms, 1.5s) or a range (50ms..400ms).")
    var latency: String?

    @Option(help: "The share of requests (0…1) answered with HTTP 500 (see --error-status).")
    var errorRate: Double = 0

    @Option(help: "The status of injected errors.")
    var errorStatus: Int = 500

    @Option(help: "The share of requests (0…1) answered with 429 Too Many Requests.")
    var throttleRate: Double = 0

    @Option(help: "The Retry-After seconds of a 429.")
    var retryAfter: Int = 1

    @Option(help: "The share of responses (0…1) whose body stops half-way.")
    var truncateRate: Double = 0

    @Option(help: "The share of responses (0…1) whose body is not valid JSON.")
    var malformedRate: Double = 0

    @Option(help: "The share of responses (0…1) that report an error inside a 200 body (specs with 'errors:').")
    var bodyErrorRate: Double = 0

    @Option(help: "Send bodies slowly: BYTES/DELAY, such as 64/10ms.")
    var drip: String?

    @Flag(help: "Cursor and link styles: the next cursor or link repeats the current page's.")
    var loop = false

    @Option(help: "Insert this many items at the top of a list on every list request (offset drift).")
    var drift: Int = 0

    @Option(help: "The most items drift inserts into one list (default: --items).")
    var driftLimit: Int?

    @Option(
        help:
            "Remove K items (chosen with the seed) from a list on every list request: K or K/LIMIT (LIMIT in all, default half of --items)."
    )
    var remove: String?

    @Option(
        help: "Edit K items (chosen with the seed) of a list on every list request: K or K/LIMIT (LIMIT in all, default half of --items)."
    )
    var edit: String?

    @Option(
        help:
            "Specs with 'throttle:': every answer asks for a wait of this many seconds where the spec says, and a request before it is over is refused."
    )
    var backoff: Int = 0

    @Option(help: "The longest a client may take to send a whole request (408 after it), or stall while reading a response.")
    var readTimeout: String = "10s"

    @Option(help: "The longest a keep-alive connection may wait for its next request.")
    var idleTimeout: String = "60s"

    func validate() throws {
        for (name, rate) in [
            ("--error-rate", errorRate), ("--throttle-rate", throttleRate), ("--truncate-rate", truncateRate),
            ("--malformed-rate", malformedRate), ("--body-error-rate", bodyErrorRate),
        ]
        where !(0...1).contains(rate) {
            throw ValidationError("\(name) must be between 0 and 1, not \(rate)")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard items >= 0, items <= 10_000_000 else { throw ValidationError("--items must be between 0 and 10000000") }
        guard (400...599).contains(errorStatus) else { throw ValidationError("--error-status must be between 400 and 599") }
        guard retryAfter >= 0 else { throw ValidationError("--retry-after must not be negative") }
        guard (0...1000).contains(drift) else { throw ValidationError("--drift must be between 0 and 1000") }
        if let driftLimit, driftLimit < 0 { throw ValidationError("--drift-limit must not be negative") }
        for (name, value) in [("--remove", remove), ("--edit", edit)] {
            if let value, MockFaults.countAndLimit(parsing: value) == nil {
                throw ValidationError("\(name) '\(value)' is not K or K/LIMIT, K from 1 to 1000")
            }
        }
        guard (0...3600).contains(backoff) else { throw ValidationError("--backoff must be between 0 and 3600 seconds") }
        if let latency, MockFaults.Latency(parsing: latency) == nil {
            throw ValidationError("--latency '\(latency)' is not a time such as 150ms, 1.5s or 50ms..400ms (at most 60s)")
        }
        if let drip, MockFaults.Drip(parsing: drip) == nil {
            throw ValidationError("--drip '\(drip)' is not BYTES/DELAY such as 64/10ms")
        }
        for (name, value) in [("--read-timeout", readTimeout), ("--idle-timeout", idleTimeout)]
        where MockHTTPLimits.timeout(parsing: value) == nil {
            throw ValidationError("\(name) '\(value)' is not a time such as 10s or 500ms (above 0, at most an hour)")
        }
    }

    private var removal: (count: Int, limit: Int?)? { remove.flatMap(MockFaults.countAndLimit(parsing:)) }
    private var edits: (count: Int, limit: Int?)? { edit.flatMap(MockFaults.countAndLimit(parsing:)) }

    var options: MockOptions {
        MockOptions(
            host: host, port: port, seed: seed, items: items, prettyJSON: pretty,
            faults: MockFaults(
                latency: latency.flatMap(MockFaults.Latency.init(parsing:)),
                errorRate: errorRate, errorStatus: errorStatus, throttleRate: throttleRate, retryAfter: retryAfter,
                truncateRate: truncateRate, malformedRate: malformedRate, bodyErrorRate: bodyErrorRate,
                drip: drip.flatMap(MockFaults.Drip.init(parsing:)), loopingCursors: loop, drift: drift,
                driftLimit: driftLimit, backoff: backoff,
                remove: removal?.count ?? 0, removeLimit: removal?.limit, edit: edits?.count ?? 0, editLimit: edits?.limit),
            limits: MockHTTPLimits(
                readTimeout: MockHTTPLimits.timeout(parsing: readTimeout) ?? .seconds(10),
                idleTimeout: MockHTTPLimits.timeout(parsing: idleTimeout) ?? .seconds(60)),
            checksRequests: !lenient, checksCredentials: !lenient)
    }

    func run() async throws {
        let loaded: (spec: Spec, warnings: [Diagnostic])
        do {
            loaded = try MockSpecLoader.load(path: spec, displayName: spec)
        } catch let error as MockSpecError {
            Output.error(error.description)
            throw ExitCode(1)
        }
        if !loaded.warnings.isEmpty { Output.error(loaded.warnings.map(\.description).joined(separator: "\n")) }
        if backoff > 0, loaded.spec.throttle.isEmpty {
            Output.error("error: --backoff asks for waits where the spec's 'throttle:' says, and \(spec) has none")
            throw ExitCode(1)
        }

        let quiet = quiet
        let server: MockServer
        do {
            server = try await MockServer.start(spec: loaded.spec, options: options) { record in
                if !quiet { Output.line(record.description) }
            }
        } catch let error as MockServerError {
            let hint = if case .portInUse = error { "; pass --port 0 to listen on a free port" } else { "" }
            Output.error("error: \(error.description)\(hint)")
            throw ExitCode(1)
        } catch let error as MockSpecError {
            Output.error(error.description)
            throw ExitCode(1)
        }

        Output.line("Serving \(loaded.spec.name.value) at \(server.baseURL.absoluteString)")
        for named in loaded.spec.servers {
            guard let url = server.servers[named.name.value] else { continue }
            Output.line("  server \(named.name.value) at \(url.absoluteString)")
        }
        Output.line("  spec: \(spec), \(items) items per list, seed \(seed)")
        Output.line("  faults: \(faultSummary)")
        Output.line("Endpoints:")
        for summary in server.endpointSummaries { Output.line("  \(summary)") }
        Output.line("Press Ctrl-C to stop.")

        await Signals.waitForInterrupt()
        await server.stop()
        Output.line("Stopped.")
    }

    private var faultSummary: String {
        var parts: [String] = []
        if let latency { parts.append("latency \(latency)") }
        if errorRate > 0 { parts.append("\(errorStatus) for \(errorRate * 100)%") }
        if throttleRate > 0 { parts.append("429 (Retry-After: \(retryAfter)) for \(throttleRate * 100)%") }
        if truncateRate > 0 { parts.append("truncated bodies for \(truncateRate * 100)%") }
        if malformedRate > 0 { parts.append("malformed JSON for \(malformedRate * 100)%") }
        if bodyErrorRate > 0 { parts.append("in-body errors for \(bodyErrorRate * 100)%") }
        if let drip { parts.append("drip \(drip)") }
        if loop { parts.append("looping cursors") }
        if drift > 0 { parts.append("drift +\(drift) items per list request, at most \(driftLimit ?? items) per list") }
        if let removal {
            parts.append("remove \(removal.count) items per list request, at most \(removal.limit ?? items / 2) per list")
        }
        if let edits { parts.append("edit \(edits.count) items per list request, at most \(edits.limit ?? items / 2) edits per list") }
        if backoff > 0 { parts.append("a wait of \(backoff) s asked by every answer, enforced") }
        return parts.isEmpty ? "none (ask per request with X-Mock-Fault / X-Mock-Latency)" : parts.joined(separator: ", ")
    }
}

/// Writes lines at once (standard output may be a pipe).
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// Waits for SIGINT or SIGTERM.
enum Signals {
    static func waitForInterrupt() async {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { continuation.yield(signalNumber) }
            source.resume()
            sources.append(source)
        }
        for await _ in stream { break }
        for source in sources { source.cancel() }
    }
}
