import Foundation
import HarborTesting
import Testing

@Suite("wordcounter copy: the whole history into another database, checked by counts")
struct CopyCommandTests {
    /// Tracks a folder of two files and writes in one: files, roots, a day's record, settings.
    private func someHistory(_ cli: CLI, arguments: [String] = []) async throws {
        try cli.write("novel/one.md", "one two three")
        try cli.write("novel/two.md", "four five")
        let track = try await cli.run(arguments + ["track", "novel"], useDatabase: arguments.isEmpty)
        #expect(track.status == 0, "\(track.errors)")
        try cli.write("novel/one.md", "one two three and four more words")
        let update = try await cli.run(arguments + ["update"], useDatabase: arguments.isEmpty)
        #expect(update.status == 0, "\(update.errors)")
    }

    private func history(_ cli: CLI, database: String) async throws -> [[String: Any]] {
        let result = try await cli.run(
            ["history", "--days", "2", "--json", "--database", database], useDatabase: false)
        return try #require(try result.json() as? [[String: Any]], "\(result.errors)")
    }

    @Test("SQLite to a new SQLite file: every collection counted, the same history there; a second copy is refused")
    func toSQLite() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try await someHistory(cli)
        let target = cli.folder.appendingPathComponent("copy/words.sqlite").path
        let copy = try await cli.run("copy", "--to", target)
        #expect(copy.status == 0, "\(copy.errors)")
        #expect(copy.output.contains("files"))
        let lines = copy.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.contains(["files", "2"]))
        #expect(lines.contains(["roots", "1"]))
        #expect(lines.contains(["daily_counts", "1"]))
        #expect(copy.errors.contains("copying files: 2 of 2"))
        #expect(try await history(cli, database: target).last?["words"] as? Int == 4)
        let status = try await cli.run(["status", "--json", "--database", target], useDatabase: false)
        #expect((try status.json() as? [[String: Any]])?.count == 2)

        let again = try await cli.run("copy", "--to", target)
        #expect(again.status == 1)
        #expect(again.errors.contains("the target already holds a history (1 roots, 2 files"), "\(again.errors)")
        #expect(again.errors.contains("--force"))
        let forced = try await cli.run("copy", "--to", target, "--force")
        #expect(forced.status == 0, "\(forced.errors)")
        #expect(try await history(cli, database: target).last?["words"] as? Int == 4)
    }

    @Test("copying a database onto itself is a usage error")
    func ontoItself() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let result = try await cli.run("copy", "--to", cli.database)
        #expect(result.status == 2)
        #expect(result.errors.contains("--to names the database in use"))
    }

    @Test(
        "SQLite to PostgreSQL and back to a SQLite file: the same history at every step",
        .enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
    func roundTrip() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try await someHistory(cli)
        let server = try PostgresTestServer.freshURL(schemaPrefix: "cli_")
        let up = try await cli.run("copy", "--to", server)
        #expect(up.status == 0, "\(up.errors)")
        #expect(!up.output.contains(PostgresTestServer.password ?? "\u{0}"))
        #expect(try await history(cli, database: server).last?["words"] as? Int == 4)
        let back = cli.folder.appendingPathComponent("back.sqlite").path
        let down = try await cli.run(["copy", "--to", back, "--database", server], useDatabase: false)
        #expect(down.status == 0, "\(down.errors)")
        #expect(down.output == up.output.replacingOccurrences(of: PostgresTestServer.described(server), with: back))
        #expect(try await history(cli, database: back).last?["words"] as? Int == 4)
    }
}
