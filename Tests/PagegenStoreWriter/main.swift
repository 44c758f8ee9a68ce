// Two jobs for tests that kill a process with SIGKILL and look at what it left:
//
// pagegen-store-writer DATABASE [PAGES]
//   Writes pages into a page store as fast as it can and writes `committed N` to
//   standard output (unbuffered) after each write returns, so that a test can kill it
//   at any point and check that every page it announced is in the store, whole.
//
// pagegen-store-writer walk DATABASE BASEURL NAME
//   Walks the catalog's products of category 3, ten a page, as the named walk
//   `allProducts(…).resuming(walk: NAME)` kept in the store, from the catalog served at
//   BASEURL, and writes `handled ID` as it handles each product, then `done`: a test
//   kills it and starts it again to see that the walk goes on where it was.
//   Generated/ holds the catalog's client as pagegen writes it from
//   specs/catalog.pagegen.yaml.

import Foundation
import PagegenRuntime
import PagegenStore

let arguments = CommandLine.arguments
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

if arguments.count == 5, arguments[1] == "walk", let baseURL = URL(string: arguments[3]) {
    let store = try PagegenStore(at: URL(fileURLWithPath: arguments[2]))
    let client = CatalogAPI.Client(baseURL: baseURL, token: "walker-token").storing(
        in: StoreConfiguration(store: store, account: "walker"))
    for try await product in client.allProducts(categoryID: "3", pageSize: 10).resuming(walk: arguments[4]) {
        say("handled \(product.id)")
    }
    say("done")
} else if arguments.count == 2 || arguments.count == 3, arguments[1] != "walk" {
    let pages = arguments.count >= 3 ? Int(arguments[2]) ?? 100_000 : 100_000
    let store = try PagegenStore(at: URL(fileURLWithPath: arguments[1]))
    let list = StoredListID(account: "writer", endpoint: "items", request: "GET http://127.0.0.1/items")
    for number in 0..<pages {
        try await store.write(StoreWriterPage.page(number), of: list)
        say("committed \(number)")
    }
} else {
    FileHandle.standardError.write(
        Data("usage: pagegen-store-writer DATABASE [PAGES] | pagegen-store-writer walk DATABASE BASEURL NAME\n".utf8))
    exit(2)
}
