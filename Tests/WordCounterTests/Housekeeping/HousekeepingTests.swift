import Harbor
import Testing
import WordCounter

@Suite("Missing files, relocate and forget")
struct HousekeepingTests {
    /// `/n/a.md` (10 words, then 14) and `/n/b.md` (5 words) tracked, then `a.md` gone and reported missing.
    private func fixtureWithMissingFile() async throws -> (Fixture, String) {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(5))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(14))
        try await fixture.update()
        try fixture.disk.remove("/n/a.md")
        try await fixture.update()
        let missing = try await fixture.app.run(ShowMissingFiles())
        #expect(missing.map(\.path) == ["/n/a.md"])
        #expect(missing.first?.words == 14)
        return (fixture, try #require(missing.first?.id))
    }

    @Test("a file found by hand elsewhere keeps its identifier and history, and is counted at once")
    func relocate() async throws {
        let (fixture, id) = try await fixtureWithMissingFile()
        try fixture.disk.write("/elsewhere/a-found.md", contents: Fixture.words(20))
        let file = try await fixture.app.run(RelocateFile(id: String(id.prefix(6)), path: "/elsewhere/a-found.md"))
        #expect(file.id == id)
        #expect(file.words == 20)
        #expect(file.state == .ok)
        #expect(file.root == nil)
        #expect(try await fixture.app.run(ShowMissingFiles()).isEmpty)
        #expect(try await fixture.history(days: 1).map(\.words) == [10])  // 4 before, 6 more while away
        #expect(fixture.recorder.events(of: FileMoved.self).last?.to == "/elsewhere/a-found.md")

        // Its last characters name it as well as its first (what `missing` shows of it).
        try fixture.disk.write("/n/c.md", contents: Fixture.words(20))
        #expect(try await fixture.app.run(RelocateFile(id: String(id.suffix(4)), path: "/n/c.md")).path == "/n/c.md")

        // Back into the tracked folder: the folder is its root again.
        try fixture.disk.write("/n/sub/a.md", contents: Fixture.words(20))
        #expect(try await fixture.app.run(RelocateFile(id: id, path: "/n/sub/a.md")).root == "/n")
    }

    @Test("relocating refuses a path with no file or another tracked file, and unknown or short IDs")
    func relocateErrors() async throws {
        let (fixture, id) = try await fixtureWithMissingFile()
        await #expect(throws: HousekeepingError.noFile(at: "/nowhere.md")) {
            _ = try await fixture.app.run(RelocateFile(id: id, path: "/nowhere.md"))
        }
        let other = try #require(try await fixture.row("/n/b.md")).id
        await #expect(throws: HousekeepingError.alreadyTracked(path: "/n/b.md", id: other)) {
            _ = try await fixture.app.run(RelocateFile(id: id, path: "/n/b.md"))
        }
        await #expect(throws: HousekeepingError.idTooShort("fi")) {
            _ = try await fixture.app.run(RelocateFile(id: "fi", path: "/n/b.md"))
        }
        await #expect(throws: HousekeepingError.ambiguousID("file", matches: 2)) {
            _ = try await fixture.app.run(RelocateFile(id: "file", path: "/n/b.md"))
        }
        await #expect(throws: HousekeepingError.unknownID("zzzzzz")) {
            _ = try await fixture.app.run(RelocateFile(id: "zzzzzz", path: "/n/b.md"))
        }
        #expect(try await fixture.app.run(ShowMissingFiles()).map(\.id) == [id])  // nothing changed
    }

    @Test("forgetting drops the file and every day of its history; previewing changes nothing")
    func forget() async throws {
        let (fixture, id) = try await fixtureWithMissingFile()
        fixture.clock.advance(days: 1)
        try fixture.disk.write("/n/b.md", contents: Fixture.words(8))
        try await fixture.update()
        #expect(try await fixture.history(days: 2).map(\.words) == [4, 3])
        let preview = try await fixture.app.run(ForgetFile(id: id, preview: true))
        #expect(preview.days == 1)
        #expect(try await fixture.app.run(ShowMissingFiles()).count == 1)
        let forgotten = try await fixture.app.run(ForgetFile(id: id))
        #expect(forgotten.file.path == "/n/a.md")
        #expect(forgotten.days == 1)
        #expect(try await fixture.app.run(ShowMissingFiles()).isEmpty)
        #expect(try await fixture.history(days: 2).map(\.words) == [0, 3])
        #expect(try await fixture.status().map(\.path) == ["/n/b.md"])
        #expect(fixture.recorder.events(of: FileForgotten.self).map(\.days) == [1])
    }
}
