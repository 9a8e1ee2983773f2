import Foundation
import Testing

@Suite("wordcounter missing, relocate and forget (on SQLite and real files)")
struct HousekeepingCommandTests {
    @Test("a missing file is listed, relocated with its history, then forgotten with --yes")
    func missingRelocateForget() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter.md", "one two three")
        try cli.write("novel/notes.md", "a b")
        #expect(try await cli.run("track", "novel").status == 0)
        try FileManager.default.createDirectory(
            at: cli.folder.appendingPathComponent("attic"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: chapter, toPath: cli.folder.appendingPathComponent("attic/chapter.md").path)
        #expect(try await cli.run("update").status == 0)

        let missing = try #require(try await cli.run("missing", "--json").json() as? [[String: Any]])
        #expect(missing.count == 1)
        #expect(missing.first?["path"] as? String == chapter)
        let id = try #require(missing.first?["id"] as? String)
        let table = try await cli.run("missing")
        // Identifiers are time-ordered: both files, tracked together, share their first characters,
        // so `missing` shows the last ones, and they name the file.
        #expect(table.output.contains(String(id.suffix(8))))
        let both = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        let ids = both.compactMap { $0["id"] as? String }
        #expect(ids.count == 2 && ids[0].prefix(6) == ids[1].prefix(6), "\(ids)")
        #expect(try await cli.run("relocate", String(id.prefix(6)), "attic/chapter.md").errors.contains("type more"))

        try cli.write("attic/chapter.md", "one two three four five")
        let relocated = try await cli.run("relocate", String(id.suffix(6)), "attic/chapter.md")
        #expect(relocated.status == 0, "\(relocated.errors)")
        #expect(relocated.output.contains("5 words, history kept"))
        #expect(try await cli.run("missing").output.contains("No tracked file is missing."))
        let history = try #require(try await cli.run("history", "--days", "1", "--json").json() as? [[String: Any]])
        #expect(history.first?["words"] as? Int == 2)

        let unconfirmed = try await cli.run("forget", id)
        #expect(unconfirmed.status == 2)
        #expect(unconfirmed.errors.contains("add --yes"))
        // What it would drop, not a generic usage line.
        #expect(
            unconfirmed.errors.contains(
                "forget would drop \(cli.folder.path)/attic/chapter.md and 1 day of its history"),
            "\(unconfirmed.errors)")
        #expect(!unconfirmed.errors.contains("Usage:"))
        let forget = try await cli.run("forget", id, "--yes")
        #expect(forget.status == 0, "\(forget.errors)")
        #expect(forget.output.contains("and 1 day of its history"))
        let after = try #require(try await cli.run("history", "--days", "1", "--json").json() as? [[String: Any]])
        #expect(after.first?["words"] as? Int == 0)
        let unknown = try await cli.run("relocate", "zzzzzz", "attic/chapter.md")
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("no tracked file has the ID 'zzzzzz'"))
    }
}
