import Foundation
import Testing
import WordCounter

@Suite("History per month, with totals and averages")
struct HistoryTotalsTests {
    @Test("the documented example")
    func documented() throws {
        let days = try [3, 0, 5].enumerated().map { offset, words in
            HistoryEntry(date: try #require(Day(rawValue: "2026-11-0\(offset + 1)")), words: words, added: words)
        }
        let totals = HistoryTotals(days: days)
        #expect(totals.words == 8)
        #expect(totals.writingDays == 2)
        #expect(totals.averagePerDay == 8.0 / 3)
        #expect(totals.averagePerWritingDay == 4)
        #expect(totals.averagePerWeek == 8.0 / 3 * 7)
    }

    @Test("months are calendar months, dated by their first day; the first and last are partial")
    func months() async throws {
        let fixture = Fixture()  // 2025-11-22
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        var words = 10
        for _ in 0..<12 {  // one more word a day to 2025-12-04
            fixture.clock.advance(days: 1)
            words += 1
            try fixture.disk.write("/n/a.md", contents: Fixture.words(words))
            try await fixture.update()
        }
        let months = try await fixture.history(days: 20, by: .month)
        #expect(months.map(\.date.rawValue) == ["2025-11-01", "2025-12-01"])
        #expect(months.map(\.words) == [8, 4])  // Nov 23–30, Dec 1–4
        let totals = HistoryTotals(days: try await fixture.history(days: 20))
        #expect(totals.words == 12)
        #expect(totals.days == 20)
        #expect(totals.writingDays == 12)
        #expect(Day(rawValue: "2024-02-29")?.monthStart.rawValue == "2024-02-01")
    }
}
