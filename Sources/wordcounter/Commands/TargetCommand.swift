import ArgumentParser
import WordCounter

/// `wordcounter target`: a target in words for a chapter (one tracked file), and each file's
/// progress toward its target.
struct TargetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "target",
        abstract: "Give a chapter (a tracked file) a target in words, and see each file's progress toward it.",
        discussion: """
            A target belongs to the file: it follows it when it is renamed or moved, as its history \
            does. `status` shows each file's progress in a TARGET column once any file has one, \
            and the dashboard beside the file; a file whose words reach its target is met.

              wordcounter target set novel/chapter-1.md 3000
              wordcounter target
              wordcounter target remove novel/chapter-1.md
            """,
        subcommands: [List.self, SetTarget.self, Remove.self],
        defaultSubcommand: List.self)

    /// `78% of 3,000`, or `met: 3,012 of 3,000`.
    static func progress(_ row: FileStatusRow) -> String {
        guard let target = row.target else { return "" }
        if row.targetMet == true { return "met (\(target.grouped))" }
        let percent = Int(((row.targetFraction ?? 0) * 100).rounded(.down))
        return "\(percent)% of \(target.grouped)"
    }

    struct List: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Show every file with a target: its words, the target, and whether it is met.")
        @OptionGroup var options: GlobalOptions
        @Flag(help: "Print the rows of `status --json` that have a \"target\".")
        var json = false

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(readingOnly: true, in: scope)
            let rows = try await app.run(ShowStatus()).filter { $0.target != nil }
            if json {
                try Terminal.printJSON(rows)
                return
            }
            guard !rows.isEmpty else {
                print("No file has a target yet. Give one with: wordcounter target set FILE WORDS")
                return
            }
            let table = rows.map { row in
                [row.words.map(\.grouped) ?? "-", (row.target ?? 0).grouped, TargetCommand.progress(row), row.path]
            }
            TextTable(header: ["WORDS", "TARGET", "PROGRESS", "PATH"], rows: table, rightAligned: [0, 1]).print()
            let met = rows.count { $0.targetMet == true }
            print("\(met.grouped) of \(rows.count.grouped) \(rows.count == 1 ? "target" : "targets") met")
        }
    }

    struct SetTarget: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Give a tracked file a target in words (or a new one).")
        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp("The tracked file.", valueName: "file"))
        var file: String
        @Argument(help: ArgumentHelp("The target, at least 1 word.", valueName: "words"))
        var words: String

        func validate() throws {
            guard let value = Int(words), value > 0 else {
                throw ValidationError("give the target as a positive number of words, such as 3000 (not '\(words)')")
            }
        }

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(in: scope)
            let value = Int(words) ?? 0
            try await app.run(SetFileTarget(path: file, words: value))
            print("Target of \(app.services.fileSystem.absolutePath(file).escapedForTerminal): \(value.grouped) words.")
        }
    }

    struct Remove: ScopedCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a file's target.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp("The tracked file.", valueName: "file"))
        var file: String

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(in: scope)
            try await app.run(SetFileTarget(path: file, words: nil))
            print("No target for \(app.services.fileSystem.absolutePath(file).escapedForTerminal) any more.")
        }
    }
}
