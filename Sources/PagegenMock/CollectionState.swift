import Foundation

/// What a server remembers between requests: how each collection changed (items
/// inserted, removed and edited), the request count (for fault rates) and the
/// request log.
actor MockState {
    private var collections: [String: CollectionView] = [:]
    /// Requests that changed each collection, which seed the next change.
    private var steps: [String: Int] = [:]
    /// Edits made to each collection in all.
    private var edits: [String: Int] = [:]
    /// The collections of each endpoint.
    private var scopesByEndpoint: [String: Set<String>] = [:]
    private var requestNumber = 0
    private(set) var log: [MockRequestRecord] = []
    /// `http://127.0.0.1:8080`, once the server listens.
    private(set) var fallbackOrigin = "http://127.0.0.1"

    /// The collection `key` of `endpoint` as the current request sees it, after the
    /// request's changes: first `drift` new items at the top, then `remove` items
    /// removed and `edit` items edited, chosen among those present with a generator
    /// seeded by `seed`, the collection and the number of requests that changed it.
    func view(
        of key: String, endpoint: String, base: Int, changes: CollectionChanges = CollectionChanges(), seed: UInt64 = 0
    )
        -> CollectionView
    {
        var view = collections[key] ?? CollectionView(base: base, inserted: 0)
        guard !changes.isEmpty else { return view }
        scopesByEndpoint[endpoint, default: []].insert(key)
        let most = min(max(0, changes.driftLimit ?? base), ItemKeyCodec.maxIndex / 2)
        if changes.drift > 0, view.inserted < most {
            view = view.with(inserted: min(view.inserted + changes.drift, most))
        }
        if changes.remove > 0 || changes.edit > 0 {
            let step = steps[key] ?? 0
            steps[key] = step + 1
            var random = SeededRandom(seed: seed, "changes", key, String(step))
            let removable = min(max(0, changes.removeLimit ?? base / 2), base + view.inserted) - view.removed
            for _ in 0..<max(0, min(changes.remove, removable)) where view.count > 0 {
                view.remove(index: view.index(atRow: random.int(0...view.count - 1)))
            }
            let made = edits[key] ?? 0
            let editable = max(0, changes.editLimit ?? base / 2) - made
            let editing = view.count > 0 ? max(0, min(changes.edit, editable)) : 0
            for _ in 0..<editing {
                view.edit(index: view.index(atRow: random.int(0...view.count - 1)))
            }
            edits[key] = made + editing
        }
        collections[key] = view
        return view
    }

    /// The most items inserted into any collection of these endpoints.
    func mostInserted(endpoints: [String]) -> Int {
        endpoints.flatMap { scopesByEndpoint[$0] ?? [] }.map { collections[$0]?.inserted ?? 0 }.max() ?? 0
    }

    /// What the collections of these endpoints did to the item with `index`: whether
    /// one of them removed it, and the most edits one of them made to it.
    func changes(ofIndex index: Int, endpoints: [String]) -> (removed: Bool, version: Int) {
        let views = endpoints.flatMap { scopesByEndpoint[$0] ?? [] }.compactMap { collections[$0] }
        return (views.contains { $0.isRemoved(index) }, views.map { $0.version(ofIndex: index) }.max() ?? 0)
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

    /// Forgets the log and every change to the collections.
    func reset() {
        log = []
        collections = [:]
        steps = [:]
        edits = [:]
        scopesByEndpoint = [:]
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
    /// `malformed`, `drip`, `loop`, `drift`, `remove`, `edit`, `body-error`, `backoff`).
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
