import Foundation

/// What an endpoint whose body is raw bytes (`body: { raw: image/png }`) takes: bytes
/// in memory, or a file on disk, sent as it is.
///
/// `Data` and ``BinaryContent`` are bytes in memory. A ``FileUpload`` made with
/// ``FileUpload/init(contentsOf:filename:contentType:)`` is a file: the transport reads
/// it a chunk at a time as it sends it (``StreamedBody``), so an upload of any size
/// costs the memory of a few chunks.
///
/// ```swift
/// try await client.uploadLogo(body: png).get()
/// try await client.uploadBackup(body: FileUpload(contentsOf: backupURL)).get()
/// ```
///
/// An endpoint that fixes the media type sends it whatever the value carries; one whose
/// spec takes any type (`raw: "*/*"`) sends the value's own (``BinaryContent/contentType``,
/// ``FileUpload/contentType``), or `application/octet-stream` for `Data`.
public protocol RawBody: Sendable {
    /// The bytes, or the file that holds them.
    var rawContent: FileUpload.Content { get }
    /// The media type the value names, such as `image/png`; nil when it names none.
    var rawContentType: String? { get }
}

extension Data: RawBody {
    /// These bytes.
    public var rawContent: FileUpload.Content { .data(self) }
    /// Nil: bytes name no media type.
    public var rawContentType: String? { nil }
}

extension BinaryContent: RawBody {
    /// ``data``.
    public var rawContent: FileUpload.Content { .data(data) }
    /// ``contentType``.
    public var rawContentType: String? { contentType }
}

extension FileUpload: RawBody {
    /// ``content``: the bytes, or the file on disk.
    public var rawContent: FileUpload.Content { content }
    /// ``contentType``.
    public var rawContentType: String? { contentType }
}
