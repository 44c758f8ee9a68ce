/// Reading the table: what a row shows, its identifier, and the load states.
extension PageTable {
    /// What `row` shows; rows outside `0..<count` read as placeholders.
    func row(at row: Int) -> ListRow<Item> {
        guard row >= 0, row < count else { return .placeholder }
        let slot = slotIndex(forRow: row)
        if let page = slots[slot] {
            if let items = page.items {
                let offset = row - rowRange(ofSlot: slot).lowerBound
                if items.indices.contains(offset) { return .item(items[offset]) }
            } else if let failure = page.failure {
                return .failed(failure)
            }
        }
        return hasTrailingRow && row >= knownRows ? .loading : .placeholder
    }

    /// The identifier of `row`.
    func rowID(at row: Int) -> ListRowID {
        let slot = slotIndex(forRow: row)
        if let page = slots[slot], let ids = page.ids {
            let offset = row - rowRange(ofSlot: slot).lowerBound
            if ids.indices.contains(offset) { return ids[offset] }
        }
        return .position(row)
    }

    /// The load state in each direction.
    var loadStates: LoadStates {
        var states = LoadStates()
        switch phase {
        case .idle:
            return states
        case .locating:
            states.refresh = windowFailure.map { .failed($0) } ?? .loading
            return states
        case .open:
            break
        }
        guard hasContent else {
            states.refresh = startSlots.lazy.compactMap { slots[$0]?.failure }.first.map { .failed($0) } ?? .loading
            return states
        }
        if let refreshing {
            let failure = refreshing.sorted().lazy.compactMap { self.slots[$0]?.failure }.first
            states.refresh = failure.map { .failed($0) } ?? .loading
        }
        let focus = focusRange
        var prepend: LoadState?
        var append: LoadState?
        for slot in slots.keys.sorted() {
            guard let page = slots[slot], page.request != nil || page.failure != nil else { continue }
            if refreshing?.contains(slot) == true { continue }
            let state: LoadState = page.failure.map { .failed($0) } ?? .loading
            if isBefore(slot, focus) {
                prepend = Self.merge(prepend, state)
            } else {
                append = Self.merge(append, state)
            }
        }
        states.prepend = prepend ?? (isLoaded(0) || slots[0]?.items != nil ? .endReached : .notLoading)
        states.append = append ?? (isLastPageLoaded ? .endReached : .notLoading)
        return states
    }

    /// A failure outranks loading; the first failure stays.
    private static func merge(_ current: LoadState?, _ new: LoadState) -> LoadState {
        switch (current, new) {
        case (.failed?, _): current!
        case (_, .failed): new
        default: new
        }
    }

    /// True when the list's last page holds items.
    private var isLastPageLoaded: Bool {
        let rowCount = count
        guard rowCount > 0, !hasTrailingRow else { return endReached && rowCount == 0 }
        guard endReached || (total != nil && !totalIsEstimate) else { return false }
        if !isIndexed, chain.frontier != nil { return false }
        return slots[slotIndex(forRow: rowCount - 1)]?.items != nil
    }
}
