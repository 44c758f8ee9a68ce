import Foundation
import PagegenCore

/// One spec of the corpus: legal YAML with an unlucky name or text in it.
struct CorpusCase: Sendable {
    /// A short name, unique in the corpus: `keyword-members-default`.
    var id: String
    /// What it tries.
    var category: String
    /// The spec.
    var yaml: String
    /// The generator's options.
    var config = GeneratorConfig()

    /// The file the spec is read as, in diagnostics.
    var file: String { "corpus/\(id).pagegen.yaml" }
}

/// Builds the corpus: specs that a careless generator would accept and then
/// generate code that does not compile. Each is either rejected by lint with a
/// located error, or generates code that type-checks.
enum HostileCorpus {
    /// The names of the runtime's, Foundation's and the standard library's public types
    /// that generated code uses or that real APIs call their models.
    static let typeNames = [
        "Page", "Result", "Paging", "PagedList", "ItemSequence", "PageSequence", "PageLoader", "PageKey", "Parameter",
        "PageSize", "Endpoint", "RequestParameters", "ClientRuntime", "Cancellable", "APIError", "HTTPTransport",
        "URLSessionTransport", "ClientMiddleware", "Credential", "OpenEnum", "JSONValue", "DateFormat", "HTTPHeaderField",
        "HTTPRequest", "HTTPResponse", "WindowStart", "BodyErrorRule", "PagedListOptions", "ParameterValue",
        "Sendable", "Decodable", "Encodable", "Codable", "Identifiable", "Decoder", "Encoder", "CodingKey", "CodingKeys",
        "Void", "Optional", "Array", "Dictionary", "Set", "Error", "Never", "Character", "AnyHashable", "Hashable",
        "Equatable", "MainActor", "Task", "Data", "UUID", "Locale", "Operations", "Client", "Status", "Type",
    ]

    static func build() -> [CorpusCase] {
        var cases: [CorpusCase] = []
        for (index, keywords) in keywordGroups().enumerated() {
            cases += keywordMemberCases(keywords, group: index)
        }
        for (index, keyword) in SwiftKeywordList.all.enumerated() {
            cases += keywordCases(keyword, index: index)
        }
        for (index, name) in typeNames.enumerated() {
            cases += typeNameCases(name, index: index)
        }
        cases += collisionCases()
        cases += identityCases()
        cases += derivedNameCases()
        cases += hostileTextCases()
        cases += waitAndCountCases()
        cases += requestContentCases()
        return cases
    }

    // MARK: Keywords in every position

    /// The keywords in groups of five, no two in a group the same but for case (`self`
    /// and `Self` would be one header, and collide as members), so that each group's
    /// spec puts five keywords in every member position at once.
    static func keywordGroups() -> [[String]] {
        var groups: [[String]] = []
        for keyword in SwiftKeywordList.all {
            if let index = groups.firstIndex(where: { $0.count < 5 && !$0.contains { $0.lowercased() == keyword.lowercased() } }) {
                groups[index].append(keyword)
            } else {
                groups.append([keyword])
            }
        }
        return groups
    }

    /// Every member position named by each keyword of a group: fields, enum cases,
    /// query, path and header parameters, endpoints; and the same names as `var` fields,
    /// which also get setters.
    static func keywordMemberCases(_ keywords: [String], group: Int) -> [CorpusCase] {
        let quoted = keywords.map { "'\($0)'" }.joined(separator: ", ")
        let list = keywords.joined(separator: ", ")
        func lines(_ indent: Int, _ line: (String) -> String) -> String {
            keywords.map { String(repeating: " ", count: indent) + line($0) }.joined(separator: "\n")
        }
        let endpoints = keywords.enumerated().map { offset, keyword in
            let name = keyword.first?.isLetter == true ? keyword : "byKeyword"
            return """
                  \(name):
                    summary: The endpoint named '\(keyword)'.
                    get: /things/\(offset)/{\(keyword)}
                    path: { \(keyword): String }
                    header: { X-Trace: String? }
                    returns: Thing
                """
        }.joined(separator: "\n")
        let members = """
            pagegen: 1
            name: Keywords\(group)
            namespace: Keywords\(group)API
            description: Every member position named \(quoted).
            baseURL: https://api.example.com/v1
            models:
              Thing:
                description: A thing with fields named \(quoted).
                fields:
                  id: Int
            \(lines(6) { "\($0): String?" })
            \(lines(6) { "\($0)_list: \"[String]?\"" })
                  kind: { enum: [\(list), other], optional: true }
                  stamp: { type: Date, dates: unixSeconds, optional: true }
              ThingPage:
            \(lines(4) { "\($0): Int?" })
                things: [Thing]
                next: String?
              Tagged:
            \(lines(4) { "\($0): { enum: [\($0), plain] }" })
            endpoints:
              things:
                get: /things
                query:
            \(lines(6) { "\($0): String?" })
                  mode: { enum: [\(list), plain], default: \(keywords[0]) }
                returns: ThingPage
                paging:
                  cursor: { param: cursor, from: next }
                  size: { param: limit, default: 20 }
                  items: things
            \(endpoints)
              headed:
                get: /headed
                header:
            \(lines(6) { "\($0): String?" })
                returns: Tagged
              create:
                post: /things
                body: Thing
                returns: Thing
            """
        let slug = keywords.map(slug(of:)).joined(separator: "-")
        return [
            CorpusCase(id: "keyword-members-\(group)-\(slug)", category: "keywords in member positions", yaml: members),
            CorpusCase(
                id: "keyword-members-mutable-\(group)-\(slug)", category: "keywords in member positions",
                yaml: members.replacingOccurrences(of: "Keywords\(group)", with: "MutableKeywords\(group)"),
                config: GeneratorConfig(mutableModels: true)),
        ]
    }

    /// The keyword as a case id shows it: `underscore` for `_`.
    static func slug(of keyword: String) -> String {
        keyword.filter { $0.isLetter || $0.isNumber }.isEmpty ? "underscore" : keyword
    }

    static func keywordCases(_ keyword: String, index: Int) -> [CorpusCase] {
        let slug = slug(of: keyword)
        let typeName = keyword.prefix(1).uppercased() + keyword.dropFirst()
        let specName = """
            pagegen: 1
            name: \(keyword)
            baseURL: https://api.example.com
            models:
              Item\(index): { id: Int }
            endpoints:
              one:
                get: /one
                returns: Item\(index)
            """
        let modelName = """
            pagegen: 1
            name: Model\(index)
            baseURL: https://api.example.com
            models:
              \(typeName):
                id: Int
                \(keyword): \(typeName)?
                kind: { enum: [\(keyword)] }
              Holder\(index): { value: \(typeName), values: [\(typeName)], next: String? }
            endpoints:
              one:
                get: /one
                returns: \(typeName)
              all:
                get: /all
                returns: Holder\(index)
                paging: { cursor: { param: after, from: next }, items: values }
            """
        let namespace = """
            pagegen: 1
            name: Space\(index)
            namespace: \(keyword)
            baseURL: https://api.example.com
            models:
              Item: { id: Int }
            endpoints:
              items:
                get: /items
                returns: [Item]
                paging: { page: { param: page } }
            """
        return [
            CorpusCase(id: "keyword-spec-name-\(index)-\(slug)", category: "keywords as spec names", yaml: specName),
            CorpusCase(id: "keyword-model-\(index)-\(slug)", category: "keywords as model names", yaml: modelName),
            CorpusCase(id: "keyword-namespace-\(index)-\(slug)", category: "keywords as namespaces", yaml: namespace),
        ]
    }

    // MARK: Type names as model names

    static func typeNameCases(_ name: String, index: Int) -> [CorpusCase] {
        func spec(namespace: String?) -> String {
            """
            pagegen: 1
            name: Types\(index)\(namespace == nil ? "Bare" : "")
            \(namespace.map { "namespace: \($0)" } ?? "")
            baseURL: https://api.example.com
            models:
              \(name):
                id: Int
                name: String
                status: { enum: [open, closed] }
                parent: \(name)?
              Wrapper\(index):
                items: [\(name)]
                next: String?
            endpoints:
              list:
                get: /list
                query: { sort: { enum: [asc, desc], optional: true } }
                returns: Wrapper\(index)
                paging:
                  cursor: { param: after, from: next }
                  items: items
              one:
                get: /one/{id}
                path: { id: Int }
                returns: \(name)
              send:
                post: /send
                body: Wrapper\(index)
                returns: \(name)?
            """
        }
        return [
            CorpusCase(
                id: "type-name-\(name)-namespaced", category: "type names as models, in a namespace",
                yaml: spec(namespace: "TypeNames\(index)")),
            CorpusCase(id: "type-name-\(name)-bare", category: "type names as models, without a namespace", yaml: spec(namespace: nil)),
        ]
    }

    // MARK: Names that collide after conversion

    static func collisionCases() -> [CorpusCase] {
        var cases: [CorpusCase] = []
        func add(_ id: String, _ body: String, namespace: Bool = true) {
            cases.append(
                CorpusCase(
                    id: "collision-\(id)", category: "names that collide after conversion",
                    yaml: """
                        pagegen: 1
                        name: Collide\(cases.count)
                        \(namespace ? "namespace: Collide\(cases.count)API" : "")
                        baseURL: https://api.example.com
                        \(body)
                        """))
        }
        let fieldPairs = [
            ("foo_bar", "fooBar"), ("Name", "name"), ("ID", "id"), ("self", "Self"), ("a-b", "a_b"),
            ("url", "URL"), ("_", "underscore"), ("+", "plus"), ("$top", "top"), ("page[size]", "pageSize"),
        ]
        for (first, second) in fieldPairs {
            add(
                "fields-\(first)-\(second)",
                """
                models:
                  Thing: { '\(first)': String, '\(second)': Int }
                endpoints:
                  thing: { get: /thing, returns: Thing }
                """)
            add(
                "fields-renamed-\(first)-\(second)",
                """
                models:
                  Thing: { '\(first)': String, '\(second)': { type: Int, swiftName: otherName } }
                endpoints:
                  thing: { get: /thing, returns: Thing }
                """)
        }
        for (first, second) in [("page[size]", "Page-Size"), ("sort_by", "sortBy"), ("q", "Q")] {
            add(
                "parameters-\(first)-\(second)",
                """
                models:
                  Thing: { id: Int }
                endpoints:
                  things:
                    get: /things
                    query: { '\(first)': String? }
                    header: { '\(second)': String? }
                    returns: [Thing]
                """)
        }
        let generatedArguments: [(String, String)] = [
            ("page", "page: { param: p }"), ("offset", "offset: { param: o }"),
            ("perPage", "page: { param: p }\n      size: { param: per_page, default: 10 }"),
            ("completion", "page: { param: p }"), ("options", "page: { param: p }"), ("pageSize", "ids: { item: thing }"),
            ("runtime", "page: { param: p }"), ("parameters", "page: { param: p }"), ("loader", "page: { param: p }"),
            ("self", "page: { param: p }"), ("body", "page: { param: p }"), ("cursor", "cursor: { param: cursor, from: next }"),
        ]
        for (name, paging) in generatedArguments {
            let returns = paging.hasPrefix("ids") ? "[Int]" : "ThingPage"
            let items = paging.hasPrefix("ids") ? "" : "\n      items: things"
            add(
                "argument-\(name)",
                """
                models:
                  Thing: { id: Int }
                  ThingPage: { things: [Thing], next: String? }
                endpoints:
                  things:
                    get: /things
                    query: { \(name): String? }
                    returns: \(returns)
                    paging:
                      \(paging)\(items)
                  thing:
                    get: /things/{id}
                    path: { id: Int }
                    returns: Thing
                """)
            add(
                "argument-renamed-\(name)",
                """
                models:
                  Thing: { id: Int }
                  ThingPage: { things: [Thing], next: String? }
                endpoints:
                  things:
                    get: /things
                    query: { \(name): { type: String, optional: true, swiftName: \(name)Filter } }
                    returns: \(returns)
                    paging:
                      \(paging)\(items)
                  thing:
                    get: /things/{id}
                    path: { id: Int }
                    returns: Thing
                """)
        }
        add(
            "body-and-query-body",
            """
            models:
              Thing: { id: Int }
            endpoints:
              create:
                post: /things
                query: { body: String? }
                body: Thing
                returns: Thing
            """)
        for values in [
            ["a-b", "a_b", "aB"], ["unknown", "Unknown"], ["_", "+", "-", ""], ["rawValue", "init", "self", "Type"],
            ["1", "01", "1st"], ["true", "false", "nil"], ["x\u{202E}y", "xY"],
            ["-name", "name", "+name", "nameDescending", "name.", "unknown", "unknownValue", "-`", "+*/"],
        ] {
            let list = values.map { "'\($0)'" }.joined(separator: ", ")
            add(
                "enum-values-\(values.joined(separator: "|"))",
                """
                models:
                  Thing:
                    state: { enum: [\(list)] }
                endpoints:
                  things:
                    get: /things
                    query: { state: { enum: [\(list)], default: '\(values[0])' } }
                    returns: [Thing]
                """)
        }
        add(
            "type-client-in-namespace",
            """
            models:
              Client: { id: Int, owner: Client? }
              Collide\(cases.count)Client: { id: Int }
            endpoints:
              clients: { get: /clients, returns: [Client] }
            """)
        add(
            "type-client-twice",
            """
            models:
              Client: { id: Int }
              Collide\(cases.count)Client: { id: Int }
            endpoints:
              clients: { get: /clients, returns: [Client] }
            """)
        add(
            "type-client-without-namespace",
            """
            models:
              Collide\(cases.count)Client: { id: Int }
            endpoints:
              clients: { get: /clients, returns: [Collide\(cases.count)Client] }
            """, namespace: false)
        add(
            "type-model-is-namespace",
            """
            models:
              Collide\(cases.count)API: { id: Int }
            endpoints:
              items: { get: /items, returns: [Collide\(cases.count)API] }
            """)
        add(
            "type-operations",
            """
            models:
              Operations: { id: Int, kind: { enum: [a] } }
            endpoints:
              operations:
                get: /operations
                query: { kind: { enum: [a, b], optional: true } }
                returns: [Operations]
                paging: { page: { param: page } }
            """, namespace: false)
        add(
            "type-enum-shadows",
            """
            models:
              Status: { status: { enum: [a, b] }, type: { enum: [x] }, coding_keys: { enum: [y] }, swift: { enum: [z] }, foundation: { enum: [w] } }
              ItemsSort: { id: Int }
            endpoints:
              items:
                get: /items
                query: { sort: { enum: [a, b], optional: true } }
                returns: [Status]
            """, namespace: false)
        add(
            "window-parameters",
            """
            models:
              Row: { id: Int }
              RowPage: { rows: [Row] }
              Window: { first_page: Int, size: Int?, total: Int64?, focus: Int64 }
            endpoints:
              rows:
                get: /tables/{table}/rows
                path: { table: String }
                query: { filter: String? }
                returns: RowPage
                paging:
                  offset: { param: start, first: 1 }
                  size: { param: per_page, default: 20 }
                  items: rows
              rowsWindow:
                get: /tables/{table}/window
                path: { table: String }
                query: { filter: Int?, around: Int }
                returns: Window
                window: { for: rows, page: first_page, size: size, total: total, focus: focus }
            """)
        add(
            "window-size",
            """
            models:
              Row: { id: Int }
              Window: { first_page: Int }
            endpoints:
              rows:
                get: /rows
                returns: [Row]
                paging:
                  page: { param: page, first: 0 }
                  size: { param: per_page, default: 20 }
              rowsWindow:
                get: /rows/window
                query: { per_page: Int? }
                returns: Window
                window: { for: rows, page: first_page }
            """)
        add(
            "credentials",
            """
            auth:
              - bearer
              - basic
              - apiKey: { header: Token }
              - apiKey: { header: Transport }
              - apiKey: { query: base_url }
              - apiKey: { query: self }
            models:
              Thing: { id: Int }
            endpoints:
              thing: { get: /thing, returns: Thing }
            """)
        return cases
    }

    // MARK: Identity fields under other names

    static func identityCases() -> [CorpusCase] {
        var cases: [CorpusCase] = []
        func add(_ id: String, _ models: String, item: String = "Record") {
            cases.append(
                CorpusCase(
                    id: "identity-\(id)", category: "identity fields under other names",
                    yaml: """
                        pagegen: 1
                        name: Identity\(cases.count)
                        namespace: Identity\(cases.count)API
                        baseURL: https://api.example.com
                        models:
                        \(models)
                          RecordPage:
                            records: [\(item)]
                            done: Bool
                        endpoints:
                          records:
                            get: /records
                            returns: RecordPage
                            paging:
                              offset: { param: offset }
                              size: { param: limit, default: 50 }
                              items: records
                              last: done
                        """))
        }
        for field in ["Id", "ID", "_id", "id_", "iD", "objectID", "uuid", "self"] {
            add(
                "long-\(field)",
                """
                  Record:
                    id: '\(field)'
                    fields: { '\(field)': String, Name: String }
                """)
            add(
                "short-\(field)",
                """
                  Record: { '\(field)': String, name: String }
                """)
        }
        add(
            "another-id-field",
            """
              Record:
                id: uuid
                fields: { uuid: String, id: Int }
            """)
        add(
            "two-ids",
            """
              Record:
                id: Id
                fields: { Id: String, id: Int }
            """)
        add(
            "nested",
            """
              Record:
                id: sys.id
                fields: { sys: Sys, id: Int? }
              Sys: { id: String }
            """)
        add(
            "optional",
            """
              Record:
                id: key
                fields: { key: String? }
            """)
        // Items that may be null, as GitHub's nullable users in a list of stargazers.
        add(
            "nullable-items",
            """
              Record: { id: Int, name: String }
            """, item: "\"Record?\"")
        return cases
    }

    // MARK: Endpoints that clash with derived names

    static func derivedNameCases() -> [CorpusCase] {
        var cases: [CorpusCase] = []
        for other in [
            "allThings", "thingsPages", "thingsList", "thingsLoader", "things_list", "runtime", "defaultBaseURL",
            "init", "self", "Things", "things_", "thingsWindowList",
        ] {
            cases.append(
                CorpusCase(
                    id: "derived-\(other)", category: "endpoints that clash with derived names",
                    yaml: """
                        pagegen: 1
                        name: Derived\(cases.count)
                        namespace: Derived\(cases.count)API
                        baseURL: https://api.example.com
                        models:
                          Thing: { id: Int }
                          ThingPage: { things: [Thing], total: Int }
                          Window: { first_page: Int }
                        endpoints:
                          things:
                            get: /things
                            returns: ThingPage
                            paging:
                              page: { param: page, first: 0 }
                              size: { param: size, default: 20 }
                              items: things
                              total: total
                          thingsWindow:
                            get: /things/window
                            query: { around: Int }
                            returns: Window
                            window: { for: things, page: first_page }
                          \(other):
                            get: /other
                            returns: [Thing]
                        """))
        }
        return cases
    }

    // MARK: Hostile text

    static let hostileTexts = [
        "ends a comment */ here", "opens a comment /* here", #"three quotes """ here"#, #"interpolation \(x) here"#,
        ##"raw #" string"##, #"back\slash \\ and \n"#, "a\nnew line", "bidi \u{202E}gnirts\u{202C} text",
        "isolate \u{2066}x\u{2069}", "zero\u{200B}width", "tab\there", "emoji 😀 and caf\u{E9}", "{{mustache}} {{{triple}}}",
        "<html> &amp; 'quotes'", "ends with a backslash \\",
    ]

    static func hostileTextCases() -> [CorpusCase] {
        hostileTexts.enumerated().map { index, text in
            let quoted = "\"" + yamlEscaped(text) + "\""
            // A header value cannot hold a line break (lint says so); the rest of the text can.
            let headerValue = "\"" + yamlEscaped(text.replacingOccurrences(of: "\n", with: " ")) + "\""
            return CorpusCase(
                id: "text-\(index)", category: "hostile text in descriptions, summaries and defaults",
                yaml: """
                    pagegen: 1
                    name: Text\(index)
                    namespace: Text\(index)API
                    description: \(quoted)
                    baseURL: https://api.example.com
                    headers: { X-Note: \(headerValue) }
                    models:
                      Note:
                        description: \(quoted)
                        fields:
                          id: Int
                          body: { type: String, description: \(quoted) }
                          \(quoted): String?
                          kind: { enum: [\(quoted), plain] }
                    endpoints:
                      notes:
                        summary: \(quoted)
                        get: /notes
                        headers: { X-Fixed: \(headerValue) }
                        query:
                          text: { type: String, default: \(quoted) }
                          kind: { enum: [\(quoted), plain], default: \(quoted) }
                          \(quoted): String?
                        returns: [Note]
                        paging:
                          cursor: { param: "c \(yamlEscaped(text))", fromHeader: \(quoted) }
                          size: { param: "s \(yamlEscaped(text))", default: 5, format: "\(yamlEscaped(text)){value}" }
                    """)
        }
    }

    // MARK: Bodies, answers, query styles, servers and deprecation

    /// Every body kind, answer kind and query style, servers and deprecation, with
    /// keywords and hostile text where they give names and messages: the deprecated
    /// functions, paging adapters and window lists must not warn where they call each
    /// other.
    static func requestContentCases() -> [CorpusCase] {
        var cases: [CorpusCase] = []
        for (index, keyword) in ["default", "self", "init", "Credentials", "body", "servers", "where", "Servers"].enumerated() {
            let field = keyword.lowercased()
            cases.append(
                CorpusCase(
                    id: "content-keyword-\(keyword)", category: "bodies, answers, query styles, servers and deprecation",
                    yaml: """
                        pagegen: 1
                        name: Content\(index)
                        namespace: Content\(index)API
                        baseURL: https://api.example.com/v1
                        servers:
                          \(field): https://uploads.example.com/\(field)
                          other_host: https://other.example.com
                        auth: { bearer: {} }
                        models:
                          \(keyword.prefix(1).uppercased() + keyword.dropFirst()):
                            fields:
                              \(field): String?
                            deprecated: "\(keyword)"
                          Item:
                            fields:
                              id: Int
                              \(field): { type: String?, deprecated: true }
                          ItemPage: { items: [Item], next: String? }
                          Window: { start: Int }
                          Filter: { \(field): Int?, tags: "[String]?", at: Date? }
                          Params: { \(field): String, nested: Filter?, list: "[Filter]?", meta: { map: String, optional: true } }
                          Upload: { \(field): File, files: "[File]?", optional_file: File?, note: String?, count: Int? }
                        endpoints:
                          items:
                            summary: Items.
                            description: All of them.
                            deprecated: "Use \(keyword)"
                            get: /items
                            query:
                              \(field): { type: Filter?, style: deepObject, arrays: brackets, deprecated: true, description: The filter. }
                              form_filter: { type: Filter?, style: form }
                              flat_filter: { type: Filter?, style: form, explode: false }
                              ids: { type: "[Int]?", explode: true }
                              pipes: { type: "[String]?", style: pipeDelimited }
                              spaces: { type: "[Date]?", style: spaceDelimited }
                              tags: { type: "[String]?", style: deepObject, arrays: commaSeparated }
                            returns: ItemPage
                            paging:
                              page: { param: page }
                              items: items
                          window:
                            get: /items/window
                            query: { at: Int? }
                            returns: Window
                            window: { for: items, page: start }
                          create:
                            post: /items
                            server: \(field)
                            body: { form: Params, arrays: repeated }
                            returns: Item
                          upload:
                            post: /uploads
                            server: other_host
                            body: { multipart: Upload, optional: true }
                            returns: { text: "text/plain; charset=utf-8" }
                          raw:
                            put: /raw/{\(field)}
                            path: { \(field): String }
                            body: { raw: "*/*", optional: true }
                            returns: { binary: "image/*" }
                          data:
                            put: /data
                            body: { raw: application/octet-stream }
                            returns: nothing
                          text:
                            post: /text
                            body: { raw: text/csv }
                            returns: nothing
                          json:
                            post: /json
                            body: { json: "[Params]" }
                            returns: "[Item]"
                          scalar:
                            post: /scalar
                            body: Int
                            returns: String
                          check:
                            head: /items/{id}
                            path: { id: Int }
                            deprecated: true
                            returns: nothing
                          allow:
                            options: /items
                            returns: nothing
                        """))
        }
        for (index, text) in hostileTexts.enumerated() {
            let quoted = "\"" + yamlEscaped(text) + "\""
            cases.append(
                CorpusCase(
                    id: "content-text-\(index)", category: "bodies, answers, query styles, servers and deprecation",
                    yaml: """
                        pagegen: 1
                        name: ContentText\(index)
                        namespace: ContentText\(index)API
                        baseURL: https://api.example.com
                        servers: { uploads: "https://uploads.example.com/a%20b" }
                        models:
                          Note:
                            description: \(quoted)
                            deprecated: \(quoted)
                            fields:
                              id: Int
                              body: { type: String, description: \(quoted), deprecated: \(quoted) }
                        endpoints:
                          note:
                            summary: \(quoted)
                            description: \(quoted)
                            deprecated: \(quoted)
                            post: /notes
                            server: uploads
                            query:
                              q: { type: String?, description: \(quoted), deprecated: \(quoted) }
                            body: { raw: text/plain }
                            returns: { text: text/html }
                          notes:
                            deprecated: \(quoted)
                            get: /notes
                            returns: [Note]
                            paging:
                              page: { param: page }
                        """))
        }
        return cases
    }

    // MARK: Zones, waits and counts in every form

    /// Every form of `zone:`, `throttle:`, `totalPages`, `nextPage` and `count`, with a
    /// credential of each kind (so a credential provider), and hostile text in the
    /// header and parameter names they give.
    static func waitAndCountCases() -> [CorpusCase] {
        let forms = CorpusCase(
            id: "waits-and-counts", category: "zones, throttle hints and counts in every form",
            yaml: """
                pagegen: 1
                name: Waits
                namespace: WaitsAPI
                baseURL: https://api.example.com
                auth:
                  - bearer
                  - basic
                  - apiKey: { header: X-Key }
                  - apiKey: { query: key }
                zone: local
                throttle:
                  - { from: meta.backoff, scope: endpoint }
                  - { from: meta.reset_at, as: unixSeconds }
                  - header: Retry-After
                  - { header: X-RateLimit-Reset, as: unixSeconds, remaining: X-RateLimit-Remaining, scope: endpoint }
                models:
                  Event:
                    id: Int
                    at: Date
                    east: { type: Date, zone: "+05:30" }
                    west: { type: Date?, zone: "-08:00" }
                    berlin: { type: Date, zone: Europe/Berlin }
                    utc: { type: Date, zone: UTC }
                    posix: { type: Date, zone: Etc/GMT+3 }
                  Meta:
                    backoff: Int?
                    reset_at: Int64?
                    pages: Int
                    next_page: Int?
                    after: String?
                  EventPage:
                    meta: Meta
                    events: [Event]
                endpoints:
                  events:
                    get: /events
                    returns: EventPage
                    paging:
                      page: { param: page, first: 0 }
                      items: events
                      totalPages: meta.pages
                      nextPage: meta.next_page
                  recent:
                    get: /recent
                    returns: "[Event]"
                    paging:
                      page: { param: page }
                      total: { header: X-Total }
                      totalPages: { header: X-Total-Pages }
                      nextPage: { header: X-Next-Page }
                  feed:
                    get: /feed
                    returns: EventPage
                    paging:
                      cursor: { param: after, from: meta.after }
                      count: { param: X-Seen, in: header, format: "seen={value}" }
                      items: events
                """)
        let texts = [#"three quotes """ here"#, #"interpolation \(x) here"#, "ends with a backslash \\"]
        return [forms]
            + texts.enumerated().map { index, text in
                let quoted = "\"" + yamlEscaped(text) + "\""
                return CorpusCase(
                    id: "waits-text-\(index)", category: "zones, throttle hints and counts in every form",
                    yaml: """
                        pagegen: 1
                        name: WaitText\(index)
                        namespace: WaitText\(index)API
                        baseURL: https://api.example.com
                        zone: "-03:30"
                        throttle:
                          - { from: wait }
                          - { header: \(quoted), remaining: \(quoted) }
                        models:
                          Event:
                            id: Int
                            at: Date
                            wait: Int?
                        endpoints:
                          events:
                            get: /events
                            returns: "[Event]"
                            paging:
                              page: { param: page }
                              totalPages: { header: \(quoted) }
                              nextPage: { header: \(quoted) }
                          feed:
                            get: /feed
                            returns: "[Event]"
                            paging:
                              cursor: { param: after, fromHeader: X-Next }
                              count: { param: \(quoted) }
                        """)
            }
    }

    /// Text as the inside of a double-quoted YAML scalar.
    static func yamlEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x200B...0x206F).contains(scalar.value) {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
