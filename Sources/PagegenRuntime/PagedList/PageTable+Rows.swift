/// Reading the table: what a row shows, its identifier, and the load states.
extension PageTable {
    /// What `row` shows; rows outside `0..<count` read as placeholders.
    func row(at row: Int) -> ListRow<Item> {
        guard row >= 0, row < count else { return .placeholder }
        if row >= rows.count { return trailingFailure.map { .failed($0.error) } ?? .loading }
        return Self.row(showing: rows.slot(at: row))
    }

    /// What a row that holds `slot` shows.
    static func row(showing slot: RowList<Item>.Slot) -> ListRow<Item> {
        switch slot {
        case .item(let item, _): .item(item)
        case .hole(let hole): hole.failure.map { .failed($0) } ?? .placeholder
        }
    }

    /// The identifier of `row`.
    func rowID(at row: Int) -> ListRowID {
        if row >= 0, row < rows.count, let id = rows.identity(at: row) { return .item(id) }
        return .position(row)
    }

    /// The failure of page `slot`, if its last load failed.
    func failure(ofSlot slot: Int) -> APIError? {
        slots[slot]?.failure
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
            states.refresh = startSlots.lazy.compactMap { self.slots[$0]?.failure }.first.map { .failed($0) } ?? .loading
            return states
        }
        let onScreen = refreshing ? Set(refreshSlots) : []
        if refreshing {
            let failure = onScreen.sorted().lazy.compactMap { self.slots[$0]?.failure }.first
            states.refresh = failure.map { .failed($0) } ?? .loading
        }
        let focus = focusRange
        var prepend: LoadState?
        var append: LoadState?
        for slot in slots.keys.sorted() {
            guard let page = slots[slot], page.request != nil || page.failure != nil else { continue }
            if onScreen.contains(slot) { continue }
            let state: LoadState = page.failure.map { .failed($0) } ?? .loading
            if isBefore(slot, focus) {
                prepend = Self.merge(prepend, state)
            } else {
                append = Self.merge(append, state)
            }
        }
        states.prepend = prepend ?? (isLoaded(slotIndex(forRow: 0)) && head == nil ? .endReached : .notLoading)
        states.append = append ?? (isLastPageLoaded ? .endReached : .notLoading)
        return states
    }

    /// The pages a refresh waits for: those of the rows on screen.
    var refreshSlots: [Int] {
        let rowCount = count
        guard rowCount > 0 else { return [] }
        let focus = focusRange
        return slots(in: focus.clamped(to: 0..<rowCount))
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
        if !isIndexed, let frontier, let index = rows.blockIndex(serial: frontier), rows.blocks[index].hole?.key != nil {
            return false
        }
        return !rows.isHole(rowCount - 1)
    }
}
