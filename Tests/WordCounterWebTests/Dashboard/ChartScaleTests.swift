import Testing

@testable import WordCounterWeb

@Suite("Dashboard: chart scale and numbers")
struct ChartScaleTests {
    @Test(
        "the axis top is a round number whose quarters are round",
        arguments: [
            (0, 0), (1, 4), (10, 20), (100, 100), (101, 200), (610, 800), (1_000, 1_000), (1_234, 2_000),
            (4_100, 8_000), (9_000, 10_000),
        ])
    func niceCeiling(value: Int, expected: Int) {
        #expect(HistoryChart.niceCeiling(value) == expected)
    }

    @Test("word counts are grouped by thousands with a true minus sign")
    func numbers() {
        #expect(WordNumber.text(0) == "0")
        #expect(WordNumber.text(999) == "999")
        #expect(WordNumber.text(1_234_567) == "1,234,567")
        #expect(WordNumber.text(-1_234) == "\u{2212}1,234")
        #expect(WordNumber.signed(40) == "+40")
    }

    @Test("a day of deletions draws below the zero line, with its own scale label")
    func negativeDay() throws {
        let entries = try ["2025-11-21": 0, "2025-11-22": -300, "2025-11-23": 500].sorted { $0.key < $1.key }
            .map { date, words in try HistoryEntryJSON.entry(date: date, words: words) }
        let svg = HistoryChart(entries: entries, goal: nil).svg.markup
        #expect(svg.contains("<g class=\"bar negative\""))
        #expect(svg.contains(">\u{2212}400</text>"))
        #expect(svg.contains("<g class=\"bar today\""))
        #expect(!svg.contains("class=\"goal\""))
    }
}
