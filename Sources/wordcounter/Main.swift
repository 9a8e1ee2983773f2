import ArgumentParser
import Foundation
import WordCounter

/// Runs the command line and maps outcomes to exit codes: 0 success, 1 when a file could not be
/// handled (the others still were), 2 for usage errors.
@main
enum Main {
    static func main() async {
        do {
            var command = try WordCounterCommand.parseAsRoot()
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
        } catch let failure as FilesNotHandled {
            Terminal.standardError("wordcounter: \(failure)")
            exit(1)
        } catch {
            let code = WordCounterCommand.exitCode(for: error)
            let message = WordCounterCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                exit(0)
            }
            Terminal.standardError(message.isEmpty ? "wordcounter: \(error)" : message)
            exit(code == .validationFailure ? 2 : 1)
        }
    }
}

/// Some files could not be handled; the message says how many. The exit code is 1.
struct FilesNotHandled: Error, CustomStringConvertible {
    let count: Int
    var description: String { count == 1 ? "1 file could not be handled" : "\(count) files could not be handled" }
}
