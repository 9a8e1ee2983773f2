import Foundation
import Testing
import WordCounter

@Suite("The session log: changes grouped into sittings by the pauses between them")
struct WritingSessionsTests {
    @Test("two saves ten minutes apart are one session; one two hours later starts another")
    func sessions() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/home/writer/novel/a.md", contents: Fixture.words(3))
        try fixture.disk.write("/home/writer/novel/b.md", contents: Fixture.words(1))
        try await fixture.track("/home/writer/novel")
        // Tracking is the baseline: no change, no session.
        #expect(try await fixture.app.run(ShowWritingSessions()).isEmpty)

        fixture.clock.advance(minutes: 1)
        let start = fixture.clock.now
        try fixture.disk.write("/home/writer/novel/a.md", contents: Fixture.words(10))
        try await fixture.update()
        fixture.clock.advance(minutes: 10)
        try fixture.disk.write("/home/writer/novel/a.md", contents: Fixture.words(6))
        try fixture.disk.write("/home/writer/novel/b.md", contents: Fixture.words(3))
        try await fixture.update()
        let end = fixture.clock.now
        fixture.clock.advance(hours: 2)
        try fixture.disk.write("/home/writer/novel/a.md", contents: Fixture.words(20))
        try await fixture.update()

        let sessions = try await fixture.app.run(ShowWritingSessions(days: 1, pauseMinutes: 30))
        #expect(sessions.count == 2)
        let first = try #require(sessions.first)
        #expect(first.start == start && first.end == end)
        #expect(first.added == 7 + 2 && first.removed == 4 && first.net == 5)
        #expect(first.files == 2 && first.changes == 3)
        #expect(first.wordsPerHour == 30)  // 5 words in 10 minutes
        let second = try #require(sessions.last)
        #expect(second.added == 14 && second.removed == 0 && second.changes == 1)
        #expect(second.wordsPerHour == nil)  // one save has no pace
        // A longer pause joins them.
        #expect(try await fixture.app.run(ShowWritingSessions(days: 1, pauseMinutes: 180)).count == 1)
    }

    @Test("the log's JSON has the derived numbers: net, minutes, words per hour")
    func json() throws {
        let start = Date(timeIntervalSince1970: 1_763_800_000)
        let entry = SessionLogEntry(
            start: start, end: start.addingTimeInterval(90 * 60), added: 900, removed: 150, files: 2, changes: 12)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        let text = String(decoding: try encoder.encode(entry), as: UTF8.self)
        #expect(
            text
                == #"{"added":900,"changes":12,"end":"2025-11-22T09:56:40Z","files":2,"minutes":90,"net":750,"#
                + #""removed":150,"start":"2025-11-22T08:26:40Z","wordsPerHour":500}"#)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(SessionLogEntry.self, from: Data(text.utf8)) == entry)
    }
}
