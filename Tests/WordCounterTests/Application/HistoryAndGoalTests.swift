import Harbor
import Testing
import WordCounter

@Suite("History and goals")
struct HistoryAndGoalTests {
    @Test("every day in the range has an entry, today last; net and added per day")
    func days() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(100))
        try await fixture.track("/n")  // day 1: baseline, 0 words
        fixture.clock.advance(days: 1)
        try fixture.disk.write("/n/a.md", contents: Fixture.words(150))
        try await fixture.update()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(120))
        try await fixture.update()  // day 2: +50, -30 → net 20, added 50
        fixture.clock.advance(days: 2)  // day 3 nothing, day 4 today
        try fixture.disk.write("/n/a.md", contents: Fixture.words(110))
        try await fixture.update()  // day 4: -10
        let history = try await fixture.history(days: 5)
        #expect(history.map(\.date.rawValue) == ["2025-11-21", "2025-11-22", "2025-11-23", "2025-11-24", "2025-11-25"])
        #expect(history.map(\.words) == [0, 0, 20, 0, -10])
        #expect(history.map(\.added) == [0, 0, 50, 0, 0])
    }

    @Test("a day's net sums across files and starts from each file's count before the day")
    func severalFiles() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(15))
        try await fixture.update()
        fixture.clock.advance(days: 1)
        try fixture.disk.write("/n/a.md", contents: Fixture.words(25))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(12))
        try await fixture.update()
        #expect(try await fixture.history(days: 2).map(\.words) == [5, 12])
    }

    @Test("weeks sum their days and start on Monday")
    func weeks() async throws {
        let fixture = Fixture()  // Saturday 2025-11-22
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(14))
        try await fixture.update()
        fixture.clock.advance(days: 2)  // Monday 2025-11-24
        try fixture.disk.write("/n/a.md", contents: Fixture.words(20))
        try await fixture.update()
        let weeks = try await fixture.history(days: 7, by: .week)
        #expect(weeks.map(\.date.rawValue) == ["2025-11-17", "2025-11-24"])
        #expect(weeks.map(\.words) == [4, 6])
    }

    @Test("the goal shows today's words against it")
    func goal() async throws {
        let fixture = Fixture()
        let runner = fixture.app
        #expect(try await runner.run(ShowGoalProgress()).goal == nil)
        try await runner.run(SetDailyGoal(words: 10))
        try await runner.run(SetDailyGoal(words: 20))
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(15))
        try await fixture.update()
        let progress = try await runner.run(ShowGoalProgress())
        #expect(progress.goal == 20)
        #expect(progress.today == 5)
        #expect(progress.remaining == 15)
        #expect(progress.fraction == 0.25)
        await #expect(throws: InvalidGoal(words: 0)) {
            try await runner.run(SetDailyGoal(words: 0))
        }
    }

    @Test("export lists every file and day with writing")
    func export() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(13))
        try await fixture.update()
        let rows = try await fixture.app.run(ExportHistory())
        #expect(rows.count == 1)
        #expect(rows.first?.path == "/n/a.md")
        #expect(rows.first?.words == 3)
        #expect(rows.first?.total == 13)
    }

    @Test("moving, losing or untracking a file is not negative writing")
    func notNegative() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(100))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(50))
        try fixture.disk.write("/n/c.md", contents: Fixture.words(30))
        try fixture.disk.write("/n/d.md", contents: Fixture.words(20))
        try await fixture.track("/n")
        fixture.clock.advance(days: 1)
        try fixture.disk.write("/n/a.md", contents: Fixture.words(110))
        try fixture.disk.rename("/n/b.md", to: "/n/b-renamed.md")
        try fixture.disk.remove("/n/c.md")
        try await fixture.app.run(UntrackFiles(paths: ["/n/d.md"]))
        try await fixture.update()
        #expect(try await fixture.history(days: 2).map(\.words) == [0, 10])
        #expect(fixture.lastSummary?.moved == 1)
        #expect(fixture.lastSummary?.missing == 1)
        #expect(fixture.lastSummary?.added == 0)
    }

    @Test("export names a file untracked since by its path that day")
    func exportUntracked() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(12))
        try await fixture.update()
        try await fixture.app.run(UntrackFiles(paths: ["/n/a.md"]))
        let rows = try await fixture.app.run(ExportHistory())
        #expect(rows.map(\.path) == ["/n/a.md"])
        #expect(rows.map(\.words) == [2])
        #expect(try await fixture.history(days: 1).map(\.words) == [2])
    }
}
