// Writes pages into a page store as fast as it can and writes `committed N` to
// standard output (unbuffered) after each write returns, so that a test can kill it with SIGKILL at any
// point and check that every page it announced is in the store, whole.
//
// pagegen-store-writer DATABASE [PAGES]

import Foundation
import PagegenRuntime
import PagegenStore

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: pagegen-store-writer DATABASE [PAGES]\n".utf8))
    exit(2)
}
let pages = arguments.count >= 3 ? Int(arguments[2]) ?? 100_000 : 100_000
let store = try PagegenStore(at: URL(fileURLWithPath: arguments[1]))
let list = StoredListID(account: "writer", endpoint: "items", request: "GET http://127.0.0.1/items")
for number in 0..<pages {
    try await store.write(StoreWriterPage.page(number), of: list)
    FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
}
