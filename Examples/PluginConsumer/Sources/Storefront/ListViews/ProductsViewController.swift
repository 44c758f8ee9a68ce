// The table view controller of docs/paged-list.md, compiled for iOS by the CI
// workflow: Scripts/check-doc-snippets.sh checks that the guide shows this code.
#if canImport(UIKit) && !os(watchOS)
import PagegenRuntime
import UIKit

final class ProductsViewController: UITableViewController, UITableViewDataSourcePrefetching {
    private let list: PagedList<Product>

    init(client: ShopAPI.Client) {
        list = client.productsList(categoryID: "42")
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(ProductCell.self, forCellReuseIdentifier: "product")
        tableView.prefetchDataSource = self
        refreshControl = UIRefreshControl()
        refreshControl?.addAction(UIAction { [list] _ in list.refresh() }, for: .valueChanged)
        list.onChange = { [weak self] change in self?.apply(change) }
        list.onLoadStatesChange = { [weak self] states in
            if !states.refresh.isLoading { self?.refreshControl?.endRefreshing() }
        }
        list.start()  // or list.start(atRows: savedRow..<savedRow + rowsOnScreen)
    }

    // UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        list.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "product", for: indexPath) as! ProductCell
        switch list[indexPath.row] {
        case .item(let product): cell.show(product)
        case .placeholder: cell.showSkeleton()
        case .loading: cell.showSpinner()
        case .failed(let error): cell.showError(error.reason)
        }
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if case .failed = list[indexPath.row] { list.retry() }
    }

    // UITableViewDataSourcePrefetching

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
        list.prefetch(rows: indexPaths.map(\.row))
    }

    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        list.cancelPrefetch(rows: indexPaths.map(\.row))
    }

    // UIScrollViewDelegate

    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let rows = tableView.indexPathsForVisibleRows?.map(\.row) ?? []
        if let first = rows.min(), let last = rows.max() {
            // The anchor: the first row whose top is on screen, kept still when rows come or go above it.
            let top = scrollView.contentOffset.y + scrollView.adjustedContentInset.top
            let anchor = rows.sorted().first { tableView.rectForRow(at: IndexPath(row: $0, section: 0)).minY >= top }
            list.setVisibleRows(first..<last + 1, firstFullyVisible: anchor)
        }
    }

    override func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        list.willBeginDragging()  // also when the finger catches a fling
    }

    override func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        let target = CGRect(origin: targetContentOffset.pointee, size: scrollView.bounds.size)
        let rows = tableView.indexPathsForRows(in: target)?.map(\.row) ?? []
        if let first = rows.min(), let last = rows.max() {
            list.willSettle(atRows: first..<last + 1)
        }
    }

    // Changes

    private func apply(_ change: ListChange) {
        guard change.countBefore > 0 else {
            tableView.reloadData()
            if let row = list.focusRow, row < list.count {  // started in the middle
                tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: .top, animated: false)
            }
            return
        }
        let paths = { (rows: [Range<Int>]) in rows.flatMap { $0 }.map { IndexPath(row: $0, section: 0) } }
        // Where the row the user reads is on screen, to keep it there.
        let anchorOffset = change.anchor.map { anchor in
            tableView.rectForRow(at: IndexPath(row: anchor.before, section: 0)).minY - tableView.contentOffset.y
        }
        UIView.performWithoutAnimation {
            tableView.performBatchUpdates {
                tableView.deleteRows(at: paths(change.deletedRows), with: .none)
                tableView.insertRows(at: paths(change.insertedRows), with: .none)
                for move in change.movedRows {
                    tableView.moveRow(at: IndexPath(row: move.from, section: 0), to: IndexPath(row: move.to, section: 0))
                }
            }
        }
        // Only rows on screen need new content; the others are configured when they scroll in.
        let visible = Set(tableView.indexPathsForVisibleRows ?? [])
        tableView.reconfigureRows(at: paths(change.reloadedRows).filter(visible.contains))
        if let anchor = change.anchor, anchor.moved, let anchorOffset {
            let top = tableView.rectForRow(at: IndexPath(row: anchor.after, section: 0)).minY
            tableView.contentOffset.y = top - anchorOffset
        }
    }
}

/// A row of the table: a product, a skeleton, a spinner or an error.
final class ProductCell: UITableViewCell {
    func show(_ product: Product) {
        var content = defaultContentConfiguration()
        content.text = product.name
        content.secondaryText = product.salePrice.formatted(.currency(code: "USD"))
        contentConfiguration = content
    }

    func showSkeleton() {
        var content = defaultContentConfiguration()
        content.text = " "
        content.secondaryText = " "
        contentConfiguration = content
    }

    func showSpinner() {
        var content = defaultContentConfiguration()
        content.text = "Loading…"
        contentConfiguration = content
    }

    func showError(_ reason: String) {
        var content = defaultContentConfiguration()
        content.text = "Could not load: \(reason). Tap to retry."
        contentConfiguration = content
    }
}
#endif
