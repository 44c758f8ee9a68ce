import Foundation

/// A collection as one request sees it: `base` generated items plus `inserted`
/// items that arrived at the top since the server started (offset drift).
///
/// Items are named by index: the base items are 0..<base in list order; inserted
/// items are base, base+1, … and the newest is at the top. Rows are positions in
/// the list as it is now.
struct CollectionView: Sendable, Hashable {
    /// Items generated at start.
    let base: Int
    /// Items inserted at the top since.
    let inserted: Int

    /// The number of items now.
    var count: Int { base + inserted }

    /// The index of the item at `row` (0 ≤ row < count).
    func index(atRow row: Int) -> Int {
        row < inserted ? base + inserted - 1 - row : row - inserted
    }

    /// The row of the item with `index`, or nil when there is no such item.
    func row(ofIndex index: Int) -> Int? {
        guard index >= 0, index < count else { return nil }
        return index >= base ? base + inserted - 1 - index : index + inserted
    }
}

/// What a server remembers between requests: how many items each collection has
/// gained, the request count (for fault rates) and the request log.
actor MockState {
    private var inserted: [String: Int] = [:]
    private var insertedByEndpoint: [String: Int] = [:]
    private var requestNumber = 0
    private(set) var log: [MockRequestRecord] = []
    /// `http://127.0.0.1:8080`, once the server listens.
    private(set) var fallbackOrigin = "http://127.0.0.1"

    /// The collection `key` of `endpoint` as the current request sees it, after it
    /// inserted `drift` new items at the top (no more than `limit` in all; nil: `base`).
    func view(of key: String, endpoint: String, base: Int, drift: Int, limit: Int? = nil) -> CollectionView {
        var count = inserted[key] ?? 0
        let most = min(max(0, limit ?? base), ItemKeyCodec.maxIndex / 2)
        if drift > 0, count < most {
            count = min(count + drift, most)
            inserted[key] = count
            insertedByEndpoint[endpoint] = max(insertedByEndpoint[endpoint] ?? 0, count)
        }
        return CollectionView(base: base, inserted: count)
    }

    /// The most items inserted into any collection of these endpoints.
    func mostInserted(endpoints: [String]) -> Int {
        endpoints.map { insertedByEndpoint[$0] ?? 0 }.max() ?? 0
    }

    /// Numbers requests from 0.
    func nextRequestNumber() -> Int {
        defer { requestNumber += 1 }
        return requestNumber
    }

    /// Adds a request to the log.
    func record(_ record: MockRequestRecord) {
        log.append(record)
    }

    /// Forgets the log and the inserted items.
    func reset() {
        log = []
        inserted = [:]
        insertedByEndpoint = [:]
    }
}

/// A request the server answered.
public struct MockRequestRecord: Sendable, Hashable, CustomStringConvertible {
    /// `GET`, `POST`, …
    public var method: String
    /// The path as sent, percent-encoded.
    public var path: String
    /// The query as sent, without `?`.
    public var query: String
    /// The status answered.
    public var status: Int
    /// The endpoint that answered, if one did.
    public var endpoint: String?
    /// The faults injected into the answer (`latency`, `error`, `throttle`, `truncate`,
    /// `malformed`, `drip`, `loop`, `drift`, `body-error`).
    public var faults: [String]
    /// The request's header fields, by lower-cased name (repeated fields joined with `, `).
    public var headers: [String: String] = [:]
    /// The request's body, as sent.
    public var body: Data = Data()

    /// The value of the header field `name` (any case).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body as UTF-8 text, if it is.
    public var bodyText: String? { String(data: body, encoding: .utf8) }

    /// The fields of an `application/x-www-form-urlencoded` body, decoded, in order
    /// (`metadata[order_id]`, `6735`); nil when the body is not one.
    public var formFields: [(name: String, value: String)]? {
        guard header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else { return nil }
        return RequestBodies.formFields(body)
    }

    /// The parts of a `multipart/form-data` body, in order; nil when the body is not one.
    public var parts: [MockPart]? {
        guard let contentType = header("Content-Type"), contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = RequestBodies.boundary(of: contentType)
        else { return nil }
        return RequestBodies.multipartParts(body, boundary: boundary)
    }

    /// The decoded query items, in order (`expand[]`, `data.customer`).
    public var queryItems: [(name: String, value: String)] {
        RequestBodies.formFields(Data(query.utf8)) ?? []
    }

    /// `GET /v1/customers?limit=10 → 200`
    public var description: String {
        let target = path + (query.isEmpty ? "" : "?" + query)
        let shown = target.count > 200 ? target.prefix(200) + "…" : Substring(target)
        return "\(method) \(shown) → \(status)\(faults.isEmpty ? "" : " [\(faults.joined(separator: ", "))]")"
    }
}

extension MockState {
    /// Sets the origin used when a request has no usable Host header.
    func setOrigin(_ origin: String) {
        fallbackOrigin = origin
    }
}
