import Foundation

/// How a ``MockServer`` runs: where it listens, how much data it serves, and the
/// faults it injects into every response.
public struct MockOptions: Sendable, Hashable {
    /// The address to listen on; loopback by default.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// The seed all generated data derives from: the same seed serves the same data.
    public var seed: UInt64
    /// How many items each paged collection holds.
    public var items: Int
    /// Indent JSON responses (easier to read with curl).
    public var prettyJSON: Bool
    /// The faults injected into responses (each can also be asked for per request
    /// with the `X-Mock-Fault` and `X-Mock-Latency` headers).
    public var faults: MockFaults
    /// How long the server waits for a client and how much it reads.
    public var limits: MockHTTPLimits
    /// Whether a request is held to what its endpoint declares (required parameters,
    /// their types, a JSON body's required fields, the fields that may not be null,
    /// their types), a 400 naming the parameter or JSON path when it is not; false
    /// (`pagegen-mock --lenient`) answers what it can.
    public var checksRequests: Bool
    /// Whether a request to an API whose spec says `auth:` must carry one of its
    /// credentials (any value), a 401 saying what was expected when it does not;
    /// false (`pagegen-mock --lenient`) answers without.
    public var checksCredentials: Bool

    /// Creates options.
    public init(
        host: String = "127.0.0.1", port: Int = 0, seed: UInt64 = 1, items: Int = 100,
        prettyJSON: Bool = false, faults: MockFaults = MockFaults(), limits: MockHTTPLimits = MockHTTPLimits(),
        checksRequests: Bool = true, checksCredentials: Bool = true
    ) {
        self.checksRequests = checksRequests
        self.checksCredentials = checksCredentials
        self.host = host
        self.port = port
        self.seed = seed
        self.items = items
        self.prettyJSON = prettyJSON
        self.faults = faults
        self.limits = limits
    }
}

/// The faults a server injects: latency, a share of HTTP 500 and 429 answers, broken
/// bodies, slow delivery, looping cursors and items inserted while a client pages.
public struct MockFaults: Sendable, Hashable {
    /// Time to wait before answering.
    public var latency: Latency?
    /// The share of requests (0…1) answered with ``errorStatus``.
    public var errorRate: Double
    /// The status of injected errors (500 by default).
    public var errorStatus: Int
    /// The share of requests (0…1) answered with 429 Too Many Requests and `Retry-After`.
    public var throttleRate: Double
    /// The `Retry-After` seconds of a 429.
    public var retryAfter: Int
    /// The share of responses whose body stops half-way (the connection closes
    /// before the announced `Content-Length` is sent).
    public var truncateRate: Double
    /// The share of responses whose body is not valid JSON.
    public var malformedRate: Double
    /// The share of responses that report an error inside an HTTP 200 body, for
    /// specs that declare one (`errors: { flag: ok, message: error }`).
    public var bodyErrorRate: Double
    /// Send every body slowly, a few bytes at a time.
    public var drip: Drip?
    /// Cursor and link styles: the next cursor or link repeats the current page's.
    public var loopingCursors: Bool
    /// Items inserted at the top of a collection by every list request (offset drift).
    public var drift: Int
    /// The most items drift inserts into one collection; nil stops at the collection's
    /// own size (``MockOptions/items``), so that a client paging to the end gets there.
    public var driftLimit: Int?
    /// Items removed from a collection by every list request, chosen with the seed
    /// among those present (items removed while a client pages).
    public var remove: Int = 0
    /// The most items removal takes from one collection; nil stops at half of the
    /// collection's own size (``MockOptions/items``).
    public var removeLimit: Int?
    /// Items of a collection edited by every list request, chosen with the seed among
    /// those present: an edited item keeps its id and gets new values for its other fields.
    public var edit: Int = 0
    /// The most edits of one collection in all; nil stops at half of the collection's
    /// own size (``MockOptions/items``).
    public var editLimit: Int?
    /// For specs with `throttle:`: every answer asks for a wait of this many seconds
    /// where the spec's hints are (a body path, a header), and a request that comes
    /// before the wait is over is refused (0: none).
    public var backoff: Int = 0

    /// Creates fault settings; the defaults inject nothing.
    public init(
        latency: Latency? = nil, errorRate: Double = 0, errorStatus: Int = 500,
        throttleRate: Double = 0, retryAfter: Int = 1, truncateRate: Double = 0,
        malformedRate: Double = 0, bodyErrorRate: Double = 0, drip: Drip? = nil,
        loopingCursors: Bool = false, drift: Int = 0, driftLimit: Int? = nil, backoff: Int = 0,
        remove: Int = 0, removeLimit: Int? = nil, edit: Int = 0, editLimit: Int? = nil
    ) {
        self.latency = latency
        self.errorRate = errorRate
        self.errorStatus = errorStatus
        self.throttleRate = throttleRate
        self.retryAfter = retryAfter
        self.truncateRate = truncateRate
        self.malformedRate = malformedRate
        self.bodyErrorRate = bodyErrorRate
        self.drip = drip
        self.loopingCursors = loopingCursors
        self.drift = drift
        self.driftLimit = driftLimit
        self.backoff = backoff
        self.remove = remove
        self.removeLimit = removeLimit
        self.edit = edit
        self.editLimit = editLimit
    }

    /// How long to wait before answering: a fixed time or a uniform distribution.
    public enum Latency: Sendable, Hashable, CustomStringConvertible {
        /// Always this long.
        case fixed(Duration)
        /// A time drawn uniformly from the range.
        case uniform(ClosedRange<Duration>)

        /// The longest latency accepted.
        public static let maximum = Duration.seconds(60)

        /// Reads `150ms`, `2s`, `0.5s`, `150` (milliseconds) or a range `50ms..400ms`.
        /// - Returns: nil when the text is none of these, or above a minute.
        public init?(parsing text: String) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let range = trimmed.range(of: "..") {
                guard let low = Self.duration(String(trimmed[..<range.lowerBound])),
                    let high = Self.duration(String(trimmed[range.upperBound...])),
                    low <= high
                else { return nil }
                self = .uniform(low...high)
            } else {
                guard let value = Self.duration(trimmed) else { return nil }
                self = .fixed(value)
            }
        }

        /// Reads one duration: `150ms`, `2s`, `0.5s`, `150`.
        public static func duration(_ text: String) -> Duration? {
            let text = text.trimmingCharacters(in: .whitespaces).lowercased()
            let number: String
            let scale: Double
            if text.hasSuffix("ms") {
                (number, scale) = (String(text.dropLast(2)), 1)
            } else if text.hasSuffix("s") {
                (number, scale) = (String(text.dropLast()), 1000)
            } else {
                (number, scale) = (text, 1)
            }
            guard number.count <= 12, let value = Double(number), value.isFinite, value >= 0 else { return nil }
            let milliseconds = value * scale
            guard milliseconds <= 60_000 else { return nil }
            return .milliseconds(Int(milliseconds.rounded()))
        }

        /// `150ms` or `50ms..400ms`.
        public var description: String {
            switch self {
            case .fixed(let value): Self.text(value)
            case .uniform(let range): "\(Self.text(range.lowerBound))..\(Self.text(range.upperBound))"
            }
        }

        static func text(_ duration: Duration) -> String {
            "\(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)ms"
        }
    }

    /// Slow delivery: the body goes out `chunkSize` bytes at a time, `delay` apart.
    public struct Drip: Sendable, Hashable, CustomStringConvertible {
        /// Bytes per write.
        public var chunkSize: Int
        /// The pause between writes.
        public var delay: Duration

        /// Creates a drip setting.
        public init(chunkSize: Int = 64, delay: Duration = .milliseconds(10)) {
            self.chunkSize = max(1, chunkSize)
            self.delay = delay
        }

        /// Reads `BYTES/DELAY` (`64/10ms`, `16b/50ms`), `BYTES` or `DELAY` alone; empty takes the defaults (64 bytes every 10 ms).
        public init?(parsing text: String) {
            let text = text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                self.init()
                return
            }
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2 else { return nil }
            var size = 64
            var delay = Duration.milliseconds(10)
            func bytes(_ part: String) -> Int? {
                let digits = part.lowercased().hasSuffix("b") ? String(part.dropLast()) : part
                guard digits.count <= 7, let value = Int(digits), value >= 1 else { return nil }
                return value
            }
            if parts.count == 2 {
                guard let value = bytes(parts[0]), let pause = Latency.duration(parts[1]) else { return nil }
                (size, delay) = (value, pause)
            } else if let value = bytes(parts[0]), !parts[0].lowercased().hasSuffix("s") {
                size = value
            } else if let pause = Latency.duration(parts[0]) {
                delay = pause
            } else {
                return nil
            }
            self.init(chunkSize: size, delay: delay)
        }

        /// `64/10ms`
        public var description: String { "\(chunkSize)/\(Latency.text(delay))" }
    }
}

extension MockFaults {
    /// Reads the `K` or `K/LIMIT` of drift, removal and edits (`2`, `2/50`): K from 1
    /// to 1000, LIMIT 0 or more.
    /// - Returns: nil when the text is not one of these.
    public static func countAndLimit(parsing text: String) -> (count: Int, limit: Int?)? {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts.compactMap { $0.count <= 9 ? Int($0) : nil }
        guard numbers.count == parts.count, let count = numbers.first, (1...1000).contains(count) else { return nil }
        guard numbers.count == 1 || numbers[1] >= 0 else { return nil }
        return (count, numbers.count > 1 ? numbers[1] : nil)
    }
}
