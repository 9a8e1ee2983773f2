import Foundation
import Testing

@Suite("wordcounter watch says once when the daily goal is reached")
struct WatchGoalCommandTests {
    /// Replaces the file's text with `words` words.
    static func write(_ words: Int, to path: String) throws {
        try Data((Array(repeating: "word", count: words).joined(separator: " ") + "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
    }

    @Test("reached, fallen under by a deletion, reached again: said once, and on the desktop with --notify")
    func once() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        #expect(try await cli.run("goal", "set", "--daily", "6").status == 0)
        // A notify-send that writes down what it was asked to show.
        let bin = cli.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let sent = cli.folder.appendingPathComponent("notifications.txt")
        let script = bin.appendingPathComponent("notify-send")
        try Data("#!/bin/sh\nprintf '%s|' \"$@\" >> '\(sent.path)'\necho >> '\(sent.path)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        let watch = try RunningCommand(cli, ["watch", "--verbose", "--notify"], environment: ["PATH": path])
        try await watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        try Self.write(5, to: chapter)
        try await watch.wait(for: "+2") { watch.output.contains("chapter.md: 5 words (+2)") }
        try Self.write(9, to: chapter)
        try await watch.wait(for: "the goal") { watch.output.contains("daily goal reached: 6 of 6 words today") }
        try Self.write(4, to: chapter)
        try await watch.wait(for: "the deletion") { watch.output.contains("chapter.md: 4 words (-5)") }
        try Self.write(12, to: chapter)
        try await watch.wait(for: "over the goal again") { watch.output.contains("chapter.md: 12 words (+8)") }
        // Stopping looks at every change stored before it: none says it again.
        #expect(try await watch.stop(with: SIGTERM) == 0)
        #expect(watch.output.components(separatedBy: "daily goal reached").count - 1 == 1, "\(watch.output)")
        let notifications = try String(contentsOf: sent, encoding: .utf8)
        #expect(notifications == "--app-name=Word Counter|Word Counter|Daily goal reached: 6 of 6 words today|\n")
    }

    @Test("a goal reached before watch started is not announced; without notify-send, --notify warns once")
    func alreadyReached() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter.md", "one")
        #expect(try await cli.run("track", "novel").status == 0)
        #expect(try await cli.run("goal", "set", "--daily", "2").status == 0)
        try Self.write(4, to: chapter)
        #expect(try await cli.run("update").status == 0)
        let watch = try RunningCommand(cli, ["watch", "--verbose", "--notify"], environment: ["PATH": "/usr/bin:/bin"])
        try await watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        try Self.write(7, to: chapter)
        try await watch.wait(for: "+3") { watch.output.contains("chapter.md: 7 words (+3)") }
        #expect(try await watch.stop(with: SIGTERM) == 0)
        #expect(!watch.output.contains("daily goal reached"), "\(watch.output)")
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send") {
            #expect(watch.errors.components(separatedBy: "notify-send is not installed").count - 1 == 1)
        }
    }
}
