/// Turns a `paging:` block into ``PagingCode``: the paging descriptor's parts, the
/// page argument, and the identity of items.
struct PagingTranslator {
    let spec: Spec
    let names: SpecNames
    let types: SwiftTypes

    /// The descriptor of `paging`, read in `endpoint`'s response.
    func translate(_ paging: PagingSpec, endpoint: EndpointSpec, names endpointNames: EndpointNames) -> PagingCode? {
        let returns = endpoint.returns.value
        let resolver = TypeResolver(spec: spec)
        let accessors = AccessorBuilder(spec: spec, names: names)
        // The validator checked that the items path leads to a list, or that the
        // response is one, and that every other path leads to a field of its type.
        let itemReference: TypeReference
        let items: Closure
        if let path = paging.items {
            guard let element = resolver.checked(path.value, in: returns).arrayElement else {
                preconditionFailure("the validator checks that the items path of \(endpoint.name.value) leads to a list")
            }
            itemReference = element
            items = Closure(value: ConvertedValue(accessor: accessors.accessor(path.value, from: "$0", in: returns), conversion: .none))
        } else {
            guard let element = returns.arrayElement else {
                preconditionFailure("the validator checks that \(endpoint.name.value) returns a list or says where its items are")
            }
            itemReference = element
            items = Closure(value: ConvertedValue(accessor: Accessor(base: "$0", steps: [], isOptional: false), conversion: .none))
        }

        func read(_ path: Located<ResponsePath>, as target: String, in root: TypeReference = returns, emptyWhenNil: Bool = false) -> Closure
        {
            let accessor = accessors.accessor(path.value, from: "$0", in: root)
            let leaf = resolver.checked(path.value, in: root).name ?? target
            return Closure(
                value: ConvertedValue(accessor: accessor, conversion: Self.conversion(from: leaf, to: target), emptyWhenNil: emptyWhenNil))
        }
        func cursorSource(_ source: CursorSpec.Source) -> SourceCode {
            switch source {
            case .body(let path): .body(read(path, as: "String"))
            case .item(let path): .item(read(path, as: "String", in: itemReference, emptyWhenNil: true))
            case .header(let name): .header(StringLiteral(name.value))
            }
        }
        func linkSource(_ source: LinkSpec) -> SourceCode {
            switch source {
            case .body(let path): .body(read(path, as: "String"))
            case .linkHeader: .linkHeader
            }
        }

        let style: PagingStyleCode
        switch paging.style {
        case .pageNumber(let parameter, let first): style = .pageNumber(Self.parameter(parameter), first: first)
        case .offset(let parameter, let first): style = .offset(Self.parameter(parameter), first: first)
        case .cursor(let next, let previous):
            style = .cursor(
                Self.parameter(next.parameter), next: cursorSource(next.source),
                previousParameter: previous.map { Self.parameter($0.parameter) }, previous: previous.map { cursorSource($0.source) })
        case .link(let next, let previous):
            style = .link(next: linkSource(next), previous: previous.map(linkSource))
        case .ids:
            return nil
        }
        func countSource(_ source: TotalSpec?) -> SourceCode? {
            switch source {
            case .body(let path, _)?: .body(read(path, as: "Int"))
            case .header(let name)?: .header(StringLiteral(name.value))
            case nil: nil
            }
        }
        var totalIsEstimate = false
        if case .body(_, let estimate)? = paging.total { totalIsEstimate = estimate }
        let key: PageKeyCode
        switch paging.style {
        case .pageNumber: key = .number(endpointNames.page?.name ?? SwiftIdentifier("page"))
        case .offset: key = .offset(endpointNames.page?.name ?? SwiftIdentifier("offset"))
        default: key = .key(endpointNames.page?.name ?? SwiftIdentifier("page"))
        }
        return PagingCode(
            itemType: types.type(itemReference),
            responseType: types.type(returns),
            style: style,
            size: paging.size.map { size in
                PageSizeCode(
                    parameter: size.parameter.map(Self.parameter), defaultValue: size.defaultValue.value,
                    minimum: size.minimum, maximum: size.maximum)
            },
            items: items,
            total: countSource(paging.total),
            totalIsEstimate: totalIsEstimate,
            totalPages: countSource(paging.totalPages),
            nextPage: countSource(paging.nextPage),
            count: paging.count.map(Self.parameter),
            around: paging.around.map(Self.parameter),
            hasMore: paging.hasMore.map { read($0, as: "Bool") },
            isLast: paging.isLast.map { read($0, as: "Bool") },
            shortPageEnds: paging.shortPageEnds,
            allowsForeignLinks: paging.allowForeignLinks,
            key: key,
            identity: Self.identity(spec: spec, names: names, itemType: itemReference),
            window: nil)
    }

    /// The page argument: `page: Swift.Int = 1`, `offset: Swift.Int = 0`, or
    /// `page: PagegenRuntime.PageKey = .first` for cursors and links.
    func pageParameter(_ paging: PagingSpec, names endpointNames: EndpointNames) -> ParameterCode? {
        guard let names = endpointNames.page else { return nil }
        switch paging.style {
        case .pageNumber(_, let first), .offset(_, let first):
            return ParameterCode(names: names, type: .int, defaultValue: .literal("\(first)"))
        case .cursor, .link:
            return ParameterCode(names: names, type: .named("PagegenRuntime.PageKey"), defaultValue: .enumCase(SwiftIdentifier("first")))
        case .ids:
            return nil
        }
    }

    /// The `around:` argument of a list that opens around an item: its identity, or
    /// nil (the first page). The validator checked that the items have an identity.
    func aroundParameter(_ paging: PagingSpec, endpoint: EndpointSpec, names endpointNames: EndpointNames) -> ParameterCode? {
        guard paging.around != nil, let names = endpointNames.around else { return nil }
        let resolver = TypeResolver(spec: spec)
        let returns = endpoint.returns.value
        let itemType = paging.items.map { resolver.checked($0.value, in: returns).arrayElement } ?? returns.arrayElement
        guard case .named(let model)? = itemType, let identity = self.names.models[model]?.identity else {
            preconditionFailure("the validator checks that the items of \(endpoint.name.value) have an identity to open around")
        }
        let type = types.type(resolver.checked(identity.path, in: .named(model)))
        return ParameterCode(names: names, type: .optional(type), defaultValue: .nil)
    }

    /// `{ $0.id }` for items with an identity that cannot be nil.
    static func identity(spec: Spec, names: SpecNames, itemType: TypeReference) -> Closure? {
        // Items that may be null (`[SimpleUser?]`, GitHub's stargazers) have no identity
        // either: every null would be the same item.
        guard !itemType.isOptional, case .named(let name) = itemType, let identity = names.models[name]?.identity else { return nil }
        let accessor = AccessorBuilder(spec: spec, names: names).accessor(identity.path, from: "$0", in: .named(name))
        // An optional identity cannot identify: items without one would all look alike.
        return accessor.isOptional ? nil : Closure(value: ConvertedValue(accessor: accessor, conversion: .none))
    }

    static func parameter(_ parameter: PagingParameter) -> PagingParameterCode {
        PagingParameterCode(
            name: parameter.name.value, location: ParameterLocation(rawValue: parameter.location) ?? .query, format: parameter.format)
    }

    /// How a value read as `leaf` becomes the `target` the runtime takes.
    static func conversion(from leaf: String, to target: String) -> ConvertedValue.Conversion {
        switch (leaf, target) {
        case ("Int64", "Int"): .toInt
        case ("Int", "String"), ("Int64", "String"): .toString
        case ("URL", "String"): .urlToString
        default: .none
        }
    }
}
