import Foundation
import Testing

@Suite("wordcounter on a database it may only read (the real binary)")
struct ReadOnlyDatabaseCommandTests {
    @Test(
        "status, history and goal read a database the user may not write; update says why it cannot",
        .enabled(if: CLI.canDenyReads, "running as root without setpriv: root writes everywhere"))
    func readOnlyDatabase() async throws {
        let cli = try CLI(shared: true)
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        let folder = (cli.database as NSString).deletingLastPathComponent
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: cli.database)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }

        let status = try await cli.run(["status"], as: CLI.unprivileged)
        #expect(status.status == 0, "\(status.errors)")
        #expect(status.output.contains("chapter.md"), "\(status.output)")
        let history = try await cli.run(["history", "--days", "2"], as: CLI.unprivileged)
        #expect(history.status == 0, "\(history.errors)")
        #expect(try await cli.run(["goal"], as: CLI.unprivileged).status == 0)

        let update = try await cli.run(["update"], as: CLI.unprivileged)
        #expect(update.status == 1)
        #expect(update.errors.contains("cannot write here"), "\(update.errors)")
    }
}
