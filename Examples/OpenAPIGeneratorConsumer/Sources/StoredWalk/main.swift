// StoredWalk DATABASE BASEURL
//
// Walks the tracks of an album through SpotifyDefensive's generated client, as the named
// walk `…Items(input, storingIn:).resuming(walk: "import")` kept in the PagegenStore at
// DATABASE, from the server at BASEURL; writes `handled ID` as it handles each track, then
// `done`. A test kills it with SIGKILL and starts it again, to see that the walk goes on
// where it was.

import Foundation
import OpenAPIURLSession
import PagegenOpenAPIRuntime
import PagegenRuntime
import PagegenStore
import SpotifyDefensive

let arguments = CommandLine.arguments
guard arguments.count == 3, let baseURL = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: StoredWalk DATABASE BASEURL\n".utf8))
    exit(2)
}
let store = try PagegenStore(at: URL(fileURLWithPath: arguments[1]))
let client = Client(serverURL: baseURL, transport: URLSessionTransport(), middlewares: [PagingResponseMiddleware()])
let input = Operations.get_hyphen_an_hyphen_albums_hyphen_tracks.Input(
    path: .init(id: "4aawyAB9vmqN3uQ7FjRGTy"), query: .init(limit: 10))
let configuration = StoreConfiguration(store: store, account: "walker")
for try await track in client.get_hyphen_an_hyphen_albums_hyphen_tracksItems(input, storingIn: configuration).resuming(walk: "import") {
    FileHandle.standardOutput.write(Data("handled \(track.id ?? "")\n".utf8))
}
FileHandle.standardOutput.write(Data("done\n".utf8))
