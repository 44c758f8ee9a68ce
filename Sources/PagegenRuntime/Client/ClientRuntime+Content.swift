import Foundation

/// A body that is not JSON: its bytes and their media type (an image, a PDF, an
/// archive; a file to upload as the whole body).
public struct BinaryContent: Sendable, Hashable {
    /// The bytes.
    public var data: Data
    /// The media type, such as `image/png`; nil when the server did not say.
    public var contentType: String?

    /// Bytes of `contentType`.
    public init(data: Data, contentType: String? = nil) {
        self.data = data
        self.contentType = contentType
    }
}

extension ClientRuntime {
    /// Sends one request to `endpoint` and returns the body as text, read in the
    /// charset its `Content-Type` names (UTF-8 when it names none).
    @_spi(Generated) public func sendForText(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters()
    ) async -> Result<String, APIError> {
        await sendForBody(endpoint, parameters) { head, body, request throws(APIError) in
            let contentType = head.value(forHeader: "Content-Type")
            let encoding = Self.textEncoding(of: contentType)
            guard let text = String(data: body, encoding: encoding.encoding) else {
                throw APIError(
                    .decoding(codingPath: "", message: "the body is not \(encoding.name) text (Content-Type '\(contentType ?? "")')"),
                    request: request)
            }
            return text
        }
    }

    /// Sends one request to `endpoint` and returns the body's bytes and media type.
    @_spi(Generated) public func sendForBinary(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters()
    ) async -> Result<BinaryContent, APIError> {
        await sendForBody(endpoint, parameters) { head, body, _ in
            BinaryContent(data: body, contentType: head.value(forHeader: "Content-Type"))
        }
    }

    /// Sends one request to `endpoint`, whose answer has no body worth reading (`204
    /// No Content`, or a success the spec gives no schema): success is the status.
    @_spi(Generated) public func sendForNoContent(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters()
    ) async -> Result<Void, APIError> {
        await sendForBody(endpoint, parameters) { _, _, _ in () }
    }

    /// ``sendForText(_:_:)`` with a completion handler, called on no particular thread.
    @_spi(Generated) public func sendForText(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters(),
        completion: @escaping @Sendable (Result<String, APIError>) -> Void
    ) -> Cancellable {
        Cancellable.run({ [self] in await self.sendForText(endpoint, parameters) }, completion: completion)
    }

    /// ``sendForBinary(_:_:)`` with a completion handler, called on no particular thread.
    @_spi(Generated) public func sendForBinary(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters(),
        completion: @escaping @Sendable (Result<BinaryContent, APIError>) -> Void
    ) -> Cancellable {
        Cancellable.run({ [self] in await self.sendForBinary(endpoint, parameters) }, completion: completion)
    }

    /// ``sendForNoContent(_:_:)`` with a completion handler, called on no particular thread.
    @_spi(Generated) public func sendForNoContent(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters(),
        completion: @escaping @Sendable (Result<Void, APIError>) -> Void
    ) -> Cancellable {
        Cancellable.run({ [self] in await self.sendForNoContent(endpoint, parameters) }, completion: completion)
    }

    /// Builds and sends the request, then reads a successful answer with `read`.
    private func sendForBody<Value>(
        _ endpoint: Endpoint, _ parameters: RequestParameters,
        read: (HTTPResponse, Data, HTTPRequest) throws(APIError) -> Value
    ) async -> Result<Value, APIError> {
        do throws(APIError) {
            let request = try RequestBuilder.build(
                endpoint, parameters, baseURL: baseURL(for: endpoint), headers: headers, dateFormat: dateFormat)
            let (head, body) = try await exchange(request, endpoint: endpoint.name, page: nil)
            return .success(try read(head, body, request))
        } catch {
            return .failure(error)
        }
    }

    /// The encoding a `Content-Type`'s `charset` names, and its name for messages.
    static func textEncoding(of contentType: String?) -> (encoding: String.Encoding, name: String) {
        let parameters = (contentType ?? "").split(separator: ";").dropFirst()
        let charset = parameters.lazy.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .first { $0.hasPrefix("charset=") }.map { String($0.dropFirst("charset=".count)).trimmingCharacters(in: ["\""]) }
        switch charset {
        case "iso-8859-1", "latin1", "iso_8859-1": return (.isoLatin1, "ISO-8859-1")
        case "us-ascii", "ascii": return (.ascii, "US-ASCII")
        case "utf-16": return (.utf16, "UTF-16")
        case "utf-16le": return (.utf16LittleEndian, "UTF-16LE")
        case "utf-16be": return (.utf16BigEndian, "UTF-16BE")
        case "windows-1252", "cp1252": return (.windowsCP1252, "windows-1252")
        default: return (.utf8, "UTF-8")
        }
    }
}
