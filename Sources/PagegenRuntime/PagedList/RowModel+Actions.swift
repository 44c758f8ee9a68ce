/// The row model's side of a transaction: the ``RowAction``s the load plan returns,
/// applied in order.
extension RowModel {
    /// Applies `action` to the rows, and says what came of it.
    mutating func apply(_ action: RowAction<Item>) -> RowOutcome {
        switch action {
        case .open(let total):
            open(total: total)
        case .showFailure(let error, let slot):
            showFailure(error, of: slot)
        case .prepareRefresh(let window):
            return .head(prepareRefresh(window: window))
        case .place(let page, let slot, let key, let asHead):
            let wasHead = slot == headSerial
            let placed = place(page, slot: slot, key: key, isHead: asHead)
            markNewestLoaded(by: page, wasHead: wasHead)
            return .placed(placed)
        case .takeNewer(let page, let slot, let key, let hold):
            return .placed(takeNewer(page, slot: slot, key: key, hold: hold))
        case .openAround(let previous):
            openAround(previous: previous)
        case .openHeadForNewerItems:
            return .head(headForNewerItems())
        case .showHeldNewer:
            showHeldNewer()
        case .trimToMemory(let placed, let focus, let options):
            return .trimmed(keepUnderMemoryLimit(placed: placed, focus: focus, options: options))
        }
        return .done
    }

    /// A refresh: the newer items held (asked for again from where the first of them
    /// was) and the load records go; a cursor list's head is made ready to check (see
    /// ``prepareHeadReload()``); far pages go back to placeholders, near ones (and a
    /// first page the head reloads) stay, stale. Returns the head; nil when there is
    /// none to check.
    mutating func prepareRefresh(window: Range<Int>) -> Int? {
        forgetHeldNewer()
        forgetLoads()
        let found = isIndexed ? nil : prepareHeadReload()
        dropPages(outside: window, keeping: found?.keep == true ? found?.head : nil)
        return found?.head
    }
}
