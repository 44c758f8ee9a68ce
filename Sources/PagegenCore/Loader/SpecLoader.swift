import Foundation
import PagegenYAML

/// Stage 1: reads spec text into a ``Spec``, reporting what does not fit the spec
/// language (unknown keys with did-you-mean, wrong shapes, bad type syntax).
///
/// Returns nil when the text cannot be read as a spec at all (malformed YAML, or a
/// root that is not a mapping); otherwise a spec, possibly with errors collected.
public enum SpecLoader {
    /// The top-level keys of a spec.
    static let topLevelKeys = [
        "pagegen", "name", "namespace", "description", "baseURL", "servers", "auth", "headers", "dates", "zone",
        "throttle", "errors", "store", "models", "endpoints",
    ]

    /// Loads `text`, read from `file`.
    public static func load(_ text: String, file: String, diagnostics: DiagnosticCollector) -> Spec? {
        let context = LoadContext(file: file, diagnostics: diagnostics)
        let root: Node
        do {
            guard let parsed = try YAMLParser.parse(text), !parsed.isNull else {
                context.error(
                    "the spec is empty", at: Mark(line: 1, column: 1),
                    hint: "start with 'pagegen: 1', 'name:', 'baseURL:', 'models:' and 'endpoints:'")
                return nil
            }
            root = parsed
        } catch {
            context.error(error.message, at: error.mark, hint: error.hint)
            return nil
        }
        guard let top = MappingReader(root, what: "the spec", allowed: topLevelKeys, context: context) else {
            return nil
        }

        var version = 1
        if let declared = top.int("pagegen") {
            if declared.value != 1 {
                context.error("unsupported spec version \(declared.value)", at: declared.mark, hint: "this pagegen reads 'pagegen: 1'")
            }
            version = declared.value
        } else if !top.has("pagegen") {
            context.warning("the spec does not say its version", at: root.mark, hint: "add 'pagegen: 1' at the top")
        }

        let name =
            top.requiredString("name", hint: "add 'name: MyAPI' (the client becomes MyAPIClient)")
            ?? Located("API", at: root.mark)
        let baseURL =
            top.requiredString("baseURL", hint: "add 'baseURL: https://api.example.com/v1'")
            ?? Located("", at: root.mark)
        var dateFormat = DateFormatName.iso8601
        if let dates = top.string("dates") {
            dateFormat = readDateFormat(dates, context: context) ?? .iso8601
        }

        let models = top["models"].map { ModelLoader.load($0, context: context) } ?? []
        let endpoints = top["endpoints"].map { EndpointLoader.load($0, context: context) } ?? []
        if !top.has("endpoints") {
            context.warning("the spec declares no endpoints", at: root.mark, hint: "add an 'endpoints:' mapping")
        }

        var spec = Spec(
            file: file,
            version: version,
            name: name,
            namespace: top.string("namespace"),
            description: top.string("description")?.value,
            baseURL: baseURL,
            auth: top["auth"].map { AuthLoader.load($0, context: context) } ?? [],
            headers: top["headers"].map { readFixedHeaders($0, what: "'headers'", context: context) } ?? [],
            dateFormat: dateFormat,
            dateZone: top.string("zone").flatMap { readZone($0, context: context) },
            throttle: top["throttle"].map { ThrottleLoader.load($0, context: context) } ?? [],
            bodyError: top["errors"].flatMap { readBodyError($0, context: context) },
            models: models,
            endpoints: endpoints,
            servers: top["servers"].map { readServers($0, context: context) } ?? []
        )
        spec.store = top["store"].flatMap { StoreLoader.limits($0, context: context) }
        return spec
    }

    /// Reads a zone: `UTC`, `local`, an IANA name (`Europe/Berlin`) or an offset (`+02:00`).
    static func readZone(_ text: Located<String>, context: LoadContext) -> Located<ZoneName>? {
        let value = text.value
        switch value {
        case "UTC", "GMT", "Z": return Located(.utc, at: text.mark)
        case "local": return Located(.local, at: text.mark)
        default: break
        }
        if let sign = value.first, sign == "+" || sign == "-" {
            let digits = value.dropFirst().filter { $0 != ":" }
            guard digits.count == 4, digits.allSatisfy(\.isASCII), let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
                value.dropFirst().count == (value.contains(":") ? 5 : 4), hours <= 18, minutes < 60
            else {
                context.error(
                    "'\(value)' is not an offset from UTC", at: text.mark, hint: "write it as +HH:MM, such as '+02:00' or '-05:30'")
                return nil
            }
            let seconds = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
            return Located(seconds == 0 ? .utc : .offset(seconds: seconds), at: text.mark)
        }
        guard TimeZone(identifier: value) != nil else {
            context.error(
                "unknown time zone '\(value)'", at: text.mark,
                hint: Suggestion.didYouMean(value, in: TimeZone.knownTimeZoneIdentifiers + ["UTC", "local"])
                    ?? "write UTC, local, a zone such as 'Europe/Berlin', or an offset such as '+02:00'")
            return nil
        }
        return Located(.identifier(value), at: text.mark)
    }

    static func readDateFormat(_ text: Located<String>, context: LoadContext) -> DateFormatName? {
        if let format = DateFormatName(rawValue: text.value) { return format }
        let names = DateFormatName.allCases.map(\.rawValue)
        context.error(
            "unknown date format '\(text.value)'", at: text.mark,
            hint: Suggestion.didYouMean(text.value, in: names) ?? "expected one of: \(names.joined(separator: ", "))")
        return nil
    }

    static func readFixedHeaders(_ node: Node, what: String, context: LoadContext) -> [FixedHeader] {
        guard let pairs = node.pairs else {
            context.error("\(what) must be a mapping of header names to values", at: node.mark)
            return []
        }
        return pairs.compactMap { pair in
            guard let name = pair.key.scalarText, let value = pair.value.scalarText else {
                context.error(
                    "a fixed header needs a name and a text value", at: pair.key.mark,
                    hint: "write 'Header-Name: \"value\"'")
                return nil
            }
            if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                context.error("the value of the header '\(name)' holds a line break, which a header value cannot", at: pair.value.mark)
                return nil
            }
            return FixedHeader(name: name, value: value)
        }
    }

    /// `servers:`: names (`uploads`) to URLs, which endpoints name in `server:`.
    static func readServers(_ node: Node, context: LoadContext) -> [ServerSpec] {
        context.namedEntries(node, section: "servers", entry: "server", values: "URLs") { name, value, context in
            guard let first = name.value.first, first.isLetter, name.value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                context.error(
                    "'\(name.value)' is not a server name", at: name.mark,
                    hint: "server names become property names: letters and digits, starting with a letter")
                return nil
            }
            guard let text = value.scalarText, !value.isNull else {
                context.error(
                    "the server '\(name.value)' must be a URL, not \(value.kindDescription)", at: value.mark,
                    hint: "write '\(name.value): https://uploads.example.com'")
                return nil
            }
            let url = URL(string: text)
            guard url?.scheme != nil, url?.host != nil else {
                context.error(
                    "the server '\(name.value)' is not an absolute URL: '\(text)'", at: value.mark,
                    hint: "write it with its scheme and host, such as https://uploads.example.com")
                return nil
            }
            return ServerSpec(name: name, url: Located(text, at: value.mark))
        }
    }

    static func readBodyError(_ node: Node, context: LoadContext) -> BodyErrorSpec? {
        guard let reader = MappingReader(node, what: "'errors'", allowed: ["flag", "message"], context: context),
            let messageText = reader.requiredString("message", hint: "add 'message: error' (the path of the error text)"),
            let message = PathReader.parse(messageText, what: "'message'", context: context)
        else { return nil }
        return BodyErrorSpec(flag: reader.path("flag"), message: message)
    }
}
