/// The spec `pagegen init` writes: a commented starter that lints, generates and
/// compiles as it is, and teaches the spec language by example.
///
/// ```swift
/// let text = StarterSpec(name: "Shop", style: .all).text
/// ```
///
/// The whole starter has a list of each common paging style (page numbers with a
/// total, a cursor in the body, an offset and a limit) and a `POST` with a JSON body;
/// a one-style starter has that style's list alone. Every block has a one-line
/// comment and the section of docs/spec-reference.md that describes it.
public struct StarterSpec: Sendable {
    /// Which lists the starter holds.
    public enum Style: String, Sendable, CaseIterable {
        /// Every common style, and a `POST` with a JSON body.
        case all
        /// Page numbers, with the total in the body.
        case page
        /// A cursor for the next page, in the body.
        case cursor
        /// An offset and a limit, with the total in the body.
        case offset
        /// The next page's URL in the `Link` header (RFC 8288).
        case link
    }

    /// The API's name, such as `Shop`.
    public var name: String
    /// Which lists the starter holds.
    public var style: Style

    /// Creates a starter.
    public init(name: String, style: Style = .all) {
        self.name = name
        self.style = style
    }

    /// The file name `pagegen init` gives the starter: `shop.pagegen.yaml`.
    public var fileName: String { "\(name.lowercased()).pagegen.yaml" }

    /// Why `name` cannot name a spec, or nil when it can: a spec's name starts with a
    /// letter and holds letters and digits, as a Swift type's name does.
    public static func problem(withName name: String) -> String? {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else {
            return "'\(name)' cannot name an API: write a name such as Shop or WeatherAPI (letters and digits, a letter first)"
        }
        return nil
    }

    /// The spec's text.
    public var text: String {
        var lines = header
        lines += [
            "", "# Models: each field is `json_name: Type`; `Type?` may be null or missing.",
            "# See \"Models\" and \"Field types\" in docs/spec-reference.md.", "models:",
        ]
        lines += lists.flatMap(\.models)
        if style == .all { lines += newProductModel }
        lines += [
            "", "# Endpoints: a method and a path, what they take and what they return.", "# See \"Endpoints\" in docs/spec-reference.md.",
            "endpoints:",
        ]
        lines += lists.map(\.endpoint).joined(separator: [""])
        if style == .all { lines += [""] + createProductEndpoint }
        return lines.joined(separator: "\n") + "\n"
    }

    private var header: [String] {
        [
            "# \(name): a Pagegen spec, the description of an API that pagegen generates a Swift client from.",
            "# Check it with:      pagegen lint \(fileName)",
            "# Generate with:      pagegen generate \(fileName) --output Sources/\(name)/Generated",
            "# Serve it locally:   pagegen-mock \(fileName) --port 8080",
            "# Every key is described in docs/spec-reference.md of the Pagegen repository.",
            "pagegen: 1",
            "name: \(name)",
            "# The generated types live in this namespace: \(name)API.Client, \(name)API.Product…",
            "namespace: \(name)API",
            "baseURL: https://api.example.com/v1",
            "# Client(token:) sends \"Authorization: Bearer <token>\". See \"Authentication\".",
            "auth: bearer",
        ]
    }

    /// A model for a list's items, its page, and an endpoint that reads it.
    private struct List {
        var models: [String]
        var endpoint: [String]
    }

    private var lists: [List] {
        switch style {
        case .all: [pageList, cursorList, offsetList]
        case .page: [pageList]
        case .cursor: [cursorList]
        case .offset: [offsetList]
        case .link: [linkList]
        }
    }

    private var pageList: List {
        List(
            models: [
                "  Product:",
                "    id: Int",
                "    name: String",
                "    price: Double",
                "    created_at: Date?",
                "  # One page of products, with the number of products in the whole list.",
                "  ProductPage:",
                "    products: [Product]",
                "    total: Int",
            ],
            endpoint: [
                "  # Page numbers: GET /products?page=2&per_page=30. See \"Page numbers\" under \"Paging\".",
                "  products:",
                "    get: /products",
                "    query: { search: String? }",
                "    returns: ProductPage",
                "    paging:",
                "      page: { param: page, first: 1 }",
                "      size: { param: per_page, default: 30, max: 100 }",
                "      items: products",
                "      total: total",
            ])
    }

    private var cursorList: List {
        List(
            models: [
                "  Order:",
                "    id: String",
                "    status: { enum: [pending, paid, shipped] }",
                "    amount: Double",
                "  # One page of orders, and the cursor of the next page (null on the last).",
                "  OrderList:",
                "    orders: [Order]",
                "    next_cursor: String?",
            ],
            endpoint: [
                "  # A cursor in the body: GET /orders?cursor=abc&limit=50. See \"Cursors\" under \"Paging\".",
                "  orders:",
                "    get: /orders",
                "    returns: OrderList",
                "    paging:",
                "      cursor: { param: cursor, from: next_cursor }",
                "      size: { param: limit, default: 50, max: 200 }",
                "      items: orders",
            ])
    }

    private var offsetList: List {
        List(
            models: [
                "  Review:",
                "    id: Int",
                "    rating: Int",
                "    text: String",
                "  # One page of reviews, with the number of reviews in the whole list.",
                "  ReviewPage:",
                "    reviews: [Review]",
                "    total_count: Int",
            ],
            endpoint: [
                "  # An offset and a limit: GET /products/7/reviews?offset=40&limit=20. See \"Offsets\" under \"Paging\".",
                "  reviews:",
                "    get: /products/{product_id}/reviews",
                "    path: { product_id: Int }",
                "    returns: ReviewPage",
                "    paging:",
                "      offset: { param: offset }",
                "      size: { param: limit, default: 20, max: 100 }",
                "      items: reviews",
                "      total: total_count",
            ])
    }

    private var linkList: List {
        List(
            models: [
                "  Event:",
                "    id: Int",
                "    kind: String",
                "    created_at: Date",
            ],
            endpoint: [
                "  # The next page's URL in the Link header: Link: <…?page=3>; rel=\"next\".",
                "  # The answer is the list itself. See \"Next links\" under \"Paging\".",
                "  events:",
                "    get: /events",
                "    returns: [Event]",
                "    paging:",
                "      next: link",
                "      size: { param: per_page, default: 30, max: 100 }",
            ])
    }

    private var newProductModel: [String] {
        [
            "  # What a new product is sent as.",
            "  NewProduct:",
            "    name: String",
            "    price: Double",
        ]
    }

    private var createProductEndpoint: [String] {
        [
            "  # A POST with a JSON body, answered with the created product. See \"Request bodies\".",
            "  createProduct:",
            "    post: /products",
            "    body: NewProduct",
            "    returns: Product",
        ]
    }
}
