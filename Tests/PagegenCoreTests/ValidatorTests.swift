import PagegenCore
import Testing

/// Stage 2: what the validator finds in specs that load cleanly: unknown types,
/// names that clash in Swift, undeclared path parameters, and paging paths that
/// do not lead to a field of the right type.
@Suite struct ValidatorTests {
    // MARK: Names and the top level

    @Test func theNameNamespaceAndBaseURLAreChecked() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: My Shop
            namespace: 2Shop
            baseURL: api.example.com/v1
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:2:7: error: 'My Shop' cannot name a client; use a Swift type name such as 'MyShop'",
                "specs/shop.pagegen.yaml:3:12: error: '2Shop' cannot name a namespace; use a Swift type name such as '_2Shop'",
                "specs/shop.pagegen.yaml:4:10: error: 'api.example.com/v1' is not an absolute URL; write it with its scheme and host, such as https://api.example.com/v1",
            ])
    }

    @Test
    func anEmptyBaseURLIsAnError() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL:
            endpoints: {}
            """)
        #expect(output.count == 1)
        #expect(output.first?.hasPrefix("specs/shop.pagegen.yaml:3:") == true)
        #expect(output.first?.contains("error:") == true)
    }

    @Test
    func aModelCannotTakeTheNameOfABuiltInType() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Date: { day: Int }
              Event: { at: Date }
            endpoints: {}
            """)
        #expect(output.count == 1)
        #expect(output.first?.hasPrefix("specs/shop.pagegen.yaml:5:3: error: ") == true)
    }

    // MARK: Types

    @Test func anUnknownTypeSuggestsTheClosestName() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product:
                id: Int
                name: Strng
                maker: "Manufacturr?"
                tags: "[Tagg]"
            endpoints:
              products:
                get: /products
                returns: [Prodct]
              product:
                get: /product
                returns: Widget
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:7:11: error: unknown type 'Strng'; did you mean 'String'?",
                "specs/shop.pagegen.yaml:8:12: error: unknown type 'Manufacturr'; declare it under 'models:' or use one of String, Int, Int64, Double, Bool, Date, URL, JSON, File",
                "specs/shop.pagegen.yaml:9:11: error: unknown type 'Tagg'; declare it under 'models:' or use one of String, Int, Int64, Double, Bool, Date, URL, JSON, File",
                "specs/shop.pagegen.yaml:13:14: error: unknown type 'Prodct'; did you mean 'Product'?",
                "specs/shop.pagegen.yaml:16:14: error: unknown type 'Widget'; declare it under 'models:' or use one of String, Int, Int64, Double, Bool, Date, URL, JSON, File",
            ])
    }

    @Test func typesInsideMapsListsAndParametersAreChecked() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Coin:
                quote: { map: Quot }
            endpoints:
              coins:
                get: /coins
                query: { since: Dat }
                returns: "[[Coin]]"
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:6:19: error: unknown type 'Quot'; declare it under 'models:' or use one of String, Int, Int64, Double, Bool, Date, URL, JSON, File",
                "specs/shop.pagegen.yaml:10:21: error: unknown type 'Dat'; did you mean 'Date'?",
            ])
    }

    @Test func fieldsThatBecomeTheSameSwiftNameCollide() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product:
                sale_price: Double
                salePrice: Double
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:7:5: error: the fields 'sale_price' and 'salePrice' of model 'Product' both become 'salePrice' in Swift; give one of them another Swift name with 'swiftName:', such as 'salePrice: { type: Double, swiftName: salePriceValue }'"
            ])
    }

    @Test func theIdentityMustBeAFieldThatCanIdentify() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Hit:
                id: objectId
                fields: { objectID: String }
              Flag:
                id: on
                fields: { on: Bool }
              Entry:
                id: sys.id
                fields: { sys: Sys }
              Sys: { id: String }
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:6:9: error: the identity of model 'Hit': model 'Hit' has no field 'objectId'; did you mean 'objectID'?",
                "specs/shop.pagegen.yaml:9:9: error: the identity of model 'Flag' is Bool; it must be a String or a number",
            ])
    }

    // MARK: Endpoints and parameters

    @Test func aPathParameterMustBeDeclared() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /categories/{category_id}/products
                returns: [Product]
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:8:10: error: the path parameter '{category_id}' of endpoint 'products' is not declared; add 'path: { category_id: String }' to the endpoint"
            ])
    }

    @Test func aDeclaredPathParameterMustBeInThePath() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /categories/{category_id}/products
                path:
                  categoryId: String
                  shop: Int
                returns: [Product]
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:8:10: error: the path parameter '{category_id}' of endpoint 'products' is not declared; add 'path: { category_id: String }' to the endpoint",
                "specs/shop.pagegen.yaml:10:7: error: the path parameter 'categoryId' is not in the path '/categories/{category_id}/products'; did you mean 'category_id'?",
                "specs/shop.pagegen.yaml:11:7: error: the path parameter 'shop' is not in the path '/categories/{category_id}/products'; add '{shop}' to the path or remove the declaration",
            ])
    }

    @Test func aPathParameterCannotBeOptional() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              product:
                get: /products/{id}
                path: { id: Int? }
                returns: Product
            """)
        #expect(output == ["specs/shop.pagegen.yaml:9:17: error: the path parameter 'id' cannot be optional; write 'Int'"])
    }

    @Test func parametersThatBecomeTheSameSwiftNameCollide() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                query:
                  page[size]: Int?
                header:
                  Page-Size: Int?
                returns: [Product]
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:12:7: error: the parameters 'page[size]' and 'Page-Size' of endpoint 'products' both become 'pageSize' in Swift; give it another Swift name with 'swiftName:', such as 'Page-Size: { type: Int, optional: true, swiftName: pageSizeValue }'"
            ])
    }

    @Test func aQueryModelNeedsAStyleAndABodyMayBeAnyJSONType() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
              Filter: { text: String }
            endpoints:
              search:
                post: /search
                query: { filter: Filter? }
                body: String
                returns: [Product]
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:10:22: error: the query parameter 'filter' is a model, which is sent only in the deepObject or form style; add 'style: deepObject' (filter[key]=value) or 'style: form' (key=value)"
            ])
    }

    @Test
    func aParameterCannotBeAListOfModels() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
              Filter: { text: String }
            endpoints:
              search:
                get: /search
                query: { filters: "[Filter]" }
                returns: [Product]
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:10:23: error: the query parameter 'filters' is [Filter]; a query parameter is a scalar, a list of scalars, a model or a map of scalars; send it in the body"
            ])
    }

    @Test
    func aBodyThatIsAListOfModelsIsRejectedOrSendable() throws {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
              NewProduct: { name: String }
            endpoints:
              importProducts:
                post: /products/import
                body: "[NewProduct]"
                returns: [Product]
            """)
        if output.isEmpty {
            let files = try GeneratorPipeline().generate(
                """
                pagegen: 1
                name: Shop
                baseURL: https://api.example.com
                models:
                  Product: { id: Int }
                  NewProduct: { name: String }
                endpoints:
                  importProducts:
                    post: /products/import
                    body: "[NewProduct]"
                    returns: [Product]
                """, file: SpecProbe.file, templates: try TemplateSet.load(), diagnostics: DiagnosticCollector())
            let models = files.first { $0.name == "ShopModels.swift" }?.contents ?? ""
            #expect(models.contains("struct NewProduct: Swift.Codable"), "a model sent in a body list must be Encodable")
        }
    }

    @Test
    func aParameterDefaultMustFitItsType() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                query: { count: { type: Int, default: ten } }
                returns: [Product]
            """)
        #expect(output.count == 1)
        #expect(output.first?.hasPrefix("specs/shop.pagegen.yaml:9:") == true)
    }

    @Test
    func endpointsThatBecomeTheSameSwiftNameCollide() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              get_items:
                get: /a
                returns: [Product]
              getItems:
                get: /b
                returns: [Product]
            """)
        #expect(output.count == 1)
        #expect(output.first?.hasPrefix("specs/shop.pagegen.yaml:10:3: error: ") == true)
        #expect(output.first?.contains("getItems") == true)
    }

    @Test
    func anEndpointNamedLikeAKeywordGeneratesValidSwift() throws {
        let files = try GeneratorPipeline().generate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Settings: { theme: String }
            endpoints:
              default:
                get: /settings/default
                returns: Settings
            """, file: SpecProbe.file, templates: try TemplateSet.load(), diagnostics: DiagnosticCollector())
        let client = files.first { $0.name == "ShopClient.swift" }?.contents ?? ""
        #expect(!client.contains("func default("))
    }

    @Test
    func aPagingParameterCannotAlsoBeAQueryParameter() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                query: { page: Int?, limit: Int? }
                returns: [Product]
                paging:
                  page: { param: page }
                  size: { param: limit, default: 20 }
            """)
        #expect(output.count == 2)
        #expect(output.allSatisfy { $0.hasPrefix("specs/shop.pagegen.yaml:9:") })
    }

    // MARK: Paging paths

    @Test func anItemsPathThatIsNotInTheEnvelopeSuggestsAField() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
              ProductPage:
                products: [Product]
                total: Int
            endpoints:
              products:
                get: /products
                returns: ProductPage
                paging:
                  page: { param: page }
                  items: prodcts
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:15:14: error: the items path 'prodcts' is not in the response model ProductPage: model 'ProductPage' has no field 'prodcts'; did you mean 'products'?"
            ])
    }

    @Test func anItemsPathThatGoesThroughAScalarOrEndsOnOne() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
              ProductPage:
                products: [Product]
                total: Int
            endpoints:
              a:
                get: /a
                returns: ProductPage
                paging:
                  page: { param: page }
                  items: total.products
              b:
                get: /b
                returns: ProductPage
                paging:
                  page: { param: page }
                  items: total
              c:
                get: /c
                returns: ProductPage
                paging:
                  page: { param: page }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:15:14: error: the items path 'total.products' is not in the response model ProductPage: 'total' is Int, which has no field 'products'",
                "specs/shop.pagegen.yaml:21:14: error: the items path 'total' leads to Int, not a list",
                "specs/shop.pagegen.yaml:26:7: error: endpoint 'c' pages, but neither returns a list nor says where its items are; add 'items: path.to.array' (a path in ProductPage), or return [Item]",
            ])
    }

    @Test func pathsGoThroughOptionalsAndMapOverLists() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Post: { id: String, title: String }
              Child: { kind: String, data: Post }
              Listing: { data: ListingData? }
              ListingData: { children: [Child], after: String?, dist: Int? }
            endpoints:
              posts:
                get: /r/swift/new
                returns: Listing
                paging:
                  cursor: { param: after, from: data.after }
                  items: data.children[].data
                  total: data.dist
            """)
        #expect(output == [])
    }

    @Test func aCursorMustBeTextOrANumber() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int, archived: Bool }
              ProductPage:
                products: [Product]
                next: Bool
            endpoints:
              a:
                get: /a
                returns: ProductPage
                paging:
                  cursor: { param: cursor, from: next }
                  items: products
              b:
                get: /b
                returns: ProductPage
                paging:
                  cursor: { param: after, fromItem: archived }
                  prev: { param: before, fromItem: uid }
                  items: products
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:14:38: error: the cursor path 'next' leads to Bool, but a cursor must be String or Int or Int64",
                "specs/shop.pagegen.yaml:20:41: error: the cursor path 'archived' leads to Bool, but a cursor must be String or Int or Int64",
                "specs/shop.pagegen.yaml:21:40: error: the cursor path 'uid' is not in Product: model 'Product' has no field 'uid'; did you mean 'id'?",
            ])
    }

    @Test func totalsFlagsAndLinksMustHaveTheirTypes() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
              ProductPage:
                products: [Product]
                total: String
                pages: Double
                more: String
                last: Int
                next: Int
            endpoints:
              a:
                get: /a
                returns: ProductPage
                paging:
                  page: { param: page }
                  items: products
                  total: total
                  totalPages: pages
                  hasMore: more
                  last: last
              b:
                get: /b
                returns: ProductPage
                paging:
                  next: { from: next }
                  items: products
                  total: { from: count }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:20:14: error: the total path 'total' leads to String, but a total must be Int or Int64",
                "specs/shop.pagegen.yaml:21:19: error: the totalPages path 'pages' leads to Double, but a totalPages must be Int or Int64",
                "specs/shop.pagegen.yaml:22:16: error: the hasMore path 'more' leads to String, but a hasMore must be Bool",
                "specs/shop.pagegen.yaml:23:13: error: the last path 'last' leads to Int, but a last must be Bool",
                "specs/shop.pagegen.yaml:28:21: error: the next link path 'next' leads to Int, but a next link must be String or URL",
                "specs/shop.pagegen.yaml:30:22: error: the total path 'count' is not in ProductPage: model 'ProductPage' has no field 'count'",
            ])
    }

    @Test func aGETCannotSendAPagingParameterInItsBody() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  offset: { param: offset, in: body }
                  size: { param: limit, default: 20, in: body }
              search:
                post: /search
                returns: [Product]
                paging:
                  offset: { param: offset, in: body }
                  size: { param: limit, default: 20, in: body }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:24: error: 'offset' goes in the body, but endpoint 'products' is a GET; use 'in: query', or make the endpoint a POST",
                "specs/shop.pagegen.yaml:12:22: error: 'limit' goes in the body, but endpoint 'products' is a GET; use 'in: query', or make the endpoint a POST",
            ])
    }

    // MARK: Id lists and windows

    @Test func idsPagingNeedsAnItemEndpointThatExists() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: News
            baseURL: https://news.example.com/v0
            models:
              Story: { id: Int, title: String }
            endpoints:
              topStories:
                get: /topstories.json
                returns: [Int]
                paging:
                  ids: { item: stroy }
              story:
                get: /item/{id}.json
                path: { id: Int }
                returns: Story
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:20: error: the item endpoint 'stroy' is not declared; did you mean 'story'?"
            ])
    }

    @Test func idsPagingShapeErrors() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: News
            baseURL: https://news.example.com/v0
            models:
              Story: { id: Int, title: String }
              StoryPage: { ids: "[Int]" }
            endpoints:
              wrapped:
                get: /wrapped
                returns: StoryPage
                paging:
                  ids: { item: story }
              topStories:
                get: /topstories.json
                returns: [Int]
                paging:
                  ids: { item: stories }
                  items: ids
                  size: { param: limit, default: 30 }
              stories:
                get: /stories/{from}/{to}
                path: { from: Int, to: Int }
                returns: [Story]
              story:
                get: /item/{id}.json
                path: { id: Int }
                returns: Story
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:10:14: error: 'ids' paging needs a response that is a list of ids ([Int] or [String]), not StoryPage",
                "specs/shop.pagegen.yaml:17:20: error: the item endpoint 'stories' must take exactly one path parameter, the id",
                "specs/shop.pagegen.yaml:17:20: error: the item endpoint 'stories' must return one item, not a list",
                "specs/shop.pagegen.yaml:18:14: error: 'items' does not apply to 'ids' paging: the response is the list of ids",
                "specs/shop.pagegen.yaml:19:22: error: 'ids' paging takes no size parameter: the client chooses how many items to fetch at once; write 'size: 30' without 'param'",
            ])
    }

    @Test func aWindowOpensAnIndexPagedList() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Feed
            baseURL: https://feed.example.com
            models:
              Post: { id: String }
              PostPage: { posts: [Post], next: String? }
              Window: { first_page: Int, focus: String }
            endpoints:
              feed:
                get: /feed
                returns: PostPage
                paging:
                  cursor: { param: cursor, from: next }
                  items: posts
              feedWindow:
                get: /feed/window
                returns: Window
                window: { for: feed, page: first_page }
              otherWindow:
                get: /feed/other
                returns: Window
                window: { for: fed, page: first_page }
              badPaths:
                get: /feed/bad
                returns: Window
                window: { for: feed, page: focus, total: count }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:18:20: error: a window opens a list paged by 'page' or 'offset', and 'feed' is not",
                "specs/shop.pagegen.yaml:22:20: error: the window's list 'fed' is not an endpoint; did you mean 'feed'?",
                "specs/shop.pagegen.yaml:26:20: error: a window opens a list paged by 'page' or 'offset', and 'feed' is not",
                "specs/shop.pagegen.yaml:26:32: error: the window page path 'focus' leads to String, but a window page must be Int or Int64",
                "specs/shop.pagegen.yaml:26:46: error: the window path 'count' is not in Window: model 'Window' has no field 'count'",
            ])
    }

    // MARK: Page sizes

    @Test func sizeErrors() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              above:
                get: /a
                returns: [Product]
                paging:
                  page: { param: page }
                  size: { param: per_page, default: 200, max: 100 }
              below:
                get: /b
                returns: [Product]
                paging:
                  page: { param: page }
                  size: { param: per_page, default: 2, min: 5 }
              zero:
                get: /c
                returns: [Product]
                paging:
                  page: { param: page }
                  size: { param: per_page, default: 0 }
              noDefault:
                get: /d
                returns: [Product]
                paging:
                  page: { param: page }
                  size: { param: per_page, max: 100 }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:12:41: error: the default size 200 is above the maximum 100",
                "specs/shop.pagegen.yaml:18:41: error: the default size 2 is below the minimum 5",
                "specs/shop.pagegen.yaml:24:41: error: the default size must be at least 1",
                "specs/shop.pagegen.yaml:30:13: error: 'size' needs a default; add 'default: 30'",
            ])
    }

    @Test
    func aShortFormSizeMustBePositive() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  page: { param: page }
                  size: 0
            """)
        #expect(output == ["specs/shop.pagegen.yaml:12:13: error: the default size must be at least 1"])
    }

}
