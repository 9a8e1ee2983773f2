import Foundation
import Testing

@Suite("Names with control characters cannot forge lines: logs and messages escape every one")
struct ControlCharacterCommandTests {
    @Test("watch logs a new file named two\\nlines.md on one line, escaped, like ESC")
    func watchLogLines() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        let watch = try RunningCommand(cli, ["watch", "--verbose"])
        try await watch.wait(for: "the startup update") { watch.errors.contains("updated every file (startup)") }
        try cli.write("novel/two\nlines.md", "four five")
        try cli.write("novel/red\u{1B}[31m.md", "six")
        try await watch.wait(for: "both new files in the log") {
            watch.errors.contains("two\\nlines.md") && watch.errors.contains("red\\x1B[31m.md")
        }
        #expect(try await watch.stop(with: SIGTERM) == 0)
        let lines = watch.errors.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("lines.md") }, "\(watch.errors)")
        #expect(!watch.errors.contains("\u{1B}"))
        // Every line the log handler wrote starts with its timestamp: none was forged by a name.
        #expect(lines.dropLast().allSatisfy { $0.first?.isNumber == true }, "\(watch.errors)")
        #expect(watch.output.contains("new: \(cli.folder.path)/novel/two\\nlines.md: 2 words"), "\(watch.output)")
    }

    @Test("an error message quoting a name is one line: the name's newline and ESC are escaped")
    func errorMessages() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let machine = try await cli.run("--machine", "desk\nwordcounter: forged", "status")
        #expect(machine.status == 2)
        #expect(
            machine.errors.contains("the machine name 'desk\\nwordcounter: forged' cannot be used"), "\(machine.errors)"
        )
        #expect(!machine.errors.split(separator: "\n").contains { $0.hasPrefix("wordcounter: forged") })
        let deadline = try await cli.run("project", "add", "Novel", "novel", "--deadline", "2027\n\u{1B}[2J")
        #expect(deadline.status == 2)
        #expect(deadline.errors.contains("--deadline '2027\\n\\x1B[2J' is not a date"), "\(deadline.errors)")
    }

    @Test("serve names a --root with a newline on one line of its announcement")
    func serveRoots() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("two\nlines/one.md", "one")
        let serve = try RunningCommand(cli, ["serve", "--port", "0", "--no-watch", "--root", "two\nlines"])
        try await serve.wait(for: "the announcement") { serve.output.contains("Press Ctrl-C to stop.") }
        #expect(try await serve.stop(with: SIGTERM) == 0)
        #expect(
            serve.output.contains("POST /api/track may track in: \(cli.folder.path)/two\\nlines"), "\(serve.output)")
        #expect(!serve.output.split(separator: "\n").contains { $0.hasPrefix("lines") }, "\(serve.output)")
    }
}
