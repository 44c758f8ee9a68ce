/// What one row of a ``PagedList`` shows.
///
/// ```swift
/// switch list[indexPath.row] {
/// case .item(let product): cell.show(product)
/// case .placeholder: cell.showSkeleton()
/// case .loading: cell.showSpinner()
/// case .failed(let error): cell.showError(error) { list.retry() }
/// }
/// ```
public enum ListRow<Item: Sendable>: Sendable {
    /// A loaded item.
    case item(Item)
    /// A row that exists but whose item is not loaded: not yet, or dropped again to
    /// stay under ``PagedListOptions/maxLoadedItems``. Shown as a skeleton cell; its
    /// page loads as it comes near the visible rows.
    case placeholder
    /// The last row of a list whose length is not known yet: "loading more".
    case loading
    /// A row whose page failed to load; ``PagedList/retry()`` loads it again.
    case failed(APIError)

    /// The item, when the row holds one.
    public var item: Item? {
        if case .item(let item) = self { return item }
        return nil
    }

    /// True when the row holds an item.
    public var isItem: Bool { item != nil }
}
