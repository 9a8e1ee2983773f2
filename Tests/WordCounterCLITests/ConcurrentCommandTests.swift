import Foundation
import Testing

@Suite("wordcounter commands running at once on one database (the real binary)", .serialized)
struct ConcurrentCommandTests {
    /// The tracked paths ending in `.md`, with how often each is tracked, from `status --json`.
    static func trackedPaths(_ cli: CLI) async throws -> [String: Int] {
        let rows = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        var counts: [String: Int] = [:]
        for row in rows { if let path = row["path"] as? String { counts[path, default: 0] += 1 } }
        return counts
    }

    /// Polls until `condition` holds, suspending rather than blocking a thread, and fails after a
    /// generous deadline (waiting for an outcome, not timing it).
    static func wait(
        for what: String, _ command: RunningCommand, _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while try await !condition() {
            guard ContinuousClock.now < deadline else {
                throw RunningCommand.Failure(description: "waited for \(what); errors: \(command.errors)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test("three updates and two watchers started together track each new file once and count edits once")
    func updatesAndWatchers() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter-1.md", "It was a bright cold day in April.")
        #expect(try await cli.run("track", "novel").status == 0)
        let new = try (2...6).map { try cli.write("novel/chapter-\($0).md", "Chapter \($0) begins here") }

        let watchers = try (0..<2).map { _ in try RunningCommand(cli, ["watch", "--verbose"]) }
        let updates = try (0..<3).map { _ in try RunningCommand(cli, ["update"]) }
        for update in updates {
            try await Self.wait(for: "an update to finish", update) { !update.process.isRunning }
            #expect(update.process.terminationStatus == 0, "update failed: \(update.errors)")
            #expect(!update.errors.contains("already"), "\(update.errors)")
        }
        for watcher in watchers {
            try await Self.wait(for: "the startup update", watcher) {
                watcher.errors.contains("updated every file (startup)")
            }
        }
        let tracked = try await Self.trackedPaths(cli)
        for path in new { #expect(tracked[path] == 1, "\(path) is tracked \(tracked[path] ?? 0) times") }
        #expect(tracked.count == 6)

        // Twelve words appended to one new file: both watchers see it, today's writing grows by 12.
        try await WatchCommandTests.append(
            " one two three four five six seven eight nine ten eleven twelve", to: new[0])
        try await Self.wait(for: "the new count", watchers[0]) {
            try await WatchCommandTests.words(cli, "chapter-2.md") == 16
        }
        #expect(try await cli.run("update").status == 0)
        let today = try #require(try await cli.run("history", "--days", "1", "--json").json() as? [[String: Any]])
        #expect(today.first?["added"] as? Int == 5 * 4 + 12)  // the new chapters are today's writing
        for watcher in watchers {
            #expect(try await watcher.stop(with: SIGTERM) == 0)
            #expect(!watcher.errors.contains("failed"), "\(watcher.errors)")
        }
    }
}
