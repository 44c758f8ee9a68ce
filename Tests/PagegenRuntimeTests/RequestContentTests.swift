import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Bodies that are not JSON (forms with nested keys, multipart uploads, raw bytes),
/// query parameters in every style, answers that are not JSON, and endpoints sent to
/// another of the API's servers: what goes on the wire, checked where it arrives.
@Suite struct RequestContentTests {
    struct Item: Encodable, Sendable {
        var price: String
        var quantity: Int?
    }

    struct Customer: Encodable, Sendable {
        var email: String
        var metadata: [String: String]
        var items: [Item]
        var expand: [String]
        var created: Date
        var taxExempt: Bool
        var note: String?

        enum CodingKeys: String, CodingKey {
            case email, metadata, items, expand, created, note
            case taxExempt = "tax_exempt"
        }
    }

    static let customer = Customer(
        email: "a+b@example.com", metadata: ["order_id": "6735"],
        items: [Item(price: "price_1", quantity: 2), Item(price: "price_2", quantity: nil)],
        expand: ["data.customer", "data.invoice"], created: Date(timeIntervalSince1970: 1_700_000_000), taxExempt: false,
        note: nil)

    @Test func formFieldsNestObjectsAndListsInBrackets() throws {
        let fields = try FormEncoder(arrays: .indexed, dateFormat: .unixSeconds).fields(of: Self.customer)
        #expect(
            fields.map { "\($0.name)=\($0.value)" } == [
                "email=a+b@example.com", "metadata[order_id]=6735", "items[0][price]=price_1", "items[0][quantity]=2",
                "items[1][price]=price_2", "expand[0]=data.customer", "expand[1]=data.invoice", "created=1700000000",
                "tax_exempt=false",
            ])
        let brackets = try FormEncoder(arrays: .brackets).fields(of: ["expand": ["a", "b"]])
        #expect(brackets.map { "\($0.name)=\($0.value)" } == ["expand[]=a", "expand[]=b"])
        let body = try FormEncoder(arrays: .indexed, dateFormat: .unixSeconds).body(of: ["metadata": ["order id": "a&b=c"]])
        #expect(String(decoding: body, as: UTF8.self) == "metadata%5Border%20id%5D=a%26b%3Dc")
    }

    @Test func aWholeDoubleIsWrittenWithoutItsFraction() throws {
        let fields = try FormEncoder().fields(of: ["a": 2.0, "b": 2.5, "c": -3.0])
        #expect(Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.value) }) == ["a": "2", "b": "2.5", "c": "-3"])
        #expect(try FormEncoder().fields(of: [UInt8(7), UInt8(9)], name: "n").map(\.value) == ["7", "9"])
    }

    struct Range: Encodable, Sendable {
        var gte: Int
        var lt: Int
    }

    @Test(arguments: [
        (QueryStyle.form(explode: false), "ids=1%2C2", "created=gte%2C1%2Clt%2C9"),
        (.form(explode: true), "ids=1&ids=2", "gte=1&lt=9"),
        (.deepObject(arrays: .brackets), "ids%5B%5D=1&ids%5B%5D=2", "created%5Bgte%5D=1&created%5Blt%5D=9"),
        (.deepObject(arrays: .indexed), "ids%5B0%5D=1&ids%5B1%5D=2", "created%5Bgte%5D=1&created%5Blt%5D=9"),
        (.spaceDelimited, "ids=1%202", "created=1%209"),
        (.pipeDelimited, "ids=1%7C2", "created=1%7C9"),
    ])
    func queryStyles(_ style: QueryStyle, _ list: String, _ object: String) throws {
        var parameters = RequestParameters()
        parameters.query("ids", [1, 2], style: style)
        let endpoint = Endpoint(name: "list", method: "GET", path: "/items")
        let base = URL(string: "https://api.example.com")!
        #expect(try RequestBuilder.build(endpoint, parameters, baseURL: base, headers: []).url.query == list)
        parameters = RequestParameters()
        parameters.query("created", Range(gte: 1, lt: 9), style: style)
        #expect(try RequestBuilder.build(endpoint, parameters, baseURL: base, headers: []).url.query == object)
    }

    /// A map goes as an object does, its keys for the fields (Stripe's `metadata`).
    @Test(arguments: [
        (QueryStyle.form(explode: true), "order_id=6735"), (.form(explode: false), "metadata=order_id%2C6735"),
        (.deepObject(arrays: .indexed), "metadata%5Border_id%5D=6735"),
    ])
    func aMapGoesAsAnObjectDoes(_ style: QueryStyle, _ query: String) throws {
        var parameters = RequestParameters()
        parameters.query("metadata", ["order_id": "6735"] as [String: String]?, style: style)
        let request = try RequestBuilder.build(
            Endpoint(name: "list", method: "GET", path: "/v1/charges"), parameters, baseURL: URL(string: "https://api.example.com")!,
            headers: [])
        #expect(request.url.query == query)
    }

    @Test func styledItemsKeepTheirPlaceAmongThePlainOnes() throws {
        var parameters = RequestParameters()
        parameters.query("limit", 10)
        parameters.query("expand", ["a", "b"], style: .deepObject(arrays: .brackets))
        parameters.query("starting_after", "cus_1")
        parameters.query("nothing", nil as [Int]?, style: .form(explode: true))
        let request = try RequestBuilder.build(
            Endpoint(name: "list", method: "GET", path: "/v1/customers"), parameters, baseURL: URL(string: "https://api.example.com")!,
            headers: [])
        #expect(request.url.query == "limit=10&expand%5B%5D=a&expand%5B%5D=b&starting_after=cus_1")
    }

    @Test func multipartPartsAreFramedByTheBoundary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-multipart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("from a file".utf8).write(to: file)

        var form = MultipartForm()
        form.append("name", text: "Holiday \"2024\"")
        form.append("skipped", text: nil)
        form.append("image", file: FileUpload(data: Data([0xFF, 0xD8]), filename: "a.jpg", contentType: "image/jpeg"))
        form.append("notes", file: FileUpload(contentsOf: file, contentType: "text/plain"))
        let (data, contentType) = try form.encoded(boundary: "XYZ")
        #expect(contentType == "multipart/form-data; boundary=XYZ")
        var expected = Data("--XYZ\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nHoliday \"2024\"\r\n".utf8)
        expected += Data("--XYZ\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.jpg\"\r\n".utf8)
        expected += Data("Content-Type: image/jpeg\r\n\r\n".utf8) + Data([0xFF, 0xD8]) + Data("\r\n".utf8)
        expected += Data("--XYZ\r\nContent-Disposition: form-data; name=\"notes\"; filename=\"notes.txt\"\r\n".utf8)
        expected += Data("Content-Type: text/plain\r\n\r\nfrom a file\r\n--XYZ--\r\n".utf8)
        #expect(data == expected)
        #expect(MultipartForm.quoted("a\"b\r\nc") == "a%22b%0D%0Ac")

        var missing = MultipartForm()
        missing.append("file", file: FileUpload(contentsOf: folder.appendingPathComponent("gone.bin")))
        #expect(throws: (any Error).self) { try missing.encoded() }
    }

    struct Upload: Encodable, Sendable {
        var purpose: String
        var file: FileUpload
        var more: [FileUpload]
        var meta: [String: Int]
        var at: Date
        var note: String?
    }

    @Test func aValuesMultipartFormHasItsFilesAsFilesAndTheRestAsText() throws {
        let png = FileUpload(data: Data([0x89, 0x50]), filename: "a.png", contentType: "image/png")
        let text = FileUpload(data: Data("hi".utf8), filename: "b.txt", contentType: "text/plain")
        let upload = Upload(
            purpose: "avatar", file: png, more: [text, png], meta: ["n": 1], at: Date(timeIntervalSince1970: 60), note: nil)
        let form = try MultipartForm(fieldsOf: upload, dateFormat: .unixSeconds)
        #expect(
            form.parts == [
                .init(name: "purpose", value: .text("avatar")), .init(name: "file", value: .file(png)),
                .init(name: "more", value: .file(text)), .init(name: "more", value: .file(png)),
                .init(name: "meta[n]", value: .text("1")), .init(name: "at", value: .text("60")),
            ])
    }

    @Test func aFileUploadWrittenAsJSONReadsBack() throws {
        let file = FileUpload(data: Data([0, 1, 2, 255]), filename: "x.bin", contentType: "application/octet-stream")
        let json = try JSONEncoder().encode(file)
        #expect(try JSONDecoder().decode(FileUpload.self, from: json) == file)
        let missing = FileUpload(contentsOf: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        #expect(throws: (any Error).self) { try JSONEncoder().encode(missing) }
    }

    @Test func theBuildersSettersSetTheBodyTheirKindSays() throws {
        var parameters = RequestParameters()
        parameters.raw(Optional<String>.none, contentType: "text/plain")
        parameters.form(Optional<[String: String]>.none, arrays: .indexed)
        parameters.multipart(Optional<Upload>.none)
        #expect(parameters.rawBody == nil && parameters.formBody == nil && parameters.multipartValue == nil)
        parameters.raw("é", contentType: "text/markdown")
        #expect(parameters.rawBody?.contentType == "text/markdown; charset=utf-8" && parameters.rawBody?.content == .data(Data("é".utf8)))
        parameters.raw(BinaryContent(data: Data([1])))
        #expect(parameters.rawBody?.contentType == "application/octet-stream")
        parameters.raw(Data([2]), contentType: "image/png")
        #expect(parameters.rawBody?.contentType == "image/png" && parameters.rawBody?.content == .data(Data([2])))
        parameters.raw(FileUpload(contentsOf: URL(fileURLWithPath: "a.pdf"), contentType: "application/pdf"))
        #expect(parameters.rawBody?.contentType == "application/pdf", "a file names its own media type")
        #expect(parameters.rawBody?.content == .file(URL(fileURLWithPath: "a.pdf")))
        let missing = FileUpload(contentsOf: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        var raw = RequestParameters()
        raw.raw(missing, contentType: "application/octet-stream")
        #expect {
            _ = try RequestBuilder.build(
                Endpoint(name: "put", method: "PUT", path: "/p"), raw, baseURL: URL(string: "https://a.example")!, headers: [])
        } throws: { error in
            (error as? APIError)?.description.contains("cannot read the file of the body of put") == true
        }
        var upload = RequestParameters()
        upload.multipart(Upload(purpose: "p", file: missing, more: [], meta: [:], at: Date(), note: nil))
        #expect(throws: APIError.self) {
            _ = try RequestBuilder.build(
                Endpoint(name: "upload", method: "POST", path: "/u"), upload, baseURL: URL(string: "https://a.example")!, headers: [])
        }
    }
}
