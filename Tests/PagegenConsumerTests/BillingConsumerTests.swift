import Foundation
import PagegenMock
import PagegenRuntime
import Testing

/// The billing API on pagegen-mock: every kind of body, query style and answer the spec
/// language has, each checked on the server side, in the request log, byte for byte.
@Suite struct BillingConsumerTests {
    /// A client of `server` that sends the uploads server's endpoints to its path there.
    static func client(_ server: MockServer) throws -> BillingAPI.Client {
        let uploads = try #require(server.servers["uploads"], "the mock names no uploads server")
        return BillingAPI.Client(baseURL: server.baseURL, servers: .init(uploads: uploads), token: "sk_test")
    }

    /// The only request the server logged.
    static func onlyRequest(_ server: MockServer) async throws -> MockRequestRecord {
        let requests = await server.requests
        #expect(requests.count == 1, "requests: \(requests)")
        return try #require(requests.last)
    }

    static func pairs(_ fields: [(name: String, value: String)]?) -> [String] {
        (fields ?? []).map { "\($0.name)=\($0.value)" }
    }

    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0x10])

    @Test func aFormBodyHasStripesNestedKeys() async throws {
        try await withMockServer("billing") { server in
            let params = BillingAPI.CustomerParams(
                email: "jenny@example.com", name: "Jenny Rosen", metadata: ["order_id": "6735"],
                items: [BillingAPI.LineItem(price: "price_1", quantity: 2), BillingAPI.LineItem(price: "price_2", quantity: 1)],
                taxExempt: false)
            let customer = try await Self.client(server).createCustomer(body: params).get()
            #expect(!customer.id.isEmpty)
            let request = try await Self.onlyRequest(server)
            #expect(request.method == "POST" && request.path == "/v1/customers" && request.status == 200)
            #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(request.header("Authorization") == "Bearer sk_test")
            #expect(
                Self.pairs(request.formFields) == [
                    "email=jenny@example.com", "name=Jenny Rosen", "metadata[order_id]=6735", "items[0][price]=price_1",
                    "items[0][quantity]=2", "items[1][price]=price_2", "items[1][quantity]=1", "tax_exempt=false",
                ])
            #expect(request.bodyText?.contains("metadata%5Border_id%5D=6735") == true)
        }
    }

    @Test func aFormBodyWritesListsAsItsArraysSay() async throws {
        try await withMockServer("billing") { server in
            let params = BillingAPI.CustomerParams(email: "a@example.com", items: [BillingAPI.LineItem(price: "p", quantity: 3)])
            _ = try await Self.client(server).updateCustomer(id: "cus_1", body: params).get()
            let request = try await Self.onlyRequest(server)
            #expect(request.path == "/v1/customers/cus_1")
            #expect(Self.pairs(request.formFields) == ["email=a@example.com", "items[][price]=p", "items[][quantity]=3"])
        }
    }

    @Test func queryParametersGoInTheirStylesOnEveryPage() async throws {
        try await withMockServer("billing", items: 25) { server in
            let client = try Self.client(server)
            let created = BillingAPI.CreatedFilter(gte: Date(timeIntervalSince1970: 1_700_000_000))
            let customers = try await collect(
                client.allCustomers(
                    created: created, expand: ["data.customer", "data.invoice"], ids: ["cus_1", "cus_2"], tags: ["vip", "eu"],
                    sort: ["name", "-created"], limit: 10))
            #expect(customers.count == 25)
            let requests = await server.requests
            #expect(requests.count == 3, "25 customers in pages of 10: \(requests)")
            for request in requests {
                let items = Self.pairs(request.queryItems).filter { !$0.hasPrefix("starting_after=") }
                #expect(
                    items == [
                        "created[gte]=1700000000", "expand[]=data.customer", "expand[]=data.invoice", "ids=cus_1", "ids=cus_2",
                        "tags=vip,eu", "sort=name|-created", "limit=10",
                    ])
            }
            #expect(requests.first?.query.contains("created%5Bgte%5D=1700000000&expand%5B%5D=data.customer") == true)
        }
    }

    @Test func aTextAnswerIsReadAsText() async throws {
        try await withMockServer("billing") { server in
            let html = try await Self.client(server).receipt(id: "rcpt_1").get()
            #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("</html>"))
            let request = try await Self.onlyRequest(server)
            #expect(request.header("Accept") == "text/html")
        }
    }

    @Test func aRawTextBodyIsSentInUTF8AndItsAnswerReadAsText() async throws {
        try await withMockServer("billing") { server in
            let html = try await Self.client(server).renderMarkdown(body: "# Überschrift & more").get()
            #expect(html.contains("<p># Überschrift &amp; more</p>"))
            let request = try await Self.onlyRequest(server)
            #expect(request.header("Content-Type") == "text/x-markdown; charset=utf-8")
            #expect(request.body == Data("# Überschrift & more".utf8))
        }
    }

    @Test func aBinaryAnswerKeepsItsBytesAndType() async throws {
        try await withMockServer("billing") { server in
            let pdf = try await Self.client(server).invoicePDF(id: "in_1").get()
            #expect(pdf.contentType == "application/pdf")
            #expect(pdf.data.starts(with: Data("%PDF-".utf8)))
            let request = try await Self.onlyRequest(server)
            #expect(request.header("Accept") == "application/pdf")
        }
    }

    @Test func answersWithNoContentAndTheHEADAndOPTIONSMethods() async throws {
        try await withMockServer("billing") { server in
            let client = try Self.client(server)
            try await client.deleteCustomer(id: "cus_1").get()
            try await client.customerExists(id: "cus_1").get()
            try await client.customerOptions().get()
            let requests = await server.requests
            #expect(
                requests.map { "\($0.method) \($0.path) \($0.status)" } == [
                    "DELETE /v1/customers/cus_1 204", "HEAD /v1/customers/cus_1 204", "OPTIONS /v1/customers 204",
                ])
            #expect(requests.allSatisfy { $0.body.isEmpty && $0.header("Content-Type") == nil })
        }
    }

    @Test func aJSONBodyMayBeAListOrAnOptionalMap() async throws {
        try await withMockServer("billing") { server in
            let client = try Self.client(server)
            let labels = [BillingAPI.Label(name: "vip", color: "gold"), BillingAPI.Label(name: "eu", color: "blue")]
            let answered = try await client.setLabels(id: "cus_1", body: labels).get()
            #expect(!answered.isEmpty)
            try await client.setNotes(id: "cus_1").get()
            try await client.setNotes(id: "cus_1", body: ["call": "Monday"]).get()
            let requests = await server.requests
            #expect(requests.count == 3)
            #expect(requests[0].header("Content-Type") == "application/json")
            #expect(requests[0].bodyText == #"[{"color":"gold","name":"vip"},{"color":"blue","name":"eu"}]"#)
            #expect(requests[1].body.isEmpty && requests[1].header("Content-Type") == nil)
            #expect(requests[2].bodyText == #"{"call":"Monday"}"#)
        }
    }

    @Test func rawBytesAreSentAsTheyAre() async throws {
        try await withMockServer("billing") { server in
            try await Self.client(server).uploadLogo(body: Self.png).get()
            let request = try await Self.onlyRequest(server)
            #expect(request.method == "PUT" && request.status == 204)
            #expect(request.header("Content-Type") == "image/png")
            #expect(request.body == Self.png)
        }
    }

    @Test func rawBytesFromAFileAreSentFromTheFile() async throws {
        let logo = FileManager.default.temporaryDirectory.appendingPathComponent("billing-logo-\(UUID().uuidString).png")
        try Self.png.write(to: logo)
        defer { try? FileManager.default.removeItem(at: logo) }
        try await withMockServer("billing") { server in
            let client = try Self.client(server)
            try await client.uploadLogo(body: FileUpload(contentsOf: logo)).get()
            let request = try await Self.onlyRequest(server)
            #expect(request.status == 204 && request.body == Self.png)
            #expect(request.header("Content-Type") == "image/png", "the endpoint's media type, not the file's default")
            let pdf = try await client.uploadAttachment(body: FileUpload(contentsOf: logo, contentType: "application/pdf"), name: "a.pdf")
                .get()
            #expect(pdf == BinaryContent(data: Self.png, contentType: "application/pdf"), "an endpoint of any type sends the file's")
        }
        let missing = logo.appendingPathExtension("gone")
        try await withMockServer("billing") { server in
            let result = try await Self.client(server).uploadLogo(body: FileUpload(contentsOf: missing))
            guard case .failure(let error) = result, case .invalidRequest(let message) = error.kind else {
                Issue.record("expected an invalid request, got \(result)")
                return
            }
            #expect(message.contains("cannot read the file of the body of uploadLogo"))
            #expect(await server.requests.isEmpty, "nothing was sent")
        }
    }

    @Test func anUploadGoesToItsServerWithTheTypeTheCallerGives() async throws {
        try await withMockServer("billing") { server in
            let zip = BinaryContent(data: Data([0x50, 0x4B, 0x03, 0x04, 0x01]), contentType: "application/zip")
            let answer = try await Self.client(server).uploadAttachment(body: zip, name: "a b.zip").get()
            #expect(answer == zip, "the mock answers an upload of any type with its bytes and type")
            let request = try await Self.onlyRequest(server)
            #expect(request.path == "/upload-api/v1/attachments", "sent to the uploads server's URL, not the base URL")
            #expect(request.query == "name=a%20b.zip")
            #expect(request.header("Content-Type") == "application/zip" && request.body == zip.data)
            #expect(request.header("Authorization") == "Bearer sk_test", "credentials go to the servers' origins too")
        }
    }

    @Test func aMultipartUploadSendsFilesAndTextParts() async throws {
        try await withMockServer("billing") { server in
            let notes = FileManager.default.temporaryDirectory.appendingPathComponent("billing-notes-\(UUID().uuidString).txt")
            try Data("first visit".utf8).write(to: notes)
            defer { try? FileManager.default.removeItem(at: notes) }
            let upload = BillingAPI.AvatarUpload(
                purpose: "avatar", file: FileUpload(data: Self.png, filename: "me \"1\".png", contentType: "image/png"),
                attachments: [FileUpload(contentsOf: notes, filename: "notes.txt", contentType: "text/plain")])
            let customer = try await Self.client(server).uploadAvatar(id: "cus_1", body: upload).get()
            #expect(customer.id == "cus_1")
            let request = try await Self.onlyRequest(server)
            #expect(request.path == "/upload-api/v1/customers/cus_1/avatar")
            #expect(request.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
            let parts = try #require(request.parts, "the body is not multipart: \(request.bodyText ?? "")")
            #expect(parts.map(\.name) == ["purpose", "file", "attachments"])
            #expect(parts[0].text == "avatar" && parts[0].filename == nil && parts[0].contentType == nil)
            #expect(parts[1].filename == "me \"1\".png" && parts[1].contentType == "image/png" && parts[1].data == Self.png)
            #expect(parts[2].filename == "notes.txt" && parts[2].contentType == "text/plain" && parts[2].text == "first visit")
        }
    }

    @Test func theMockRefusesABodyOfAnotherType() async throws {
        try await withMockServer("billing") { server in
            let transport = URLSessionTransport()
            var request = HTTPRequest(method: "POST", url: server.baseURL.appendingPathComponent("v1/customers"))
            request.setValue("application/json", forHeader: "Content-Type")
            request.body = Data(#"{"email":"a@example.com"}"#.utf8)
            let (head, body) = try await transport.send(request)
            #expect(head.statusCode == 415)
            #expect(String(decoding: body, as: UTF8.self).contains("application/x-www-form-urlencoded"))
        }
    }
}
