import Foundation
import PagegenRuntime
import PagegenTestServer
import Testing

/// What real APIs need beyond paging, against synthetic pages shaped as their
/// documentation shows: auth schemes, bodies, fixed and parameter headers, names
/// that are not Swift identifiers, identity fields, date formats, open JSON,
/// recursive models, nullable responses and missing item arrays.
@Suite struct RealAPIShapesTests {
    // MARK: Jira: Basic auth, `self`, `48x48`, a model that contains itself

    static func jiraIssue(_ index: Int, parent: [String: Any]? = nil) -> [String: Any] {
        var fields: [String: Any] = [
            "summary": "Issue \(index)", "created": "2024-03-01T09:30:00.000+0100",
            "reporter": ["accountId": "a1", "displayName": "Ann", "avatarUrls": ["48x48": "https://avatars.example/48.png"]],
            "customfield_10016": ["value": index],
        ]
        if let parent { fields["parent"] = parent }
        return [
            "id": "\(10_000 + index)", "key": "PRJ-\(index)", "self": "https://jira.example/rest/api/3/issue/\(10_000 + index)",
            "fields": fields,
        ]
    }

    @Test func jiraSearchWithBasicAuthAndUnusualNames() async throws {
        try await withServer({ request in
            let start = request.intQuery("startAt") ?? 0
            let size = request.intQuery("maxResults") ?? 50
            let issues = (start..<min(start + size, 5)).map { Self.jiraIssue($0, parent: $0 == 4 ? Self.jiraIssue(0) : nil) }
            return .json(object: ["startAt": start, "maxResults": size, "total": 5, "issues": issues])
        }) { server in
            let client = JiraAPI.Client(baseURL: server.baseURL, username: "ann@example.com", password: "token")
            var issues: [JiraAPI.Issue] = []
            for try await issue in client.allSearch(jql: "project = PRJ", fields: ["summary", "parent"], maxResults: 2) {
                issues.append(issue)
            }
            #expect(issues.map(\.key) == (0..<5).map { "PRJ-\($0)" })
            #expect(issues[0].`self`.absoluteString == "https://jira.example/rest/api/3/issue/10000")
            #expect(issues[0].fields.reporter?.avatarUrls?._48x48.absoluteString == "https://avatars.example/48.png")
            #expect(issues[4].fields.parent?.key == "PRJ-0")
            #expect(issues[1].fields.customfield10016 == .object(["value": .number(1)]))
            #expect(issues[0].fields.created == Date(timeIntervalSince1970: 1_709_281_800))
            let requests = await server.requests
            // Pages after the next are fetched ahead in parallel: they may arrive in any order.
            #expect(requests.compactMap { $0.intQuery("startAt") }.sorted() == [0, 2, 4])
            #expect(requests[0].query("fields") == "summary,parent")
            #expect(requests[0].headers["authorization"] == "Basic " + Data("ann@example.com:token".utf8).base64EncodedString())
        }
    }

    @Test func aMissingOptionalItemArrayIsAnEmptyPage() async throws {
        try await withServer({ _ in .json(#"{"startAt": 0, "maxResults": 50, "total": 0}"#) }) { server in
            let page = try await JiraAPI.Client(baseURL: server.baseURL).search(jql: "x").get()
            #expect(page.items.isEmpty)
            #expect(page.next == nil)
        }
    }

    // MARK: Jira: the paged envelope has a `self` of its own, and may leave out its items

    @Test func jiraProjectPagesHaveASelfAndMayLeaveOutTheirValues() async throws {
        try await withServer({ request in
            let start = request.intQuery("startAt") ?? 0
            let size = request.intQuery("maxResults") ?? 50
            let host = "http://\(request.headers["host"]!)"
            var body: [String: Any] = [
                "self": "\(host)/rest/api/3/project/search?startAt=\(start)&maxResults=\(size)",
                "startAt": start, "maxResults": size, "total": 5, "isLast": start + size >= 5,
            ]
            // Jira leaves out `values` on a page past the end; the first page is complete.
            if start < 5 {
                body["values"] = (start..<min(start + size, 5)).map { index -> [String: Any] in
                    [
                        "self": "\(host)/rest/api/3/project/\(10_000 + index)", "id": "\(10_000 + index)", "key": "P\(index)",
                        "name": "Project \(index)", "projectTypeKey": index == 0 ? "software" : "product_discovery",
                    ]
                }
                body["nextPage"] = "\(host)/rest/api/3/project/search?startAt=\(start + size)&maxResults=\(size)"
            }
            return .json(object: body)
        }) { server in
            let client = JiraAPI.Client(baseURL: server.baseURL, username: "ann@example.com", password: "token")
            var projects: [JiraAPI.Project] = []
            for try await project in client.allProjects(orderBy: .key, maxResults: 2) { projects.append(project) }
            #expect(projects.map(\.key) == ["P0", "P1", "P2", "P3", "P4"])
            #expect(projects[1].`self`.path == "/rest/api/3/project/10001")
            #expect(projects[0].projectTypeKey == .software)
            #expect(projects[1].projectTypeKey == .unknown("product_discovery"))
            let requests = await server.requests
            // Pages after the first are fetched ahead together, and may arrive in either order.
            #expect(requests.compactMap { $0.intQuery("startAt") }.sorted() == [0, 2, 4], "isLast ends the list")
            #expect(requests.allSatisfy { $0.query("orderBy") == "key" })

            let first = try await client.projects(maxResults: 2).get()
            #expect(first.items.count == 2)
            let past = try await client.projects(offset: 10, maxResults: 2).get()
            #expect(past.items.isEmpty, "a page without `values` is empty, not a decoding error")
            #expect(past.next == nil)
        }
    }

    // MARK: Salesforce: records identified by `Id`, a relative next-records URL

    static func account(_ index: Int) -> [String: Any] {
        let id = "001D000000Ik\(String(format: "%03d", index))AAA"
        return [
            "attributes": ["type": "Account", "url": "/services/data/v60.0/sobjects/Account/\(id)"],
            "Id": id, "Name": "Account \(index)", "Industry": index.isMultiple(of: 2) ? "Energy" : NSNull(),
            "AnnualRevenue": 1_000_000.5, "Type": index == 0 ? "Customer - Direct" : "Prospect",
            "CreatedDate": "2024-05-01T12:00:00.000+0000",
        ]
    }

    @Test func salesforceQueriesFollowRelativeNextRecordsURLsAndIdentifyRecordsByID() async throws {
        try await withServer({ request in
            // Batches of two; the second batch repeats the last record of the first, as a
            // query over rows that change may.
            let batch = Int(request.path.split(separator: "-").last ?? "") ?? 0
            let indices = batch == 0 ? [0, 1] : batch == 1 ? [1, 2, 3] : [4]
            var body: [String: Any] = ["totalSize": 5, "done": batch == 2, "records": indices.map(Self.account)]
            if batch < 2 { body["nextRecordsUrl"] = "/services/data/v60.0/query/01gD0000002HU6KIAW-\(batch + 1)" }
            return .json(object: body)
        }) { server in
            let baseURL = server.baseURL.appendingPathComponent("services/data/v60.0")
            let client = SalesforceAPI.Client(baseURL: baseURL, token: "00D!token")
            var accounts: [SalesforceAPI.Account] = []
            for try await account in client.allQueryAccounts(q: "SELECT Id, Name FROM Account") { accounts.append(account) }
            #expect(accounts.map(\.name) == (0..<5).map { "Account \($0)" }, "a record that shows up again is delivered once")
            #expect(Self.identity(of: accounts[0]) == "001D000000Ik000AAA", "Identifiable by its Id")
            #expect(accounts[0].type == .customerDirect)
            #expect(accounts[1].industry == nil)
            #expect(accounts[0].createdDate == Date(timeIntervalSince1970: 1_714_564_800))
            let requests = await server.requests
            #expect(
                requests.map(\.path) == [
                    "/services/data/v60.0/query",
                    "/services/data/v60.0/query/01gD0000002HU6KIAW-1",
                    "/services/data/v60.0/query/01gD0000002HU6KIAW-2",
                ])
            #expect(requests[0].query("q") == "SELECT Id, Name FROM Account")
            #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer 00D!token" })
        }
    }

    static func identity<Record: Identifiable>(of record: Record) -> Record.ID { record.id }

    // MARK: Algolia: paging in a POST body, two API-key headers, objectID

    @Test func algoliaPagesInTheBodyWithTwoKeyHeaders() async throws {
        try await withServer({ request in
            let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
            let page = body["page"] as? Int ?? 0
            let perPage = body["hitsPerPage"] as? Int ?? 20
            let hits = (page * perPage..<min(page * perPage + perPage, 5)).map {
                [
                    "objectID": "obj\($0)", "title": "Hit \($0)", "created_at": "2024-08-14T15:14:26.000Z", "created_at_i": 1_723_648_466,
                    "_highlightResult": ["title": ["value": "<em>Hit</em>"]],
                ] as [String: Any]
            }
            return .json(object: ["hits": hits, "page": page, "nbPages": 3, "nbHits": 5, "hitsPerPage": perPage])
        }) { server in
            let client = AlgoliaAPI.Client(baseURL: server.baseURL, xAlgoliaApplicationID: "APP", xAlgoliaAPIKey: "KEY")
            var hits: [AlgoliaAPI.Hit] = []
            for try await hit in client.allSearch(index: "items", body: .init(query: "swift", filters: "tag:a"), hitsPerPage: 2) {
                hits.append(hit)
            }
            #expect(hits.map(\.id) == ["obj0", "obj1", "obj2", "obj3", "obj4"])
            #expect(hits[0].createdAtI == hits[0].createdAt)
            #expect(hits[0].highlightResult?["title"]?["value"]?.stringValue == "<em>Hit</em>")
            let requests = await server.requests
            #expect(requests.count == 3)
            #expect(
                requests.allSatisfy {
                    $0.method == "POST" && $0.headers["x-algolia-application-id"] == "APP" && $0.headers["x-algolia-api-key"] == "KEY"
                })
            // The total is known after page 0, so pages 1 and 2 are fetched ahead together
            // and may reach the server in either order.
            let bodies = try requests.map { try #require(try JSONSerialization.jsonObject(with: $0.body) as? [String: Any]) }
            #expect(bodies.map { $0["page"] as? Int }.sorted { ($0 ?? -1) < ($1 ?? -1) } == [0, 1, 2])
            #expect(bodies.allSatisfy { $0["query"] as? String == "swift" && $0["filters"] as? String == "tag:a" })
            #expect(bodies.allSatisfy { $0["hitsPerPage"] as? Int == 2 })
            #expect(requests[0].headers["content-type"] == "application/json")
        }
    }

    // MARK: Notion: cursor and size in the body, a fixed version header, open JSON

    @Test func notionSendsTheCursorInTheBodyWithItsVersionHeader() async throws {
        try await withServer({ request in
            let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
            let cursor = body["start_cursor"] as? String
            let page: [String: Any] = [
                "object": "page", "id": cursor ?? "first", "created_time": "2024-01-01T00:00:00.000Z",
                "last_edited_time": "2024-01-02T00:00:00.000Z", "archived": false,
                "parent": ["type": "database_id", "database_id": "db"], "properties": ["Name": ["title": []]],
            ]
            return .json(object: [
                "object": "list", "results": [page], "next_cursor": cursor == nil ? "c2" : NSNull(), "has_more": cursor == nil,
            ])
        }) { server in
            let client = NotionAPI.Client(baseURL: server.baseURL, token: "secret_x")
            var ids: [String] = []
            let filter = JSONValue.object(["property": .string("Done"), "checkbox": .object(["equals": .bool(true)])])
            for try await page in client.allQueryDatabase(databaseID: "db", body: .init(filter: filter), pageSize: 50) {
                ids.append(page.id)
            }
            #expect(ids == ["first", "c2"])
            let requests = await server.requests
            #expect(
                requests.allSatisfy { $0.headers["notion-version"] == "2022-06-28" && $0.headers["authorization"] == "Bearer secret_x" })
            let second = try #require(try JSONSerialization.jsonObject(with: requests[1].body) as? [String: Any])
            #expect(second["start_cursor"] as? String == "c2")
            #expect(second["page_size"] as? Int == 50)
            #expect((second["filter"] as? [String: Any])?["property"] as? String == "Done")
        }
    }

    @Test func aMissingRequiredItemArrayIsAnEmptyPageToo() async throws {
        try await withServer({ _ in .json(#"{"object": "list", "next_cursor": null, "has_more": false}"#) }) { server in
            let page = try await NotionAPI.Client(baseURL: server.baseURL).queryDatabase(databaseID: "db", body: .init()).get()
            #expect(page.items.isEmpty)
        }
    }

    // MARK: Microsoft Graph: $top, $select, a header parameter, @odata.nextLink

    @Test func graphFollowsODataNextLinksWithDollarParameters() async throws {
        try await withServer({ request in
            let skip = request.intQuery("$skip") ?? 0
            let host = "http://\(request.headers["host"]!)"
            let messages = (skip..<min(skip + 2, 3)).map {
                [
                    "id": "m\($0)", "subject": "Hello \($0)", "receivedDateTime": "2024-06-01T12:00:00Z",
                    "importance": $0 == 0 ? "high" : "urgent",
                    "from": ["emailAddress": ["address": "a@example.com"]],
                ] as [String: Any]
            }
            var body: [String: Any] = ["@odata.context": "\(host)/$metadata#users('me')/messages", "@odata.count": 3, "value": messages]
            if skip == 0 { body["@odata.nextLink"] = "\(host)/me/messages?$top=2&$skip=2&$select=subject" }
            return .json(object: body, headers: [("Content-Type", "application/json;odata.metadata=minimal;odata.streaming=true")])
        }) { server in
            var messages: [GraphAPI.Message] = []
            var totals: [Int?] = []
            let client = GraphAPI.Client(baseURL: server.baseURL, token: "t")
            for try await page in client.messagesPages(select: "subject", count: true, consistencyLevel: "eventual", top: 2) {
                messages += page.items
                totals.append(page.total)
            }
            #expect(messages.map(\.id) == ["m0", "m1", "m2"])
            #expect(messages[0].importance == .high)
            #expect(messages[1].importance == .unknown("urgent"))
            #expect(totals == [3, 3])
            let first = try #require(await server.requests.first)
            #expect(first.rawQuery.contains("%24select=subject"))
            #expect(first.query("$top") == "2")
            #expect(first.query("$count") == "true")
            #expect(first.headers["consistencylevel"] == "eventual")
        }
    }

    @Test func vendorJSONMediaTypesAreJSON() async throws {
        try await withServer({ _ in
            TestResponse(
                status: 200, headers: [("Content-Type", "application/vnd.api+json")],
                body: Data(#"{"value": [], "@odata.count": 0}"#.utf8))
        }) { server in
            let page = try await GraphAPI.Client(baseURL: server.baseURL).messages().get()
            #expect(page.items.isEmpty)
            #expect(page.total == 0)
        }
    }

    // MARK: X API v2: dotted parameter names, a minimum page size, a missing data array

    @Test func twitterSearchWithDottedParameterNames() async throws {
        try await withServer({ request in
            let token = request.query("next_token")
            if token == nil {
                return .json(object: [
                    "data": [["id": "1", "text": "a"], ["id": "2", "text": "b"]], "meta": ["result_count": 2, "next_token": "n2"],
                ])
            }
            return .json(object: ["meta": ["result_count": 0]])
        }) { server in
            var ids: [String] = []
            for try await tweet in TwitterAPI.Client(baseURL: server.baseURL).allRecentSearch(
                query: "swift", tweetFields: "created_at,author_id")
            {
                ids.append(tweet.id)
            }
            #expect(ids == ["1", "2"])
            let first = try #require(await server.requests.first)
            #expect(first.query("tweet.fields") == "created_at,author_id")
            #expect(first.query("max_results") == "10")
        }
    }

    @Test func aSizeBelowTheMinimumFailsBeforeAnyRequest() async throws {
        try await withServer({ _ in .json("{}") }) { server in
            let result = await TwitterAPI.Client(baseURL: server.baseURL).recentSearch(query: "swift", maxResults: 5)
            guard case .failure(let error) = result, case .invalidRequest(let message) = error.kind else {
                Issue.record("expected an invalid request, got \(result)")
                return
            }
            #expect(message.contains("below the minimum of 10"))
            #expect(await server.requests.isEmpty)
        }
    }

    // MARK: Nullable responses

    @Test func aNullResponseIsNil() async throws {
        try await withServer({ _ in .json("null") }) { server in
            let item = try await HackerNewsAPI.Client(baseURL: server.baseURL).item(id: 8863).get()
            #expect(item == nil)
            #expect(await server.requests.first?.path == "/item/8863.json")
        }
    }
}

extension RealAPIShapesTests {
    @Test func anHTMLErrorPageSaysWhatArrived() async throws {
        try await withServer({ _ in
            TestResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Data("<html>maintenance</html>".utf8))
        }) { server in
            let result = await GraphAPI.Client(baseURL: server.baseURL).messages()
            guard case .failure(let error) = result, case .decoding(_, let message) = error.kind else {
                Issue.record("expected a decoding error, got \(result)")
                return
            }
            #expect(message.contains("expected JSON, got Content-Type 'text/html; charset=utf-8'"))
        }
    }
}
