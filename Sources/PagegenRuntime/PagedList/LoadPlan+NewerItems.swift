/// Cursor and link lists: the first page fetched around an item, and newer items
/// checked for through the head (see `RowModel+NewerItems`).
extension LoadPlan {
    /// The first page arrived: when it holds the focus item, the list focuses its row
    /// and opens upward too (the head, with the page's previous key), so that it loads
    /// both ways from there; else it reads as opened at its first page, with no focus.
    mutating func openAround<Item>(_ page: Page<Item>, _ model: inout RowModel<Item>) {
        guard let focusItem, !model.isIndexed else { return }
        guard let row = model.row(of: focusItem) else {
            focusRow = nil
            return
        }
        focusRow = row
        if visible == nil { startRows = row..<row + 1 }
        foundFocus = row
        model.openAround(previous: page.previous)
    }

    /// True when the top row (the newest end) is among the rows loading revolves
    /// around: newer items show at once there, and wait elsewhere.
    func isAtNewestEnd<Item>(_ model: RowModel<Item>) -> Bool {
        focusRange(model).lowerBound == 0
    }

    /// Asks the server for newer items through the head: at once, or, while the head is
    /// loading, once its answer is in. A check that failed is sent again.
    mutating func checkNewer<Item>(_ model: inout RowModel<Item>) {
        guard phase == .open, model.hasContent, !model.isIndexed, model.newestLoaded else { return }
        if let head, slots[head]?.request != nil {
            checkNewerAgain = true
            return
        }
        guard let serial = model.headForNewerItems() else { return }
        clearFailure(serial, &model)
        head = serial
        checkingNewer = true
        plan(model)
    }

    /// The answer to a check for newer items: held while the user is away from the top,
    /// else shown. A full page with a previous key, or a check asked for meanwhile,
    /// checks again.
    mutating func takeNewer<Item>(_ page: Page<Item>, slot: Int, key: PageKey?, _ model: inout RowModel<Item>) {
        head = nil
        checkingNewer = false
        if !model.takeNewer(page, slot: slot, key: key, hold: !isAtNewestEnd(model)) { ignoredResponses += 1 }
        let more = page.previous != nil && model.pageSize > 0 && page.items.count >= model.pageSize
        if checkNewerAgain || more { checkNewerAfterHead(&model) }
        _ = model.keepUnderMemoryLimit(placed: slot, focus: focusRange(model), options: options)
    }

    /// The head's answer is in, and another check was asked for meanwhile (or the page
    /// was full): the head is checked again.
    mutating func checkNewerAfterHead<Item>(_ model: inout RowModel<Item>) {
        checkNewerAgain = false
        guard let serial = model.headForNewerItems() else { return }
        head = serial
        checkingNewer = true
    }

    /// Shows the newer items held (the user asked, or came to the top).
    mutating func showHeldNewer<Item>(_ model: inout RowModel<Item>) {
        model.showHeldNewer()
        plan(model)
    }
}
