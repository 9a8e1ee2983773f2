import Foundation
import Testing

/// Several `update`s at once on one database after files moved: each move is followed once, and
/// no run reports a file moved onto the path it is already at.
@Suite("wordcounter update, six at once after moves")
struct ConcurrentUpdateCommandTests {
    @Test("six updates at once after twenty moves: each file followed once, never 'moved: X → X', nothing counted")
    func sixAtOnce() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        for index in 0..<20 { try cli.write("novel/chapter-\(index).md", "words of chapter \(index) and more") }
        #expect(try await cli.run("track", "novel").status == 0)
        let manager = FileManager.default
        try manager.createDirectory(
            at: cli.folder.appendingPathComponent("novel/part"), withIntermediateDirectories: true)
        for index in 0..<20 {
            try manager.moveItem(
                at: cli.folder.appendingPathComponent("novel/chapter-\(index).md"),
                to: cli.folder.appendingPathComponent("novel/part/chapter-\(index).md"))
        }
        let results = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
            for _ in 0..<6 { group.addTask { try await cli.run("update") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.errors))")
        let moved = results.flatMap { $0.output.split(separator: "\n") }.filter { $0.hasPrefix("moved: ") }
        for line in moved {
            let ends = line.dropFirst("moved: ".count).components(separatedBy: " → ")
            #expect(ends.count == 2 && ends[0] != ends[1], "\(line)")
        }
        #expect(Set(moved).count == moved.count, "a move reported twice: \(moved)")
        let status = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        #expect(status.count == 20)
        #expect(status.allSatisfy { ($0["path"] as? String)?.contains("/novel/part/") == true })
        #expect(status.allSatisfy { $0["today"] as? Int == 0 })
    }
}
