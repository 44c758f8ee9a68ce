/// The root of the `OpenAPIPaging` template: Pagegen's paging extensions of the
/// client swift-openapi-generator generates from a document (`pagegen openapi-paging`,
/// PagegenOpenAPIPlugin).
///
/// Everything a document says reaches the file through this model: its names as
/// identifiers swift-openapi-generator gives (``SwiftIdentifier``), its text as string
/// literals (``StringLiteral``) or as comment text (``CommentText``), never as code.
public struct OpenAPIPagingCode: Sendable {
    /// The document's file name, for the header line.
    public var document: CommentText
    /// The modules the configuration's `additionalImports` names.
    public var imports: [SwiftIdentifier]
    /// The paged operations, in document order.
    public var operations: [OpenAPIPagedOperationCode]

    /// Creates the model of a file.
    public init(document: String, imports: [SwiftIdentifier], operations: [OpenAPIPagedOperationCode]) {
        self.document = CommentText(document)
        self.imports = imports
        self.operations = operations
    }
}

extension OpenAPIPagingCode: TemplateValue {
    static let vocabulary = Vocabulary<OpenAPIPagingCode>(
        "The root of `OpenAPIPaging.mustache`, which `pagegen openapi-paging` and PagegenOpenAPIPlugin render.",
        [
            .init("document", "the document's file name, as comment text") { $0.document },
            .init("imports", "the modules of the configuration's `additionalImports` (SwiftIdentifier)") { $0.imports },
            .init("operations", "the paged operations, in document order (OpenAPIPagedOperationCode)") { $0.operations },
        ])
}

/// One paged operation of a swift-openapi-generator client: the functions its
/// extension of `APIProtocol` declares, and what its loader reads and sets.
public struct OpenAPIPagedOperationCode: Sendable {
    /// The operation's id as swift-openapi-generator names it, as comment text.
    public var title: CommentText
    /// How its pages are addressed, as comment text: `page numbers in 'page'`.
    public var styleSummary: CommentText
    /// The operation's id, as the string the runtime names it by in errors.
    public var operationID: StringLiteral
    /// `public ` or `package `, or nothing for internal, with its space.
    public var access: String
    /// The attribute of a deprecated operation's functions.
    public var availability: AvailabilityCode?
    /// The generated client's method: `listRepos`.
    public var method: SwiftIdentifier
    /// `Operations.listRepos.Input`.
    public var inputType: SwiftType
    /// `Operations.listRepos.Output`.
    public var outputType: SwiftType
    /// The type of one item.
    public var itemType: SwiftType
    /// Where the page size is in the input, when the input sets it: `input.query.perPage`.
    public var sizeMember: Accessor?
    /// The page size when the input does not set it (0 when it is unknown).
    public var defaultPageSize: Int
    /// The arguments of the `PagegenRuntime.Paging` descriptor, in order.
    public var pagingArguments: ArgumentList
    /// Where a page number is set into the input, for page numbers.
    public var pageNumberMember: Accessor?
    /// Where an offset is set into the input, for offsets.
    public var offsetMember: Accessor?
    /// Where a cursor is set into the input, for cursors.
    public var cursorMember: Accessor?
    /// How a next link is turned back into the input, for next links.
    public var nextLink: OpenAPINextLinkCode?
    /// The first server's URL, which relative next links resolve against.
    public var serverURL: StringLiteral
    /// What identifies an item: `{ $0.id }`, when items have an id.
    public var identity: Closure?
    /// The header fields the paging reads that the document does not declare.
    public var undeclaredHeaders: [StringLiteral]
    /// The header fields the paging reads from the generated answer's headers.
    public var declaredHeaders: [OpenAPIHeaderReadCode]
    /// The cases of the operation's `Output`, each an answer that is the page or an error.
    public var answers: [OpenAPIAnswerCode]

    /// Creates an operation's model; `operationID` and `styleSummary` are the
    /// document's text as it is.
    public init(
        operationID: String, styleSummary: String, access: String, isDeprecated: Bool, method: SwiftIdentifier,
        inputType: SwiftType, outputType: SwiftType, itemType: SwiftType, sizeMember: Accessor?, defaultPageSize: Int,
        pagingArguments: ArgumentList, pageNumberMember: Accessor?, offsetMember: Accessor?, cursorMember: Accessor?,
        nextLink: OpenAPINextLinkCode?, serverURL: String, identity: Closure?, undeclaredHeaders: [String],
        declaredHeaders: [OpenAPIHeaderReadCode], answers: [OpenAPIAnswerCode]
    ) {
        self.title = CommentText(operationID)
        self.styleSummary = CommentText(styleSummary)
        self.operationID = StringLiteral(operationID)
        self.access = access
        self.availability = isDeprecated ? AvailabilityCode(message: StringLiteral("the operation \(operationID) is deprecated")) : nil
        self.method = method
        self.inputType = inputType
        self.outputType = outputType
        self.itemType = itemType
        self.sizeMember = sizeMember
        self.defaultPageSize = defaultPageSize
        self.pagingArguments = pagingArguments
        self.pageNumberMember = pageNumberMember
        self.offsetMember = offsetMember
        self.cursorMember = cursorMember
        self.nextLink = nextLink
        self.serverURL = StringLiteral(serverURL)
        self.identity = identity
        self.undeclaredHeaders = undeclaredHeaders.map(StringLiteral.init)
        self.declaredHeaders = declaredHeaders
        self.answers = answers
    }

    /// `listReposPages`.
    public var pages: SwiftIdentifier { SwiftIdentifier(method.name + "Pages") }
    /// `listReposItems`.
    public var items: SwiftIdentifier { SwiftIdentifier(method.name + "Items") }
    /// `listReposList`.
    public var list: SwiftIdentifier { SwiftIdentifier(method.name + "List") }
    /// `listReposPageLoader`.
    public var loader: SwiftIdentifier { SwiftIdentifier(method.name + "PageLoader") }
    /// True when the `Output` has no `default` case, so that `undocumented` is one.
    public var hasUndocumented: Bool { !answers.contains { $0.isDefault } }
    /// True when the paging reads header fields the document does not declare.
    public var readsUndeclaredHeaders: Bool { !undeclaredHeaders.isEmpty }
    /// True when the paging reads header fields of the generated answer.
    public var readsDeclaredHeaders: Bool { !declaredHeaders.isEmpty }
}

extension OpenAPIPagedOperationCode: TemplateValue {
    static let vocabulary = Vocabulary<OpenAPIPagedOperationCode>([
        .init("title", "the operation's id, as comment text") { $0.title },
        .init("styleSummary", "how its pages are addressed, as comment text: `page numbers in 'page'`") { $0.styleSummary },
        .init("operationID", "the operation's id as a string literal, which errors name it by") { $0.operationID },
        .init("access", "`public ` or `package ` with its space, or nothing for internal") { $0.access },
        .init("availability", "`@available(*, deprecated, message: …)` for a deprecated operation, if it is") { $0.availability },
        .init("method", "the generated client's method: `listRepos`") { $0.method },
        .init("pages", "`listReposPages`") { $0.pages },
        .init("items", "`listReposItems`") { $0.items },
        .init("list", "`listReposList`") { $0.list },
        .init("loader", "`listReposPageLoader`") { $0.loader },
        .init("inputType", "`Operations.listRepos.Input`") { $0.inputType },
        .init("outputType", "`Operations.listRepos.Output`") { $0.outputType },
        .init("itemType", "the type of one item") { $0.itemType },
        .init("sizeMember", "where the input holds the page size, `input.query.perPage`, when it holds one") { $0.sizeMember },
        .init("defaultPageSize", "the page size when the input does not set it (0 when unknown)") { $0.defaultPageSize },
        .init("pagingArguments", "the `PagegenRuntime.Paging` descriptor's arguments, in order (ArgumentList)") { $0.pagingArguments },
        .init("pageNumberMember", "where a page number is set into the input: `input.query.page`") { $0.pageNumberMember },
        .init("offsetMember", "where an offset is set into the input: `input.query.offset`") { $0.offsetMember },
        .init("cursorMember", "where a cursor is set into the input: `input.query.cursor`") { $0.cursorMember },
        .init("nextLink", "how a next link is turned back into the input (OpenAPINextLinkCode)") { $0.nextLink },
        .init("serverURL", "the first server's URL, as a string literal") { $0.serverURL },
        .init("identity", "what identifies an item, `{ $0.id }`, when items have an id") { $0.identity },
        .init("undeclaredHeaders", "the header fields read that the document does not declare, as string literals") {
            $0.undeclaredHeaders
        },
        .init("declaredHeaders", "the header fields read from the generated headers (OpenAPIHeaderReadCode)") { $0.declaredHeaders },
        .init("answers", "the cases of the `Output` (OpenAPIAnswerCode)") { $0.answers },
        .init("hasUndocumented", "true when the `Output` has no `default` case, so that it has `undocumented`") {
            $0.hasUndocumented
        },
        .init("readsUndeclaredHeaders", "true when the paging reads header fields the document does not declare") {
            $0.readsUndeclaredHeaders
        },
        .init("readsDeclaredHeaders", "true when the paging reads header fields of the generated answer") { $0.readsDeclaredHeaders },
    ])
}

/// How a next link is turned back into an operation's `Input`: its query items and
/// path parameters set into a copy.
public struct OpenAPINextLinkCode: Sendable {
    /// The operation's path template: `/repos/{owner}/{repo}/issues`.
    public var path: StringLiteral
    /// The query parameters the operation declares, sorted.
    public var query: [StringLiteral]
    /// The parameters set from the link.
    public var assignments: [OpenAPILinkAssignmentCode]

    /// Creates the model; `path` and `query` are the document's text.
    public init(path: String, query: [String], assignments: [OpenAPILinkAssignmentCode]) {
        self.path = StringLiteral(path)
        self.query = query.sorted().map(StringLiteral.init)
        self.assignments = assignments
    }
}

extension OpenAPINextLinkCode: TemplateValue {
    static let vocabulary = Vocabulary<OpenAPINextLinkCode>([
        .init("path", "the operation's path template, as a string literal") { $0.path },
        .init("query", "the query parameters the operation declares, as string literals") { $0.query },
        .init("assignments", "the parameters set from the link (OpenAPILinkAssignmentCode)") { $0.assignments },
    ])
}

/// One parameter set from a next link: `try link.assign("per_page", to: &input.query.perPage)`.
public struct OpenAPILinkAssignmentCode: Sendable, CustomStringConvertible {
    /// The parameter's name on the wire.
    public var name: StringLiteral
    /// Where the input holds it.
    public var member: Accessor
    /// True for a path parameter.
    public var isPath: Bool

    /// Creates an assignment; `name` is the document's text.
    public init(name: String, member: Accessor, isPath: Bool) {
        self.name = StringLiteral(name)
        self.member = member
        self.isPath = isPath
    }

    /// The statement.
    public var description: String {
        "try link.\(isPath ? "assignPath" : "assign")(\(name), to: &\(member))"
    }
}

/// A header field the paging reads from the generated answer:
/// `("Link", OpenAPIPaging.text((try? $0.ok)?.headers.link))`.
public struct OpenAPIHeaderReadCode: Sendable, CustomStringConvertible {
    /// The field's name.
    public var name: StringLiteral
    /// The read.
    public var value: ConvertedValue

    /// Creates a read; `name` is the document's text.
    public init(name: String, value: ConvertedValue) {
        self.name = StringLiteral(name)
        self.value = value
    }

    /// The pair as a tuple.
    public var description: String { "(\(name), \(value))" }
}

/// One case of an operation's `Output`: the page's answer, a documented status, a
/// range, or `default`.
public struct OpenAPIAnswerCode: Sendable {
    /// The case: `ok`, `notFound`, `clientError`, `default`.
    public var caseName: SwiftIdentifier
    /// The status code, for a documented code.
    public var code: Int?
    /// True for the answer that holds the page.
    public var isPage: Bool

    /// Creates a case.
    public init(caseName: SwiftIdentifier, code: Int?, isPage: Bool) {
        self.caseName = caseName
        self.code = code
        self.isPage = isPage
    }

    /// True for `default`.
    public var isDefault: Bool { caseName.name == "default" }
    /// The pattern that matches it: `.ok`, `.notFound(let response)`, `.clientError(let statusCode, let response)`.
    public var pattern: String {
        if isPage { return "." + caseName.escaped }
        return "." + caseName.escaped + (code == nil ? "(let statusCode, let response)" : "(let response)")
    }
    /// What the failure closure returns for it.
    public var result: String {
        if isPage { return "nil" }
        return "await OpenAPIPaging.failure(status: \(code.map(String.init) ?? "statusCode"), response: response)"
    }
}

extension OpenAPIAnswerCode: TemplateValue {
    static let vocabulary = Vocabulary<OpenAPIAnswerCode>([
        .init("caseName", "the case: `ok`, `notFound`, `clientError`, `` `default` ``") { $0.caseName },
        .init("isPage", "true for the answer that holds the page") { $0.isPage },
        .init("pattern", "the pattern that matches it: `.ok`, `.notFound(let response)`, `.clientError(let statusCode, let response)`") {
            $0.pattern
        },
        .init("result", "what the failure closure returns for it: `nil`, `await OpenAPIPaging.failure(…)`") { $0.result },
    ])
}

/// Text a document gives, made one line of a comment: line breaks become spaces, and
/// invisible characters (controls, bidirectional overrides, zero-width joiners) are
/// shown as `U+202E`, so that it can neither end the comment nor reorder what a reader
/// sees.
public struct CommentText: Sendable, Hashable, CustomStringConvertible {
    /// The text as it was given.
    public var text: String

    /// Comment text for `text`.
    public init(_ text: String) {
        self.text = text
    }

    /// The one line.
    public var description: String {
        SwiftLiteral.commentText(
            text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " "))
    }
}

extension CommentText: TemplatePrintable {}
extension OpenAPILinkAssignmentCode: TemplateExpression, SwiftExpression {}
extension OpenAPIHeaderReadCode: TemplateExpression, SwiftExpression {}
