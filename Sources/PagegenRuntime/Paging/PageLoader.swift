/// Everything a paging adapter needs to load the pages of one list: the first
/// page, a way to load any page by its key, and, for styles that allow it, a way
/// to address a page by its position.
///
/// Generated code makes one per call of a `…Pages`, `all…` or `…List` function;
/// ``PageSequence``, ``ItemSequence`` and the list adapter consume it.
public struct PageLoader<Item: Sendable>: Sendable {
    /// The number of items a page holds (the last page may hold fewer).
    public var pageSize: Int
    /// The key of the page a list starts with.
    public var firstKey: PageKey
    /// For page-number and offset styles: the key of the zero-based `n`-th page.
    /// Nil for cursor and link styles, which can only walk from page to page.
    public var keyForPageIndex: (@Sendable (Int) -> PageKey)?
    /// Loads the page at a key.
    public var load: @Sendable (PageKey) async -> Result<Page<Item>, APIError>
    /// For lists with a window endpoint: loads the page to start at.
    public var window: (@Sendable () async -> Result<WindowStart, APIError>)?
    /// How many pages a ``PageSequence`` or ``ItemSequence`` keeps in flight at most
    /// while the caller handles one: 3 by default. Cursor and link lists can only have
    /// the next page in flight (its key comes with the page before), and so can lists
    /// without a total; page-number and offset lists whose pages give the exact total
    /// also request the pages after the next, never past the total. The memory a walk
    /// holds is these pages and the caller's.
    public var pagesAhead: Int = 3
    /// How many of the latest pages an ``ItemSequence`` remembers the item identities
    /// of, to deliver once an item that shows up again on a later page (offset paging
    /// while the server inserts rows shifts items by as many rows as were inserted): 8
    /// by default; pages that deliver nothing new do not count. An item that comes back
    /// more pages later than this is delivered again. The memory it takes is these
    /// pages' identities, whatever the list's length.
    public var deduplicationPages: Int = 8
    /// The identity (as ``identity`` gives it) of the item the first page is fetched
    /// around, when the first request asks the server for the page around one item
    /// (an `around` parameter): generated loaders set it with that parameter. A
    /// ``PagedList`` whose first page holds the item focuses its row and opens both
    /// ways from it; nil (the default) when the list starts at its first page.
    public var focusItem: AnyHashable? {
        get { focusIdentity?.value }
        set { focusIdentity = newValue.map(ItemIdentity.init) }
    }
    /// ``focusItem``, kept in a sendable wrapper.
    var focusIdentity: ItemIdentity?
    /// What identifies an item.
    var identifier: ItemIdentifier<Item>?
    /// Where the list's pages are kept, when the client has a store
    /// (``ClientRuntime/store``): a ``PagedList`` shows them at launch, an
    /// ``ItemSequence`` can go on from a kept walk.
    public var stored: StoredList<Item>?

    /// The identity of an item, for de-duplication and list identity; nil when the
    /// model has no identifying field.
    public var identity: (@Sendable (Item) -> AnyHashable)? {
        get { identifier?.anyHashable }
        set { identifier = newValue.map { ItemIdentifier(anyHashable: $0) } }
    }

    /// Creates a loader whose items are identified by `identity` (given as
    /// `AnyHashable`), or have no identity.
    public init(
        pageSize: Int,
        firstKey: PageKey,
        keyForPageIndex: (@Sendable (Int) -> PageKey)? = nil,
        identity: (@Sendable (Item) -> AnyHashable)? = nil,
        window: (@Sendable () async -> Result<WindowStart, APIError>)? = nil,
        load: @escaping @Sendable (PageKey) async -> Result<Page<Item>, APIError>
    ) {
        self.pageSize = pageSize
        self.firstKey = firstKey
        self.keyForPageIndex = keyForPageIndex
        self.identifier = identity.map { ItemIdentifier(anyHashable: $0) }
        self.window = window
        self.load = load
    }

    /// Creates a loader whose items are identified by `identity`, a value of their
    /// own (the model's `id`): de-duplication hashes it as it is, and a
    /// ``ResumePoint`` can keep the identities delivered.
    public init<ID: Hashable & Codable & Sendable>(
        pageSize: Int,
        firstKey: PageKey,
        keyForPageIndex: (@Sendable (Int) -> PageKey)? = nil,
        identity: @escaping @Sendable (Item) -> ID,
        window: (@Sendable () async -> Result<WindowStart, APIError>)? = nil,
        load: @escaping @Sendable (PageKey) async -> Result<Page<Item>, APIError>
    ) {
        self.init(pageSize: pageSize, firstKey: firstKey, keyForPageIndex: keyForPageIndex, window: window, load: load)
        self.identifier = ItemIdentifier(identity)
    }

    /// A copy with `identifier`.
    func identified(by identifier: ItemIdentifier<Item>?) -> Self {
        var copy = self
        copy.identifier = identifier
        return copy
    }
}

/// Where a window endpoint says a list starts: the page, the page size, the total,
/// and the row to focus.
public struct WindowStart: Sendable, Hashable {
    /// The zero-based index of the page to show first.
    public var pageIndex: Int
    /// The page size the API uses.
    public var pageSize: Int
    /// The number of items in the whole list, if known.
    public var total: Int?
    /// The zero-based row to focus, if the window names one.
    public var focusRow: Int?

    /// Creates a window start.
    public init(pageIndex: Int, pageSize: Int, total: Int? = nil, focusRow: Int? = nil) {
        self.pageIndex = pageIndex
        self.pageSize = pageSize
        self.total = total
        self.focusRow = focusRow
    }
}

extension ClientRuntime {
    /// A loader over a paged endpoint, for the sequences and the list adapter, whose
    /// items have no identity. (Each overload takes different arguments, so that the
    /// compiler type-checks a generated call once.)
    @_spi(Generated) public func loader<Response: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters = RequestParameters(),
        paging: Paging<Response, Item>,
        size: Int? = nil
    ) -> PageLoader<Item> {
        loader(endpoint, parameters, paging: paging, size: size, identifier: nil)
    }

    /// A loader over a paged endpoint, for the sequences and the list adapter, whose
    /// items are identified by `identity` (generated code passes `{ $0.id }`).
    @_spi(Generated) public func loader<Response: Decodable & Sendable, Item: Sendable, ID: Hashable & Codable & Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters = RequestParameters(),
        paging: Paging<Response, Item>,
        size: Int? = nil,
        identity: @escaping @Sendable (Item) -> ID
    ) -> PageLoader<Item> {
        loader(endpoint, parameters, paging: paging, size: size, identifier: ItemIdentifier(identity))
    }

    /// A loader over a paged endpoint whose items are identified by `identity`, opened
    /// at the item `around` identifies when it is not nil: the first page is the one
    /// around it (``PageKey/around(_:)``), and a list focuses that item
    /// (``PageLoader/focusItem``). A list opened at an item is not kept in the
    /// ``store``, whose pages and anchor are the list's from its first page.
    @_spi(Generated)
    public func loader<
        Response: Decodable & Sendable, Item: Sendable, ID: Hashable & Codable & Sendable & LosslessStringConvertible
    >(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters = RequestParameters(),
        paging: Paging<Response, Item>,
        size: Int? = nil,
        around item: ID?,
        identity: @escaping @Sendable (Item) -> ID
    ) -> PageLoader<Item> {
        var loader = loader(endpoint, parameters, paging: paging, size: size, identifier: ItemIdentifier(identity))
        if let item {
            loader.firstKey = .around(item.description)
            loader.focusItem = AnyHashable(item)
            loader.stored = nil
        }
        return loader
    }

    private func loader<Response: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters,
        paging: Paging<Response, Item>,
        size: Int?,
        identifier: ItemIdentifier<Item>?
    ) -> PageLoader<Item> {
        let pageSize = size ?? paging.size?.defaultValue ?? 0
        let keyForPageIndex: (@Sendable (Int) -> PageKey)? =
            paging.isIndexAddressed && pageSize > 0
            ? { @Sendable index in paging.key(forPageIndex: index, pageSize: pageSize) ?? paging.firstKey }
            : nil
        let identities = identifier?.encode
        var loader = PageLoader(pageSize: pageSize, firstKey: paging.firstKey, keyForPageIndex: keyForPageIndex) { key in
            await page(endpoint, parameters, paging: paging, at: key, size: size, identities: identities)
        }
        .identified(by: identifier)
        if let configuration = store, let list = try? storedListID(endpoint, parameters, paging: paging, size: size) {
            loader.stored = StoredList(
                id: list, configuration: configuration, maxAge: endpoint.storeMaxAge ?? configuration.maxAge,
                read: .now { stored throws(APIError) in try readStored(stored, endpoint, parameters, paging: paging, size: size) },
                revalidatePage: { stored in
                    var request: HTTPRequest?
                    do throws(APIError) {
                        let fetched = try await fetchPage(
                            endpoint, parameters, paging: paging, at: stored.key, size: size, stored: stored, list: list,
                            identities: identities, request: &request)
                        if case .fresh(let page) = fetched { return .success(page) }
                        return .success(nil)
                    } catch {
                        var error = error
                        if error.request == nil { error.request = request }
                        if error.page == nil { error.page = "\(endpoint.name), \(stored.key)" }
                        return .failure(error)
                    }
                },
                identities: { identities?($0) })
        }
        return loader
    }
}
