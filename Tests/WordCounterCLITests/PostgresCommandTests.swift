import Foundation
import HarborTesting
import Testing

@Suite("wordcounter on a PostgreSQL server: --database URL, WORDCOUNTER_DATABASE and its errors")
struct PostgresCommandTests {
    @Test(
        "--database postgres://… tracks, updates and reports on the server; no SQLite file is made",
        .enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
    func onTheServer() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let url = try PostgresTestServer.freshURL(schemaPrefix: "cli_")
        try cli.write("novel/chapter.md", "one two three")
        let track = try await cli.run(["--database", url, "track", "novel"], useDatabase: false)
        #expect(track.status == 0, "\(track.errors)")
        #expect(track.output.contains("Tracking 1 new file (3 words as the baseline)."))
        try cli.write("novel/chapter.md", "one two three four five")
        let update = try await cli.run(["update", "--database", url], useDatabase: false)
        #expect(update.status == 0, "\(update.errors)")

        // The same history through the environment variable.
        let history = try await cli.run(
            ["history", "--days", "1", "--json"], useDatabase: false, environment: ["WORDCOUNTER_DATABASE": url])
        let entries = try #require(try history.json() as? [[String: Any]], "\(history.errors)")
        #expect(entries.first?["words"] as? Int == 2)
        let status = try await cli.run(
            ["status", "--json"], useDatabase: false, environment: ["WORDCOUNTER_DATABASE": url])
        let rows = try #require(try status.json() as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["words"] as? Int == 5)
        #expect(!FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("xdg/wordcounter").path))
        for output in [track, update, history, status] {
            #expect(!output.output.contains(PostgresTestServer.password ?? "\u{0}"))
            #expect(!output.errors.contains(PostgresTestServer.password ?? "\u{0}"))
        }
    }

    @Test(
        "a reading command on a schema never written finds nothing tracked and creates nothing",
        .enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
    func readingAnEmptySchema() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let url = try PostgresTestServer.freshURL(schemaPrefix: "cli_")
        let status = try await cli.run(["status", "--database", url], useDatabase: false)
        #expect(status.status == 0, "\(status.errors)")
        #expect(status.output == "Nothing is tracked yet. Start with: wordcounter track PATH\n")
    }

    @Test("a URL that cannot be read is a usage error that names it without its password")
    func badURL() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let result = try await cli.run(
            ["status", "--database", "postgres://writer:sekret-word@127.0.0.1:5432/words?sslmode=always"],
            useDatabase: false)
        #expect(result.status == 2)
        #expect(result.errors.contains("sslmode must be disable, prefer or require"), "\(result.errors)")
        #expect(result.errors.contains("postgres://writer:***@127.0.0.1:5432/words"))
        #expect(!result.errors.contains("sekret-word"))
    }

    @Test("a server nobody listens for: exit 1, 'cannot be reached', no password")
    func unreachable() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one two")
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        let result = try await cli.run(
            ["track", "novel"], useDatabase: false,
            environment: ["WORDCOUNTER_DATABASE": "postgres://writer@127.0.0.1:1/words", "PGPASSWORD": "sekret-word"])
        #expect(result.status == 1)
        #expect(
            result.errors.hasPrefix("wordcounter: postgres://writer@127.0.0.1:1/words cannot be reached ("),
            "\(result.errors)")
        #expect(result.errors.contains("try again when it is back"))
        #expect(!result.errors.contains("sekret-word"))
    }

    @Test(
        "a wrong password: exit 1, the server's message and where a password goes, never the password",
        .enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
    func wrongPassword() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let url = try PostgresTestServer.freshURL(schemaPrefix: "cli_")
        let password = try #require(PostgresTestServer.password)
        let wrong = url.replacingOccurrences(of: ":" + password + "@", with: ":not-the-password@")
        let result = try await cli.run(["status", "--database", wrong], useDatabase: false)
        #expect(result.status == 1)
        #expect(result.errors.contains("password authentication failed"), "\(result.errors)")
        #expect(result.errors.contains("give the password in the URL, in PGPASSWORD or in ~/.pgpass"))
        #expect(!result.errors.contains("not-the-password"))
        #expect(!result.errors.contains(password))
    }
}
