import Foundation

/// Where the cursor pages a client read are in their list, so that a `count`
/// paging parameter (Reddit's) can say how many items come before a page, whoever
/// asks for it: a sequence, the list adapter, or a single call given a page's
/// `next` key.
///
/// Keyed by the list (its endpoint's request without paging parameters) and the
/// cursor; it keeps the 4,096 newest entries.
///
/// `@unchecked Sendable`: every stored property that changes is touched under `lock`.
final class PageRowMemo: @unchecked Sendable {
    private struct Entry: Hashable {
        var list: String
        var key: PageKey
    }

    private let lock = NSLock()
    private var rows: [Entry: Int] = [:]
    private var order: [Entry] = []
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// For `.after` keys: the number of items before the page; for `.before` keys: the
    /// number of items before the page the cursor came from. Nil when no page read
    /// by this client gave out the key.
    func rows(before key: PageKey, in list: String) -> Int? {
        lock.withLock { rows[Entry(list: list, key: key)] }
    }

    /// Remembers where the neighbours of `page` are, when its own place is known.
    func remember<Item>(neighboursOf page: Page<Item>, in list: String) {
        guard let firstRow = page.firstRow else { return }
        var learned: [(Entry, Int)] = []
        if let next = page.next { learned.append((Entry(list: list, key: next), firstRow + page.items.count)) }
        if let previous = page.previous { learned.append((Entry(list: list, key: previous), firstRow)) }
        lock.withLock {
            for (entry, count) in learned {
                if rows.updateValue(count, forKey: entry) == nil { order.append(entry) }
            }
            if order.count > capacity {
                let dropped = order.prefix(order.count - capacity)
                for entry in dropped { rows.removeValue(forKey: entry) }
                order.removeFirst(dropped.count)
            }
        }
    }
}
