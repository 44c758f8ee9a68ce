// The chat of docs/paged-list.md ("Chats and feeds"), compiled for iOS by the CI
// workflow: Scripts/check-doc-snippets.sh checks that the guide shows this code.
#if canImport(UIKit) && !os(watchOS)
import PagegenRuntime
import UIKit

final class ChatViewController: UITableViewController {
    private let list: PagedList<ChatMessage>
    private lazy var newMessages = UIBarButtonItem(
        title: nil, primaryAction: UIAction { [weak self] _ in self?.showNewMessages() })

    /// `loader` pages the conversation newest first (its `focusItem` set to open around a message).
    init(loader: PageLoader<ChatMessage>) {
        list = PagedList(loader, options: PagedListOptions(order: .firstPageAtBottom))
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
        navigationItem.rightBarButtonItem = newMessages
        list.onChange = { [weak self] change in self?.apply(change) }
        // Newer messages that wait change no row: their count comes with the load states.
        list.onLoadStatesChange = { [weak self] _ in self?.showNewMessagesCount() }
        showNewMessagesCount()
        list.start()
    }

    /// A timer, a push or a socket message says there may be new messages.
    func messagesMayHaveArrived() {
        list.loadNewerItems()
    }

    private func showNewMessages() {
        list.showNewerItems()
        scrollToBottom(animated: true)
    }

    private func showNewMessagesCount() {
        let count = list.newerItemCount
        newMessages.title = count == 1 ? "1 new message" : "\(count) new messages"
        newMessages.isHidden = count == 0
    }

    // UITableViewDataSource

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        list.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        var content = cell.defaultContentConfiguration()
        switch list[indexPath.row] {  // row 0 is the oldest loaded, at the top
        case .item(let message):
            content.text = message.text
            content.secondaryText = message.author
        case .placeholder, .loading: content.text = "Loading earlier messages…"
        case .failed(let error): content.text = "Could not load: \(error.reason). Tap to retry."
        }
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if case .failed = list[indexPath.row] { list.retry() }
    }

    // UIScrollViewDelegate

    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let rows = tableView.indexPathsForVisibleRows?.map(\.row) ?? []
        if let first = rows.min(), let last = rows.max() {
            // The anchor: the first row whose top is on screen; at the bottom row, the
            // newest end is on screen and new messages show at once.
            let top = scrollView.contentOffset.y + scrollView.adjustedContentInset.top
            let anchor = rows.sorted().first { tableView.rectForRow(at: IndexPath(row: $0, section: 0)).minY >= top }
            list.setVisibleRows(first..<last + 1, firstFullyVisible: anchor)
        }
    }

    // Changes

    private var isAtBottom: Bool {
        let bottom = tableView.contentSize.height + tableView.adjustedContentInset.bottom - tableView.bounds.height
        return tableView.contentOffset.y >= bottom - 44
    }

    private func scrollToBottom(animated: Bool) {
        guard list.count > 0 else { return }
        tableView.scrollToRow(at: IndexPath(row: list.count - 1, section: 0), at: .bottom, animated: animated)
    }

    private func apply(_ change: ListChange) {
        defer { showNewMessagesCount() }
        guard change.countBefore > 0 else {
            tableView.reloadData()
            // The newest message at the bottom, or the one the chat opened around.
            if let row = list.focusRow, row < list.count {
                tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: .middle, animated: false)
            } else {
                scrollToBottom(animated: false)
            }
            return
        }
        let wasAtBottom = isAtBottom
        let paths = { (rows: [Range<Int>]) in rows.flatMap { $0 }.map { IndexPath(row: $0, section: 0) } }
        // Where the row the user reads is on screen, to keep it there: older messages
        // come in above it.
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
        let visible = Set(tableView.indexPathsForVisibleRows ?? [])
        tableView.reconfigureRows(at: paths(change.reloadedRows).filter(visible.contains))
        if wasAtBottom, change.countAfter > change.countBefore {
            scrollToBottom(animated: true)  // the user was at the newest message: follow the new ones
        } else if let anchor = change.anchor, anchor.moved, let anchorOffset {
            let top = tableView.rectForRow(at: IndexPath(row: anchor.after, section: 0)).minY
            tableView.contentOffset.y = top - anchorOffset
        }
    }
}
#endif
