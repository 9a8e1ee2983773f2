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
        let svg = YearHeatmap(entries: entries, goal: nil, calendar: Self.calendar).svg.markup
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

    @Test("the legend says what each shade means in words, with a goal and without one")
    func legend() throws {
        let entries = try Self.year { $0 }
        let withGoal = YearHeatmap(entries: entries, goal: 300, calendar: Self.calendar)
        #expect(
            withGoal.scale.shades.map { $0.label(WordNumber.text) } == [
                "no writing", "1\u{2013}99 words", "100\u{2013}199 words", "200\u{2013}299 words",
                "300 or more words (the daily goal)",
            ])
        #expect(
            withGoal.legend.markup.contains(#"<li><span class="swatch level-4" aria-hidden="true"></span>300 or more"#))
        let withoutGoal = YearHeatmap(entries: entries, goal: nil, calendar: Self.calendar)
        #expect(
            withoutGoal.scale.shades.map { $0.label(WordNumber.text) } == [
                "no writing", "1\u{2013}91 words", "92\u{2013}182 words", "183\u{2013}273 words", "274 or more words",
            ])
        // A goal of 2 leaves no day under a third of it: that shade is not in the legend.
        let small = YearHeatmap(entries: entries, goal: 2, calendar: Self.calendar)
        #expect(small.scale.shades.map(\.level) == [0, 2, 4])
        #expect(
            small.scale.shades.map { $0.label(WordNumber.text) } == [
                "no writing", "1 word", "2 or more words (the daily goal)",
            ])
        // Every legend entry covers exactly the words its shade is drawn for.
        for heatmap in [withGoal, withoutGoal, small] {
            for shade in heatmap.scale.shades where shade.level > 0 {
                #expect(heatmap.level(of: shade.lowest) == shade.level)
                if let highest = shade.highest {
                    #expect(heatmap.level(of: highest) == shade.level)
                    #expect(
                        heatmap.level(of: highest + 1) == shade.level + 1
                            || heatmap.level(of: highest + 1) > shade.level)
                }
            }
        }
    }

    @Test("one day with writing is \"1 day\", and the year reads as a table of months")
    func textAlternative() throws {
        let entries = try Self.year { $0 == 364 ? 4 : 0 }
        let heatmap = YearHeatmap(entries: entries, goal: 4, calendar: Self.calendar)
        #expect(heatmap.summary == "Writing over the last 365 days: 1 day with writing, 4 words")
        #expect(heatmap.svg.markup.contains("1 day with writing"))
        #expect(!heatmap.svg.markup.contains("1 days"))
        let table = heatmap.monthTable.markup
        #expect(table.components(separatedBy: "<tr><th scope=\"row\">").count - 1 == 13)
        #expect(table.contains("<tr><th scope=\"row\">November 2025</th>"))
        #expect(
            table.contains(
                "<tr><th scope=\"row\">November 2026</th><td class=\"num\">4</td><td class=\"num\">1</td>"
                    + "<td class=\"num\">1</td></tr>"))
        #expect(table.contains("<th scope=\"col\" class=\"num\">Days at the goal</th>"))
        let parser = XMLParser(data: Data(("<div>" + table + "</div>").utf8))
        #expect(parser.parse())
    }
}
