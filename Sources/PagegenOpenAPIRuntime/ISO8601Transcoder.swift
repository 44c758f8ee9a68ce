import Foundation
import OpenAPIRuntime
import PagegenRuntime

/// A `DateTranscoder` for a swift-openapi-generator client that reads and writes ISO 8601
/// dates with Pagegen's own reader (``PagegenRuntime/ISO8601``), which takes no lock and
/// allocates nothing.
///
/// On Linux, swift-openapi-runtime's `.iso8601` parses each date with one
/// `ISO8601DateFormatter`, behind a lock, through ICU: a client that decodes many dates
/// spends most of its time there, one date at a time, whatever pages are in flight.
///
/// ```swift
/// let client = Client(
///     serverURL: try Servers.Server1.url(),
///     configuration: Configuration(dateTranscoder: .pagegenISO8601),
///     transport: URLSessionTransport(),
///     middlewares: [PagingResponseMiddleware()])
/// ```
///
/// It reads what `.iso8601` reads (`2024-08-14T15:14:26Z`, with an offset for the
/// zone), and also fractional seconds and a date without a time; it writes whole
/// seconds in UTC, as `.iso8601` does.
public struct ISO8601Transcoder: DateTranscoder {
    /// Creates the transcoder.
    public init() {}

    /// `2024-08-14T15:14:26Z`.
    public func encode(_ date: Date) throws -> String {
        ISO8601.format(date)
    }

    /// The date `text` says; a `DecodingError` when it is no ISO 8601 date.
    public func decode(_ text: String) throws -> Date {
        guard let date = ISO8601.parse(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "Expected an ISO 8601 date, got '\(text)'."))
        }
        return date
    }
}

extension DateTranscoder where Self == ISO8601Transcoder {
    /// Dates read and written with Pagegen's ISO 8601 reader (``ISO8601Transcoder``).
    public static var pagegenISO8601: Self { ISO8601Transcoder() }
}
