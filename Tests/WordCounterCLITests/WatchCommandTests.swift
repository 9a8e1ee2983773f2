import Foundation
import Testing

@Suite("wordcounter watch (the real binary on SQLite and real files)")
struct WatchCommandTests {
    /// The stored count of the file whose path ends with `suffix`, from `wordcounter status --json`.
    static func words(_ cli: CLI, _ suffix: String) throws -> Int? {
        let status = try cli.run("status", "--json")
        guard status.status == 0, let rows = try status.json() as? [[String: Any]] else { return nil }
        return rows.first { ($0["path"] as? String)?.hasSuffix(suffix) == true }?["words"] as? Int
    }

    /// Appends `text` to the file at `path`, as `>>` does.
    static func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    @Test("keeps a count current as words are appended, and exits 0 on SIGTERM")
    func endToEnd() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter-1.md", "It was a bright cold day in April.")
        #expect(try cli.run("track", "novel").status == 0)

        let watch = try RunningCommand(cli, ["watch", "--verbose"])
        try watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        #expect(watch.errors.contains("watching 1 file in 1 folder with inotify"))

        try Self.append(" The clocks were striking thirteen.", to: chapter)
        try watch.wait(for: "the new count") { try Self.words(cli, "chapter-1.md") == 13 }
        try Self.append(" Winston Smith", to: chapter)
        try watch.wait(for: "the second count") { try Self.words(cli, "chapter-1.md") == 15 }
        let newFile = try cli.write("novel/chapter-2.md", "Part two begins")
        try watch.wait(for: "the new file") { try Self.words(cli, "chapter-2.md") == 3 }

        #expect(try watch.stop(with: SIGTERM) == 0)
        #expect(watch.output.contains("\(chapter): 13 words (+5)"))
        #expect(watch.output.contains("\(chapter): 15 words (+2)"))
        #expect(watch.output.contains("new: \(newFile): 3 words"))
        #expect(watch.errors.contains("stopped"))
        #expect(!watch.errors.contains("warning"))
    }

    @Test("--poll looks every few seconds instead, says so, and still keeps counts current")
    func polling() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let file = try cli.write("notes/a.txt", "one")
        #expect(try cli.run("track", "notes").status == 0)

        let watch = try RunningCommand(cli, ["watch", "--poll", "0.1", "--verbose"])
        try watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        #expect(watch.errors.contains("polling every 0.1 s, as asked (--poll)"))
        try Self.append(" two three", to: file)
        try watch.wait(for: "the new count") { try Self.words(cli, "a.txt") == 3 }
        #expect(try watch.stop(with: SIGINT) == 0)
    }

    @Test("two watchers and an update on one database at once: every count stored, no errors")
    func severalProcesses() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let files = try (1...3).map { try cli.write("book/part-\($0).md", "start") }
        #expect(try cli.run("track", "book").status == 0)

        let watchers = try [RunningCommand(cli, ["watch", "--verbose"]), RunningCommand(cli, ["watch", "--verbose"])]
        for watcher in watchers {
            try watcher.wait(for: "the startup update") { watcher.errors.contains("updated every file (startup)") }
        }
        var expected = 1
        for round in 1...5 {
            for file in files { try Self.append(" word\(round)", to: file) }
            expected += 1
            let update = try cli.run("update")
            #expect(update.status == 0, "\(update.errors)")
        }
        for (index, _) in files.enumerated() {
            try watchers[0].wait(for: "part \(index + 1)'s count") {
                try Self.words(cli, "part-\(index + 1).md") == expected
            }
        }
        for watcher in watchers {
            #expect(try watcher.stop(with: SIGTERM) == 0)
            #expect(!watcher.errors.contains("warning"), "\(watcher.errors)")
        }
        let history = try cli.run("history", "--days", "1", "--json")
        #expect(history.status == 0)
        #expect(history.output.contains("\"words\" : 15"), "\(history.output)")
    }

    @Test("--help teaches: what it does, the polling option, an example")
    func help() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let help = try cli.run("watch", "--help")
        #expect(help.status == 0)
        #expect(help.output.contains("Keep every tracked file's count current"))
        #expect(help.output.contains("--poll <seconds>"))
        #expect(help.output.contains("wordcounter watch --poll 5"))
        let bad = try cli.run("watch", "--poll", "0")
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--poll takes a number of seconds"))
    }
}
