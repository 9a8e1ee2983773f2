import Harbor
import Testing
import WordCounter

@Suite("status and history agree on today's words")
struct StatusAgreesWithHistoryTests {
    @Test("a file untracked and tracked again keeps today's writing in status, as history shows it")
    func untrackAndTrackAgain() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(18))
        try await fixture.update()
        try await fixture.app.run(UntrackFiles(paths: ["/n"]))
        try await fixture.track("/n")
        #expect(try await fixture.history(days: 1).map(\.words) == [8])
        let rows = try await fixture.status()
        #expect(rows.map(\.today) == [8])
        #expect(rows.map(\.today).reduce(0, +) == (try await fixture.history(days: 1)).first?.words)
    }
}
