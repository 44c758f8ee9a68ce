import ArgumentParser
import Foundation
import PagegenCore

/// The mistakes of a command line that ArgumentParser's own messages do not name,
/// found before it reads the line: a misspelled subcommand (`pagegen gen`, which it
/// calls "2 unexpected arguments") and a misspelled option (`--ouput`, which it
/// reports as the option it meant being missing). Each gets one line that names the
/// word and the closest one the command has.
public enum CommandLineCheck {
    /// Runs `Root` with the program's command line, after checking the words it
    /// names: a bad one is reported (exit status 64, as ArgumentParser's own errors).
    public static func main<Root: AsyncParsableCommand>(_ root: Root.Type) async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = problem(in: arguments, root: root) {
            FileHandle.standardError.write(Data("error: \(problem)\n".utf8))
            Root.exit(withError: ExitCode.validationFailure)
        }
        await Root.main(arguments)
    }

    /// What is wrong with the subcommand or option names of `arguments` for `root`,
    /// in a sentence, or nil when each is one the command has.
    static func problem(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var words = arguments[...]
        let subcommands = root.configuration.subcommands
        if !subcommands.isEmpty, let first = words.first, !first.hasPrefix("-"), first != "help" {
            let names = subcommands.map { $0._commandName }
            guard let match = subcommands.first(where: { $0._commandName == first || $0.configuration.aliases.contains(first) }) else {
                // A command's start (`gen`) names it as well as a typo does.
                let started = names.filter { $0.hasPrefix(first) }
                let hint =
                    (started.count == 1 ? "did you mean '\(started[0])'?" : Suggestion.didYouMean(first, in: names))
                    ?? "the commands are \(names.joined(separator: ", "))"
                return "'\(first)' is not a command of \(root._commandName); \(hint)"
            }
            command = match
            words = words.dropFirst()
        }
        if command is any TakesAnyArguments.Type { return nil }
        let options = optionNames(of: command)
        for word in words {
            if word == "--" { break }
            guard word.hasPrefix("--") else { continue }
            let name = String(word.prefix { $0 != "=" })
            if options.contains(name) { continue }
            let hint = Suggestion.didYouMean(name, in: options) ?? "'\(command._commandName) --help' lists them"
            return "'\(name)' is not an option of \(command._commandName); \(hint)"
        }
        return nil
    }

    /// The long option and flag names `command` takes (`--output`, `--quiet`), read from
    /// its help, with `--help` and `--version`.
    static func optionNames(of command: any ParsableCommand.Type) -> [String] {
        var names: Set<String> = ["--help", "--version"]
        // The lines of the help that declare arguments start with their names: `  -o, --output <output>`.
        for line in command.helpMessage(includeHidden: true, columns: 1000).split(separator: "\n") {
            let tokens = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" })
            guard tokens.first?.hasPrefix("-") == true else { continue }
            for token in tokens.prefix(while: { $0.hasPrefix("-") || $0.hasPrefix("<") }) where token.hasPrefix("--") {
                names.insert(String(token))
            }
        }
        return names.sorted()
    }
}

/// A command that takes whatever it is given (`pagegen import` in a build without the
/// importer, which answers every form the same): its options are not checked.
public protocol TakesAnyArguments {}
