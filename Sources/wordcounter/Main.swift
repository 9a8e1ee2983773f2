import ArgumentParser
import Foundation
import WordCounter

/// Runs the command line and maps outcomes to exit codes: 0 success, 1 when a file could not be
/// handled (the others still were), 2 for usage errors.
@main
enum Main {
    static func main() async {
        do {
            let arguments = GlobalOptions.placedAfterSubcommand(Array(CommandLine.arguments.dropFirst()))
            var command = try WordCounterCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let problems as PathProblems {
            for problem in problems.problems {
                Terminal.standardError("wordcounter: \(problem.path): \(problem.reason)")
            }
            exit(1)
        } catch {
            let code = WordCounterCommand.exitCode(for: error)
            let message = WordCounterCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                exit(0)
            }
            // An `ExitCode` thrown by a command has no message: the command already said why.
            if !message.isEmpty { Terminal.standardError(message) }
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
