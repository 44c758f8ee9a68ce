import PagegenImport
import Testing

/// Swagger 2.0 documents are converted to OpenAPI 3.0 before OpenAPIKit reads them:
/// each part that differs between the two is checked through the spec it gives.
@Suite struct SwaggerConverterTests {
    static let document = """
        swagger: "2.0"
        info: { title: Pet Store, version: "1" }
        host: pets.example.com
        basePath: /v2
        schemes: [http, https]
        consumes: [application/json]
        produces: [application/json]
        securityDefinitions:
          key: { type: apiKey, name: X-Key, in: header }
          login: { type: basic }
          oauth: { type: oauth2, flow: accessCode, authorizationUrl: "https://pets.example.com/auth", tokenUrl: "https://pets.example.com/token", scopes: {} }
        security: [{ key: [] }, { login: [] }, { oauth: [] }]
        parameters:
          limitParam: { name: limit, in: query, type: integer, maximum: 50, default: 20 }
          petBody: { name: pet, in: body, required: true, schema: { $ref: "#/definitions/NewPet" } }
        responses:
          PetList:
            description: pets
            headers: { X-Total-Count: { type: integer } }
            schema: { type: array, items: { $ref: "#/definitions/Pet" } }
        paths:
          /pets:
            parameters:
              - { name: X-Trace, in: header, type: string }
            get:
              operationId: listPets
              parameters:
                - { $ref: "#/parameters/limitParam" }
                - { name: offset, in: query, type: integer }
                - { name: tags, in: query, type: array, items: { type: string }, collectionFormat: multi }
                - { name: ids, in: query, type: array, items: { type: integer } }
              responses:
                "200": { $ref: "#/responses/PetList" }
            post:
              operationId: createPet
              parameters: [{ $ref: "#/parameters/petBody" }]
              responses:
                "201": { description: created, schema: { $ref: "#/definitions/Pet" } }
          /pets/{id}/photo:
            post:
              operationId: uploadPhoto
              consumes: [application/x-www-form-urlencoded]
              parameters:
                - { name: id, in: path, type: string }
                - { name: caption, in: formData, type: string }
              responses:
                "200": { description: ok, schema: { $ref: "#/definitions/Pet" } }
        definitions:
          Pet:
            type: object
            required: [id, name]
            properties:
              id: { type: integer, format: int64 }
              name: { type: string }
              nickname: { type: string, x-nullable: true }
              photo: { type: file }
              owner:
                items:
                  - { $ref: "#/definitions/Owner" }
                  - { type: "null" }
              status: { type: [string, "null"], enum: [available, sold] }
          NewPet: { type: object, required: [name], properties: { name: { type: string } } }
          Owner: { type: object, properties: { login: { type: string } } }
        """

    @Test func serversSecurityAndPathsFollow() throws {
        let (spec, notes) = try imported(Self.document)
        #expect(spec.contains("\nbaseURL: https://pets.example.com/v2\n"), "https first of the schemes")
        #expect(spec.contains("\nauth:\n  - apiKey: { header: X-Key }\n  - basic\n  - bearer\n"))
        #expect(spec.contains("(Swagger 2.0, Pet Store 1)"))
        #expect(
            notes.contains {
                $0.topic == "auth" && $0.message.hasPrefix("'oauth' is OAuth 2") && $0.pointer.description == "/securityDefinitions/oauth"
            })
    }

    @Test func sharedParametersResponsesAndCollectionFormats() throws {
        let (spec, notes) = try imported(Self.document)
        #expect(
            block("listPets:", in: spec).filter { !$0.hasPrefix("#") } == [
                "listPets:", "get: /pets", "query:", #"  tags: { type: "[String]", optional: true, explode: true }"#, #"  ids: "[Int]?""#,
                "header: { X-Trace: String? }",
                "returns: [Pet]", "paging:",
                "  offset: { param: offset, first: 0 }", "  size: { param: limit, default: 20, max: 50 }",
                "  total: { header: X-Total-Count }",
            ])
        // `multi` is one query item per value (`explode: true`), `csv` comma-separated, the spec language's default.
        #expect(!notes.contains { $0.message.hasPrefix("'ids' is a list") || $0.message.hasPrefix("'tags' is a list") })
    }

    @Test func bodyAndFormDataParameters() throws {
        let (spec, notes) = try imported(Self.document)
        #expect(
            block("createPet:", in: spec) == ["createPet:", "post: /pets", "header: { X-Trace: String? }", "body: NewPet", "returns: Pet"])
        // The form data parameters are one form body, optional as they are.
        #expect(
            block("uploadPhoto:", in: spec) == [
                "uploadPhoto:", "post: /pets/{id}/photo", "path: { id: String }", "body: { form: UploadPhotoBody, optional: true }",
                "returns: Pet",
            ])
        #expect(!notes.contains { $0.severity == .warning && $0.pointer.description == "/paths/~1pets~1{id}~1photo/post/requestBody" })
    }

    @Test func definitionsWithNullableFilesAndListsOfAlternatives() throws {
        let (spec, notes) = try imported(Self.document)
        #expect(
            block("Pet:", in: spec) == [
                "Pet:", "id: Int64", "name: String", "nickname: String?", "photo: { type: String?, nullable: false }", "owner: Owner?",
                "status: { enum: [available, sold], optional: true }",
            ])
        let warnings = notes.filter { $0.severity == .warning }.map(\.description)
        #expect(
            warnings.contains(
                "api.yaml:58:9: warning: /definitions/Pet/properties/owner/items: schema: 'items' is a list of 2 schemas, which Swagger 2.0 does not allow; read as 'anyOf' (one of these shapes), nullable"
            ))
        #expect(
            warnings.contains(
                "api.yaml:61:17: warning: /definitions/Pet/properties/status/type: schema: 'type' is a list, which Swagger 2.0 does not allow; read as string, nullable"
            ))
    }

    @Test func xMSPathsJoinThePaths() throws {
        let document = """
            swagger: "2.0"
            info: { title: Paging, version: "1" }
            host: localhost:3000
            paths: {}
            x-ms-paths:
              /items?op=list:
                get:
                  operationId: Items_List
                  x-ms-pageable: { nextLinkName: nextLink }
                  responses:
                    "200": { description: ok, schema: { type: object, properties: { value: { type: array, items: { type: string } }, nextLink: { type: string } } } }
            """
        let (spec, notes) = try imported(document)
        #expect(spec.contains("\nbaseURL: https://localhost:3000\n"))
        #expect(block("itemsList:", in: spec).contains("get: /items"))
        #expect(paging(of: "itemsList", in: spec) == ["next: { from: nextLink }", "items: value"])
        #expect(notes.contains { $0.message == "read from x-ms-paths without its query string '?op=list'" })
        #expect(notes.contains { $0.message == "the document names no scheme; https assumed" })
    }
}
