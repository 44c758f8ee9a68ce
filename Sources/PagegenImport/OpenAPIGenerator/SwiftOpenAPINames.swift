import Foundation

/// The Swift names swift-openapi-generator gives what it generates from a document, so
/// that the paging extensions name the same types and members: its two naming
/// strategies (`defensive`, SOAR-0001, and `idiomatic`, SOAR-0013), its `nameOverrides`,
/// the names of its response cases and of its content types.
///
/// The rules are those swift-openapi-generator 1.x documents and applies; the tests hold
/// them to its output, by compiling the extensions against the code it generates.
struct SwiftOpenAPINames {
    /// swift-openapi-generator's `namingStrategy`.
    enum Strategy: String, CaseIterable {
        case defensive
        case idiomatic
    }

    var strategy: Strategy = .defensive
    /// `nameOverrides`: a documented name and the Swift name to use instead.
    var overrides: [String: String] = [:]

    /// The name of a type for a documented name (a schema, an operation).
    func typeName(_ documented: String) -> String {
        if let override = overrides[documented] { return override }
        switch strategy {
        case .defensive: return Self.defensive(documented)
        case .idiomatic: return Self.defensive(Self.camelCased(documented, capitalized: true))
        }
    }

    /// The name of a member for a documented name (a property, a parameter, an operation's method).
    func memberName(_ documented: String) -> String {
        if let override = overrides[documented] { return override }
        switch strategy {
        case .defensive: return Self.defensive(documented)
        case .idiomatic: return Self.defensive(Self.camelCased(documented, capitalized: false))
        }
    }

    /// The name of a body's case for a content type: `json` for `application/json`.
    func contentTypeName(_ contentType: String) -> String {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let typeAndSubtype = parts.first ?? ""
        let parameters = parts.dropFirst().filter { !$0.isEmpty }
        let full = ([typeAndSubtype] + parameters).joined(separator: ";").lowercased()
        if let common = Self.commonContentTypes[full] { return common }
        let halves = typeAndSubtype.split(separator: "/", maxSplits: 1).map(String.init)
        let type = halves.first ?? ""
        let subtype = halves.count > 1 ? halves[1] : ""
        let pairs = parameters.map { $0.lowercased() }
        switch strategy {
        case .defensive:
            let prefix = Self.defensive(type) + "_" + Self.defensive(subtype)
            guard !pairs.isEmpty else { return prefix }
            let safe = pairs.map { $0.split(separator: "=").map { Self.defensive(String($0)) }.joined(separator: "_") }
            return prefix + "_" + safe.joined(separator: "_")
        case .idiomatic:
            let prefix = memberName(type) + Self.uppercasingFirst(memberName(subtype))
            guard !pairs.isEmpty else { return prefix }
            let safe = pairs.map { $0.split(separator: "=").map { Self.uppercasingFirst(memberName(String($0))) }.joined() }
            return prefix + safe.joined()
        }
    }

    /// The name of an answer's case for a status code: `ok` for 200, `notFound` for 404,
    /// `code418` for a code without a name.
    static func statusCaseName(_ code: Int) -> String {
        statusNames[code] ?? "code\(code)"
    }

    /// The name of an answer's case for a range of codes (`4XX`): `clientError`.
    static func rangeCaseName(_ range: String) -> String? {
        ["1XX": "informational", "2XX": "successful", "3XX": "redirection", "4XX": "clientError", "5XX": "serverError"][
            range.uppercased()]
    }

    // MARK: The defensive strategy

    /// A documented name made a Swift identifier: every character that cannot be in
    /// one replaced by `_name_` (`$` is `_dollar_`, `…` is `_x2026_`), a leading digit
    /// after `_`, and a keyword after `_`.
    static func defensive(_ documented: String) -> String {
        guard !documented.isEmpty else { return "_empty" }
        var scalars: [Unicode.Scalar] = []
        for (index, scalar) in documented.unicodeScalars.enumerated() {
            let allowed = index == 0 ? firstCharacters : otherCharacters
            if allowed.contains(scalar) {
                scalars.append(scalar)
            } else if index == 0 && CharacterSet.decimalDigits.contains(scalar) {
                scalars.append("_")
                scalars.append(scalar)
            } else {
                let name = specialCharacters[scalar] ?? "x" + String(scalar.value, radix: 16, uppercase: true)
                scalars += ["_"] + Array(name.unicodeScalars) + ["_"]
            }
        }
        let name = String(String.UnicodeScalarView(scalars))
        if name == "_" { return "_underscore_" }
        return keywords.contains(name) ? "_" + name : name
    }

    private static let firstCharacters = CharacterSet.letters.union(CharacterSet(charactersIn: "_"))
    private static let otherCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_"))

    /// The words the defensive strategy puts an underscore before.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout", "let", "operator",
        "precedencegroup", "protocol", "struct", "subscript", "typealias", "var", "fileprivate", "internal", "private",
        "public", "static", "defer", "if", "guard", "do", "repeat", "else", "for", "in", "while", "return", "break",
        "continue", "fallthrough", "switch", "case", "default", "where", "catch", "throw", "as", "Any", "false", "is",
        "nil", "rethrows", "super", "self", "Self", "true", "try", "throws", "yield", "String", "Error", "Int", "Bool",
        "Array", "Type", "type", "Protocol", "await",
    ]

    /// ASCII characters by their HTML entity names.
    private static let specialCharacters: [Unicode.Scalar: String] = [
        " ": "space", "!": "excl", "\"": "quot", "#": "num", "$": "dollar", "%": "percnt", "&": "amp", "'": "apos",
        "(": "lpar", ")": "rpar", "*": "ast", "+": "plus", ",": "comma", "-": "hyphen", ".": "period", "/": "sol",
        ":": "colon", ";": "semi", "<": "lt", "=": "equals", ">": "gt", "?": "quest", "@": "commat", "[": "lbrack",
        "\\": "bsol", "]": "rbrack", "^": "hat", "`": "grave", "{": "lcub", "|": "verbar", "}": "rcub", "~": "tilde",
    ]

    // MARK: The idiomatic strategy

    /// Word separators of the idiomatic strategy.
    private static let separators: Set<Character> = ["_", "-", " ", "/", "+"]

    /// `list-repos_for_org` as `ListReposForOrg` (capitalized) or `listReposForOrg`: words
    /// joined in camel case, a name all in capitals lower-cased (`HELLO_WORLD` is
    /// `helloWorld`), a leading run of capitals lower-cased for a member (`HTTPProxy` is
    /// `httpProxy`), `.` kept as `_`, braces dropped, leading underscores kept. What is
    /// left that cannot be in an identifier, the defensive strategy replaces after.
    static func camelCased(_ documented: String, capitalized: Bool) -> String {
        if documented.isEmpty { return capitalized ? "_Empty_" : "_empty_" }
        let allCapitals = documented.allSatisfy { !$0.isLowercase }
        enum State: Equatable {
            case beforeFirstWord
            case firstWord(lowercasingCapitals: Bool)
            case word
            case betweenWords
        }
        var output: [Character] = []
        var state = State.beforeFirstWord
        let characters = Array(documented)
        for (index, character) in characters.enumerated() {
            switch state {
            case .beforeFirstWord:
                if character == "_" {
                    output.append(character)
                } else if character.isNumber {
                    output.append(character)
                    state = .firstWord(lowercasingCapitals: false)
                } else if character.isLetter {
                    output += capitalized ? character.uppercased() : character.lowercased()
                    state = .firstWord(lowercasingCapitals: !capitalized && character.isUppercase)
                } else {
                    output.append(character)
                    state = .firstWord(lowercasingCapitals: false)
                }
            case .firstWord(var lowercasing):
                if character.isLetter || character.isNumber {
                    if allCapitals {
                        output += character.lowercased()
                    } else if lowercasing {
                        if character.isLowercase {
                            output.append(character)
                            lowercasing = false
                        } else if characters.count - index - 1 >= 2 {
                            let next = characters[index + 1]
                            let afterNext = characters[index + 2]
                            if next.isUppercase && afterNext.isLowercase {
                                lowercasing = false
                                output += character.lowercased()
                            } else if separators.contains(next) {
                                lowercasing = false
                                output += character.lowercased()
                            } else if next.isUppercase {
                                output += character.lowercased()
                            } else {
                                lowercasing = false
                                output.append(character)
                            }
                        } else {
                            output += character.lowercased()
                            lowercasing = false
                        }
                    } else {
                        output.append(character)
                    }
                    state = .firstWord(lowercasingCapitals: lowercasing)
                } else if separators.contains(character) {
                    state = .betweenWords
                } else if character == "." {
                    output.append("_")
                    state = .firstWord(lowercasingCapitals: false)
                } else if character == "{" || character == "}" {
                    state = .firstWord(lowercasingCapitals: false)
                } else {
                    output.append(character)
                    state = .firstWord(lowercasingCapitals: false)
                }
            case .word:
                if character.isLetter || character.isNumber {
                    output += allCapitals ? character.lowercased() : String(character)
                } else if separators.contains(character) {
                    state = .betweenWords
                } else if character == "." {
                    output.append("_")
                } else if character == "{" || character == "}" {
                    continue
                } else {
                    output.append(character)
                }
            case .betweenWords:
                if ["_", "-", ".", "/", "+", "{", "}"].contains(character) {
                    continue
                } else if character.isLetter || character.isNumber {
                    output += character.uppercased()
                    state = .word
                } else {
                    output.append(character)
                }
            }
        }
        return String(output)
    }

    static func uppercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    // MARK: Content types and status codes

    /// Content types with a name of their own, whatever the strategy.
    private static let commonContentTypes: [String: String] = [
        "application/json": "json", "application/x-www-form-urlencoded": "urlEncodedForm", "multipart/form-data": "multipartForm",
        "text/plain": "plainText", "*/*": "any", "application/xml": "xml", "application/octet-stream": "binary", "text/html": "html",
        "application/yaml": "yaml", "text/csv": "csv", "image/png": "png", "application/pdf": "pdf", "image/jpeg": "jpeg",
    ]

    private static let statusNames: [Int: String] = [
        100: "continue", 101: "switchingProtocols", 103: "earlyHints", 200: "ok", 201: "created", 202: "accepted",
        203: "nonAuthoritativeInformation", 204: "noContent", 205: "resetContent", 206: "partialContent", 300: "multipleChoices",
        301: "movedPermanently", 302: "found", 303: "seeOther", 304: "notModified", 307: "temporaryRedirect",
        308: "permanentRedirect", 400: "badRequest", 401: "unauthorized", 403: "forbidden", 404: "notFound",
        405: "methodNotAllowed", 406: "notAcceptable", 407: "proxyAuthenticationRequired", 408: "requestTimeout", 409: "conflict",
        410: "gone", 411: "lengthRequired", 412: "preconditionFailed", 413: "contentTooLarge", 414: "uriTooLong",
        415: "unsupportedMediaType", 416: "rangeNotSatisfiable", 417: "expectationFailed", 421: "misdirectedRequest",
        422: "unprocessableContent", 425: "tooEarly", 426: "upgradeRequired", 428: "preconditionRequired", 429: "tooManyRequests",
        431: "requestHeaderFieldsTooLarge", 451: "unavailableForLegalReasons", 500: "internalServerError", 501: "notImplemented",
        502: "badGateway", 503: "serviceUnavailable", 504: "gatewayTimeout", 505: "httpVersionNotSupported",
        511: "networkAuthenticationRequired",
    ]
}
