// The diffable collection view of docs/paged-list.md, compiled for iOS by the CI
// workflow: Scripts/check-doc-snippets.sh checks that the guide shows this code.
#if canImport(UIKit) && !os(watchOS)
import PagegenRuntime
import UIKit

final class ProductsCollectionViewController: UICollectionViewController, UICollectionViewDataSourcePrefetching {
    private let list: PagedList<Product>
    private var dataSource: UICollectionViewDiffableDataSource<Int, ListRowID>!

    init(client: ShopAPI.Client) {
        list = client.productsList(categoryID: "42")
        super.init(collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
    }

    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        let registration = UICollectionView.CellRegistration<ProductItemCell, ListRow<Product>> { cell, _, row in
            cell.show(row)
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { [list] view, indexPath, _ in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: list[indexPath.item])
        }
        collectionView.prefetchDataSource = self
        list.onChange = { [weak self] change in self?.applySnapshot(change) }
        list.start()
    }

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        list.prefetch(rows: indexPaths.map(\.item))
    }

    private func applySnapshot(_ change: ListChange) {
        let old = Set(dataSource.snapshot().itemIdentifiers)
        var snapshot = NSDiffableDataSourceSnapshot<Int, ListRowID>()
        snapshot.appendSections([0])
        snapshot.appendItems((0..<list.count).map(list.rowID(at:)))
        // Rows whose content changed but kept their identifier: reconfigure them.
        let kept = change.reloadedRows.flatMap { $0 }.map(list.rowID(at:)).filter(old.contains)
        snapshot.reconfigureItems(kept)
        // Where the row the user reads is on screen, to keep it there.
        let top = { (row: Int) in self.collectionView.layoutAttributesForItem(at: IndexPath(item: row, section: 0))?.frame.minY }
        let anchorOffset = change.anchor.flatMap { top($0.before) }.map { $0 - collectionView.contentOffset.y }
        let moved = change.anchor?.moved ?? false
        dataSource.apply(snapshot, animatingDifferences: change.countBefore > 0 && !moved)
        if let anchor = change.anchor, moved, let anchorOffset {
            collectionView.layoutIfNeeded()
            if let row = top(anchor.after) { collectionView.contentOffset.y = row - anchorOffset }
        }
    }
}

/// A cell of the collection: a product, a skeleton, a spinner or an error.
final class ProductItemCell: UICollectionViewListCell {
    func show(_ row: ListRow<Product>) {
        var content = defaultContentConfiguration()
        switch row {
        case .item(let product): content.text = product.name
        case .placeholder: content.text = " "
        case .loading: content.text = "Loading…"
        case .failed(let error): content.text = "Could not load: \(error.reason)"
        }
        contentConfiguration = content
    }
}
#endif
