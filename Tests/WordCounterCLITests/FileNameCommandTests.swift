import Foundation
import Testing

@Suite("File names as bytes, and names that could harm a terminal (the real binary, real files)")
struct FileNameCommandTests {
    /// Creates the file `name` (raw bytes, not necessarily UTF-8) in `folder` with `text`.
    static func create(_ name: [UInt8], in folder: String, _ text: String) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_APPEND, 0o644)
        try #require(descriptor >= 0, "cannot create \(path)")
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
    }

    static func rename(_ old: [UInt8], to new: [UInt8], in folder: String) -> Int32 {
        let prefix = Array(folder.utf8) + [UInt8(ascii: "/")]
        return Glibc.rename(
            (prefix + old).map { CChar(bitPattern: $0) } + [0], (prefix + new).map { CChar(bitPattern: $0) } + [0])
    }

    @Test("a file named with byte 0xFF is tracked, counted, followed and counted by name; shown as \\xFF")
    func nonUTF8Name() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/plain.md", "plain words")
        let folder = cli.folder.appendingPathComponent("novel").path
        try Self.create(Array("caf".utf8) + [0xFF] + Array(".md".utf8), in: folder, "one two three")

        let track = try await cli.run("track", "novel")
        #expect(track.status == 0, "\(track.errors)")
        #expect(track.output.contains("Tracking 2 new files (5 words"), "\(track.output)")
        let status = try await cli.run("status")
        #expect(status.output.contains("ok      \(folder)/caf\\xFF.md"), "\(status.output)")
        #expect(!status.output.contains("missing"), "\(status.output)")

        try Self.create(Array("caf".utf8) + [0xFF] + Array(".md".utf8), in: folder, " four five")
        let update = try await cli.run("update")
        #expect(update.output.contains("1 changed, 0 moved, 0 missing"), "\(update.output)")
        let count = try await cli.run(shell: #""$WORDCOUNTER" count "$(printf 'novel/caf\377.md')""#)
        #expect(count.status == 0, "\(count.errors)")
        #expect(count.output == "      5 novel/caf\\xFF.md\n", "\(count.output)")

        #expect(
            Self.rename(Array("caf".utf8) + [0xFF] + Array(".md".utf8), to: [0xFE, 0x2E, 0x6D, 0x64], in: folder) == 0)
        let moved = try await cli.run("update")
        #expect(moved.output.contains("moved: \(folder)/caf\\xFF.md → \(folder)/\\xFE.md"), "\(moved.output)")
        let untrack = try await cli.run(shell: #""$WORDCOUNTER" untrack "$(printf 'novel/\376.md')""#)
        #expect(untrack.status == 0, "\(untrack.errors)")
        #expect(untrack.output.contains("Stopped tracking 1 file."), "\(untrack.output)")
    }

    @Test("two new names that differ only in how their \"é\" is written are two files, found by one update")
    func canonicallyEquivalentNames() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/plain.md", "plain words")
        let folder = cli.folder.appendingPathComponent("novel").path
        #expect(try await cli.run("track", "novel").status == 0)
        let precomposed = Array("caf\u{E9}.md".utf8)
        let decomposed = Array("cafe\u{301}.md".utf8)
        try Self.create(precomposed, in: folder, "one two")
        try Self.create(decomposed, in: folder, "three four five")

        let update = try await cli.run("update")
        #expect(update.status == 0, "\(update.errors)")
        #expect(update.output.contains("2 new."), "\(update.output)")
        let status = try await cli.run("status")
        #expect(status.output.contains("3 files, 7 words"), "\(status.output)")
        #expect(try await cli.run("update").output.contains("Checked 3 files: 0 changed, 0 moved, 0 missing"))
    }

    @Test("names with ESC and newline characters are escaped in tables, lines and errors; JSON stays exact")
    func controlCharactersEscaped() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/red\u{1B}[31m.md", "one two")
        try cli.write("novel/two\nlines.md", "three")
        let track = try await cli.run("track", "novel")
        #expect(track.status == 0, "\(track.errors)")

        let status = try await cli.run("status")
        #expect(!status.output.contains("\u{1B}"), "\(status.output)")
        #expect(status.output.contains("red\\x1B[31m.md"), "\(status.output)")
        #expect(status.output.contains("two\\nlines.md"), "\(status.output)")
        #expect(status.output.split(separator: "\n").count == 4, "\(status.output)")  // header, two rows, total

        let count = try await cli.run("count", "novel/red\u{1B}[31m.md", "novel/gone\u{1B}]0;title\u{07}.md")
        #expect(count.status == 1)
        #expect(!count.output.contains("\u{1B}") && !count.errors.contains("\u{1B}"), "\(count.output)\(count.errors)")
        #expect(count.errors.contains("gone\\x1B]0;title\\x07.md: not found"), "\(count.errors)")

        let json = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        let paths = json.compactMap { $0["path"] as? String }
        #expect(paths.contains { $0.hasSuffix("/red\u{1B}[31m.md") })
        #expect(paths.contains { $0.hasSuffix("/two\nlines.md") })
    }
}
