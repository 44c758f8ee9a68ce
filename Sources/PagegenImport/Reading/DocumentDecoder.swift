import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import PagegenYAML

/// Reads an OpenAPI 3 tree with OpenAPIKit: a 3.0 document with OpenAPIKit30, then
/// converted to 3.1 by OpenAPIKitCompat, so that the importer reads one model of
/// both (`nullable: true` and `type: [T, "null"]` alike).
///
/// OpenAPIKit decodes a document all or nothing: one response it cannot read (`Found
/// neither a $ref nor a Response`) fails the whole document. So a document that does
/// not decode is read part by part:
///
/// 1. every component (`/components/schemas/Pet`, …) and every path item is decoded
///    alone; a path item that fails is decoded once per operation, with its other
///    operations taken out, to find the ones that fail;
/// 2. what fails is taken out of the tree, with a warning at its line and column that
///    gives OpenAPIKit's reason (a `$ref` to a component taken out then reads as
///    `JSON`, with the warning a missing component gets);
/// 3. the rest is decoded whole. What only the whole document checks (a security
///    requirement that names no scheme) is found from the error's coding path and
///    taken out the same way, a few times at most.
///
/// Only a document whose `openapi` or `info` cannot be read, or that still fails
/// after that, is an error. A document that decodes at once is decoded once.
enum DocumentDecoder {
    /// How many times the whole document is decoded again after taking a part out.
    static let maxRetries = 16

    /// The decoded document, and the source it was decoded from (without the parts
    /// taken out).
    static func decode(_ source: DocumentSource, notes: NoteWriter) throws(ImportError) -> (OpenAPIKit.OpenAPI.Document, DocumentSource) {
        let reader = Reader(version: source.root["openapi"]?.scalarText ?? "")
        var source = source
        for repair in [KeywordRepair.unreadableServers, KeywordRepair.mediaTypesThatAreNot] {
            let (root, repairs) = repair(source.root)
            guard !repairs.isEmpty else { continue }
            for repair in repairs { notes.note(repair.pointer, repair.topic, repair.message) }
            source.root = root
        }
        let firstError: any Error
        do {
            return (try reader.document(source.root), source)
        } catch {
            firstError = error
        }
        var repairs: [KeywordRepair.Repair] = []
        let unreadable = reader.unreadableParts(of: &source.root, repairs: &repairs)
        for repair in repairs {
            notes.note(repair.pointer, repair.topic, repair.message)
        }
        for part in unreadable {
            notes.warning(part.pointer, part.topic, part.message)
        }
        source.root = source.root.removing(unreadable.map(\.removed))
        var lastError = firstError
        for _ in 0...maxRetries {
            do {
                return (try reader.document(source.root), source)
            } catch {
                lastError = error
                let failure = Failure(error)
                if let (root, repair) = KeywordRepair.repair(source.root, failure: failure, version: reader.version) {
                    notes.note(repair.pointer, repair.topic, repair.message)
                    source.root = root
                    continue
                }
                guard let part = RemovablePart(failure: failure) else { break }
                notes.warning(part.pointer, part.topic, part.message(failure.reason, at: failure.pointer))
                source.root = source.root.removing([part.removed])
            }
        }
        let failure = Failure(lastError)
        let place = source.location(of: failure.pointer)
        throw ImportError(
            file: place.file, mark: place.mark, message: "OpenAPIKit cannot read the document at \(place.pointer): \(failure.reason)",
            hint: "fix the document there (an OpenAPI validator names the rule), or import fewer operations with --operations")
    }

    /// OpenAPIKit's error: where, and why in one line.
    struct Failure {
        var pointer: JSONPointer
        var reason: String

        init(_ error: any Error) {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            pointer = JSONPointer(described.codingPath.map(\.stringValue))
            // OpenAPIKit's explanations run over several lines and sentences: one line here.
            var reason = described.localizedDescription.split(whereSeparator: \.isNewline).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            .filter { !$0.isEmpty }.joined(separator: " ")
            while reason.hasSuffix(".") { reason.removeLast() }
            self.reason = reason
        }
    }

    /// A part of the document that OpenAPIKit cannot read, to take out.
    struct UnreadablePart {
        /// Where the warning points.
        var pointer: JSONPointer
        /// What is taken out.
        var removed: JSONPointer
        var topic: String
        var message: String
    }

    /// A part that the error of a whole decode points into, and that can be taken out:
    /// an operation (or only its `security`), a path item, a component, or a
    /// top-level key the importer does without.
    struct RemovablePart {
        var pointer: JSONPointer
        var removed: JSONPointer
        var topic: String
        var what: String

        init?(failure: Failure) {
            let tokens = failure.pointer.tokens
            guard let first = tokens.first else { return nil }
            switch first {
            case "paths" where tokens.count >= 3 && Reader.methods.contains(tokens[2]):
                let operation = JSONPointer(Array(tokens.prefix(3)))
                if tokens.count >= 4, tokens[3] == "security" {
                    pointer = operation.appending("security")
                    removed = pointer
                    topic = "auth"
                    what = "its security requirements are left out"
                } else {
                    pointer = operation
                    removed = operation
                    topic = "endpoint"
                    what = "not imported"
                }
            case "paths" where tokens.count >= 2:
                pointer = JSONPointer(Array(tokens.prefix(2)))
                removed = pointer
                topic = "path"
                what = "its operations are not imported"
            case "components" where tokens.count >= 3:
                pointer = JSONPointer(Array(tokens.prefix(3)))
                removed = pointer
                topic = "schema"
                what = "left out"
            case "servers", "tags", "externalDocs", "security", "webhooks":
                pointer = JSONPointer([first])
                removed = pointer
                topic = first == "security" ? "auth" : first == "servers" ? "server" : first
                what = "left out"
            default:
                return nil
            }
        }

        func message(_ reason: String, at place: JSONPointer) -> String {
            let inner = place == pointer ? "" : " at \(place)"
            return "\(what): OpenAPIKit cannot read it\(inner): \(reason)"
        }
    }

    /// The decoders of one OpenAPI version.
    struct Reader {
        /// The keys of a path item that hold operations.
        static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

        /// The document's `openapi` version.
        let version: String
        let document: (Node) throws -> OpenAPIKit.OpenAPI.Document
        /// Decodes `components:` (here one component at a time).
        let components: (Node) throws -> Void
        /// Decodes a path item of `paths:`, given with its path.
        let pathItem: (Node, String) throws -> Void

        init(version: String) {
            self.version = version
            if version.hasPrefix("3.0") {
                document = { try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: $0).convert(to: .v3_1_1) }
                components = { _ = try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Components.self, from: $0, at: ["components"]) }
                pathItem = { _ = try NodeDecoder.decode(OpenAPIKit30.OpenAPI.PathItem.self, from: $0, at: ["paths", $1]) }
            } else {
                document = { try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: $0) }
                components = { _ = try NodeDecoder.decode(OpenAPIKit.OpenAPI.Components.self, from: $0, at: ["components"]) }
                pathItem = { _ = try NodeDecoder.decode(OpenAPIKit.OpenAPI.PathItem.self, from: $0, at: ["paths", $1]) }
            }
        }

        /// The most keywords repaired in one part before it is left out.
        static let maxRepairs = 32

        /// Decodes a part until it decodes or nothing in it can be repaired
        /// (``KeywordRepair``); the failure that remains, if any.
        private func repaired(_ root: inout Node, repairs: inout [KeywordRepair.Repair], decode: (Node) -> Failure?) -> Failure? {
            var failure = decode(root)
            var count = 0
            while let current = failure, count < Self.maxRepairs,
                let (next, repair) = KeywordRepair.repair(root, failure: current, version: version)
            {
                root = next
                repairs.append(repair)
                count += 1
                failure = decode(root)
            }
            return failure
        }

        /// Every component, path item and operation that does not decode alone, after
        /// the keywords that change no generated code are repaired in `root`.
        func unreadableParts(of root: inout Node, repairs: inout [KeywordRepair.Repair]) -> [UnreadablePart] {
            var parts: [UnreadablePart] = []
            for kind in root["components"]?.pairs ?? [] {
                guard let kindName = kind.key.scalarText else { continue }
                for entry in kind.value.pairs ?? [] {
                    guard let name = entry.key.scalarText else { continue }
                    let pointer = JSONPointer(["components", kindName, name])
                    let failed = repaired(&root, repairs: &repairs) { tree in
                        guard let value = tree.node(at: pointer) else { return nil }
                        let alone = Node.mapping(
                            [(kindName, Node(.mapping([Node.Pair(key: entry.key, value: value)]), mark: kind.value.mark))],
                            at: kind.key.mark)
                        do {
                            try components(alone)
                            return nil
                        } catch {
                            return Failure(error)
                        }
                    }
                    if let failure = failed {
                        let inner = failure.pointer == pointer ? "" : " at \(failure.pointer)"
                        parts.append(
                            UnreadablePart(
                                pointer: pointer, removed: pointer, topic: "schema",
                                message: "left out: OpenAPIKit cannot read it\(inner): \(failure.reason)"))
                    }
                }
            }
            for path in root["paths"]?.pairs ?? [] {
                guard let pathName = path.key.scalarText else { continue }
                let pathPointer = JSONPointer(["paths", pathName])
                // A path item that is a reference is left to the whole document's decoding.
                guard path.value["$ref"] == nil else { continue }
                func decodes(_ item: Node) -> Failure? {
                    do {
                        try pathItem(item, pathName)
                        return nil
                    } catch {
                        return Failure(error)
                    }
                }
                guard let whole = repaired(&root, repairs: &repairs, decode: { $0.node(at: pathPointer).flatMap(decodes) }),
                    let item = root.node(at: pathPointer)
                else { continue }
                let operations = item.keys.filter(Self.methods.contains)
                var found = false
                for method in operations {
                    let others = Set(operations.filter { $0 != method })
                    guard let failure = decodes(item.removing(others)) else { continue }
                    found = true
                    let pointer = pathPointer.appending(method)
                    let inner = failure.pointer == pointer ? "" : " at \(failure.pointer)"
                    parts.append(
                        UnreadablePart(
                            pointer: pointer, removed: pointer, topic: "endpoint",
                            message: "not imported: OpenAPIKit cannot read it\(inner): \(failure.reason)"))
                }
                if !found {
                    let inner = whole.pointer == pathPointer ? "" : " at \(whole.pointer)"
                    parts.append(
                        UnreadablePart(
                            pointer: pathPointer, removed: pathPointer, topic: "path",
                            message: "its operations are not imported: OpenAPIKit cannot read it\(inner): \(whole.reason)"))
                }
            }
            return parts
        }
    }
}

extension Node {
    /// This tree without the parts that `pointers` lead to (a pointer that leads
    /// nowhere takes nothing out).
    func removing(_ pointers: [JSONPointer]) -> Node {
        var node = self
        for pointer in pointers where !pointer.tokens.isEmpty {
            node = node.removing(pointer.tokens[...])
        }
        return node
    }

    private func removing(_ tokens: ArraySlice<String>) -> Node {
        guard let token = tokens.first else { return self }
        switch content {
        case .mapping(var pairs):
            guard let index = pairs.firstIndex(where: { $0.key.scalarText == token }) else { return self }
            if tokens.count == 1 {
                pairs.remove(at: index)
            } else {
                pairs[index].value = pairs[index].value.removing(tokens.dropFirst())
            }
            return Node(.mapping(pairs), mark: mark)
        case .sequence(var items):
            guard let index = Int(token), items.indices.contains(index) else { return self }
            if tokens.count == 1 {
                items.remove(at: index)
            } else {
                items[index] = items[index].removing(tokens.dropFirst())
            }
            return Node(.sequence(items), mark: mark)
        case .scalar:
            return self
        }
    }
}
