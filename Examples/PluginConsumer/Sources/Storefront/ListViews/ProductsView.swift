// The SwiftUI list of docs/paged-list.md, compiled on macOS by the tests and for iOS
// by the CI workflow: Scripts/check-doc-snippets.sh checks that the guide shows this code.
#if canImport(SwiftUI) && canImport(Observation)
import PagegenRuntime
import SwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct ProductsView: View {
    @State private var list: PagedList<Product>

    init(client: ShopAPI.Client) {
        _list = State(initialValue: client.productsList(categoryID: "42"))
    }

    var body: some View {
        ScrollViewReader { proxy in
            List(list.rows) { element in
                ProductRow(row: element.row, retry: list.retry)
                    .onAppear { list.didAppear(row: element.index) }
                    .onDisappear { list.didDisappear(row: element.index) }
            }
            .overlay {
                if list.count == 0, list.loadStates.refresh.isLoading { ProgressView() }
                if let error = list.loadStates.refresh.error {
                    ContentUnavailableView(
                        "Could not load", systemImage: "wifi.slash",
                        description: Text(error.reason))
                }
            }
            .refreshable { list.refresh() }
            .onChange(of: list.count) { old, new in
                if old == 0, let row = list.focusRow, row < new {  // started in the middle
                    proxy.scrollTo(list.rowID(at: row), anchor: .top)
                }
            }
            .task {
                // Rows inserted or removed above the row the user reads: it stays at the top.
                for await change in list.changes() {
                    if let anchor = change.anchor, anchor.moved, anchor.after < list.count {
                        proxy.scrollTo(list.rowID(at: anchor.after), anchor: .top)
                    }
                }
            }
        }
        .task { list.start() }
    }
}

/// A row of the list: a product, a skeleton, a spinner or an error with a retry button.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct ProductRow: View {
    let row: ListRow<Product>
    let retry: @MainActor () -> Void

    var body: some View {
        switch row {
        case .item(let product):
            LabeledContent(product.name, value: product.salePrice, format: .currency(code: "USD"))
        case .placeholder:
            Text("Product name").redacted(reason: .placeholder)
        case .loading:
            ProgressView()
        case .failed(let error):
            Button("Could not load: \(error.reason). Retry", action: retry)
        }
    }
}
#endif
