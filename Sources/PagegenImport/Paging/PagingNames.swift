/// The parameter and field names the paging inference recognises, compared without
/// case and punctuation (`per_page`, `perPage` and `per-page` are one name).
enum PagingNames {
    static let size = names(
        "per_page", "page_size", "limit", "size", "max_results", "$top", "top", "pagelen",
        "page[size]", "results_per_page", "maxpagesize", "$maxpagesize", "max_page_size", "count_per_page")
    static let page = names("page", "page_number", "page[number]", "page_no", "pageno")
    static let offset = names("offset", "start", "start_at", "skip", "$skip", "start_index", "page[offset]")
    static let cursor = names(
        "cursor", "after", "starting_after", "page_token", "next_token", "pagination_token",
        "continuation_token", "continuation", "continue", "scroll_param", "scroll_id", "marker", "page[cursor]",
        "page[after]", "next_cursor", "next_page_token", "$skiptoken", "skiptoken")
    /// Cursors that name the last item seen, when the response gives no cursor.
    static let itemCursor = names("starting_after", "after", "after_id", "since_id", "from_id", "last_id")
    static let previousCursor = names("ending_before", "before", "page[before]", "prev_cursor", "previous_cursor", "before_id")
    /// A parameter that asks for the page around an item (Discord's `around`).
    static let around = names("around", "around_id")
    /// Parameters that ask for the items older or newer than an item's id, in a history
    /// served newest first (a chat's messages): the older ones are the next page.
    static let olderItems = names("before", "before_id", "older", "older_than")
    static let newerItems = names("after", "after_id", "newer", "newer_than")
    static let cursorField = names(
        "next_cursor", "next_page_token", "next_token", "cursor", "after", "end_cursor",
        "scroll_param", "scroll_id", "continuation_token", "continuation", "continue", "next_marker", "marker",
        "next_page_cursor", "next_page", "next")
    static let previousCursorField = names("prev_cursor", "previous_cursor", "before", "start_cursor", "prev_token", "previous_token")
    static let nextLink = names(
        "next", "next_url", "next_link", "next_page_url", "next_page", "@odata.nextLink",
        "odata.nextLink", "nextLink", "next_href", "nextPage", "next_page_uri", "next_uri", "next_page_link")
    static let previousLink = names(
        "previous", "prev", "prev_url", "previous_url", "prev_link", "previous_link",
        "prev_page_url", "previous_page_url", "prev_page", "previous_page", "prevPage", "previous_page_uri", "prev_page_uri")
    static let hasMore = names("has_more", "has_next", "has_next_page", "more", "more_results", "has_more_items")
    static let last = names("is_last", "last", "last_page", "is_last_page")
    static let total = names(
        "total", "total_count", "total_results", "total_items", "@odata.count", "total_size",
        "total_elements", "count_total", "totalHits")
    static let totalPages = names("total_pages", "page_count", "num_pages", "pages", "last_page", "number_of_pages")
    static let totalHeader = names("X-Total-Count", "X-Total", "Total-Count", "X-Total-Results")
    static let cursorHeader = names("X-Next-Cursor", "X-Next-Page-Token", "X-Cursor", "Next-Cursor", "X-Pagination-Cursor")
    /// The names of the item list, most likely first, when a response has several lists.
    static let items = [
        "data", "items", "results", "values", "value", "records", "entries", "elements", "list",
        "nodes", "content", "hits", "edges", "objects", "rows",
    ]

    /// Lists an answer holds beside what the operation lists: its errors, warnings and
    /// messages, records side-loaded for the items (JSON:API's `included`).
    static let asideLists = names(
        "error", "errors", "warnings", "messages", "notices", "included", "sideloaded", "failures")
    /// The lists of errors among them, which are never the items of another operation.
    static let errorLists = names("error", "errors", "failures")

    /// A plural's singular, roughly: `addresses` → `address`, `policies` → `policy`,
    /// `items` → `item`; for comparing a list's name with an operation's.
    static func singular(_ key: String) -> String {
        if key.hasSuffix("ies") { return String(key.dropLast(3)) + "y" }
        if key.hasSuffix("sses") || key.hasSuffix("xes") { return String(key.dropLast(2)) }
        if key.hasSuffix("s"), !key.hasSuffix("ss") { return String(key.dropLast()) }
        return key
    }

    /// `per_page`, `perPage`, `per-page` → `perpage`.
    static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    static func names(_ names: String...) -> Set<String> {
        Set(names.map(key))
    }
}
