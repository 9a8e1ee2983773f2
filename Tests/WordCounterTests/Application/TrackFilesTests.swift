import Harbor
import Testing
import WordCounter

@Suite("Tracking files")
struct TrackFilesTests {
    @Test("a folder tracks its text files recursively, counts them, and writes nothing today")
    func trackFolder() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/home/writer/novel/one.md", contents: "# One\n\n" + Fixture.words(100))
        try fixture.disk.write("/home/writer/novel/part/two.txt", contents: Fixture.words(50))
        try fixture.disk.write("/home/writer/novel/cover.png", contents: "not text")
        try fixture.disk.write("/home/writer/novel/.git/config", contents: Fixture.words(5))
        try await fixture.track("novel")
        let rows = try await fixture.status()
        #expect(rows.map(\.path) == ["/home/writer/novel/one.md", "/home/writer/novel/part/two.txt"])
        #expect(rows.map(\.words) == [101, 50])
        #expect(rows.allSatisfy { $0.status == .ok && $0.today == 0 })
        #expect(fixture.recorder.events(of: FileTracked.self).count == 2)
        #expect(try await fixture.history(days: 1).map(\.words) == [0])
    }

    @Test("tracking again adds only new files; include and exclude globs choose files")
    func globsAndRepeats() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: "a b")
        try fixture.disk.write("/n/drafts/b.md", contents: "c d")
        try fixture.disk.write("/n/c.note", contents: "e f")
        try await fixture.track("/n", filter: FileFilter(include: ["*.md", "*.note"], exclude: ["drafts/**"]))
        #expect(try await fixture.status().map(\.path) == ["/n/a.md", "/n/c.note"])
        try await fixture.track("/n", filter: FileFilter(include: ["*.md", "*.note"], exclude: ["drafts/**"]))
        #expect(fixture.recorder.events(of: FileTracked.self).count == 2)
    }

    @Test("a bad path is reported and the other paths are still tracked")
    func badPaths() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: "one two")
        try fixture.disk.makeFIFO("/n/pipe")
        await #expect(throws: PathProblems.self) { try await fixture.track("/nowhere", "/n/a.md", "/n/pipe") }
        do {
            try await fixture.track("/nowhere", "/n/pipe")
        } catch let problems as PathProblems {
            #expect(problems.problems.map(\.path) == ["/nowhere", "/n/pipe"])
            #expect(problems.problems[0].reason == "not found")
        }
        #expect(try await fixture.status().map(\.path) == ["/n/a.md"])
    }

    @Test("binary files are tracked as unreadable with their reason; wordcount: false is tracked but not counted")
    func unreadableAndDisabled() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/data.txt", bytes: [0x61, 0x00, 0x62])
        try fixture.disk.write("/n/private.md", contents: "---\nwordcount: false\n---\n" + Fixture.words(30))
        try await fixture.track("/n")
        let rows = try await fixture.status()
        #expect(rows.first { $0.path == "/n/data.txt" }?.status == .unreadable)
        #expect(rows.first { $0.path == "/n/data.txt" }?.reason == "binary")
        #expect(rows.first { $0.path == "/n/private.md" }?.status == .ok)
        #expect(rows.first { $0.path == "/n/private.md" }?.words == nil)
    }

    @Test("untracking a folder stops its files counting but keeps past history")
    func untrack() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.append("/n/a.md", contents: " " + Fixture.words(5, prefix: "x"))
        try await fixture.update()
        #expect(try await fixture.history(days: 1).map(\.words) == [5])
        try await fixture.app.run(UntrackFiles(paths: ["/n"]))
        #expect(try await fixture.status().isEmpty)
        #expect(try await fixture.history(days: 1).map(\.words) == [5])
        await #expect(throws: PathProblems.self) {
            try await fixture.app.run(UntrackFiles(paths: ["/n"]))
        }
    }

    @Test("a file or subfolder untracked inside a tracked folder is not found again as new")
    func untrackInsideFolder() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/n/b*.md", contents: Fixture.words(4))
        try fixture.disk.write("/n/drafts/old.md", contents: Fixture.words(3))
        try fixture.disk.write("/n/sub/a.md", contents: Fixture.words(2))
        try await fixture.track("/n")
        try await fixture.app.run(
            UntrackFiles(paths: ["/n/a.md", "/n/b*.md", "/n/drafts"]))
        try fixture.disk.write("/n/drafts/new.md", contents: Fixture.words(5))
        try await fixture.update()
        #expect(try await fixture.status().map(\.path) == ["/n/sub/a.md"])
        #expect(fixture.lastSummary?.added == 0)

        // Tracking the folder again, as the user says it now, brings them all back.
        try await fixture.track("/n")
        #expect(
            try await fixture.status().map(\.path) == [
                "/n/a.md", "/n/b*.md", "/n/drafts/new.md", "/n/drafts/old.md", "/n/sub/a.md",
            ])
    }
}
