// The baseline of Benchmarks/mock-load.sh: FlyingFox's own HTTPServer (the one
// pagegen-mock ran on before it read HTTP itself) answering every request with the
// same bytes, so that the load benchmark compares the two HTTP layers on one machine
// in one run.
//
// Usage: MockLoadBaseline BODY-FILE        prints "http://127.0.0.1:PORT" once it listens
import FlyingFox
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2, let body = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: MockLoadBaseline BODY-FILE\n".utf8))
    exit(64)
}
let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 600, logger: .disabled)
await server.appendRoute("*") { _ in
    HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: body)
}
let task = Task { try await server.run() }
try await server.waitUntilListening()
guard case .ip4(_, let port)? = await server.listeningAddress else { exit(1) }
FileHandle.standardOutput.write(Data("http://127.0.0.1:\(port)\n".utf8))
try await task.value
