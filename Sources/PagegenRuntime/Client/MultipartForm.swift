import Foundation

/// A file to send: its bytes, or a file on disk, with the name and the content type
/// the server is told.
///
/// In a multipart form it is a file part. Written as JSON (a model that holds one
/// encoded for a cache), it is an object of its `filename`, `contentType` and `data`
/// in Base64, which it decodes from too.
///
/// ```swift
/// let cover = FileUpload(data: jpeg, filename: "cover.jpg", contentType: "image/jpeg")
/// let report = FileUpload(contentsOf: URL(fileURLWithPath: "report.pdf"), contentType: "application/pdf")
/// ```
public struct FileUpload: Sendable, Hashable, Codable {
    /// Where the bytes come from.
    public enum Content: Sendable, Hashable {
        /// These bytes.
        case data(Data)
        /// The contents of this file. In a multipart body they are read a chunk at a
        /// time as the request is sent (``StreamedBody``), never whole into memory.
        case file(URL)

        /// The bytes, read from the file if it is one.
        /// - Throws: the file system's error when the file cannot be read.
        public func data() throws -> Data {
            switch self {
            case .data(let data): data
            case .file(let url): try Data(contentsOf: url)
            }
        }
    }

    /// The bytes, or the file that holds them.
    public var content: Content
    /// The file name the server is told (`filename=` of the part).
    public var filename: String
    /// The media type of the bytes, such as `image/png`.
    public var contentType: String

    /// A file made of `data`.
    public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
        self.content = .data(data)
        self.filename = filename
        self.contentType = contentType
    }

    /// The file at `url`, named after its last path component unless `filename` is given.
    public init(contentsOf url: URL, filename: String? = nil, contentType: String = "application/octet-stream") {
        self.content = .file(url)
        self.filename = filename ?? url.lastPathComponent
        self.contentType = contentType
    }

    private enum CodingKeys: String, CodingKey {
        case filename, contentType, data
    }

    /// Decodes the object ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            data: try container.decode(Data.self, forKey: .data), filename: try container.decode(String.self, forKey: .filename),
            contentType: try container.decode(String.self, forKey: .contentType))
    }

    /// Writes the name, the content type and the bytes (read from the file, if it is one).
    /// - Throws: the file system's error when the file cannot be read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(filename, forKey: .filename)
        try container.encode(contentType, forKey: .contentType)
        try container.encode(try data(), forKey: .data)
    }

    /// The bytes.
    /// - Throws: the file system's error when the file cannot be read.
    public func data() throws -> Data {
        try content.data()
    }
}

/// A `multipart/form-data` body (RFC 7578): text fields and files, in order.
///
/// ```swift
/// var form = MultipartForm()
/// form.append("name", text: "Holiday")
/// form.append("image", file: FileUpload(data: png, filename: "a.png", contentType: "image/png"))
/// ```
public struct MultipartForm: Sendable, Hashable {
    /// One part of the form.
    public struct Part: Sendable, Hashable {
        /// The form field's name.
        public var name: String
        /// What the part holds.
        public var value: Value
    }

    /// What a part holds.
    public enum Value: Sendable, Hashable {
        /// Text, sent as UTF-8 without a content type of its own.
        case text(String)
        /// A file, with its name and content type.
        case file(FileUpload)
    }

    /// The parts, in the order they are sent.
    public var parts: [Part]

    /// A form of `parts`.
    public init(parts: [Part] = []) {
        self.parts = parts
    }

    /// The form of a value's properties, in the order it encodes them: a
    /// ``FileUpload`` is a file part, anything else a text part (a list repeats its
    /// name, an object's keys go in brackets, `meta[key]`, as in a form body; dates
    /// as `dateFormat` says); a nil property is left out.
    /// - Throws: `EncodingError` when the value cannot be encoded.
    public init(fieldsOf value: some Encodable, dateFormat: DateFormat = .iso8601) throws {
        let storage = FormStorage(arrays: .repeated, dateFormat: dateFormat, keepsFiles: true)
        try FormEncoding(storage: storage, path: []).encodeValue(value)
        let files = storage.files
        parts = storage.finished().enumerated().map { offset, field in
            Part(name: field.name, value: files[offset].map(Value.file) ?? .text(field.value))
        }
    }

    /// Adds a text field, unless `text` is nil.
    public mutating func append(_ name: String, text: String?) {
        guard let text else { return }
        parts.append(Part(name: name, value: .text(text)))
    }

    /// Adds a text field for each value of a list, unless it is nil.
    public mutating func append(_ name: String, texts: [String]?) {
        for text in texts ?? [] { append(name, text: text) }
    }

    /// Adds a file, unless `file` is nil.
    public mutating func append(_ name: String, file: FileUpload?) {
        guard let file else { return }
        parts.append(Part(name: name, value: .file(file)))
    }

    /// The body, its parts between `boundary` lines, and its content type.
    /// - Throws: the file system's error when a file cannot be read.
    public func encoded(boundary: String = "pagegen-" + UUID().uuidString) throws -> (data: Data, contentType: String) {
        let (body, contentType) = streamed(boundary: boundary)
        return (try body.data(), contentType)
    }

    /// The body as a ``StreamedBody``, and its content type: the framing and the text
    /// parts as bytes, each file part that is a file on disk as that file, read only
    /// when the body is sent.
    public func streamed(boundary: String = "pagegen-" + UUID().uuidString) -> (body: StreamedBody, contentType: String) {
        var pieces: [StreamedBody.Piece] = []
        var bytes = Data()
        for part in parts {
            bytes.append(Data("--\(boundary)\r\n".utf8))
            switch part.value {
            case .text(let text):
                bytes.append(Data("Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\"\r\n\r\n".utf8))
                bytes.append(Data(text.utf8))
            case .file(let file):
                bytes.append(
                    Data(
                        ("Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\"; "
                            + "filename=\"\(Self.quoted(file.filename))\"\r\nContent-Type: \(file.contentType)\r\n\r\n").utf8))
                switch file.content {
                case .data(let data):
                    bytes.append(data)
                case .file(let url):
                    pieces.append(.data(bytes))
                    pieces.append(.file(url))
                    bytes = Data()
                }
            }
            bytes.append(Data("\r\n".utf8))
        }
        bytes.append(Data("--\(boundary)--\r\n".utf8))
        pieces.append(.data(bytes))
        return (StreamedBody(pieces), "multipart/form-data; boundary=\(boundary)")
    }

    /// True when a file part is a file on disk, which the form sends as a
    /// ``StreamedBody`` rather than in memory.
    var hasFilesOnDisk: Bool {
        parts.contains { part in
            if case .file(let file) = part.value, case .file = file.content { return true }
            return false
        }
    }

    /// A name or file name inside quotes: `"` and line breaks percent-encoded, as the
    /// HTML standard encodes them in form submissions.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
