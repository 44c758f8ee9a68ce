import Foundation
import PagegenTestSupport

/// OpenAPI documents that try to put code into what is generated from them: every text
/// a document carries (operation ids, parameter and property names, enum values,
/// summaries, descriptions, tags, server URLs, extension values) holds a payload that
/// would declare `evil…` if a writer copied it into Swift as it is.
///
/// Each document has three list operations, paged three ways (page numbers with a
/// total, a cursor in the body, a next link in the body), so that every kind of code
/// the paging extensions write reads some of its text.
enum HostileDocuments {
    /// What each payload tries, and the payload: a way out of a comment, a string
    /// literal or a line, followed by a declaration.
    static let payloads: [(name: String, text: String)] = [
        ("line feed", "\n}\nfunc evil0() {}\n//"),
        ("carriage return", "\r}\rfunc evil1() {}\r//"),
        ("block comment end", "*/ func evil2() {} /*"),
        ("triple quotes", "\"\"\"\n}\nfunc evil3() {}\n\"\"\""),
        ("backslash and quote", "\\\"); func evil4() {} //\\"),
        ("raw string and directive", "\"#)\n#if true\nfunc evil5() {}\n#endif\n//"),
        ("bidirectional override", "\u{202E}\n}\nfunc evil6() {}\u{202C}"),
        ("zero-width and isolates", "\u{200B}\u{200D}\u{2066}\n}\nfunc evil7() {}\u{2069}\u{FEFF}"),
        ("NUL", "\u{0}\n}\nfunc evil8() {}\u{0}"),
        ("line and paragraph separators", "\u{2028}}\u{2029}func evil9() {}\u{2028}\u{85}"),
        ("template and interpolation", "{{#operations}}\\(evil10()){{/operations}}\n}\nfunc evil10() {}"),
    ]

    /// The marker every payload's declarations carry.
    static let marker = "evil"

    /// The operation ids each document pages, in the document's order (its paths'),
    /// for a payload.
    static func pagedOperations(_ payload: String) -> [String] {
        ["feed\(payload)Entries", "list\(payload)Items", "search\(payload)"]
    }

    /// The document for `payload`, as JSON text.
    static func document(_ payload: String) -> String {
        json(document(parts: [("", payload)]))
    }

    /// The payloads that stay on one line: swift-openapi-generator 1.14 writes a
    /// document's names into its string literals as they are (a raw literal when they
    /// hold a quote or a backslash), so a line break in one ends its own client's
    /// literal. Its client compiles with these in every text.
    static let singleLinePayloads: [(name: String, text: String)] = [
        ("block comment end", "*/ func evil0() {} /*"),
        ("backslash and quote", "\\\"); func evil1() {} //\\"),
        ("raw string", "\"##); func evil2() {} //"),
        ("bidirectional override", "\u{202E} func evil3() {} \u{202C}"),
        ("zero-width and isolates", "\u{200B}\u{200D}\u{2066} func evil4() {}\u{2069}"),
        ("template and interpolation", "{{#operations}}\\(evil5()){{/operations}} func evil5() {}"),
    ]

    /// One document with the operations of each single-line payload, the paths and
    /// the item schema of each prefixed with its index: Examples/OpenAPIGeneratorConsumer
    /// builds swift-openapi-generator's client of it with the paging extensions.
    static var swiftOpenAPIGeneratorDocument: String {
        json(document(parts: singleLinePayloads.indices.map { ("\($0)", singleLinePayloads[$0].text) }))
    }

    /// The document's tree: for each part, its three operations under `/<prefix>…`.
    private static func document(parts: [(prefix: String, payload: String)]) -> [String: Any] {
        var paths: [String: Any] = [:]
        var schemas: [String: Any] = [:]
        for (prefix, payload) in parts {
            let part = operations(payload, prefix: prefix)
            paths.merge(part.paths) { first, _ in first }
            schemas.merge(part.schemas) { first, _ in first }
        }
        let p = parts.count == 1 ? parts[0].payload : "every payload"
        func text(_ words: String) -> String { "\(words) \(p) end" }
        return [
            "openapi": "3.0.3",
            "info": ["title": "Hostile", "description": text("An API."), "version": "1", "x-payload": p],
            "servers": [["url": "https://api.example.com/v1\(p)", "description": text("The server.")]],
            "tags": [["name": "tag\(p)", "description": text("A tag.")]],
            "x-payload": p,
            "paths": paths,
            "components": ["schemas": schemas],
        ]
    }

    /// The paths and schemas of one payload.
    private static func operations(_ p: String, prefix: String) -> (paths: [String: Any], schemas: [String: Any]) {
        func text(_ words: String) -> String { "\(words) \(p) end" }
        let itemName = "Item\(prefix)"
        let item: [String: Any] = [
            "type": "object",
            "description": text("An item."),
            "required": ["id", "name"],
            "properties": [
                "id": ["type": "string", "description": text("The id.")],
                "name": ["type": "string", "description": text("The name."), "example": p],
                "note\(p)": ["type": "string", "description": text("A note."), "default": p],
                "status": ["type": "string", "enum": ["open", "closed \(p)", p], "description": text("The status.")],
            ],
            "x-payload": p,
        ]
        func list(_ extra: [String: Any]) -> [String: Any] {
            [
                "type": "object",
                "description": text("A page."),
                "properties": [
                    "items": ["type": "array", "items": ["$ref": "#/components/schemas/\(itemName)"], "description": text("The items.")]
                ].merging(extra) { first, _ in first },
            ]
        }
        func response(_ schema: [String: Any]) -> [String: Any] {
            [
                "200": [
                    "description": text("A page."),
                    "headers": ["X-Note\(p)": ["description": text("A header."), "schema": ["type": "string"]]],
                    "content": ["application/json": ["schema": schema]],
                ],
                "default": ["description": text("An error.")],
            ]
        }
        func parameter(_ name: String, _ schema: [String: Any], in location: String = "query") -> [String: Any] {
            [
                "name": name, "in": location, "required": location == "path", "schema": schema, "description": text("A parameter."),
                "example": p,
            ]
        }
        let filter = parameter("filter\(p)", ["type": "string", "enum": ["all", p]])
        let ids = pagedOperations(p)
        let paths: [String: Any] = [
            "/\(prefix)items": [
                "get": [
                    "operationId": ids[1], "summary": text("Lists items."), "description": text("Pages by number."),
                    "tags": ["tag\(p)"], "x-payload": p,
                    "parameters": [
                        parameter("page", ["type": "integer", "minimum": 1]),
                        parameter("per_page", ["type": "integer", "maximum": 100]), filter,
                    ],
                    "responses": response(list(["total": ["type": "integer", "description": text("The total.")]])),
                ]
            ],
            "/\(prefix)search": [
                "get": [
                    "operationId": ids[2], "summary": text("Searches."), "description": text("Pages by cursor."),
                    "tags": ["tag\(p)"],
                    "parameters": [
                        parameter("cursor", ["type": "string"]), parameter("limit", ["type": "integer"]), filter,
                    ],
                    "responses": response(
                        list(["next_cursor": ["type": "string", "nullable": true, "description": text("The next page's cursor.")]])
                    ),
                ]
            ],
            "/\(prefix)feeds/{feed}/entries": [
                "get": [
                    "operationId": ids[0], "summary": text("Lists entries."), "description": text("Pages by next link."),
                    "parameters": [
                        parameter("feed", ["type": "string"], in: "path"), parameter("limit", ["type": "integer"]), filter,
                    ],
                    "responses": response(
                        list(["next": ["type": "string", "format": "uri", "nullable": true, "description": text("The next page.")]])),
                ]
            ],
        ]
        return (paths, [itemName: item])
    }

    /// The tree as JSON, in ASCII: every other character inside a string escaped as
    /// `\uXXXX`, so that a YAML reader (swift-openapi-generator reads JSON as YAML)
    /// reads U+2028 and U+0085 as text rather than line breaks.
    private static func json(_ tree: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys, .prettyPrinted])
        var text = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            if scalar.isASCII {
                text.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 { text += "\\u" + String(format: "%04X", unit) }
            }
        }
        return text + "\n"
    }
}

/// The declarations `swiftc -dump-parse` finds in a Swift file: what the compiler will
/// declare, whatever the file's comments and string literals hold.
struct ParsedDeclarations {
    /// One declaration: its kind (`func_decl`), its name (`aPages(_:from:)`, the
    /// extended type, the imported module) and its depth (0 at the top level).
    struct Declaration: Hashable, CustomStringConvertible {
        var kind: String
        var name: String
        var depth: Int
        var description: String { "\(kind) \(name)" }
    }

    var declarations: [Declaration]

    /// The declarations at the top level of the file.
    var topLevel: [Declaration] { declarations.filter { $0.depth == 0 } }

    /// Parses the file at `url`: the compiler's messages when it does not parse.
    static func parse(_ url: URL, with checker: TypeChecker) throws -> Result<ParsedDeclarations, ParseFailure> {
        let command = checker.command
        let run = try ChildProcess.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()) + ["-dump-parse", url.path])
        // The dump goes to the standard error, with the parser's messages.
        let dump = run.output + run.errors
        let messages = dump.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        guard run.termination == .exited(0), messages.isEmpty else {
            return .failure(ParseFailure(log: messages.isEmpty ? "swiftc ended with \(run.termination)" : messages.joined(separator: "\n")))
        }
        var declarations: [Declaration] = []
        for line in dump.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            guard rest.hasPrefix("("), let space = rest.firstIndex(of: " ") else { continue }
            let kind = String(rest[rest.index(after: rest.startIndex)..<space])
            guard kind.hasSuffix("_decl"), let open = rest.firstIndex(of: "\"") else { continue }
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else { continue }
            // The source file is at depth 0 of the dump, its declarations one level in.
            declarations.append(Declaration(kind: kind, name: String(rest[afterOpen..<close]), depth: indent / 2 - 1))
        }
        return .success(ParsedDeclarations(declarations: declarations))
    }

    struct ParseFailure: Error, CustomStringConvertible {
        var log: String
        var description: String { log }
    }
}
