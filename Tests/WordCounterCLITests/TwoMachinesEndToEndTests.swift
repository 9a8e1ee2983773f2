import Foundation
import HarborTesting
import Testing

/// Two "machines": two folders holding copies of one manuscript, each tracked by the real
/// `wordcounter` with its own machine name, on one PostgreSQL database; the file-sync tool is
/// a copy between the folders.
@Suite(
    "Two machines on one PostgreSQL history (real binary, real server)",
    .enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
struct TwoMachinesEndToEndTests {
    let cli: CLI
    let database: String

    init() throws {
        cli = try CLI()
        database = try PostgresTestServer.freshURL(schemaPrefix: "cli_")
    }

    func run(_ machine: String, _ arguments: String...) async throws -> CLI.Result {
        let result = try await cli.run(
            arguments, useDatabase: false,
            environment: ["WORDCOUNTER_DATABASE": database, "WORDCOUNTER_MACHINE": machine])
        #expect(result.status == 0, "\(machine) \(arguments): \(result.errors)")
        return result
    }

    /// The file-sync tool: `relative` in `to`'s folder becomes a copy of `from`'s.
    func sync(_ relative: String, from: String, to: String) throws {
        let source = cli.folder.appendingPathComponent("\(from)/novel/\(relative)")
        let destination = cli.folder.appendingPathComponent("\(to)/novel/\(relative)")
        try? FileManager.default.removeItem(at: destination)
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: destination)
    }

    @Test("no double count, no lost day, a word written on B after a sync shows once; updates at once")
    func twoMachines() async throws {
        defer { cli.remove() }
        try cli.write("desk/novel/one.md", "one two three")
        try cli.write("desk/novel/two.md", "alpha beta")
        try sync("one.md", from: "desk", to: "laptop")
        try sync("two.md", from: "desk", to: "laptop")
        _ = try await run("desk", "track", "desk/novel")
        _ = try await run("laptop", "track", "laptop/novel")

        // Each writes in another chapter, and both update at the same moment.
        try cli.write("desk/novel/one.md", "one two three four five")
        try cli.write("laptop/novel/two.md", "alpha beta gamma")
        async let deskUpdate = run("desk", "update")
        async let laptopUpdate = run("laptop", "update")
        _ = try await (deskUpdate, laptopUpdate)

        // The sync brings each one's chapter to the other; updating there counts nothing.
        try sync("one.md", from: "desk", to: "laptop")
        try sync("two.md", from: "laptop", to: "desk")
        _ = try await run("desk", "update")
        _ = try await run("laptop", "update")

        // A word written on the laptop after the sync shows once.
        try cli.write("laptop/novel/one.md", "one two three four five six")
        _ = try await run("laptop", "update")
        try sync("one.md", from: "laptop", to: "desk")
        _ = try await run("desk", "update")

        let history = try await run("desk", "history", "--days", "2", "--by", "machine", "--json")
        let days = try #require(try history.json() as? [[String: Any]])
        let today = try #require(days.last)
        #expect(today["words"] as? Int == 4)
        #expect(today["machines"] as? [String: Int] == ["desk": 2, "laptop": 2])
        #expect(days.first?["words"] as? Int == 0)

        let status = try await run("laptop", "status", "--json")
        let rows = try #require(try status.json() as? [[String: Any]])
        #expect(rows.compactMap { $0["path"] as? String }.allSatisfy { $0.contains("/laptop/novel/") })
        #expect(rows.count == 2)
    }
}
