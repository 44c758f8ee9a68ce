import Foundation
import PagegenMock
import PagegenRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The tracker's fields say what they may be besides a value (specs/tracker.pagegen.yaml):
/// its generated models encode and decode exactly that, and pagegen-mock serves and
/// checks it.
@Suite struct NullableFieldsConsumerTests {
    static func client(_ server: MockServer, token: String? = "t0ken") -> TrackerAPI.Client {
        TrackerAPI.Client(baseURL: server.origin, token: token)
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func changes(_ json: String) throws -> TrackerAPI.IssueChanges {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(TrackerAPI.IssueChanges.self, from: Data(json.utf8))
    }

    // MARK: Encoding and decoding

    @Test func aFieldLeftOutIsNotSentNullIsSentAsNullAndAValueAsItself() throws {
        #expect(try Self.json(TrackerAPI.IssueChanges()) == "{}")
        #expect(try Self.json(TrackerAPI.IssueChanges(milestone: .null)) == #"{"milestone":null}"#)
        #expect(try Self.json(TrackerAPI.IssueChanges(milestone: 3)) == #"{"milestone":3}"#)
        #expect(try Self.json(TrackerAPI.IssueChanges(milestone: .init(nil as Int?))) == #"{"milestone":null}"#)
        // A field that may be left out but never null leaves nil out.
        #expect(try Self.json(TrackerAPI.IssueChanges(title: nil, milestone: .absent)) == "{}")
    }

    @Test func everyShapeOfAThreeStateFieldGoesBothWays() throws {
        // A list, a date in its own format, a date in the spec's, an enum, a model.
        let set = TrackerAPI.IssueChanges(
            state: .closed, labels: ["bug", "ui"], dueOn: .value(Date(timeIntervalSince1970: 1_700_000_000)),
            closedAt: .value(Date(timeIntervalSince1970: 1_700_000_060)), reporter: .value(.init(login: "ada", note: nil)))
        let text = try Self.json(set)
        #expect(
            text
                == #"{"closed_at":"2023-11-14T22:14:20Z","due_on":1700000000,"labels":["bug","ui"],"reporter":{"login":"ada","note":null},"state":"closed"}"#
        )
        let read = try Self.changes(text)
        #expect(read.state == .closed)
        #expect(read.labels == ["bug", "ui"])
        #expect(read.dueOn == .value(Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(read.closedAt == .value(Date(timeIntervalSince1970: 1_700_000_060)))
        #expect(read.reporter.wrapped?.login == "ada")
        #expect(read.milestone == .absent && read.assignee == .absent)

        let cleared = TrackerAPI.IssueChanges(labels: .null, assignee: .null, dueOn: .null, closedAt: .null, reporter: .null)
        let clearedText = try Self.json(cleared)
        #expect(clearedText == #"{"assignee":null,"closed_at":null,"due_on":null,"labels":null,"reporter":null}"#)
        let readCleared = try Self.changes(clearedText)
        #expect(readCleared.labels == .null && readCleared.assignee == .null && readCleared.dueOn == .null)
        #expect(readCleared.closedAt == .null && readCleared.reporter.isNull && readCleared.milestone.isAbsent)

        // An empty list is a value, not null.
        #expect(try Self.json(TrackerAPI.IssueChanges(labels: [])) == #"{"labels":[]}"#)
        #expect(try Self.changes(#"{"labels":[]}"#).labels == .value([]))
    }

    @Test func aFieldThatIsAlwaysSentWritesNullForNil() throws {
        #expect(try Self.json(TrackerAPI.Reporter(login: "ada", note: nil)) == #"{"login":"ada","note":null}"#)
        #expect(try Self.json(TrackerAPI.Reporter(login: "ada", note: "hi")) == #"{"login":"ada","note":"hi"}"#)
    }

    // MARK: On pagegen-mock

    @Test func aPatchThatClearsTheMilestoneSendsOnlyThat() async throws {
        try await withMockServer("tracker", checksCredentials: true) { server in
            let issue = try await Self.client(server).updateIssue(number: 7, body: .init(milestone: .null)).get()
            #expect(issue.id > 0)
            let patch = try #require(await server.requests.last(where: { $0.method == "PATCH" }))
            #expect(patch.status == 200)
            #expect(patch.bodyText == #"{"milestone":null}"#)
        }
    }

    @Test func theMockLeavesOutOrSendsNullOnlyWhereAFieldMayBe() async throws {
        try await withMockServer("tracker", items: 300, checksCredentials: true) { server in
            var request = URLRequest(url: server.origin)
            request.setValue("Bearer t0ken", forHTTPHeaderField: "Authorization")
            var issues: [[String: Any]] = []
            for page in 1...3 {
                request.url = URL(string: server.origin.absoluteString + "/issues?per_page=100&page=\(page)")
                let (data, _) = try await URLSession.shared.data(for: request)
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                issues += try #require(object["issues"] as? [[String: Any]])
            }
            #expect(issues.count == 300)
            func count(_ key: String, _ test: (Any?) -> Bool) -> Int { issues.filter { test($0[key]) }.count }
            let isNull: (Any?) -> Bool = { $0 is NSNull }
            let isMissing: (Any?) -> Bool = { $0 == nil }
            // Always sent, may be null: never missing, null now and then.
            #expect(count("closed_at", isMissing) == 0 && count("closed_at", isNull) > 0)
            #expect(count("milestone", isMissing) == 0 && count("milestone", isNull) > 0)
            // May be left out, never null.
            #expect(count("due_on", isNull) == 0 && count("due_on", isMissing) > 0)
            // `T?`: either.
            #expect(count("assignee", isNull) > 0 && count("assignee", isMissing) > 0)
            // Required: always a value.
            #expect(count("title", { $0 is String }) == 300)
            // The generated client reads every one of them.
            var read = 0
            for try await _ in Self.client(server).allIssues(perPage: 100) { read += 1 }
            #expect(read == 300)
        }
    }

    @Test func aBodyWithNullWhereTheSpecSaysNeverOrWithoutAFieldAlwaysSentIsRefused() async throws {
        func patch(_ server: MockServer, _ body: String) async throws -> (Int, [String: Any]) {
            var request = URLRequest(url: server.origin.appendingPathComponent("issues/7"))
            request.httpMethod = "PATCH"
            request.setValue("Bearer t0ken", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
            let (data, response) = try await URLSession.shared.data(for: request)
            let object = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
        }
        try await withMockServer("tracker", checksCredentials: true) { server in
            let (status, error) = try await patch(server, #"{"title": null}"#)
            #expect(status == 400)
            #expect(error["path"] as? String == "$.title")
            #expect(
                error["message"] as? String
                    == "the request body's $.title is null, and the field 'title' of IssueChanges may be left out but is never null (String)"
            )
            let (missingStatus, missing) = try await patch(server, #"{"reporter": {"login": "ada"}}"#)
            #expect(missingStatus == 400)
            #expect(missing["path"] as? String == "$.reporter.note")
            #expect((missing["message"] as? String)?.contains("is always sent, null when it has no value") == true)
            #expect(try await patch(server, #"{"milestone": null, "reporter": null}"#).0 == 200)
        }
        try await withMockServer("tracker", checksRequests: false, checksCredentials: true) { server in
            let (status, _) = try await patch(server, #"{"title": null}"#)
            #expect(status == 200)
        }
    }

    @Test func aRequestWithoutCredentialsGetsA401ThatSaysWhatWasExpected() async throws {
        try await withMockServer("tracker", checksCredentials: true) { server in
            let result = await Self.client(server, token: nil).updateIssue(number: 7, body: .init(title: "A"))
            guard case .failure(let error) = result else {
                Issue.record("expected a 401, got \(result)")
                return
            }
            #expect(error.statusCode == 401)
            let record = try #require(await server.requests.last)
            #expect(record.status == 401)
            #expect("\(error)".contains("updateIssue needs credentials, and the request has none: send Authorization: Bearer <token>"))
        }
    }
}
