import Foundation
import Testing

@Suite("wordcounter says what it means: no database, bad values, typos, big numbers, help (the real binary)")
struct UsabilityCommandTests {
    @Test("status, history and goal with no database yet say nothing is tracked and create nothing")
    func noDatabase() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let xdg = cli.folder.appendingPathComponent("xdg").path  // where the default database would be
        let status = try await cli.run(["status"], useDatabase: false)
        #expect(status.status == 0, "\(status.errors)")
        #expect(status.output.contains("Nothing is tracked yet"), "\(status.output)")
        #expect(try await cli.run(["history", "--days", "2"], useDatabase: false).status == 0)
        #expect(try await cli.run(["goal"], useDatabase: false).status == 0)
        #expect(!FileManager.default.fileExists(atPath: xdg))

        // A database named on the command line that does not exist is likely mistyped: said, not created.
        let named = try await cli.run("status")
        #expect(named.status == 1)
        #expect(named.errors.contains("\(cli.database): there is no database here"), "\(named.errors)")
        #expect(!FileManager.default.fileExists(atPath: cli.database))
        #expect(!FileManager.default.fileExists(atPath: (cli.database as NSString).deletingLastPathComponent))
    }

    @Test("goal set --daily -5 says the goal must be a positive number")
    func negativeGoal() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let result = try await cli.run("goal", "set", "--daily", "-5")
        #expect(result.status == 2)
        #expect(result.errors.contains("the daily goal must be a positive number of words"), "\(result.errors)")
        #expect(!result.errors.contains("Missing value"), "\(result.errors)")
    }

    @Test(
        "a mistyped subcommand gets a suggestion",
        arguments: [
            (["stauts"], "Did you mean 'status'?"), (["updat"], "Did you mean 'update'?"),
            (["goal", "sett", "--daily", "5"], "Did you mean 'set'?"),
            (["histroy", "--days", "3"], "Did you mean 'history'?"),
        ])
    func suggestion(arguments: [String], expected: String) async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let result = try await cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(expected), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }

    @Test("numbers people read have thousands separators; --json keeps plain numbers")
    func thousands() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/long.md", (1...12_345).map { "w\($0)" }.joined(separator: " "))
        let track = try await cli.run("track", "novel")
        #expect(track.output.contains("(12,345 words as the baseline)"), "\(track.output)")
        let status = try await cli.run("status")
        #expect(status.output.contains("12,345"), "\(status.output)")
        #expect(status.output.contains("1 file, 12,345 words, +0 today"), "\(status.output)")
        #expect(try await cli.run("goal", "set", "--daily", "2500").output == "Daily goal: 2,500 words.\n")
        #expect(try await cli.run("status", "--json").output.contains("12345"))
    }

    @Test("--env fake says where its files are, in --help and when it runs")
    func fakeEnvironment() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let help = try await cli.run("track", "--help")
        #expect(help.output.contains("/fake/novel"), "\(help.output)")
        let result = try await cli.run("--env", "fake", "track", "novel")
        #expect(result.status == 1)
        #expect(result.errors.contains("files only in /fake/novel"), "\(result.errors)")
        let sample = try await cli.run("--env", "fake", "track", "/fake/novel")
        #expect(sample.status == 0, "\(sample.errors)")
    }

    /// `update` builds itself from these options without Argument Parser (a faster start): each
    /// way of giving them must reach the command, and anything else still gets Argument Parser's
    /// answer.
    @Test("update takes --database, --env and --machine as `--name value` or `--name=value`, anywhere")
    func updateOptions() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/one.md", "one two")
        #expect(try await cli.run("--machine", "desk", "track", "novel").status == 0)
        let other = cli.folder.appendingPathComponent("other.sqlite").path
        let cases: [([String], String)] = [
            (["update"], "Checked 1 file"),  // the database of $WORDCOUNTER_DATABASE
            (["update", "--machine", "desk"], "Checked 1 file"),
            (["update", "--machine", "laptop"], "Checked 0 files"),  // it updates only its own files
            (["update", "--machine=laptop"], "Checked 0 files"),
            (["--machine=laptop", "update"], "Checked 0 files"),
            (["update", "--machine", "desk", "--database", other], "Checked 0 files"),
            (["--database=\(other)", "update", "--machine=desk"], "Checked 0 files"),
            (["update", "--env", "fake", "--machine", "desk"], "Checked 0 files"),
        ]
        for (arguments, expected) in cases {
            let result = try await cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(result.output.hasPrefix(expected + ":"), "\(arguments): \(result.output)")
        }
        #expect(FileManager.default.fileExists(atPath: other))
        let refusals: [([String], String)] = [
            (["update", "--env=bogus"], "unknown environment 'bogus'; use one of: production, development, fake"),
            (["update", "--machine"], "Missing value for '--machine <name>'"),
            (["update", "--machine", "my laptop"], "the machine name 'my laptop' cannot be used"),
            (["update", "--database", cli.folder.path], "is a folder; name the database file inside it"),
            (["update", "--machines", "desk"], "Unknown option '--machines'"),
            (["update", "desk"], "Unexpected argument 'desk'"),
        ]
        for (arguments, expected) in refusals {
            let result = try await cli.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output)")
            #expect(result.errors.contains(expected), "\(arguments): \(result.errors)")
        }
    }

    @Test(
        "help reflows its paragraphs at 80 columns: no line cut mid-sentence",
        arguments: [
            "watch", "track", "update", "serve", "count", "history",
        ])
    func helpWraps(command: String) async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let help = try await cli.run([command, "--help"], environment: ["COLUMNS": "80"])
        let lines = help.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // (The usage line is Argument Parser's own, one line whatever its length.)
        for line in lines where !line.hasPrefix("USAGE:") { #expect(line.count <= 80, "too long: \(line)") }
        for (line, next) in zip(lines, lines.dropFirst()) {
            let text = line.trimmingCharacters(in: .whitespaces)
            let following = next.trimmingCharacters(in: .whitespaces)
            // A short line followed by one that carries on the same sentence is a ragged wrap.
            let ragged =
                !text.isEmpty && text.count < 30 && following.first?.isLowercase == true
                && !following.hasPrefix("wordcounter ") && !text.hasSuffix(".") && !text.hasSuffix(":")
            #expect(!ragged, "cut mid-sentence: '\(line)' / '\(next)'")
        }
    }
}
