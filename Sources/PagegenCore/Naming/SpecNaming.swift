/// The generator's naming rules, for tools that write specs (`pagegen import`):
/// how a name in a spec becomes a Swift name, which names a model cannot take, and
/// which names the generated client takes for itself. A tool that names with these
/// writes specs whose names the generator accepts as written.
///
/// ```swift
/// SpecNaming.memberName("sale_price")                  // "salePrice"
/// SpecNaming.typeName("simple-user")                   // "SimpleUser"
/// SpecNaming.endpointFunctions("listItems", paged: true)
/// // ["listItems", "listItemsPages", "allListItems", "listItemsLoader", "listItemsList"]
/// ```
public enum SpecNaming {
    /// The Swift name of a field, parameter, endpoint or enum value written `name` in
    /// a spec: `sale_price` → `salePrice`, `$top` → `top`, `+` → `plus`. Two fields
    /// of a model (or two arguments of an endpoint) clash when their names are equal.
    public static func memberName(_ name: String) -> String {
        NameConversion.lowerCamel(name)
    }

    /// A type name spelled from `name`: `simple-user` → `SimpleUser`, `image_url` →
    /// `ImageURL`, `48x48` → `_48x48`.
    public static func typeName(_ name: String) -> String {
        NameConversion.upperCamel(name)
    }

    /// True when `name` can be written as a `swiftName:`.
    public static func isIdentifier(_ name: String) -> Bool {
        NameConversion.isIdentifier(name)
    }

    /// True when Swift writes `name` in backticks where it is declared.
    public static func isKeyword(_ name: String) -> Bool {
        SwiftKeywords.reserved.contains(name)
    }

    /// True when a model of a spec in a namespace can be named `name`: a type name that
    /// is neither a keyword, a built-in type, nor a module generated code names types
    /// through. Outside a namespace `CodingKeys` is taken too.
    public static func canNameModel(_ name: String) -> Bool {
        NameConversion.isTypeName(name) && !TypeReference.builtins.contains(name) && !SpecNames.modules.contains(name)
    }

    /// The client's name for a spec named `name`: `Client` in a namespace (unless a
    /// model takes it), `<Name>Client` otherwise.
    public static func clientNames(ofSpec name: String) -> [String] {
        ["Client", name + "Client"]
    }

    /// Every function the client declares for an endpoint named `name`: its own and,
    /// when it pages, `…Pages`, `all…`, `…Loader` and `…List`.
    public static func endpointFunctions(_ name: String, paged: Bool) -> [String] {
        let function = NameConversion.lowerCamel(name)
        guard paged else { return [function] }
        return [function, function + "Pages", NameConversion.prefixed("all", function), function + "Loader", function + "List"]
    }

    /// The client's own members, which no endpoint's function may take.
    public static var clientMembers: [String] { SpecNames.clientMembers }

    /// What a paged endpoint takes as the page.
    public enum PageArgument: Sendable {
        /// A page number, a cursor or a link: `page:`.
        case page
        /// An offset: `offset:`.
        case offset
    }

    /// The argument labels the generated functions of an endpoint take besides its own
    /// parameters, each with what it is for ("the completion handler", "the page",
    /// "the page size", "the item a list opens around", "the list's options", "the point the sequences resume from",
    /// "the body"): a parameter whose Swift name is one of them needs a `swiftName:`.
    /// - Parameters:
    ///   - page: how the endpoint pages, nil when it does not.
    ///   - sizeParameter: the name of the page size parameter, if it takes one.
    ///   - opensAround: true when its list opens around an item (`around:`).
    ///   - hasBody: true when it takes a body.
    public static func generatedArguments(
        page: PageArgument?, sizeParameter: String?, opensAround: Bool = false, hasBody: Bool
    ) -> [(label: String, purpose: String)] {
        let kind: EndpointNamer.PageArgument? = page.map { $0 == .offset ? .offset : .page }
        return EndpointNamer.fixedArguments(
            page: kind, sizeParameter: sizeParameter, opensAround: opensAround, hasBody: hasBody, isWindow: false, emitsLists: true
        )
        .map { ($0.label, $0.argument.rawValue) }
    }
}
