import Harbor
import Testing
import WordCounter

@Suite("Following moves: identity before content")
struct MoveIdentityTests {
    @Test("two files with the same text: the rename goes to the file whose inode moved, not the missing twin")
    func identityWinsOverFingerprint() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(7))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(7))
        try await fixture.track("/n")
        let a = try #require(try await fixture.row("/n/a.md")?.id)
        let b = try #require(try await fixture.row("/n/b.md")?.id)
        try fixture.disk.remove("/n/a.md")
        try await fixture.update()
        #expect(try await fixture.row("/n/a.md")?.status == .missing)

        try fixture.disk.rename("/n/b.md", to: "/n/c.md")
        try await fixture.update()
        #expect(try await fixture.row("/n/c.md")?.id == b)
        #expect(try await fixture.row("/n/a.md")?.id == a)
        #expect(try await fixture.row("/n/a.md")?.status == .missing)
        #expect(fixture.recorder.events(of: FileMoved.self).map(\.to) == ["/n/c.md"])
        #expect(fixture.recorder.events(of: FileMoved.self).map(\.fileID) == [b])
    }

    @Test("a copy found by content still follows a file whose identity is gone")
    func fingerprintStillFollowsACopy() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(7))
        try await fixture.track("/n")
        let a = try #require(try await fixture.row("/n/a.md")?.id)
        try fixture.disk.write("/n/copy.md", contents: Fixture.words(7))
        try fixture.disk.remove("/n/a.md")
        try await fixture.update()
        #expect(try await fixture.row("/n/copy.md")?.id == a)
    }
}
