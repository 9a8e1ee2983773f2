import Foundation
import Testing
import WordCounter

@Suite("Writing sessions: words since watch or serve started")
struct WritingSessionTests {
    @Test("a session counts what is written after it starts, by any run, past midnight too")
    func counts() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(14))
        try await fixture.update()  // 4 words today before the session

        let session = try await fixture.app.run(StartWritingSession(target: 10))
        #expect(session.wordsBefore == 4)
        #expect(
            try await fixture.app.run(ShowSessionProgress(session: session)) == SessionProgress(words: 0, target: 10))
        try fixture.disk.write("/n/a.md", contents: Fixture.words(20))
        try await fixture.update()
        let halfway = try await fixture.app.run(ShowSessionProgress(session: session))
        #expect(halfway.words == 6)
        #expect(halfway.remaining == 4)
        #expect(!halfway.isReached)

        fixture.clock.advance(hours: 20)  // past midnight: the next day's words count too
        try fixture.disk.write("/n/a.md", contents: Fixture.words(25))
        try await fixture.update()
        let done = try await fixture.app.run(ShowSessionProgress(session: session))
        #expect(done.words == 11)
        #expect(done.isReached)
        #expect(done.remaining == 0)
    }

    @Test("a target must be at least one word")
    func invalidTarget() async throws {
        await #expect(throws: InvalidGoal(words: 0)) { _ = try await Fixture().app.run(StartWritingSession(target: 0)) }
        #expect(SessionProgress(words: 5, target: nil).fraction == nil)
        #expect(!SessionProgress(words: 5, target: nil).isReached)
    }
}
