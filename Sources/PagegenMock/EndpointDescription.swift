import PagegenCore

extension ServedEndpoint {
    /// How the endpoint is served, in a few words: `paged by page number (current_page from 1); size page_size (default 20, max 50); total in response.product_count`.
    var summary: String {
        switch role {
        case .list(let list):
            let paging = list.paging
            var parts: [String] = []
            switch paging.style {
            case .pageNumber(let parameter, let first):
                parts.append("paged by page number (\(parameter.name.value)\(Self.place(parameter)) from \(first))")
            case .offset(let parameter, let first):
                parts.append("paged by offset (\(parameter.name.value)\(Self.place(parameter)) from \(first))")
            case .cursor(let next, let previous):
                parts.append("paged by cursor (\(Self.cursor(next))\(previous.map { "; back: \(Self.cursor($0))" } ?? ""))")
            case .link(let next, let previous):
                parts.append("paged by \(Self.link(next))\(previous.map { " and back by \(Self.link($0))" } ?? "")")
            case .ids:
                break
            }
            if let size = paging.size {
                let bounds = [size.minimum.map { "min \($0)" }, size.maximum.map { "max \($0)" }].compactMap { $0 }
                let parameter = size.parameter.map { "\($0.name.value)\(Self.place($0)) " } ?? "fixed "
                parts.append(
                    "size \(parameter)(default \(size.defaultValue.value)\(bounds.isEmpty ? "" : ", " + bounds.joined(separator: ", ")))")
            }
            switch paging.total {
            case .body(let path, let estimate)?: parts.append("total in \(path.value)\(estimate ? " (estimate)" : "")")
            case .header(let name)?: parts.append("total in header \(name.value)")
            case nil: break
            }
            if let path = paging.hasMore { parts.append("has-more in \(path.value)") }
            if let path = paging.isLast { parts.append("last flag in \(path.value)") }
            switch paging.totalPages {
            case .body(let path, _)?: parts.append("page count in \(path.value)")
            case .header(let name)?: parts.append("page count in header \(name.value)")
            case nil: break
            }
            switch paging.nextPage {
            case .body(let path, _)?: parts.append("next page number in \(path.value)")
            case .header(let name)?: parts.append("next page number in header \(name.value)")
            case nil: break
            }
            if let count = paging.count { parts.append("items before the page in \(count.name.value)\(Self.place(count))") }
            return parts.joined(separator: "; ")
        case .idList(let plan):
            return "id list; each item from '\(plan.itemEndpoint)'"
        case .window(let plan):
            return "window into '\(plan.list)'\(plan.focusParameter.map { "; focus row from ?\($0)=" } ?? "")"
        case .array:
            return "every item at once"
        case .single(let plan) where !plan.idLists.isEmpty:
            return "one item of \(plan.idLists.map { "'\($0)'" }.joined(separator: ", ")); 404 for unknown ids"
        case .single:
            return "one answer"
        }
    }

    private static func place(_ parameter: PagingParameter) -> String {
        var text = parameter.location == "query" ? "" : " in \(parameter.location)"
        if let format = parameter.format { text += " as '\(format)'" }
        return text
    }

    private static func cursor(_ cursor: CursorSpec) -> String {
        let source =
            switch cursor.source {
            case .body(let path): "from \(path.value)"
            case .item(let path): "from the item's \(path.value)"
            case .header(let name): "from header \(name.value)"
            }
        return "\(cursor.parameter.name.value)\(place(cursor.parameter)) \(source)"
    }

    private static func link(_ link: LinkSpec) -> String {
        switch link {
        case .body(let path): "link in \(path.value) (?offset=)"
        case .linkHeader: "Link header (?page=)"
        }
    }
}

extension MockServer {
    /// Every endpoint with how it is served:
    /// `GET /api/v2/categories/{category_id}/products — paged by page number (current_page from 1); …`.
    public var endpointSummaries: [String] {
        zip(endpoints, endpointRoles).map { "\($0) — \($1)" }
    }
}
