import Foundation
import Harbor
import Testing
import WordCounter

@Suite("Streaks")
struct StreakTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    static func days(_ texts: String...) -> Set<Day> { Set(texts.compactMap(Day.init(rawValue:))) }

    static func streak(_ days: Set<Day>, today: String) -> Streak {
        Streak(days: days, today: Day(rawValue: today) ?? Day(Date(), calendar: calendar), calendar: calendar)
    }

    @Test("today does not break a streak before it ends; a missed day does; the best one stays")
    func runs() {
        let days = Self.days("2025-11-01", "2025-11-02", "2025-11-03", "2025-11-04", "2025-11-20", "2025-11-21")
        #expect(Self.streak(days, today: "2025-11-21") == Streak(current: 2, best: 4))
        #expect(Self.streak(days, today: "2025-11-22") == Streak(current: 2, best: 4))
        #expect(Self.streak(days, today: "2025-11-23") == Streak(current: 0, best: 4))
        #expect(Self.streak(days, today: "2025-11-03") == Streak(current: 3, best: 3))
        #expect(Self.streak([], today: "2025-11-03") == Streak(current: 0, best: 0))
        // Across a month's end.
        #expect(Self.streak(Self.days("2025-11-30", "2025-12-01"), today: "2025-12-01") == Streak(current: 2, best: 2))
    }

    @Test("days with writing and days at the goal, from the history")
    func fromHistory() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(100))
        try await fixture.track("/n")  // the baseline writes nothing
        #expect(try await fixture.app.run(ShowStreaks()) == Streaks(writing: Streak(current: 0, best: 0), atGoal: nil))
        try await fixture.app.run(SetDailyGoal(words: 50))
        var words = 100
        for written in [60, 10, 70, 80] {  // goal met on days 1, 3 and 4
            fixture.clock.advance(days: 1)
            words += written
            try fixture.disk.write("/n/a.md", contents: Fixture.words(words))
            try await fixture.update()
        }
        var streaks = try await fixture.app.run(ShowStreaks())
        #expect(streaks.writing == Streak(current: 4, best: 4))
        #expect(streaks.atGoal == Streak(current: 2, best: 2))
        fixture.clock.advance(days: 1)  // nothing yet today
        streaks = try await fixture.app.run(ShowStreaks())
        #expect(streaks.writing.current == 4)
        fixture.clock.advance(days: 1)  // a whole day without writing
        streaks = try await fixture.app.run(ShowStreaks())
        #expect(streaks.writing == Streak(current: 0, best: 4))
    }
}
