import Foundation

/// The faults one request gets: the server's settings (rates drawn with the
/// server's seeded generator), then what the request's `X-Mock-Fault` and
/// `X-Mock-Latency` headers ask for.
struct RequestFaults: Sendable {
    /// Time to wait before answering.
    var latency: Duration?
    /// Answer with this error status.
    var errorStatus: Int?
    /// Answer 429 with this `Retry-After`.
    var retryAfter: Int?
    /// Stop the body half-way and close the connection.
    var truncate = false
    /// Send a body that is not JSON.
    var malformed = false
    /// Report an error inside a 200 body.
    var bodyError = false
    /// Send the body slowly.
    var drip: MockFaults.Drip?
    /// Repeat the current page's cursor or link as the next one.
    var loop = false
    /// The items a list request inserts, removes and edits first.
    var changes = CollectionChanges()
    /// Ask for a wait of this many seconds where the spec's throttle hints are.
    var backoff = 0

    /// The header that asks for faults.
    static let faultHeader = "X-Mock-Fault"
    /// The header that asks for latency.
    static let latencyHeader = "X-Mock-Latency"
    /// The fault names the header understands.
    static let names = [
        "none", "error", "throttle", "truncate", "malformed", "body-error", "drip", "loop", "drift", "remove", "edit", "backoff",
    ]

    /// The names of the faults in effect, for the log.
    var applied: [String] {
        var names: [String] = []
        if latency != nil { names.append("latency") }
        if errorStatus != nil { names.append("error") }
        if retryAfter != nil { names.append("throttle") }
        if truncate { names.append("truncate") }
        if malformed { names.append("malformed") }
        if bodyError { names.append("body-error") }
        if drip != nil { names.append("drip") }
        if loop { names.append("loop") }
        if changes.drift > 0 { names.append("drift") }
        if changes.remove > 0 { names.append("remove") }
        if changes.edit > 0 { names.append("edit") }
        if backoff > 0 { names.append("backoff") }
        return names
    }

    /// The faults for a request.
    /// - Throws: a 400 when a header does not parse.
    static func resolve(_ settings: MockFaults, request: MockRequest, random: inout SeededRandom) throws(MockHTTPError) -> RequestFaults {
        var faults = RequestFaults()
        faults.latency = settings.latency.map { sample($0, random: &random) }
        if random.chance(settings.throttleRate) { faults.retryAfter = settings.retryAfter }
        if random.chance(settings.errorRate) { faults.errorStatus = settings.errorStatus }
        faults.truncate = random.chance(settings.truncateRate)
        faults.malformed = random.chance(settings.malformedRate)
        faults.bodyError = random.chance(settings.bodyErrorRate)
        faults.drip = settings.drip
        faults.loop = settings.loopingCursors
        faults.changes = CollectionChanges(
            drift: settings.drift, driftLimit: settings.driftLimit, remove: settings.remove, removeLimit: settings.removeLimit,
            edit: settings.edit, editLimit: settings.editLimit)
        faults.backoff = settings.backoff

        if let header = request.header(faultHeader) {
            guard header.utf8.count <= 512 else { throw .badRequest("the \(faultHeader) header is too long") }
            for item in header.split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard let name = parts.first?.lowercased(), !name.isEmpty else { continue }
                let argument = parts.count > 1 ? parts[1] : nil
                try faults.apply(name, argument: argument)
            }
        }
        if let header = request.header(latencyHeader) {
            guard let latency = MockFaults.Latency(parsing: header) else {
                throw .badRequest(
                    "the \(latencyHeader) header '\(header.prefix(40))' is not a duration such as 200ms, 1.5s or 50ms..400ms (at most 60s)")
            }
            faults.latency = sample(latency, random: &random)
        }
        return faults
    }

    private mutating func apply(_ name: String, argument: String?) throws(MockHTTPError) {
        func number(_ range: ClosedRange<Int>, _ meaning: String) throws(MockHTTPError) -> Int? {
            guard let argument else { return nil }
            guard argument.count <= 9, let value = Int(argument), range.contains(value) else {
                throw .badRequest(
                    "\(RequestFaults.faultHeader): '\(name)=\(argument.prefix(20))' needs \(meaning) from \(range.lowerBound) to \(range.upperBound)"
                )
            }
            return value
        }
        switch name {
        case "none": self = RequestFaults()
        case "error": errorStatus = try number(400...599, "a status") ?? 500
        case "throttle": retryAfter = try number(0...86_400, "Retry-After seconds") ?? 1
        case "truncate": truncate = true
        case "malformed": malformed = true
        case "body-error": bodyError = true
        case "loop": loop = true
        case "backoff": backoff = try number(1...3600, "seconds") ?? 1
        case "drift":
            (changes.drift, changes.driftLimit) = try Self.countAndLimit(name, argument: argument, limit: changes.driftLimit)
        case "remove":
            (changes.remove, changes.removeLimit) = try Self.countAndLimit(name, argument: argument, limit: changes.removeLimit)
        case "edit":
            (changes.edit, changes.editLimit) = try Self.countAndLimit(name, argument: argument, limit: changes.editLimit)
        case "drip":
            guard let drip = MockFaults.Drip(parsing: argument ?? "") else {
                throw .badRequest("\(RequestFaults.faultHeader): 'drip=\(argument?.prefix(20) ?? "")' is not BYTES/DELAY such as 64/10ms")
            }
            self.drip = drip
        default:
            throw .badRequest(
                "\(RequestFaults.faultHeader): unknown fault '\(name.prefix(40))'; known: \(RequestFaults.names.joined(separator: ", "))")
        }
    }

    /// Reads `K` or `K/LIMIT` (K from 1 to 1000, 1 when absent) of `drift`, `remove` or `edit`.
    private static func countAndLimit(_ name: String, argument: String?, limit: Int?) throws(MockHTTPError) -> (Int, Int?) {
        guard let argument else { return (1, limit) }
        guard let parsed = MockFaults.countAndLimit(parsing: argument) else {
            throw .badRequest("\(faultHeader): '\(name)=\(argument.prefix(20))' needs K or K/LIMIT, K from 1 to 1000")
        }
        return (parsed.count, parsed.limit ?? limit)
    }

    private static func sample(_ latency: MockFaults.Latency, random: inout SeededRandom) -> Duration {
        switch latency {
        case .fixed(let value):
            return value
        case .uniform(let range):
            let low = milliseconds(range.lowerBound)
            let high = milliseconds(range.upperBound)
            return .milliseconds(random.int(low...max(low, high)))
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// A body that is not JSON: the start of the real one, then `,,}`.
    static func malformed(_ body: Data) -> Data {
        body.prefix(body.count * 3 / 5) + Data(",,}".utf8)
    }
}
