/// The pages of a cursor or link list, in order: each one's key and rows, learned
/// as the list walks forward, and the key of the next page not loaded yet.
///
/// A page dropped to save memory keeps its entry, so it loads again by its key and
/// the rows after it keep their positions.
struct PageChain: Sendable {
    /// The key of each known page.
    private(set) var keys: [PageKey] = []
    /// The first row of each known page.
    private(set) var firstRows: [Int] = []
    /// The number of rows of each known page.
    private(set) var rowCounts: [Int] = []
    /// The key of the page after the known ones; nil at the end.
    var frontier: PageKey?
    /// Every key walked, to stop at a loop.
    private var walked: Set<PageKey> = []

    /// The number of known pages.
    var count: Int { keys.count }

    /// Starts a chain at `key`.
    init(first key: PageKey) {
        frontier = key
    }

    /// Adds the page at the frontier with `rows` rows, starting at `firstRow`, and
    /// moves the frontier to `next`; ends the chain when `next` is nil, or repeats a
    /// key already walked (the list loops: it ends there instead of spinning).
    mutating func advance(firstRow: Int, rows: Int, next: PageKey?) {
        guard let key = frontier else { return }
        walked.insert(key)
        keys.append(key)
        firstRows.append(firstRow)
        rowCounts.append(rows)
        if let next, walked.contains(next) {
            frontier = nil
        } else {
            frontier = next
        }
    }

    /// Changes the row count of page `index`, shifting the pages after it.
    mutating func resize(_ index: Int, to rows: Int) {
        let delta = rows - rowCounts[index]
        rowCounts[index] = rows
        for later in (index + 1)..<firstRows.count {
            firstRows[later] += delta
        }
    }

    /// The index of the known page holding `row`, for rows before `end`.
    func index(ofRow row: Int) -> Int {
        var low = 0
        var high = firstRows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstRows[middle] <= row { low = middle } else { high = middle - 1 }
        }
        // Skip empty pages that start at the same row.
        while low + 1 < firstRows.count, firstRows[low + 1] == firstRows[low], rowCounts[low] == 0 {
            low += 1
        }
        return low
    }
}
