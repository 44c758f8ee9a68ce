/// A step of an input to the ``LoadPlan``, run after the ``RowAction``s before it were
/// applied: the plan leaves an input's steps in ``LoadPlan/pending``, and
/// ``LoadPlan/resume(after:_:)`` runs them in order (`LoadPlan+Steps`).
enum PlanStep: Sendable {
    /// Plan the loads (`LoadPlan+Planning`).
    case plan
    /// The list opened with `rows` on screen: the pages they need load first.
    case setStartSlots(Range<Int>)
    /// The list opened where the window endpoint said.
    case openAtWindow(WindowStart)
    /// A refresh prepared the rows: the head it checks (the outcome) loads.
    case refreshHead
    /// A page went into block `slot` (the outcome says whether it was placed);
    /// `opening`: it is the list's first, fetched around the focus item when there is
    /// one, with `previous` its previous key.
    case placed(slot: Int, opening: Bool, previous: PageKey?)
    /// After a page went into block `slot`: its demands are met; the head, if it was
    /// that, is loaded, and checks again if asked meanwhile.
    case afterPlacing(slot: Int)
    /// A check's answer went into the head `slot`; `more`: it was a full page with a
    /// previous key, and the head checks again at once.
    case tookNewer(slot: Int, more: Bool)
    /// A head to check for newer items was found or made (the outcome): it checks
    /// now.
    case newerHead
    /// A check for newer items asked for the head (the outcome): it loads.
    case checkHead
    /// Memory is to be kept under the limit, page `slot` placed last;
    /// `dropsDemands`: the page's demands go if its rows went.
    case trim(slot: Int, dropsDemands: Bool)
    /// Memory was kept under the limit (the outcome says whether pages went).
    case trimmed(slot: Int, dropsDemands: Bool)
}
