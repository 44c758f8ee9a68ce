/// Cursor and link lists: the first page fetched around an item, and newer items
/// checked for through the head (see ``ChainedRows``).
extension LoadPlan {
    /// The first page is in: when it holds the focus item, the list focuses its row
    /// and opens upward too (the head, with the page's previous key), so that it loads
    /// both ways from there; else it reads as opened at its first page, with no focus.
    mutating func openAround<Rows: PlannedRows>(previous: PageKey?, _ model: Rows) -> [RowAction<Rows.Item>] {
        guard let focusItem, !model.isIndexed else { return [] }
        guard let row = model.row(of: focusItem) else {
            focusRow = nil
            return []
        }
        focusRow = row
        if visible == nil { startRows = row..<row + 1 }
        foundFocus = row
        return [.openAround(previous: previous)]
    }

    /// True when the top row (the newest end) is among the rows loading revolves
    /// around: newer items show at once there, and wait elsewhere.
    func isAtNewestEnd<Rows: PlannedRows>(_ model: Rows) -> Bool {
        focusRange(model).lowerBound == 0
    }

    /// Asks the server for newer items through the head: at once, or, while the head is
    /// loading, once its answer is in. A check that failed is sent again.
    mutating func checkNewer<Rows: PlannedRows>(_ model: Rows) -> [RowAction<Rows.Item>] {
        guard phase == .open, model.hasContent, !model.isIndexed, model.newestLoaded else { return [] }
        if let headToLoad, requests.isInFlight(headToLoad) {
            checkNewerAgain = true
            return []
        }
        pending.append(.checkHead)
        return [.openHeadForNewerItems]
    }

    /// The answer to a check for newer items: held while the user is away from the top,
    /// else shown. A full page with a previous key, or a check asked for meanwhile,
    /// checks again (the steps after ``PlanStep/tookNewer(slot:more:)``).
    mutating func takeNewer<Rows: PlannedRows>(_ page: Page<Rows.Item>, slot: Int, key: PageKey?, _ model: Rows) -> [RowAction<Rows.Item>] {
        headToLoad = nil
        checkingNewer = false
        let more = page.previous != nil && model.pageSize > 0 && page.items.count >= model.pageSize
        pending.append(.tookNewer(slot: slot, more: more))
        return [.takeNewer(page, slot: slot, key: key, hold: !isAtNewestEnd(model))]
    }

    /// Shows the newer items held (the user asked, or came to the top).
    mutating func showHeldNewer<Rows: PlannedRows>(_ model: Rows) -> [RowAction<Rows.Item>] {
        pending.append(.plan)
        return [.showHeldNewer]
    }

    /// The rows on screen reached the newest end: the newer items held show there.
    func showHeldNewerIfAtNewestEnd<Rows: PlannedRows>(_ model: Rows) -> [RowAction<Rows.Item>] {
        model.holdsNewerItems && isAtNewestEnd(model) ? [.showHeldNewer] : []
    }
}
