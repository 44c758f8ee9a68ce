import PagegenCore
import Testing

/// What the spec language says of bodies, answers, query styles, servers and
/// deprecation: each misuse is an error (or a warning) at its line and column, with
/// a hint, and a spec that uses them well loads into the ``Spec`` it says.
@Suite struct RequestContentSpecTests {
    @Test func serversNameTheirURLsAndEndpointsNameKnownServers() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            servers:
              uploads: https://uploads.example.com
              bad: uploads.example.com
            endpoints:
              upload:
                post: /files
                server: upload
                body: { raw: application/octet-stream }
                returns: nothing
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:6:8: error: the server 'bad' is not an absolute URL: 'uploads.example.com'; write it with its scheme and host, such as https://uploads.example.com",
                "specs/shop.pagegen.yaml:10:13: error: endpoint 'upload' is sent to the server 'upload', which 'servers:' does not name; did you mean 'uploads'?",
            ])
    }

    @Test func eachBodyKindIsCheckedWhereItIsWritten() {
        let forms =
            "a body is 'body: Model' (JSON), or one of '{ json: T }', '{ form: Model }', '{ multipart: Model }', '{ raw: media/type }', each with 'optional: true' when it may be left out"
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Params: { name: String, tags: "[String]" }
              Upload: { file: File, note: String? }
              Loose: { file: File }
            endpoints:
              formNotModel:
                post: /a
                body: { form: String }
                returns: nothing
              twoKinds:
                post: /b
                body: { form: Params, json: Params }
                returns: nothing
              arraysOnJSON:
                post: /c
                body: { json: Params, arrays: brackets }
                returns: nothing
              badArrays:
                post: /d
                body: { form: Params, arrays: bracket }
                returns: nothing
              badRaw:
                post: /e
                body: { raw: "image png" }
                returns: nothing
              headBody:
                head: /f
                body: Params
                returns: nothing
              getBody:
                get: /g
                body: Params
                returns: nothing
              upload:
                post: /h
                body: { multipart: Upload }
                returns: nothing
              fileJSON:
                post: /i
                body: Loose
                returns: nothing
              noKind:
                post: /j
                body: { arrays: indexed }
                returns: nothing
              typeKey:
                post: /k
                body: { type: Params }
                returns: nothing
              misspelledKind:
                post: /l
                body: { jsn: Params }
                returns: nothing
              capitalKind:
                post: /m
                body: { Json: Params }
                returns: nothing
              optionalAlone:
                post: /n
                body: { optional: true }
                returns: nothing
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:7:18: error: the field 'file' of model 'Loose' is a File, but the model is not sent as a multipart body; File is the type of a field of a model sent as 'body: { multipart: Model }'",
                "specs/shop.pagegen.yaml:11:19: error: a form body is the fields of a model, and the body of endpoint 'formNotModel' is String; declare a model for the form's fields, or send String as 'json:' or 'raw:'",
                "specs/shop.pagegen.yaml:15:13: error: 'body' of endpoint 'twoKinds' has both 'json' and 'form'; a body is encoded one way: keep one of them",
                "specs/shop.pagegen.yaml:19:35: error: 'arrays' applies to form bodies, and 'body' of endpoint 'arraysOnJSON' is json; remove it: JSON writes lists as arrays",
                "specs/shop.pagegen.yaml:23:35: error: unknown array style 'bracket'; did you mean 'brackets'?",
                "specs/shop.pagegen.yaml:27:18: error: 'image png' is not a media type, for the body of endpoint 'badRaw'; write a type and a subtype, such as text/plain, image/jpeg, application/octet-stream, or */* for any",
                "specs/shop.pagegen.yaml:31:11: error: endpoint 'headBody' is a HEAD, which sends no body; remove 'body:', or make the endpoint a POST",
                "specs/shop.pagegen.yaml:47:11: error: 'body' of endpoint 'noKind' needs one of 'json', 'form', 'multipart' or 'raw'; \(forms)",
                "specs/shop.pagegen.yaml:51:13: error: 'body' of endpoint 'typeKey' takes no 'type': \(forms); write 'body: Params', or 'body: { json: Params }'",
                "specs/shop.pagegen.yaml:55:13: error: unknown key 'jsn' in 'body' of endpoint 'misspelledKind'; did you mean 'json'?",
                "specs/shop.pagegen.yaml:59:13: error: unknown key 'Json' in 'body' of endpoint 'capitalKind'; did you mean 'json'?",
                "specs/shop.pagegen.yaml:63:11: error: 'body' of endpoint 'optionalAlone' needs one of 'json', 'form', 'multipart' or 'raw'; \(forms)",
            ])
    }

    @Test func answersThatAreNotJSONAreCheckedAndNeverPaged() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Page: { items: "[String]", next: String? }
            endpoints:
              paged:
                get: /a
                returns: nothing
                paging:
                  cursor: { param: after, from: next }
                  items: items
              text:
                get: /b
                returns: { text: html }
              both:
                get: /c
                returns: { text: text/html, binary: image/png }
              fileParam:
                get: /d
                query: { f: File? }
                returns: { binary: "*/*" }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:7: error: endpoint 'paged' pages, but its answer is nothing; pages are JSON; remove 'paging:', or give 'returns:' the JSON type of a page",
                "specs/shop.pagegen.yaml:15:22: error: 'html' is not a media type, for the answer of endpoint 'text'; write a type and a subtype, such as text/plain, image/jpeg, application/octet-stream, or */* for any",
                "specs/shop.pagegen.yaml:18:33: error: 'returns' of endpoint 'both' has both 'text' and 'binary'; an answer is read one way: keep one",
                "specs/shop.pagegen.yaml:21:17: error: the parameter 'f' of endpoint 'fileParam' is File?, and File is only for multipart uploads; File is the type of a field of a model sent as 'body: { multipart: Model }'",
            ])
    }

    @Test func queryStylesFitTheirParameters() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Range: { gte: Int?, lt: Int? }
            endpoints:
              search:
                get: /search/{id}
                path:
                  id: { type: String, style: deepObject }
                query:
                  range: Range?
                  ranges: { type: "[Range]?", style: deepObject }
                  tags: { type: String?, style: pipeDelimited }
                  ids: { type: "[Int]?", style: deepObject, explode: true }
                  expand: { type: "[String]?", arrays: brackets }
                  flat: { type: String?, style: deepObject, arrays: indexed }
                  sort: { type: "[String]?", style: commas }
                header:
                  X-Tags: { type: "[String]?", explode: true }
                returns: "[String]"
              fine:
                get: /fine
                query:
                  range: { type: Range?, style: form }
                  ids: { type: "[Int]?", explode: false }
                returns: "[String]"
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:10:34: error: 'style' is for query parameters; the parameter 'id' in 'path' of endpoint 'search' is sent as one value; remove it (a list is sent comma-separated)",
                "specs/shop.pagegen.yaml:12:14: error: the query parameter 'range' is a model, which is sent only in the deepObject or form style; add 'style: deepObject' (range[key]=value) or 'style: form' (key=value)",
                "specs/shop.pagegen.yaml:13:23: error: the query parameter 'ranges' is [Range]; a query parameter is a scalar, a list of scalars, a model or a map of scalars; send it in the body",
                "specs/shop.pagegen.yaml:14:37: error: the style pipeDelimited is for lists of scalars, and the query parameter 'tags' is String; remove it, or make 'tags' a list",
                "specs/shop.pagegen.yaml:15:49: error: 'explode' applies to the form style, and the query parameter 'ids' is deepObject; remove it: a deepObject always writes a key per value",
                "specs/shop.pagegen.yaml:16:44: error: 'arrays' applies to the deepObject style, and the query parameter 'expand' is form; add 'style: deepObject', or write 'explode: true' for expand=a&expand=b",
                "specs/shop.pagegen.yaml:17:57: error: 'arrays' says how lists are written, and the query parameter 'flat' is String; remove it, or make 'flat' a list",
                "specs/shop.pagegen.yaml:18:41: error: unknown query style 'commas'; expected one of: form, deepObject, spaceDelimited, pipeDelimited",
                "specs/shop.pagegen.yaml:20:36: error: 'explode' is for query parameters; the parameter 'X-Tags' in 'header' of endpoint 'search' is sent as one value; remove it (a list is sent comma-separated)",
            ])
    }

    @Test func aFieldTakesNoQueryStyleAndADeprecationSaysSomething() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Thing:
                fields:
                  name: { type: String, style: form, deprecated: "" }
                deprecated: "Use Other"
            endpoints:
              thing:
                get: /thing
                returns: Thing
                deprecated: maybe
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:7:36: error: 'style' is for query parameters, not for the field 'name' of model 'Thing'; remove it; a form body's lists are written as the body's 'arrays:' says",
                "specs/shop.pagegen.yaml:7:54: error: 'deprecated' in field 'name' of model 'Thing' is empty; write true, or what to use instead",
            ])
    }

    @Test func pagingValuesInTheBodyNeedAJSONBody() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Query: { text: String }
              Page: { items: "[String]", next: String? }
            endpoints:
              search:
                post: /search
                body: { form: Query }
                returns: Page
                paging:
                  cursor: { param: cursor, from: next, in: body }
                  items: items
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:13:24: error: 'cursor' goes in the body, but the body of endpoint 'search' is not JSON; use 'in: query', or send the body as JSON"
            ])
    }

    @Test func theNewKeysLoadIntoTheSpec() throws {
        let text = """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            servers: { uploads: https://uploads.example.com/v2 }
            models:
              Filter: { gte: Int? }
              Params:
                fields:
                  email: { type: String, deprecated: Use contact }
                deprecated: true
              Upload: { file: File }
            endpoints:
              search:
                summary: Searches.
                description: Every filter must hold.
                deprecated: Use find
                get: /search
                query:
                  created: { type: Filter?, style: deepObject, description: When. }
                  expand: { type: "[String]?", style: deepObject, arrays: brackets, deprecated: true }
                  ids: { type: "[Int]?", explode: true }
                returns: { binary: application/pdf }
              create:
                post: /things
                body: { form: Params, arrays: repeated, optional: true }
                returns: nothing
              upload:
                post: /uploads
                server: uploads
                body: { multipart: Upload }
                returns: { text: text/plain }
              raw:
                put: /raw
                body: { raw: "*/*" }
                returns: nothing
              check:
                head: /things
                returns: nothing
              labels:
                options: /labels
                body: "[String]"
                returns: "[String]"
            """
        let loaded = SpecProbe.load(text)
        #expect(loaded.diagnostics == [])
        let spec = try #require(loaded.spec)
        #expect(spec.servers.map { "\($0.name.value)=\($0.url.value)" } == ["uploads=https://uploads.example.com/v2"])
        #expect(spec.model(named: "Params")?.deprecation?.message == nil)
        #expect(spec.model(named: "Params")?.deprecation != nil)
        #expect(spec.model(named: "Params")?.fields.first?.deprecation?.message == "Use contact")
        let search = try #require(spec.endpoint(named: "search"))
        #expect(search.summary == "Searches." && search.description == "Every filter must hold.")
        #expect(search.deprecation?.message == "Use find")
        #expect(search.response == .binary(Located("application/pdf", at: search.returns.mark)))
        #expect(search.queryParameters.map { $0.style?.value } == [.deepObject, .deepObject, nil])
        #expect(search.queryParameters.map { $0.arrays?.value } == [nil, .brackets, nil])
        #expect(search.queryParameters.map { $0.explode?.value } == [nil, nil, true])
        #expect(search.queryParameters.map(\.description) == ["When.", nil, nil])
        #expect(search.queryParameters[1].deprecation != nil)
        let create = try #require(spec.endpoint(named: "create"))
        #expect(create.body?.kind == .form(arrays: .repeated) && create.body?.isOptional == true)
        #expect(create.response == .nothing)
        let upload = try #require(spec.endpoint(named: "upload"))
        #expect(upload.body?.kind == .multipart && upload.server?.value == "uploads")
        #expect(upload.response == .text(Located("text/plain", at: upload.returns.mark)))
        #expect(spec.endpoint(named: "raw")?.body?.rawContentType?.value == "*/*")
        #expect(spec.endpoint(named: "check")?.method == "HEAD")
        #expect(spec.endpoint(named: "labels")?.method == "OPTIONS")
        #expect(spec.endpoint(named: "labels")?.body?.type.value == .array(.named("String")))
        #expect(SpecProbe.check(text) == [])
    }
}
