import Foundation
import Testing

@Suite("wordcounter watch (the real binary on SQLite and real files)")
struct WatchCommandTests {
    /// The stored count of the file whose path ends with `suffix`, from `wordcounter status --json`.
    static func words(_ cli: CLI, _ suffix: String) async throws -> Int? {
        let status = try await cli.run("status", "--json")
        guard status.status == 0, let rows = try status.json() as? [[String: Any]] else { return nil }
        return rows.first { ($0["path"] as? String)?.hasSuffix(suffix) == true }?["words"] as? Int
    }

    /// Appends `text` to the file at `path`, as `>>` does.
    static func append(_ text: String, to path: String) async throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    @Test("keeps a count current as words are appended, and exits 0 on SIGTERM")
    func endToEnd() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter-1.md", "It was a bright cold day in April.")
        #expect(try await cli.run("track", "novel").status == 0)

        let watch = try RunningCommand(cli, ["watch", "--verbose"])
        try await watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        #expect(watch.errors.contains("watching 1 file in 1 folder with inotify"))

        try await Self.append(" The clocks were striking thirteen.", to: chapter)
        try await watch.wait(for: "the new count") { try await Self.words(cli, "chapter-1.md") == 13 }
        try await Self.append(" Winston Smith", to: chapter)
        try await watch.wait(for: "the second count") { try await Self.words(cli, "chapter-1.md") == 15 }
        let newFile = try cli.write("novel/chapter-2.md", "Part two begins")
        try await watch.wait(for: "the new file") { try await Self.words(cli, "chapter-2.md") == 3 }

        #expect(try await watch.stop(with: SIGTERM) == 0)
        #expect(watch.output.contains("\(chapter): 13 words (+5)"))
        #expect(watch.output.contains("\(chapter): 15 words (+2)"))
        #expect(watch.output.contains("new: \(newFile): 3 words"))
        #expect(watch.errors.contains("stopped"))
        #expect(!watch.errors.contains("warning"))
    }

    @Test("--session-target says after each change how far the sitting is, once when reached, and at the end")
    func sessionTarget() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter-1.md", "It was a bright cold day in April.")
        #expect(try await cli.run("track", "novel").status == 0)
        try await Self.append(" Words before the session.", to: chapter)
        #expect(try await cli.run("update").status == 0)  // 4 words today before the session starts

        let watch = try RunningCommand(cli, ["watch", "--verbose", "--session-target", "6"])
        try await watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        try await Self.append(" The clocks were striking thirteen.", to: chapter)
        try await watch.wait(for: "the session line") { watch.output.contains("session: 5 of 6 words (83%)") }
        try await Self.append(" Winston Smith", to: chapter)
        try await watch.wait(for: "the target") { watch.output.contains("session target reached: 7 of 6 words (116%)") }
        #expect(try await watch.stop(with: SIGTERM) == 0)
        #expect(watch.output.contains("this session: 7 of 6 words (116%) in 0 min"))
        #expect(try await cli.run("watch", "--session-target", "0").errors.contains("at least 1"))
    }

    @Test("--poll looks every few seconds instead, says so, and still keeps counts current")
    func polling() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let file = try cli.write("notes/a.txt", "one")
        #expect(try await cli.run("track", "notes").status == 0)

        let watch = try RunningCommand(cli, ["watch", "--poll", "0.1", "--verbose"])
        try await watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        #expect(watch.errors.contains("polling every 0.1 s, as asked (--poll)"))
        try await Self.append(" two three", to: file)
        try await watch.wait(for: "the new count") { try await Self.words(cli, "a.txt") == 3 }
        #expect(try await watch.stop(with: SIGINT) == 0)
    }

    @Test("two watchers and an update on one database at once: every count stored, no errors")
    func severalProcesses() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let files = try (1...3).map { try cli.write("book/part-\($0).md", "start") }
        #expect(try await cli.run("track", "book").status == 0)

        let watchers = try [RunningCommand(cli, ["watch", "--verbose"]), RunningCommand(cli, ["watch", "--verbose"])]
        for watcher in watchers {
            try await watcher.wait(for: "the startup update") {
                watcher.errors.contains("updated every file (startup)")
            }
        }
        var expected = 1
        for round in 1...5 {
            for file in files { try await Self.append(" word\(round)", to: file) }
            expected += 1
            let update = try await cli.run("update")
            #expect(update.status == 0, "\(update.errors)")
        }
        for (index, _) in files.enumerated() {
            try await watchers[0].wait(for: "part \(index + 1)'s count") {
                try await Self.words(cli, "part-\(index + 1).md") == expected
            }
        }
        for watcher in watchers {
            #expect(try await watcher.stop(with: SIGTERM) == 0)
            #expect(!watcher.errors.contains("warning"), "\(watcher.errors)")
        }
        let history = try await cli.run("history", "--days", "1", "--json")
        #expect(history.status == 0)
        #expect(history.output.contains("\"words\" : 15"), "\(history.output)")
    }

    @Test("--help teaches: what it does, the polling option, an example")
    func help() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let help = try await cli.run("watch", "--help")
        #expect(help.status == 0)
        #expect(help.output.contains("Keep every tracked file's count current"))
        #expect(help.output.contains("--poll <seconds>"))
        #expect(help.output.contains("wordcounter watch --poll 5"))
        let bad = try await cli.run("watch", "--poll", "0")
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--poll takes a number of seconds"))
    }
}
