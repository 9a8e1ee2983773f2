import Foundation
import Glibc
import Testing

@Suite("wordcounter with files that cannot be read (on SQLite and real files)")
struct FileProblemCommandTests {
    @Test("a FIFO in a tracked folder never blocks; a tracked file replaced by one is unreadable (fifo)")
    func fifo() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "words in a chapter")
        let notes = try cli.write("novel/notes.txt", "some notes")
        #expect(mkfifo(cli.folder.appendingPathComponent("novel/pipe.md").path, 0o644) == 0)

        let track = try await cli.run("track", "novel")
        #expect(track.status == 0, "\(track.errors)")
        #expect(track.output.contains("Tracking 2 new files"))

        try FileManager.default.removeItem(atPath: notes)
        #expect(mkfifo(notes, 0o644) == 0)
        try cli.write("novel/chapter.md", "more words in a chapter")
        let update = try await cli.run("update")
        #expect(update.status == 1)
        #expect(update.errors.contains("notes.txt: not a regular file (fifo)"))
        #expect(update.output.contains("1 changed"))
        let rows = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        let notesRow = try #require(rows.first { ($0["path"] as? String) == notes })
        #expect(notesRow["status"] as? String == "unreadable")
        #expect(notesRow["reason"] as? String == "not a regular file (fifo)")
        #expect(notesRow["words"] as? Int == 2)

        let count = try await cli.run("count", "novel/pipe.md", "novel/chapter.md")
        #expect(count.status == 1)
        #expect(count.output.contains("5 novel/chapter.md"))
        #expect(count.errors == "wordcounter: novel/pipe.md: not a regular file (fifo)\n")
    }

    @Test(
        "a file the user may not read is tracked as unreadable (permission denied), the others counted",
        .enabled(if: CLI.canDenyReads, "running as root without setpriv: root reads every file"))
    func permissionDenied() async throws {
        let cli = try CLI(shared: true)
        defer { cli.remove() }
        let secret = try cli.write("secret.txt", "private words")
        try cli.write("open.txt", "open words here")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cli.folder.path)

        let count = try await cli.run(["count", "secret.txt", "open.txt"], as: CLI.unprivileged)
        #expect(count.status == 1)
        #expect(count.output.contains("3 open.txt"))
        #expect(count.errors == "wordcounter: secret.txt: permission denied\n")

        let track = try await cli.run(["track", "secret.txt", "open.txt"], as: CLI.unprivileged)
        #expect(track.status == 1)
        #expect(track.output.contains("Tracking 2 new files (3 words as the baseline)."))
        #expect(track.errors.contains("secret.txt: permission denied"))
        let status = try await cli.run(["status"], as: CLI.unprivileged)
        #expect(status.output.contains("unreadable (permission denied)"))
    }

    @Test("a symbolic link loop is reported, tracked by name or in place of a tracked file")
    func symlinkLoop() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let first = cli.folder.appendingPathComponent("loop-a.md").path
        let second = cli.folder.appendingPathComponent("loop-b.md").path
        #expect(symlink(second, first) == 0)
        #expect(symlink(first, second) == 0)
        let chapter = try cli.write("chapter.md", "three little words")

        let track = try await cli.run("track", "loop-a.md", "chapter.md")
        #expect(track.status == 1)
        #expect(track.errors.contains("loop-a.md: symbolic link loop"))
        #expect(track.output.contains("Tracking 1 new file"))

        try FileManager.default.removeItem(atPath: chapter)
        #expect(symlink(chapter, chapter) == 0)
        let update = try await cli.run("update")
        #expect(update.status == 1)
        #expect(update.errors.contains("chapter.md: symbolic link loop"))
        #expect(try await cli.run("status").output.contains("unreadable (symbolic link loop)"))
    }

    @Test("a binary file is unreadable (binary); invalid UTF-8 is text with U+FFFD in it")
    func binaryAndInvalidUTF8() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Data([0x61, 0x62, 0xFF, 0xFE, 0x63, 0x20, 0x64, 0xC3, 0x0A]).write(
            to: cli.folder.appendingPathComponent("latin.txt"))
        try Data("text then a NUL".utf8 + [0x00]).write(to: cli.folder.appendingPathComponent("image.txt"))
        let words = try await cli.run("count", "--json", "latin.txt")
        let object = try #require(try words.json() as? [String: Any])
        #expect(object["total"] as? Int == 2)
        #expect(try await cli.run("count", "--mode", "whitespace", "latin.txt").output.contains("2 latin.txt"))

        let track = try await cli.run("track", "latin.txt", "image.txt")
        #expect(track.status == 1)
        #expect(track.errors.contains("image.txt: binary"))
        let status = try await cli.run("status")
        #expect(status.output.contains("unreadable (binary)"))
        #expect(status.status == 0)
    }

    @Test("an editor's atomic save through the command line keeps the file and its history")
    func atomicSave() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        let before = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])

        let temporary = try cli.write("novel/.chapter.md.swp", "one two three four five six")
        #expect(rename(temporary, chapter) == 0)
        let update = try await cli.run("update")
        #expect(update.status == 0, "\(update.errors)")
        #expect(update.output.contains("Checked 1 file: 1 changed, 0 moved, 0 missing, 0 unreadable, 0 new."))
        #expect(!update.output.contains("moved:"))

        let after = try #require(try await cli.run("status", "--json").json() as? [[String: Any]])
        #expect(after.count == 1)
        #expect(after.first?["id"] as? String == before.first?["id"] as? String)
        #expect(after.first?["words"] as? Int == 6)
        #expect(after.first?["today"] as? Int == 3)
    }

    @Test("progress goes to standard error when that is a terminal, even with standard output piped; never into a pipe")
    func progressOnTerminalErrors() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        for index in 0..<400 { try cli.write("notes/note-\(index).md", String(repeating: "word ", count: 2_000)) }
        // No delay before the bar, so the test does not depend on how fast the machine is.
        let immediate = ["WORDCOUNTER_PROGRESS_DELAY": "0"]
        let track = try await cli.run(["track", "notes"], errorsToTerminal: true, environment: immediate)
        #expect(track.status == 0)
        #expect(track.output == "Tracking 400 new files (800,000 words as the baseline).\n")
        #expect(track.errors.contains("400/400 tracking"), "\(track.errors)")

        try cli.write("more/note.md", "a few words")
        let piped = try await cli.run(["track", "more"], environment: immediate)
        #expect(piped.status == 0)
        #expect(piped.errors.isEmpty, "\(piped.errors)")
    }
}
