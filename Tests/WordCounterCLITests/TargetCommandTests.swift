import Foundation
import Testing

@Suite("wordcounter target: a target per chapter, in status, project and target")
struct TargetCommandTests {
    @Test("a chapter's target: its progress in status and project, met once reached, following a rename")
    func chapterTarget() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let one = try cli.write("novel/chapter-1.md", "one two three")
        let two = try cli.write("novel/chapter-2.md", "one")
        #expect(try await cli.run("track", "novel").status == 0)
        // No target yet: status keeps its columns.
        #expect(try await cli.run("status").output.hasPrefix("WORDS  TODAY  STATUS  PATH"))

        let set = try await cli.run("target", "set", "novel/chapter-1.md", "5")
        #expect(set.status == 0, "\(set.errors)")
        #expect(set.output == "Target of \(one): 5 words.\n")
        var status = try await cli.run("status")
        var lines = status.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.first == ["WORDS", "TODAY", "STATUS", "TARGET", "PATH"])
        #expect(lines.contains(["3", "0", "ok", "60%", "of", "5", one]), "\(status.output)")
        #expect(lines.contains(["1", "0", "ok", two]), "\(status.output)")

        try cli.write("novel/chapter-1.md", "one two three four five six")
        #expect(try await cli.run("update").status == 0)
        status = try await cli.run("status")
        lines = status.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.contains(["6", "+3", "ok", "met", "(5)", one]), "\(status.output)")
        let json = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        #expect(json.first { $0["path"] as? String == one }?["target"] as? Int == 5)
        #expect(json.first { $0["path"] as? String == two }?.keys.contains("target") == false)

        let list = try await cli.run("target")
        #expect(list.output.hasSuffix("1 of 1 target met\n"), "\(list.output)")
        #expect(list.output.contains("met (5)"))

        #expect(try await cli.run("project", "add", "Novel", "novel").status == 0)
        let project = try await cli.run("project")
        #expect(project.output.contains("  Chapter targets: 1 of 1 met\n    met (5)  \(one)"), "\(project.output)")

        // The target belongs to the file: renamed, it keeps it.
        let renamed = cli.folder.appendingPathComponent("novel/chapter-1-the-start.md").path
        try FileManager.default.moveItem(atPath: one, toPath: renamed)
        #expect(try await cli.run("update").status == 0)
        let moved = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        #expect(moved.first { $0["path"] as? String == renamed }?["target"] as? Int == 5)

        let removed = try await cli.run("target", "remove", renamed)
        #expect(removed.status == 0, "\(removed.errors)")
        #expect(
            try await cli.run("target").output
                == "No file has a target yet. Give one with: wordcounter target set FILE WORDS\n")
    }

    @Test("an untracked file, a target that is not a positive number, or none to remove: refused with a reason")
    func refusals() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one")
        try cli.write("loose.md", "one")
        #expect(try await cli.run("track", "novel").status == 0)
        let untracked = try await cli.run("target", "set", "loose.md", "100")
        #expect(untracked.status != 0)
        #expect(
            untracked.errors.contains("is not tracked; track it first with: wordcounter track"), "\(untracked.errors)")
        let words = try await cli.run("target", "set", "novel/chapter.md", "many")
        #expect(words.status == 2)
        #expect(words.errors.contains("give the target as a positive number of words, such as 3000 (not 'many')"))
        let none = try await cli.run("target", "remove", "novel/chapter.md")
        #expect(none.status != 0)
        #expect(none.errors.contains("has no target"), "\(none.errors)")
    }
}
