import Foundation
import PagegenRuntime
import PagegenTestServer
import Testing

/// Generated clients made with a credential provider, for each kind of credential a
/// spec declares: API keys in the query (Stack Exchange's `key` and `access_token`),
/// an API key in a header (GitLab's `PRIVATE-TOKEN`) and HTTP Basic (WordPress's
/// application passwords). The provider is asked before every request, so that a
/// credential that changes while the client lives is the one sent.
@Suite struct CredentialProviderConsumerTests {
    /// Credentials an app hands out: the n-th time it is asked, the n-th of each.
    actor Vault {
        private(set) var asked = 0

        func next() -> Int {
            asked += 1
            return asked
        }
    }

    @Test func queryKeysComeFromTheProviderForEveryPage() async throws {
        let vault = Vault()
        let stackExchange = StackExchangeServer(total: 25) { _, _ in nil }
        try await withServer({ await stackExchange.handle($0) }) { server in
            let client = StackExchangeAPI.Client(
                baseURL: server.baseURL,
                credentials: {
                    let n = await vault.next()
                    return StackExchangeAPI.Client.Credentials(key: "app-key", accessToken: "token-\(n)")
                })
            var ids: [Int] = []
            for try await question in client.allQuestions(pagesize: 10) { ids.append(question.questionID) }
            #expect(ids == Array(1...25))
            let sent = await server.requests
            #expect(sent.map { $0.query("key") } == ["app-key", "app-key", "app-key"])
            #expect(sent.map { $0.query("access_token") } == ["token-1", "token-2", "token-3"])
            #expect(await vault.asked == 3)
        }
    }

    @Test func aHeaderKeyComesFromTheProviderAndANilOneIsNotSent() async throws {
        let vault = Vault()
        try await withServer({ ThrottleConsumerTests.gitLab($0, total: 10) { page, more in more ? String(page + 1) : "" } }) { server in
            let client = GitLabAPI.Client(
                baseURL: server.baseURL,
                credentials: {
                    // The first call has no key yet; the second has one.
                    let n = await vault.next()
                    return GitLabAPI.Client.Credentials(apiKey: n == 1 ? nil : "glpat-\(n)")
                })
            _ = try await client.issues(id: "g/p").get()
            _ = try await client.issues(id: "g/p").get()
            let sent = await server.requests
            #expect(sent.map { $0.headers["private-token"] } == [nil, "glpat-2"])
            #expect(sent.allSatisfy { $0.headers["authorization"] == nil }, "the token the provider left nil is not sent")
        }
    }

    @Test func basicCredentialsComeFromTheProvider() async throws {
        let vault = Vault()
        try await withServer({ request in
            // WordPress answers 401 `rest_not_logged_in` without a valid application password.
            let expected = "Basic " + Data("editor:app pass \(2)".utf8).base64EncodedString()
            guard request.headers["authorization"] == expected else {
                return .json(
                    #"{"code": "rest_not_logged_in", "message": "You are not currently logged in.", "data": {"status": 401}}"#,
                    status: 401)
            }
            return ThrottleConsumerTests.wordPress(request, total: 5)
        }) { server in
            let client = WordPressAPI.Client(
                baseURL: server.baseURL,
                credentials: {
                    let n = await vault.next()
                    return WordPressAPI.Client.Credentials(username: "editor", password: "app pass \(n)")
                })
            // The first password is stale; the second call is asked again, and gets the new one.
            #expect(await client.posts().failure?.statusCode == 401)
            let posts = try await client.posts().get()
            #expect(posts.items.map(\.id) == Array(1...5))
            #expect(await vault.asked == 2)
        }
    }
}
