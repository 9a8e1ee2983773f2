import Foundation
import Testing

@Suite("wordcounter track, update, status, history, goal, export (on SQLite and real files)")
struct TrackingCommandTests {
    @Test("a writer's day from the command line")
    func writersDay() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter-1.md", "# One\n\nIt was a bright cold day in April.")
        try cli.write("novel/notes.txt", "thirteen clocks")
        try cli.write("novel/cover.png", "ignored")

        let track = try await cli.run("track", "novel")
        #expect(track.status == 0, "\(track.errors)")
        #expect(track.output.contains("Tracking 2 new files"))
        #expect(FileManager.default.fileExists(atPath: cli.database))

        let goal = try await cli.run("goal", "set", "--daily", "10")
        #expect(goal.status == 0)

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: chapter))
        handle.seekToEndOfFile()
        handle.write(Data(" The clocks were striking thirteen.".utf8))
        try handle.close()
        try FileManager.default.moveItem(
            atPath: cli.folder.appendingPathComponent("novel/notes.txt").path,
            toPath: cli.folder.appendingPathComponent("novel/ideas.txt").path)

        let update = try await cli.run("update")
        #expect(update.status == 0, "\(update.errors)")
        #expect(update.output.contains("moved:"))
        #expect(update.output.contains("1 changed, 1 moved, 0 missing"))

        let status = try await cli.run("status", "--json")
        let rows = try #require(try status.json() as? [[String: Any]])
        #expect(rows.count == 2)
        let chapterRow = try #require(rows.first { ($0["path"] as? String)?.hasSuffix("chapter-1.md") == true })
        #expect(chapterRow["words"] as? Int == 14)
        #expect(chapterRow["today"] as? Int == 5)
        #expect(chapterRow["status"] as? String == "ok")
        #expect(rows.contains { ($0["path"] as? String)?.hasSuffix("ideas.txt") == true })

        let history = try await cli.run("history", "--days", "3", "--json")
        let entries = try #require(try history.json() as? [[String: Any]])
        #expect(entries.count == 3)
        #expect(entries.last?["words"] as? Int == 5)
        #expect(entries.last?["added"] as? Int == 5)
        #expect(entries.first?["words"] as? Int == 0)

        let progress = try await cli.run("goal", "--json")
        let goalObject = try #require(try progress.json() as? [String: Any])
        #expect(goalObject["goal"] as? Int == 10)
        #expect(goalObject["today"] as? Int == 5)

        let export = try await cli.run("export", "--format", "csv")
        #expect(export.output.hasPrefix("date,path,words,added,total,kind,note\n"))
        #expect(export.output.contains("chapter-1.md,5,5,14,count,"))
    }

    @Test("a missing file is reported and kept; status shows it")
    func missing() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let file = try cli.write("story.txt", "a few words")
        #expect(try await cli.run("track", "story.txt").status == 0)
        try FileManager.default.removeItem(atPath: file)
        let update = try await cli.run("update")
        #expect(update.output.contains("missing: \(file)"))
        let status = try await cli.run("status")
        #expect(status.output.contains("missing"))
        #expect(status.output.contains("story.txt"))
    }

    @Test("a path that cannot be tracked fails with status 1; the others are tracked")
    func badPath() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("good.md", "words")
        let result = try await cli.run("track", "good.md", "nowhere.md")
        #expect(result.status == 1)
        #expect(result.errors.contains("nowhere.md: not found"))
        #expect(try await cli.run("status").output.contains("good.md"))
    }

    @Test("a database path that is not a database gives a clear error naming it, and the file is kept")
    func notADatabase() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let text = String(repeating: "this is not sqlite ", count: 100)
        let bogus = try cli.write("bogus.sqlite", text)
        let result = try await cli.run(["status", "--database", bogus])
        #expect(result.status == 1)
        #expect(result.errors.contains("bogus.sqlite"))
        #expect(try String(contentsOfFile: bogus, encoding: .utf8) == text)

        let folder = try await cli.run(["status", "--database", cli.folder.path])
        #expect(folder.status == 2)
        #expect(folder.errors.contains("is a folder"))

        let nowhere = try await cli.run(["status", "--database", "/proc/no-such-folder/wordcounter.sqlite"])
        #expect(nowhere.status == 1)
        #expect(nowhere.errors.contains("/proc/no-such-folder"))
        #expect(!nowhere.errors.contains("NSCocoaErrorDomain"))
    }

    @Test("the fake environment runs without disk, with sample files")
    func fakeEnvironment() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let result = try await cli.run("track", "--env", "fake", "/fake/novel")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Tracking 3 new files"))
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }
}
