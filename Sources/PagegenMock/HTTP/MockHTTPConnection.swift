import FlyingSocks
import Foundation

/// Serves one connection: reads requests one after the other, hands each to the
/// server's handler and writes the answer, while a watchdog closes the connection
/// when the client stalls (see ``ConnectionWatch``).
struct MockHTTPConnection: Sendable {
    let socket: AsyncSocket
    let limits: MockHTTPLimits
    let handler: @Sendable (ReceivedRequest) async -> OutgoingResponse

    /// Runs until the client closes the connection, a request is refused, the
    /// watchdog expires it, or the task is cancelled; then closes the socket.
    func run() async {
        let watch = ConnectionWatch()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await exchange(watch) }
            group.addTask { await ConnectionWatch.run(watch, limits: limits) }
            await group.next()
            group.cancelAll()
        }
        if let message = watch.timeoutMessage(limits) {
            let response = OutgoingResponse.error(HTTPReadError(status: 408, code: "request_timeout", message: message))
            try? await socket.write(response.head(keepAlive: false, http10: false) + response.body)
        }
        try? socket.close()
    }

    /// Requests and responses until the connection is to close.
    private func exchange(_ watch: ConnectionWatch) async {
        var reader = RequestReader(socket: socket, limits: limits)
        var first = true
        while !Task.isCancelled {
            // Between two requests, let the other connections run: a client that sends its
            // next request as soon as it has an answer would otherwise keep a thread to
            // itself, and under load the others would wait seconds.
            if !first { await Task.yield() }
            first = false
            guard watch.enter(.idle, awaiting: "the request head") else { return }
            let request: ReceivedRequest
            do {
                guard let head = try await reader.readHead(onFirstByte: { watch.enter(.reading) }) else { return }
                if head.framing != .none {
                    watch.note(awaiting: "the body of \(head.method) \(head.rawPath)")
                    if head.expectsContinue && !reader.hasBufferedBytes {
                        try await socket.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                    }
                }
                let body = try await reader.readBody(head.framing)
                request = ReceivedRequest(
                    method: head.method, rawPath: head.rawPath, rawQuery: head.rawQuery, version: head.version,
                    headers: head.headers, body: body)
            } catch let error as HTTPReadError {
                guard watch.enter(.writing) else { return }
                let response = OutgoingResponse.error(error)
                try? await socket.write(response.head(keepAlive: false, http10: false) + response.body)
                return
            } catch {
                return  // cancelled by the watchdog or the server, or the socket failed
            }
            guard watch.enter(.handling) else { return }
            let response = await handler(request)
            guard watch.enter(.writing) else { return }
            let keepAlive = request.keepsAlive
            do {
                let open = try await response.write(
                    to: socket, keepAlive: keepAlive, http10: request.version == "HTTP/1.0",
                    headOnly: request.method == "HEAD", watch: watch)
                guard open else { return }
            } catch {
                return
            }
        }
    }
}
