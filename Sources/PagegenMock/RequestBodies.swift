import Foundation

/// One part of a `multipart/form-data` body, as the mock server read it.
public struct MockPart: Sendable, Hashable {
    /// The form field's name.
    public var name: String
    /// The file name, for a file part.
    public var filename: String?
    /// The part's own `Content-Type`, if it has one.
    public var contentType: String?
    /// The bytes.
    public var data: Data

    /// The bytes as UTF-8 text, if they are.
    public var text: String? { String(data: data, encoding: .utf8) }
}

/// Reads the bodies a client sends: `application/x-www-form-urlencoded` fields and
/// `multipart/form-data` parts.
enum RequestBodies {
    /// The fields of a form body, decoded, in order (`metadata[order_id]`, `6735`);
    /// nil when the body is not one (bad percent-encoding, not UTF-8).
    static func formFields(_ body: Data) -> [(name: String, value: String)]? {
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        var fields: [(name: String, value: String)] = []
        for item in text.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = MockRequest.percentDecoded(parts[0], plusIsSpace: true),
                let value = MockRequest.percentDecoded(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
            else { return nil }
            fields.append((name, value))
        }
        return fields
    }

    /// The `boundary` parameter of a multipart `Content-Type`.
    static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: ["\""])
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// The parts of a multipart body between `boundary` lines (RFC 7578); nil when
    /// the body is not one: no closing boundary, a part without a name.
    static func multipartParts(_ body: Data, boundary: String) -> [MockPart]? {
        let bytes = [UInt8](body)
        let delimiter = [UInt8]("--\(boundary)".utf8)
        var positions: [Int] = []
        var index = 0
        while let found = find(delimiter, in: bytes, from: index) {
            positions.append(found)
            index = found + delimiter.count
        }
        guard positions.count >= 2, positions[0] == 0 else { return nil }
        let last = positions[positions.count - 1]
        guard bytes[(last + delimiter.count)...].starts(with: Array("--".utf8)) else { return nil }
        var parts: [MockPart] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            // After the delimiter comes CRLF; before the next one, CRLF.
            let from = start + delimiter.count + 2
            let to = end - 2
            guard from <= to, let split = find(Array("\r\n\r\n".utf8), in: bytes, from: from), split <= to else { return nil }
            guard let head = String(bytes: bytes[from..<split], encoding: .utf8) else { return nil }
            var part = MockPart(name: "", filename: nil, contentType: nil, data: Data(bytes[(split + 4)..<to]))
            for line in head.components(separatedBy: "\r\n") {
                let field = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard field.count == 2 else { continue }
                switch field[0].lowercased() {
                case "content-disposition":
                    part.name = parameter("name", in: field[1]) ?? ""
                    part.filename = parameter("filename", in: field[1])
                case "content-type":
                    part.contentType = field[1]
                default:
                    break
                }
            }
            guard !part.name.isEmpty else { return nil }
            parts.append(part)
        }
        return parts
    }

    /// `name="avatar"` in a `Content-Disposition`, its `%22` decoded.
    private static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
                .replacingOccurrences(of: "%0A", with: "\n")
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
