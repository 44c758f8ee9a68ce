import Foundation
import OpenAPIKit

/// The pagination extensions the importer reads, each into a ``PagingPlan``:
/// Speakeasy's `x-speakeasy-pagination`, Fern's `x-fern-pagination` and AutoRest's
/// `x-ms-pageable`. A reader returns nil when the operation does not carry its
/// extension, and a plan without a style (`.none`) when the extension says the
/// operation does not page.
struct PagingExtensions {
    let document: OpenAPI.Document
    let notes: NoteWriter

    /// What an extension says.
    enum Reading {
        /// How the operation pages.
        case pages(PagingPlan)
        /// That the operation returns one page only, and why.
        case onePage(String)
        /// That the extension could not be read, and why.
        case unreadable(String)
    }

    /// The first pagination extension the operation carries, with its name and pointer.
    func read(_ operation: ImportedOperation) -> (name: String, pointer: JSONPointer, reading: Reading)? {
        let extensions = operation.operation.vendorExtensions
        for name in Self.understood {
            guard let value = extensions[name] else { continue }
            let pointer = operation.pointer.appending(name)
            let reading: Reading =
                switch name {
                case "x-speakeasy-pagination": speakeasy(value.value)
                case "x-fern-pagination": fern(value.value)
                case "x-pagination": xPagination(value.value)
                default: microsoft(value.value, operation: operation)
                }
            return (name, pointer, reading)
        }
        return nil
    }

    /// The extensions read, in the order they are looked for.
    static let understood = ["x-speakeasy-pagination", "x-fern-pagination", "x-ms-pageable", "x-pagination"]

    /// An extension of the operation whose name speaks of paging but that is not one of
    /// those read (`x-pageable`, `x-paginated`), for a note.
    func unread(_ operation: ImportedOperation) -> String? {
        operation.operation.vendorExtensions.keys.sorted().first { name in
            !Self.understood.contains(name) && name.lowercased().contains("pag")
                && ["pagin", "pageable", "paged", "paging"].contains { name.lowercased().contains($0) }
        }
    }

    // MARK: x-pagination

    /// Datadog's `x-pagination`: `{ limitParam, pageOffsetParam | pageParam | cursorParam,
    /// cursorPath, resultsPath }`, the paths dotted.
    private func xPagination(_ value: Any) -> Reading {
        guard let object = value as? [String: Any] else { return .unreadable("x-pagination must be a mapping") }
        func path(_ key: String) -> [String]? {
            (object[key] as? String).map { $0.split(separator: ".").map(String.init) }
        }
        var plan: PagingPlan
        if let cursor = object["cursorParam"] as? String {
            guard let next = path("cursorPath") else { return .unreadable("cursorParam needs cursorPath, where the next cursor is") }
            plan = PagingPlan(style: .cursor(cursor, .body(next)))
        } else if let offset = object["pageOffsetParam"] as? String {
            plan = PagingPlan(style: .offset(offset))
        } else if let page = object["pageParam"] as? String {
            plan = PagingPlan(style: .page(page))
        } else {
            return .unreadable("x-pagination needs cursorParam, pageOffsetParam or pageParam")
        }
        plan.size = object["limitParam"] as? String
        plan.items = path("resultsPath")
        plan.source = "x-pagination"
        return .pages(plan)
    }

    // MARK: x-speakeasy-pagination

    /// `{ type: offsetLimit | cursor | url, inputs: [{ name, in, type }], outputs: { results, nextCursor, nextUrl, numPages } }`.
    private func speakeasy(_ value: Any) -> Reading {
        guard let object = value as? [String: Any], let type = object["type"] as? String else {
            return .unreadable("x-speakeasy-pagination needs a 'type'")
        }
        let inputs = (object["inputs"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
        let outputs = object["outputs"] as? [String: Any] ?? [:]
        func input(_ kind: String) -> (name: String, location: ImportedPaging.Location)? {
            guard let entry = inputs.first(where: { ($0["type"] as? String) == kind }), let name = entry["name"] as? String else {
                return nil
            }
            return (name, (entry["in"] as? String) == "requestBody" ? .body : .query)
        }
        var results: [String]?
        if let text = outputs["results"] as? String {
            guard let path = JSONPathText.keys(text) else { return .unreadable("the results path '\(text)' is not a path of keys") }
            results = path
        }
        var plan: PagingPlan
        switch type {
        case "offsetLimit":
            if let page = input("page") {
                plan = PagingPlan(style: .page(page.name), location: page.location)
            } else if let offset = input("offset") {
                plan = PagingPlan(style: .offset(offset.name), location: offset.location)
            } else {
                return .unreadable("offsetLimit needs an input of type 'page' or 'offset'")
            }
            if let pages = outputs["numPages"] as? String { plan.totalPages = JSONPathText.keys(pages) }
        case "cursor":
            guard let cursor = input("cursor") else { return .unreadable("cursor paging needs an input of type 'cursor'") }
            guard let next = outputs["nextCursor"] as? String else { return .unreadable("cursor paging needs 'outputs.nextCursor'") }
            if let (list, key) = JSONPathText.lastElementKey(next) {
                if let results, results != list {
                    return .unreadable("nextCursor '\(next)' reads an element of a list other than the results")
                }
                results = results ?? list
                plan = PagingPlan(style: .cursor(cursor.name, .lastItem(key)), location: cursor.location)
            } else if let path = JSONPathText.keys(next) {
                plan = PagingPlan(style: .cursor(cursor.name, .body(path)), location: cursor.location)
            } else {
                return .unreadable("the nextCursor path '\(next)' is not a path the spec language can read")
            }
        case "url":
            guard let next = outputs["nextUrl"] as? String, let path = JSONPathText.keys(next) else {
                return .unreadable("url paging needs 'outputs.nextUrl', a path of keys")
            }
            plan = PagingPlan(style: .next(path))
        default:
            return .unreadable("unknown x-speakeasy-pagination type '\(type)'")
        }
        plan.size = input("limit")?.name
        plan.items = results
        plan.source = "x-speakeasy-pagination"
        return .pages(plan)
    }

    // MARK: x-fern-pagination

    /// `{ offset | cursor: $request.x, next_cursor: $response.y, next_uri, next_path, results, step, has-next-page }`;
    /// `true` takes the document's own `x-fern-pagination`.
    private func fern(_ value: Any) -> Reading {
        var value = value
        if let flag = value as? Bool {
            guard flag, let root = document.vendorExtensions["x-fern-pagination"]?.value else {
                return .onePage("x-fern-pagination: false")
            }
            value = root
        }
        guard let object = value as? [String: Any] else { return .unreadable("x-fern-pagination must be a mapping") }
        func request(_ key: String) -> [String]? { (object[key] as? String).flatMap { RuntimeExpression.request($0) } }
        func response(_ key: String) -> [String]? { (object[key] as? String).flatMap { RuntimeExpression.response($0) } }
        var plan: PagingPlan
        if let cursor = object["cursor"] as? String {
            guard let parameter = RuntimeExpression.request(cursor) else {
                return .unreadable("the cursor '\(cursor)' is not a $request expression")
            }
            guard let next = response("next_cursor") else { return .unreadable("cursor paging needs 'next_cursor: $response.…'") }
            guard parameter.count == 1 else {
                return .unreadable(
                    "the cursor goes in the request body at '\(parameter.joined(separator: "."))', inside another field, which a paging parameter of the spec language cannot"
                )
            }
            plan = PagingPlan(style: .cursor(parameter[0], .body(next)))
        } else if let offset = object["offset"] as? String {
            guard let parameter = RuntimeExpression.request(offset), parameter.count == 1 else {
                return .unreadable("the offset '\(offset)' is not a parameter of the request")
            }
            if let step = request("step"), step.count == 1 {
                // With a step, the offset counts items, advancing by the page size.
                plan = PagingPlan(style: .offset(parameter[0]))
                plan.size = step[0]
            } else {
                // Without one it advances by 1: a page number.
                plan = PagingPlan(style: .page(parameter[0]))
                plan.remarks.append("Fern's offset without a step advances by 1, so it is a page number")
            }
        } else if let next = response("next_uri") ?? response("next_path") {
            plan = PagingPlan(style: .next(next))
        } else {
            return .unreadable("x-fern-pagination needs 'cursor', 'offset', 'next_uri' or 'next_path'")
        }
        if let results = object["results"] as? String {
            guard let path = RuntimeExpression.response(results) else {
                return .unreadable("the results '\(results)' is not a $response expression")
            }
            plan.items = path
        }
        plan.hasMore = response("has-next-page")
        plan.source = "x-fern-pagination"
        return .pages(plan)
    }

    // MARK: x-ms-pageable

    /// `{ nextLinkName: name | null, itemName: name (default value), operationName }`.
    private func microsoft(_ value: Any, operation: ImportedOperation) -> Reading {
        guard let object = value as? [String: Any] else { return .unreadable("x-ms-pageable must be a mapping") }
        let itemName = object["itemName"] as? String ?? "value"
        guard let nextLinkName = object["nextLinkName"] as? String else {
            return .onePage("x-ms-pageable says 'nextLinkName: null': a list served as one page")
        }
        var plan = PagingPlan(style: .next([nextLinkName]))
        plan.items = [itemName]
        plan.source = "x-ms-pageable"
        if object["itemName"] == nil { plan.remarks.append("items in 'value', x-ms-pageable's default") }
        if let operationName = object["operationName"] as? String {
            let target = document.paths.values.compactMap(\.b).flatMap(\.endpoints).first { $0.operation.operationId == operationName }
            if target != nil, operationName != operation.operation.operationId {
                plan.remarks.append(
                    "x-ms-pageable fetches the next pages with the operation '\(operationName)'; pagegen follows '\(nextLinkName)' as a URL, resolved against the page's own"
                )
            } else if target == nil {
                plan.remarks.append("the operationName '\(operationName)' names no operation of the document")
            }
        }
        return .pages(plan)
    }
}

/// Fern's runtime expressions: `$request.page`, `$response.pages.next.starting_after`.
enum RuntimeExpression {
    static func request(_ text: String) -> [String]? { keys(text, prefix: "$request.") }
    static func response(_ text: String) -> [String]? { keys(text, prefix: "$response.") }

    private static func keys(_ text: String, prefix: String) -> [String]? {
        guard text.hasPrefix(prefix) else { return nil }
        let keys = text.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return keys.contains(where: \.isEmpty) ? nil : keys
    }
}

/// The JSONPath that Speakeasy writes: `$`, `$.data.items`, `$["@odata.nextLink"]`, `$[-1].id`.
enum JSONPathText {
    /// The keys of a path made of keys only (`$` is none).
    static func keys(_ text: String) -> [String]? {
        guard let steps = steps(text), steps.allSatisfy({ if case .key = $0 { true } else { false } }) else { return nil }
        return steps.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    /// For `$.data[-1].id`: the list (`["data"]`) and the key read in its last element (`["id"]`).
    static func lastElementKey(_ text: String) -> (list: [String], key: [String])? {
        guard let steps = steps(text), let index = steps.firstIndex(where: { if case .index(-1) = $0 { true } else { false } }) else {
            return nil
        }
        let before = steps[..<index]
        let after = steps[(index + 1)...]
        let keys: ([Step]) -> [String]? = { steps in
            let keys = steps.compactMap { step -> String? in if case .key(let key) = step { key } else { nil } }
            return keys.count == steps.count ? keys : nil
        }
        guard let list = keys(Array(before)), let key = keys(Array(after)), !key.isEmpty else { return nil }
        return (list, key)
    }

    private enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    private static func steps(_ text: String) -> [Step]? {
        guard text.hasPrefix("$") else { return nil }
        var rest = Substring(text.dropFirst())
        var steps: [Step] = []
        while !rest.isEmpty {
            if rest.hasPrefix(".") {
                rest = rest.dropFirst()
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { return nil }
                steps.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
            } else if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else { return nil }
                let inside = rest[rest.index(after: rest.startIndex)..<close]
                if let index = Int(inside) {
                    steps.append(.index(index))
                } else if inside.count >= 2, let quote = inside.first, quote == "\"" || quote == "'", inside.last == quote {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
        return steps
    }
}
