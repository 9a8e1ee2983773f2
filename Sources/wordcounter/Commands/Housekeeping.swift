import ArgumentParser
import Foundation
import WordCounter

/// `wordcounter missing`: the tracked files that are gone, with what `relocate` and `forget` need.
struct Missing: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "missing",
        abstract: "List the tracked files that are missing, with their IDs and when they were last counted.",
        discussion: """
            A file goes missing when `update` or `watch` finds it gone and cannot find where it \
            moved. It keeps its history. If you find it elsewhere, point Word Counter at it; if \
            it is gone for good, forget it (or untrack it to keep what it contributed).

              wordcounter missing
              wordcounter relocate 3f2a ~/novel/drafts/chapter-07.md
              wordcounter forget 3f2a
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Print [{\"id\":…,\"path\":…,\"words\":…,\"lastCounted\":…}].") var json = false

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(readingOnly: true, in: scope)
        let missing = try await app.run(ShowMissingFiles())
        if json {
            try Terminal.printJSON(missing)
            return
        }
        if missing.isEmpty {
            print("No tracked file is missing.")
            return
        }
        let rows = missing.map { file in
            [
                String(file.id.suffix(8)), file.words.map(\.grouped) ?? "-",
                file.lastCounted.map { Day($0, calendar: .current).rawValue } ?? "-", file.path.escapedForTerminal,
            ]
        }
        print(TextTable(header: ["ID", "WORDS", "LAST COUNTED", "PATH"], rows: rows, rightAligned: [1]).text)
        print("Found one elsewhere? wordcounter relocate ID PATH. Gone for good? wordcounter forget ID.")
    }
}

/// `wordcounter relocate ID PATH`: a file found by hand elsewhere keeps its history.
struct Relocate: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "relocate",
        abstract: "Tell Word Counter where a tracked file is now; it keeps its history and is counted at once.",
        discussion: """
            ID is the file's ID from `wordcounter missing` (its last eight characters) or `status --json`: \
            four or more of its last (or first) characters are enough. Words it gained while away count as today's writing.

              wordcounter relocate 3f2a ~/novel/drafts/chapter-07.md
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The file's ID, or its last (or first) characters.", valueName: "id"))
    var id: String
    @Argument(help: ArgumentHelp("Where the file is now.", valueName: "path")) var path: String

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(in: scope)
        let file = try await app.run(RelocateFile(id: id, path: path))
        print(
            "\(file.path.escapedForTerminal): \(file.words.map { "\($0.grouped) words" } ?? "counted"), history kept.")
    }
}

/// `wordcounter forget ID`: drops a file and its history, after asking.
struct Forget: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Drop a tracked file and every day of its history, as if it had never been tracked.",
        discussion: """
            This changes past days' totals. To stop counting a file but keep what it \
            contributed, use `wordcounter untrack`. Asks first; --yes skips the question (needed \
            when standard input is not a terminal).

              wordcounter forget 3f2a
              wordcounter forget 3f2a --yes
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The file's ID, or its last (or first) characters.", valueName: "id"))
    var id: String
    @Flag(help: "Do not ask.") var yes = false

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(in: scope)
        if !yes {
            let (file, days) = try await app.run(ForgetFile(id: id, preview: true))
            let what =
                "\(file.path.escapedForTerminal) and \(days.grouped) \(days == 1 ? "day" : "days") of its history"
            guard isatty(STDIN_FILENO) == 1 else {
                // No one to ask: say what would go, and how to confirm it.
                Terminal.standardError(
                    "wordcounter: forget would drop \(what)"
                        + (file.words.map { " (\($0.grouped) words)" } ?? "")
                        + ", for good; add --yes to confirm without a terminal")
                throw ExitCode.validationFailure
            }
            FileHandle.standardError.write(Data("Forget \(what)? [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                print("Nothing forgotten.")
                return
            }
        }
        let (file, days) = try await app.run(ForgetFile(id: id))
        print(
            "Forgot \(file.path.escapedForTerminal) and \(days.grouped) \(days == 1 ? "day" : "days") of its history.")
    }
}
