import Foundation
import PagegenRuntime

/// An in-process stand-in for the shop and blog servers: answers each request
/// with a canned page and records what was asked.
struct FakeTransport: HTTPTransport {
    /// What the fake answers: a status code and a JSON body.
    typealias Route = @Sendable (_ path: String, _ query: [String: String]) -> (status: Int, json: String)

    let log = RequestLog()
    let route: Route

    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        await log.append(request)
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let query = Dictionary(
            (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { _, last in last })
        let answer = route(request.url.path, query)
        return (
            HTTPResponse(statusCode: answer.status, headerFields: [HTTPHeaderField(name: "Content-Type", value: "application/json")]),
            Data(answer.json.utf8)
        )
    }
}

/// The requests a ``FakeTransport`` received, in order.
actor RequestLog {
    private(set) var requests: [HTTPRequest] = []

    func append(_ request: HTTPRequest) {
        requests.append(request)
    }

    /// The value of one query item of every request.
    func query(_ name: String) -> [String?] {
        requests.map { request in
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?
                .queryItems?.first { $0.name == name }?.value
        }
    }
}

/// Canned pages.
enum Fixtures {
    /// A page of the shop's category listing: products `ids`, every third one discontinued.
    static func productPage(_ page: Int, ids: Range<Int>, total: Int) -> String {
        let products = ids.map { id in
            """
            {"id": \(id), "name": "Lamp \(id)", "sale_price": \(Double(id) + 0.5), "tags": ["light"], \
            "status": "\(id % 3 == 0 ? "discontinued" : "active")"}
            """
        }
        return """
            {"response": {"current_page": \(page), "product_count": \(total), \
            "product_collection": [\(products.joined(separator: ", "))]}}
            """
    }

    /// A page of the blog: articles `ids` (the body is the array itself).
    static func articles(_ ids: Range<Int>) -> String {
        "["
            + ids.map { id in
                """
                {"id": \(id), "title": "Post \(id)", "published_at": "2025-01-\(String(format: "%02d", id % 28 + 1))T08:00:00Z"}
                """
            }.joined(separator: ", ") + "]"
    }
}
