import Foundation
import Testing

@Suite("wordcounter history --year: the year as a heatmap in text")
struct HistoryYearCommandTests {
    /// Four words written today against a daily goal of 4.
    static func writtenToday() async throws -> CLI {
        let cli = try CLI()
        try cli.write("novel/chapter.md", "one")
        #expect(try await cli.run("track", "novel").status == 0)
        try cli.write("novel/chapter.md", "one two three four five")
        #expect(try await cli.run("update").status == 0)
        #expect(try await cli.run("goal", "set", "--daily", "4").status == 0)
        return cli
    }

    static let utf8 = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "", "NO_COLOR": ""]
    static let ascii = ["LANG": "C", "LC_ALL": "", "LC_CTYPE": "", "NO_COLOR": ""]

    /// The seven weekday rows of the output, without their names.
    static func days(_ lines: [String]) -> [String] {
        lines.dropFirst().prefix(7).map { String($0.dropFirst(4)) }
    }

    @Test("in a UTF-8 terminal: Unicode blocks, 365 days, today darkest at the goal, the page's legend")
    func blocks() async throws {
        let cli = try await Self.writtenToday()
        defer { cli.remove() }
        let result = try await cli.run(["history", "--year"], environment: Self.utf8)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 12, "\(result.output)")
        #expect(
            ["Mon", "", "Wed", "", "Fri", "", "Sun"]
                == lines[1...7].map { $0.prefix(4).trimmingCharacters(in: .whitespaces) })
        let cells = Self.days(lines).joined().filter { $0 != " " }
        #expect(cells.count == 365)
        #expect(cells.filter { $0 == "█" }.count == 1)
        #expect(cells.filter { $0 == "·" }.count == 364)
        // Today is the last day drawn: the last cell of the longest row is in today's column.
        let todayRow = try #require(Self.days(lines).first { $0.last == "█" })
        #expect(todayRow.count == Self.days(lines).map(\.count).max())
        #expect(lines[0].contains { $0.isLetter })  // month names above the weeks
        #expect(lines[8] == "")
        #expect(lines[9] == "Writing over the last 365 days: 1 day with writing, 4 words")
        // The dashboard's legend, in the same words (YearHeatmapTests checks the page's).
        #expect(
            lines[10]
                == "Legend: · no writing   ░ 1 word   ▒ 2 words   ▓ 3 words   █ 4 or more words (the daily goal)")
        #expect(!result.output.contains("\u{1B}["))  // a pipe is not a terminal: no colour
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test("without a UTF-8 locale, or with --ascii: plain characters, the legend's dash plain too")
    func plain() async throws {
        let cli = try await Self.writtenToday()
        defer { cli.remove() }
        let legend = "Legend: . no writing   - 1 word   + 2 words   * 3 words   # 4 or more words (the daily goal)"
        for (arguments, environment) in [
            (["history", "--year"], Self.ascii), (["history", "--year", "--ascii"], Self.utf8),
        ] {
            let result = try await cli.run(arguments, environment: environment)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.allSatisfy { $0.isASCII }, "\(result.output)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(Self.days(lines).joined().filter { $0 == "#" }.count == 1)
            #expect(Self.days(lines).joined().filter { $0 == "." }.count == 364)
            #expect(lines[10] == legend)
        }
    }

    @Test("on a terminal, colour; with NO_COLOR set, none")
    func color() async throws {
        let cli = try await Self.writtenToday()
        defer { cli.remove() }
        // `script` gives the command a pseudo-terminal for its standard output.
        let colored = try await cli.run(
            shell: #"LANG=C.UTF-8 NO_COLOR= script -qec "\"$WORDCOUNTER\" history --year" /dev/null"#)
        #expect(colored.status == 0, "\(colored.errors)")
        #expect(colored.output.contains("\u{1B}[32m█\u{1B}[0m"), "\(colored.output)")
        let plain = try await cli.run(
            shell: #"LANG=C.UTF-8 NO_COLOR=1 script -qec "\"$WORDCOUNTER\" history --year" /dev/null"#)
        #expect(plain.status == 0, "\(plain.errors)")
        #expect(plain.output.contains("█"))
        #expect(!plain.output.contains("\u{1B}["), "\(plain.output)")
    }

    @Test("--year with options it has no use for is a usage error")
    func usage() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        for (arguments, message) in [
            (["history", "--year", "--days", "30"], "--year always shows the last 365 days"),
            (["history", "--year", "--json"], "for the numbers, use --days 365 --json"),
            (["history", "--ascii"], "--ascii goes with --year"),
        ] {
            let result = try await cli.run(arguments)
            #expect(result.status == 2)
            #expect(result.errors.contains(message), "\(result.errors)")
        }
    }
}
