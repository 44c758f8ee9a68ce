/// How UITableView calls its prefetching data source, simplified: while scrolling,
/// it asks to prefetch the rows of about one screen beyond the visible rows, in the
/// scroll direction; when rows leave that window without being displayed (the
/// scroll reversed, or passed them), it cancels them. Displayed rows are dropped
/// from its list silently.
struct UIKitPrefetchModel {
    let viewportRows: Int
    private var pending: Set<Int> = []

    init(viewportRows: Int) {
        self.viewportRows = viewportRows
    }

    /// The rows to prefetch and to cancel, after a frame that showed `visible`
    /// while scrolling in `direction` (1 down, -1 up, 0 still).
    mutating func update(visible: Range<Int>, count: Int, direction: Int) -> (prefetch: [Int], cancel: [Int]) {
        guard !visible.isEmpty, direction != 0 else { return ([], []) }
        pending = pending.filter { !visible.contains($0) }
        let window =
            direction > 0
            ? visible.upperBound..<min(count, visible.upperBound + viewportRows)
            : max(0, visible.lowerBound - viewportRows)..<visible.lowerBound
        let cancel = pending.filter { !window.contains($0) }.sorted()
        pending.subtract(cancel)
        let prefetch = window.filter { !pending.contains($0) }
        pending.formUnion(prefetch)
        return (prefetch, cancel)
    }
}
