// The templates of Templates/Swift, compiled into pagegen. The tests write this file from
// them (PAGEGEN_RECORD=1 swift test --filter TemplateTests): edit the templates, not this.

enum BundledTemplateTexts {
    /// Each bundled template's text, by name.
    static let texts: [String: String] = [
        "Models": #"""
{{% CONTENT_TYPE: TEXT}}
{{> Header}}
{{#hasModels}}

{{#namespace}}
extension {{.}} {
{{/namespace}}
{{#models}}
{{#docLines}}
/// {{.}}
{{/docLines}}
{{access}} {{kind}} {{name}}: {{#conformances}}{{.}}{{^last()}}, {{/last()}}{{/conformances}} {
{{#fields}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
    {{access}} {{#isMutable}}var{{/isMutable}}{{^isMutable}}let{{/isMutable}} {{name}}: {{type}}
{{/fields}}
{{#identityProperty}}

    /// The identity that lists and de-duplication use.
    {{access}} var id: {{type}} { {{expression}} }
{{/identityProperty}}

    /// Creates a value from its fields.
{{#hasFields}}
    {{access}} init({{initializerParameters}}) {
{{#fields}}
        self.{{name}} = {{initializerParameter.name}}
{{/fields}}
    }
{{/hasFields}}
{{^hasFields}}
    {{access}} init() {}
{{/hasFields}}
{{#hasFields}}

    {{access}} {{#isClass}}required convenience {{/isClass}}init(from decoder: any Swift.Decoder) throws {
        let fields = try PagegenRuntime.DecodedFields(decoder)
        try self.init({{decodeArguments}})
    }
{{#isEncodable}}

    {{access}} func encode(to encoder: any Swift.Encoder) throws {
        var fields = PagegenRuntime.EncodedFields(encoder)
{{#fields}}
        {{encodeField}}
{{/fields}}
    }
{{/isEncodable}}
{{/hasFields}}
{{#enums}}

    {{> Enum}}
{{/enums}}
}

{{/models}}
{{#namespace}}
}
{{/namespace}}
{{/hasModels}}

"""#,
        "Client": #"""
{{% CONTENT_TYPE: TEXT}}
{{> Header}}
{{#client}}
{{#file.declaresClient}}

{{#namespace}}
extension {{.}} {
{{/namespace}}
{{#docLines}}
/// {{.}}
{{/docLines}}
{{access}} struct {{name}}: Swift.Sendable {
    /// The base URL the spec gives.
    {{access}} static let defaultBaseURL = Foundation.URL(string: {{baseURL}})!

    /// What requests go through: base URL, transport, middlewares, credentials, store.
    var runtime: PagegenRuntime.ClientRuntime
{{#hasThrottle}}

    /// The waits the API asks for, where the spec's `throttle:` says: how long a request
    /// may wait (`maxWait`, 60 seconds unless set; a longer wait fails at once), and the
    /// `events` that tell when a response asks for a wait and when a request waits.
    {{access}} var throttle: PagegenRuntime.Throttle { self.runtime.throttle }
{{/hasThrottle}}

{{#storeLimits}}
    /// How much a page store for this API keeps at most, as the spec's `store:` says:
    /// give it to the store (`PagegenStore(at: url, limits: {{reference}}.storeLimits)`).
    {{access}} static let storeLimits = {{.}}

{{/storeLimits}}
    /// A copy of this client that keeps the pages it loads in `store`, under its
    /// account: lists show them at launch, requests for them are conditional, and
    /// `all…` walks can go on after a restart. Nil keeps nothing.
    {{access}} func storing(in store: PagegenRuntime.StoreConfiguration?) -> Self {
        var copy = self
        copy.runtime.store = store
        return copy
    }

    /// Creates a client.
    ///
{{#hasServers}}
    /// Credentials are sent only to the scheme, host and port of the base URL and of
    /// each of the `servers`.
{{/hasServers}}
{{^hasServers}}
    /// Credentials are sent only to the base URL's scheme, host and port.
{{/hasServers}}
    {{access}} init(
        baseURL: Foundation.URL = {{reference}}.defaultBaseURL,
{{#serversType}}
        servers: {{.}} = {{.}}(),
{{/serversType}}
{{#credentialParameters}}
        {{declaration}},
{{/credentialParameters}}
        transport: any PagegenRuntime.HTTPTransport = PagegenRuntime.URLSessionTransport(),
        middlewares: [any PagegenRuntime.ClientMiddleware] = []
    ) {
{{#credentialsType}}
        self.init(
            baseURL: baseURL,
{{#hasServers}}
            servers: servers,
{{/hasServers}}
            credentials: {{name}}({{parameters.arguments}}).runtimeCredentials,
            credentialProvider: nil,
            transport: transport,
            middlewares: middlewares
        )
    }

    /// Creates a client that asks `credentials` what to send before every request to
    /// the base URL's scheme, host and port (and before every retry), so that a token
    /// can change while the client lives; `PagegenRuntime.CredentialRefreshMiddleware`
    /// refreshes one the server rejects.
    {{access}} init(
        baseURL: Foundation.URL = {{reference}}.defaultBaseURL,
{{#serversType}}
        servers: {{.}} = {{.}}(),
{{/serversType}}
        credentials: @escaping @Sendable () async throws -> {{name}},
        transport: any PagegenRuntime.HTTPTransport = PagegenRuntime.URLSessionTransport(),
        middlewares: [any PagegenRuntime.ClientMiddleware] = []
    ) {
        self.init(
            baseURL: baseURL,
{{#hasServers}}
            servers: servers,
{{/hasServers}}
            credentials: [],
            credentialProvider: { try await credentials().runtimeCredentials },
            transport: transport,
            middlewares: middlewares
        )
    }

    private init(
        baseURL: Foundation.URL,
{{#serversType}}
        servers: {{.}},
{{/serversType}}
        credentials: [PagegenRuntime.Credential],
        credentialProvider: (@Sendable () async throws -> [PagegenRuntime.Credential])?,
        transport: any PagegenRuntime.HTTPTransport,
        middlewares: [any PagegenRuntime.ClientMiddleware]
    ) {
{{/credentialsType}}
        self.runtime = PagegenRuntime.ClientRuntime(
            baseURL: baseURL,
            transport: transport,
            middlewares: middlewares,
{{#hasCredentials}}
            credentials: credentials,
            credentialProvider: credentialProvider,
{{/hasCredentials}}
{{#hasHeaders}}
            headers: [
{{#headers}}
                PagegenRuntime.HTTPHeaderField(name: {{name}}, value: {{value}}),
{{/headers}}
            ],
{{/hasHeaders}}
{{#hasThrottle}}
            throttle: [
{{#throttle}}
                {{.}},
{{/throttle}}
            ],
{{/hasThrottle}}
{{#hasServers}}
            dateFormat: {{dateFormat}},
{{#bodyError}}
            bodyError: {{.}},
{{/bodyError}}
            servers: servers.runtimeServers
{{/hasServers}}
{{^hasServers}}
{{#bodyError}}
            dateFormat: {{dateFormat}},
            bodyError: {{.}}
{{/bodyError}}
{{^bodyError}}
            dateFormat: {{dateFormat}}
{{/bodyError}}
{{/hasServers}}
        )
    }
{{#credentialsType}}

    /// The values of the client's credentials, as a credential provider gives them; a
    /// nil value is not sent.
    {{access}} struct {{name}}: Swift.Sendable {
{{#fields}}
        {{access}} var {{name}}: Swift.String?
{{/fields}}

        /// Creates credentials.
        {{access}} init({{parameters}}) {
{{#fields}}
            self.{{name}} = {{parameter.name}}
{{/fields}}
        }

        /// The credentials the runtime adds to a request.
        var runtimeCredentials: [PagegenRuntime.Credential] {
            [
{{#credentials}}
                {{.}},
{{/credentials}}
            ].compactMap { $0 }
        }
    }
{{/credentialsType}}
{{#serversType}}

    /// The URLs of the API's servers besides the base URL; each defaults to the spec's.
    {{access}} struct {{.}}: Swift.Sendable {
{{#servers}}
        /// Where the endpoints sent to the server {{specName}} go.
        {{access}} var {{name}}: Foundation.URL
{{/servers}}

        /// Creates the servers' URLs.
        {{access}} init(
{{#servers}}
            {{name}}: Foundation.URL = Foundation.URL(string: {{url}})!{{^last()}},{{/last()}}
{{/servers}}
        ) {
{{#servers}}
            self.{{name}} = {{name}}
{{/servers}}
        }

        /// The URLs by the names the endpoints give.
        var runtimeServers: [Swift.String: Foundation.URL] {
            [
{{#servers}}
                {{specName}}: self.{{name}},
{{/servers}}
            ]
        }
    }
{{/serversType}}
}
{{#namespace}}
}
{{/namespace}}
{{/file.declaresClient}}

extension {{reference}} {
{{#endpoints}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
{{#availability}}
    {{.}}
{{/availability}}
    {{access}} func {{name}}({{functionParameters}}) async -> Swift.Result<{{resultType}}, PagegenRuntime.APIError> {
{{#paging}}
        await self.runtime.page({{requestArguments}}, paging: {{operations}}.{{pagingDescriptor}}, at: {{key}}, size: {{#sizeParameter}}{{name}}{{/sizeParameter}}{{^sizeParameter}}nil{{/sizeParameter}})
{{/paging}}
{{^paging}}
        await self.runtime.{{sendFunction}}({{requestArguments}}{{#decodesJSON}}, as: {{returnType}}.self{{/decodesJSON}})
{{/paging}}
    }

    /// Calls `completion` with what `{{name.bare}}(…)` returns, on no particular thread; the handle cancels the call.
{{#availability}}
    {{.}}
{{/availability}}
    @discardableResult {{access}} func {{name}}({{#functionParameters}}{{declaration}}, {{/functionParameters}}completion: @escaping @Sendable (Swift.Result<{{resultType}}, PagegenRuntime.APIError>) -> Swift.Void) -> PagegenRuntime.Cancellable {
{{#paging}}
        self.runtime.page({{requestArguments}}, paging: {{operations}}.{{pagingDescriptor}}, at: {{key}}, size: {{#sizeParameter}}{{name}}{{/sizeParameter}}{{^sizeParameter}}nil{{/sizeParameter}}, completion: completion)
{{/paging}}
{{^paging}}
        self.runtime.{{sendFunction}}({{requestArguments}}{{#decodesJSON}}, as: {{returnType}}.self{{/decodesJSON}}, completion: completion)
{{/paging}}
    }

{{/endpoints}}
}
{{#hasParameterEnums}}

extension {{reference}} {
{{#parameterEnums}}
    {{> Enum}}

{{/parameterEnums}}
}
{{/hasParameterEnums}}

{{#file.declaresClient}}

extension {{reference}} {
{{! The descriptors are computed properties: cheap to make, and cheaper to compile than stored statics, which each need a lazy initializer. }}
    /// The descriptors and request builders of the endpoints, shared by every function above.
    enum {{operations}} {
{{#allEndpoints}}
        static var {{endpointDescriptor}}: PagegenRuntime.Endpoint {
            {{descriptor}}
        }
{{#paging}}

        static var {{pagingDescriptor}}: PagegenRuntime.Paging<{{responseType}}, {{itemType}}> {
            PagegenRuntime.Paging({{arguments}})
        }
{{/paging}}
{{#hasParametersBuilder}}

        static func {{parametersBuilder}}({{parameters}}) -> PagegenRuntime.RequestParameters {
{{#hasRequestParameters}}
            var parameters = PagegenRuntime.RequestParameters()
{{#parameters}}
            {{setter}}
{{/parameters}}
{{#headers}}
            parameters.headers.append(PagegenRuntime.HTTPHeaderField(name: {{name}}, value: {{value}}))
{{/headers}}
            return parameters
{{/hasRequestParameters}}
{{^hasRequestParameters}}
            PagegenRuntime.RequestParameters()
{{/hasRequestParameters}}
        }
{{/hasParametersBuilder}}

{{/allEndpoints}}
    }
}
{{/file.declaresClient}}
{{/client}}

"""#,
        "Paging": #"""
{{% CONTENT_TYPE: TEXT}}
{{> Header}}
{{#client}}

extension {{reference}} {
{{#endpoints}}
{{#paging}}
    /// The pages of `{{name.bare}}(…)`, from the first or from a failed walk's `resumePoint`, the next fetched while you handle one.
{{#availability}}
    {{.}}
{{/availability}}
    {{access}} func {{pages}}({{#sequenceParameters}}{{declaration}}, {{/sequenceParameters}}from resumePoint: PagegenRuntime.ResumePoint? = nil) -> PagegenRuntime.PageSequence<{{itemType}}> {
        PagegenRuntime.PageSequence(self.{{loader}}({{sequenceParameters.arguments}}), resumingFrom: resumePoint)
    }

    /// Every item of `{{name.bare}}(…)`, from the first page or from a failed walk's `resumePoint`{{#identity}}, each item once{{/identity}}.
{{#availability}}
    {{.}}
{{/availability}}
    {{access}} func {{all}}({{#sequenceParameters}}{{declaration}}, {{/sequenceParameters}}from resumePoint: PagegenRuntime.ResumePoint? = nil) -> PagegenRuntime.ItemSequence<{{itemType}}> {
        PagegenRuntime.ItemSequence(self.{{loader}}({{sequenceParameters.arguments}}), resumingFrom: resumePoint)
    }

    /// What loads the pages of `{{name.bare}}(…)`, for the sequences and list adapters{{#aroundParameter}};
    /// with `{{label}}`, from the page around that item, which a list focuses{{/aroundParameter}}.
{{#availability}}
    {{.}}
{{/availability}}
    {{access}} func {{loader}}({{loaderParameters}}) -> PagegenRuntime.PageLoader<{{itemType}}> {
        self.runtime.loader({{requestArguments}}, paging: {{operations}}.{{pagingDescriptor}}, size: {{#sizeParameter}}{{name}}{{/sizeParameter}}{{^sizeParameter}}nil{{/sizeParameter}}{{#aroundParameter}}, around: {{name}}{{/aroundParameter}}{{#identity}}, identity: {{.}}{{/identity}})
    }
{{#emitLists}}

    /// A list adapter over `{{name.bare}}(…)` for a table, collection or SwiftUI list: `start()`, then tell it the visible rows{{#aroundParameter}};
    /// with `{{label}}`, it opens at that item{{/aroundParameter}}.
{{#availability}}
    {{.}}
{{/availability}}
    @Swift.MainActor {{access}} func {{list}}({{listParameters}}) -> PagegenRuntime.PagedList<{{itemType}}> {
        PagegenRuntime.PagedList(self.{{loader}}({{loaderParameters.arguments}}), options: options)
    }
{{#window}}

    /// A list adapter over `{{name.bare}}(…)` that starts where `{{endpointName.bare}}(…)` says: call
    /// `startFromWindow()`, then scroll to its `focusRow`.
{{#availability}}
    {{.}}
{{/availability}}
    @Swift.MainActor
    {{access}} func {{function}}({{parameters}}) -> PagegenRuntime.PagedList<{{itemType}}> {
        var loader = self.{{loader}}({{listArguments}})
{{#needsLoaderPageSize}}
        let loaderPageSize = loader.pageSize
{{/needsLoaderPageSize}}
        loader.window = {
            await self.runtime.send(
                {{operations}}.{{endpointDescriptor}},
                {{operations}}.{{parametersBuilder}}({{windowArguments}}),
                as: {{responseType}}.self
            ).map {
                {{start}}
            }
        }
        return PagegenRuntime.PagedList(loader, options: options)
    }
{{/window}}
{{/emitLists}}

{{/paging}}
{{#idList}}
    /// The items of the ids `{{name.bare}}(…)` returns, a page at a time, or from where
    /// a failed walk stopped (its error's `resumePoint`); the id list is fetched once,
    /// and each item with `{{itemEndpointName.bare}}(…)`.
{{#availability}}
    {{.}}
{{/availability}}
    {{access}} func {{pages}}({{#sequenceParameters}}{{declaration}}, {{/sequenceParameters}}from resumePoint: PagegenRuntime.ResumePoint? = nil) -> PagegenRuntime.PageSequence<{{itemType}}> {
        PagegenRuntime.PageSequence(self.{{loader}}({{sequenceParameters.arguments}}), resumingFrom: resumePoint)
    }

    /// Every item of the ids `{{name.bare}}(…)` returns, in order, or from where a failed
    /// walk stopped (its error's `resumePoint`){{#identity}}; an id listed twice is
    /// delivered once{{/identity}}.
{{#availability}}
    {{.}}
{{/availability}}
    {{access}} func {{all}}({{#sequenceParameters}}{{declaration}}, {{/sequenceParameters}}from resumePoint: PagegenRuntime.ResumePoint? = nil) -> PagegenRuntime.ItemSequence<{{itemType}}> {
        PagegenRuntime.ItemSequence(self.{{loader}}({{sequenceParameters.arguments}}), resumingFrom: resumePoint)
    }

    /// What loads the pages of `{{name.bare}}(…)`'s items, for the sequences and list adapters.
{{#availability}}
    {{.}}
{{/availability}}
    {{access}} func {{loader}}({{sequenceParameters}}) -> PagegenRuntime.PageLoader<{{itemType}}> {
        self.runtime.idListLoader(
            {{operations}}.{{endpointDescriptor}},
{{#hasParametersBuilder}}
            {{operations}}.{{parametersBuilder}}({{parameters.arguments}}),
{{/hasParametersBuilder}}
            idType: {{idType}}.self,
            pageSize: {{#pageSizeParameter}}{{name}}{{/pageSizeParameter}}{{#identity}},
            identity: {{.}}{{/identity}}
        ) { id in
            await self.runtime.send(
                {{operations}}.{{itemEndpointDescriptor}},
                {{operations}}.{{itemParametersBuilder}}({{itemLabel}}: id),
                as: {{itemResultType}}.self
            )
        }
    }
{{#emitLists}}

    /// A list adapter over the items of `{{name.bare}}(…)` for a table view, a collection view
    /// or a SwiftUI `List`: call `start()` or `start(atRow:)`, then tell it the visible rows.
{{#availability}}
    {{.}}
{{/availability}}
    @Swift.MainActor
    {{access}} func {{list}}({{listParameters}}) -> PagegenRuntime.PagedList<{{itemType}}> {
        PagegenRuntime.PagedList(self.{{loader}}({{sequenceParameters.arguments}}), options: options)
    }
{{/emitLists}}

{{/idList}}
{{/endpoints}}
}
{{/client}}

"""#,
        "Header": #"""
{{% CONTENT_TYPE: TEXT}}
// Generated by pagegen from {{specFile}}. Do not edit.

import Foundation
@_spi(Generated) import PagegenRuntime
{{#imports}}
import {{.}}
{{/imports}}
{{#file.declaresNamespace}}

/// The types generated from {{specFile}}.
{{access}} enum {{namespace}} {}
{{/file.declaresNamespace}}

"""#,
        "Enum": #"""
{{% CONTENT_TYPE: TEXT}}
/// The values of `{{name}}`; values this client does not know decode to `unknown`.
{{access}} enum {{name}}: PagegenRuntime.OpenEnum {
{{#cases}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
    case {{name}}
{{/cases}}
    /// A value that is not in the spec.
    case unknown(Swift.String)

    {{access}} init(rawValue: Swift.String) {
        switch rawValue {
{{#cases}}
        case {{value}}: self = .{{name}}
{{/cases}}
        default: self = .unknown(rawValue)
        }
    }

    {{access}} var rawValue: Swift.String {
        switch self {
{{#cases}}
        case .{{name}}: {{value}}
{{/cases}}
        case .unknown(let value): value
        }
    }
}

"""#,
        "OpenAPIPaging": #"""
{{% CONTENT_TYPE: TEXT}}
// Generated by pagegen openapi-paging from {{document}}. Do not edit.
// The paging extensions of the client swift-openapi-generator generates from the same document.

import Foundation
@_spi(Generated) import PagegenOpenAPIRuntime
@_spi(Generated) import PagegenRuntime
{{#imports}}
import {{.}}
{{/imports}}
{{#operations}}

// MARK: - {{title}}: {{styleSummary}}

extension APIProtocol {
    /// The pages of `{{title}}` ({{styleSummary}}), as an `AsyncSequence`: the next pages
    /// are fetched while one is handled, and cancelling the task that iterates cancels them.
    /// - Parameters:
    ///   - input: The operation's input; each page is asked for with a copy whose paging parameters are set.
    ///   - start: Where an earlier walk stopped (`APIError.resumePoint`); nil starts at the first page.
    ///   - store: Where the pages are kept, if they are: a stored page is asked for again with its validators.
{{#availability}}
    {{.}}
{{/availability}}
    {{access}}func {{pages}}(_ input: {{inputType}}, from start: PagegenRuntime.ResumePoint? = nil, storingIn store: PagegenRuntime.StoreConfiguration? = nil) -> PagegenRuntime.PageSequence<{{itemType}}> {
        PagegenRuntime.PageSequence(self.{{loader}}(input, storingIn: store), resumingFrom: start)
    }

    /// Every item of `{{title}}`, page after page, each delivered once.
    /// - Parameters:
    ///   - input: The operation's input; each page is asked for with a copy whose paging parameters are set.
    ///   - start: Where an earlier walk stopped (`APIError.resumePoint`); nil starts at the first page.
    ///   - store: Where the pages are kept, if they are: a stored page is asked for again with its validators.
{{#availability}}
    {{.}}
{{/availability}}
    {{access}}func {{items}}(_ input: {{inputType}}, from start: PagegenRuntime.ResumePoint? = nil, storingIn store: PagegenRuntime.StoreConfiguration? = nil) -> PagegenRuntime.ItemSequence<{{itemType}}> {
        PagegenRuntime.ItemSequence(self.{{loader}}(input, storingIn: store), resumingFrom: start)
    }

    /// A list adapter that a table view, a collection view or a SwiftUI `List` of
    /// `{{title}}`'s items can be driven by.
    /// - Parameters:
    ///   - input: The operation's input; each page is asked for with a copy whose paging parameters are set.
    ///   - options: How the list loads, prefetches and keeps pages.
    ///   - store: Where the pages are kept, if they are: the list shows them at launch, with no request, and revalidates them.
{{#availability}}
    {{.}}
{{/availability}}
    @MainActor {{access}}func {{list}}(_ input: {{inputType}}, options: PagegenRuntime.PagedListOptions = PagegenRuntime.PagedListOptions(), storingIn store: PagegenRuntime.StoreConfiguration? = nil) -> PagegenRuntime.PagedList<{{itemType}}> {
        PagegenRuntime.PagedList(self.{{loader}}(input, storingIn: store), options: options)
    }

    /// What the sequences and the list of `{{title}}` load its pages with.
    /// - Parameters:
    ///   - input: The operation's input; each page is asked for with a copy whose paging parameters are set.
    ///   - store: Where the pages are kept, if they are (the client needs `PagingResponseMiddleware()`).
{{#availability}}
    {{.}}
{{/availability}}
    {{access}}func {{loader}}(_ input: {{inputType}}, storingIn store: PagegenRuntime.StoreConfiguration? = nil) -> PagegenRuntime.PageLoader<{{itemType}}> {
{{#sizeMember}}
        var input = input
        let pageSize = OpenAPIPaging.size(&{{.}}, default: {{defaultPageSize}})
{{/sizeMember}}
        let paging = PagegenRuntime.Paging<{{outputType}}, {{itemType}}>({{pagingArguments}})
        let base = input
        return OpenAPIPaging.loader(
            operation: {{operationID}},
            paging: paging,
            pageSize: {{#sizeMember}}pageSize{{/sizeMember}}{{^sizeMember}}{{defaultPageSize}}{{/sizeMember}},
            serverURL: OpenAPIPaging.serverURL({{serverURL}}){{#identity}},
            identity: {{.}}{{/identity}}{{#readsUndeclaredHeaders}},
            undeclaredHeaders: [{{#undeclaredHeaders}}{{.}}{{^last()}}, {{/last()}}{{/undeclaredHeaders}}]{{/readsUndeclaredHeaders}}{{#readsDeclaredHeaders}},
            declaredHeaders: { [{{#declaredHeaders}}{{.}}{{^last()}}, {{/last()}}{{/declaredHeaders}}] }{{/readsDeclaredHeaders}},
            store: store,
            input: base
        ) { key in
            var input = base
            switch key {
{{#pageNumberMember}}
            case .number(let number): try OpenAPIPaging.assign(number, to: &{{.}})
{{/pageNumberMember}}
{{#offsetMember}}
            case .offset(let offset): try OpenAPIPaging.assign(offset, to: &{{.}})
{{/offsetMember}}
{{#cursorMember}}
            case .after(let cursor): try OpenAPIPaging.assign(cursor, to: &{{.}})
{{/cursorMember}}
{{#nextLink}}
            case .url(let url):
                let link = try NextLink(url, operation: {{operationID}}, path: {{path}}, query: [{{#query}}{{.}}{{^last()}}, {{/last()}}{{/query}}])
{{#assignments}}
                {{.}}
{{/assignments}}
{{/nextLink}}
            default: break
            }
            return try await self.{{method}}(input)
        } failure: { output in
            switch output {
{{#answers}}
            case {{pattern}}: return {{result}}
{{/answers}}
{{#hasUndocumented}}
            case .undocumented(let statusCode, let payload): return await OpenAPIPaging.failure(status: statusCode, undocumented: payload)
{{/hasUndocumented}}
            }
        }
    }
}
{{/operations}}

"""#,
    ]
}
