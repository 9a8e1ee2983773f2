import Foundation
import FoundationXML
import Testing
import WordCounter

@testable import WordCounterWeb

@Suite("The year heatmap")
struct YearHeatmapTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    /// 365 days ending on Monday 2026-11-23, with `words(index)` net words on each.
    static func year(_ words: (Int) -> Int) throws -> [HistoryEntry] {
        let today = try #require(Day(rawValue: "2026-11-23"))
        return (0..<365).map { index in
            HistoryEntry(date: today.adding(days: index - 364, calendar: calendar), words: words(index), added: 0)
        }
    }

    @Test("one square per day, Mondays in the top row, today marked, every day titled")
    func layout() throws {
        let entries = try Self.year { $0 % 5 == 0 ? 100 : 0 }
        let svg = YearHeatmap(entries: entries, goal: nil, calendar: Self.calendar).svg
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 365)
        #expect(svg.contains("<title>2026-11-23: 0 words</title>"))
        #expect(svg.contains("<title>2026-11-19: 100 words</title>"))
        #expect(svg.components(separatedBy: "class=\"day level-0 today\"").count - 1 == 1)
        // 2026-11-23 is a Monday: the last square is in the top row.
        let today = try #require(svg.range(of: "class=\"day level-0 today\" x=\"")).upperBound
        let rest = svg[today...]
        let y = rest.drop { $0 != "y" }.dropFirst(3).prefix { $0 != "\"" }
        #expect(y == "16")
        #expect(svg.contains("73 days with writing, 7,300 words"))
        #expect(svg.contains(">Dec</text>"))
        // Well-formed XML, as browsers need for inline SVG.
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse())
    }

    @Test("with a goal the darkest shade is a day at the goal; without one, quarters of the busiest day")
    func levels() throws {
        let entries = try Self.year { $0 }
        let withGoal = YearHeatmap(entries: entries, goal: 300, calendar: Self.calendar)
        #expect(
            [-5, 0, 1, 99, 100, 199, 200, 299, 300, 5000].map(withGoal.level(of:)) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
        let withoutGoal = YearHeatmap(entries: entries, goal: nil, calendar: Self.calendar)  // busiest day: 364
        #expect([0, 1, 91, 92, 182, 183, 273, 274, 364].map(withoutGoal.level(of:)) == [0, 1, 1, 2, 2, 3, 3, 4, 4])
    }
}
