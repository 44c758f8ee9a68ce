import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import PagegenYAML

/// Reads an OpenAPI 3 tree with OpenAPIKit: a 3.0 document with OpenAPIKit30, then
/// converted to 3.1 by OpenAPIKitCompat, so that the importer reads one model of
/// both (`nullable: true` and `type: [T, "null"]` alike).
enum DocumentDecoder {
    static func decode(_ source: DocumentSource) throws(ImportError) -> OpenAPIKit.OpenAPI.Document {
        let version = source.root["openapi"]?.scalarText ?? ""
        do {
            if version.hasPrefix("3.0") {
                let document = try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: source.root)
                return document.convert(to: .v3_1_1)
            }
            return try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: source.root)
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let pointer = JSONPointer(described.codingPath.map(\.stringValue))
            let place = source.location(of: pointer)
            // OpenAPIKit's explanations run over several lines and sentences: one line here.
            var reason = described.localizedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ")
            while reason.hasSuffix(".") { reason.removeLast() }
            throw ImportError(
                file: place.file, mark: place.mark, message: "OpenAPIKit cannot read the document at \(place.pointer): \(reason)",
                hint: "fix the document there (an OpenAPI validator names the rule), or import fewer operations with --operations")
        }
    }
}
