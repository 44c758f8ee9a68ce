import Foundation
import OpenAPIKit
import PagegenYAML

/// Repairs what OpenAPIKit refuses in a part of a document when it is a keyword that
/// changes no generated code, so that the part is imported rather than left out:
///
/// - `exclusiveMinimum: true` in an OpenAPI 3.1 document (3.0's form) becomes 3.1's
///   `exclusiveMinimum: 0` (the `minimum` it qualified), `false` is dropped; a number
///   in a 3.0 document becomes `minimum` with `exclusiveMinimum: true`; the same for
///   `exclusiveMaximum`;
/// - an integer's `minimum` or `maximum` written as a fraction or beyond a 64-bit
///   integer (`9.223372036854776e+18`) becomes the nearest 64-bit integer inside it;
/// - a path parameter written `required: false` (a path parameter is always sent)
///   becomes `required: true`;
/// - any other validation or annotation keyword OpenAPIKit cannot read (`pattern`,
///   `multipleOf`, `format`, `minLength`, `example`, `default`…) is dropped.
///
/// Each repair is a note at the keyword. A keyword that does change the generated
/// code (`type`, `properties`, `items`, `nullable`…) is not repaired: its part is left
/// out with a warning that names it, as before.
enum KeywordRepair {
    /// One repair, for the note.
    struct Repair {
        /// The keyword repaired.
        var pointer: JSONPointer
        var topic: String
        var message: String
    }

    /// Keywords that validate or describe a value and change no generated code.
    static let harmless: Set<String> = [
        "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "pattern", "format", "minLength", "maxLength",
        "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "minContains", "maxContains", "example", "examples",
        "default", "const", "contentEncoding", "contentMediaType", "readOnly", "writeOnly", "title", "externalDocs", "xml",
        "allowEmptyValue", "allowReserved", "deprecated", "$comment", "$schema", "$id", "$anchor",
    ]

    /// `root` repaired where `failure` points, or nil when what it points at is not a
    /// keyword this repairs.
    static func repair(_ root: Node, failure: DocumentDecoder.Failure, version: String) -> (root: Node, repair: Repair)? {
        let tokens = failure.pointer.tokens
        // A path parameter that says it is optional.
        if failure.reason.contains("must be explicitly set to required"), let parameter = root.node(at: failure.pointer),
            parameter["in"]?.scalarText == "path"
        {
            let name = parameter["name"]?.scalarText ?? ""
            return (
                root.replacing(failure.pointer, with: parameter.setting("required", .plain("true", at: parameter.mark))),
                Repair(
                    pointer: failure.pointer.appending("required"), topic: "parameter",
                    message:
                        "the path parameter '\(name)' says 'required: false'; a path parameter is always sent, so it is read as required")
            )
        }
        // The keyword: the last step of the failure's place that is one, or one the
        // reason names (`Problem encountered when parsing \`maximum\``) in the schema
        // the place leads to.
        var keywordPointer: JSONPointer?
        if let index = tokens.lastIndex(where: harmless.contains), index > 0 {
            keywordPointer = JSONPointer(Array(tokens.prefix(index + 1)))
        } else if let holder = root.node(at: failure.pointer) {
            let named = failure.reason.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            if let keyword = named.first(where: { harmless.contains($0) && holder[$0] != nil }) {
                keywordPointer = failure.pointer.appending(keyword)
            }
        }
        guard let keywordPointer, let keyword = keywordPointer.tokens.last else { return nil }
        let holderPointer = JSONPointer(Array(keywordPointer.tokens.dropLast()))
        guard var holder = root.node(at: holderPointer), let value = holder[keyword] else { return nil }
        let written = value.scalarText.map { "'\(keyword): \($0)'" } ?? "'\(keyword)'"
        let is31 = version.hasPrefix("3.1")
        let message: String
        switch keyword {
        case "exclusiveMinimum", "exclusiveMaximum":
            let bound = keyword == "exclusiveMinimum" ? "minimum" : "maximum"
            if is31, value.isTrue || value.scalarText == "false" {
                if value.isTrue, let limit = holder[bound] {
                    holder = holder.setting(keyword, limit).removing([bound])
                    message =
                        "\(written) with '\(bound): \(limit.scalarText ?? "")' is OpenAPI 3.0's form; read as OpenAPI 3.1's '\(keyword): \(limit.scalarText ?? "")'"
                } else {
                    holder = holder.removing([keyword])
                    message = "\(written) is OpenAPI 3.0's form, and says nothing here; left out"
                }
            } else if !is31, let number = value.scalarText, Double(number) != nil {
                holder = holder.setting(bound, value).setting(keyword, .plain("true", at: value.mark))
                message = "\(written) is OpenAPI 3.1's form; read as OpenAPI 3.0's '\(bound): \(number)' with '\(keyword): true'"
            } else {
                holder = holder.removing([keyword])
                message = "\(written) is left out: OpenAPIKit cannot read it (\(failure.reason)); it changes no generated code"
            }
        case "minimum", "maximum":
            if let number = value.scalarText.flatMap(Double.init), number.isFinite {
                let limit = Double(Int64.max)
                let integer: Int64 =
                    number >= limit
                    ? Int64.max : number <= -limit ? Int64.min : Int64(keyword == "maximum" ? number.rounded(.down) : number.rounded(.up))
                holder = holder.setting(keyword, .plain(String(integer), at: value.mark))
                message = "\(written) is not a 64-bit integer, which an integer's bound is; read as \(integer)"
            } else {
                holder = holder.removing([keyword])
                message = "\(written) is left out: OpenAPIKit cannot read it (\(failure.reason)); it changes no generated code"
            }
        default:
            holder = holder.removing([keyword])
            message = "\(written) is left out: OpenAPIKit cannot read it (\(failure.reason)); it changes no generated code"
        }
        let topic = holderPointer.tokens.contains("parameters") && !holderPointer.tokens.contains("schema") ? "parameter" : "schema"
        return (root.replacing(holderPointer, with: holder), Repair(pointer: keywordPointer, topic: topic, message: message))
    }
}

extension KeywordRepair {
    /// `root` without the servers whose `url` OpenAPIKit cannot read as a URL template
    /// (`https://api.example.com/{v}}`), at the top, in path items and in operations:
    /// OpenAPIKit's error names no place for them, so one would stop the whole
    /// document. A server is only where requests go, which a spec's `baseURL` says
    /// anyway: each is left out with a note.
    static func unreadableServers(in root: Node) -> (root: Node, repairs: [Repair]) {
        var holders: [JSONPointer] = [JSONPointer([])]
        for path in root["paths"]?.pairs ?? [] {
            guard let name = path.key.scalarText else { continue }
            let pathPointer = JSONPointer(["paths", name])
            holders.append(pathPointer)
            for method in path.value.keys where DocumentDecoder.Reader.methods.contains(method) {
                holders.append(pathPointer.appending(method))
            }
        }
        var root = root
        var repairs: [Repair] = []
        for holder in holders {
            let pointer = holder.appending("servers")
            guard let servers = root.node(at: pointer)?.items else { continue }
            var removed: [JSONPointer] = []
            for (index, server) in servers.enumerated() {
                guard let url = server["url"]?.scalarText else { continue }
                do {
                    _ = try URLTemplate(templateString: url)
                } catch {
                    let entry = pointer.appending(String(index))
                    removed.append(entry)
                    repairs.append(
                        Repair(
                            pointer: entry.appending("url"), topic: "server",
                            message:
                                "this server is left out: OpenAPIKit cannot read its URL as a URL template (\(error)); a spec's baseURL says where requests go"
                        ))
                }
            }
            // Taken out from the last, so that the indices before stay where they were.
            root = root.removing(removed.reversed())
        }
        return (root, repairs)
    }
}

extension KeywordRepair {
    /// `root` with the keys of its `content` mappings that are not media types
    /// (`string`, `undefined`: a type and a subtype are two words around a `/`) read as
    /// the media type their schema shows: `text/plain` for a string, `application/json`
    /// for anything else; each with a note.
    static func mediaTypesThatAreNot(in root: Node) -> (root: Node, repairs: [Repair]) {
        // Most documents have none: looked for before the tree is copied.
        func hasOne(_ node: Node, parent: String?) -> Bool {
            switch node.content {
            case .scalar: return false
            case .sequence(let items): return items.contains { hasOne($0, parent: nil) }
            case .mapping(let pairs):
                if parent == "content", pairs.contains(where: { !($0.key.scalarText ?? "/").contains("/") && $0.value["schema"] != nil }) {
                    return true
                }
                return pairs.contains { hasOne($0.value, parent: $0.key.scalarText) }
            }
        }
        guard hasOne(root, parent: nil) else { return (root, []) }
        var repairs: [Repair] = []
        func repaired(_ node: Node, at pointer: JSONPointer) -> Node {
            switch node.content {
            case .scalar:
                return node
            case .sequence(let items):
                return Node(.sequence(items.enumerated().map { repaired($1, at: pointer.appending(String($0))) }), mark: node.mark)
            case .mapping(let pairs):
                let holdsMedia =
                    pointer.tokens.last == "content" && pointer.tokens.count >= 2
                    && ["requestBody", "requestBodies", "responses", "parameters"].contains { pointer.tokens.dropLast().contains($0) }
                    && !pointer.tokens.contains("properties")
                var taken = Set(pairs.compactMap(\.key.scalarText))
                return Node(
                    .mapping(
                        pairs.map { pair in
                            let key = pair.key.scalarText ?? ""
                            let value = repaired(pair.value, at: pointer.appending(key))
                            guard holdsMedia, !key.contains("/") else { return Node.Pair(key: pair.key, value: value) }
                            let isText = value["schema"]?["type"]?.scalarText == "string"
                            let type = isText ? "text/plain" : "application/json"
                            guard !taken.contains(type) else { return Node.Pair(key: pair.key, value: value) }
                            taken.insert(type)
                            repairs.append(
                                Repair(
                                    pointer: pointer.appending(key), topic: pointer.tokens.contains("responses") ? "response" : "body",
                                    message:
                                        "'\(key)' is not a media type (a type and a subtype, such as application/json); read as \(type), as its schema shows"
                                ))
                            return Node.Pair(key: .text(type, at: pair.key.mark), value: value)
                        }), mark: node.mark)
            }
        }
        let root = repaired(root, at: JSONPointer())
        return (root, repairs)
    }
}

extension Node {
    /// This tree with the node at `pointer` replaced (a pointer that leads nowhere
    /// changes nothing).
    func replacing(_ pointer: JSONPointer, with replacement: Node) -> Node {
        replacing(pointer.tokens[...], with: replacement)
    }

    private func replacing(_ tokens: ArraySlice<String>, with replacement: Node) -> Node {
        guard let token = tokens.first else { return replacement }
        switch content {
        case .mapping(var pairs):
            guard let index = pairs.firstIndex(where: { $0.key.scalarText == token }) else { return self }
            pairs[index].value = pairs[index].value.replacing(tokens.dropFirst(), with: replacement)
            return Node(.mapping(pairs), mark: mark)
        case .sequence(var items):
            guard let index = Int(token), items.indices.contains(index) else { return self }
            items[index] = items[index].replacing(tokens.dropFirst(), with: replacement)
            return Node(.sequence(items), mark: mark)
        case .scalar:
            return self
        }
    }
}
