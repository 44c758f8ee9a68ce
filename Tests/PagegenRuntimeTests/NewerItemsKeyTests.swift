import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// The key a check for newer items asks with (``Page/newerItemsKey``), read from a
/// Discord-like API: messages newest first, `before=` an id for older ones, `after=` an
/// id for newer ones, both cursors from the page's items, and a short page that ends
/// the list.
@Suite struct NewerItemsKeyTests {
    static let messages = Endpoint(name: "messages", method: "GET", path: "/messages")
    static let baseURL = URL(string: "https://chat.example.com")!

    /// A channel of messages with ids `1...newest`, newest first, 10 a page.
    static func channel(newest: Int) -> RecordingTransport {
        RecordingTransport { request, _ in
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            func value(_ name: String) -> Int? { query.first { $0.name == name }?.value.flatMap(Int.init) }
            let ids: [Int]
            if let after = value("after") {
                // The oldest ten newer than `after`, newest first.
                ids = after < newest ? (after + 1...newest).prefix(10).reversed() : []
            } else {
                let top = value("before").map { $0 - 1 } ?? newest
                ids = Array(stride(from: top, to: max(0, top - 10), by: -1))
            }
            return (HTTPResponse(statusCode: 200), try JSONEncoder().encode(ids))
        }
    }

    static let paging = Paging<[Int], Int>(
        style: .cursor(
            Parameter("before"), next: .item { String($0) }, previousParameter: Parameter("after"), previous: .item { String($0) }),
        size: PageSize(Parameter("limit"), default: 10), items: { $0 }, shortPageEnds: true)

    @Test func aShortPageOfNewerItemsEndsTheListUpwardButSaysWhereTheNextCheckStarts() async throws {
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: Self.channel(newest: 103))
        let first = try await runtime.page(Self.messages, paging: Self.paging, at: .first, size: 10).get()
        #expect(first.items.first == 103)
        #expect(first.previous == .before("103") && first.newerItemsKey == .before("103"))
        // Three newer than 100: a short page, so nothing comes before it for now...
        let newer = try await runtime.page(Self.messages, paging: Self.paging, at: .before("100"), size: 10).get()
        #expect(newer.items == [103, 102, 101])
        #expect(newer.previous == nil)
        // ...but the next check asks from its newest message, not from 100 again.
        #expect(newer.newerItemsKey == .before("103"))
        // Nothing newer: no key from an empty page; the check asks with its own key again.
        let none = try await runtime.page(Self.messages, paging: Self.paging, at: .before("103"), size: 10).get()
        #expect(none.items.isEmpty && none.previous == nil && none.newerItemsKey == nil)
    }
}
