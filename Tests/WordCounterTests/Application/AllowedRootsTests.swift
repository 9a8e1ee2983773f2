import Harbor
import Testing
import WordCounter
import WordCounterAdapters

/// `serve --root` bounds what updates find: a new file whose real path is outside every root is
/// not tracked. On the in-memory disk, whose symbolic links resolve as the local disk's do.
@Suite("Allowed roots bound the files an update finds")
struct AllowedRootsTests {
    /// /novel tracked (a.md), with /etc/passwd and /notes/idea.md outside it.
    static func novel() async throws -> Fixture {
        let fixture = Fixture()
        try fixture.disk.write("/novel/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/etc/passwd", contents: Fixture.words(34, prefix: "root"))
        try fixture.disk.write("/notes/idea.md", contents: Fixture.words(7, prefix: "idea"))
        try await fixture.track("/novel")
        return fixture
    }

    static let roots = AllowedRoots(["/novel", "/notes"])

    @Test("a link below a tracked folder to a file outside the roots is not tracked on update, and said")
    func linkOutside() async throws {
        let fixture = try await Self.novel()
        try fixture.disk.makeSymbolicLink("/novel/passwd.md", to: "/etc/passwd")
        try await fixture.app.run(UpdateWordCounts(within: Self.roots))
        #expect(try await fixture.status().map(\.path) == ["/novel/a.md"])
        #expect(try await fixture.history(days: 1).map(\.words) == [0])  // not +34
        #expect(fixture.lastSummary?.added == 0)
        let skipped = fixture.recorder.events(of: FileOutsideRootsSkipped.self)
        #expect(skipped.map(\.path) == ["/novel/passwd.md"])
        #expect(skipped.map(\.realPath) == ["/etc/passwd"])
        // Found again by the next update, still not tracked (saying it once is the listener's part).
        try await fixture.app.run(UpdateWordCounts(within: Self.roots))
        #expect(try await fixture.status().map(\.path) == ["/novel/a.md"])
        #expect(fixture.recorder.events(of: FileOutsideRootsSkipped.self).count == 2)
    }

    @Test("a link to a file inside the roots is tracked at the link's path, and a plain new file too")
    func linkInside() async throws {
        let fixture = try await Self.novel()
        try fixture.disk.makeSymbolicLink("/novel/idea.md", to: "/notes/idea.md")
        try fixture.disk.write("/novel/b.md", contents: Fixture.words(5, prefix: "b"))
        try await fixture.app.run(UpdateWordCounts(within: Self.roots))
        let rows = try await fixture.status()
        #expect(rows.map(\.path) == ["/novel/a.md", "/novel/b.md", "/novel/idea.md"])
        #expect(rows.first { $0.path == "/novel/idea.md" }?.words == 7)
        #expect(fixture.lastSummary?.added == 2)
        #expect(fixture.recorder.events(of: FileOutsideRootsSkipped.self).isEmpty)
    }

    @Test("without roots (plain update and watch) a link to a file outside is tracked at its path")
    func withoutRoots() async throws {
        let fixture = try await Self.novel()
        try fixture.disk.makeSymbolicLink("/novel/passwd.md", to: "/etc/passwd")
        try await fixture.update()
        #expect(try await fixture.row("/novel/passwd.md")?.words == 34)
        #expect(fixture.recorder.events(of: FileOutsideRootsSkipped.self).isEmpty)
    }

    @Test("a root reached through a link holds what its real folder holds")
    func rootThroughLink() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/data/novel/a.md", contents: Fixture.words(3))
        try fixture.disk.makeSymbolicLink("/home/writer/novel", to: "/data/novel")
        try await fixture.track("/home/writer/novel")
        try fixture.disk.write("/data/novel/b.md", contents: Fixture.words(4))
        try await fixture.app.run(UpdateWordCounts(within: AllowedRoots(["/home/writer/novel"])))
        #expect(try await fixture.row("/home/writer/novel/b.md")?.words == 4)
        #expect(fixture.recorder.events(of: FileOutsideRootsSkipped.self).isEmpty)
    }

    @Test("the files the watcher finds are bounded too: TrackFiles(discovered:within:)")
    func discovered() async throws {
        let fixture = try await Self.novel()
        try fixture.disk.makeSymbolicLink("/novel/passwd.md", to: "/etc/passwd")
        try fixture.disk.makeSymbolicLink("/novel/idea.md", to: "/notes/idea.md")
        let found = ["/novel/passwd.md", "/novel/idea.md"].map { DiscoveredFile(path: $0, root: "/novel") }
        try await fixture.app.run(TrackFiles(discovered: found, within: Self.roots))
        #expect(try await fixture.status().map(\.path) == ["/novel/a.md", "/novel/idea.md"])
        #expect(fixture.recorder.events(of: FileOutsideRootsSkipped.self).map(\.path) == ["/novel/passwd.md"])
    }

    @Test("the roots win: a new file of a tracked folder outside every root waits for a plain update")
    func trackedFolderOutside() async throws {
        let fixture = try await Self.novel()
        try fixture.disk.write("/journal/monday.md", contents: Fixture.words(2))
        try await fixture.track("/journal")
        try fixture.disk.write("/journal/tuesday.md", contents: Fixture.words(3))
        try await fixture.app.run(UpdateWordCounts(within: Self.roots))
        #expect(try await fixture.row("/journal/tuesday.md") == nil)
        let skipped = fixture.recorder.events(of: FileOutsideRootsSkipped.self)
        #expect(skipped.map(\.path) == ["/journal/tuesday.md"])
        #expect(skipped.map(\.realPath) == ["/journal/tuesday.md"])
        try await fixture.update()
        #expect(try await fixture.row("/journal/tuesday.md")?.words == 3)
    }
}
