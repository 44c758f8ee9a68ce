import Foundation
import PagegenTestServer
import PagegenTestSupport
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// What goes on the wire: every method, header fields that cannot be sent, every
/// kind of body the spec language sends (JSON, forms, multipart uploads, raw bytes,
/// files read as they are sent), and requests to another of the API's servers.
extension TransportConformanceTests {
    /// A server that answers every request with what it received, as JSON.
    static func echo(_ respond: (@Sendable (TestRequest) -> TestResponse)? = nil) async throws -> TestServer {
        try await TestServer.start { request in
            if let respond { return respond(request) }
            return .json(
                object: [
                    "method": request.method, "query": request.rawQuery, "contentType": request.headers["content-type"] ?? "",
                    "body": String(decoding: request.body, as: UTF8.self),
                ])
        }
    }

    @Test(arguments: TransportFactory.all)
    func aHeaderFieldThatCannotBeSentIsRefusedBeforeAnythingIsSent(_ factory: TransportFactory) async throws {
        let server = try await Self.echo()
        defer { Task { await server.stop() } }
        for value in ["a\r\nX-Injected: 1", "a\nb", "a\u{0}b"] {
            let request = HTTPRequest(
                method: "GET", url: server.baseURL.appendingPathComponent("things"),
                headerFields: [HTTPHeaderField(name: "X-Signature", value: value)])
            do {
                _ = try await factory.make().send(request)
                Issue.record("\(value.debugDescription) was sent")
            } catch let error as APIError {
                guard case .invalidRequest(let message) = error.kind else {
                    Issue.record("expected an invalid request, got \(error)")
                    continue
                }
                #expect(message.hasPrefix("the header field 'X-Signature' holds"), "\(message)")
                #expect(message.hasSuffix("nothing was sent"))
            }
        }
        #expect(await server.requests.isEmpty)
    }

    @Test(arguments: TransportFactory.all)
    func aHeaderAMiddlewareAddsIsCheckedByTheTransportAndNotRetried(_ factory: TransportFactory) async throws {
        struct Injects: ClientMiddleware {
            func intercept(
                _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
            ) async throws -> (HTTPResponse, Data) {
                var request = request
                request.setValue("a\r\nX-Injected: 1", forHeader: "X-Signature")
                return try await next(request)
            }
        }
        let server = try await Self.echo()
        defer { Task { await server.stop() } }
        let runtime = Self.runtime(factory, server, middlewares: [RetryMiddleware(maxAttempts: 3, initialBackoff: .zero), Injects()])
        let result = await runtime.send(Endpoint(name: "thing", method: "GET", path: "/things/1"), RequestParameters(), as: JSONValue.self)
        guard case .invalidRequest(let message)? = result.failure?.kind else {
            Issue.record("expected an invalid request, got \(result)")
            return
        }
        #expect(message.contains("the header field 'X-Signature' holds a line break (CR)"), "\(message)")
        #expect(await server.requests.isEmpty)
    }

    @Test(arguments: TransportFactory.all, ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"])
    func everyIdempotentMethodIsSentAndRetried(_ factory: TransportFactory, _ method: String) async throws {
        let attempts = Counter()
        let server = try await TestServer.start { _ in
            attempts.next() == 1 ? .json(#"{"error": "busy"}"#, status: 503) : .json("[1]")
        }
        defer { Task { await server.stop() } }
        let runtime = Self.runtime(factory, server, middlewares: [RetryMiddleware(clock: VirtualRetryClock())])
        let endpoint = Endpoint(name: "items", method: method, path: "/items")
        let result = await runtime.send(endpoint, RequestParameters(), as: JSONValue?.self)
        #expect(result.failure == nil, "\(result)")
        #expect(await server.requests.map(\.method) == [method, method], "\(method) is sent again after a 503")
    }

    struct Order: Codable, Sendable, Equatable {
        var sku: String
        var quantity: Int
        var at: Date
    }

    @Test(arguments: TransportFactory.all)
    func aJSONBodyArrivesWithItsContentType(_ factory: TransportFactory) async throws {
        let server = try await Self.echo()
        defer { Task { await server.stop() } }
        var parameters = RequestParameters()
        parameters.body = Order(sku: "é-1", quantity: 2, at: Date(timeIntervalSince1970: 60))
        let echoed = try await Self.runtime(factory, server, dateFormat: .unixSeconds)
            .send(Endpoint(name: "order", method: "POST", path: "/orders"), parameters, as: JSONValue.self).get()
        #expect(echoed["method"]?.stringValue == "POST")
        #expect(echoed["contentType"]?.stringValue == "application/json")
        #expect(echoed["body"]?.stringValue == #"{"at":60,"quantity":2,"sku":"é-1"}"#)
    }

    @Test(arguments: TransportFactory.all)
    func aFormBodyArrivesWithItsContentType(_ factory: TransportFactory) async throws {
        let server = try await Self.echo()
        defer { Task { await server.stop() } }
        var parameters = RequestParameters()
        parameters.formBody = (RequestContentTests.customer, .indexed)
        let echoed = try await Self.runtime(factory, server, dateFormat: .unixSeconds).send(
            Endpoint(name: "createCustomer", method: "POST", path: "/v1/customers"), parameters, as: JSONValue.self
        ).get()
        #expect(echoed["contentType"]?.stringValue == "application/x-www-form-urlencoded")
        #expect(
            echoed["body"]?.stringValue
                == "email=a%2Bb%40example.com&metadata%5Border_id%5D=6735&items%5B0%5D%5Bprice%5D=price_1&items%5B0%5D%5Bquantity%5D=2"
                + "&items%5B1%5D%5Bprice%5D=price_2&expand%5B0%5D=data.customer&expand%5B1%5D=data.invoice&created=1700000000"
                + "&tax_exempt=false")
    }

    @Test(arguments: TransportFactory.all)
    func aMultipartBodyArrivesWhole(_ factory: TransportFactory) async throws {
        let server = try await Self.echo()
        defer { Task { await server.stop() } }
        var parameters = RequestParameters()
        var form = MultipartForm()
        form.append("caption", text: "café")
        form.append("file", file: FileUpload(data: Data("PNG".utf8), filename: "a.png", contentType: "image/png"))
        parameters.multipartBody = form
        _ = await Self.runtime(factory, server).send(
            Endpoint(name: "upload", method: "POST", path: "/upload"), parameters, as: JSONValue.self)
        let request = try #require(await server.requests.first)
        let contentType = try #require(request.headers["content-type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.hasPrefix("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\ncafé\r\n"))
        #expect(body.contains("name=\"file\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n"))
        #expect(body.hasSuffix("--\(boundary)--\r\n"))
    }

    /// A temporary file of `count` bytes that are not all alike (eight at a time from
    /// xorshift, quick enough not to hold a thread of the pool), and the bytes.
    static func temporaryFile(bytes count: Int) throws -> (URL, Data) {
        var state = UInt64.random(in: 1...UInt64.max)
        var bytes = [UInt8](repeating: 0, count: count)
        for offset in stride(from: 0, to: count, by: 8) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            for index in 0..<min(8, count - offset) { bytes[offset + index] = UInt8(truncatingIfNeeded: state >> (8 * index)) }
        }
        let data = Data(bytes)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-upload-test-\(UUID().uuidString).bin")
        try data.write(to: url)
        return (url, data)
    }

    struct Upload: Encodable, Sendable {
        var purpose: String
        var file: FileUpload
    }

    @Test(arguments: TransportFactory.all)
    func aMultipartUploadOfAFileOnDiskIsStreamedFromItAndArrivesWhole(_ factory: TransportFactory) async throws {
        let (file, bytes) = try Self.temporaryFile(bytes: 3 << 20)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try await Self.echo { _ in .json("{}") }
        defer { Task { await server.stop() } }
        var parameters = RequestParameters()
        parameters.multipart(Upload(purpose: "backup", file: FileUpload(contentsOf: file, contentType: "application/octet-stream")))
        let endpoint = Endpoint(name: "upload", method: "POST", path: "/upload")

        let built = try RequestBuilder.build(endpoint, parameters, baseURL: server.baseURL, headers: [])
        #expect(built.body == nil, "the file is not read into the request")
        #expect(built.streamedBody?.pieces.contains(.file(file)) == true)

        _ = try await Self.runtime(factory, server).send(endpoint, parameters, as: JSONValue.self).get()
        let request = try #require(await server.requests.first)
        let boundary = String(try #require(request.headers["content-type"]).dropFirst("multipart/form-data; boundary=".count))
        var expected = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbackup\r\n".utf8)
        expected += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.lastPathComponent)\"\r\n".utf8)
        expected += Data("Content-Type: application/octet-stream\r\n\r\n".utf8) + bytes + Data("\r\n--\(boundary)--\r\n".utf8)
        #expect(request.body.count == expected.count)
        #expect(request.body == expected, "the file arrived whole, in its place")
    }

    @Test(arguments: TransportFactory.all)
    func aFileBodyIsReadAgainForARedirectAndARetry(_ factory: TransportFactory) async throws {
        let (file, bytes) = try Self.temporaryFile(bytes: 1 << 20)
        defer { try? FileManager.default.removeItem(at: file) }
        let attempts = Counter()
        let server = try await TestServer.start { request in
            if request.path == "/upload" { return TestResponse(status: 307, headers: [("Location", "/uploads/1")]) }
            return attempts.next() == 1 ? .json("{}", status: 503) : .json("{}")
        }
        defer { Task { await server.stop() } }
        var request = HTTPRequest(method: "PUT", url: server.baseURL.appendingPathComponent("upload"))
        request.streamedBody = .file(file)
        request.setValue("application/octet-stream", forHeader: "Content-Type")
        let retry = RetryMiddleware(clock: VirtualRetryClock())
        let (response, _) = try await retry.intercept(request) { request in try await factory.make().send(request) }
        #expect(response.statusCode == 200)
        let requests = await server.requests
        #expect(requests.map { "\($0.method) \($0.path)" } == ["PUT /upload", "PUT /uploads/1", "PUT /upload", "PUT /uploads/1"])
        #expect(requests.allSatisfy { $0.body == bytes }, "every send carried the whole file")
    }

    @Test(arguments: TransportFactory.all)
    func aRawBodyArrivesAsItIs(_ factory: TransportFactory) async throws {
        let server = try await Self.echo { _ in .json("{}") }
        defer { Task { await server.stop() } }
        var parameters = RequestParameters()
        parameters.raw(BinaryContent(data: Data(0...255), contentType: "image/png"))
        _ = try await Self.runtime(factory, server).send(
            Endpoint(name: "put", method: "PUT", path: "/blob"), parameters, as: JSONValue.self
        )
        .get()
        let request = try #require(await server.requests.first)
        #expect(request.body == Data(0...255))
        #expect(request.headers["content-type"] == "image/png")
    }

    @Test(arguments: TransportFactory.all)
    func aRawBodyFromAFileIsStreamedFromTheFile(_ factory: TransportFactory) async throws {
        let (file, bytes) = try Self.temporaryFile(bytes: 3 << 20)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try await Self.echo { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let endpoint = Endpoint(name: "putBackup", method: "PUT", path: "/backup")
        var parameters = RequestParameters()
        parameters.raw(FileUpload(contentsOf: file, contentType: "text/plain"), contentType: "application/x-tar")
        let built = try RequestBuilder.build(endpoint, parameters, baseURL: server.baseURL, headers: [])
        #expect(built.body == nil, "the file is not read into the request")
        #expect(built.streamedBody == .file(file))
        _ = try await Self.runtime(factory, server).send(endpoint, parameters, as: JSONValue.self).get()
        let request = try #require(await server.requests.first)
        #expect(request.body == bytes, "the file arrived whole")
        #expect(request.headers["content-type"] == "application/x-tar", "the endpoint's media type wins over the file's")
    }

    @Test(
        .enabled(if: TestServer.canListenOnSecondLoopbackAddress, Comment(rawValue: TestServer.secondLoopbackAddressHint)),
        arguments: TransportFactory.all)
    func anEndpointOfAnotherServerGoesThereWithTheCredentials(_ factory: TransportFactory) async throws {
        let api = try await TestServer.start { _ in .json("{}") }
        let uploads = try await TestServer.start(host: "127.0.0.2") { _ in .json("{}") }
        defer {
            Task {
                await api.stop()
                await uploads.stop()
            }
        }
        var runtime = Self.runtime(factory, api, credentials: [.bearer("secret")])
        runtime.servers = ["uploads": uploads.baseURL]
        let upload = Endpoint(name: "uploadAsset", method: "POST", path: "/assets", server: "uploads")
        var parameters = RequestParameters()
        parameters.rawBody = (.data(Data("bytes".utf8)), "application/octet-stream")
        _ = try await runtime.send(upload, parameters, as: JSONValue.self).get()
        _ = try await runtime.send(Endpoint(name: "me", method: "GET", path: "/me"), as: JSONValue.self).get()
        let uploaded = try #require(await uploads.requests.first)
        #expect(uploaded.path == "/assets")
        #expect(uploaded.headers["authorization"] == "Bearer secret")
        #expect(uploaded.headers["content-type"] == "application/octet-stream")
        #expect(uploaded.body == Data("bytes".utf8))
        #expect(await api.requests.map(\.path) == ["/me"])
    }
}
