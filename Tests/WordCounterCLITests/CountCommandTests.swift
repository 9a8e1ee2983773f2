import Foundation
import Testing

@Suite("wordcounter count")
struct CountCommandTests {
    @Test("counts files like wc -w, with a total, and chooses the mode by extension")
    func table() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("a.txt", "one two three")
        try cli.write("b.md", "# Title\n\n```\ncode is not counted\n```\nfour **five**")
        let result = try await cli.run("count", "a.txt", "b.md")
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["3 a.txt", "3 b.md", "6 total"])
    }

    @Test("--json gives files and a total; - reads standard input")
    func json() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("a.txt", "paused—then went on")
        let result = try await cli.run("count", "--json", "a.txt", "-", input: "日本語 and more")
        #expect(result.status == 0)
        let object = try #require(try result.json() as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["a.txt", "-"])
        #expect(files.map { $0["words"] as? Int } == [4, 5])
        #expect(object["total"] as? Int == 9)
    }

    @Test("whitespace mode counts exactly like wc -w")
    func whitespace() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("a.md", "# paused—then *wait*...what\tnext\n")
        let result = try await cli.run("count", "--mode", "whitespace", "a.md")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "4 a.md")
    }

    @Test("a binary or missing file is reported, the others counted, exit status 1")
    func badFiles() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("good.txt", "fine words here")
        try Data([0x41, 0x00, 0x42]).write(to: cli.folder.appendingPathComponent("image.txt"))
        let result = try await cli.run("count", "good.txt", "image.txt", "gone.txt")
        #expect(result.status == 1)
        #expect(result.output.contains("3 good.txt"))
        #expect(result.errors == "wordcounter: image.txt: binary\nwordcounter: gone.txt: not found\n")
    }

    @Test("usage errors exit with status 2, say what is wrong, and change nothing")
    func usage() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let unknown = try await cli.run("count", "--mode", "letters", "a.txt")
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("letters"))
        for arguments in [
            ["count"], ["history", "--days", "0"], ["history", "--days", "many"], ["history", "--by", "year"],
            ["export", "--format", "xml"], ["goal", "set", "--daily", "0"], ["goal", "set"], ["track"], ["untrack"],
            ["status", "--env", "staging"], ["frobnicate"], ["status", "--verbose"], ["track", ""], ["count", ""],
            ["untrack", "a.md", ""],
        ] {
            let result = try await cli.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.hasPrefix("Error: "), "\(arguments): \(result.errors)")
            #expect(result.output.isEmpty, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }

    @Test("no --help shows a default as a type's dump (count --exclude's is 'none')")
    func readableDefaults() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let count = try await cli.run("count", "--help")
        #expect(count.output.contains("default: none"), "\(count.output)")
        let commands = [
            "count", "track", "untrack", "update", "watch", "serve", "status", "history", "goal", "missing",
            "relocate", "forget", "config", "export", "copy",
        ]
        for command in commands {
            let help = try await cli.run(command, "--help")
            // Joined, since the terminal width may break a dump anywhere.
            let text = help.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                separator: " ")
            #expect(!text.contains("rawValue"), "\(command): \(help.output)")
            #expect(text.range(of: #"default: [A-Z][A-Za-z]+\("#, options: .regularExpression) == nil, "\(command)")
        }
    }

    @Test("every command's --help has an abstract, its options with help, and exits 0")
    func everyHelp() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let commands: [[String]: [String]] = [
            ["count"]: ["--mode", "--json", "wc -w", "wordcounter count -"],
            ["track"]: ["--include", "--exclude", "--database", "--env", "baseline"],
            ["untrack"]: ["history stays"],
            ["update"]: ["atomic save", "missing", "status 1"],
            ["status"]: ["--json", "missing", "unreadable"],
            ["history"]: [
                "--days <n>", "--by <day|week|month|machine>", "--json", "Monday", "wordcounter history --days",
            ],
            ["goal"]: ["set", "wordcounter goal set --daily 1000"],
            ["goal", "set"]: ["--daily <words>"],
            ["goal", "show"]: ["--json"],
            ["export"]: ["--format", "csv", "json"],
            ["copy"]: ["--to <url|path>", "--force", "postgres://"],
        ]
        for (command, phrases) in commands {
            let result = try await cli.run(command + ["--help"])
            #expect(result.status == 0, "\(command)")
            #expect(result.output.hasPrefix("OVERVIEW: "), "\(command)")
            for phrase in phrases { #expect(result.output.contains(phrase), "\(command) help lacks \(phrase)") }
            // Prose is wrapped by the terminal width, not broken mid-sentence by the source.
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !line.hasPrefix(" ") {
                #expect(!(line.count < 40 && !next.isEmpty && !next.hasPrefix(" ")), "\(command): short line '\(line)'")
            }
        }
    }

    @Test("--help teaches: abstract, examples, every subcommand")
    func help() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let result = try await cli.run("--help")
        #expect(result.status == 0)
        for word in [
            "track", "untrack", "update", "status", "history", "goal", "export", "count", "wordcounter track ~/novel",
        ] {
            #expect(result.output.contains(word), "help lacks \(word)")
        }
        let track = try await cli.run("track", "--help")
        #expect(track.output.contains("--exclude"))
        #expect(track.output.contains("baseline"))
    }

    @Test("--exclude leaves parts of Markdown uncounted, on files and standard input; a wrong name is refused")
    func exclude() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("a.md", "one %%two%% three[^1] {--four--}\n\n> five\n\n[^1]: six\n")
        let all = try await cli.run(
            "count", "--exclude", "comments,deletions,footnotes,quotes", "a.md", "-", input: "a %%b%%")
        #expect(all.status == 0)
        #expect(all.output.contains("2 a.md"))
        let piped = try await cli.run("count", "--mode", "markdown", "--exclude", "all", "-", input: "a %%b%%")
        #expect(piped.output.contains("1 -"))
        // Without exclusions: `[^1]: six` is a reference definition to CommonMark, which shows nothing.
        #expect(try await cli.run("count", "a.md").output.contains("5 a.md"))
        let wrong = try await cli.run("count", "--exclude", "comments,emphasis", "a.md")
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("quotes"))
    }
}
