import ArgumentParser
import Foundation
import PagegenCore

/// `pagegen init NAME [--style all|page|cursor|offset|link]`
public struct Init: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Write a commented starter spec to edit.",
        discussion: """
            Writes <name>.pagegen.yaml: a spec that lints, generates and compiles as it is, \
            with a comment on every block and the section of the spec reference to read. \
            By default it holds a list of each common paging style (page numbers with a \
            total, a cursor in the body, an offset and a limit) and a POST with a JSON \
            body; --style writes one list of one style. An existing file is never \
            overwritten.
            """
    )

    @Argument(help: "The API's name, such as Shop (letters and digits).")
    var name: String

    @Option(name: [.short, .long], help: "The folder to write the spec into.")
    var output = "."

    @Option(help: "Which lists the starter holds: all, page, cursor, offset or link.")
    var style: StarterSpec.Style = .all

    /// Creates the command; ArgumentParser fills in its arguments.
    public init() {}

    public func validate() throws {
        if let problem = StarterSpec.problem(withName: name) { throw ValidationError(problem) }
    }

    public func run() async throws {
        let starter = StarterSpec(name: name, style: style)
        let path = output == "." ? starter.fileName : (output.hasSuffix("/") ? output : output + "/") + starter.fileName
        guard !FileManager.default.fileExists(atPath: path) else {
            throw reportFailure("\(path) already exists; pagegen init does not overwrite a spec (remove it, or pass another name)")
        }
        do {
            try FileSystemError.attempt(.createFolder, path: output) {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            }
            try FileSystemError.attempt(.write, path: path) {
                try Data(starter.text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            }
        } catch {
            throw reportFailure(error.description)
        }
        print("wrote \(path); check it with: pagegen lint \(path)")
    }
}

extension StarterSpec.Style: ExpressibleByArgument {}
