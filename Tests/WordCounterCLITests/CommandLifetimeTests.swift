import Foundation
import HarborTesting
import Testing

/// How a command's stores end with it: a PostgreSQL store runs in the command's own service scope
/// and stops when the command does, whether it finished, was stopped or was interrupted.
@Suite("A command's lifetime: stores stopped with it, SIGINT and SIGTERM")
struct CommandLifetimeTests {
    @Test("SIGINT while a command waits on its database: cancelled, 'interrupted', exit 130")
    func interruptedWhileWaiting() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let server = try SilentServer()
        let status = try RunningCommand(
            cli, ["status", "--database", "postgres://writer@127.0.0.1:\(server.port)/words?sslmode=disable"])
        try await status.wait(for: "the command to connect") { server.acceptOne() }
        #expect(try await status.stop(with: SIGINT) == 130)
        #expect(status.errors == "wordcounter: interrupted\n", "\(status.errors)")
    }

    @Test(
        "serve and watch on a PostgreSQL server stop on SIGTERM and SIGINT with status 0",
        .enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
    func longRunningOnTheServer() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let url = try PostgresTestServer.freshURL(schemaPrefix: "cli_")
        try cli.write("novel/chapter.md", "one two three")
        let track = try await cli.run(["--database", url, "track", "novel"], useDatabase: false)
        #expect(track.status == 0, "\(track.errors)")

        let serve = try RunningCommand(cli, ["serve", "--database", url, "--port", "0"])
        try await serve.wait(for: "the announcement") { serve.output.contains("Press Ctrl-C to stop.") }
        #expect(try await serve.stop(with: SIGTERM) == 0, "\(serve.errors)")

        let watch = try RunningCommand(cli, ["watch", "--database", url, "--verbose"])
        try await watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        try cli.write("novel/chapter.md", "one two three four")
        try await watch.wait(for: "the new count") { watch.output.contains("chapter.md: 4 words (+1)") }
        #expect(try await watch.stop(with: SIGINT) == 0, "\(watch.errors)")

        // What watch stored is there: its store's last commit was not cut off by the shutdown.
        let status = try await cli.run(["status", "--json", "--database", url], useDatabase: false)
        let rows = try #require(try status.json() as? [[String: Any]], "\(status.errors)")
        #expect(rows.first?["words"] as? Int == 4)
    }

    @Test(
        "copy to and from a PostgreSQL server: both stores stopped when it ends, exit 0",
        .enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
    func copyBothWays() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let url = try PostgresTestServer.freshURL(schemaPrefix: "cli_")
        try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        let toServer = try await cli.run("copy", "--to", url)
        #expect(toServer.status == 0, "\(toServer.errors)")
        let back = cli.folder.appendingPathComponent("back.sqlite").path
        let fromServer = try await cli.run(["--database", url, "copy", "--to", back], useDatabase: false)
        #expect(fromServer.status == 0, "\(fromServer.errors)")
        let status = try await cli.run(["status", "--json", "--database", back], useDatabase: false)
        let rows = try #require(try status.json() as? [[String: Any]], "\(status.errors)")
        #expect(rows.first?["words"] as? Int == 3)
    }
}
