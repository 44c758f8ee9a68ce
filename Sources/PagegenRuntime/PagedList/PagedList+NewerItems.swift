/// Newer items at the newest end of a cursor list (a chat's new messages, a feed's new
/// posts): checked for when the app says, shown where the user reads them, counted
/// where the user reads older ones.
extension PagedList {
    /// Asks the server for the items before the first page, through the head's
    /// previous key (the first page's previous key, then each newer page's), as a
    /// timer, a push or a socket message says there may be some.
    ///
    /// When the newest end (the first page's top row) is on screen, they take their
    /// rows at once, reported as a change whose ``ListChange/anchor`` keeps the visible
    /// content still (with ``PagedListOptions/RowOrder/firstPageAtBottom``, at the
    /// bottom). When the user reads far from it, they wait off the rows, counted in
    /// ``newerItemCount``, and no row changes, until ``showNewerItems()`` or the user
    /// scrolling to the newest end shows them. A full page checks the next one at once;
    /// a call while a check is loading checks again after it; a failed check shows in
    /// ``loadStates`` and goes again with ``retry()`` or the next call; a ``refresh()``
    /// asks again for the items that wait, and shows them. Each item shows
    /// once: pages are placed by identity, and each check asks from where the last one
    /// ended.
    ///
    /// A list opened around an item (``PageLoader/focusItem``) checks once its rows
    /// reach the newest end (the head brought a short page); until then the items above
    /// come as the user scrolls there, and this does nothing. A page without a previous
    /// key is asked for again by its own key. Lists addressed
    /// by page number or offset have no head: for them this is ``refresh()``. Before the
    /// first page, does nothing.
    public func loadNewerItems() {
        guard plan.phase == .open else { return }
        if model.isIndexed { return refresh() }
        perform { act(plan.checkNewer(model)) }
    }

    /// Shows the newer items that wait (``newerItemCount``): they take their rows at
    /// the newest end, the visible content kept still by the change's anchor; scroll
    /// there to show them. Does nothing when none wait.
    public func showNewerItems() {
        guard model.holdsNewerItems else { return }
        perform { act(plan.showHeldNewer(model)) }
    }
}
