import ArgumentParser
import Foundation
import Harbor
import WordCounter

/// Runs the command line and maps outcomes to exit codes: 0 success, 1 when a file could not be
/// handled (the others still were), 2 for usage errors.
@main
enum Main {
    static func main() async {
        do {
            // The arguments' own bytes: a file name that is not UTF-8 must reach the file system intact.
            let given = (1..<Int(CommandLine.argc)).compactMap { index in
                CommandLine.unsafeArgv[index].map { PathBytes.string(fromCString: $0) }
            }
            let arguments = GlobalOptions.placedAfterSubcommand(given)
            if let suggestion = CommandSuggestion.message(for: arguments, command: WordCounterCommand.self) {
                Terminal.standardError(suggestion)
                exit(2)
            }
            var command = try parse(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let problems as PathProblems {
            for problem in problems.problems {
                Terminal.standardError(
                    "wordcounter: \(problem.path.escapedForTerminal): \(problem.reason.escapedForTerminal)")
            }
            exit(1)
        } catch let interrupted as CommandInterrupted {
            Terminal.standardError("wordcounter: \(interrupted)")
            exit(interrupted.exitStatus)
        } catch {
            if error is StoreError || error is UpdateInterrupted {
                // Whatever a store says internally (keys, versions), a writer reads what to do.
                Terminal.standardError("wordcounter: " + UserFacingError.describe(error).escapedForTerminal)
                exit(1)
            }
            let code = WordCounterCommand.exitCode(for: error)
            let message = WordCounterCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message.escapedKeepingLines) }
                exit(0)
            }
            // An `ExitCode` thrown by a command has no message: the command already said why.
            if !message.isEmpty {
                Terminal.standardError(escapedError(message, own: WordCounterCommand.message(for: error)))
            }
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// `message` (the error's own message, then usage lines) as the terminal shows it: the usage
    /// keeps its lines, the error's own message is one line, every control character escaped, so
    /// a file name, a database path or a machine name in it cannot forge a line of output.
    static func escapedError(_ message: String, own: String) -> String {
        guard !own.isEmpty, let range = message.range(of: own) else { return message.escapedKeepingLines }
        return String(message[..<range.lowerBound]).escapedKeepingLines + own.escapedForTerminal
            + String(message[range.upperBound...]).escapedKeepingLines
    }

    /// The command `arguments` name. `update`, the command run most (by hand, by editors' hooks, by
    /// schedulers), is built directly from its usual options (``Update/parsedPlainly(_:)``), else
    /// parsed with its own arguments alone when that succeeds: `parseAsRoot` also builds every other
    /// subcommand's arguments, a few milliseconds of a 40 ms update. Anything else, and anything
    /// `update`'s own parse refuses (help, a mistyped option), goes the whole way, so help and errors
    /// read the same.
    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        if arguments.first == "update" {
            let own = Array(arguments.dropFirst())
            if let update = Update.parsedPlainly(own) ?? (try? Update.parse(own)) { return update }
        }
        return try WordCounterCommand.parseAsRoot(arguments)
    }
}
