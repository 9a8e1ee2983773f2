import Foundation
import FoundationXML
import Testing
import WordCounter

@testable import WordCounterWeb

@Suite("Each machine's share on the dashboard")
struct MachineSharesTests {
    static func day(_ text: String, _ machines: [String: Int]) throws -> HistoryEntry {
        let words = machines.values.reduce(0, +)
        return HistoryEntry(
            date: try #require(Day(rawValue: text)), words: words, added: max(0, words), machines: machines)
    }

    @Test("two machines: today's words and the range's on each, with a share, and a table of the days")
    func twoMachines() throws {
        let entries = [
            try Self.day("2026-11-22", ["desk": 600, "laptop": 0]),
            try Self.day("2026-11-23", ["desk": 150, "laptop": 250]),
        ]
        let html = MachineShares(entries: entries).html.markup
        #expect(html.contains("<h2 id=\"machines-heading\">Each machine's share</h2>"))
        #expect(
            html.contains(
                "<span class=\"machine-name\">desk</span> <span class=\"machine-today\">150 today</span>"
                    + "<span class=\"caption\"> · 750 in 2 days (75%)</span>"))
        #expect(
            html.contains(
                "<span class=\"machine-today\">250 today</span><span class=\"caption\"> · 250 in 2 days (25%)"))
        #expect(html.contains("aria-valuenow=\"75\""))
        // Newest first: the day, its total, then each machine in name order.
        #expect(html.contains("<th scope=\"col\" class=\"num\">desk</th><th scope=\"col\" class=\"num\">laptop</th>"))
        let first = try #require(html.range(of: "<tr><th scope=\"row\">"))
        #expect(
            html[first.upperBound...].hasPrefix(
                "2026-11-23</th><td class=\"num\">400</td><td class=\"num\">150</td><td class=\"num\">250</td></tr>"))
        let parser = XMLParser(data: Data(html.utf8))
        #expect(parser.parse())
    }

    @Test("one machine, or none named, shows nothing; a machine that deleted more than it wrote gets no percent")
    func edges() throws {
        #expect(MachineShares(entries: [try Self.day("2026-11-23", ["unnamed": 40])]).html.markup.isEmpty)
        #expect(MachineShares(entries: [try Self.day("2026-11-23", ["desk": 40, "laptop": 0])]).html.markup.isEmpty)
        let html = MachineShares(entries: [try Self.day("2026-11-23", ["desk": 40, "laptop": -10])]).html.markup
        #expect(html.contains("−10 today"))
        #expect(!html.contains("%"))
        #expect(!html.contains("progressbar"))
    }
}
