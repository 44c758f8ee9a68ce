import Foundation
import Testing

@testable import PagegenMock

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every paging style, over real HTTP: the pages hold the right items and say
/// where the next one is, exactly as the spec describes.
@Suite struct PagingStyleTests {
    @Test func pageNumbersStartAtTheSpecsFirstPage() async throws {
        try await withMock("catalog") { server in
            let first = try await fetch(server, "/categories/7/products?page_size=8")
            #expect(first.status == 200)
            let payload = try #require(first.object["response"] as? [String: Any])
            #expect(values("id", in: payload["product_collection"] as? [Any] ?? []) == Array(1...8))
            #expect(payload["product_count"] as? Int == 20)
            #expect(payload["current_page"] as? Int == 1, "the page is echoed in the envelope")
            let third = try await fetch(server, "/categories/7/products?page_size=8&current_page=3")
            let items = (third.object["response"] as? [String: Any])?["product_collection"] as? [Any] ?? []
            #expect(values("id", in: items) == [17, 18, 19, 20])
            let past = try await fetch(server, "/categories/7/products?current_page=9")
            #expect(((past.object["response"] as? [String: Any])?["product_collection"] as? [Any])?.isEmpty == true)
            let before = try await fetch(server, "/categories/7/products?current_page=0")
            #expect(before.status == 400)
            #expect(before.message.contains("before the first page, 1"))
        }
        try await withMock("numbers") { server in
            let first = try await fetch(server, "/numbers?per_page=5")
            #expect(values("id", in: first.object["content"] as? [Any] ?? []) == Array(1...5))
            #expect(first.object["page_number"] as? Int == 0)
            #expect(first.object["per_page"] as? Int == 5)
            let second = try await fetch(server, "/numbers?per_page=5&page_number=1")
            #expect(values("id", in: second.object["content"] as? [Any] ?? []) == Array(6...10))
        }
    }

    @Test func offsetsAreZeroOrOneBased() async throws {
        try await withMock("articles") { server in
            let page = try await fetch(server, "/articles?offset=5&limit=3")
            #expect(values("id", in: page.array) == [6, 7, 8])
            let end = try await fetch(server, "/articles?offset=20")
            #expect(end.array.isEmpty)
        }
        try await withMock("coins") { server in
            let page = try await fetch(server, "/cryptocurrency/listings/latest?start=1&limit=4")
            #expect(values("id", in: page.object["data"] as? [Any] ?? []) == [1, 2, 3, 4])
            #expect((page.object["status"] as? [String: Any])?["total_count"] as? Int == 20)
            let later = try await fetch(server, "/cryptocurrency/listings/latest?start=5&limit=4")
            #expect(values("id", in: later.object["data"] as? [Any] ?? []) == [5, 6, 7, 8])
            #expect(try await fetch(server, "/cryptocurrency/listings/latest?start=0").status == 400)
        }
    }

    @Test func bodyCursorsWalkTheListAndEndEmpty() async throws {
        try await withMock("slack", options: MockOptions(items: 23)) { server in
            var ids: [String] = []
            var cursor: String?
            var requests = 0
            repeat {
                let query = "limit=10" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await fetch(server, "/users.list?\(query)")
                #expect(page.status == 200)
                #expect(page.object["ok"] as? Bool == true, "the in-body error flag says success")
                ids += values("id", in: page.object["members"] as? [Any] ?? [])
                cursor = (page.object["response_metadata"] as? [String: Any])?["next_cursor"] as? String
                requests += 1
            } while cursor != nil && requests < 10
            #expect(ids.count == 23 && Set(ids).count == 23)
            #expect(requests == 3)
        }
    }

    @Test func redditCursorsGoBothWaysThroughNestedItems() async throws {
        try await withMock("reddit") { server in
            let first = try await fetch(server, "/live/abc?limit=5")
            let data = try #require(first.object["data"] as? [String: Any])
            let children = try #require(data["children"] as? [[String: Any]])
            let names: [String] = children.compactMap { ($0["data"] as? [String: Any])?["name"] as? String }
            #expect(names.count == 5 && names.allSatisfy { $0.hasPrefix("thi_") })
            #expect(data["before"] is NSNull)
            let after = try #require(data["after"] as? String)
            let second = try await fetch(server, "/live/abc?limit=5&after=\(after)")
            let secondData = try #require(second.object["data"] as? [String: Any])
            let before = try #require(secondData["before"] as? String)
            let back = try await fetch(server, "/live/abc?limit=5&before=\(before)")
            let backNames: [String] = ((back.object["data"] as? [String: Any])?["children"] as? [[String: Any]] ?? [])
                .compactMap { ($0["data"] as? [String: Any])?["name"] as? String }
            #expect(backNames == names)
            // A cursor of another thread is not one of this list.
            let foreign = try await fetch(server, "/live/other?after=\(after)")
            #expect(foreign.status == 400)
        }
    }

    @Test func itemCursorsUseTheLastAndFirstItemWithHasMore() async throws {
        try await withMock("stripe", options: MockOptions(items: 12)) { server in
            let first = try await fetch(server, "/v1/customers?limit=5")
            let firstIDs: [String] = values("id", in: first.object["data"] as? [Any] ?? [])
            #expect(firstIDs.count == 5 && firstIDs.allSatisfy { $0.hasPrefix("cus_") })
            #expect(first.object["has_more"] as? Bool == true)
            let second = try await fetch(server, "/v1/customers?limit=5&starting_after=\(firstIDs[4])")
            let secondIDs: [String] = values("id", in: second.object["data"] as? [Any] ?? [])
            let third = try await fetch(server, "/v1/customers?limit=5&starting_after=\(secondIDs[4])")
            #expect((third.object["data"] as? [Any])?.count == 2)
            #expect(third.object["has_more"] as? Bool == false)
            let back = try await fetch(server, "/v1/customers?limit=5&ending_before=\(secondIDs[0])")
            #expect(values("id", in: back.object["data"] as? [Any] ?? []) == firstIDs)
            #expect(back.object["has_more"] as? Bool == false, "going back, has_more says whether more come before")
            #expect(first.object["url"] as? String == "/v1/customers")
        }
    }

    @Test func headerCursorsAndTotals() async throws {
        try await withMock("events", options: MockOptions(items: 7)) { server in
            let first = try await fetch(server, "/events", headers: ["X-Page-Size": "4"])
            #expect(first.array.count == 4)
            #expect(first.header("X-Total-Count") == "7")
            let cursor = try #require(first.header("X-Next-Cursor"))
            let second = try await fetch(server, "/events?cursor=\(cursor)", headers: ["X-Page-Size": "4"])
            #expect(second.array.count == 3)
            #expect(second.header("X-Next-Cursor") == nil)
            let ids: [String] = values("id", in: first.array) + values("id", in: second.array)
            #expect(Set(ids).count == 7)
        }
    }

    @Test func nextURLsInTheBodyAreAbsoluteOnTheServersOrigin() async throws {
        try await withMock("spotify", options: MockOptions(items: 9)) { server in
            var url: URL? = URL(string: server.baseURL.absoluteString + "/albums/xyz/tracks?limit=4&market=DE")
            var pages: [[String: Any]] = []
            while let next = url, pages.count < 10 {
                let page = try await fetch(next, headers: ["Authorization": "Bearer t0ken"])
                pages.append(page.object)
                url = (page.object["next"] as? String).flatMap(URL.init(string:))
                if let url {
                    #expect(url.absoluteString.hasPrefix(server.origin.absoluteString + "/v1/albums/xyz/tracks?"))
                    #expect(url.query?.contains("market=DE") == true, "other query items are kept")
                }
            }
            #expect(pages.map { ($0["items"] as? [Any])?.count ?? -1 } == [4, 4, 1])
            #expect(pages.allSatisfy { $0["total"] as? Int == 9 })
            #expect(pages[0]["previous"] is NSNull)
            #expect((pages[1]["previous"] as? String)?.hasSuffix("offset=0") == true)
            #expect(pages[1]["offset"] as? Int == 4 && pages[1]["limit"] as? Int == 4)
            #expect(pages[2]["next"] is NSNull)
        }
    }

    @Test func linkHeadersFollowRFC8288() async throws {
        try await withMock("github", options: MockOptions(items: 7)) { server in
            let first = try await fetch(server, "/repos/apple/swift/issues?per_page=3&state=open")
            let link = try #require(first.header("Link"))
            #expect(link.contains("rel=\"next\"") && link.contains("rel=\"last\""))
            #expect(!link.contains("rel=\"prev\""))
            #expect(link.contains("<\(server.origin.absoluteString)/repos/apple/swift/issues?state=open&per_page=3&page=2>; rel=\"next\""))
            #expect(link.contains("page=3>; rel=\"last\""))
            let last = try await fetch(server, "/repos/apple/swift/issues?per_page=3&page=3")
            #expect(last.array.count == 1)
            let lastLink = try #require(last.header("Link"))
            #expect(!lastLink.contains("rel=\"next\"") && lastLink.contains("rel=\"prev\"") && lastLink.contains("rel=\"first\""))
        }
    }

    @Test func idListsAndTheirItemEndpoint() async throws {
        try await withMock("hackernews", options: MockOptions(items: 6)) { server in
            let ids = try await fetch(server, "/topstories.json")
            #expect(ids.array as? [Int] == [1, 2, 3, 4, 5, 6])
            let item = try await fetch(server, "/item/4.json")
            #expect(item.status == 200)
            #expect(item.object["id"] as? Int == 4)
            #expect((item.object["time"] as? Int ?? 0) > 1_600_000_000, "Hacker News dates are Unix seconds")
            let unknown = try await fetch(server, "/item/7.json")
            #expect(unknown.status == 404)
            #expect(unknown.message.contains("'7'"))
            #expect(try await fetch(server, "/item/abc.json").status == 400)
        }
    }

    @Test func windowsSayWhichPageHoldsTheFocusRow() async throws {
        try await withMock("numbers", options: MockOptions(items: 100)) { server in
            let window = try await fetch(server, "/numbers/window?around=75")
            #expect(window.object["first_page"] as? Int == 2)
            #expect(window.object["per_page"] as? Int == 30)
            #expect(window.object["total_elements"] as? Int == 100)
            #expect(window.object["focus_index"] as? Int == 75)
            let page = try await fetch(server, "/numbers?page_number=2&per_page=30")
            let rows: [Int] = values("id", in: page.object["content"] as? [Any] ?? [])
            #expect(rows.contains(76), "row 75 is the item with id 76")
            let clamped = try await fetch(server, "/numbers/window?around=5000")
            #expect(clamped.object["focus_index"] as? Int == 99)
            #expect(try await fetch(server, "/numbers/window?around=-1").status == 400)
            // The spec requires 'around'; a server that answers anyway starts at the top.
            let missing = try await fetch(server, "/numbers/window")
            #expect(missing.status == 400)
            #expect(missing.object["parameter"] as? String == "around")
        }
        try await withMock("numbers", options: MockOptions(items: 100, checksRequests: false)) { server in
            let window = try await fetch(server, "/numbers/window")
            #expect(window.object["first_page"] as? Int == 0)
        }
    }

    /// A spec with the rarer forms: parameters in headers and bodies, formats, flags, bracketed keys.
    static let exotic = """
        pagegen: 1
        name: Exotic
        baseURL: https://exotic.example.com
        errors: { message: error }
        models:
          Row:
            id: String
            title: String
          Envelope:
            meta: Meta
            ok: Bool
            results: Results
          Meta:
            pages: Int
            last: Bool
            count: Int
          Results:
            rows: [Row]
          Search:
            query: String
          Feed:
            "@odata.nextLink": String?
            value: [Row]
        endpoints:
          rows:
            get: /rows
            returns: Envelope
            paging:
              page: { param: X-Page, in: header, first: 0 }
              size: { param: size, default: 4, min: 2, max: 6, format: "batchSize={value}" }
              items: results.rows
              totalPages: meta.pages
              last: meta.last
              total: { from: meta.count, estimate: true }
          search:
            post: /search
            body: Search
            returns: Envelope
            paging:
              cursor: { param: cursor, in: body, fromItem: id }
              size: { param: limit, in: body, default: 3 }
              items: results.rows
              hasMore: ok
          feed:
            get: /feed
            returns: Feed
            paging:
              next: { from: '["@odata.nextLink"]' }
              items: value
              size: 5
        """

    @Test func headerPagesFormattedSizesFlagsAndPageCounts() async throws {
        let spec = try Specs.parse(Self.exotic)
        try await withMock(spec, options: MockOptions(items: 10)) { server in
            let first = try await fetch(server, "/rows?size=batchSize%3D4", headers: ["X-Page": "2"])
            #expect(first.status == 200, "\(first.text)")
            let meta = try #require(first.object["meta"] as? [String: Any])
            #expect(meta["pages"] as? Int == 3)
            #expect(meta["last"] as? Bool == true)
            #expect(meta["count"] as? Int == 10)
            #expect(((first.object["results"] as? [String: Any])?["rows"] as? [Any])?.count == 2)
            let notLast = try await fetch(server, "/rows", headers: ["X-Page": "0"])
            #expect((notLast.object["meta"] as? [String: Any])?["last"] as? Bool == false)
            let unformatted = try await fetch(server, "/rows?size=4")
            #expect(unformatted.status == 400)
            #expect(unformatted.message.contains("batchSize={value}"))
            #expect(try await fetch(server, "/rows?size=batchSize%3D1").status == 400, "below the minimum")
            #expect(try await fetch(server, "/rows?size=batchSize%3D7").status == 400, "above the maximum")
        }
    }

    @Test func bodyParametersAndBracketedKeys() async throws {
        let spec = try Specs.parse(Self.exotic)
        try await withMock(spec, options: MockOptions(items: 7)) { server in
            let body = Data(#"{"query": "swift", "limit": 3}"#.utf8)
            let first = try await fetch(server, "/search", method: "POST", headers: ["Content-Type": "application/json"], body: body)
            #expect(first.status == 200, "\(first.text)")
            let rows = try #require((first.object["results"] as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(rows.count == 3)
            #expect(first.object["ok"] as? Bool == true)
            let last = try #require(rows.last?["id"] as? String)
            let next = Data(#"{"query": "swift", "limit": 3, "cursor": "\#(last)"}"#.utf8)
            let second = try await fetch(server, "/search", method: "POST", body: next)
            #expect(((second.object["results"] as? [String: Any])?["rows"] as? [Any])?.count == 3)
            let broken = try await fetch(server, "/search", method: "POST", body: Data("{not json".utf8))
            #expect(broken.status == 400)
            #expect(try await fetch(server, "/search").status == 405)

            var url: URL? = URL(string: server.baseURL.absoluteString + "/feed")
            var count = 0
            var pages = 0
            while let next = url, pages < 5 {
                let page = try await fetch(next)
                count += (page.object["value"] as? [Any])?.count ?? 0
                url = (page.object["@odata.nextLink"] as? String).flatMap(URL.init(string:))
                pages += 1
                #expect(page.object["error"] is NSNull, "no in-body error without a flag: the message is null")
            }
            #expect(count == 7 && pages == 2)
        }
    }
}
