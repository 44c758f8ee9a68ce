// The SwiftUI chat of docs/paged-list.md ("Chats and feeds"), compiled on macOS by the
// tests and for iOS by the CI workflow: Scripts/check-doc-snippets.sh checks that the
// guide shows this code.
#if canImport(SwiftUI) && canImport(Observation)
import PagegenRuntime
import SwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct ChatView: View {
    @State private var list: PagedList<ChatMessage>
    @State private var isAtBottom = true

    /// `loader` pages the conversation newest first (its `focusItem` set to open around a message).
    init(loader: PageLoader<ChatMessage>) {
        _list = State(initialValue: PagedList(loader, options: PagedListOptions(order: .firstPageAtBottom)))
    }

    var body: some View {
        ScrollViewReader { proxy in
            ScrollView {
                LazyVStack(alignment: .leading) {
                    ForEach(list.rows) { element in
                        ChatRow(row: element.row, retry: list.retry)
                            .id(element.id)
                            .onAppear {
                                list.didAppear(row: element.index)
                                if element.index == list.count - 1 { isAtBottom = true }
                            }
                            .onDisappear {
                                list.didDisappear(row: element.index)
                                if element.index == list.count - 1 { isAtBottom = false }
                            }
                    }
                }
            }
            .defaultScrollAnchor(.bottom)  // opens at the newest message
            .overlay(alignment: .bottom) {
                if list.newerItemCount > 0 {
                    Button("\(list.newerItemCount) new messages") {
                        list.showNewerItems()
                        proxy.scrollTo(list.rowID(at: list.count - 1), anchor: .bottom)
                    }
                    .buttonStyle(.borderedProminent)
                }
            }
            .onChange(of: list.count) { old, new in
                if old == 0, let row = list.focusRow, row < new {  // opened around a message
                    proxy.scrollTo(list.rowID(at: row), anchor: .center)
                }
            }
            .task {
                for await change in list.changes() {
                    if isAtBottom, change.countAfter > change.countBefore {
                        // At the newest message: follow the new ones.
                        proxy.scrollTo(list.rowID(at: change.countAfter - 1), anchor: .bottom)
                    } else if let anchor = change.anchor, anchor.moved, anchor.after < list.count {
                        // Older messages came in above the row the user reads: it stays put.
                        proxy.scrollTo(list.rowID(at: anchor.after), anchor: .top)
                    }
                }
            }
        }
        .task { list.start() }
        .task {
            // Every 10 s here; on a push or a socket message, call loadNewerItems() then.
            while (try? await Task.sleep(for: .seconds(10))) != nil { list.loadNewerItems() }
        }
    }
}

/// A row of the chat: a message, a skeleton, a spinner or an error with a retry button.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct ChatRow: View {
    let row: ListRow<ChatMessage>
    let retry: @MainActor () -> Void

    var body: some View {
        switch row {
        case .item(let message):
            LabeledContent(message.author, value: message.text)
        case .placeholder:
            Text("A message").redacted(reason: .placeholder)
        case .loading:
            ProgressView()
        case .failed(let error):
            Button("Could not load: \(error.reason). Retry", action: retry)
        }
    }
}
#endif
