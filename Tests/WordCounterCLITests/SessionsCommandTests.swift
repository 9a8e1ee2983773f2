import Foundation
import Testing

@Suite("wordcounter sessions: the session log")
struct SessionsCommandTests {
    @Test("updates a few moments apart are one session: its words added and removed, in a table and as JSON")
    func oneSession() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        // Tracking is the baseline: no session yet.
        let empty = try await cli.run("sessions")
        #expect(empty.output == "No writing session in the last 7 days (sessions are counted from this version on).\n")
        try cli.write("novel/chapter.md", "one two three four five six seven")
        #expect(try await cli.run("update").status == 0)
        try cli.write("novel/chapter.md", "one two three four five")
        #expect(try await cli.run("update").status == 0)

        let json = try #require(try await cli.run("sessions", "--json").json() as? [[String: Any]])
        #expect(json.count == 1)
        let session = try #require(json.first)
        #expect(session["added"] as? Int == 4)
        #expect(session["removed"] as? Int == 2)
        #expect(session["net"] as? Int == 2)
        #expect(session["changes"] as? Int == 2)
        #expect(session["files"] as? Int == 1)
        #expect(session["minutes"] as? Int == 0)
        #expect(session["wordsPerHour"] is NSNull)  // seconds apart: no pace
        #expect(
            Set(session.keys) == [
                "start", "end", "minutes", "added", "removed", "net", "wordsPerHour", "files", "changes",
            ])

        let table = try await cli.run("sessions")
        let lines = table.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.first == ["START", "LENGTH", "ADDED", "REMOVED", "NET", "PER", "HOUR"])
        #expect(lines.dropFirst().first?.suffix(6) == ["0", "min", "4", "2", "+2", "-"], "\(table.output)")
        #expect(table.output.hasSuffix("1 session, +2 words\n"))
        #expect(try await cli.run("sessions", "--pause", "0").status == 2)
    }

    @Test("a new chapter written since the last update is in the session log, as history counts it")
    func newChapter() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter-1.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        try cli.write("novel/chapter-2.md", "a new chapter of six words")
        #expect(try await cli.run("update").status == 0)
        let json = try #require(try await cli.run("sessions", "--json").json() as? [[String: Any]])
        #expect(json.count == 1)
        #expect(json.first?["added"] as? Int == 6)
        #expect(json.first?["files"] as? Int == 1)
    }
}
