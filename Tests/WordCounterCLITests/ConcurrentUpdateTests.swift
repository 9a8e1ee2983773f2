import Foundation
import Testing

@Suite("updates beside a watcher on one database (the real binary)", .serialized)
struct ConcurrentUpdateTests {
    @Test("waves of concurrent updates beside a watch all exit 0, and no store key reaches anyone")
    func updatesBesideAWatch() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapters = try (1...4).map { try cli.write("novel/chapter-\($0).md", "Chapter \($0) starts") }
        #expect(try await cli.run("track", "novel").status == 0)
        let watcher = try RunningCommand(cli, ["watch", "--verbose"])
        try await watcher.wait(for: "the startup update") { watcher.errors.contains("updated every file (startup)") }

        var written = 0
        for wave in 0..<5 {
            // Each wave: every chapter grows, a new file appears, and four updates race the watcher.
            for chapter in chapters { try await WatchCommandTests.append(" more words here", to: chapter) }
            written += 3 * chapters.count
            try cli.write("novel/new-\(wave).md", "new file number\(wave)")  // today's writing too
            written += 3
            let updates = try await withThrowingTaskGroup(of: CLI.Result.self) { group in
                for _ in 0..<4 { group.addTask { try await cli.run("update") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for update in updates {
                #expect(update.status == 0, "update failed: \(update.errors)")
                #expect(
                    !update.errors.contains("files/") && !update.errors.contains("daily_counts/"), "\(update.errors)")
            }
        }
        #expect(try await cli.run("update").status == 0)
        let rows = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        #expect(rows.count == 9)
        let today = try #require(try await cli.run("history", "--days", "1", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == written)
        #expect(try await watcher.stop(with: SIGTERM) == 0)
        #expect(!watcher.errors.contains("files/") && !watcher.errors.contains("daily_counts/"), "\(watcher.errors)")
    }
}
