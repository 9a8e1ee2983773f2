import Foundation
import Testing

@Suite("One file is one document, whatever names point at it (the real binary, real links)")
struct FileIdentityCommandTests {
    /// Appends `text` to the file at `path` (through whatever name `path` is).
    static func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    static func paths(_ cli: CLI) async throws -> [String] {
        let rows = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        return rows.compactMap { $0["path"] as? String }.sorted()
    }

    @Test("a hard link and a symbolic link in a tracked folder are not second files: 2 words written count 2")
    func linksCountOnce() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/a.md", "one two three")
        let hardLink = cli.folder.appendingPathComponent("novel/b.md").path
        let symbolicLink = cli.folder.appendingPathComponent("novel/c.md").path
        #expect(link(chapter, hardLink) == 0)
        try FileManager.default.createSymbolicLink(atPath: symbolicLink, withDestinationPath: chapter)

        let track = try await cli.run("track", "novel")
        #expect(track.status == 0, "\(track.errors)")
        #expect(track.output.contains("Tracking 1 new file (3 words"), "\(track.output)")
        #expect(track.output.contains("skipped: \(hardLink) is another name of \(chapter)"), "\(track.output)")
        #expect(track.output.contains("skipped: \(symbolicLink) is another name of \(chapter)"), "\(track.output)")
        #expect(try await Self.paths(cli) == [chapter])

        try Self.append(" four five", to: hardLink)
        let update = try await cli.run("update")
        #expect(update.status == 0, "\(update.errors)")
        #expect(update.output.contains("1 changed, 0 moved, 0 missing, 0 unreadable, 0 new"), "\(update.output)")
        #expect(try await Self.paths(cli) == [chapter])
        let today = try #require(try await cli.run("history", "--days", "1", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 2)
    }

    @Test("'same file' is said once, when first found, not on every update; said again for a link made again")
    func aliasSaidOnce() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/a.md", "one two three")
        let symbolic = cli.folder.appendingPathComponent("novel/b.md").path
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: chapter)
        let track = try await cli.run("track", "novel")
        #expect(track.output.contains("skipped: \(symbolic) is another name of \(chapter)"), "\(track.output)")
        for _ in 0..<2 {
            let update = try await cli.run("update")
            #expect(update.status == 0, "\(update.errors)")
            #expect(!update.output.contains("same file"), "\(update.output)")
        }
        let hardLink = cli.folder.appendingPathComponent("novel/c.md").path
        #expect(link(chapter, hardLink) == 0)
        let found = try await cli.run("update")
        #expect(found.output.contains("same file: \(hardLink) is \(chapter), counted once"), "\(found.output)")
        #expect(!found.output.contains("same file: \(symbolic)"), "\(found.output)")
        #expect(!(try await cli.run("update")).output.contains("same file"))

        try FileManager.default.removeItem(atPath: symbolic)
        #expect(try await cli.run("update").status == 0)
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: chapter)
        let again = try await cli.run("update")
        #expect(again.output.contains("same file: \(symbolic) is \(chapter), counted once"), "\(again.output)")
    }

    @Test("a link made after tracking is found by update and skipped, and tracking it by name skips it too")
    func linkMadeLater() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/a.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        let hardLink = cli.folder.appendingPathComponent("novel/later.md").path
        #expect(link(chapter, hardLink) == 0)
        let update = try await cli.run("update")
        #expect(update.status == 0, "\(update.errors)")
        #expect(update.output.contains("same file: \(hardLink) is \(chapter)"), "\(update.output)")
        #expect(update.output.contains("0 new"), "\(update.output)")

        let outside = cli.folder.appendingPathComponent("elsewhere.md").path
        try FileManager.default.createSymbolicLink(atPath: outside, withDestinationPath: chapter)
        let track = try await cli.run("track", outside)
        #expect(track.status == 0, "\(track.errors)")
        #expect(track.output.contains("No new files to track."), "\(track.output)")
        #expect(try await Self.paths(cli) == [chapter])
    }
}
