/// How an operation pages, as a pagination extension or the inference says it, in
/// the document's terms (parameter names, paths of response fields), before it is
/// checked against the endpoint's parameters and response model.
struct PagingPlan {
    /// How the next page is addressed.
    enum Style {
        /// Page numbers in a parameter.
        case page(String)
        /// Item offsets in a parameter.
        case offset(String)
        /// A cursor in a parameter.
        case cursor(String, CursorSource)
        /// The Link header's `rel="next"`.
        case link
        /// A URL at a path of the response.
        case next([String])
    }

    /// Where a cursor comes from.
    enum CursorSource {
        /// A field of the response.
        case body([String])
        /// A field of the page's last item (the first, going back).
        case lastItem([String])
        /// A response header.
        case header(String)
    }

    var style: Style
    var previous: Style?
    /// The parameter that asks for the page around an item, with `previous`.
    var around: String?
    /// Where the page, offset or cursor parameter goes, when it is not the query.
    var location: ImportedPaging.Location?
    /// The page size's parameter.
    var size: String?
    /// The path of the items; `[]` for a response that is the list; nil to find it.
    var items: [String]?
    var total: [String]?
    var totalHeader: String?
    var totalPages: [String]?
    var hasMore: [String]?
    var last: [String]?
    /// Where the plan comes from: `x-speakeasy-pagination`, or nil when inferred.
    var source: String?
    /// What the plan was inferred from, for the note.
    var evidence: [String] = []
    /// Parameters the paging takes over without declaring them (a page number when
    /// the Link header's links carry it).
    var replaces: [String] = []
    /// Extra remarks for the note and the comment.
    var remarks: [String] = []
    /// Parameters the document types as text whose descriptions say they are numbers
    /// (Keycloak's `first`, "Pagination offset"): they are sent as whole numbers.
    var numericText: Set<String> = []
}
