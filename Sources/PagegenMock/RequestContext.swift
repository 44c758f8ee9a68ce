import Foundation
import PagegenCore

/// One request being answered: what was asked, on which origin, with which faults,
/// and the values of the path parameters.
struct RequestContext: Sendable {
    let request: MockRequest
    /// `http://127.0.0.1:8080`, as the client addressed the server.
    let origin: String
    let faults: RequestFaults
    let pathValues: [String: String]

    /// The value of a paging parameter where the spec sends it (query, header or
    /// JSON body), with its format (`batchSize={value}`) taken off.
    /// - Returns: nil when the request does not carry it.
    /// - Throws: a 400 when it does not fit the format or the body is not JSON.
    func value(of parameter: PagingParameter) throws(MockHTTPError) -> String? {
        let name = parameter.name.value
        let raw: String?
        switch parameter.location {
        case "header":
            raw = request.header(name)
        case "body":
            let object = try request.bodyObject()
            switch object[name] {
            case nil, is NSNull: raw = nil
            case let text as String: raw = text
            case let number as Int: raw = String(number)
            case let number as Double: raw = String(number)
            default: throw .badRequest("the body field '\(name)' must be a string or a number")
            }
        default:
            raw = request.query(name)
        }
        guard let raw else { return nil }
        guard raw.utf8.count <= MockRequest.maxValueLength else {
            throw .badRequest("'\(name)' is \(raw.utf8.count) bytes long; at most \(MockRequest.maxValueLength) are accepted")
        }
        guard let format = parameter.format, let marker = format.range(of: "{value}") else { return raw }
        let prefix = String(format[..<marker.lowerBound])
        let suffix = String(format[marker.upperBound...])
        guard raw.count >= prefix.count + suffix.count, raw.hasPrefix(prefix), raw.hasSuffix(suffix) else {
            throw .badRequest("'\(name)' is '\(raw.prefix(60))', which does not fit its format '\(format)'")
        }
        return String(raw.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// A whole number read from `text`.
    /// - Throws: a 400 naming `what` when it is not one.
    static func integer(_ text: String, _ what: String) throws(MockHTTPError) -> Int {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        // A client whose document types the parameter as a number sends `2.0`.
        if trimmed.hasSuffix(".0"), Int(trimmed.dropLast(2)) != nil { trimmed.removeLast(2) }
        guard trimmed.count <= 19, let value = Int(trimmed) else {
            throw .badRequest("\(what) is '\(text.prefix(60))', which is not a whole number")
        }
        return value
    }

    /// The page size the request asks for, checked against the spec's bounds.
    func pageSize(_ size: SizeSpec?) throws(MockHTTPError) -> Int {
        let defaultSize = size?.defaultValue.value ?? 20
        guard let parameter = size?.parameter, let text = try value(of: parameter) else { return defaultSize }
        let name = parameter.name.value
        let value = try Self.integer(text, "the page size '\(name)'")
        let minimum = size?.minimum ?? 1
        if value < minimum {
            throw .badRequest("\(name)=\(value) is below the minimum page size of \(minimum)")
        }
        if let maximum = size?.maximum, value > maximum {
            throw .badRequest("\(name)=\(value) is above the maximum page size of \(maximum)")
        }
        return value
    }

    /// The request's URL, absolute.
    var url: String {
        origin + request.rawPath + (request.rawQuery.isEmpty ? "" : "?" + request.rawQuery)
    }
}

/// The rows `start..<start+size` of a list of `count`, clamped, without overflow.
func clampedRows(start: Int, size: Int, count: Int) -> Range<Int> {
    let lower = min(max(0, start), count)
    let (end, overflow) = lower.addingReportingOverflow(max(0, size))
    return lower..<(overflow ? count : min(end, count))
}
