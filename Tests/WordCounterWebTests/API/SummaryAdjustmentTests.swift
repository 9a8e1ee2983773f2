import Foundation
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("API: a day's adjustments are in the summary's today and in the history's words")
struct SummaryAdjustmentTests {
    @Test("adjusting today changes /api/summary at once (the cached one too) and agrees with /api/history")
    func summaryAgreesWithHistory() async throws {
        let fixture = WebFixture()  // Saturday 2025-11-22, an hour-long summary cache
        try fixture.disk.write("/home/writer/a.md", contents: "")
        try await fixture.track("/home/writer/a.md")
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(30))
        try await fixture.update()
        try await fixture.setGoal(50)
        try await fixture.withClient { client in
            #expect(try await client.get("/api/summary").decode(SummaryObject.self).today == 30)
            let id = try await fixture.app.run(
                AdjustDay(day: fixture.services.today, words: 25, note: "written on paper"))
            let summary = try await client.get("/api/summary").decode(SummaryObject.self)
            #expect(summary.today == 55)
            #expect(summary.remaining == 0)
            #expect(summary.progress == 1.1)
            let days = try await client.get("/api/history?days=2").decode([HistoryDayObject].self)
            #expect(days.map(\.words) == [0, 55])
            #expect(days.map(\.added) == [0, 30])
            #expect(days.map(\.adjusted) == [0, 25])
            let month = try await client.get("/api/history?days=2&by=month").decode([HistoryDayObject].self)
            #expect(month.reduce(0) { $0 + $1.adjusted } == 25)

            _ = try await fixture.app.run(RemoveDayAdjustment(id: id))
            #expect(try await client.get("/api/summary").decode(SummaryObject.self).today == 30)
        }
    }
}
