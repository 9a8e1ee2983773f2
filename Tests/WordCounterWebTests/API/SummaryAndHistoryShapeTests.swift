import Foundation
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("API: rounding of progress, and weeks of a range of days")
struct SummaryAndHistoryShapeTests {
    @Test(
        "progress is rounded down to three decimals, so 1 means the goal is reached",
        arguments: [(1, 3, 0.333), (2, 3, 0.666), (2_999, 3_000, 0.999), (3_000, 3_000, 1.0), (7, 3, 2.333)])
    func progressRounding(today: Int, goal: Int, progress: Double) async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: "")
        try await fixture.track("/home/writer/a.md")
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(today))
        try await fixture.update()
        try await fixture.setGoal(goal)
        try await fixture.withClient { client in
            let response = try await client.get("/api/summary")
            let summary = try response.decode(SummaryObject.self)
            #expect(summary.today == today)
            #expect(summary.progress == progress)
            #expect(
                response.text.contains(#""progress":\#(progress == 1 ? "1" : String(progress))"#), "\(response.text)")
        }
    }

    /// Words written on Friday, Saturday, Sunday and Monday (2025-11-21 to 24), 10, 20, 30 and 40.
    static func fourDays() async throws -> WebFixture {
        let fixture = WebFixture()  // Saturday 2025-11-22
        try fixture.disk.write("/home/writer/a.md", contents: "")
        fixture.clock.advance(days: -1)
        try await fixture.track("/home/writer/a.md")
        var total = 0
        for (index, words) in [10, 20, 30, 40].enumerated() {
            if index > 0 { fixture.clock.advance(days: 1) }
            total += words
            try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(total))
            try await fixture.update()
        }
        return fixture  // Monday 2025-11-24
    }

    @Test("days=2&by=week: only the last two days, in the weeks they fall in, each saying which days it covers")
    func lastDaysByWeek() async throws {
        let fixture = try await Self.fourDays()
        try await fixture.withClient { client in
            let weeks = try await client.get("/api/history?days=2&by=week").decode([HistoryDayObject].self)
            #expect(weeks.map(\.date) == ["2025-11-17", "2025-11-24"])
            #expect(weeks.map(\.words) == [30, 40])
            #expect(weeks.map(\.from) == ["2025-11-23", "2025-11-24"])
            #expect(weeks.map(\.to) == ["2025-11-23", "2025-11-24"])
            #expect(weeks.map(\.days) == [1, 1])

            let four = try await client.get("/api/history?days=4&by=week").decode([HistoryDayObject].self)
            #expect(four.map(\.words) == [60, 40])
            #expect(four.map(\.from) == ["2025-11-21", "2025-11-24"])
            #expect(four.map(\.days) == [3, 1])

            let daily = try await client.get("/api/history?days=2").decode([HistoryDayObject].self)
            #expect(daily.map(\.date) == ["2025-11-23", "2025-11-24"])
            #expect(daily.map(\.from) == ["2025-11-23", "2025-11-24"])
            #expect(daily.map(\.days) == [1, 1])
        }
    }
}
