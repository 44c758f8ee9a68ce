import ArgumentParser
import Foundation

/// `pagegen init NAME`
public struct Init: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Write a starter spec to edit.",
        discussion: "Writes <name>.pagegen.yaml with one model and one page-number paged endpoint."
    )

    @Argument(help: "The API's name, such as Catalog.")
    var name: String

    @Option(name: [.short, .long], help: "The folder to write the spec into.")
    var output = "."

    /// Creates the command; ArgumentParser fills in its arguments.
    public init() {}

    public func run() async throws {
        let file = URL(fileURLWithPath: output).appendingPathComponent("\(name.lowercased()).pagegen.yaml")
        guard !FileManager.default.fileExists(atPath: file.path) else {
            throw ValidationError("\(file.path) already exists; pagegen init does not overwrite a spec")
        }
        let text = """
            pagegen: 1
            name: \(name)
            baseURL: https://api.example.com/v1

            models:
              Item:
                id: Int
                name: String
                created_at: Date?
              ItemPage:
                items: [Item]
                total: Int

            endpoints:
              items:
                get: /items
                returns: ItemPage
                paging:
                  page: { param: page, first: 1 }
                  size: { param: per_page, default: 30, max: 100 }
                  items: items
                  total: total

            """
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        print("wrote \(file.path); check it with: pagegen lint \(file.path)")
    }
}
