import Foundation
import PagegenRuntime

/// An in-process stand-in for the news server: 120 stories of the "science"
/// section in pages of `limit`, linked by an opaque cursor, and a log of the
/// requests it answered.
struct CannedFeed: HTTPTransport {
    static let storyCount = 120

    let log = RequestLog()

    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        await log.append(request)
        guard request.url.path == "/v1/sections/science/stories" else {
            return (HTTPResponse(statusCode: 404), Data(#"{"error": "no such section"}"#.utf8))
        }
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let limit = query.first { $0.name == "limit" }?.value.flatMap(Int.init) ?? 50
        // The cursor is "after-<index>"; no cursor is the first page.
        let start = query.first { $0.name == "cursor" }?.value.flatMap { Int($0.dropFirst("after-".count)) } ?? 0
        let minimum = query.first { $0.name == "min_score" }?.value.flatMap(Int.init) ?? 0
        let end = min(start + limit, Self.storyCount)
        let stories = (start..<end).map(Self.story).filter { $0.score >= minimum }.map(\.json)
        let next = end < Self.storyCount ? #""after-\#(end)""# : "null"
        let body = #"{"stories": [\#(stories.joined(separator: ", "))], "meta": {"next_cursor": \#(next)}}"#
        return (HTTPResponse(statusCode: 200), Data(body.utf8))
    }

    /// Story `index`: newest first, one hour apart, scores cycling through 0..<200.
    static func story(_ index: Int) -> (score: Int, json: String) {
        let score = (index * 37) % 200
        let published = 1_750_000_000 - index * 3600
        return (score, #"{"id": "s\#(index)", "headline": "Story \#(index)", "published": \#(published), "score": \#(score)}"#)
    }
}

/// The requests a ``CannedFeed`` received, in order.
actor RequestLog {
    private(set) var requests: [HTTPRequest] = []

    func append(_ request: HTTPRequest) {
        requests.append(request)
    }
}
