public import ArgumentParser
import WordCounter

extension HistoryGrouping: ExpressibleByArgument {}

/// `wordcounter history`: net words written per day or week.
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show words written per day (or week, or month), with totals and averages, today last.",
        discussion: """
            WORDS is net writing: for each file, its last count that day minus its count before. \
            Deleting text makes it smaller; a file that moves, goes missing or is untracked is \
            not negative writing. ADDED is gross writing: the increases between successive \
            counts, never negative.

            With --by week each entry is a week, dated by its Monday, summing the days of the \
            range that fall in it (the first week may be partial); --by month likewise per \
            calendar month. Under the table: the totals, and the averages per day, per writing \
            day (a day with any writing) and per week or month.

              wordcounter history
              wordcounter history --days 56 --by week
              wordcounter history --days 365 --by month
              wordcounter history --days 30 --json
              wordcounter history --project Novel
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("How many days back, today included (1 to 3660).", valueName: "n"))
    var days: Int = 14

    @Option(
        help: ArgumentHelp(
            "Sum per day, per week (weeks start on Monday) or per month.", valueName: "day|week|month"))
    var by: HistoryGrouping = .day

    @Option(help: ArgumentHelp("Only the files of this project (see `wordcounter project`).", valueName: "name"))
    var project: String?

    @Flag(help: "Print [{\"date\":\"YYYY-MM-DD\",\"words\":…,\"added\":…}].")
    var json = false

    func validate() throws {
        guard (1...3660).contains(days) else { throw ValidationError("--days must be between 1 and 3660") }
    }

    func run() async throws {
        let app = try await options.app(readingOnly: true)
        let daily = try await app.run(ShowHistory(days: days, grouping: .day, project: project))
        let entries = ShowHistory.grouped(daily, by: by, calendar: app.services.calendar)
        if json {
            try Terminal.printJSON(entries)
            return
        }
        let peak = max(1, entries.map(\.words).max() ?? 1)
        let rows = entries.map { entry -> [String] in
            let bar = String(repeating: "█", count: max(0, entry.words) * 30 / peak)
            return [entry.date.rawValue, entry.words.grouped, entry.added.grouped, bar]
        }
        let dateHeader = ["day": "DATE", "week": "WEEK OF", "month": "MONTH OF"][by.rawValue] ?? "DATE"
        print(TextTable(header: [dateHeader, "WORDS", "ADDED", ""], rows: rows, rightAligned: [1, 2]).text)
        print(Self.totalsLine(HistoryTotals(days: daily), by: by))
    }

    /// `Total: 12,345 words (13,000 added) in 30 days · 412 a day · 686 a writing day (18) · 2,881 a week`.
    static func totalsLine(_ totals: HistoryTotals, by grouping: HistoryGrouping) -> String {
        func rounded(_ value: Double) -> String { Int(value.rounded()).grouped }
        var parts = [
            "Total: \(totals.words.grouped) words (\(totals.added.grouped) added) in \(totals.days.grouped) "
                + (totals.days == 1 ? "day" : "days"),
            "\(rounded(totals.averagePerDay)) a day",
            "\(rounded(totals.averagePerWritingDay)) a writing day (\(totals.writingDays.grouped))",
        ]
        switch grouping {
        case .day, .week: parts.append("\(rounded(totals.averagePerWeek)) a week")
        case .month: parts.append("\(rounded(totals.averagePerMonth)) a month")
        }
        return parts.joined(separator: " · ")
    }
}
