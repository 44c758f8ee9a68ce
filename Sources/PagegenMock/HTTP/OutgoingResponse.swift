import FlyingSocks
import Foundation

/// What the mock's HTTP layer sends for one request: status, header fields and
/// body, and how the body goes out (all at once, a few bytes at a time, or cut).
struct OutgoingResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: Data
    /// Send the body slowly.
    var drip: MockFaults.Drip?
    /// Close the connection after this many bytes of the body.
    var cutAt: Int?

    /// A JSON error `{"error": code, "message": message}`.
    static func error(_ error: HTTPReadError) -> OutgoingResponse {
        let response = MockHTTPError(status: error.status, code: error.code, message: error.message).response(pretty: false)
        return OutgoingResponse(status: response.status, headers: response.headers, body: response.body)
    }

    /// The status line and header fields, with `Content-Length` (but for a `304`) and
    /// `Connection` set here.
    func head(keepAlive: Bool, http10: Bool) -> Data {
        var text = "HTTP/1.1 \(status) \(HTTPPhrases.phrase(status))\r\n"
        for field in headers where !Self.framingFields.contains(field.name.lowercased()) {
            text += "\(field.name): \(field.value)\r\n"
        }
        // A 304 has no content, and its Content-Length would have to be the 200's.
        if status != 304 { text += "Content-Length: \(body.count)\r\n" }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if http10 {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }

    private static let framingFields: Set<String> = ["content-length", "transfer-encoding", "connection"]

    /// Writes the response; false when the connection must close (a cut body).
    /// - Parameter headOnly: for `HEAD`: the head, without the body.
    func write(to socket: AsyncSocket, keepAlive: Bool, http10: Bool, headOnly: Bool, watch: ConnectionWatch) async throws -> Bool {
        let head = head(keepAlive: keepAlive, http10: http10)
        if headOnly {
            try await socket.write(head)
            return keepAlive
        }
        guard drip != nil || cutAt != nil else {
            try await socket.write(head + body)
            return keepAlive
        }
        try await socket.write(head)
        watch.progress()
        let end = min(body.count, cutAt ?? body.count)
        let chunkSize = drip?.chunkSize ?? 4096
        var offset = 0
        while offset < end {
            if let delay = drip?.delay, offset > 0 { try await Task.sleep(for: delay) }
            let next = min(end, offset + chunkSize)
            try await socket.write(body.subdata(in: body.startIndex + offset..<body.startIndex + next))
            watch.progress()
            offset = next
        }
        return cutAt == nil && keepAlive
    }
}
