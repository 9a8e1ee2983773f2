public import ArgumentParser
import Foundation
import Harbor
import WordCounter
import WordCounterAdapters

extension CountingMode: ExpressibleByArgument {}

/// `wordcounter count`: counts words without tracking, like `wc -w`.
struct Count: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: "Count the words of files without tracking them, like `wc -w`.",
        discussion: """
            Each file is counted in `markdown` mode if its name ends in .md, .markdown, .mdown or \
            .mkd, and in `words` mode otherwise, unless --mode says. `whitespace` counts exactly \
            like `wc -w`. A file that cannot be counted (binary, unreadable, missing) is reported \
            and the others are still counted; the exit status is then 1. --exclude leaves parts \
            of Markdown uncounted, as `wordcounter config set exclude-…` does for tracked files.

              wordcounter count chapter-*.md
              cat draft.txt | wordcounter count -
              wordcounter count --json --mode whitespace notes.txt
              wordcounter count --exclude comments,footnotes draft.md
            """)

    @Option(help: "words, markdown or whitespace (default: by file extension).")
    var mode: CountingMode?

    @Option(
        help: ArgumentHelp(
            "What Markdown leaves out, comma-separated: comments (%%…%%), deletions ({--…--}), footnotes, quotes.",
            valueName: "parts"))
    var exclude: MarkdownExclusionList = MarkdownExclusionList()

    @Flag(help: "Print {\"files\":[{\"path\":…,\"words\":…}],\"total\":…} instead of a table.")
    var json = false

    @Argument(help: ArgumentHelp("Files to count; - reads standard input.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one file, or - for standard input") }
        if files.contains("") { throw ValidationError("an empty path names no file") }
    }

    func run() async throws {
        var counted: [CountedFile] = []
        let onDisk = files.filter { $0 != "-" }
        // Counting touches no database: the store is an empty one in memory.
        let app = WordCounterApp(
            services: WordCounterServices(
                persistence: Persistence(store: InMemoryStore()), fileSystem: LocalFileSystem()))
        let progress = ProgressBar()
        let drawing = progress.attach(to: app)
        let fromDisk = try await app.run(CountFiles(paths: onDisk, mode: mode, excluding: exclude.exclusions))
        progress.finish()
        withExtendedLifetime(drawing) {}
        var diskResults = fromDisk.makeIterator()
        for file in files {
            if file == "-" {
                counted.append(StandardInput.count(mode: mode ?? .words, excluding: exclude.exclusions))
            } else if let next = diskResults.next() {
                counted.append(next)
            }
        }
        let total = counted.compactMap(\.words).reduce(0, +)
        if json {
            try Terminal.printJSON(CountReport(files: counted, total: total))
        } else {
            let width = max(7, String(total).count + 1)
            for file in counted {
                if let words = file.words {
                    print(
                        String(repeating: " ", count: max(0, width - String(words).count))
                            + "\(words) \(file.path.escapedForTerminal)")
                }
            }
            if counted.count > 1 {
                print(String(repeating: " ", count: max(0, width - String(total).count)) + "\(total) total")
            }
        }
        let failed = counted.filter { $0.words == nil }
        for file in failed {
            Terminal.standardError(
                "wordcounter: \(file.path.escapedForTerminal): \((file.problem ?? "cannot count").escapedForTerminal)")
        }
        if !failed.isEmpty { throw ExitCode(1) }
    }

    /// The JSON shape of `count --json`.
    struct CountReport: Encodable {
        let files: [CountedFile]
        let total: Int
    }
}
