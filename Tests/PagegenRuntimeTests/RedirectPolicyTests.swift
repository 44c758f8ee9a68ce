import Foundation
@_spi(Generated) import PagegenRuntime
import Testing

/// The redirect decision itself, for what a loopback HTTP server cannot serve: https.
@Suite struct RedirectPolicyTests {
    static func request(_ url: String, credentials: [Credential] = [.bearer("t"), .queryKey(name: "key", value: "k")]) -> HTTPRequest {
        var request = HTTPRequest(method: "GET", url: URL(string: url)!)
        for credential in credentials {
            switch credential {
            case .bearer(let token): request.setValue("Bearer \(token)", forHeader: "Authorization")
            case .queryKey(let name, let value): request.url = URL(string: url + (url.contains("?") ? "&" : "?") + "\(name)=\(value)")!
            default: break
            }
        }
        request.credentials = credentials
        return request
    }

    static func redirect(_ status: Int = 302, to location: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headerFields: [HTTPHeaderField(name: "Location", value: location)])
    }

    @Test(arguments: [RedirectPolicy.sameOriginOnly, .followCrossOriginWithoutCredentials])
    func httpsIsNeverDowngradedToHTTP(_ policy: RedirectPolicy) {
        let from = Self.request("https://api.example.com/v1/items")
        for location in ["http://api.example.com/v1/items", "http://cdn.example.com/items"] {
            #expect(throws: RedirectRefusal.self) {
                try policy.request(after: Self.redirect(to: location), to: from, redirectCount: 0)
            }
            do {
                _ = try policy.request(after: Self.redirect(to: location), to: from, redirectCount: 0)
            } catch {
                #expect(error.reason == .downgrade)
                #expect(error.description.contains("https://api.example.com:443") && error.description.contains(":80"))
            }
        }
    }

    @Test func httpToHTTPSOnTheSameHostIsAnotherOrigin() throws {
        let from = Self.request("http://api.example.com/items")
        #expect(throws: RedirectRefusal.self) {
            try RedirectPolicy.sameOriginOnly.request(after: Self.redirect(to: "https://api.example.com/items"), to: from, redirectCount: 0)
        }
        let next = try #require(
            try RedirectPolicy.followCrossOriginWithoutCredentials.request(
                after: Self.redirect(to: "https://api.example.com/items?key=k"), to: from, redirectCount: 0))
        #expect(next.url.absoluteString == "https://api.example.com/items")
        #expect(next.value(forHeader: "Authorization") == nil)
        #expect(next.credentials.isEmpty)
    }

    @Test func anHTTPSRedirectWithinTheOriginKeepsTheCredentials() throws {
        let from = Self.request("https://api.example.com/v1/items")
        let next = try #require(
            try RedirectPolicy.sameOriginOnly.request(
                after: Self.redirect(308, to: "https://API.example.com:443/v2/items"), to: from, redirectCount: 0))
        #expect(next.url.absoluteString == "https://API.example.com:443/v2/items?key=k")
        #expect(next.value(forHeader: "Authorization") == "Bearer t")
    }

    @Test func onlyHTTPAndHTTPSAreFollowed() {
        let from = Self.request("https://api.example.com/items")
        for location in ["file:///etc/passwd", "ftp://api.example.com/x", "javascript:alert(1)"] {
            do {
                _ = try RedirectPolicy.followCrossOriginWithoutCredentials.request(
                    after: Self.redirect(to: location), to: from, redirectCount: 0)
                Issue.record("\(location) was followed")
            } catch {
                #expect(error.reason == .unsupportedScheme || error.reason == .invalidLocation, "\(location): \(error)")
            }
        }
    }

    @Test func otherStatusesAreAnswers() throws {
        let from = Self.request("https://api.example.com/items")
        for status in [200, 300, 304, 305, 404] {
            #expect(try RedirectPolicy.sameOriginOnly.request(after: Self.redirect(status, to: "/x"), to: from, redirectCount: 0) == nil)
        }
    }
}
