import Foundation
import PagegenCore
import Testing

@testable import PagegenMock

/// The mock server holds requests to the spec: what a real server would refuse is a
/// 400 that names the parameter or the JSON path, unless the server is lenient.
@Suite struct RequestCheckTests {
    static let spec = """
        pagegen: 1
        name: Books
        baseURL: https://books.example.com/api
        models:
          Book: { id: Int, title: String, year: Int?, tags: "[String]" }
          Author: { name: String, born: Date? }
          NewBook:
            title: String
            year: Int?
            tags: "[String]?"
            authors: "[Author]?"
            ratings: { map: Int, optional: true }
          BookPage: { books: "[Book]", total: Int }
          Filter: { author: String?, after: Int? }
          Upload: { title: String, cover: File }
        endpoints:
          books:
            get: /shelves/{shelf}/books
            path: { shelf: { enum: [fiction, poetry] } }
            query:
              since: Int
              signed: Bool?
              ids: "[Int]?"
              filter: { type: Filter?, style: deepObject }
              sort: { type: String, default: title }
            returns: BookPage
            paging:
              page: { param: page, first: 1 }
              size: { param: per_page, default: 10, max: 50 }
              items: books
              total: total
          createBook:
            post: /books
            header: { Idempotency-Key: String }
            body: NewBook
            returns: Book
          noteBook:
            post: /books/{id}/notes
            path: { id: Int }
            body: { json: "[String]", optional: true }
            returns: nothing
          tagBook:
            post: /books/{id}/tags
            path: { id: Int }
            body: { form: Filter }
            returns: nothing
          uploadCover:
            post: /covers
            body: { multipart: Upload }
            returns: nothing
        """

    static func json(_ text: String) -> Data { Data(text.utf8) }
    static let jsonHeaders = ["Content-Type": "application/json", "Idempotency-Key": "k1"]

    func expectRefusal(
        _ answer: Answer, code: String, naming key: String, _ value: String, message: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(answer.status == 400, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.object["error"] as? String == code, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.object[key] as? String == value, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.message == message, sourceLocation: sourceLocation)
    }

    @Test func parametersAreRequiredAndOfTheirTypes() async throws {
        try await withMock(try Specs.parse(Self.spec)) { server in
            #expect(try await fetch(server, "/shelves/fiction/books?since=2001").status == 200)
            #expect(try await fetch(server, "/shelves/fiction/books?since=2001&signed=true&ids=1,2&filter[author]=Ann").status == 200)
            expectRefusal(
                try await fetch(server, "/shelves/fiction/books"), code: "missing_parameter", naming: "parameter", "since",
                message: "the required query parameter 'since' (Int) is missing")
            expectRefusal(
                try await fetch(server, "/shelves/fiction/books?since=last+year"), code: "invalid_parameter", naming: "parameter",
                "since", message: "the query parameter 'since' is 'last year', which is not a whole number (Int)")
            expectRefusal(
                try await fetch(server, "/shelves/fiction/books?since=1&signed=yes"), code: "invalid_parameter", naming: "parameter",
                "signed", message: "the query parameter 'signed' is 'yes', which is not true or false (Bool)")
            expectRefusal(
                try await fetch(server, "/shelves/fiction/books?since=1&ids=1,two"), code: "invalid_parameter", naming: "parameter",
                "ids", message: "the query parameter 'ids' is 'two', which is not a whole number ([Int])")
            expectRefusal(
                try await fetch(server, "/shelves/drama/books?since=1"), code: "invalid_parameter", naming: "parameter", "shelf",
                message: "the path parameter 'shelf' is 'drama', which is not one of fiction, poetry")
        }
    }

    @Test func aJSONBodyIsRequiredWithItsFieldsOfTheirTypes() async throws {
        try await withMock(try Specs.parse(Self.spec)) { server in
            let good =
                #"{"title": "Dune", "year": 1965, "authors": [{"name": "Frank", "born": "1920-10-08T00:00:00Z"}], "ratings": {"a": 5}}"#
            #expect(try await fetch(server, "/books", method: "POST", headers: Self.jsonHeaders, body: Self.json(good)).status == 200)
            #expect(
                try await fetch(
                    server, "/books", method: "POST", headers: Self.jsonHeaders, body: Self.json(#"{"title": "Dune", "year": null}"#)
                ).status == 200)

            expectRefusal(
                try await fetch(server, "/books", method: "POST", headers: ["Idempotency-Key": "k1"]), code: "missing_body",
                naming: "error",
                "missing_body", message: "createBook takes a body (JSON, NewBook), and the request has none")
            expectRefusal(
                try await fetch(server, "/books", method: "POST", headers: ["Content-Type": "application/json"], body: Self.json(good)),
                code: "missing_parameter", naming: "parameter", "Idempotency-Key",
                message: "the required header parameter 'Idempotency-Key' (String) is missing")
            let cases: [(body: String, path: String, message: String)] = [
                (#"{"title": 5}"#, "$.title", "the request body's $.title is 5, not a string"),
                ("{}", "$.title", "the request body's $.title is missing: the field 'title' of NewBook is required (String)"),
                (
                    #"{"title": null}"#, "$.title",
                    "the request body's $.title is null, and the field 'title' of NewBook is never null (String)"
                ),
                (#"{"title": "Dune", "year": 1965.5}"#, "$.year", "the request body's $.year is 1965.5, not a whole number"),
                (#"{"title": "Dune", "tags": ["a", 2]}"#, "$.tags[1]", "the request body's $.tags[1] is 2, not a string"),
                (
                    #"{"title": "Dune", "authors": [{"name": "Frank", "born": "last year"}]}"#, "$.authors[0].born",
                    "the request body's $.authors[0].born is the string \"last year\", not an ISO 8601 date"
                ),
                (
                    #"{"title": "Dune", "ratings": {"my shelf": "five"}}"#, #"$.ratings["my shelf"]"#,
                    #"the request body's $.ratings["my shelf"] is the string "five", not a whole number"#
                ),
                (#"["Dune"]"#, "$", "the request body's $ is a list, not a NewBook object"),
            ]
            for (body, path, message) in cases {
                let answer = try await fetch(server, "/books", method: "POST", headers: Self.jsonHeaders, body: Self.json(body))
                expectRefusal(answer, code: "invalid_body", naming: "path", path, message: message)
            }
        }
    }

    @Test func anOptionalBodyMayBeLeftOutAndFormsAndPartsNeedTheirRequiredFields() async throws {
        try await withMock(try Specs.parse(Self.spec)) { server in
            #expect(try await fetch(server, "/books/3/notes", method: "POST").status == 204)
            let form = ["Content-Type": "application/x-www-form-urlencoded"]
            #expect(try await fetch(server, "/books/3/tags", method: "POST", headers: form, body: Self.json("author=Ann")).status == 204)

            let boundary = "pagegen-test"
            let multipart = ["Content-Type": "multipart/form-data; boundary=\(boundary)"]
            let parts = "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nDune\r\n--\(boundary)--\r\n"
            expectRefusal(
                try await fetch(server, "/covers", method: "POST", headers: multipart, body: Self.json(parts)), code: "invalid_body",
                naming: "path", "cover", message: "the body has no part 'cover': the field 'cover' of Upload is required (File)")
        }
    }

    @Test(
        arguments: [
            ("auth: { bearer: {} }", ["Authorization": "Bearer t"], "", "Authorization: Bearer <token>", "Bearer"),
            (
                "auth: basic", ["Authorization": "Basic dTpw"], "", "Authorization: Basic <user:password in base 64>",
                #"Basic realm="pagegen-mock""#
            ),
            ("auth: { apiKey: { header: X-Key } }", ["X-Key": "k"], "", "the header X-Key: <key>", nil),
            ("auth: { apiKey: { query: key } }", [:], "?key=k", "the query item key=<key>", nil),
        ] as [(String, [String: String], String, String, String?)])
    func aRequestWithoutTheCredentialsTheSpecAsksForGetsA401(
        auth: String, headers: [String: String], query: String, expected: String, challenge: String?
    ) async throws {
        let spec = try Specs.parse(
            """
            pagegen: 1
            name: Locked
            baseURL: https://locked.example.com
            \(auth)
            models:
              Thing: { id: Int }
            endpoints:
              things: { get: /things, returns: "[Thing]" }
            """)
        try await withMock(spec) { server in
            // Through the runtime's transport, which answers a challenge it has no
            // credential for with the 401 (on Linux without its body).
            let refused = try await fetch(server, "/things", authenticated: false)
            #expect(refused.status == 401)
            #expect(refused.header("WWW-Authenticate") == challenge)
            let raw = try await rawExchange(port: server.port, "GET /things HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            let body = raw.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] ?? [:]
            #expect(raw.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"))
            #expect(object["error"] as? String == "unauthorized")
            #expect(object["message"] as? String == "things needs credentials, and the request has none: send \(expected)")
            #expect(object["expected"] as? [String] == [expected])
            // An empty credential is none.
            let empty = try await fetch(server, "/things", headers: headers.mapValues { _ in "" }, authenticated: false)
            #expect(empty.status == 401 || headers.isEmpty)
            #expect(try await fetch(server, "/things" + query, headers: headers, authenticated: false).status == 200)
        }
        try await withMock(spec, options: MockOptions(items: 20, checksRequests: false, checksCredentials: false)) { server in
            let answer = try await fetch(server, "/things", authenticated: false)
            #expect(answer.status == 200)
        }
    }

    @Test func aLenientServerAnswersWhatItCan() async throws {
        try await withMock(try Specs.parse(Self.spec), options: MockOptions(items: 20, checksRequests: false)) { server in
            let withoutSince = try await fetch(server, "/shelves/fiction/books")
            #expect(withoutSince.status == 200)
            let wrongTitle = try await fetch(server, "/books", method: "POST", headers: Self.jsonHeaders, body: Self.json(#"{"title": 5}"#))
            #expect(wrongTitle.status == 200)
        }
    }
}
