import Foundation
import PagegenYAML

/// A document split across files — a root whose paths, operations, parameters,
/// responses and schemas are `$ref`s to relative files (`paths/orders.yaml`,
/// `../schemas/Order.yaml#/Order`), YAML beside JSON, in folders of any depth — read
/// as one tree, the way the rest of the importer reads a document written whole.
///
/// - A schema from another file becomes a component of its own (`#/components/schemas/Order`,
///   `#/definitions/Order` in Swagger 2.0), named after its fragment's last step or its
///   file, so that every use of it is one model and a cycle across files is a reference.
///   A root component that is a reference to a file (`Order: { $ref: schemas/Order.yaml }`)
///   holds that file's schema under its own name.
/// - Anything else (a path item, a parameter, a response, a request body) is written in
///   place of its reference.
/// - A reference is read relative to the file that holds it; each file is read once,
///   however often it is referenced; `#/…` in another file is a place in that file.
/// - A reference to a URL, or to a file outside the root document's folder, is refused
///   (nothing is fetched while a project builds), as is a file or a place that is not
///   there: an error at the reference, in the file that holds it.
///
/// Every part taken from another file is recorded (``Graft``), so that a note about
/// it names that file, its line and column, and its place in it.
struct SplitDocument {
    /// A part of the tree that was read from another file.
    struct Graft: Sendable {
        /// The file, as notes name it.
        var file: String
        /// Where the part is in that file.
        var pointer: JSONPointer
    }

    /// A place in a file: a reference's target.
    private struct Target: Hashable {
        var path: String
        var pointer: JSONPointer
    }

    /// What a reference leads to, where it is used.
    private enum Position {
        case schema
        case other
    }

    /// The root document's folder: no reference may leave it.
    private let folder: URL
    /// The root file's path, resolved.
    private let rootPath: String
    /// How notes name files: the root's name's folder, then the path below `folder`.
    private let namePrefix: String
    private let isSwagger2: Bool
    /// Every file read, by its resolved path.
    private var files: [String: SourceFile] = [:]
    /// The components made or claimed for targets in other files.
    private var components: [Target: JSONPointer] = [:]
    /// Component names taken, per kind (`schemas`, or `definitions` in Swagger 2.0).
    private var taken: [String: Set<String>] = [:]
    /// The schemas taken from other files, to add to the root's components.
    private var added: [(name: String, node: Node)] = []
    /// The targets being written in place, to find a cycle that is not a schema's.
    private var inProgress: Set<Target> = []
    private(set) var grafts: [JSONPointer: Graft] = [:]
    private(set) var errors: [ImportError] = []
    /// True inside examples, whose references that lead nowhere are left as written.
    private var lenient = false
    /// How many files other than the root were read.
    var fileCount: Int { files.count - 1 }

    /// True when some `$ref` of `node` names another file.
    static func referencesOtherFiles(_ node: Node, parentKey: String? = nil) -> Bool {
        switch node.content {
        case .scalar:
            return false
        case .sequence(let items):
            return items.contains { referencesOtherFiles($0) }
        case .mapping(let pairs):
            for pair in pairs {
                if pair.key.scalarText == "$ref", let target = pair.value.scalarText, !target.hasPrefix("#") { return true }
                if let key = pair.key.scalarText, isLeftAlone(key), !namesMaps.contains(parentKey ?? "") { continue }
                if referencesOtherFiles(pair.value, parentKey: pair.key.scalarText) { return true }
            }
            return false
        }
    }

    /// The document at `url` (already read as `root`), with every file it references
    /// read into it, and where each part came from.
    /// - Throws: ``ImportError`` at the first reference that cannot be followed (the
    ///   others in ``ImportError/more``).
    static func assemble(_ root: SourceFile, at url: URL) throws(ImportError) -> (root: Node, grafts: [JSONPointer: Graft], files: Int) {
        var split = SplitDocument(root: root, at: url)
        let node = split.assembled(root)
        if var first = split.errors.first {
            first.more = Array(split.errors.dropFirst())
            throw first
        }
        return (node, split.grafts, split.fileCount)
    }

    private init(root: SourceFile, at url: URL) {
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath()
        folder = resolved.deletingLastPathComponent()
        rootPath = resolved.path
        let rootFolderName = (root.name as NSString).deletingLastPathComponent
        namePrefix = rootFolderName.isEmpty ? "" : rootFolderName + "/"
        isSwagger2 = root.root["swagger"] != nil
        files[rootPath] = root
    }

    /// Where schemas taken from other files go: `components/schemas`, or
    /// `definitions` in Swagger 2.0.
    private var schemaSection: [String] { isSwagger2 ? ["definitions"] : ["components", "schemas"] }

    private mutating func assembled(_ root: SourceFile) -> Node {
        claimRootComponents(root.root)
        var node = walk(root.root, in: rootPath, at: JSONPointer())
        guard !added.isEmpty else { return node }
        // The schemas from other files join the root's own, after them.
        let section = schemaSection
        let existing = node.node(at: JSONPointer(section))
        var pairs = existing?.pairs ?? []
        for (name, schema) in added {
            pairs.append(Node.Pair(key: .text(name, at: schema.mark), value: schema))
        }
        let schemas = Node(.mapping(pairs), mark: existing?.mark ?? node.mark)
        if section.count == 1 {
            node = node.setting(section[0], schemas)
        } else {
            let components = node["components"] ?? Node(.mapping([]), mark: node.mark)
            node = node.setting("components", components.setting(section[1], schemas))
        }
        return node
    }

    /// The root's components that are references to other files own those files'
    /// parts: every other reference to the same part reads the component.
    private mutating func claimRootComponents(_ root: Node) {
        let sections: [[String]] =
            isSwagger2
            ? [["definitions"], ["parameters"], ["responses"]]
            : (root["components"]?.keys ?? []).map { ["components", $0] }
        for section in sections {
            let pointer = JSONPointer(section)
            for pair in root.node(at: pointer)?.pairs ?? [] {
                guard let name = pair.key.scalarText else { continue }
                taken[section.last ?? "", default: []].insert(name)
                guard let reference = pair.value["$ref"]?.scalarText, !reference.hasPrefix("#"),
                    let target = target(of: reference, in: rootPath, mark: pair.value.mark, report: false)
                else { continue }
                if components[target] == nil { components[target] = pointer.appending(name) }
            }
        }
    }

    private mutating func walk(_ node: Node, in path: String, at pointer: JSONPointer) -> Node {
        switch node.content {
        case .scalar:
            return node
        case .sequence(let items):
            return Node(.sequence(items.enumerated().map { walk($1, in: path, at: pointer.appending(String($0))) }), mark: node.mark)
        case .mapping(let pairs):
            let inExamples = pointer.tokens.count >= 2 && pointer.tokens[pointer.tokens.count - 2] == "examples"
            let walked = Node(
                .mapping(
                    pairs.map { pair in
                        guard let key = pair.key.scalarText, key != "$ref", !Self.literalKeys.contains(key),
                            !(inExamples && key == "value"), !(key == "examples" && pair.value.items != nil),
                            !(Self.isLeftAlone(key) && !Self.namesMaps.contains(pointer.tokens.last ?? ""))
                        else { return pair }
                        // An example's file that is not there leaves the example as it is written.
                        let wasLenient = lenient
                        if key == "examples" { lenient = true }
                        defer { lenient = wasLenient }
                        return Node.Pair(key: pair.key, value: walk(pair.value, in: path, at: pointer.appending(key)))
                    }), mark: node.mark)
            if let reference = node["$ref"]?.scalarText {
                return resolve(reference, of: walked, in: path, at: pointer)
            }
            return walked
        }
    }

    /// Keys whose values are data, not OpenAPI: a `$ref` in them is an example's text
    /// (so is an example object's `value`, and a schema's list of `examples`).
    private static let literalKeys: Set<String> = ["example", "default", "enum", "const"]

    /// Keys whose references are not followed: a vendor's extension (`x-…`, which no
    /// client needs, such as Spotify's `x-spotify-policy` or Azure's `x-ms-examples`).
    /// They stay as they are written, and cannot stop an import. (The references of
    /// examples are followed where they lead somewhere, and left as they are where not.)
    static func isLeftAlone(_ key: String) -> Bool {
        key.hasPrefix("x-")
    }

    /// Mappings whose keys are names a document gives (header fields, properties,
    /// paths…), where `x-rate-limit` is a name, not an extension.
    static let namesMaps: Set<String> = [
        "headers", "properties", "patternProperties", "paths", "schemas", "responses", "parameters", "callbacks", "examples",
        "links", "securitySchemes", "requestBodies", "encoding", "content", "variables", "definitions", "mapping", "scopes",
        "securityDefinitions", "$defs",
    ]

    private mutating func resolve(_ reference: String, of node: Node, in path: String, at pointer: JSONPointer) -> Node {
        // The reference's siblings (OpenAPI 3.1's `description` and `summary`, a 3.1
        // schema's keywords) stay beside it.
        let mark = node["$ref"]?.mark ?? node.mark
        // A place in the root is the root's own reference, as it is written.
        if reference.hasPrefix("#"), path == rootPath { return node }
        guard let target = target(of: reference, in: path, mark: mark, report: true) else { return node }
        if target.path == rootPath {
            return node.setting("$ref", .text("#" + Self.fragment(target.pointer), at: mark))
        }
        guard let file = files[target.path], let value = file.root.node(at: target.pointer) else { return node }
        let position: Position = Self.isSchemaPosition(pointer.tokens) ? .schema : .other
        if let component = components[target], component != pointer {
            return node.setting("$ref", .text("#" + Self.fragment(component), at: mark))
        }
        if components[target] == nil, position == .schema {
            // A schema: a component of its own, named before it is read, so that a
            // cycle back to it is a reference to it.
            let name = claimName(for: target)
            let component = JSONPointer(schemaSection + [name])
            components[target] = component
            grafts[component] = Graft(file: file.name, pointer: target.pointer)
            let index = added.count
            added.append((name, value))
            added[index].node = walk(value, in: target.path, at: component)
            return node.setting("$ref", .text("#" + Self.fragment(component), at: mark))
        }
        // Anything else is written where it is referenced.
        guard inProgress.insert(target).inserted else {
            report(
                "the reference '\(reference)' leads back to itself through parts that are not schemas", in: path, mark: mark,
                hint: "a path item, parameter or response cannot contain itself")
            return node
        }
        defer { inProgress.remove(target) }
        grafts[pointer] = Graft(file: file.name, pointer: target.pointer)
        var resolved = walk(value, in: target.path, at: pointer)
        // OpenAPI 3.1 lets a reference carry a summary and a description of its own.
        for pair in node.pairs ?? [] {
            guard let key = pair.key.scalarText, key == "summary" || key == "description", resolved.pairs != nil else { continue }
            resolved = resolved.setting(key, pair.value)
        }
        return resolved
    }

    /// The file and place `reference` leads to from the file at `path`, the file read;
    /// nil (with an error, when `report`) when it cannot be followed.
    private mutating func target(of reference: String, in path: String, mark: Mark, report shouldReport: Bool) -> Target? {
        func fail(_ message: String, _ hint: String?) -> Target? {
            if shouldReport { report(message, in: path, mark: mark, hint: hint) }
            return nil
        }
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let filePart = parts[0]
        let fragment = parts.count > 1 ? parts[1] : ""
        if let colon = filePart.firstIndex(of: ":"),
            filePart[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) }),
            filePart[..<colon].first?.isLetter == true
        {
            return fail(
                "the reference '\(reference)' is a URL; pagegen reads only files beside the document, and fetches nothing while a project builds",
                "save that document in the document's folder and refer to it by a relative path")
        }
        guard fragment.isEmpty || fragment.hasPrefix("/") else {
            return fail(
                "the reference '\(reference)' names a place by an anchor ('#\(fragment)'), not a JSON Pointer",
                "write the place as a JSON Pointer, such as '#/components/schemas/Order'")
        }
        let pointer = JSONPointer(parsing: "#" + (fragment.removingPercentEncoding ?? fragment))
        var resolvedPath = path
        if !filePart.isEmpty {
            let relative = filePart.removingPercentEncoding ?? filePart
            let url = URL(fileURLWithPath: relative, relativeTo: URL(fileURLWithPath: path).deletingLastPathComponent())
            resolvedPath = url.standardizedFileURL.resolvingSymlinksInPath().path
            let inside = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            guard resolvedPath.hasPrefix(inside) else {
                return fail(
                    "the reference '\(reference)' leads outside the document's folder (\(namePrefix.isEmpty ? "the folder of \(displayName(of: rootPath))" : namePrefix))",
                    "keep every file of the document under the folder of its root file")
            }
            if files[resolvedPath] == nil {
                let name = displayName(of: resolvedPath)
                switch Result(catching: { () throws(ImportError) in try SourceFile.read(URL(fileURLWithPath: resolvedPath), name: name) }) {
                case .success(let file): files[resolvedPath] = file
                case .failure(let error):
                    if FileManager.default.fileExists(atPath: resolvedPath) {
                        // The file's own error, at its line and column.
                        if !lenient { errors.append(error) }
                        return nil
                    }
                    return fail(
                        "the reference '\(reference)' leads to \(name), which does not exist", "check the path, relative to this file")
                }
            }
        }
        guard let file = files[resolvedPath] else { return nil }
        // A place in the root is the root's own reference: one that leads nowhere there
        // is read as the root's own are (a warning, and JSON).
        if resolvedPath == rootPath { return Target(path: rootPath, pointer: pointer) }
        guard file.root.node(at: pointer) != nil else {
            // A place written as if in the root, in a file beside it, is the root's: many
            // tools read it so.
            if resolvedPath != rootPath, filePart.isEmpty, files[rootPath]?.root.node(at: pointer) != nil {
                return Target(path: rootPath, pointer: pointer)
            }
            return fail(
                "the reference '\(reference)' leads to no part of \(file.name): it has nothing at \(pointer)",
                "check the JSON Pointer after '#'")
        }
        return Target(path: resolvedPath, pointer: pointer)
    }

    /// A name for a schema taken from another file: its fragment's last step, else its
    /// file's name without the extension, made a valid component name, with a number
    /// when another schema has it.
    private mutating func claimName(for target: Target) -> String {
        let section = schemaSection.last ?? "schemas"
        var base = target.pointer.tokens.last ?? ""
        if base.isEmpty || Int(base) != nil {
            let file = (target.path as NSString).lastPathComponent
            base = String(file.prefix { $0 != "." })
        }
        base = String(base.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        if base.isEmpty { base = "Schema" }
        var name = base
        var number = 2
        while taken[section, default: []].contains(name) {
            name = "\(base)\(number)"
            number += 1
        }
        taken[section, default: []].insert(name)
        return name
    }

    /// True for the places a schema stands: `schema`, `items`, a property, an entry of
    /// `allOf`, a component schema…
    static func isSchemaPosition(_ tokens: [String]) -> Bool {
        guard let last = tokens.last else { return false }
        let parent = tokens.count > 1 ? tokens[tokens.count - 2] : ""
        if tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" { return true }
        if tokens.count == 2, tokens[0] == "definitions" { return true }
        if ["schema", "items", "additionalProperties", "not", "additionalItems", "contains", "propertyNames", "if", "then", "else"]
            .contains(last)
        {
            return true
        }
        if ["properties", "patternProperties", "$defs", "dependentSchemas"].contains(parent) { return true }
        if ["allOf", "anyOf", "oneOf", "prefixItems", "items"].contains(parent), Int(last) != nil { return true }
        return parent == "definitions" && tokens.count > 2
    }

    /// `/components/schemas/Order` as a fragment, each step percent-encoded where a URI
    /// fragment needs it.
    private static func fragment(_ pointer: JSONPointer) -> String {
        pointer.description.addingPercentEncoding(withAllowedCharacters: fragmentCharacters) ?? pointer.description
    }

    private static let fragmentCharacters: CharacterSet = {
        var set = CharacterSet.urlFragmentAllowed
        set.remove(charactersIn: "%{}")
        return set
    }()

    /// A file as notes name it: below the root's folder, as the root is named.
    private func displayName(of path: String) -> String {
        let inside = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        guard path.hasPrefix(inside) else { return path }
        return namePrefix + path.dropFirst(inside.count)
    }

    private mutating func report(_ message: String, in path: String, mark: Mark, hint: String?) {
        guard !lenient else { return }
        errors.append(ImportError(file: files[path]?.name ?? displayName(of: path), mark: mark, message: message, hint: hint))
    }
}
