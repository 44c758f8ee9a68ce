import Foundation
import PagegenCore

/// Checks the bodies that are not JSON (form, multipart, raw) against what the spec
/// says an endpoint takes, and answers the endpoints whose answer is not JSON: text
/// and bytes of the right `Content-Type`, or no content.
struct ContentResponder: Sendable {
    let core: MockCore
    let endpoint: ServedEndpoint
    let context: RequestContext

    /// Checks that `request` sends the body `endpoint` takes, encoded as it says.
    /// - Throws: 415 for a body of another media type, 400 for one that cannot be read.
    static func checkBody(of request: MockRequest, for endpoint: EndpointSpec) throws(MockHTTPError) {
        guard let body = endpoint.body, !request.body.isEmpty else { return }
        let contentType = request.header("Content-Type") ?? ""
        let essence = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        func unreadable(_ reason: String) -> MockHTTPError {
            .badRequest("\(reason); \(endpoint.name.value) takes a body (\(RequestChecker.describe(body)))")
        }
        func unsupported(_ expected: String) -> MockHTTPError {
            MockHTTPError(
                status: 415, code: "unsupported_media_type",
                message: "\(endpoint.name.value) takes a body of \(expected), not '\(contentType.prefix(100))'")
        }
        switch body.kind {
        case .json:
            // Read whatever its type says, as the paging parameters in a body are.
            do {
                _ = try JSONSerialization.jsonObject(with: request.body, options: [.fragmentsAllowed])
            } catch {
                throw RequestChecker.notJSON(error, endpoint: endpoint, body: body)
            }
        case .form:
            guard essence == "application/x-www-form-urlencoded" else { throw unsupported("application/x-www-form-urlencoded") }
            guard RequestBodies.formFields(request.body) != nil else {
                throw unreadable("the form body has bad percent-encoding or is not UTF-8")
            }
        case .multipart:
            guard essence == "multipart/form-data" else { throw unsupported("multipart/form-data") }
            guard let boundary = RequestBodies.boundary(of: contentType) else {
                throw unreadable("the multipart body's Content-Type names no boundary")
            }
            guard RequestBodies.multipartParts(request.body, boundary: boundary) != nil else {
                throw unreadable("the multipart body is not parts between '--\(boundary.prefix(70))' lines")
            }
        case .raw(let expected):
            let wanted = expected.value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            guard Self.matches(essence, wanted) else { throw unsupported(expected.value) }
        }
    }

    /// Whether a media type fits a range: `image/png` fits `image/*` and `*/*`.
    static func matches(_ type: String, _ range: String) -> Bool {
        if range == "*/*" { return !type.isEmpty }
        if range.hasSuffix("/*") { return type.hasPrefix(range.dropLast()) }
        return type == range
    }

    /// The answer of an endpoint that does not answer JSON; nil for one that does.
    func answer() -> MockResponse? {
        let spec = endpoint.spec
        switch spec.response {
        case .json:
            return nil
        case .nothing:
            return MockResponse(status: 204, headers: [], body: Data())
        case .text(let contentType):
            let type = concrete(contentType.value, otherwise: "text/plain")
            return MockResponse(status: 200, headers: [("Content-Type", type + "; charset=utf-8")], body: Data(text(type).utf8))
        case .binary(let contentType):
            let type = concrete(contentType.value, otherwise: "application/octet-stream")
            // An upload answered with bytes gets its own bytes back, of their type.
            if !context.request.body.isEmpty, spec.body?.rawContentType != nil, type == "application/octet-stream" {
                let sent = context.request.header("Content-Type") ?? type
                return MockResponse(status: 200, headers: [("Content-Type", sent)], body: context.request.body)
            }
            return MockResponse(status: 200, headers: [("Content-Type", type)], body: bytes(type))
        }
    }

    /// `type`, or `otherwise` for a range (`*/*`, `image/*`).
    private func concrete(_ type: String, otherwise: String) -> String {
        let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard essence.hasSuffix("/*") else { return essence }
        return essence == "image/*" ? "image/png" : otherwise
    }

    private var seed: UInt64 {
        core.generator.seed("content", ResponseBuilder.scope(endpoint: endpoint.name, pathValues: context.pathValues))
    }

    /// Text of `type`: a sentence, in HTML for `text/html`; a text body sent with the
    /// request is quoted in it.
    private func text(_ type: String) -> String {
        var random = SeededRandom(seed: seed)
        var sentence = SampleWords.sentences[random.int(0...(SampleWords.sentences.count - 1))]
        if !context.request.body.isEmpty, let sent = String(data: context.request.body, encoding: .utf8) {
            sentence = sent
        }
        guard type == "text/html" else { return sentence + "\n" }
        let escaped = sentence.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return "<!DOCTYPE html>\n<html><head><title>\(endpoint.name)</title></head><body><p>\(escaped)</p></body></html>\n"
    }

    /// Bytes of `type` that start as a file of that type does: a PDF, a PNG, a JPEG, or
    /// seeded bytes.
    private func bytes(_ type: String) -> Data {
        var random = SeededRandom(seed: seed)
        let filler = (0..<64).map { _ in UInt8(random.int(0...255)) }
        switch type {
        case "application/pdf":
            return Data("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
        case "image/png":
            return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + filler)
        case "image/jpeg":
            return Data([0xFF, 0xD8, 0xFF, 0xE0] + filler + [0xFF, 0xD9])
        default:
            return Data(filler)
        }
    }
}
